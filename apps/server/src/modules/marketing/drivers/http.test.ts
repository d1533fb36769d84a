import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { providerCall } from './http';
import { ProviderError } from './provider-error';

const servers: ReturnType<typeof createServer>[] = [];
const serve = async (listener: RequestListener) => {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe('providerCall', () => {
  it('sends the body with its length and answers status, headers and body', async () => {
    let seen: { method?: string; length?: string; type?: string; body: string } = { body: '' };
    const url = await serve((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen = {
          method: request.method,
          length: request.headers['content-length'],
          type: request.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        };
        response.writeHead(202, { 'retry-after': '3', 'set-cookie': ['a=1', 'b=2'] });
        response.end('{"ok":"çok iyi"}');
      });
    });
    const answer = await providerCall('test', `${url}/path?x=1`, {
      headers: { 'content-type': 'application/json' },
      body: '{"msg":"ğüşıöç"}',
      timeoutMs: 5000,
    });
    expect(seen).toEqual({
      method: 'POST',
      length: String(Buffer.byteLength('{"msg":"ğüşıöç"}')),
      type: 'application/json',
      body: '{"msg":"ğüşıöç"}',
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toBe('{"ok":"çok iyi"}');
    expect(answer.headers.get('Retry-After')).toBe('3');
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(answer.headers.get('x-missing')).toBeNull();
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    let followed = false;
    const url = await serve((request, response) => {
      if (request.url === '/elsewhere') followed = true;
      response.writeHead(307, { location: '/elsewhere' });
      response.end();
    });
    const answer = await providerCall('test', url, { headers: {}, body: '{}', timeoutMs: 5000 });
    expect(answer.status).toBe(307);
    expect(followed).toBe(false);
  });

  it('an answer too large is cut off as a network failure', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200);
      response.end(Buffer.alloc(2 << 20, 'a'));
    });
    const error = await providerCall('test', url, { headers: {}, body: '{}', timeoutMs: 5000 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'NETWORK', retryable: true, inDoubt: true });
  });

  it('a request written out and never answered is in doubt', async () => {
    const url = await serve(() => {});
    const error = await providerCall('test', url, { headers: {}, body: '{}', timeoutMs: 200 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'TIMEOUT', inDoubt: true, description: 'no answer in 200 ms' });
  });

  it('refuses an address that is not http(s)', async () => {
    await expect(providerCall('test', 'ftp://127.0.0.1/x', { headers: {}, timeoutMs: 1000 })).rejects.toThrow(
      TypeError,
    );
  });
});
