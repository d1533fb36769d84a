type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | readonly Scalar[];
export type QueryParams = Record<string, QueryValue>;

/**
 * Joins base, path and query. Empty values are left out rather than sent as `key=` so that an unset
 * filter means "no filter" on the server; arrays repeat the key (`campaignId=a&campaignId=b`).
 */
export const buildUrl = (baseUrl: string, path: string, ...queries: (QueryParams | undefined)[]) => {
  const [pathname = '', ownQuery] = path.split('?');
  const params = new URLSearchParams(ownQuery);
  const merged: QueryParams = Object.assign({}, ...queries);
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === '') continue;
    params.delete(key);
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  const url = `${baseUrl.replace(/\/+$/, '')}${endpointOf(pathname)}`;
  return search ? `${url}?${search}` : url;
};

/** The endpoint a request is deduplicated by: its path without query string. */
export const endpointOf = (path: string) => `/${path.split('?')[0]!.replace(/^\/+/, '')}`;
