import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api';

/** What a mutation tells the user: a success toast and the error toast. */
export type MutationFeedback<Result = unknown> = {
  /** The success toast's i18n key, false for none, or one chosen by the answer. */
  success?: string | false | ((result: Result) => string | false);
  error?: boolean;
};

/** Toasts for a mutation's outcome; errors show the server's message, which is already localised. */
export const useMutationFeedback = <Result>(feedback: MutationFeedback<Result>) => {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  return {
    succeeded: (result: Result) => {
      const key = typeof feedback.success === 'function' ? feedback.success(result) : feedback.success;
      if (key) enqueueSnackbar(t(key), { variant: 'success' });
    },
    failed: (error: unknown) => {
      if (feedback.error === false || (isApiError(error) && error.canceled)) return;
      const message = error instanceof Error ? error.message : t('errors:INTERNAL_ERROR');
      enqueueSnackbar(message, { variant: 'error' });
    },
  };
};
