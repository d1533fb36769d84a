import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsOf, startTestSmtpServer } from '../../../platform/mail/test-smtp-server';
import { fakeClock } from './fake-clock';
import { ProviderError } from './provider-error';
import {
  buildMarketingMail,
  htmlToText,
  type MarketingMail,
  sanitiseMailHtml,
  smtpBulkMail,
} from './smtp-bulk-mail';
import { createThrottle } from './throttle';

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

const UNSUBSCRIBE = {
  url: 'https://avm.example.com/api/ext/unsubscribe/8f2c0a9b7d6e5f4a3b2c1d0e',
  mailto: 'unsubscribe+8f2c0a9b7d6e5f4a3b2c1d0e@avm.example.com',
};

const commercial = (to: string, overrides: Partial<MarketingMail> = {}): MarketingMail => ({
  to,
  subject: 'Hafta sonu indirimleri başladı',
  previewText: 'Tüm mağazalarda %20’ye varan indirim',
  html: '<h1>Büyük indirim</h1><p>Hafta sonu <b>tüm mağazalarda</b> %20 indirim.</p><p><a href="https://avm.example.com/kampanya">Kampanyayı gör</a></p>',
  lang: 'tr',
  commercial: true,
  unsubscribe: UNSUBSCRIBE,
  ...overrides,
});

/** The header block with folded lines unfolded (RFC 5322 §2.2.3). */
const unfolded = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');

