import { type ListQuery, type ListResponse, listQuery, objectId, paginationOf } from '@avlu/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestServer, json, type TestServer } from '../api/test-server';
import { defineResource, filterList, queryList } from '.';
import { createWrapper } from './test-utils';

const pointProvider = z.object({ _id: objectId, point_provider_name: z.string(), priority: z.number() });
type PointProvider = z.infer<typeof pointProvider>;
const pointProviderInput = z.strictObject({ point_provider_name: z.string().min(2), priority: z.number() });

const pointProviders = defineResource({
  name: 'point-providers',
  path: '/point-providers',
  item: pointProvider,
  input: pointProviderInput,
  list: filterList('/point-providers/filter'),
});

const idOf = (n: number) => n.toString(16).padStart(24, '0');

/** A tiny point-provider store behind the REST routes of the spec. */
const servePointProviders = (server: TestServer, rows: PointProvider[]) => {
  let next = rows.length + 1;
  server
    .on('POST', '/point-providers/filter', ({ body }) => {
      const query = listQuery().parse(body);
      const { limit, currentPage } = query.pagination;
      const matching = rows.filter((r) => !query.keyword || r.point_provider_name.includes(query.keyword));
      const data = matching.slice((currentPage - 1) * limit, currentPage * limit);
      return json({ data, pagination: paginationOf(matching.length, query.pagination) });
    })
    .on('GET', '/point-providers/:id', ({ params }) => {
      const row = rows.find((r) => r._id === params.id);
      return row ? json(row) : json({ statusCode: 404, code: 'NOT_FOUND', message: 'Kayıt bulunamadı' }, 404);
    })
    .on('POST', '/point-providers', ({ body }) => {
      const row = { _id: idOf(next++), ...(body as Omit<PointProvider, '_id'>) };
      rows.push(row);
      return json(row, 201);
    })
    .on('PUT', '/point-providers/:id', ({ params, body }) => {
      const row = rows.find((r) => r._id === params.id)!;
      Object.assign(row, body);
      return json(row);
    })
    .on('DELETE', '/point-providers/:id', ({ params }) => {
      const index = rows.findIndex((r) => r._id === params.id);
      if (index < 0) return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Kayıt bulunamadı' }, 404);
      rows.splice(index, 1);
      return json(undefined, 204);
    });
};

const firstPage: ListQuery = { pagination: { limit: 10, currentPage: 1 } };

