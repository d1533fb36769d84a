import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestAppOptions, type TestContext } from '../../test/helper';
import { auditLog } from '../modules/audit/audit.tables';

const dist = await mkdtemp(path.join(tmpdir(), 'avlu-web-'));
await mkdir(path.join(dist, 'assets'));
await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Avlu</title>');
await writeFile(path.join(dist, 'micro-site.html'), '<!doctype html><title>Avlu micro-site</title>');

// Apps with other settings serve from the first app's database.
const apps: TestContext[] = [];
const appWith = async (options: TestAppOptions) => {
  const ctx = await buildTestApp({ webDist: dist, database: apps[0]?.database, ...options });
  apps.push(ctx);
  return ctx;
};
afterAll(async () => {
  for (const ctx of apps.reverse()) await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

const ctx = await appWith({});

describe('security headers', () => {
  it.each(['/', '/auth/reset-password/abc', '/auth/register/abc', '/micro-site/abc/login', '/api/health'])(
    '%s allows only our own scripts, is never framed and sends no Referer',
    async (url) => {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('sends HSTS only when the public address is https', async () => {
    expect((await ctx.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const https = await appWith({ config: { publicUrl: 'https://avm.example.com' } });
    expect((await https.app.inject({ url: '/' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('API documentation', () => {
  it('is open to anyone with API_DOCS=public (the default outside production)', async () => {
    expect((await ctx.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('needs a staff sign-in with API_DOCS=staff (the default in production)', async () => {
    const staffOnly = await appWith({ config: { apiDocs: 'staff' } });
    const stranger = await staffOnly.app.inject({ url: '/api/docs/json' });
    expect(stranger.statusCode).toBe(401);
    expect((await staffOnly.app.inject({ url: '/api/docs' })).statusCode).toBe(401);
    const staff = await staffOnly.newStaff();
    const signedIn = await staffOnly.app.inject({ url: '/api/docs/json', headers: staff.headers });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().openapi).toBe('3.1.0');
  });

  it('is not served with API_DOCS=off', async () => {
    const off = await appWith({ config: { apiDocs: 'off' } });
    expect((await off.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
    expect((await off.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
  });
});

describe('TRUST_PROXY', () => {
  const failedSignIn = async (target: TestContext, forwardedFor: string) => {
    const email = `kimse-${forwardedFor}@example.com`;
    await target.app.inject({
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { admin_email: email, admin_password: 'yanlis-sifre' },
      headers: { 'x-forwarded-for': forwardedFor },
    });
    const [row] = await target.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login_failed'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    return row?.client_address;
  };

  it('ignores X-Forwarded-For unless the connection comes from a trusted proxy', async () => {
    expect(await failedSignIn(ctx, '203.0.113.9')).toBe('127.0.0.1');
    const proxied = await appWith({ config: { trustProxy: ['127.0.0.1'] } });
    expect(await failedSignIn(proxied, '203.0.113.9')).toBe('203.0.113.9');
    const otherProxy = await appWith({ config: { trustProxy: ['10.0.0.0/8'] } });
    expect(await failedSignIn(otherProxy, '203.0.113.9')).toBe('127.0.0.1');
  });
});
