import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD, useTestApp } from '../../../test/helper';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';

// Counts argon2 hashes made while serving requests: a wrong token must cost none (issue 10 #18).
// Test files share their worker's modules (isolate: false), so the app is loaded afresh here, with
// the mock, and again without it for the files after this one.
const hashes = vi.hoisted(() => {
  vi.resetModules();
  return { count: 0 };
});
afterAll(() => {
  vi.doUnmock('../../platform/passwords');
  vi.resetModules();
});
vi.mock('../../platform/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../platform/passwords')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count++;
      return original.hashPassword(password);
    },
  };
});

// The least backstop (100 by default) keeps the lock short to reach.
const ctx = useTestApp({ config: { publicUrl: 'https://avm.example.com', staffLoginLockFailures: 10 } });
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  // The count sees the hashes of the app's modules (the test helper hashes with them too).
  const before = hashes.count;
  await ctx.newStaff({ password: 'counted-password-1' });
  expect(hashes.count).toBe(before + 1);
});

let address = 0;
const newAddress = () => `198.51.100.${++address}`;

const post = (url: string, payload: object, remoteAddress = newAddress()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers: en });

const mailedToken = async (to: string, path: string, count = 1) =>
  vi.waitFor(async () => {
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    if (mails.length < count) throw new Error('no mail yet');
    return new RegExp(`/auth/${path}/([A-Za-z0-9_-]{43})`).exec(mails.at(-1)!.text)![1]!;
  });

const resetTokenOf = async (email: string, count = 1) => {
  await post('/api/core/auth/forget-password', { admin_email: email });
  return mailedToken(email, 'reset-password', count);
};

describe('reset-password and register check the token before hashing, and limit each address', () => {
  it.each([
    ['/api/core/auth/reset-password', (token: string) => ({ token, admin_password: 'Kordon-avm-2026' })],
    [
      '/api/core/auth/register',
      (token: string) => ({
        admin_name: 'Ali',
        admin_surname: 'Veli',
        admin_invite_token: token,
        admin_password: 'Kordon-avm-2026',
      }),
    ],
  ])('%s', async (url, body) => {
    const ip = newAddress();
    const before = hashes.count;
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await post(url, body(`${'x'.repeat(42)}${attempt}`), ip);
      expect(answer.statusCode).toBe(400);
    }
    expect(hashes.count).toBe(before);
    const refused = await post(url, body('y'.repeat(43)), ip);
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    // An IPv6 client is one address per /64.
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await post(url, body('z'.repeat(43)), `2001:db8:5:5::${attempt + 1}`)).statusCode).toBe(400);
    expect((await post(url, body('z'.repeat(43)), '2001:db8:5:5::ff')).statusCode).toBe(429);
    // Another address is not refused.
    expect((await post(url, body('y'.repeat(43)), newAddress())).statusCode).toBe(400);
  });
});

describe('password rule where a password is set (issue 10 #19)', () => {
  it('refuses a common password at reset, naming the field, and keeps the link', async () => {
    const staff = await ctx.newStaff();
    const token = await resetTokenOf(staff.email);
    const common = await post('/api/core/auth/reset-password', { token, admin_password: 'Qwerty123' });
    expect(common.json()).toMatchObject({
      statusCode: 400,
      fields: { admin_password: 'This password is too common and easy to guess; choose another one' },
    });
    const short = await post('/api/core/auth/reset-password', { token, admin_password: 'kısa-12' });
    expect(short.json().fields).toEqual({ admin_password: 'Must be at least 8 characters' });
    expect(
      (await post('/api/core/auth/reset-password', { token, admin_password: 'Kordon-avm-2026' })).statusCode,
    ).toBe(204);
  });

  it('refuses a common password for a user made by staff and at register', async () => {
    const mall = await ctx.newLocation();
    const holder = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [mall] });
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/core/admin',
      headers: en,
      payload: {
        admin_email: 'yaygin@example.com',
        admin_name: 'A',
        admin_surname: 'B',
        admin_password: 'iloveyou1',
        admin_role_id: holder.roleId,
        admin_location_ids: [mall._id],
      },
    });
    expect(created.json().fields).toEqual({
      admin_password: 'This password is too common and easy to guess; choose another one',
    });
    await ctx.inject({
      method: 'POST',
      url: `/api/core/admin-invites?locationId=${mall._id}`,
      payload: { admin_invite_email: 'davet-yaygin@example.com', admin_invite_role_id: holder.roleId },
    });
    const token = await mailedToken('davet-yaygin@example.com', 'register');
    const register = (admin_password: string) =>
      post('/api/core/auth/register', {
        admin_name: 'C',
        admin_surname: 'D',
        admin_invite_token: token,
        admin_password,
      });
    expect((await register('Password1')).json().fields).toEqual({
      admin_password: 'This password is too common and easy to guess; choose another one',
    });
    expect((await register('Kordon-avm-2026')).statusCode).toBe(200);
  });
});

describe('open reset links end when the password changes (issue 10 #14)', () => {
  it('by the user’s own change', async () => {
    const staff = await ctx.newStaff();
    const token = await resetTokenOf(staff.email);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/core/admin/password',
      headers: staff.headers,
      payload: {
        old_password: TEST_PASSWORD,
        new_password: 'Kordon-avm-2026',
        confirm_password: 'Kordon-avm-2026',
      },
    });
    expect(changed.statusCode).toBe(204);
    const reset = await post('/api/core/auth/reset-password', { token, admin_password: 'Baska-sifre-2026' });
    expect(reset.json()).toMatchObject({ statusCode: 400, code: 'RESET_LINK_INVALID' });
    await expect(ctx.signIn(staff.email, 'Kordon-avm-2026')).resolves.toBeTruthy();
  });

  it('by a reset: the other open links end, and a lock after failed sign-ins ends too', async () => {
    const staff = await ctx.newStaff();
    const first = await resetTokenOf(staff.email, 1);
    const second = await resetTokenOf(staff.email, 2);
    // Lock the account: the backstop's failures from many addresses.
    for (let client = 0; client < ctx.config.staffLoginLockFailures / 5; client++) {
      const ip = `10.77.${client >> 8}.${client & 255}`;
      for (let attempt = 0; attempt < 5; attempt++)
        await ctx.app.inject({
          method: 'POST',
          url: '/api/core/auth/login',
          remoteAddress: ip,
          payload: { admin_email: staff.email, admin_password: 'wrong-password' },
        });
    }
    await expect(ctx.signIn(staff.email)).rejects.toThrow(/ACCOUNT_LOCKED/);
    expect(
      (await post('/api/core/auth/reset-password', { token: second, admin_password: 'Kordon-avm-2026' }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await post('/api/core/auth/reset-password', { token: first, admin_password: 'Baska-sifre-2026' })
      ).json().code,
    ).toBe('RESET_LINK_INVALID');
    await expect(ctx.signIn(staff.email, 'Kordon-avm-2026')).resolves.toBeTruthy();
  });
});
