import type { MicroSiteCampaign, MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { CAMPAIGNS_PATH, useMicroSiteGet } from '../campaigns/data';
import { campaignName } from '../campaigns/names';
import { LoadingScreen } from '../components/LoadingScreen';
import { Link, useLocationPath } from '../lib/router';
import { useSession } from '../lib/session';
import { ReceiptForm } from '../loyalty/ReceiptForm';
import { useLoyaltyT } from '../loyalty/texts';

/** The success and the receipts, loaded once something was sent (not in the form's first load). */
const SentReceipt = lazy(() => import('../loyalty/SentReceipt'));
/**
 * Spec §2 micro-site `receipt-upload/{campaignId}`: a shopping receipt for a receipt campaign, its
 * photo taken with the phone's camera. The campaign's name is shown when it is among the running
 * ones; the server checks the campaign itself.
 */
export default function ReceiptUploadPage({ location }: { location: MicroSiteLocation | null }) {
  const { t, language } = useLoyaltyT();
  const { base } = useSession();
  const path = useLocationPath();
  const campaignId = /\/receipt-upload\/([^/?]+)/.exec(path)?.[1] ?? null;
  const campaigns = useMicroSiteGet<MicroSiteCampaign[]>(CAMPAIGNS_PATH);
  const campaign = campaigns.data?.find((each) => each._id === campaignId);
  // A new key after each upload gives the next one an empty form.
  const [sent, setSent] = useState(0);
  const [showing, setShowing] = useState<'form' | 'done'>('form');

  const back = (
    <Box
      component={Link}
      href={`${base}/receipts`}
      sx={{ color: 'primary.main', fontWeight: 700, textDecoration: 'none', justifySelf: 'start', py: 0.5 }}
    >
      ← {t('receipts.title')}
    </Box>
  );

  if (showing === 'done')
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SentReceipt
          title={t('form.done')}
          location={location}
          actions={
            <Button
              variant="contained"
              size="large"
              onClick={() => {
                setSent((value) => value + 1);
                setShowing('form');
              }}
            >
              {t('form.another')}
            </Button>
          }
        />
      </Suspense>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {back}
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="h4" component="h1">
          {t('form.uploadTitle')}
        </Typography>
        {campaign && (
          <Typography color="text.secondary">
            {t('form.campaign', { name: campaignName(campaign, language) })}
          </Typography>
        )}
      </Box>
      <ReceiptForm key={sent} campaignId={campaignId} onSent={() => setShowing('done')} />
    </Box>
  );
}
