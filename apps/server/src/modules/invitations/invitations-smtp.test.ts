import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helper';
import { partsOf, startTestSmtpServer } from '../../platform/mail/test-smtp-server';
import { invitations } from './invitations.tables';

/** The invitation path with the SMTP driver against a real local SMTP server, and one that refuses. */
describe.each([
  ['accepting', false],
  ['refusing', true],
])('invitations over SMTP (%s server)', (_, refuse) => {
  let server: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let ctx: TestContext;
  beforeAll(async () => {
    server = await startTestSmtpServer({ refuse });
    ctx = await buildTestApp({
      config: {
        publicUrl: 'https://panel.avm.example.com',
        mail: {
          from: 'Avlu <davet@avm.example.com>',
          smtp: { host: '127.0.0.1', port: server.port, secure: false, auth: undefined },
        },
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  it(
    refuse ? 'answers 502 INVITE_NOT_SENT and keeps nothing' : 'delivers the mail whose link registers',
    async () => {
      const mall = await ctx.newLocation();
      const role = await ctx.newStaff({ subjects: ['modules:feedbacks'] });
      const response = await ctx.inject({
        method: 'POST',
        url: `/api/core/admin-invites?locationId=${mall._id}`,
        headers: { host: 'panel.avm.example.com', 'accept-language': 'en' },
        payload: { admin_invite_email: 'posta@example.com', admin_invite_role_id: role.roleId },
      });
      if (refuse) {
        expect(response.json()).toEqual({
          statusCode: 502,
          code: 'INVITE_NOT_SENT',
          message: 'Invite can not send; please try again later',
        });
        expect((await ctx.inject({ url: '/api/core/admin-invites' })).json().data).toEqual([]);
        const audit = await ctx.database.db.query.auditLog.findMany({
          where: (log, { eq }) => eq(log.action, 'invitation.sent'),
        });
        expect(audit).toEqual([]);
        return;
      }
      expect(response.statusCode).toBe(201);
      const mail = server.received.at(-1)!;
      expect(mail.to).toEqual(['posta@example.com']);
      const { headers, text, html } = partsOf(mail.raw);
      expect(headers).toMatch(/^Subject: You are invited to the Avlu admin panel$/m);
      expect(headers).toMatch(/^From: Avlu <davet@avm\.example\.com>$/m);
      const link = /https:\/\/panel\.avm\.example\.com\/auth\/register\/([A-Za-z0-9_-]{43})/.exec(text);
      expect(link).not.toBeNull();
      expect(html).toContain(`href="${link![0]}"`);
      const registered = await ctx.app.inject({
        method: 'POST',
        url: '/api/core/auth/register',
        payload: {
          admin_name: 'Posta',
          admin_surname: 'Kutusu',
          admin_invite_token: link![1],
          admin_password: 'yeni-sifre',
        },
      });
      expect(registered.statusCode).toBe(200);
    },
  );

  it.runIf(refuse)('keeps the old link when a resend cannot be mailed', async () => {
    const role = await ctx.newStaff({ subjects: ['modules:feedbacks'] });
    const [row] = await ctx.database.db
      .insert(invitations)
      .values({
        email: 'bekleyen@example.com',
        role_id: role.roleId,
        token_hash: 'a'.repeat(64),
        lang: 'tr',
        expires_at: new Date(Date.now() + 60_000),
      })
      .returning();
    const response = await ctx.inject({ method: 'POST', url: `/api/core/admin-invites/resend/${row!._id}` });
    expect(response.json()).toMatchObject({ statusCode: 502, code: 'INVITE_NOT_SENT' });
    const [after] = await ctx.database.db.select().from(invitations).where(eq(invitations._id, row!._id));
    expect(after).toMatchObject({ token_hash: 'a'.repeat(64), expires_at: row!.expires_at });
  });
});
