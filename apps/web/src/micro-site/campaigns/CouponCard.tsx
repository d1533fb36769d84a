import type { CustomerCoupon } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CouponCode } from './CouponCode';
import { DetailRow } from './DetailRow';
import { formatDateTime } from './dates';
import { campaignName } from './names';
import { useCampaignT } from './texts';

export type ShownCouponStatus = CustomerCoupon['coupon_status'] | 'expired';

/** The status the customer reads: a given code whose validity has passed is expired, whatever the nightly job has yet to write. */
export const shownStatus = (coupon: CustomerCoupon, now: Date): ShownCouponStatus =>
  coupon.coupon_status === 'given' &&
  coupon.coupon_expires_at !== null &&
  Date.parse(coupon.coupon_expires_at) <= now.getTime()
    ? 'expired'
    : coupon.coupon_status;

const statusColor = {
  ready: 'success',
  given: 'success',
  used: 'default',
  not_used: 'warning',
  expired: 'warning',
} as const;

/** One of the customer's codes: its campaign, status and validity, and the code as text, QR code and barcode. */
export function CouponCard({
  coupon,
  timeZone,
  headingLevel = 'h2',
  now = new Date(),
}: {
  coupon: CustomerCoupon;
  timeZone: string;
  headingLevel?: 'h2' | 'h3';
  now?: Date;
}) {
  const { t, language } = useCampaignT();
  const status = shownStatus(coupon, now);
  const usable = status === 'given' || status === 'ready';
  const name = campaignName(coupon.campaign, language);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={name}
      sx={{ p: 2, borderRadius: 4, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5 }}>
        <Typography variant="h6" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Chip
          size="small"
          color={statusColor[status]}
          variant={usable ? 'filled' : 'outlined'}
          label={t(`coupons.statuses.${status}`)}
          sx={{ fontWeight: 700, flexShrink: 0 }}
        />
      </Box>
      <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
        {coupon.coupon_given_at && (
          <DetailRow label={t('coupons.given')}>{formatDateTime(coupon.coupon_given_at, timeZone)}</DetailRow>
        )}
        {status === 'used' && coupon.coupon_used_at ? (
          <DetailRow label={t('coupons.usedAt')}>{formatDateTime(coupon.coupon_used_at, timeZone)}</DetailRow>
        ) : (
          <DetailRow label={t('coupons.validUntil')}>
            {coupon.coupon_expires_at
              ? formatDateTime(coupon.coupon_expires_at, timeZone)
              : t('coupons.noExpiry')}
          </DetailRow>
        )}
      </Box>
      <CouponCode code={coupon.coupon_code} dimmed={!usable} />
    </Paper>
  );
}
