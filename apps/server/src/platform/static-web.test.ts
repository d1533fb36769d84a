import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';

const dist = await mkdtemp(path.join(tmpdir(), 'avlu-web-'));
await mkdir(path.join(dist, 'assets'));
await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Avlu</title>');
await writeFile(path.join(dist, 'micro-site.html'), '<!doctype html><title>Avlu micro-site</title>');
await writeFile(path.join(dist, 'assets/index-3f9a1c.js'), 'console.log(1)');
await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
afterAll(() => rm(dist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist: dist });

describe('web app', () => {
  it('serves what is on disk: a rebuild without a restart serves its new files and drops the old', async () => {
    expect((await ctx.app.inject({ url: '/assets/index-3f9a1c.js' })).statusCode).toBe(200);
    await writeFile(path.join(dist, 'assets/index-new123.js'), 'console.log(2)');
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Avlu 2</title>');
    await rm(path.join(dist, 'assets/index-3f9a1c.js'));
    const added = await ctx.app.inject({ url: '/assets/index-new123.js' });
    expect(added.statusCode).toBe(200);
    expect(added.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(added.body).toBe('console.log(2)');
    expect((await ctx.app.inject({ url: '/customers' })).body).toContain('<title>Avlu 2</title>');
    expect((await ctx.app.inject({ url: '/assets/index-3f9a1c.js' })).statusCode).toBe(404);
    await writeFile(path.join(dist, 'assets/index-3f9a1c.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Avlu</title>');
  });

  it('sends the precompressed brotli or gzip file to a browser that accepts it', async () => {
    const code = 'export const answer = 42;'.repeat(50);
    await writeFile(path.join(dist, 'assets/vendor-9a8b7c.js'), code);
    await writeFile(path.join(dist, 'assets/vendor-9a8b7c.js.br'), brotliCompressSync(code));
    await writeFile(path.join(dist, 'assets/vendor-9a8b7c.js.gz'), gzipSync(code));
    const url = '/assets/vendor-9a8b7c.js';
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);
    const gzip = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(code);
    const plain = await ctx.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
  });

  it('refuses paths that leave the web root', async () => {
    for (const url of ['/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json']) {
      const response = await ctx.app.inject({ url });
      expect(response.body, url).not.toContain('"workspaces"');
    }
  });

  it('serves index.html at the root without caching', async () => {
    const response = await ctx.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Avlu</title>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with revalidation', async () => {
    const response = await ctx.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/customers/65a1b2c3d4e5f60718293a4b', '/loyalty/tiers?x=1', '/m/kordon/login'])(
    'answers the client-side route %s with index.html',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    },
  );

  it.each([
    '/micro-site/abc123',
    '/micro-site/abc123/login',
    '/micro-site/abc123/profile/profile-update?x=1',
  ])('answers the micro-site route %s with micro-site.html, not the back-office', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(response.body).toContain('<title>Avlu micro-site</title>');
    }
  });

  it('keeps paths that merely start like the micro-site on the back-office', async () => {
    const response = await ctx.app.inject({ url: '/micro-sites' });
    expect(response.body).toContain('<title>Avlu</title>');
  });

  it('answers JSON 404 for a missing asset, an unknown API address, and a non-GET outside the API', async () => {
    for (const [method, url] of [
      ['GET', '/assets/gone-123.js'],
      ['GET', '/api/unknown'],
      ['POST', '/customers'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });
});
