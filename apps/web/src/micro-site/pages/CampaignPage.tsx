import type { CustomerCoupon, MicroSiteCampaign, MicroSiteLocation } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { CodeGiven, MyCouponsButton } from '../campaigns/CodeGiven';
import { DetailRow } from '../campaigns/DetailRow';
import { CAMPAIGNS_PATH, useMicroSiteGet, useStores } from '../campaigns/data';
import { formatDateTime, mallTimeZone } from '../campaigns/dates';
import { campaignDescription, campaignName, storesOfCampaign } from '../campaigns/names';
import { LoadFailed } from '../campaigns/PageStates';
import { StampCard } from '../campaigns/StampCard';
import { StoreLogo, storeCategory } from '../campaigns/StoreBadge';
import { useCampaignT } from '../campaigns/texts';
import { LoadingScreen } from '../components/LoadingScreen';
import { messageOf } from '../lib/api';
import { Link, useLocationPath } from '../lib/router';
import { useSession } from '../lib/session';

/** A survey campaign's survey form: its code loads only on such a page. */
const SurveySection = lazy(() => import('../survey/SurveySection'));

/** A game's wheel or scratch card: its code loads only on a game's page. */
const GameSection = lazy(() => import('../games/GameSection'));

function Images({ images, name }: { images: string[]; name: string }) {
  const { t } = useCampaignT();
  if (images.length === 0) return null;
  if (images.length === 1)
    return (
      <Box
        component="img"
        src={images[0]}
        alt={t('campaigns.imageOf', { name })}
        sx={{
          width: '100%',
          aspectRatio: '16 / 9',
          objectFit: 'cover',
          borderRadius: 4,
          bgcolor: 'grey.200',
        }}
      />
    );
  // Several images: a strip swiped sideways, each snapping into place (focusable, so arrow keys scroll it too).
  return (
    <Box
      component="ul"
      tabIndex={0}
      aria-label={t('campaign.images')}
      sx={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: '88%',
        gap: 1.5,
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        m: 0,
        p: 0,
        listStyle: 'none',
        pb: 0.5,
        borderRadius: 4,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {images.map((image, index) => (
        <Box component="li" key={image} sx={{ scrollSnapAlign: 'start' }}>
          <Box
            component="img"
            src={image}
            alt={`${t('campaigns.imageOf', { name })} (${t('campaign.imageCount', { index: index + 1, count: images.length })})`}
            loading={index === 0 ? undefined : 'lazy'}
            sx={{
              display: 'block',
              width: '100%',
              aspectRatio: '16 / 9',
              objectFit: 'cover',
              borderRadius: 4,
              bgcolor: 'grey.200',
            }}
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * Joining (`POST /ext/app/customers/campaigns/{id}/coupon`): the code given shows at once, as text,
 * QR code and barcode; a refusal shows the server's message (which rule refused, in the language).
 */
function Join({
  campaign,
  timeZone,
  onJoined,
}: {
  campaign: MicroSiteCampaign;
  timeZone: string;
  onJoined: () => void;
}) {
  const { t } = useCampaignT();
  const { api } = useSession();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<CustomerCoupon | null>(null);

  const join = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      setCoupon(await api.post<CustomerCoupon>(`/ext/app/customers/campaigns/${campaign._id}/coupon`));
      onJoined();
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (coupon)
    return (
      <CodeGiven
        coupon={coupon}
        timeZone={timeZone}
        title={t('campaign.joined')}
        text={t('campaign.joinedText')}
      />
    );

  const count = campaign.campaign_my_coupon_count;
  // A campaign joined once per customer has nothing more to give: the code is under my coupons.
  const done = count > 0 && campaign.campaign_participation === 'once';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {count > 0 && (
        <Alert severity="success" role="note">
          {t('campaign.alreadyHave', { count })}
        </Alert>
      )}
      {refusal && <Alert severity="error">{refusal}</Alert>}
      {!done && (
        <Button variant="contained" size="large" onClick={join} disabled={busy}>
          {busy ? t('campaign.joining') : t('campaign.join')}
        </Button>
      )}
      {count > 0 && <MyCouponsButton />}
    </Box>
  );
}

/** A campaign of the mall (spec §2 micro-site `campaigns`): its images, text, dates and stores, and its join button. */
export default function CampaignPage({ location }: { location: MicroSiteLocation | null }) {
  const { t, language } = useCampaignT();
  const { base } = useSession();
  const path = useLocationPath();
  const id = /\/campaigns\/([^/?]+)/.exec(path)?.[1];
  const campaigns = useMicroSiteGet<MicroSiteCampaign[]>(CAMPAIGNS_PATH);
  const stores = useStores();
  const timeZone = mallTimeZone(location);
  const campaign = campaigns.data?.find((each) => each._id === id);

  const back = (
    <Box
      component={Link}
      href={`${base}/campaigns`}
      sx={{ color: 'primary.main', fontWeight: 700, textDecoration: 'none', justifySelf: 'start', py: 0.5 }}
    >
      ← {t('campaigns.back')}
    </Box>
  );

  if (campaigns.loading) return <LoadingScreen />;
  if (campaigns.error !== null)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <LoadFailed title={t('campaigns.loadError')} message={campaigns.error} onRetry={campaigns.reload} />
      </Box>
    );
  if (!campaign)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <Typography variant="h4" component="h1">
          {t('campaign.notFound')}
        </Typography>
        <Typography color="text.secondary">{t('campaign.notFoundText')}</Typography>
      </Box>
    );

  const name = campaignName(campaign, language);
  const shownStores = storesOfCampaign(campaign, stores);
  const participation = campaign.campaign_participation;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {back}
      <Images images={campaign.campaign_images} name={name} />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {campaignDescription(campaign, language)}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ px: 2, borderRadius: 3 }}>
        <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
          <DetailRow label={t('campaign.starts')}>
            {formatDateTime(campaign.campaign_start_date, timeZone)}
          </DetailRow>
          <DetailRow label={t('campaign.ends')}>
            {formatDateTime(campaign.campaign_end_date, timeZone)}
          </DetailRow>
          {campaign.campaign_joinable && participation && (
            <DetailRow label={t('campaign.participation')}>
              {t(`campaign.participations.${participation}`)}
            </DetailRow>
          )}
        </Box>
      </Paper>
      {campaign.campaign_joinable && campaign.campaign_session_day_count ? (
        <Typography variant="body2" color="text.secondary">
          {t('campaign.sessionDays', { count: campaign.campaign_session_day_count })}
        </Typography>
      ) : null}
      {campaign.campaign_joinable ? (
        <Join
          campaign={campaign}
          timeZone={timeZone}
          onJoined={() =>
            campaigns.update((list) =>
              list.map((each) =>
                each._id === campaign._id
                  ? { ...each, campaign_my_coupon_count: each.campaign_my_coupon_count + 1 }
                  : each,
              ),
            )
          }
        />
      ) : campaign.campaign_type === 'survey' ? (
        <Suspense fallback={<LoadingScreen />}>
          <SurveySection
            campaign={campaign}
            timeZone={timeZone}
            onAnswered={() =>
              campaigns.update((list) =>
                list.map((each) =>
                  each._id === campaign._id
                    ? { ...each, campaign_my_coupon_count: each.campaign_my_coupon_count + 1 }
                    : each,
                ),
              )
            }
          />
        </Suspense>
      ) : campaign.campaign_type === 'wheel_of_fortune' || campaign.campaign_type === 'scratch_card' ? (
        <Suspense fallback={<LoadingScreen />}>
          <GameSection campaign={campaign} timeZone={timeZone} />
        </Suspense>
      ) : campaign.campaign_type === 'over_limit_coupon' ? (
        <StampCard campaign={campaign} />
      ) : campaign.campaign_type === 'receipt' ? (
        <Button
          component={Link}
          href={`${base}/receipt-upload/${campaign._id}`}
          variant="contained"
          size="large"
          sx={{ py: 1.5 }}
        >
          {t('campaign.uploadReceipt')}
        </Button>
      ) : (
        <Alert severity="info" role="note">
          {t('campaign.infoOnly')}
        </Alert>
      )}
      {shownStores.length > 0 && (
        <Box component="section" aria-labelledby="campaign-stores" sx={{ display: 'grid', gap: 1 }}>
          <Typography id="campaign-stores" variant="h6" component="h2">
            {t('campaign.stores')}
          </Typography>
          <Paper variant="outlined" component="ul" sx={{ m: 0, p: 0, listStyle: 'none', borderRadius: 3 }}>
            {shownStores.map((store, index) => (
              <Box
                component="li"
                key={store._id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  px: 2,
                  py: 1.25,
                  borderTop: index ? 1 : 0,
                  borderColor: 'divider',
                }}
              >
                <StoreLogo store={store} size={40} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {store.store_name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      storeCategory(store, language),
                      store.store_floor && t('campaign.floor', { floor: store.store_floor }),
                      store.store_unit_no && t('campaign.unit', { unit: store.store_unit_no }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Paper>
        </Box>
      )}
    </Box>
  );
}
