import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { passwordResets } from './password-resets.tables';

const ctx = useTestApp({ config: { publicUrl: 'https://avm.example.com/' } });
const LINK = /https:\/\/avm\.example\.com\/auth\/reset-password\/([A-Za-z0-9_-]{43})/;

const forget = (email: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/core/auth/forget-password',
    payload: { admin_email: email },
    headers,
  });

const mailsTo = (to: string) => ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

const resetLink = async (to: string, count = 1) => {
  const mails = await vi.waitFor(async () => {
    const found = await mailsTo(to);
    if (found.length < count) throw new Error('no mail yet');
    return found;
  });
  return LINK.exec(mails.at(-1)!.text)?.[1] ?? '';
};

const reset = (token: string, admin_password = 'yepyeni-sifre') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/core/auth/reset-password',
    payload: { token, admin_password },
  });

describe('forget-password', () => {
  it('answers 200 for an unknown address and sends nothing', async () => {
    const response = await forget('kimse-yok@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo('kimse-yok@example.com')).toEqual([]);
  });

  it('mails a link for a known address in the asker’s language, valid for an hour', async () => {
    const staff = await ctx.newStaff();
    const response = await forget(staff.email.toUpperCase(), { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    const token = await resetLink(staff.email);
    expect(token).toHaveLength(43);
    const [mail] = await mailsTo(staff.email);
    expect(mail?.subject).toBe('Avlu password reset');
    expect(mail?.html).toContain(`href="https://avm.example.com/auth/reset-password/${token}"`);
    const [row] = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.admin_id, staff._id));
    const minutes = (row!.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(row!.token_hash).not.toContain(token);
  });

  it('sends at most 3 reset mails an hour to one account, still answering 200', async () => {
    const staff = await ctx.newStaff();
    for (let attempt = 0; attempt < 5; attempt++) expect((await forget(staff.email)).statusCode).toBe(200);
    await resetLink(staff.email, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(staff.email)).toHaveLength(3);
  });
});

describe('reset-password', () => {
  it('sets the new password, ends every session, and works once', async () => {
    const staff = await ctx.newStaff();
    const other = await ctx.newSession(staff._id);
    await forget(staff.email);
    const token = await resetLink(staff.email);
    const response = await reset(token);
    expect(response.statusCode).toBe(204);
    for (const headers of [staff.headers, other])
      expect((await ctx.app.inject({ url: '/api/core/admin/profile', headers })).statusCode).toBe(401);
    await expect(ctx.signIn(staff.email, 'yepyeni-sifre')).resolves.toBeTruthy();
    await expect(ctx.signIn(staff.email, staff.password)).rejects.toThrow();
    const again = await reset(token, 'baska-sifre');
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'RESET_LINK_INVALID' });
  });

  it('refuses expired, unknown and tampered links, and a newer link ends the older ones once used', async () => {
    const staff = await ctx.newStaff();
    await forget(staff.email);
    const first = await resetLink(staff.email, 1);
    await forget(staff.email);
    const second = await resetLink(staff.email, 2);
    expect((await reset(second)).statusCode).toBe(204);
    expect((await reset(first)).json().code).toBe('RESET_LINK_INVALID');

    await forget(staff.email);
    const third = await resetLink(staff.email, 3);
    await ctx.database.db
      .update(passwordResets)
      .set({ expires_at: new Date(Date.now() - 1) })
      .where(eq(passwordResets.admin_id, staff._id));
    expect((await reset(third)).json().code).toBe('RESET_LINK_INVALID');
    expect((await reset('A'.repeat(43))).json().code).toBe('RESET_LINK_INVALID');
  });

  it('checks the password rules', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/reset-password',
      headers: { 'accept-language': 'en' },
      payload: { token: 'A'.repeat(43), admin_password: 'has space' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ admin_password: 'The password must not contain spaces' });
  });
});

describe('forget-password per client', () => {
  it('answers 429 to a client asking more than 20 times an hour, whatever the addresses', async () => {
    const remoteAddress = '203.0.113.9';
    const ask = (index: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/core/auth/forget-password',
        payload: { admin_email: `yok${index}@example.com` },
        remoteAddress,
      });
    for (let index = 0; index < 20; index++) expect((await ask(index)).statusCode).toBe(200);
    expect((await ask(20)).json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
  });
});
