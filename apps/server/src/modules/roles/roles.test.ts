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

describe('roles across malls (issue 10 #6)', () => {
  const editorSubjects = [
    'modules:users:user-authorization',
    'modules:users:user-invitation',
    'modules:users:user-management',
    'modules:feedbacks',
    'modules:dashboard',
  ];
  const as = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers, payload });
  const listed = async (headers: Record<string, string>) =>
    (await as(headers, 'GET', '/api/core/role?limit=100'))
      .json()
      .data.map((row: { _id: string }) => row._id) as string[];

  it('lets an editor of mall A neither see nor change a role held by a mall-B user', async () => {
    const [a, b] = [await ctx.newLocation(), await ctx.newLocation()];
    const editor = await ctx.newStaff({ subjects: editorSubjects, locations: [a] });
    const colleague = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [a] });
    const foreign = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [b] });
    const shared = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [a, b] });

    const mine = await listed(editor.headers);
    expect(mine).toContain(colleague.roleId);
    expect(mine).toContain(editor.roleId);
    expect(mine).not.toContain(foreign.roleId);
    expect(mine).not.toContain(shared.roleId);
    expect(mine).not.toContain((await ctx.systemAdmin()).roleId);

    for (const roleId of [foreign.roleId, shared.roleId]) {
      const changed = await as(editor.headers, 'PUT', `/api/core/role/${roleId}`, {
        role_name: 'Boş',
        menu_items: [],
      });
      expect(changed.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect((await as(editor.headers, 'DELETE', `/api/core/role/${roleId}`)).statusCode).toBe(404);
      expect((await as(editor.headers, 'GET', `/api/core/role/${roleId}`)).statusCode).toBe(404);
    }
    // The mall-B user's access is unchanged.
    const theirs = await ctx.inject({ url: `/api/core/role/${foreign.roleId}` });
    expect(theirs.json().modules).toEqual(['modules:feedbacks']);
    // The editor's own mall's role is theirs to change; the system admin sees every role.
    const ok = await as(editor.headers, 'PUT', `/api/core/role/${colleague.roleId}`, {
      role_name: 'Mağaza A',
      menu_items: [{ subject: 'modules:dashboard' }],
    });
    expect(ok.statusCode).toBe(200);
    const everything = await listed((await ctx.systemAdmin()).headers);
    expect(everything).toEqual(expect.arrayContaining([foreign.roleId, shared.roleId, colleague.roleId]));
  });

  it('keeps a new role visible to the malls it was made in until someone holds it', async () => {
    const [a, b] = [await ctx.newLocation(), await ctx.newLocation()];
    const editorA = await ctx.newStaff({ subjects: editorSubjects, locations: [a] });
    const editorB = await ctx.newStaff({ subjects: editorSubjects, locations: [b] });
    const created = await as(editorA.headers, 'POST', '/api/core/role', {
      role_name: 'Yeni rol A',
      menu_items: [{ subject: 'modules:feedbacks' }],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    expect(await listed(editorA.headers)).toContain(id);
    expect(await listed(editorB.headers)).not.toContain(id);
    expect(
      (await as(editorB.headers, 'PUT', `/api/core/role/${id}`, { role_name: 'Çalındı' })).statusCode,
    ).toBe(404);
    // Mall B's inviter cannot hand it out either: the pickers and the grant follow the same rule.
    const invite = await ctx.app.inject({
      method: 'POST',
      url: `/api/core/admin-invites?locationId=${b._id}`,
      headers: { ...editorB.headers, 'accept-language': 'en' },
      payload: { admin_invite_email: 'rol-b@example.com', admin_invite_role_id: id },
    });
    expect(invite.json().fields).toEqual({ admin_invite_role_id: 'Role not found' });

    // A role the system admin makes in mall B's screen belongs to mall B.
    const byAdmin = await ctx.inject({
      method: 'POST',
      url: `/api/core/role?locationId=${b._id}`,
      payload: { role_name: 'Merkez rolü', menu_items: [{ subject: 'modules:feedbacks' }] },
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(await listed(editorB.headers)).toContain(byAdmin.json()._id);
    expect(await listed(editorA.headers)).not.toContain(byAdmin.json()._id);
  });
});

describe('role names (issue 10 #21)', () => {
  it('normalises names before the reserved-name check and before storing', async () => {
    for (const name of [
      'system\u00a0admin',
      'System\u2003Admin',
      'system\u200b admin',
      'ｓｙｓｔｅｍ admin',
      'system   admin',
    ]) {
      const response = await ctx.inject({
        method: 'POST',
        url: '/api/core/role',
        payload: { role_name: name },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().fields).toEqual({ role_name: 'Bu ad platform yöneticisi rolüne ayrılmıştır' });
    }
    const stored = await ctx.inject({
      method: 'POST',
      url: '/api/core/role',
      payload: { role_name: '  Mağaza\u00a0\u00a0Sorumlusu\u200b ' },
    });
    expect(stored.json().role_name).toBe('Mağaza Sorumlusu');
  });
});
