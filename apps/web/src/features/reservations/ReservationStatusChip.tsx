import type { ReservationStatus } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import './texts';

const colors = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'error',
  cancelled: 'default',
} as const satisfies Record<ReservationStatus, string>;

export function ReservationStatusChip({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation('reservations');
  return <Chip size="small" variant="outlined" color={colors[status]} label={t(`statuses.${status}`)} />;
}
