import type { CustomerCoupon } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef } from 'react';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { CouponCard } from './CouponCard';
import { useCampaignT } from './texts';

/** The way to the customer's codes: the main action once a code is given, else a second one. */
export function MyCouponsButton({ primary = false }: { primary?: boolean }) {
  const { t } = useCampaignT();
  const { base } = useSession();
  return (
    <Button
      component={Link}
      href={`${base}/coupons`}
      variant={primary ? 'contained' : 'outlined'}
      size="large"
    >
      {t('campaign.showMyCoupons')}
    </Button>
  );
}

/**
 * A code just given (joining, a survey answered): the news as a status whose heading takes the focus
 * in the commit that shows it (so nothing reads the page before), the code as text, QR code and
 * barcode, and the way to all the customer's codes.
 */
export function CodeGiven({
  coupon,
  timeZone,
  title,
  text,
}: {
  coupon: CustomerCoupon;
  timeZone: string;
  title: string;
  text: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box role="status" sx={{ display: 'grid', gap: 0.5 }}>
        <Typography ref={heading} tabIndex={-1} variant="h5" component="h2" sx={{ outline: 'none' }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
      <CouponCard coupon={coupon} timeZone={timeZone} headingLevel="h3" />
      <MyCouponsButton primary />
    </Box>
  );
}
