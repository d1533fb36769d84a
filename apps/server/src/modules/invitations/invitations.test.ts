import { invitation, tokenResponse } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { invitations } from './invitations.tables';

const ctx = useTestApp({ config: { publicUrl: 'https://avm.example.com' } });
const en = { 'accept-language': 'en' };
const LINK = /https:\/\/avm\.example\.com\/auth\/register\/([A-Za-z0-9_-]{43})/;

const setup = async () => {
  const mall = await ctx.newLocation();
  // A role held in the mall: its inviters there may hand it out (issue 10 #6).
  const role = await ctx.newStaff({ subjects: ['modules:feedbacks'], locations: [mall] });
  return { mall, role };
};

const invite = (mallId: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.inject({ method: 'POST', url: `/api/core/admin-invites?locationId=${mallId}`, payload, headers });

const lastMailTo = async (to: string) => {
  const rows = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.at(-1);
};

const tokenOf = (text: string | undefined) => LINK.exec(text ?? '')?.[1] ?? '';

describe('POST /api/core/admin-invites', () => {
  it('saves the invitation for the current mall and mails a link with a 256-bit token, stored hashed', async () => {
    const { mall, role } = await setup();
    const response = await invite(
      mall._id,
      { admin_invite_email: 'Yeni@Example.com', admin_invite_role_id: role.roleId },
      en,
    );
    expect(response.statusCode).toBe(201);
    const body = invitation.strict().parse(response.json());
    expect(body).toMatchObject({
      admin_invite_email: 'yeni@example.com',
      admin_invite_role_id: role.roleId,
      admin_invite_role_name: expect.stringMatching(/^Test role/),
      admin_invite_location_ids: [mall._id],
      status: 'pending',
    });
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await lastMailTo('yeni@example.com');
    expect(mail?.subject).toBe('You are invited to the Avlu admin panel');
    const token = tokenOf(mail?.text);
    expect(token).toHaveLength(43);
    expect(mail?.html).toContain(`href="https://avm.example.com/auth/register/${token}"`);
    const [row] = await ctx.database.db.select().from(invitations).where(eq(invitations._id, body._id));
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('answers INVITATION_ALREADY_SENT for an open invitation to the same address in any letter case', async () => {
    const { mall, role } = await setup();
    expect(
      (await invite(mall._id, { admin_invite_email: 'iki@example.com', admin_invite_role_id: role.roleId }))
        .statusCode,
    ).toBe(201);
    const again = await invite(
      mall._id,
      { admin_invite_email: 'IKI@example.com', admin_invite_role_id: role.roleId },
      en,
    );
    expect(again.json()).toEqual({
      statusCode: 409,
      code: 'INVITATION_ALREADY_SENT',
      message: 'An invitation has already been sent to that email',
    });
  });

  it('lets an expired invitation be replaced', async () => {
    const { mall, role } = await setup();
    const first = await invite(mall._id, {
      admin_invite_email: 'eski@example.com',
      admin_invite_role_id: role.roleId,
    });
    await ctx.database.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations._id, first.json()._id));
    const list = await ctx.inject({ url: '/api/core/admin-invites?keyword=eski' });
    expect(list.json().data[0].status).toBe('expired');
    expect(
      (await invite(mall._id, { admin_invite_email: 'eski@example.com', admin_invite_role_id: role.roleId }))
        .statusCode,
    ).toBe(201);
  });

  it('answers EMAIL_TAKEN for an address a user has', async () => {
    const { mall, role } = await setup();
    const response = await invite(mall._id, {
      admin_invite_email: role.email.toUpperCase(),
      admin_invite_role_id: role.roleId,
    });
    expect(response.json()).toMatchObject({ statusCode: 409, code: 'EMAIL_TAKEN' });
  });

  it('lets an inviter give only their own malls, and requires the mall of the call', async () => {
    const { mall, role } = await setup();
    const other = await ctx.newLocation();
    const inviter = await ctx.newStaff({
      subjects: ['modules:users:user-invitation', 'modules:feedbacks'],
      locations: [mall],
    });
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/core/admin-invites?locationId=${mall._id}`,
      headers: { ...inviter.headers, ...en },
      payload: {
        admin_invite_email: 'd1@example.com',
        admin_invite_role_id: role.roleId,
        admin_invite_location_ids: [other._id],
      },
    });
    expect(theirs.json().fields).toEqual({
      admin_invite_location_ids: 'You can only give malls you work for',
    });
    const foreignCall = await ctx.app.inject({
      method: 'POST',
      url: `/api/core/admin-invites?locationId=${other._id}`,
      headers: inviter.headers,
      payload: { admin_invite_email: 'd2@example.com', admin_invite_role_id: role.roleId },
    });
    expect(foreignCall.statusCode).toBe(403);
    const noMall = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/admin-invites',
      headers: inviter.headers,
      payload: { admin_invite_email: 'd3@example.com', admin_invite_role_id: role.roleId },
    });
    expect(noMall.statusCode).toBe(400);
    const fine = await ctx.app.inject({
      method: 'POST',
      url: `/api/core/admin-invites?locationId=${mall._id}`,
      headers: inviter.headers,
      payload: { admin_invite_email: 'd4@example.com', admin_invite_role_id: role.roleId },
    });
    expect(fine.statusCode).toBe(201);
    // The Turkish-speaking inviter's mail is in Turkish.
    expect((await lastMailTo('d4@example.com'))?.subject).toBe('Avlu yönetim paneline davet edildiniz');
  });

  it('refuses staff without user-invitation', async () => {
    const { mall } = await setup();
    const clerk = await ctx.newStaff({ subjects: ['modules:users:user-management'], locations: [mall] });
    const response = await ctx.app.inject({ url: '/api/core/admin-invites', headers: clerk.headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('resend and delete', () => {
  it('resends with a new token and a new week; the old link stops working', async () => {
    const { mall, role } = await setup();
    const created = (
      await invite(mall._id, { admin_invite_email: 'tekrar@example.com', admin_invite_role_id: role.roleId })
    ).json();
    const oldToken = tokenOf((await lastMailTo('tekrar@example.com'))?.text);
    const resent = await ctx.inject({ method: 'POST', url: `/api/core/admin-invites/resend/${created._id}` });
    expect(resent.statusCode).toBe(200);
    const newToken = tokenOf((await lastMailTo('tekrar@example.com'))?.text);
    expect(newToken).not.toBe(oldToken);
    expect((await ctx.app.inject({ url: `/api/core/auth/invitation/${oldToken}` })).json().code).toBe(
      'INVITATION_INVALID',
    );
    expect((await ctx.app.inject({ url: `/api/core/auth/invitation/${newToken}` })).json()).toEqual({
      admin_invite_email: 'tekrar@example.com',
      admin_invite_role_name: expect.stringMatching(/^Test role/),
    });
    const audit = await ctx.database.db.query.auditLog.findMany({
      where: (log, { eq }) => eq(log.entity_id, created._id),
    });
    expect(audit.map((row) => row.action).sort()).toEqual(['invitation.resent', 'invitation.sent']);
  });

  it('deletes an invitation, whose link then stops working', async () => {
    const { mall, role } = await setup();
    const created = (
      await invite(mall._id, { admin_invite_email: 'sil@example.com', admin_invite_role_id: role.roleId })
    ).json();
    const token = tokenOf((await lastMailTo('sil@example.com'))?.text);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/core/admin-invites/${created._id}` })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/core/admin-invites/${created._id}` })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: `/api/core/auth/invitation/${token}` })).statusCode).toBe(400);
  });

  it('hides another mall’s invitations from a non-system admin', async () => {
    const { mall, role } = await setup();
    const created = (
      await invite(mall._id, { admin_invite_email: 'gizli@example.com', admin_invite_role_id: role.roleId })
    ).json();
    const elsewhere = await ctx.newStaff({
      subjects: ['modules:users:user-invitation'],
      locations: [await ctx.newLocation()],
    });
    const list = await ctx.app.inject({
      url: '/api/core/admin-invites?limit=1000',
      headers: elsewhere.headers,
    });
    expect(list.json().data.map((row: { _id: string }) => row._id)).not.toContain(created._id);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/core/admin-invites/${created._id}`,
      headers: elsewhere.headers,
    });
    expect(del.statusCode).toBe(404);
  });
});

