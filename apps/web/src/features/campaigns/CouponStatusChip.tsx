import type { CouponStatus } from '@avlu/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const statusColors: Record<CouponStatus, ChipProps['color']> = {
  ready: 'default',
  given: 'info',
  used: 'success',
  not_used: 'warning',
};

/** A code's status (spec §3/§4 Coupon code status) in the contracts' words, coloured by how far it got. */
export function CouponStatusChip({ status }: { status: CouponStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Chip
      size="small"
      variant={status === 'given' ? 'filled' : 'outlined'}
      color={statusColors[status]}
      label={t(`coupons.statuses.${status}`)}
    />
  );
}
