import { createHash } from 'node:crypto';
import { adminProfile, role } from '@avlu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useTestApp } from '../../../test/helper';
import { sampleRoutes } from '../../../test/sample-routes';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { admins } from '../admins/admins.tables';
import { auditLog } from '../audit/audit.tables';
import { deleteOldLoginThrottles } from './login-throttle.service';
import { loginThrottles, unlockLinks } from './login-throttles.tables';
import { STAFF_ACCESS_CHANNEL } from './session-cache';
import { adminSessions } from './sessions.tables';

// A backstop of 10 (the least allowed; 100 by default) keeps the lock test short.
const ctx = useTestApp({ routes: sampleRoutes, config: { staffLoginLockFailures: 10 } });
/** A session changed behind the app's back (a direct write) is seen once its notice is heard. */
const staffAccessHeard = () => ctx.database.notices.heardAll(STAFF_ACCESS_CHANNEL);

let address = 0;
/** Each test signs in from its own address, so the per-address limit of one test does not reach another. */
const newAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

const login = (email: string, password: string, options: { remember?: boolean; ip?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/core/auth/login',
    remoteAddress: options.ip ?? '10.9.9.9',
    headers: { 'accept-language': 'en', 'user-agent': 'vitest' },
    payload: {
      admin_email: email,
      admin_password: password,
      ...(options.remember === undefined ? {} : { remember: options.remember }),
    },
  });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profileWith = (headers: Record<string, string>) =>
  ctx.app.inject({ url: '/api/core/admin/profile', headers });
const auditOf = (action: string) =>
  ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

const HOUR = 60 * 60 * 1000;

describe('POST /api/core/auth/login', () => {
  it('answers an opaque 256-bit token, kept only as its SHA-256, for 30 days by default', async () => {
    const staff = await ctx.newStaff();
    const before = Date.now();
    const response = await login(staff.email, TEST_PASSWORD, { ip: newAddress() });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(token.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(token.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(30 * 24 * HOUR - 60_000);
    expect(lifetime).toBeLessThan(30 * 24 * HOUR + 60_000);
    const stored = await ctx.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.admin_id, staff._id));
    const hashes = stored.map((row) => row.token_hash);
    expect(hashes).toContain(createHash('sha256').update(token.value).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token.value);
    expect(stored.find((row) => row.token_hash === hashes.at(-1))?.user_agent).toBe('vitest');
    expect((await profileWith(bearer(token.value))).statusCode).toBe(200);
  });

  it('gives 12 hours without remember, and takes the email in any letter case', async () => {
    const staff = await ctx.newStaff();
    const before = Date.now();
    const response = await login(staff.email.toUpperCase(), TEST_PASSWORD, {
      remember: false,
      ip: newAddress(),
    });
    expect(response.statusCode).toBe(200);
    const lifetime = Date.parse(response.json().token.expiresAt) - before;
    expect(Math.abs(lifetime - 12 * HOUR)).toBeLessThan(60_000);
  });

  it('answers a wrong password and an unknown email alike, in about the same time', async () => {
    const staff = await ctx.newStaff();
    const ip = newAddress();
    // The fastest of three runs of each: other test files run alongside and slow single calls down.
    const timed = async (email: string) => {
      let best = Number.POSITIVE_INFINITY;
      let response = await login(email, 'wrong-password', { ip });
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        response = await login(email, 'wrong-password', { ip });
        best = Math.min(best, performance.now() - started);
      }
      return { response, ms: best };
    };
    const wrong = await timed(staff.email);
    const unknown = await timed('nobody-here@avlu.test');
    expect(wrong.response.statusCode).toBe(401);
    expect(unknown.response.body).toBe(wrong.response.body);
    expect(wrong.response.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Wrong email or password',
    });
    // Both run argon2 (tens of milliseconds); without the dummy hash the unknown email would be ~1 ms.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 4);
  });

  it('records sign-ins and failed sign-ins with the email tried, never the password', async () => {
    const staff = await ctx.newStaff();
    const ip = newAddress();
    await login(staff.email, 'not-the-password-123', { ip });
    await login(staff.email, TEST_PASSWORD, { ip });
    const failed = (await auditOf('auth.login_failed')).filter((row) => row.details.email === staff.email);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ entity_id: staff._id, client_address: ip, user_agent: 'vitest' });
    expect(JSON.stringify(failed)).not.toContain('not-the-password-123');
    const signedIn = (await auditOf('auth.login')).filter((row) => row.actor_admin_id === staff._id);
    expect(signedIn).toHaveLength(1);
  });

  it('answers 400 naming the fields of a malformed body, without signing anyone in', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/login',
      payload: { admin_email: 'not-an-email', admin_password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['admin_email', 'admin_password']);
  });
});

