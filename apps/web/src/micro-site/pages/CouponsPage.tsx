import type { CustomerCoupon, MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CouponCard } from '../campaigns/CouponCard';
import { useMicroSiteGet } from '../campaigns/data';
import { mallTimeZone } from '../campaigns/dates';
import { EmptyState, LoadFailed } from '../campaigns/PageStates';
import { useCampaignT } from '../campaigns/texts';
import { LoadingScreen } from '../components/LoadingScreen';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';

/** "Kuponlarım": the customer's codes, newest first, each as text, QR code and barcode with its status and validity. */
export default function CouponsPage({ location }: { location: MicroSiteLocation | null }) {
  const { t } = useCampaignT();
  const { base } = useSession();
  const coupons = useMicroSiteGet<CustomerCoupon[]>('/ext/app/customers/coupons');
  const timeZone = mallTimeZone(location);
  const browse = (
    <Button component={Link} href={`${base}/campaigns`} variant="contained" size="large">
      {t('coupons.browse')}
    </Button>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {t('coupons.title')}
        </Typography>
        <Button component={Link} href={`${base}/campaigns`} variant="outlined" size="small">
          {t('campaigns.title')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: -1 }}>
        {t('coupons.text')}
      </Typography>
      {coupons.loading ? (
        <LoadingScreen />
      ) : coupons.error !== null ? (
        <LoadFailed title={t('coupons.loadError')} message={coupons.error} onRetry={coupons.reload} />
      ) : coupons.data?.length ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {coupons.data.map((coupon) => (
            <CouponCard key={coupon._id} coupon={coupon} timeZone={timeZone} />
          ))}
        </Box>
      ) : (
        <EmptyState title={t('coupons.empty')} text={t('coupons.emptyText')} action={browse} />
      )}
    </Box>
  );
}
