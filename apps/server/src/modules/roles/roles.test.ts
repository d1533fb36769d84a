import { permissionTree, role } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';

const ctx = useTestApp();
const en = { 'accept-language': 'en' };

const systemAdminRoleId = async () => (await ctx.systemAdmin()).roleId;

describe('roles', () => {
  it('answers the permission tree of the contracts', async () => {
    const response = await ctx.inject({ url: '/api/core/role/tree-data' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(permissionTree);
  });

  it('creates, lists, changes and deletes a role, with modules flattened from menu_items', async () => {
    const menu_items = [
      { subject: 'modules:loyalty', children: [{ subject: 'modules:loyalty:receipts' }] },
      { subject: 'modules:dashboard' },
    ];
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/core/role',
      payload: { role_name: 'Mağaza Sorumlusu', menu_items },
    });
    expect(created.statusCode).toBe(201);
    const body = role.strict().parse(created.json());
    expect(body.modules).toEqual(['modules:loyalty', 'modules:loyalty:receipts', 'modules:dashboard']);

    const list = await ctx.inject({ url: '/api/core/role?keyword=magaza' });
    expect(list.json().data.map((row: { _id: string }) => row._id)).toEqual([body._id]);

    const changed = await ctx.inject({
      method: 'PUT',
      url: `/api/core/role/${body._id}`,
      payload: { role_name: 'Mağaza Müdürü', menu_items: [{ subject: 'modules:feedbacks' }] },
    });
    expect(changed.json()).toMatchObject({ role_name: 'Mağaza Müdürü', modules: ['modules:feedbacks'] });

    const removed = await ctx.inject({ method: 'DELETE', url: `/api/core/role/${body._id}` });
    expect(removed.statusCode).toBe(204);
    expect((await ctx.inject({ method: 'DELETE', url: `/api/core/role/${body._id}` })).statusCode).toBe(404);
    const actions = await ctx.database.db.query.auditLog.findMany({
      where: (log, { eq }) => eq(log.entity_id, body._id),
    });
    expect(actions.map((row) => row.action).sort()).toEqual(['role.created', 'role.deleted', 'role.updated']);
  });

  it('refuses subjects the permission tree does not have, naming menu_items', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/core/role',
      headers: en,
      payload: {
        role_name: 'Typo',
        menu_items: [{ subject: 'modules:dashboard', children: [{ subject: 'modules:dashbord' }] }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      menu_items: 'Only modules of the permission tree can be chosen',
    });
  });

  it('keeps the name system admin for the system admin role, whatever the letter case', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/core/role',
      payload: { role_name: ' System Admin ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ role_name: 'Bu ad platform yöneticisi rolüne ayrılmıştır' });
  });

  it('locks the system admin role', async () => {
    const id = await systemAdminRoleId();
    const put = await ctx.inject({
      method: 'PUT',
      url: `/api/core/role/${id}`,
      payload: { role_name: 'Herkes' },
    });
    expect(put.json()).toMatchObject({ statusCode: 403, code: 'SYSTEM_ADMIN_ROLE_LOCKED' });
    const del = await ctx.inject({ method: 'DELETE', url: `/api/core/role/${id}`, headers: en });
    expect(del.json()).toEqual({
      statusCode: 403,
      code: 'SYSTEM_ADMIN_ROLE_LOCKED',
      message: 'The platform admin role cannot be changed or deleted',
    });
  });

  it('answers ROLE_IN_USE for a role users hold', async () => {
    const holder = await ctx.newStaff({ subjects: ['modules:feedbacks'] });
    const response = await ctx.inject({ method: 'DELETE', url: `/api/core/role/${holder.roleId}` });
    expect(response.json()).toMatchObject({ statusCode: 409, code: 'ROLE_IN_USE' });
  });

  it('lets a role editor give only the modules they have', async () => {
    const editor = await ctx.newStaff({
      subjects: ['modules:users:user-authorization', 'modules:feedbacks'],
    });
    const mine = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/role',
      headers: editor.headers,
      payload: { role_name: 'Geri bildirim', menu_items: [{ subject: 'modules:feedbacks' }] },
    });
    expect(mine.statusCode).toBe(201);
    const more = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/role',
      headers: { ...editor.headers, ...en },
      payload: { role_name: 'Her şey', menu_items: [{ subject: 'modules:customers:customers' }] },
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().fields).toEqual({ menu_items: 'You can only give modules you have yourself' });
  });

  it('lets the users and invitations screens read the role list, and nobody else', async () => {
    for (const subject of ['modules:users:user-management', 'modules:users:user-invitation']) {
      const reader = await ctx.newStaff({ subjects: [subject] });
      expect((await ctx.app.inject({ url: '/api/core/role', headers: reader.headers })).statusCode).toBe(200);
    }
    const clerk = await ctx.newStaff({ subjects: ['modules:feedbacks'] });
    const refused = await ctx.app.inject({ url: '/api/core/role', headers: clerk.headers });
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
  });

  it('refuses changes by users whose role lacks user-authorization', async () => {
    const other = await ctx.newStaff({ subjects: ['modules:users:user-management'] });
    for (const [method, url] of [
      ['GET', '/api/core/role/tree-data'],
      ['POST', '/api/core/role'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: other.headers,
        payload: method === 'POST' ? { role_name: 'x y' } : undefined,
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
