import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api';

/** What a mutation tells the user: a success toast by i18n key (false for none) and the error toast. */
export type MutationFeedback = { success?: string | false; error?: boolean };

/** Toasts for a mutation's outcome; errors show the server's message, which is already localised. */
export const useMutationFeedback = (feedback: MutationFeedback) => {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  return {
    succeeded: () => {
      if (feedback.success) enqueueSnackbar(t(feedback.success), { variant: 'success' });
    },
    failed: (error: unknown) => {
      if (feedback.error === false || (isApiError(error) && error.canceled)) return;
      const message = error instanceof Error ? error.message : t('errors:INTERNAL_ERROR');
      enqueueSnackbar(message, { variant: 'error' });
    },
  };
};
