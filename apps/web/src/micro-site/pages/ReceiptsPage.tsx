import type { CustomerReceipt, MicroSiteCampaign, MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CAMPAIGNS_PATH, useMicroSiteGet } from '../campaigns/data';
import { campaignName } from '../campaigns/names';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { RECEIPTS_PATH } from '../loyalty/data';
import { ReceiptList } from '../loyalty/ReceiptList';
import { useLoyaltyT } from '../loyalty/texts';

/** The running campaigns that take receipts: each one a way to upload (`receipt-upload/{campaignId}`). */
export function UploadChoices() {
  const { t, language } = useLoyaltyT();
  const { base } = useSession();
  const campaigns = useMicroSiteGet<MicroSiteCampaign[]>(CAMPAIGNS_PATH);
  const receiptCampaigns = (campaigns.data ?? []).filter((each) => each.campaign_type === 'receipt');
  if (campaigns.loading || campaigns.error) return null;
  return (
    <Box component="section" aria-labelledby="upload-choices" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="upload-choices" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('receipts.uploadFor')}
      </Typography>
      {receiptCampaigns.length === 0 ? (
        <Typography color="text.secondary">{t('receipts.noCampaign')}</Typography>
      ) : (
        receiptCampaigns.map((campaign) => (
          <Button
            key={campaign._id}
            component={Link}
            href={`${base}/receipt-upload/${campaign._id}`}
            variant="contained"
            size="large"
            sx={{ justifyContent: 'space-between', py: 1.5, textAlign: 'left' }}
          >
            <span>
              {t('receipts.upload')} · {campaignName(campaign, language)}
            </span>
            <span aria-hidden>›</span>
          </Button>
        ))
      )}
    </Box>
  );
}

/** The customer's receipts (issue 14 #9): status, rejection reason and message, points earned. */
export default function ReceiptsPage({ location }: { location: MicroSiteLocation | null }) {
  const { t } = useLoyaltyT();
  const receipts = useMicroSiteGet<CustomerReceipt[]>(RECEIPTS_PATH);
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="h4" component="h1">
          {t('receipts.title')}
        </Typography>
        <Typography color="text.secondary">{t('receipts.text')}</Typography>
      </Box>
      <UploadChoices />
      <ReceiptList receipts={receipts} location={location} />
    </Box>
  );
}
