import type { CampaignStampProgress, MicroSiteCampaign } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '../components/LoadingScreen';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { formatAmount } from '../loyalty/data';
import { useMicroSiteGet } from './data';
import { LoadFailed } from './PageStates';
import { useCampaignT } from './texts';

/**
 * An over-limit coupon campaign's stamp card (`GET /ext/app/customers/campaigns/{id}/stamps`): the
 * stamps on the card as dots, how many it still needs ("2 stamps to go"), a day-based campaign's
 * sum today, the coupons the filled cards gave with the way to them (my coupons), and the way to
 * upload a receipt.
 */
export function StampCard({ campaign }: { campaign: MicroSiteCampaign }) {
  const { t, language } = useCampaignT();
  const { base } = useSession();
  const card = useMicroSiteGet<CampaignStampProgress>(`/ext/app/customers/campaigns/${campaign._id}/stamps`);
  if (card.loading) return <LoadingScreen />;
  if (card.error !== null || !card.data)
    return <LoadFailed title={t('stamps.loadError')} message={card.error ?? ''} onRetry={card.reload} />;
  const progress = card.data;
  const money = (amount: number) => formatAmount(amount, 'TRY', language);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="stamp-card"
        sx={{ p: 2, borderRadius: 3 }}
      >
        <Typography id="stamp-card" variant="h6" component="h2">
          {t('stamps.title')}
        </Typography>
        <Box
          role="img"
          aria-label={t('stamps.onCard', { count: progress.stamps_on_card, total: progress.stamps_per_card })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1.5 }}
        >
          {Array.from({ length: progress.stamps_per_card }, (_, index) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: the card's places do not move.
              key={index}
              sx={{
                width: 36,
                height: 36,
                borderRadius: '50%',
                border: 2,
                borderColor: 'primary.main',
                bgcolor: index < progress.stamps_on_card ? 'primary.main' : 'transparent',
              }}
            />
          ))}
        </Box>
        <Typography sx={{ fontWeight: 700 }}>{t('stamps.toGo', { count: progress.stamps_to_go })}</Typography>
        {progress.today_to_go !== null && progress.today_amount !== null && (
          <Typography color="text.secondary">
            {progress.today_to_go > 0
              ? t('stamps.today', { amount: money(progress.today_amount), toGo: money(progress.today_to_go) })
              : t('stamps.todayDone')}
          </Typography>
        )}
        {progress.campaign_spending_limit !== null && (
          <Typography variant="body2" color="text.secondary">
            {t(
              progress.campaign_spending_limit_type === 'day_based' ? 'stamps.ruleDay' : 'stamps.ruleReceipt',
              { limit: money(progress.campaign_spending_limit) },
            )}
          </Typography>
        )}
        {progress.coupons_given > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('stamps.couponsGiven', { count: progress.coupons_given })}{' '}
            <Box
              component={Link}
              href={`${base}/coupons`}
              sx={{ color: 'primary.main', fontWeight: 700, textUnderlineOffset: '0.2em' }}
            >
              {t('campaigns.myCoupons')}
            </Box>
          </Typography>
        )}
      </Paper>
      <Button component={Link} href={`${base}/receipts`} variant="contained" size="large" sx={{ py: 1.5 }}>
        {t('campaign.uploadReceipt')}
      </Button>
    </Box>
  );
}
