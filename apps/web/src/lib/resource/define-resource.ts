import { type ListQuery, type ListResponse, listResponse } from '@avlu/contracts';
import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, type ApiError, api } from '../api';
import { asListResponse, type RequestSpec, restEndpoints } from './endpoints';
import { type MutationFeedback, useMutationFeedback } from './feedback';
import { resourceKeys } from './query-keys';

export type ResourceDefinition<Item, Input, Query extends ListQuery, UpdateInput> = {
  /** Names the query keys; by convention also the feature's i18n namespace (`customers:fields.x`). */
  name: string;
  /** The REST base the default endpoints are built from (`/point-providers`). */
  path: string;
  /** The contracts schema of one record; answers of `get` and `list` are checked and typed with it. */
  item?: z.ZodType<Item>;
  /** The contracts schema of a create body; only its type is used, the form validates the values. */
  input?: z.ZodType<unknown, Input>;
  client?: ApiClient;
  list?: (query: Query) => RequestSpec;
  get?: (id: string) => RequestSpec;
  create?: (input: Input) => RequestSpec;
  update?: (id: string, input: UpdateInput) => RequestSpec;
  remove?: (id: string) => RequestSpec;
  /** Success toasts by i18n key; `false` for none. Defaults: api:created, api:updated, api:removed. */
  messages?: { created?: string | false; updated?: string | false; removed?: string | false };
};

export type QueryOptions<Data> = Omit<UseQueryOptions<Data, ApiError, Data>, 'queryKey' | 'queryFn'>;
export type ActionOptions<Vars, Result = unknown> = MutationFeedback<Result> & {
  /** The keys to refresh after success; the whole resource by default. */
  invalidates?: (vars: Vars) => QueryKey[];
};
export type UpdateVars<UpdateInput> = { id: string; data: UpdateInput };

const useResourceMutation = <Vars, Result>(
  mutationFn: (vars: Vars) => Promise<Result>,
  invalidates: (vars: Vars) => QueryKey[],
  feedback: MutationFeedback<Result>,
) => {
  const queryClient = useQueryClient();
  const toast = useMutationFeedback(feedback);
  return useMutation<Result, ApiError, Vars>({
    mutationFn,
    onSuccess: async (result, vars) => {
      toast.succeeded(result);
      // Returned so that mutateAsync settles once the lists show the change.
      await Promise.all(invalidates(vars).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: toast.failed,
  });
};

/**
 * Typed TanStack Query hooks for one API resource. Endpoints default to REST under `path`; each can be
 * replaced because the API is irregular (`POST /customer/filter`, `PATCH /agreement/{id}`).
 */
export const defineResource = <
  Item,
  Input = Partial<Item>,
  Query extends ListQuery = ListQuery,
  UpdateInput = Input,
>(
  definition: ResourceDefinition<Item, Input, Query, UpdateInput>,
) => {
  const client = definition.client ?? api;
  const rest = restEndpoints(definition.path);
  const endpoints = {
    list: definition.list ?? rest.list,
    get: definition.get ?? rest.get,
    create: definition.create ?? rest.create,
    update: definition.update ?? rest.update,
    remove: definition.remove ?? rest.remove,
  };
  const keys = resourceKeys(definition.name);
  const messages = {
    created: 'api:created',
    updated: 'api:updated',
    removed: 'api:removed',
    ...definition.messages,
  };
  const pageSchema = definition.item
    ? z.union([listResponse(definition.item), z.array(definition.item)]).transform(asListResponse)
    : undefined;

  // Queries opt out of the client's same-endpoint cancelling: two tables may read one endpoint with
  // different filters at once. The query cache aborts a query nobody wants any more through `signal`
  // (app/query-client.ts).
  const read = <T>(
    { method, path, query, body }: RequestSpec,
    signal: AbortSignal | undefined,
    schema?: z.ZodType<T>,
  ) => client.request<T>(method, path, { query, body, signal, dedupe: false, schema });
  const write = ({ method, path, query, body }: RequestSpec) => client.request(method, path, { query, body });

  /** The plain calls, for loaders, exports or custom hooks. */
  const calls = {
    list: async (query: Query, signal?: AbortSignal): Promise<ListResponse<Item>> =>
      pageSchema
        ? read(endpoints.list(query), signal, pageSchema)
        : asListResponse(await read<ListResponse<Item> | Item[]>(endpoints.list(query), signal)),
    get: (id: string, signal?: AbortSignal) => read<Item>(endpoints.get(id), signal, definition.item),
    create: (input: Input) => write(endpoints.create(input)),
    update: ({ id, data }: UpdateVars<UpdateInput>) => write(endpoints.update(id, data)),
    remove: (id: string) => write(endpoints.remove(id)),
  };

  return {
    name: definition.name,
    keys,
    calls,

    /** A mutation of this resource with toasts and cache refresh; create/update/remove are built on it. */
    useAction: <Vars, Result = unknown>(
      mutationFn: (vars: Vars) => Promise<Result>,
      { invalidates = () => [keys.all], ...feedback }: ActionOptions<Vars, Result> = {},
    ) => useResourceMutation(mutationFn, invalidates, feedback),

    /** One page of the list; the previous page stays on screen while the next one loads. */
    useList: (query: Query, options?: QueryOptions<ListResponse<Item>>) =>
      useQuery<ListResponse<Item>, ApiError>({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => calls.list(query, signal),
        placeholderData: keepPreviousData,
        ...options,
      }),

    /** One record; waits while `id` is not known yet (a route param still loading). */
    useOne: (id: string | undefined, options?: QueryOptions<Item>) =>
      useQuery<Item, ApiError>({
        queryKey: keys.detail(id ?? ''),
        queryFn: ({ signal }) => calls.get(id!, signal),
        enabled: Boolean(id),
        ...options,
      }),

    useCreate: (feedback: MutationFeedback = {}) =>
      useResourceMutation(calls.create, () => [keys.lists()], { success: messages.created, ...feedback }),

    useUpdate: (feedback: MutationFeedback = {}) =>
      useResourceMutation(calls.update, ({ id }) => [keys.lists(), keys.detail(id)], {
        success: messages.updated,
        ...feedback,
      }),

    useRemove: (feedback: MutationFeedback = {}) => {
      const queryClient = useQueryClient();
      return useResourceMutation(
        async (id: string) => {
          const result = await calls.remove(id);
          queryClient.removeQueries({ queryKey: keys.detail(id) });
          return result;
        },
        () => [keys.lists()],
        { success: messages.removed, ...feedback },
      );
    },
  };
};

export type Resource<
  Item,
  Input = Partial<Item>,
  Query extends ListQuery = ListQuery,
  UpdateInput = Input,
> = ReturnType<typeof defineResource<Item, Input, Query, UpdateInput>>;