describe('login attempt limits', () => {
  const addMinutes = (key: string, minutes: number) =>
    ctx.database.db.execute(
      sql`update staff_login_throttles set blocked_until = blocked_until - ${`${minutes} minutes`}::interval, window_start = window_start - ${`${minutes} minutes`}::interval where key = ${key}`,
    );
  const pairOf = (email: string, ip: string) => `pair:${email}:${ip}`;

  it('makes a guessing address wait longer and longer, while the owner signs in from elsewhere', async () => {
    const staff = await ctx.newStaff();
    const attacker = newAddress();
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login(staff.email, 'wrong-password', { ip: attacker })).statusCode).toBe(401);
    // The attacker's pair waits, even with the right password…
    const blocked = await login(staff.email, TEST_PASSWORD, { ip: attacker });
    expect(blocked.json()).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
      message: 'Too many failed sign-in attempts; please try again in 1 minutes',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await auditOf('auth.login_blocked')).some((row) => row.details.email === staff.email)).toBe(true);
    // …but the owner, from their own address, is not locked out (issue 10 #15).
    expect((await login(staff.email, TEST_PASSWORD, { ip: newAddress() })).statusCode).toBe(200);
    // After the wait, one more failure doubles it.
    await addMinutes(pairOf(staff.email, attacker), 1);
    expect((await login(staff.email, 'wrong-password', { ip: attacker })).statusCode).toBe(401);
    const longer = await login(staff.email, 'wrong-password', { ip: attacker });
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(120);
  });

  it('counts an IPv6 client by its /64', async () => {
    const staff = await ctx.newStaff();
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (await login(staff.email, 'wrong-password', { ip: `2001:db8:7:1::${attempt + 1}` })).statusCode,
      ).toBe(401);
    expect((await login(staff.email, TEST_PASSWORD, { ip: '2001:db8:7:1::99' })).statusCode).toBe(429);
    expect((await login(staff.email, TEST_PASSWORD, { ip: '2001:db8:7:2::1' })).statusCode).toBe(200);
  });

  it('clears an address’s failures when it signs in', async () => {
    const staff = await ctx.newStaff();
    const ip = newAddress();
    for (let attempt = 0; attempt < 4; attempt++) await login(staff.email, 'wrong-password', { ip });
    expect((await login(staff.email, TEST_PASSWORD, { ip })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login(staff.email, 'wrong-password', { ip })).statusCode).toBe(401);
    expect((await login(staff.email, 'wrong-password', { ip })).statusCode).toBe(429);
  });

  it('refuses a client address after 20 failures on any accounts', async () => {
    const ip = newAddress();
    for (let attempt = 0; attempt < 20; attempt++)
      expect((await login(`guess${attempt}@avlu.test`, 'wrong-password', { ip })).statusCode).toBe(401);
    const staff = await ctx.newStaff();
    expect((await login(staff.email, TEST_PASSWORD, { ip })).statusCode).toBe(429);
    expect((await login(staff.email, TEST_PASSWORD, { ip: newAddress() })).statusCode).toBe(200);
  });

  it('does not let parallel guesses from one address check more passwords than the free ones', async () => {
    const staff = await ctx.newStaff();
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => login(staff.email, 'wrong-password', { ip })),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const failed = (await auditOf('auth.login_failed')).filter((row) => row.details.email === staff.email);
    expect(failed).toHaveLength(5);
  });

  it('locks an account guessed from many addresses, mails an unlock link, and the link unlocks it once', async () => {
    const staff = await ctx.newStaff();
    const { db } = ctx.database;
    // 2 addresses, 5 free failures each: the backstop (STAFF_LOGIN_LOCK_FAILURES, 10 here) is reached.
    for (let client = 0; client < 2; client++) {
      const ip = newAddress();
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await login(staff.email, 'wrong-password', { ip })).statusCode).toBe(401);
    }
    const locked = await login(staff.email, TEST_PASSWORD, { ip: newAddress() });
    expect(locked.json()).toMatchObject({ statusCode: 429, code: 'ACCOUNT_LOCKED' });
    expect(locked.json().message).toContain('unlock link');
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, staff.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Avlu account is locked');
    // The link starts with the configured address, never the request's Host header.
    const token = /\/auth\/unlock\/([A-Za-z0-9_-]{43})/.exec(mails[0]!.text)?.[1];
    expect(mails[0]!.text).toContain(`${ctx.config.publicUrl}/auth/unlock/${token}`);
    expect(token).toHaveLength(43);
    const [stored] = await db.select().from(unlockLinks).where(eq(unlockLinks.admin_id, staff._id));
    expect(stored!.token_hash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect((await auditOf('auth.account_locked')).some((row) => row.entity_id === staff._id)).toBe(true);

    const unlock = (value: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/core/auth/unlock',
        headers: { 'accept-language': 'en' },
        payload: { token: value },
      });
    expect((await unlock(token!)).statusCode).toBe(204);
    expect((await login(staff.email, TEST_PASSWORD, { ip: newAddress() })).statusCode).toBe(200);
    expect((await unlock(token!)).json()).toEqual({
      statusCode: 400,
      code: 'UNLOCK_LINK_INVALID',
      message: 'The unlock link is invalid, used or expired',
    });
    expect((await unlock('x'.repeat(43))).statusCode).toBe(400);
  });
});

