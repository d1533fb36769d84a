import {
  type Campaign,
  type CouponCodeCounts,
  type CouponExportBody,
  type CouponImportResult,
  couponGenerateResult,
  couponImportResult,
  couponRemoveResult,
} from '@avlu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api, type DownloadProgress, type UploadProgress } from '../../lib/api';
import type { ImportErrors } from '../../lib/excel/refused-rows';
import { campaigns } from './campaigns.resource';

/**
 * A campaign's code pool (spec §7 "Campaigns"; issue 13 #6): generate, import, export, remove the
 * unused, and the print count. Each answer carries the pool's new counts, which are written into the
 * campaign's cached record (`campaign_code_counts`) so the page's summary follows without a refetch;
 * the campaign lists are refreshed.
 */
const useCountsWriter = () => {
  const queryClient = useQueryClient();
  return (campaignId: string, codes: CouponCodeCounts) => {
    queryClient.setQueryData<Campaign>(campaigns.keys.detail(campaignId), (old) =>
      old ? { ...old, campaign_code_counts: codes } : old,
    );
    void queryClient.invalidateQueries({ queryKey: campaigns.keys.lists() });
  };
};

/** `POST /coupons/cache/generate` { campaignId, count }. The page words the result itself. */
export const useGenerateCodes = () => {
  const writeCounts = useCountsWriter();
  return campaigns.useAction(
    async (body: { campaignId: string; count: number }) => {
      const result = await api.post('/coupons/cache/generate', body, { schema: couponGenerateResult });
      writeCounts(body.campaignId, result.codes);
      return result;
    },
    { success: false, error: false, invalidates: () => [] },
  );
};

/** The import's answer in the shared import body's terms: each refused row's code column and reason. */
export type CouponImportAnswer = Omit<CouponImportResult, 'error_list'> & ImportErrors;

const asImportErrors = (result: CouponImportResult): CouponImportAnswer => ({
  ...result,
  error_list: result.error_list.map(({ row, message }) => ({ row, field: 'coupon_code', reason: message })),
  error_rows: [...new Set(result.error_list.map((error) => error.row))],
});

/** `POST /coupons/code-parser`, multipart { campaignId, file }: all rows or none. */
export const useImportCodes = () => {
  const writeCounts = useCountsWriter();
  return async (campaignId: string, file: File, onProgress: (progress: UploadProgress) => void) => {
    const body = new FormData();
    body.append('campaignId', campaignId);
    body.append('file', file);
    const result = await api.upload<CouponImportResult>('POST', '/coupons/code-parser', body, {
      schema: couponImportResult,
      onProgress,
    });
    writeCounts(campaignId, result.codes);
    return asImportErrors(result);
  };
};

/** `DELETE /coupons/remove-codes` { campaignId }: the ready codes go; given and used ones stay. */
export const useRemoveUnusedCodes = () => {
  const writeCounts = useCountsWriter();
  return campaigns.useAction(
    async (body: { campaignId: string }) => {
      const result = await api.delete('/coupons/remove-codes', { body, schema: couponRemoveResult });
      writeCounts(body.campaignId, result.codes);
      return result;
    },
    { success: false, invalidates: () => [] },
  );
};

/** `PUT /coupon-campaign/{id}` { coupon_print_count }. */
export const useSavePrintCount = () =>
  campaigns.useAction(
    async ({ id, coupon_print_count }: { id: string; coupon_print_count: number }) => {
      await api.put(`/coupon-campaign/${id}`, { coupon_print_count });
      return coupon_print_count;
    },
    {
      success: 'campaigns:coupons.print.saved',
      error: false,
      invalidates: ({ id }) => [campaigns.keys.detail(id), campaigns.keys.lists()],
    },
  );

/**
 * `POST /campaign/{id}/coupons/export`: the pool as an xlsx (save it with `useExport`); with the code
 * report's filter and keyword (`shown`), the codes the report lists.
 */
export const exportCodes = (
  campaignId: string,
  onProgress: (progress: DownloadProgress) => void,
  shown: Omit<CouponExportBody, 'download'> = {},
) =>
  api.download('POST', `/campaign/${campaignId}/coupons/export`, {
    body: { download: true, ...shown },
    onProgress,
    filename: 'coupons.xlsx',
  });

/** `GET /skidata/ticket/info?campaignId`: a parking campaign's handed-out codes as the car park system's CSV. */
export const parkingTicketFile = (campaignId: string, onProgress: (progress: DownloadProgress) => void) =>
  api.download('GET', '/skidata/ticket/info', {
    query: { campaignId },
    onProgress,
    filename: 'skidata.csv',
  });
