import type { Language, MicroSiteCampaign, MicroSiteLocation, MicroSiteStore } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CAMPAIGNS_PATH, useMicroSiteGet, useStores } from '../campaigns/data';
import { daysUntil, formatDay, lastMoment, mallTimeZone } from '../campaigns/dates';
import { campaignName, storesOfCampaign } from '../campaigns/names';
import { EmptyState, LoadFailed } from '../campaigns/PageStates';
import { StoreLogo } from '../campaigns/StoreBadge';
import { useCampaignT } from '../campaigns/texts';
import { LoadingScreen } from '../components/LoadingScreen';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';

function Remaining({
  campaign,
  timeZone,
  language,
}: {
  campaign: MicroSiteCampaign;
  timeZone: string;
  language: Language;
}) {
  const { t } = useCampaignT();
  const days = daysUntil(campaign.campaign_end_date, new Date(), timeZone);
  const last = formatDay(lastMoment(campaign.campaign_end_date), language, timeZone);
  return (
    <Typography variant="body2" color="text.secondary">
      {t('campaigns.until', { date: last })}
      {' · '}
      <Box
        component="span"
        sx={{ color: days <= 3 ? 'warning.dark' : 'inherit', fontWeight: days <= 3 ? 700 : 400 }}
      >
        {days <= 0 ? t('campaigns.endsToday') : t('campaigns.daysLeft', { count: days })}
      </Box>
    </Typography>
  );
}

function CampaignCard({
  campaign,
  stores,
  timeZone,
}: {
  campaign: MicroSiteCampaign;
  stores: Map<string, MicroSiteStore>;
  timeZone: string;
}) {
  const { t, language } = useCampaignT();
  const { base } = useSession();
  const name = campaignName(campaign, language);
  const image = campaign.campaign_images[0];
  const shownStores = storesOfCampaign(campaign, stores);
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{
        position: 'relative',
        borderRadius: 4,
        overflow: 'hidden',
        transition: 'box-shadow 150ms, border-color 150ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: 3 },
        '&:focus-within': { borderColor: 'primary.main', boxShadow: 3 },
      }}
    >
      {image && (
        <Box
          component="img"
          src={image}
          alt=""
          loading="lazy"
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '16 / 9',
            objectFit: 'cover',
            bgcolor: 'grey.200',
          }}
        />
      )}
      <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
        {(campaign.campaign_my_coupon_count > 0 || !campaign.campaign_joinable) && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            {campaign.campaign_my_coupon_count > 0 && (
              <Chip size="small" color="success" label={t('campaigns.joined')} sx={{ fontWeight: 700 }} />
            )}
            {!campaign.campaign_joinable && (
              <Chip
                size="small"
                variant="outlined"
                label={t('campaigns.infoOnly')}
                sx={{ fontWeight: 700 }}
              />
            )}
          </Box>
        )}
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {/* The whole card follows this link (its ::after covers the card); the link's name is the campaign's. */}
          <Box
            component={Link}
            href={`${base}/campaigns/${campaign._id}`}
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0 },
              '&:focus-visible': { outline: 'none' },
            }}
          >
            {name}
          </Box>
        </Typography>
        <Remaining campaign={campaign} timeZone={timeZone} language={language} />
        {shownStores.length > 0 && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', '& > *': { boxShadow: '0 0 0 2px #fff' }, '& > * + *': { ml: -1 } }}>
              {shownStores.slice(0, 3).map((store) => (
                <StoreLogo key={store._id} store={store} size={28} />
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
              {shownStores.length <= 2
                ? shownStores.map((store) => store.store_name).join(', ')
                : `${shownStores[0]!.store_name} ${t('campaigns.moreStores', { count: shownStores.length - 1 })}`}
            </Typography>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/** Spec §2 micro-site `campaigns`: the mall's running campaigns, soonest ending first (the server's order). */
export default function CampaignsPage({ location }: { location: MicroSiteLocation | null }) {
  const { t } = useCampaignT();
  const { base } = useSession();
  const campaigns = useMicroSiteGet<MicroSiteCampaign[]>(CAMPAIGNS_PATH);
  const stores = useStores();
  const timeZone = mallTimeZone(location);
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {t('campaigns.title')}
        </Typography>
        <Button component={Link} href={`${base}/coupons`} variant="outlined" size="small">
          {t('campaigns.myCoupons')}
        </Button>
      </Box>
      {location && (
        <Typography color="text.secondary" sx={{ mt: -1 }}>
          {t('campaigns.text', { mall: location.location_name })}
        </Typography>
      )}
      {campaigns.loading ? (
        <LoadingScreen />
      ) : campaigns.error !== null ? (
        <LoadFailed title={t('campaigns.loadError')} message={campaigns.error} onRetry={campaigns.reload} />
      ) : campaigns.data?.length ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {campaigns.data.map((campaign) => (
            <CampaignCard key={campaign._id} campaign={campaign} stores={stores} timeZone={timeZone} />
          ))}
        </Box>
      ) : (
        <EmptyState title={t('campaigns.empty')} text={t('campaigns.emptyText')} />
      )}
    </Box>
  );
}