describe('login throttle clean-up', () => {
  it('drops rows whose window and lock are over, and keeps live ones', async () => {
    const { db } = ctx.database;
    const day = 24 * HOUR;
    const now = new Date();
    await db.insert(loginThrottles).values([
      { key: 'pair:old@avlu.test:10.1.1.1', window_start: new Date(now.getTime() - 2 * day), failures: 3 },
      {
        key: 'account:locked@avlu.test',
        window_start: new Date(now.getTime() - 2 * day),
        failures: 10,
        blocked_until: new Date(now.getTime() + HOUR),
      },
      { key: 'pair:new@avlu.test:10.1.1.1', window_start: now, failures: 1 },
    ]);
    await deleteOldLoginThrottles(db, now);
    const keys = (await db.select().from(loginThrottles)).map((row) => row.key);
    expect(keys).not.toContain('pair:old@avlu.test:10.1.1.1');
    expect(keys).toEqual(expect.arrayContaining(['account:locked@avlu.test', 'pair:new@avlu.test:10.1.1.1']));
  });
});

describe('PUT /api/core/admin/password attempt limits', () => {
  it('counts wrong old passwords like failed sign-ins (issue 10 #13)', async () => {
    const staff = await ctx.newStaff();
    const ip = newAddress();
    const change = (old_password: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/core/admin/password',
        remoteAddress: ip,
        headers: { ...staff.headers, 'accept-language': 'en' },
        payload: { old_password, new_password: 'Kordon-avm-2026', confirm_password: 'Kordon-avm-2026' },
      });
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await change(`guess-${attempt}`)).statusCode).toBe(400);
    const blocked = await change(TEST_PASSWORD);
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_LOGIN_ATTEMPTS' });
    // The same pair of account and address is refused at sign-in too.
    expect((await login(staff.email, TEST_PASSWORD, { ip })).statusCode).toBe(429);
  });
});