describe('register by invitation', () => {
  it('makes the user with the invited address, role and malls, signs them in, and uses the link once', async () => {
    const { mall, role } = await setup();
    await invite(mall._id, { admin_invite_email: 'kayit@example.com', admin_invite_role_id: role.roleId });
    const token = tokenOf((await lastMailTo('kayit@example.com'))?.text);
    const payload = {
      admin_name: 'Elif',
      admin_surname: 'Şahin',
      admin_invite_token: token,
      admin_password: 'yeni-sifre',
    };
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/core/auth/register', payload });
    expect(registered.statusCode).toBe(200);
    const session = tokenResponse.parse(registered.json());
    const profile = await ctx.app.inject({
      url: '/api/core/admin/profile',
      headers: { authorization: `Bearer ${session.token.value}` },
    });
    expect(profile.json()).toMatchObject({
      admin_email: 'kayit@example.com',
      admin_name: 'Elif',
      admin_role_id: role.roleId,
      admin_locations: [{ _id: mall._id }],
    });
    await expect(ctx.signIn('kayit@example.com', 'yeni-sifre')).resolves.toBeTruthy();
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/register',
      payload,
      headers: en,
    });
    expect(again.json()).toEqual({
      statusCode: 400,
      code: 'INVITATION_INVALID',
      message: 'The invitation link is invalid or has expired',
    });
    const list = await ctx.inject({ url: '/api/core/admin-invites?keyword=kayit' });
    expect(list.json().data[0].status).toBe('accepted');
  });

  it('refuses unknown and expired links', async () => {
    const { mall, role } = await setup();
    const created = (
      await invite(mall._id, { admin_invite_email: 'gec@example.com', admin_invite_role_id: role.roleId })
    ).json();
    const token = tokenOf((await lastMailTo('gec@example.com'))?.text);
    await ctx.database.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1) })
      .where(eq(invitations._id, created._id));
    for (const candidate of [token, 'x'.repeat(43), `${token.slice(0, -1)}A`]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/core/auth/register',
        payload: {
          admin_name: 'A',
          admin_surname: 'B',
          admin_invite_token: candidate,
          admin_password: 'yeni-sifre',
        },
      });
      expect(response.json().code).toBe('INVITATION_INVALID');
      expect((await ctx.app.inject({ url: `/api/core/auth/invitation/${candidate}` })).json().code).toBe(
        'INVITATION_INVALID',
      );
    }
  });

  it('makes one user when two registers race with the same link', async () => {
    const { mall, role } = await setup();
    await invite(mall._id, { admin_invite_email: 'yaris@example.com', admin_invite_role_id: role.roleId });
    const token = tokenOf((await lastMailTo('yaris@example.com'))?.text);
    const register = (name: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/core/auth/register',
        payload: {
          admin_name: name,
          admin_surname: 'Yarış',
          admin_invite_token: token,
          admin_password: 'yeni-sifre',
        },
      });
    const answers = await Promise.all([register('Bir'), register('İki'), register('Üç')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    const users = await ctx.database.db.query.admins.findMany({
      where: (admin, { eq }) => eq(admin.admin_email, 'yaris@example.com'),
    });
    expect(users).toHaveLength(1);
  });
});

describe('concurrent invitations', () => {
  it('keeps one open invitation when two inviters send to the same address at once', async () => {
    const { mall, role } = await setup();
    const send = (email: string) =>
      invite(mall._id, { admin_invite_email: email, admin_invite_role_id: role.roleId });
    const answers = await Promise.all([
      send('ayni@example.com'),
      send('AYNI@example.com'),
      send('Ayni@Example.com'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().code)).toEqual(
      ['INVITATION_ALREADY_SENT', 'INVITATION_ALREADY_SENT'],
    );
    const rows = await ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'ayni@example.com'));
    expect(rows).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ayni@example.com')),
    ).toHaveLength(1);
  });
});
