import type { LoyaltyCustomerStatus } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const statusColor = { new: 'primary', waiting: 'success', cancelled: 'default' } as const;

/** A redemption's status as the lists show it: new, sent (waiting) or cancelled. */
export function RedemptionStatus({ status }: { status: LoyaltyCustomerStatus }) {
  const { t } = useTranslation('loyalty');
  return <Chip size="small" color={statusColor[status]} label={t(`gifted.statuses.${status}`)} />;
}
