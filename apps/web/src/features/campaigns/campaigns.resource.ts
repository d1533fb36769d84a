import {
  type Campaign,
  type CampaignInput,
  type CampaignListQuery,
  type CampaignStatus,
  type CampaignValues,
  campaign,
  campaignInput,
  type ListResponse,
  listResponse,
} from '@avlu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api } from '../../lib/api';
import { asListResponse, defineResource, filterList, listQueryParams } from '../../lib/resource';

/**
 * Campaigns (spec §7 "Campaigns", issue 13): `POST /campaign`, `POST /campaign/filter`,
 * `GET|PUT|DELETE /campaign/{id}`. The full PUT sends every value; the status and the QR flag go
 * alone in their own PUT bodies (`useStatusChange`, `useQrCodeChange`).
 */
export const campaigns = defineResource<Campaign, CampaignInput | CampaignValues, CampaignListQuery>({
  name: 'campaigns',
  path: '/campaign',
  item: campaign,
  input: campaignInput({ now: () => new Date() }),
  list: filterList('/campaign/filter'),
  messages: { created: 'campaigns:created', updated: 'campaigns:updated', removed: 'campaigns:removed' },
});

const campaignPage = z
  .union([listResponse(campaign), z.array(campaign)])
  .transform((answer) => asListResponse<Campaign>(answer));

/**
 * `GET /campaign?onlyArchived=true`: the archive, read only. Its keys sit under the campaigns'
 * lists, so archiving a campaign from the list refreshes the archive too.
 */
export const archivedCampaigns = {
  name: 'campaigns',
  useList: (query: CampaignListQuery) =>
    useQuery<ListResponse<Campaign>, ApiError>({
      queryKey: [...campaigns.keys.lists(), 'archived', query],
      queryFn: ({ signal }) =>
        api.get('/campaign', {
          query: { ...listQueryParams(query), onlyArchived: 'true' },
          schema: campaignPage,
          signal,
          dedupe: false,
        }),
      placeholderData: keepPreviousData,
    }),
};

/** `PUT /campaign/{id}` with `{ campaign_status }` alone: publish, take back, archive. */
export const useStatusChange = () =>
  campaigns.useAction(
    async ({ id, campaign_status }: { id: string; campaign_status: CampaignStatus }) => {
      await api.put(`/campaign/${id}`, { campaign_status });
      return campaign_status;
    },
    { success: (status) => `campaigns:statusChanged.${status}` },
  );

/** `PUT /campaign/{id}` with `{ campaign_is_qrcode }` alone: the list's QR switch. */
export const useQrCodeChange = () =>
  campaigns.useAction(
    async ({ id, campaign_is_qrcode }: { id: string; campaign_is_qrcode: boolean }) => {
      await api.put(`/campaign/${id}`, { campaign_is_qrcode });
      return campaign_is_qrcode;
    },
    { success: (on) => (on ? 'campaigns:qrCode.on' : 'campaigns:qrCode.off') },
  );

/** The campaign's name in the language of the screen. */
export const campaignName = (row: Pick<Campaign, 'campaign_name' | 'campaign_name_en'>, language: string) =>
  language === 'en' ? row.campaign_name_en || row.campaign_name : row.campaign_name;
