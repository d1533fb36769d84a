import { requestHeaders } from '@avlu/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { changeLanguage } from '../i18n';
import { session } from '../session/storage';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { filenameFromDisposition } from './download';
import { api } from './staff-api';
import { createTestServer, json, never, type TestServer } from './test-server';

const LOCATION = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  location_name: 'Avlu AVM',
  location_logo: { thumbnail: null },
};

let server: TestServer;
beforeEach(() => {
  server = createTestServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await changeLanguage('tr');
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should reject'),
    (e: unknown) => e,
  );

describe('api client headers and query', () => {
  it('sends language, time zone offset, request time, bearer token and locationId on every call', async () => {
    session.signIn({ value: 'token-1', expiresAt: '2030-01-01T00:00:00.000Z' });
    session.setCurrentLocation(LOCATION);
    server.on('POST', '/customer/filter', () => json({ ok: true }));

    await expect(
      api.post('/customer/filter', { keyword: 'ali' }, { query: { searchType: 'phone' } }),
    ).resolves.toEqual({
      ok: true,
    });

    const sent = server.last()!;
    expect(sent.headers).toMatchObject({
      'accept-language': 'tr',
      'timezone-offset': String(new Date().getTimezoneOffset()),
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
    });
    expect(new Date(sent.headers['request-time']!).toISOString()).toBe(sent.headers['request-time']);
    expect(requestHeaders.parse(sent.headers)).toMatchObject({
      'timezone-offset': new Date().getTimezoneOffset(),
    });
    expect(sent.query.get('locationId')).toBe(LOCATION._id);
    expect(sent.query.get('searchType')).toBe('phone');
    expect(sent.body).toEqual({ keyword: 'ali' });
  });

  it('leaves out the bearer and locationId when nobody is signed in, and follows the language', async () => {
    await changeLanguage('en');
    server.on('GET', '/core/admin', () => json([]));
    await api.get('/core/admin?noadmin=true', { query: { empty: '', missing: undefined } });
    const sent = server.last()!;
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers['accept-language']).toBe('en');
    expect([...sent.query.keys()]).toEqual(['noadmin']);
  });

  it('sends FormData as multipart without forcing a JSON content type', async () => {
    server.on('POST', '/customer/import', () => json({ added: 1 }));
    const form = new FormData();
    form.append('customer_data', new Blob(['x']), 'a.xlsx');
    await api.post('/customer/import', form);
    expect(server.last()!.body).toBeInstanceOf(FormData);
    expect(server.last()!.headers['content-type']).toBeUndefined();
  });

  it('lets a second client use other header and query providers (the micro-site)', async () => {
    const site = createApiClient({
      headers: () => ({ authorization: 'Bearer location-token', 'customer-id': 'c1' }),
      query: () => ({ locationId: 'site-location' }),
    });
    server.on('GET', '/ext/app/customers/profile', () => json({}));
    await site.get('/ext/app/customers/profile');
    expect(server.last()!.headers).toMatchObject({
      authorization: 'Bearer location-token',
      'customer-id': 'c1',
    });
    expect(server.last()!.query.get('locationId')).toBe('site-location');
  });
});

describe('api client cancelling', () => {
  it('cancels the older call to the same method and endpoint with status -1, in Turkish and English', async () => {
    server.on('POST', '/campaign/filter', (request) =>
      (request.body as { keyword: string }).keyword === 'old' ? never() : json({ data: [] }),
    );
    const older = rejection(api.post('/campaign/filter', { keyword: 'old' }));
    await expect(api.post('/campaign/filter', { keyword: 'new' })).resolves.toEqual({ data: [] });
    const error = (await older) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: -1, code: 'REQUEST_CANCELED', message: 'İstek iptal edildi.' });

    await changeLanguage('en');
    server.on('GET', '/marketing/mobile-pages', (request) =>
      request.query.get('currentPage') === '1' ? never() : json({ data: [] }),
    );
    const olderPage = rejection(api.get('/marketing/mobile-pages', { query: { currentPage: 1 } }));
    await api.get('/marketing/mobile-pages', { query: { currentPage: 2 } });
    expect(await olderPage).toMatchObject({ statusCode: -1, message: 'Request canceled' });
  });

  it('keeps both calls when the caller opts out, and never cancels across methods', async () => {
    const pending: ((r: Response) => void)[] = [];
    server.on('PATCH', '/feedback-types/:id', () => new Promise((resolve) => pending.push(resolve)));
    server.on('GET', '/feedback-types/:id', () => json({ id: 1 }));
    const first = api.patch('/feedback-types/1', { a: 1 }, { dedupe: false });
    const second = api.patch('/feedback-types/1', { a: 2 }, { dedupe: false });
    await api.get('/feedback-types/1');
    for (const release of pending) release(json({ done: true }));
    await expect(Promise.all([first, second])).resolves.toEqual([{ done: true }, { done: true }]);
  });

  it('cancels when the caller aborts its own signal', async () => {
    server.on('GET', '/data/stores', () => never());
    const controller = new AbortController();
    const pending = rejection(api.get('/data/stores', { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ statusCode: -1, code: 'REQUEST_CANCELED' });
  });
});

