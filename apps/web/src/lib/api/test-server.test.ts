import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from './staff-api';
import { createTestServer, json, type TestServer } from './test-server';

let server: TestServer;
beforeEach(() => {
  server = createTestServer();
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
});
afterEach(() => vi.unstubAllGlobals());

describe('test server', () => {
  it('answers uploads, which go through XMLHttpRequest, from the same routes', async () => {
    server.on('POST', '/files', () => json({ url: '/api/files/a.png' }, 201));
    const body = new FormData();
    body.append('file', new File(['x'], 'a.png', { type: 'image/png' }));
    const onProgress = vi.fn();
    const answer = await api.upload('POST', '/files', body, {
      schema: z.object({ url: z.string() }),
      onProgress,
    });
    expect(answer).toEqual({ url: '/api/files/a.png' });
    expect(onProgress).toHaveBeenCalledWith({ loaded: 1, total: 1, percent: 100 });
    expect((server.to('POST', '/files')[0]!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('fails an upload the route refuses with the server body', async () => {
    server.on('POST', '/files', () =>
      json({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'İstek çok büyük' }, 413),
    );
    await expect(api.upload('POST', '/files', new FormData())).rejects.toMatchObject({
      statusCode: 413,
      message: 'İstek çok büyük',
    });
  });
});
