import type { NotificationState } from '@avlu/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const colors: Record<NotificationState, ChipProps['color']> = {
  created: 'default',
  scheduled: 'info',
  waiting_for_approval: 'warning',
  send_in_progress: 'primary',
  sent: 'success',
  error: 'error',
};

/** Spec §4's states of a notification: created, scheduled, waiting for approval, sending, sent, error. */
export function NotificationStateChip({ state }: { state: NotificationState }) {
  const { t } = useTranslation('marketing');
  return (
    <Chip
      size="small"
      variant={state === 'created' || state === 'scheduled' ? 'outlined' : 'filled'}
      color={colors[state]}
      label={t(`states.${state}`)}
    />
  );
}
