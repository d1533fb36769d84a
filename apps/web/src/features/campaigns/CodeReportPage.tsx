import { campaignTypesWithCodePool } from '@avlu/contracts';
import { CampaignCodesReport, CodesExportButton } from './CampaignCodesReport';

/**
 * /campaigns/{campaignId}/code-report (spec §2): every code of a campaign with a code pool, with its
 * status (ready, given, used, not used), holder, desk and dates; a third-party campaign's imported
 * codes show their use here. The export is the xlsx of the codes listed: the same filter and keyword.
 */
export default function CodeReportPage() {
  return (
    <CampaignCodesReport
      kind="codes"
      applies={(campaign) => campaignTypesWithCodePool.includes(campaign.campaign_type)}
      actions={(campaign, shown) => <CodesExportButton campaign={campaign} shown={shown} />}
    />
  );
}
