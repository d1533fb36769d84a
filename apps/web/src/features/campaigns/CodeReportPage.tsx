import { type Campaign, campaignTypesWithCodePool } from '@avlu/contracts';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../lib/excel/ExportButton';
import { CampaignCodesReport } from './CampaignCodesReport';
import { exportCodes } from './coupons.resource';

function ExportAction({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  return (
    <ExportButton
      label={t('coupons.export.submit')}
      download={(onProgress) => exportCodes(campaign._id, onProgress)}
      done={t('coupons.export.done')}
    />
  );
}

/**
 * /campaigns/{campaignId}/code-report (spec §2): every code of a campaign with a code pool, with its
 * status (ready, given, used, not used), holder, desk and dates; a third-party campaign's imported
 * codes show their use here. The export is the pool's xlsx.
 */
export default function CodeReportPage() {
  return (
    <CampaignCodesReport
      kind="codes"
      applies={(campaign) => campaignTypesWithCodePool.includes(campaign.campaign_type)}
      actions={(campaign) => <ExportAction campaign={campaign} />}
    />
  );
}