describe('tokens that do not work', () => {
  it('stop working after logout, which is recorded', async () => {
    const staff = await ctx.newStaff();
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      headers: staff.headers,
    });
    expect(logout.statusCode).toBe(204);
    const after = await profileWith(staff.headers);
    expect(after.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect((await auditOf('auth.logout')).some((row) => row.actor_admin_id === staff._id)).toBe(true);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(401);
  });

  it('stop working when expired, revoked, tampered with, or their user is deleted', async () => {
    const db = ctx.database.db;
    const expired = await ctx.newStaff();
    await db
      .update(adminSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.admin_id, expired._id));
    expect((await profileWith(expired.headers)).statusCode).toBe(401);

    const revoked = await ctx.newStaff();
    await db
      .update(adminSessions)
      .set({ revoked_at: new Date() })
      .where(eq(adminSessions.admin_id, revoked._id));
    expect((await profileWith(revoked.headers)).statusCode).toBe(401);

    const tampered = await ctx.newStaff();
    const last = tampered.token.at(-1) === 'A' ? 'B' : 'A';
    expect((await profileWith(bearer(tampered.token.slice(0, -1) + last))).statusCode).toBe(401);
    expect((await profileWith(bearer(`${tampered.token}x`))).statusCode).toBe(401);
    expect((await profileWith(tampered.headers)).statusCode).toBe(200);

    const deleted = await ctx.newStaff();
    await db.delete(admins).where(eq(admins._id, deleted._id));
    expect((await profileWith(deleted.headers)).statusCode).toBe(401);
    expect(await db.select().from(adminSessions).where(eq(adminSessions.admin_id, deleted._id))).toEqual([]);
  });

  it('are refused in both languages with the error model', async () => {
    const tr = await ctx.app.inject({ url: '/api/core/admin/profile', headers: bearer('x.y.z') });
    expect(tr.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'Bu işlem için oturum açmanız gerekiyor',
    });
    const en = await ctx.app.inject({ url: '/api/core/admin/profile', headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('You need to sign in for this action');
  });
});

describe('session use', () => {
  it('notes when a session was last used, at most once a minute', async () => {
    const staff = await ctx.newStaff();
    const db = ctx.database.db;
    const lastUsed = async () =>
      (
        await db.select().from(adminSessions).where(eq(adminSessions.admin_id, staff._id))
      )[0]!.last_used_at.getTime();
    const setLastUsed = async (ago: number) => {
      await db
        .update(adminSessions)
        .set({ last_used_at: new Date(Date.now() - ago) })
        .where(eq(adminSessions.admin_id, staff._id));
      await staffAccessHeard();
    };
    await setLastUsed(30_000);
    const recent = await lastUsed();
    await profileWith(staff.headers);
    expect(await lastUsed()).toBe(recent);
    await setLastUsed(120_000);
    await profileWith(staff.headers);
    expect(Date.now() - (await lastUsed())).toBeLessThan(5_000);
  });
});

describe('session idle timeout', () => {
  it('ends a session unused for STAFF_SESSION_IDLE_MINUTES, a remembered one after its longer idle time', async () => {
    const staff = await ctx.newStaff();
    const { db } = ctx.database;
    const idle = async (token: string, minutes: number) => {
      await db
        .update(adminSessions)
        .set({ last_used_at: new Date(Date.now() - minutes * 60_000) })
        .where(eq(adminSessions.token_hash, createHash('sha256').update(token).digest('hex')));
      await staffAccessHeard();
    };
    expect(ctx.config.staffSessions).toEqual({ idleMinutes: 120, rememberedIdleMinutes: 7 * 24 * 60 });
    const token = staff.headers.authorization.slice('Bearer '.length);
    await idle(token, 119);
    expect((await profileWith(staff.headers)).statusCode).toBe(200);
    await idle(token, 121);
    expect((await profileWith(staff.headers)).statusCode).toBe(401);

    const remembered = (await login(staff.email, TEST_PASSWORD, { remember: true, ip: newAddress() })).json()
      .token.value as string;
    await idle(remembered, 3 * 60);
    expect((await profileWith(bearer(remembered))).statusCode).toBe(200);
    await idle(remembered, 7 * 24 * 60 + 1);
    expect((await profileWith(bearer(remembered))).statusCode).toBe(401);
  });
});

