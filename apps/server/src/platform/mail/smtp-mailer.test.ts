import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMail } from '../../modules/mail/invitation-mail';
import { smtpMailer } from './smtp-mailer';
import { partsOf, startTestSmtpServer } from './test-smtp-server';

describe('SMTP driver', () => {
  let server: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    server = await startTestSmtpServer();
  });
  afterAll(() => server.close());

  it('delivers HTML and plain text to a real SMTP server, every value escaped', async () => {
    const mailer = smtpMailer(
      { host: '127.0.0.1', port: server.port, secure: false, auth: undefined },
      'Avlu AVM <no-reply@avm.example.com>',
      undefined,
    );
    const link = 'https://avm.example.com/auth/register/abc_DEF-123';
    await mailer.send(
      invitationMail({
        lang: 'tr',
        to: 'davetli@example.com',
        inviterName: 'Şule <b>Çelik</b>',
        roleName: 'Mağaza & Kampanya',
        link,
        expiresInDays: 7,
      }),
    );
    await mailer.close();
    const mail = server.received.at(-1)!;
    expect(mail.from).toBe('no-reply@avm.example.com');
    expect(mail.to).toEqual(['davetli@example.com']);
    const { headers, text, html } = partsOf(mail.raw);
    expect(headers).toMatch(/^From: Avlu AVM <no-reply@avm\.example\.com>$/m);
    expect(headers).toMatch(/^To: davetli@example\.com$/m);
    expect(headers).toMatch(/^Content-Language: tr$/m);
    expect(headers).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(headers).toMatch(/multipart\/alternative/);
    expect(text).toContain(
      'Şule <b>Çelik</b> sizi Avlu yönetim paneline “Mağaza & Kampanya” rolüyle davet etti.',
    );
    expect(text).toContain(`Daveti kabul et: ${link}`);
    expect(html).toContain('Şule &lt;b&gt;Çelik&lt;/b&gt;');
    expect(html).toContain('Mağaza &amp; Kampanya');
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('>Daveti kabul et</a>');
    expect(html).not.toContain('<b>');
  });

  it('fails when the server refuses the recipient', async () => {
    const refusing = await startTestSmtpServer({ refuse: true });
    const mailer = smtpMailer(
      { host: '127.0.0.1', port: refusing.port, secure: false, auth: undefined },
      'a@b.co',
      undefined,
    );
    await expect(
      mailer.send({ to: 'x@example.com', subject: 's', html: '<p>h</p>', text: 't', lang: 'en' }),
    ).rejects.toThrow();
    await mailer.close();
    await refusing.close();
  });
});
