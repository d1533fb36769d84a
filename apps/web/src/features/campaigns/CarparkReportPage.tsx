import type { Campaign } from '@avlu/contracts';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../lib/excel/ExportButton';
import { CampaignCodesReport, CodesExportButton } from './CampaignCodesReport';
import { parkingTicketFile } from './coupons.resource';

function TicketFileAction({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  return (
    <ExportButton
      label={t('coupons.export.parking')}
      download={(onProgress) => parkingTicketFile(campaign._id, onProgress)}
      done={t('coupons.export.parkingDone')}
    />
  );
}

/**
 * /campaigns/{campaignId}/carpark-report (spec §2): a parking campaign's codes handed out, with
 * until when the car park honours each and whether it was used; the xlsx of the codes listed (the
 * report's filter and keyword), and the car park system's file (`GET /skidata/ticket/info?campaignId`),
 * which always holds every code handed out: the car park honours only the codes in it.
 */
export default function CarparkReportPage() {
  return (
    <CampaignCodesReport
      kind="carpark"
      applies={(campaign) => campaign.campaign_type === 'parking'}
      actions={(campaign, shown) => (
        <>
          <CodesExportButton campaign={campaign} shown={shown} />
          <TicketFileAction campaign={campaign} />
        </>
      )}
    />
  );
}