describe('PUT /api/core/admin/password', () => {
  const change = (headers: Record<string, string>, body: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/core/admin/password',
      headers: { ...headers, 'accept-language': 'en' },
      payload: body,
    });

  it('answers 400 WRONG_PASSWORD naming old_password when the old one is wrong', async () => {
    const staff = await ctx.newStaff();
    const response = await change(staff.headers, {
      old_password: 'not-it',
      new_password: 'new-secret-1',
      confirm_password: 'new-secret-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      fields: { old_password: 'Your current password is wrong' },
    });
  });

  it('checks the new password’s rules and its confirmation', async () => {
    const staff = await ctx.newStaff();
    const spaces = await change(staff.headers, {
      old_password: TEST_PASSWORD,
      new_password: 'has space',
      confirm_password: 'has space',
    });
    expect(spaces.json().fields).toEqual({ new_password: 'The password must not contain spaces' });
    const mismatch = await change(staff.headers, {
      old_password: TEST_PASSWORD,
      new_password: 'new-secret-1',
      confirm_password: 'new-secret-2',
    });
    expect(mismatch.json().fields).toEqual({ confirm_password: 'The passwords do not match' });
    // At least 8 characters and not a common password (issue 10 #19).
    const short = await change(staff.headers, {
      old_password: TEST_PASSWORD,
      new_password: 'Ab3-xyz',
      confirm_password: 'Ab3-xyz',
    });
    expect(short.json().fields).toEqual({ new_password: 'Must be at least 8 characters' });
    const common = await change(staff.headers, {
      old_password: TEST_PASSWORD,
      new_password: 'Password1',
      confirm_password: 'Password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({
      new_password: 'This password is too common and easy to guess; choose another one',
    });
    // Neither counted as a wrong old password.
    expect((await profileWith(staff.headers)).statusCode).toBe(200);
  });

  it('changes it, ends the user’s other sessions and keeps the current one', async () => {
    const staff = await ctx.newStaff();
    const other = await ctx.newSession(staff._id);
    const response = await change(staff.headers, {
      old_password: TEST_PASSWORD,
      new_password: 'new-secret-1',
      confirm_password: 'new-secret-1',
    });
    expect(response.statusCode).toBe(204);
    expect((await profileWith(other)).statusCode).toBe(401);
    expect((await profileWith(staff.headers)).statusCode).toBe(200);
    expect((await login(staff.email, TEST_PASSWORD, { ip: newAddress() })).statusCode).toBe(401);
    expect((await login(staff.email, 'new-secret-1', { ip: newAddress() })).statusCode).toBe(200);
    expect((await auditOf('auth.password_changed')).some((row) => row.actor_admin_id === staff._id)).toBe(
      true,
    );
  });
});

describe('/api/core/admin/profile', () => {
  it('answers the signed-in user with role and malls in link order, and takes changes', async () => {
    const [first, second] = [await ctx.newLocation(), await ctx.newLocation()];
    const staff = await ctx.newStaff({ subjects: ['modules:dashboard'], locations: [second, first] });
    const read = adminProfile.strict().parse((await profileWith(staff.headers)).json());
    expect(read).toMatchObject({
      _id: staff._id,
      admin_email: staff.email,
      admin_role_id: staff.roleId,
      admin_gender: null,
      admin_locations: [{ _id: second._id }, { _id: first._id }],
    });
    const update = {
      admin_name: 'Ayşe',
      admin_surname: 'Yılmaz',
      admin_gender: 'female',
      admin_phone_number: '+905321234567',
      admin_birthday: '1990-04-23',
      admin_address: 'Kadıköy, İstanbul',
      admin_profile_photo: null,
    };
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/core/admin/profile',
      headers: staff.headers,
      payload: update,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(update);
    expect((await profileWith(staff.headers)).json()).toMatchObject(update);
    const partial = await ctx.app.inject({
      method: 'PUT',
      url: '/api/core/admin/profile',
      headers: staff.headers,
      payload: { admin_name: 'Ayşe', admin_surname: 'Demir', admin_address: null },
    });
    expect(partial.json()).toMatchObject({
      admin_surname: 'Demir',
      admin_address: null,
      admin_gender: 'female',
    });
  });

  it('refuses unknown fields such as a role or an email', async () => {
    const staff = await ctx.newStaff();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/core/admin/profile',
      headers: staff.headers,
      payload: { admin_name: 'A', admin_surname: 'B', admin_role_id: staff.roleId },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('admin_role_id');
  });
});

