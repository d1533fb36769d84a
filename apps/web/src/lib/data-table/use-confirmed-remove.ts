import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import type { ApiError } from '../api';
import type { MutationFeedback } from '../resource';

type Removable = { useRemove: (feedback?: MutationFeedback) => UseMutationResult<unknown, ApiError, string> };

/**
 * The delete row action: asks first, then removes; the resource's toasts report the outcome.
 * Resolves to whether the record was removed.
 */
export const useConfirmedRemove = (
  resource: Removable,
  options: { title?: string } & MutationFeedback = {},
) => {
  const { title, ...feedback } = options;
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = resource.useRemove(feedback);
  return async (id: string, content?: ReactNode) => {
    if (!(await confirm({ title: title ?? t('table:deleteTitle'), content, destructive: true })))
      return false;
    return remove.mutateAsync(id).then(
      () => true,
      // The error toast has already told the user; the caller only needs to know it did not happen.
      () => false,
    );
  };
};