describe('api client retries', () => {
  const failingThen = (failures: number) => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls <= failures) throw new TypeError('Failed to fetch');
        return json({ ok: true });
      }),
    );
  };

  it('retries a network failure after the default 5000 ms wait, as many times as asked', async () => {
    vi.useFakeTimers();
    failingThen(2);
    const result = api.get('/data/dashboard', { retry: 2 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives up with the localised connection message once the retries are spent', async () => {
    vi.useFakeTimers();
    failingThen(5);
    const result = rejection(api.get('/data/dashboard', { retry: 1, retryDelayMs: 100 }));
    await vi.advanceTimersByTimeAsync(100);
    expect(await result).toMatchObject({
      statusCode: -1,
      code: 'NETWORK_ERROR',
      message: 'İnternet Bağlantınız Kesildi',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry an HTTP error nor a call cancelled while waiting', async () => {
    server.on('GET', '/data/dashboard', () =>
      json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }, 503),
    );
    await expect(api.get('/data/dashboard', { retry: 3, retryDelayMs: 1 })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(server.requests).toHaveLength(1);

    vi.useFakeTimers();
    failingThen(5);
    const controller = new AbortController();
    const result = rejection(api.get('/data/stores', { retry: 3, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await result).toMatchObject({ code: 'REQUEST_CANCELED' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('api client errors', () => {
  it('passes the server error body through, fields included', async () => {
    const body = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Gönderilen bilgiler geçersiz: admin_email',
      fields: { admin_email: 'Geçerli bir e-posta adresi girin' },
    };
    server.on('POST', '/core/admin-invites', () => json(body, 400));
    const error = (await rejection(api.post('/core/admin-invites', {}))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.body).toEqual(body);
  });

  it('turns an answer without an error body into a localised message for its status', async () => {
    server.on('GET', '/data/dashboard', () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(api.get('/data/dashboard')).rejects.toMatchObject({
      statusCode: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Hizmet şu anda kullanılamıyor; lütfen biraz sonra tekrar deneyin',
    });
  });

  it('tells the auth layer when the sent token is rejected, but not for a failed sign-in', async () => {
    const signOut = vi.fn();
    const unsubscribe = api.onUnauthorized(signOut);
    server.on('POST', '/core/auth/login', () =>
      json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }, 401),
    );
    server.on('GET', '/core/admin/profile', () =>
      json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }, 401),
    );
    await rejection(api.post('/core/auth/login', {}));
    expect(signOut).not.toHaveBeenCalled();
    session.signIn({ value: 'expired', expiresAt: '2020-01-01T00:00:00.000Z' });
    await rejection(api.get('/core/admin/profile'));
    expect(signOut).toHaveBeenCalledWith(expect.objectContaining({ statusCode: 401 }));
    unsubscribe();
  });

  it('checks the answer against a schema when given one', async () => {
    server.on('GET', '/core/location', () => json([{ _id: 1 }]));
    const schema = z.array(z.object({ _id: z.string() }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/core/location', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    server.on('GET', '/core/location', () => json([{ _id: 'a' }]));
    const locations: { _id: string }[] = await api.get('/core/location', { schema });
    expect(locations).toEqual([{ _id: 'a' }]);
  });
});

describe('downloads', () => {
  it('returns the bytes and the file name the server gave', async () => {
    server.on(
      'POST',
      '/customer/export',
      () =>
        new Response('xlsx-bytes', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="musteriler.xlsx"; filename*=UTF-8''m%C3%BC%C5%9Fteriler.xlsx`,
          },
        }),
    );
    const file = await api.download('POST', '/customer/export', { body: { filter: [] } });
    expect(file.filename).toBe('müşteriler.xlsx');
    expect(await file.blob.text()).toBe('xlsx-bytes');
    expect(server.last()!.body).toEqual({ filter: [] });
  });

  it('reports the bytes received while the answer streams in', async () => {
    const encoder = new TextEncoder();
    server.on(
      'POST',
      '/customer/export',
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode('abc'));
              controller.enqueue(encoder.encode('defgh'));
              controller.close();
            },
          }),
          { headers: { 'content-type': 'application/octet-stream' } },
        ),
    );
    const seen: number[] = [];
    const file = await api.download('POST', '/customer/export', {
      onProgress: ({ loaded, total }) => {
        seen.push(loaded);
        expect(total).toBeUndefined();
      },
    });
    expect(seen).toEqual([0, 3, 8]);
    // jsdom's Blob cannot be read back; its size shows every chunk went in.
    expect(file.blob.size).toBe(8);
    expect(file.blob.type).toBe('application/octet-stream');
    expect(file.filename).toBe('download');
  });

  it('parses the forms of content-disposition seen in the wild', () => {
    expect(filenameFromDisposition('attachment; filename="rapor 2024.pdf"')).toBe('rapor 2024.pdf');
    expect(filenameFromDisposition('attachment; filename=kuponlar.csv')).toBe('kuponlar.csv');
    expect(filenameFromDisposition("attachment; filename*=utf-8''%C3%A7%C4%B1kt%C4%B1.xlsx")).toBe(
      'çıktı.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(filenameFromDisposition('inline')).toBeUndefined();
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});