let server: TestServer;
let rows: PointProvider[];
beforeEach(() => {
  server = createTestServer();
  rows = [
    { _id: idOf(1), point_provider_name: 'Kasa', priority: 1 },
    { _id: idOf(2), point_provider_name: 'Mobil', priority: 2 },
  ];
  servePointProviders(server, rows);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('defineResource queries', () => {
  it('lists through the overridden endpoint with the list query as body, typed by the item schema', async () => {
    const { Wrapper } = createWrapper();
    const { result } = renderHook(() => pointProviders.useList(firstPage), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const names: string[] = result.current.data!.data.map((row) => row.point_provider_name);
    expect(names).toEqual(['Kasa', 'Mobil']);
    expect(result.current.data!.pagination).toEqual({ total: 2, limit: 10, currentPage: 1, totalPages: 1 });
    expect(server.to('POST', '/point-providers/filter')[0]!.body).toEqual(firstPage);
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    const { Wrapper } = createWrapper();
    const { result, rerender } = renderHook(({ query }) => pointProviders.useList(query), {
      wrapper: Wrapper,
      initialProps: { query: { pagination: { limit: 1, currentPage: 1 } } },
    });
    await waitFor(() => expect(result.current.data?.data[0]?.point_provider_name).toBe('Kasa'));
    rerender({ query: { pagination: { limit: 1, currentPage: 2 } } });
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.data[0]?.point_provider_name).toBe('Kasa');
    await waitFor(() => expect(result.current.data?.data[0]?.point_provider_name).toBe('Mobil'));
  });

  it('reads one record, and waits while the id is unknown', async () => {
    const { Wrapper } = createWrapper();
    const { result, rerender } = renderHook(({ id }) => pointProviders.useOne(id), {
      wrapper: Wrapper,
      initialProps: { id: undefined as string | undefined },
    });
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ id: idOf(2) });
    await waitFor(() => expect(result.current.data?.point_provider_name).toBe('Mobil'));
    expect(server.last()).toMatchObject({ method: 'GET', path: `/point-providers/${idOf(2)}` });
  });

  it('rejects an answer that does not match the schema', async () => {
    server.on('GET', '/point-providers/:id', () => json({ _id: 'not-an-id' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { Wrapper } = createWrapper();
    const { result } = renderHook(() => pointProviders.useOne(idOf(1)), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.error?.code).toBe('INVALID_RESPONSE'));
  });

  it('reads a GET list with the query in the URL and accepts a bare array answer', async () => {
    const agreements = defineResource<{ _id: string; agreement_in_use: boolean }>({
      name: 'agreements',
      path: '/core/agreement',
      list: queryList('/core/agreement', { showAll: true }),
      update: (id, data) => ({ method: 'PATCH', path: `/agreement/${id}`, body: data }),
    });
    server.on('GET', '/core/agreement', () => json([{ _id: 'a1', agreement_in_use: true }]));
    server.on('PATCH', '/agreement/:id', () => json({ ok: true }));
    const { Wrapper } = createWrapper();
    const { result } = renderHook(
      () => ({
        list: agreements.useList({ ...firstPage, keyword: 'kvkk', order: 'asc' }),
        update: agreements.useUpdate(),
      }),
      { wrapper: Wrapper },
    );
    await waitFor(() =>
      expect(result.current.list.data?.data).toEqual([{ _id: 'a1', agreement_in_use: true }]),
    );
    expect(result.current.list.data?.pagination.total).toBe(1);
    expect(Object.fromEntries(server.last()!.query)).toEqual({
      limit: '10',
      currentPage: '1',
      keyword: 'kvkk',
      order: 'asc',
      showAll: 'true',
    });
    await act(() => result.current.update.mutateAsync({ id: 'a1', data: { agreement_in_use: false } }));
    expect(server.to('PATCH', '/agreement/a1')[0]!.body).toEqual({ agreement_in_use: false });
  });
});

const useAll = () => ({
  list: pointProviders.useList(firstPage),
  one: pointProviders.useOne(idOf(1)),
  create: pointProviders.useCreate(),
  update: pointProviders.useUpdate(),
  remove: pointProviders.useRemove({ success: 'common:actions.delete' }),
});

/** The first page as the query cache holds it, without waiting for the hook's next render. */
const listed = (client: QueryClient) =>
  client.getQueryData<ListResponse<PointProvider>>(pointProviders.keys.list(firstPage))?.data ?? [];
const listedNames = (client: QueryClient) => listed(client).map((r) => r.point_provider_name);

describe('defineResource mutations', () => {
  it('creates, then refreshes the lists and says so', async () => {
    const { Wrapper, client } = createWrapper();
    const { result } = renderHook(useAll, { wrapper: Wrapper });
    await waitFor(() => expect(result.current.list.data?.data).toHaveLength(2));
    await act(() => result.current.create.mutateAsync({ point_provider_name: 'Kiosk', priority: 3 }));
    expect(server.to('POST', '/point-providers')[0]!.body).toEqual({
      point_provider_name: 'Kiosk',
      priority: 3,
    });
    // mutateAsync settles once the list is fetched again; the hook shows it on its next render.
    expect(listedNames(client)).toEqual(['Kasa', 'Mobil', 'Kiosk']);
    await waitFor(() =>
      expect(result.current.list.data?.data.map((r) => r.point_provider_name)).toEqual([
        'Kasa',
        'Mobil',
        'Kiosk',
      ]),
    );
    expect(server.to('POST', '/point-providers/filter')).toHaveLength(2);
    expect(server.to('GET', `/point-providers/${idOf(1)}`)).toHaveLength(1);
    expect(await screen.findByText('Başarıyla oluşturuldu')).toBeInTheDocument();
  });

  it('updates, then refreshes the lists and that record', async () => {
    const { Wrapper, client } = createWrapper();
    const { result } = renderHook(useAll, { wrapper: Wrapper });
    await waitFor(() => expect(result.current.one.data?.priority).toBe(1));
    await act(() =>
      result.current.update.mutateAsync({ id: idOf(1), data: { point_provider_name: 'Kasa', priority: 9 } }),
    );
    expect(server.to('PUT', `/point-providers/${idOf(1)}`)[0]!.body).toEqual({
      point_provider_name: 'Kasa',
      priority: 9,
    });
    expect(client.getQueryData<PointProvider>(pointProviders.keys.detail(idOf(1)))?.priority).toBe(9);
    expect(listed(client)[0]?.priority).toBe(9);
    await waitFor(() => expect(result.current.one.data?.priority).toBe(9));
    await waitFor(() => expect(result.current.list.data?.data[0]?.priority).toBe(9));
    expect(await screen.findByText('Başarıyla güncellendi')).toBeInTheDocument();
  });

  it('removes, refreshes the lists with the given toast, and shows the server message on failure', async () => {
    const { Wrapper, client } = createWrapper();
    const { result } = renderHook(useAll, { wrapper: Wrapper });
    await waitFor(() => expect(result.current.list.data?.data).toHaveLength(2));
    await act(() => result.current.remove.mutateAsync(idOf(2)));
    expect(listed(client).map((r) => r._id)).toEqual([idOf(1)]);
    await waitFor(() => expect(result.current.list.data?.data.map((r) => r._id)).toEqual([idOf(1)]));
    expect(await screen.findByText('Sil')).toBeInTheDocument();
    expect(client.getQueryData(pointProviders.keys.detail(idOf(2)))).toBeUndefined();

    await act(() => result.current.remove.mutateAsync(idOf(7)).catch(() => {}));
    await waitFor(() =>
      expect(result.current.remove.error).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' }),
    );
    expect(await screen.findByText('Kayıt bulunamadı')).toBeInTheDocument();
  });

  it('chooses the success toast by the answer when told how', async () => {
    const { Wrapper } = createWrapper();
    const { result } = renderHook(
      () =>
        pointProviders.useAction(async (reactivated: boolean) => ({ reactivated }), {
          success: (answer) => (answer.reactivated ? 'common:actions.retry' : 'common:actions.delete'),
        }),
      { wrapper: Wrapper },
    );
    await act(() => result.current.mutateAsync(true));
    expect(await screen.findByText('Tekrar dene')).toBeInTheDocument();
    await act(() => result.current.mutateAsync(false));
    expect(await screen.findByText('Sil')).toBeInTheDocument();
  });

  it('types create bodies from the input schema', () => {
    const { Wrapper } = createWrapper();
    const { result } = renderHook(() => pointProviders.useCreate(), { wrapper: Wrapper });
    // @ts-expect-error priority is a number in pointProviderInput
    const wrong = () => result.current.mutate({ point_provider_name: 'Kiosk', priority: 'high' });
    expect(wrong).toBeTypeOf('function');
  });

  it('builds query keys from the broadest to the narrowest', () => {
    expect(pointProviders.keys.list(firstPage).slice(0, 2)).toEqual(pointProviders.keys.lists());
    expect(pointProviders.keys.detail('x')).toEqual(['point-providers', 'detail', 'x']);
  });
});
