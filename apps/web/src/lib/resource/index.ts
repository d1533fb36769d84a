/**
 * One definition per API resource gives the feature its typed query keys, calls and hooks.
 *
 * ```ts
 * // features/point-providers/point-providers.resource.ts
 * export const pointProviders = defineResource({
 *   name: 'point-providers',                          // query keys and i18n namespace
 *   path: '/point-providers',                         // REST defaults: GET/PUT/DELETE /point-providers/{id}, POST /point-providers
 *   item: pointProvider,                              // contracts schema: rows are typed and checked
 *   input: pointProviderInput,                        // contracts schema: create/update bodies are typed
 *   list: filterList('/point-providers/filter'),      // the spec's POST .../filter with the list query
 *   messages: { removed: 'point-providers:removed' }, // success toasts by i18n key
 * });
 *
 * const { data, isFetching } = pointProviders.useList(query); // keeps the previous page while paging
 * const create = pointProviders.useCreate();                    // toast, then refreshes the lists
 * const setStatus = campaigns.useAction((v: { id: string; status: Status }) =>
 *   api.put(`/campaign/${v.id}`, { campaign_status: v.status }), { success: 'campaigns:statusChanged' });
 * ```
 */
export {
  type ActionOptions,
  defineResource,
  type QueryOptions,
  type Resource,
  type ResourceDefinition,
  type UpdateVars,
} from './define-resource';
export { asListResponse, filterList, listQueryParams, queryList, type RequestSpec } from './endpoints';
export type { MutationFeedback } from './feedback';
export { type ResourceKeys, resourceKeys } from './query-keys';