describe('GET /api/core/role/{id}', () => {
  it('answers one’s own role, and another only with user-authorization', async () => {
    const mall = await ctx.newLocation();
    const staff = await ctx.newStaff({ subjects: ['modules:dashboard'], locations: [mall] });
    const other = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [mall] });
    const own = await ctx.app.inject({ url: `/api/core/role/${staff.roleId}`, headers: staff.headers });
    expect(role.strict().parse(own.json())).toEqual({
      _id: staff.roleId,
      role_name: expect.any(String),
      modules: ['modules:dashboard'],
      menu_items: [{ subject: 'modules:dashboard' }],
    });
    const refused = await ctx.app.inject({ url: `/api/core/role/${other.roleId}`, headers: staff.headers });
    expect(refused.statusCode).toBe(403);
    const manager = await ctx.newStaff({ subjects: ['modules:users:user-authorization'], locations: [mall] });
    const allowed = await ctx.app.inject({ url: `/api/core/role/${other.roleId}`, headers: manager.headers });
    expect(allowed.json().modules).toEqual(['modules:feedbacks']);
    // Another mall's role is not found (issue 10 #6).
    const elsewhere = await ctx.newStaff({
      subjects: ['modules:feedbacks'],
      locations: [await ctx.newLocation()],
    });
    const foreign = await ctx.app.inject({
      url: `/api/core/role/${elsewhere.roleId}`,
      headers: manager.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await ctx.app.inject({
      url: '/api/core/role/65a1b2c3d4e5f60718293a4b',
      headers: manager.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/core/location', () => {
  it('answers the user’s malls, the first-linked first', async () => {
    const [a, b, c] = [await ctx.newLocation(), await ctx.newLocation(), await ctx.newLocation()];
    const staff = await ctx.newStaff({ locations: [c, a] });
    const response = await ctx.app.inject({ url: '/api/core/location', headers: staff.headers });
    expect(response.json().map((mall: { _id: string }) => mall._id)).toEqual([c._id, a._id]);
    expect(response.json()[0]).toEqual({
      _id: c._id,
      location_name: c.location_name,
      location_meta: { timezone: 'Europe/Istanbul' },
      location_logo: { thumbnail: null },
      hasMobileApp: false,
    });
    expect(b).toBeDefined();
  });

  it('answers every mall to the system admin, its own first', async () => {
    const [a, b] = [await ctx.newLocation(), await ctx.newLocation()];
    const admin = await ctx.newStaff({ systemAdmin: true, locations: [b] });
    const ids = (await ctx.app.inject({ url: '/api/core/location', headers: admin.headers }))
      .json()
      .map((mall: { _id: string }) => mall._id);
    expect(ids[0]).toBe(b._id);
    expect(ids).toContain(a._id);
  });
});

describe('access refusals', () => {
  it('are recorded with the route and subject', async () => {
    const mall = await ctx.newLocation();
    const staff = await ctx.newStaff({ subjects: ['modules:dashboard'], locations: [mall] });
    const response = await ctx.app.inject({
      url: `/api/test/feedbacks?locationId=${mall._id}`,
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.actor_admin_id, staff._id)));
    expect(row?.details).toMatchObject({
      method: 'GET',
      route: '/api/test/feedbacks',
      subject: 'modules:feedbacks',
    });
    const feedbacks = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [mall] });
    const allowed = await ctx.app.inject({
      url: `/api/test/feedbacks?locationId=${mall._id}`,
      headers: feedbacks.headers,
    });
    expect(allowed.json()).toEqual({ location: mall.location_name });
    const other = await ctx.newLocation();
    const foreign = await ctx.app.inject({
      url: `/api/test/feedbacks?locationId=${other._id}`,
      headers: feedbacks.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const [denied] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.actor_admin_id, feedbacks._id)));
    expect(denied?.details).toMatchObject({ locationId: other._id });
  });
});
