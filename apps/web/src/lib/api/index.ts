/**
 * The one HTTP client of the web app (spec §7 "Common behaviour").
 *
 * ```ts
 * import { api, isApiError, saveFile } from '@/lib/api'; // relative path in practice
 *
 * const page = await api.post('/customer/filter', query, { schema: listResponse(customer) });
 * await api.put(`/campaign/${id}`, { campaign_status: 'active' });
 * saveFile(await api.download('POST', '/customer/export', { body: { filter }, onProgress: (p) => setBytes(p.loaded) }));
 * await api.upload('POST', '/customer/import', form, { onProgress: (p) => setPercent(p.percent) });
 * api.onUnauthorized(() => signOut()); // once, in the auth layer
 *
 * // The micro-site's own client is a second instance with other header providers:
 * const siteApi = createApiClient({ headers: () => ({ authorization: `Bearer ${locationToken}`, 'customer-id': id }) });
 * ```
 *
 * Every call rejects with an `ApiError` (server body, or statusCode -1 for a cancelled or
 * unreachable request). A newer call with the same method and endpoint cancels the older one unless
 * it passes `{ dedupe: false }`; TanStack Query hooks pass their own `signal` instead (lib/resource).
 */
export { ApiError, clientErrorCodes, isApiError } from './api-error';
export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type DownloadOptions,
  type DownloadProgress,
  type HeaderValues,
  type HttpMethod,
  type RequestOptions,
  type UploadOptions,
} from './client';
export { type DownloadedFile, filenameFromDisposition, saveFile } from './download';
export { api } from './staff-api';
export type { UploadProgress } from './transport';
export type { QueryParams, QueryValue } from './url';