/** A port on 127.0.0.1 where nothing listens. */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('marketing mail HTML', () => {
  it('is sanitised: scripts, handlers, frames, forms, style sheets and dangerous addresses go; mail layout stays', () => {
    const safe = sanitiseMailHtml(
      [
        '<style>body{background:url(https://evil.example/x)}</style>',
        '<script>alert(1)</script>',
        '<p onclick="steal()" style="color:#212b36;position:fixed;background-image:url(https://evil.example/t.gif)">Merhaba</p>',
        '<a href="javascript:alert(1)">tıkla</a>',
        '<a href="https://avm.example.com/a" onmouseover="x()">kampanya</a>',
        '<img src="data:image/png;base64,AAAA" alt="gömülü">',
        '<img src="https://cdn.example.com/banner.jpg" alt="Afiş" width="600" onerror="x()">',
        '<iframe src="https://evil.example"></iframe>',
        '<form action="https://evil.example"><input name="kart"></form>',
        '<table cellpadding="4"><tr><td style="text-align:center;padding:8px">Hücre</td></tr></table>',
      ].join(''),
    );
    expect(safe).not.toMatch(
      /script|onclick|onmouseover|onerror|javascript:|data:|iframe|<form|<input|<style|position|url\(/i,
    );
    expect(safe).toContain('<p style="color:#212b36">Merhaba</p>');
    expect(safe).toContain('<a>tıkla</a>');
    expect(safe).toContain('<a href="https://avm.example.com/a">kampanya</a>');
    expect(safe).toContain('<img src="https://cdn.example.com/banner.jpg" alt="Afiş" width="600" />');
    expect(safe).toContain('<td style="text-align:center;padding:8px">Hücre</td>');
  });

  it('has a plain-text alternative with the same words, links spelled out', () => {
    const text = htmlToText(
      sanitiseMailHtml(
        '<h1>Büyük &amp; güzel indirim</h1><p>Satır bir<br>satır iki</p><ul><li>Ayakkabı</li><li>Çanta</li></ul>' +
          '<p><a href="https://avm.example.com/k?a=1&amp;b=2">Kampanyayı gör</a> ya da <a href="https://avm.example.com">https://avm.example.com</a></p>' +
          '<img src="https://cdn.example.com/b.jpg" alt="Afiş"><table><tr><td>A</td><td>B</td></tr></table>',
      ),
    );
    expect(text).toBe(
      [
        'Büyük & güzel indirim',
        '',
        'Satır bir',
        'satır iki',
        '',
        '- Ayakkabı',
        '- Çanta',
        '',
        'Kampanyayı gör (https://avm.example.com/k?a=1&b=2) ya da https://avm.example.com',
        '',
        '[Afiş]',
        '',
        'A B',
      ].join('\n'),
    );
  });

  it('a commercial mail needs an https one-click unsubscribe address; an informational one does not', () => {
    const account = { from: 'Avlu AVM <kampanya@avm.example.com>' };
    expect(() =>
      buildMarketingMail(commercial('a@example.com', { unsubscribe: undefined }), account),
    ).toThrow(TypeError);
    expect(() =>
      buildMarketingMail(
        commercial('a@example.com', { unsubscribe: { url: 'http://avm.example.com/u' } }),
        account,
      ),
    ).toThrow(TypeError);
    // Plain http only to this machine itself: a server tried out on loopback.
    const local = buildMarketingMail(
      commercial('a@example.com', { unsubscribe: { url: 'http://127.0.0.1:3000/u' } }),
      account,
    );
    expect(local.headers['List-Unsubscribe']).toBe('<http://127.0.0.1:3000/u>');
    expect(() =>
      buildMarketingMail(
        commercial('a@example.com', { unsubscribe: { url: 'http://127.0.0.1.example.com/u' } }),
        account,
      ),
    ).toThrow(TypeError);
    const informational = buildMarketingMail(
      commercial('a@example.com', { commercial: false, unsubscribe: undefined }),
      account,
    );
    expect(informational.headers).toEqual({ 'Content-Language': 'tr' });
    expect(informational.html).not.toContain('abonelikten');
  });
});

describe('SMTP marketing mail driver', () => {
  let server: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    server = await startTestSmtpServer({
      refuseRecipient: (address) =>
        address.startsWith('gone@') ? 550 : address.startsWith('full@') ? 452 : undefined,
    });
  });
  afterAll(() => server.close());

  const account = () => ({
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    auth: undefined,
    from: 'Avlu AVM <kampanya@avm.example.com>',
    bounceAddress: 'bounces@avm.example.com',
  });

  it('sends a commercial mail with one-click unsubscribe headers, sanitised HTML and a plain-text part', async () => {
    const driver = smtpBulkMail(account());
    const { messageId } = await driver.send(
      commercial('ayse@example.com', {
        html: '<p onclick="x()">Hafta sonu <b>tüm mağazalarda</b> %20 indirim.</p><script>alert(1)</script>',
        logo: { url: 'https://avm.example.com/files/logo.png', alt: 'Avlu AVM' },
      }),
    );
    await driver.close();
    expect(messageId).toMatch(/^<.+@.+>$/);
    const mail = server.received.at(-1)!;
    expect(mail.from).toBe('bounces@avm.example.com');
    expect(mail.to).toEqual(['ayse@example.com']);
    const { headers, text, html } = partsOf(mail.raw);
    const head = unfolded(headers);
    expect(head).toMatch(/^From: Avlu AVM <kampanya@avm\.example\.com>$/m);
    expect(head).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${UNSUBSCRIBE.url.replace(/[.]/g, '\\.')}>, <mailto:${UNSUBSCRIBE.mailto.replace(/[.+]/g, '\\$&')}>$`,
        'm',
      ),
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).toMatch(/^Content-Language: tr$/m);
    expect(head).toMatch(/multipart\/alternative/);
    expect(html).toContain('<p>Hafta sonu <b>tüm mağazalarda</b> %20 indirim.</p>');
    expect(html).not.toMatch(/onclick|<script/);
    expect(html).toContain('Tüm mağazalarda %20’ye varan indirim</div>');
    expect(html).toContain('<img src="https://avm.example.com/files/logo.png" alt="Avlu AVM"');
    expect(html).toContain(`<a href="${UNSUBSCRIBE.url}">abonelikten çıkın</a>`);
    expect(text.replace(/\r\n/g, '\n')).toBe(
      `Hafta sonu tüm mağazalarda %20 indirim.\n\nBu e-postaları artık almak istemiyorsanız abonelikten çıkın: ${UNSUBSCRIBE.url}`,
    );
  });

  it('signs with DKIM over the one-click unsubscribe headers when the account has a key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const driver = smtpBulkMail({
      ...account(),
      dkim: {
        domainName: 'avm.example.com',
        keySelector: 'avlu',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    await driver.send(commercial('imzali@example.com'));
    await driver.close();
    const head = unfolded(partsOf(server.received.at(-1)!.raw).headers);
    const signature = /^DKIM-Signature: (.+)$/m.exec(head)?.[1] ?? '';
    expect(signature).toMatch(/\bd=avm\.example\.com;/);
    expect(signature).toMatch(/\bs=avlu;/);
    const signed = (/\bh=([^;]+);/.exec(signature)?.[1] ?? '').replace(/\s/g, '').toLowerCase().split(':');
    expect(signed).toEqual(
      expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
    );
  });

  it('shares a pool of connections: 30 mails over at most 3 connections', async () => {
    const driver = smtpBulkMail({ ...account(), maxConnections: 3 });
    const before = { received: server.received.length, connections: server.connections() };
    await Promise.all(
      Array.from({ length: 30 }, (_, index) => driver.send(commercial(`musteri${index}@example.com`))),
    );
    await driver.close();
    expect(server.received.length - before.received).toBe(30);
    expect(server.connections() - before.connections).toBeLessThanOrEqual(3);
    expect(server.mostOpen()).toBeLessThanOrEqual(3);
    expect(new Set(server.received.slice(before.received).flatMap((mail) => mail.to)).size).toBe(30);
  });

  it('a refused address is that message’s: 5xx permanent, 4xx retryable; the pool goes on', async () => {
    const driver = smtpBulkMail({ ...account(), maxConnections: 1 });
    expect(await failureOf(driver.send(commercial('gone@example.com')))).toMatchObject({
      code: '550',
      status: 550,
      retryable: false,
      scope: 'message',
      inDoubt: false,
    });
    expect(await failureOf(driver.send(commercial('full@example.com')))).toMatchObject({
      code: '452',
      retryable: true,
      scope: 'message',
    });
    await driver.send(commercial('sonraki@example.com'));
    await driver.close();
    expect(server.received.at(-1)?.to).toEqual(['sonraki@example.com']);
  });

  it('a server that cannot be reached is retryable and surely not sent', async () => {
    const driver = smtpBulkMail({ ...account(), port: await closedPort() }, { timeoutMs: 2000 });
    expect(await failureOf(driver.send(commercial('a@example.com')))).toMatchObject({
      code: 'ESOCKET',
      retryable: true,
      inDoubt: false,
      description: expect.stringContaining('ECONNREFUSED'),
    });
    await driver.close();
  });

  it('waits on the throttle before each mail', async () => {
    const clock = fakeClock();
    const driver = smtpBulkMail(account(), { throttle: createThrottle(500, clock) });
    for (const index of [1, 2, 3]) await driver.send(commercial(`hiz${index}@example.com`));
    await driver.close();
    expect(clock.sleeps).toEqual([0, 2, 2]);
  });
});
