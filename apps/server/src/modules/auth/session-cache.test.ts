import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countingSelects, TEST_PASSWORD, useTestApp } from '../../../test/helper';
import type { Notices } from '../../platform/db/notices';
import { adminLocations, admins, roles } from '../admins/admins.tables';
import { STAFF_ACCESS_CHANNEL, staffSessions } from './session-cache';
import { adminSessions } from './sessions.tables';

const ctx = useTestApp();

const countingDb = () => countingSelects(ctx.database.db);

const idle = { idleMinutes: 120, rememberedIdleMinutes: 7 * 24 * 60 };
const heard = () => ctx.database.notices.heardAll(STAFF_ACCESS_CHANNEL);
const tokenOf = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);

describe('staff session cache', () => {
  it('reads a session once, then answers from memory', async () => {
    const { db, reads } = countingDb();
    const sessions = await staffSessions(db, idle, ctx.database.notices);
    try {
      const staff = await ctx.newStaff({ subjects: ['customers'] });
      const first = await sessions.resolve(tokenOf(staff.headers));
      expect(first?._id).toBe(staff._id);
      const readsAfterFirst = reads.count;
      for (let call = 0; call < 5; call++)
        expect((await sessions.resolve(tokenOf(staff.headers)))?._id).toBe(staff._id);
      expect(reads.count).toBe(readsAfterFirst);
      // An unknown token is never kept: each call asks the database.
      const unknown = 'A'.repeat(43);
      expect(await sessions.resolve(unknown)).toBeUndefined();
      expect(await sessions.resolve(unknown)).toBeUndefined();
      expect(reads.count).toBe(readsAfterFirst + 2);
    } finally {
      sessions.close();
    }
  });

  it('forgets a kept session as soon as it is revoked, its role or malls change, or its user goes, whoever writes', async () => {
    const sessions = await staffSessions(ctx.database.db, idle, ctx.database.notices);
    const db = ctx.database.db;
    try {
      const revoked = await ctx.newStaff();
      expect(await sessions.resolve(tokenOf(revoked.headers))).toBeDefined();
      await db
        .update(adminSessions)
        .set({ revoked_at: new Date() })
        .where(eq(adminSessions.admin_id, revoked._id));
      await heard();
      expect(await sessions.resolve(tokenOf(revoked.headers))).toBeUndefined();

      const mall = await ctx.newLocation();
      const changed = await ctx.newStaff({ subjects: ['customers'], locations: [mall] });
      expect((await sessions.resolve(tokenOf(changed.headers)))?.subjects.has('users')).toBe(false);
      await db
        .update(roles)
        .set({ menu_items: [{ subject: 'users', children: [] }] })
        .where(eq(roles._id, changed.roleId));
      await heard();
      expect((await sessions.resolve(tokenOf(changed.headers)))?.subjects.has('users')).toBe(true);
      await db.delete(adminLocations).where(eq(adminLocations.admin_id, changed._id));
      await heard();
      expect((await sessions.resolve(tokenOf(changed.headers)))?.locationIds).toEqual([]);

      const deleted = await ctx.newStaff();
      expect(await sessions.resolve(tokenOf(deleted.headers))).toBeDefined();
      await db.delete(admins).where(eq(admins._id, deleted._id));
      await heard();
      expect(await sessions.resolve(tokenOf(deleted.headers))).toBeUndefined();
    } finally {
      sessions.close();
    }
  });

  it('reads the database again for a session that looks idle or expired in memory', async () => {
    const { db, reads } = countingDb();
    const sessions = await staffSessions(db, idle, ctx.database.notices);
    try {
      const staff = await ctx.newStaff();
      const now = Date.now();
      expect(await sessions.resolve(tokenOf(staff.headers), new Date(now))).toBeDefined();
      const before = reads.count;
      // Two hours and a minute later in memory, the session is idle: only the database may say so.
      expect(await sessions.resolve(tokenOf(staff.headers), new Date(now + 121 * 60_000))).toBeUndefined();
      expect(reads.count).toBe(before + 1);
    } finally {
      sessions.close();
    }
  });

  it('keeps nothing while the notice connection is down', async () => {
    const { db, reads } = countingDb();
    const down: Notices = { ...ctx.database.notices, live: () => false };
    const sessions = await staffSessions(db, idle, down);
    try {
      const staff = await ctx.newStaff();
      await sessions.resolve(tokenOf(staff.headers));
      await sessions.resolve(tokenOf(staff.headers));
      await sessions.resolve(tokenOf(staff.headers));
      expect(reads.count).toBe(3);
    } finally {
      sessions.close();
    }
  });
});

describe('signed-in calls', () => {
  it('a session used a moment ago is refused right after logout, a password change or a role change', async () => {
    const staff = await ctx.newStaff({ subjects: ['modules:customers:customer-list'] });
    const other = { authorization: `Bearer ${await ctx.signIn(staff.email)}` };
    const profile = (headers: { authorization: string }) =>
      ctx.app.inject({ url: '/api/core/admin/profile', headers });
    // Both sessions read twice: the second answer comes from the cache.
    for (const headers of [staff.headers, other, staff.headers, other])
      expect((await profile(headers)).statusCode).toBe(200);

    // A password change ends the user's other sessions, in the cache too.
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
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(staff.headers)).statusCode).toBe(200);

    // A role change: the module the role no longer holds is refused at once.
    const list = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/customer/filter',
        headers: staff.headers,
        payload: { pagination: { limit: 1, currentPage: 1 } },
      });
    expect((await list()).statusCode).not.toBe(403);
    // Changed on the roles screen, as staff change it: the answer waits until the change is heard.
    const emptied = await ctx.inject({
      method: 'PUT',
      url: `/api/core/role/${staff.roleId}`,
      payload: { role_name: 'Yetkisi alınan rol', menu_items: [] },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await list()).statusCode).toBe(403);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/logout',
      headers: staff.headers,
    });
    expect(logout.statusCode).toBe(204);
    expect((await profile(staff.headers)).statusCode).toBe(401);
  });

  // PostgreSQL's notices take a round trip to be heard; PGlite's are heard before a write is answered.
  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'a call that wrote nothing is answered without waiting for notices, whatever its verb; one that wrote waits',
    async () => {
      const mall = await ctx.newLocation();
      const staff = await ctx.newStaff({ subjects: ['modules:customers:customer-list'], locations: [mall] });
      const notices = ctx.database.notices;
      const heardAll = notices.heardAll;
      let waits = 0;
      notices.heardAll = (channel) => {
        waits++;
        return heardAll(channel);
      };
      try {
        const list = () =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/customer/filter?locationId=${mall._id}`,
            headers: staff.headers,
            payload: { pagination: { limit: 1, currentPage: 1 } },
          });
        // The first call keeps the session and marks its use (a write).
        expect((await list()).statusCode).toBe(200);
        waits = 0;
        for (let call = 0; call < 3; call++) expect((await list()).statusCode).toBe(200);
        expect(waits).toBe(0);
        const logout = await ctx.app.inject({
          method: 'POST',
          url: '/api/core/auth/logout',
          headers: staff.headers,
        });
        expect(logout.statusCode).toBe(204);
        expect(waits).toBe(1);
      } finally {
        notices.heardAll = heardAll;
      }
    },
  );
});
