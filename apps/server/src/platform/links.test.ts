import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/helper';
import { mailOutbox } from './mail/mail-outbox.tables';

// The default configuration: no PUBLIC_URL, as on a developer's machine.
const ctx = useTestApp();
const hostile = {
  host: 'attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'https',
};

const lastMailTo = (to: string) =>
  vi.waitFor(async () => {
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.created_at))
      .limit(1);
    if (!mail) throw new Error('no mail yet');
    return mail;
  });

describe('links in mail never come from the request', () => {
  it('points a password reset link at http://localhost:PORT whatever the Host header says', async () => {
    const staff = await ctx.newStaff();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/forget-password',
      payload: { admin_email: staff.email },
      headers: hostile,
    });
    expect(response.statusCode).toBe(200);
    const mail = await lastMailTo(staff.email);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(`${mail.text}${mail.html}`).not.toContain('attacker');
  });

  it('points invitation links, sent and resent, at http://localhost:PORT', async () => {
    const mall = await ctx.newLocation();
    const admin = await ctx.newStaff({ systemAdmin: true, locations: [mall] });
    const role = await ctx.newStaff({ subjects: ['modules:customers:customer-list'], locations: [mall] });
    const headers = { ...admin.headers, ...hostile };
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/core/admin-invites?locationId=${mall._id}`,
      payload: { admin_invite_email: 'davet@example.com', admin_invite_role_id: role.roleId },
      headers,
    });
    expect(created.statusCode).toBe(201);
    expect((await lastMailTo('davet@example.com')).text).toContain('http://localhost:3000/auth/register/');
    const resent = await ctx.app.inject({
      method: 'POST',
      url: `/api/core/admin-invites/resend/${created.json()._id}?locationId=${mall._id}`,
      headers,
    });
    expect(resent.statusCode).toBe(200);
    const mail = await lastMailTo('davet@example.com');
    expect(mail.text).toContain('http://localhost:3000/auth/register/');
    expect(`${mail.text}${mail.html}`).not.toContain('attacker');
  });
});
