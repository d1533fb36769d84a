/**
 * Query keys of one resource, from the broadest to the narrowest, so that invalidating `lists()`
 * refreshes every page and filter of it while `detail(id)` touches one record.
 */
export const resourceKeys = (name: string) => ({
  all: [name] as const,
  lists: () => [name, 'list'] as const,
  list: (query: unknown) => [name, 'list', query] as const,
  details: () => [name, 'detail'] as const,
  detail: (id: string) => [name, 'detail', id] as const,
});

export type ResourceKeys = ReturnType<typeof resourceKeys>;
