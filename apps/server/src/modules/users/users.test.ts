import { adminProfile, listResponse } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useTestApp } from '../../../test/helper';

const ctx = useTestApp();
const en = { 'accept-language': 'en' };
const manage = 'modules:users:user-management';

describe('GET /api/core/admin', () => {
  it('lists users as profiles, without system admins when noadmin=true', async () => {
    const mall = await ctx.newLocation({ location_name: 'Liste AVM' });
    const admin = await ctx.systemAdmin();
    const clerk = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [mall] });
    const all = await ctx.inject({ url: '/api/core/admin?limit=100' });
    const page = listResponse(adminProfile.strict()).parse(all.json());
    expect(page.data.map((row) => row._id)).toEqual(expect.arrayContaining([admin._id, clerk._id]));
    const mine = page.data.find((row) => row._id === clerk._id);
    expect(mine).toMatchObject({
      admin_email: clerk.email,
      admin_role_id: clerk.roleId,
      admin_locations: [{ _id: mall._id, location_name: 'Liste AVM', location_logo: { thumbnail: null } }],
    });
    const users = await ctx.inject({ url: '/api/core/admin?noadmin=true&limit=100' });
    const ids = users.json().data.map((row: { _id: string }) => row._id);
    expect(ids).toContain(clerk._id);
    expect(ids).not.toContain(admin._id);
  });

  it('shows a non-system admin only the users who share a mall with them', async () => {
    const [a, b] = [await ctx.newLocation(), await ctx.newLocation()];
    const manager = await ctx.newStaff({ subjects: [manage], locations: [a] });
    const colleague = await ctx.newStaff({ locations: [a, b] });
    const stranger = await ctx.newStaff({ locations: [b] });
    const response = await ctx.app.inject({ url: '/api/core/admin?limit=1000', headers: manager.headers });
    const ids = response.json().data.map((row: { _id: string }) => row._id);
    expect(ids).toEqual(expect.arrayContaining([manager._id, colleague._id]));
    expect(ids).not.toContain(stranger._id);
    expect(
      (await ctx.app.inject({ url: `/api/core/admin/${stranger._id}`, headers: manager.headers })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/core/admin/${colleague._id}`, headers: manager.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses staff without user-management', async () => {
    const clerk = await ctx.newStaff({ subjects: ['modules:users:user-invitation'] });
    expect((await ctx.app.inject({ url: '/api/core/admin', headers: clerk.headers })).statusCode).toBe(403);
  });
});

describe('POST, PUT, DELETE /api/core/admin', () => {
  it('creates a user who can sign in, changes and deletes them, auditing each step', async () => {
    const [a, b] = [await ctx.newLocation(), await ctx.newLocation()];
    const role = await ctx.newStaff({ subjects: ['modules:feedbacks'] });
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/core/admin',
      payload: {
        admin_email: 'Yeni.Kullanici@Example.com',
        admin_name: 'Ayşe',
        admin_surname: 'Yılmaz',
        admin_password: 'gizli-sifre',
        admin_role_id: role.roleId,
        admin_location_ids: [b._id, a._id],
      },
    });
    expect(created.statusCode).toBe(201);
    const user = adminProfile.strict().parse(created.json());
    expect(user.admin_email).toBe('yeni.kullanici@example.com');
    expect(user.admin_locations.map((mall) => mall._id)).toEqual([b._id, a._id]);
    const token = await ctx.signIn('yeni.kullanici@example.com', 'gizli-sifre');

    const changed = await ctx.inject({
      method: 'PUT',
      url: `/api/core/admin/${user._id}`,
      payload: {
        admin_name: 'Ayşe',
        admin_surname: 'Kaya',
        admin_role_id: role.roleId,
        admin_location_ids: [a._id],
      },
    });
    expect(changed.json()).toMatchObject({ admin_surname: 'Kaya', admin_locations: [{ _id: a._id }] });

    expect((await ctx.inject({ method: 'DELETE', url: `/api/core/admin/${user._id}` })).statusCode).toBe(204);
    // The deleted user's session ends with them.
    const after = await ctx.app.inject({
      url: '/api/core/admin/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    const actions = await ctx.database.db.query.auditLog.findMany({
      where: (log, { eq }) => eq(log.entity_id, user._id),
    });
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.created', 'user.updated', 'user.deleted']),
    );
  });

  it('answers EMAIL_TAKEN for an address in use, whatever its letter case', async () => {
    const existing = await ctx.newStaff();
    const mall = await ctx.newLocation();
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/core/admin',
      payload: {
        admin_email: existing.email.toUpperCase(),
        admin_name: 'A',
        admin_surname: 'B',
        admin_password: 'gizli-sifre',
        admin_role_id: existing.roleId,
        admin_location_ids: [mall._id],
      },
    });
    expect(response.json()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN' });
  });

  it('names an unknown role or mall', async () => {
    const mall = await ctx.newLocation();
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/core/admin',
      headers: en,
      payload: {
        admin_email: 'kimse@example.com',
        admin_name: 'A',
        admin_surname: 'B',
        admin_password: 'gizli-sifre',
        admin_role_id: '65a1b2c3d4e5f60718293a4b',
        admin_location_ids: [mall._id],
      },
    });
    expect(response.json().fields).toEqual({ admin_role_id: 'Role not found' });
  });

  it('lets a manager give only their own malls and roles no bigger than theirs, and keeps other malls', async () => {
    const [mine, theirs] = [await ctx.newLocation(), await ctx.newLocation()];
    const manager = await ctx.newStaff({ subjects: [manage, 'modules:feedbacks'], locations: [mine] });
    const small = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [mine] });
    const big = await ctx.newStaff({ subjects: ['modules:customers:customers'], locations: [mine] });
    const base = { admin_name: 'A', admin_surname: 'B', admin_password: 'gizli-sifre' };
    const ask = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/core/admin',
        headers: { ...manager.headers, ...en },
        payload,
      });

    const otherMall = await ask({
      ...base,
      admin_email: 'm1@example.com',
      admin_role_id: small.roleId,
      admin_location_ids: [theirs._id],
    });
    expect(otherMall.json().fields).toEqual({ admin_location_ids: 'You can only give malls you work for' });
    const bigRole = await ask({
      ...base,
      admin_email: 'm2@example.com',
      admin_role_id: big.roleId,
      admin_location_ids: [mine._id],
    });
    expect(bigRole.json().fields).toEqual({
      admin_role_id: 'You cannot give a role with more permissions than your own',
    });
    const admin = await ctx.systemAdmin();
    const adminRole = await ask({
      ...base,
      admin_email: 'm3@example.com',
      admin_role_id: admin.roleId,
      admin_location_ids: [mine._id],
    });
    expect(adminRole.statusCode).toBe(400);

    // A colleague in both malls: the manager decides about their shared mall only.
    const colleague = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [mine, theirs] });
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/core/admin/${colleague._id}`,
      headers: manager.headers,
      payload: {
        admin_name: 'C',
        admin_surname: 'D',
        admin_role_id: small.roleId,
        admin_location_ids: [mine._id],
      },
    });
    expect(update.statusCode).toBe(200);
    expect(
      update
        .json()
        .admin_locations.map((mall: { _id: string }) => mall._id)
        .sort(),
    ).toEqual([mine._id, theirs._id].sort());
  });

  it('keeps system admins out of other users’ reach', async () => {
    const mall = await ctx.newLocation();
    const manager = await ctx.newStaff({ subjects: [manage], locations: [mall] });
    const admin = await ctx.newStaff({ systemAdmin: true, locations: [mall] });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/core/admin/${admin._id}`,
      headers: manager.headers,
      payload: {
        admin_name: 'X',
        admin_surname: 'Y',
        admin_role_id: admin.roleId,
        admin_location_ids: [mall._id],
      },
    });
    expect(response.statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/core/admin/${admin._id}`,
          headers: manager.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers CANNOT_DELETE_SELF', async () => {
    const admin = await ctx.systemAdmin();
    const response = await ctx.inject({ method: 'DELETE', url: `/api/core/admin/${admin._id}`, headers: en });
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'CANNOT_DELETE_SELF',
      message: 'You cannot delete your own account',
    });
  });

  it('signs in with the password it was given (argon2)', async () => {
    const staff = await ctx.newStaff();
    await expect(ctx.signIn(staff.email, TEST_PASSWORD)).resolves.toBeTruthy();
  });
});
