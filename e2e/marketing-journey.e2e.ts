import { smsLength } from '@avlu/contracts/marketing/sms-parts';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { type StaffApi, staffApiOf } from './support/campaign-mechanics';
import {
  createEntryChannel,
  type JourneyCustomer,
  mailsWithSubject,
  registerCustomer,
  waitUntil,
} from './support/marketing';
import { adminToken, firstMall, staffCustomer } from './support/micro-site';
import { receivedSms } from './support/sms-inbox';

/** Digits from the clock: a second run on the same database has its own channel, customers and texts. */
const stamp = String(Date.now()).slice(-5);
const CHANNEL = `Pazarlama Testi ${stamp}`;
/** A Turkish mobile number of this run: 532 9<stamp><n>. */
const phoneOf = (n: number) => `+905329${stamp}${n}`;
/** As people type it: 0532 9xx xx xx. */
const typedPhone = (e164: string) =>
  `0${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9, 11)} ${e164.slice(11)}`;

const SMS_TITLE = `Hafta sonu fırsatları ${stamp}`;
/** Turkish letters (single-shift table) and long enough for two parts. */
const SMS_TEXT = `Avlu AVM'de bu hafta sonu seçili mağazalarda %30'a varan indirimler sizi bekliyor! Otoparkımız ücretsiz, çocuk oyun alanımız açık. Kod: ${stamp}. SMS almamak için RET yazıp gönderin.`;
const SMS_TEST_PHONE = phoneOf(9);

const MAIL_SUBJECT = `Kış indirimleri başladı ${stamp}`;
const MAIL_SUBJECT_AGAIN = `Kış indirimlerinde son hafta ${stamp}`;
const MAIL_TEST_ADDRESS = `test-${stamp}@avlu.test`;

/**
 * Issue 16's "Done when" journey against the real built server, whose SMS go to the local NetGSM
 * gateway and whose mail to the local SMTP server (the demo malls have no bulk account of their own,
 * so the server's are used): the segment is "registered through this run's channel", which holds
 * exactly the five customers registered here with known consents, so what the gateway and the
 * mailbox received is compared with who consented, one by one.
 */
describe('marketing journey', () => {
  const browser = useBrowser();
  let staff: StaffApi;
  let token = '';
  let mallId = '';
  /** SMS and email consent, with an address. */
  let ayse: JourneyCustomer;
  /** SMS and email consent, with an address. */
  let mehmet: JourneyCustomer;
  /** Email consent only, with an address. */
  let zeynep: JourneyCustomer;
  /** SMS consent only; an address but no email consent. */
  let can: JourneyCustomer;
  /** Email consent but no address; no SMS consent: reached by neither. */
  let elif: JourneyCustomer;

  beforeAll(async () => {
    token = await adminToken();
    mallId = (await firstMall(token))._id;
    staff = staffApiOf(token, mallId);
    const channel = await createEntryChannel(staff, CHANNEL);
    const register = (
      n: number,
      name: string,
      surname: string,
      consents: { sms: boolean; emailConsent: boolean; email: boolean },
    ) =>
      registerCustomer(staff, channel._id, {
        name,
        surname,
        phone: phoneOf(n),
        email: consents.email ? `${name.toLowerCase()}-${stamp}@avlu.test`.replace('ş', 's') : null,
        sms: consents.sms,
        emailConsent: consents.emailConsent,
      });
    ayse = await register(1, 'Ayşe', 'Yıldız', { sms: true, emailConsent: true, email: true });
    mehmet = await register(2, 'Mehmet', 'Kaya', { sms: true, emailConsent: true, email: true });
    zeynep = await register(3, 'Zeynep', 'Demir', { sms: false, emailConsent: true, email: true });
    can = await register(4, 'Can', 'Öztürk', { sms: true, emailConsent: false, email: true });
    elif = await register(5, 'Elif', 'Şahin', { sms: false, emailConsent: true, email: false });
  });

  // What the page showed when a step failed, to look at after the run.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await browser.screenshot(`marketing-journey-failed-${task.name.slice(0, 40)}`);
  });

  /** Adds the segment condition "registered through this run's channel" in the editor's builder. */
  const segmentByChannel = async (page: Page) => {
    const builder = page.getByRole('region', { name: 'Segment' });
    await builder.getByRole('button', { name: 'Koşul ekle' }).click();
    await page.getByRole('menuitem', { name: 'Kayıt kanalı', exact: true }).click();
    await builder.getByRole('combobox', { name: 'Kayıt kanalı' }).fill(CHANNEL);
    await page.getByRole('option', { name: CHANNEL }).click();
    return builder;
  };

  /** The notification's row in its list, searched by `title`. */
  const listRow = async (path: string, title: string) => {
    await browser.open(`${path}?keyword=${encodeURIComponent(title)}`);
    return browser.page.getByRole('row').filter({ hasText: title });
  };

  /** Waits on the list (which asks again every 5 s while a send runs) for the row to say it was sent. */
  const waitForSent = async (row: Locator) => {
    await row.getByText('Gönderildi', { exact: true }).waitFor({ timeout: 120_000 });
  };

  /** The number on the report's card named `label`. */
  const reportCount = (page: Page, label: string) =>
    page.getByRole('group', { name: label, exact: true }).getByRole('paragraph').last();

  /** A screenshot from the top of the page, with nothing focused (a scrolled full-page shot repeats the bar). */
  const screenshot = async (name: string) => {
    await browser.page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await browser.screenshot(name);
  };

  it('builds a segment, writes an SMS and shows its reach and parts as it is written', async () => {
    const { page } = browser;
    await browser.open('/marketing/sms-notifications/new');
    await page.getByRole('heading', { name: 'Yeni SMS Bildirimi' }).waitFor();
    await page.getByRole('textbox', { name: 'Başlık' }).fill(SMS_TITLE);
    await page.getByRole('textbox', { name: 'SMS metni' }).fill(SMS_TEXT);
    const length = smsLength(SMS_TEXT);
    expect(length.encoding).toBe('gsm7-turkish');
    expect(length.parts).toBe(2);
    await page.getByTestId('sms-counter').getByText(`${length.characters} karakter · 2 SMS`).waitFor();
    await page.getByText('GSM-7 Türkçe').waitFor();

    const builder = await segmentByChannel(page);
    // Ayşe, Mehmet and Can consented to SMS; Zeynep and Elif did not.
    await builder.getByText('3 müşteriye ulaşır').waitFor();
    await page.getByTestId('sms-cost').getByText('Toplam: 2 SMS × 3 kişi = 6 SMS').waitFor();
    await screenshot('marketing-journey-sms-editor');
    await expectAccessible(page, 'the SMS editor with a segment');

    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL('**/marketing/sms-notifications');
    const row = await listRow('/marketing/sms-notifications', SMS_TITLE);
    await row.getByText('Oluşturuldu').waitFor();
    // The list's reach and parts: 3 customers, 2 parts each, 6 in all.
    await expect
      .poll(async () =>
        (await row.locator('[data-field="sms_notification_potential"]').textContent())?.trim(),
      )
      .toBe('3');
    expect((await row.locator('[data-field="sms_notification_total_parts"]').textContent())?.trim()).toBe(
      '6',
    );
    await screenshot('marketing-journey-sms-list');
  }, 180_000);

  it('tests the SMS to a phone and sends it: the gateway got exactly the consenting customers’ messages', async () => {
    const { page } = browser;
    const row = await listRow('/marketing/sms-notifications', SMS_TITLE);
    await row.getByText(SMS_TITLE).click();
    await page.getByRole('heading', { name: 'SMS Bildirimini Düzenle' }).waitFor();
    await page.getByRole('region', { name: 'Segment' }).getByText('3 müşteriye ulaşır').waitFor();

    await page.getByRole('button', { name: 'Test gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test gönderimi' });
    await dialog.getByRole('textbox', { name: 'Telefonlar' }).fill(typedPhone(SMS_TEST_PHONE));
    await screenshot('marketing-journey-sms-test');
    await dialog.getByRole('button', { name: 'Testi gönder' }).click();
    await page.getByText('Test gönderildi.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const smsDir = inject('smsDir');
    const ours = () => receivedSms(smsDir).filter((sms) => sms.text.includes(`Kod: ${stamp}.`));
    await waitUntil(ours, (sms) => sms.some((one) => one.to === SMS_TEST_PHONE), 'the test SMS');

    await page.getByRole('button', { name: 'Şimdi gönder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bildirim şimdi gönderilsin mi?' });
    await confirm.getByText(`“${SMS_TITLE}” şu an 3 müşteriye gönderilecek.`, { exact: false }).waitFor();
    await screenshot('marketing-journey-sms-confirm');
    await confirm.getByRole('button', { name: 'Gönder' }).click();
    await page.waitForURL('**/marketing/sms-notifications');
    await page.getByText('SMS bildirimi gönderildi.').waitFor();
    await waitForSent(await listRow('/marketing/sms-notifications', SMS_TITLE));

    // Sent: every batch is done, so nothing more will come. One each to the consenting three and the test phone.
    const got = ours();
    expect(got.map((sms) => sms.to).sort()).toEqual(
      [SMS_TEST_PHONE, ayse.customer_phone, mehmet.customer_phone, can.customer_phone].sort(),
    );
    for (const sms of got) expect(sms.text).toBe(SMS_TEXT);
    for (const nobody of [zeynep, elif])
      expect(got.some((sms) => sms.to === nobody.customer_phone)).toBe(false);
  }, 240_000);

  it('shows the SMS report with the three messages and their parts', async () => {
    const { page } = browser;
    const row = await listRow('/marketing/sms-notifications', SMS_TITLE);
    await row.getByRole('button', { name: /^Rapor/ }).click();
    await page.waitForURL(/\/marketing\/sms-notifications\/[0-9a-f]{24}\/report$/);
    await page.getByRole('heading', { name: 'Gönderim Raporu' }).waitFor();
    await expect.poll(async () => (await reportCount(page, 'Alıcı').textContent())?.trim()).toBe('3');
    expect((await reportCount(page, 'SMS parçası').textContent())?.trim()).toBe('6');
    expect((await reportCount(page, 'Başarısız').textContent())?.trim()).toBe('0');
    const sentOrDelivered =
      Number(await reportCount(page, 'Gönderildi').textContent()) +
      Number(await reportCount(page, 'İletildi').textContent());
    expect(sentOrDelivered).toBeGreaterThanOrEqual(3);
    const messages = page.getByRole('grid', { name: 'Mesajlar' });
    for (const customer of [ayse, mehmet, can])
      await messages
        .getByRole('row')
        .filter({ hasText: typedPhone(customer.customer_phone) })
        .waitFor();
    expect(await messages.getByRole('row').count()).toBe(4);
    await screenshot('marketing-journey-sms-report');
    await expectAccessible(page, 'the SMS report');
  }, 120_000);

  /** Writes an email of HTML content to the run's segment, checks its reach and saves it. */
  const writeEmail = async (subject: string, reach: number, screenshots?: string) => {
    const { page } = browser;
    await browser.open('/marketing/email-notifications/new');
    await page.getByRole('heading', { name: 'Yeni E-posta Bildirimi' }).waitFor();
    await page.getByRole('textbox', { name: 'Konu' }).fill(subject);
    await page
      .getByRole('textbox', { name: 'Önizleme metni' })
      .fill('Seçili mağazalarda yüzde otuza varan indirimler bu hafta sonu.');
    await page.getByRole('combobox', { name: 'İçerik türü' }).click();
    await page.getByRole('option', { name: 'HTML', exact: true }).click();
    await page
      .getByRole('textbox', { name: 'HTML içerik' })
      .fill(
        '<h2>Kış indirimleri başladı</h2><p>Seçili mağazalarda <strong>%30’a varan</strong> indirimler sizi bekliyor. Otoparkımız hafta sonu ücretsiz.</p>',
      );
    const builder = await segmentByChannel(page);
    // Ayşe, Mehmet and Zeynep: Can did not consent to email and Elif has no address.
    await builder.getByText(`${reach} müşteriye ulaşır`).waitFor();
    const preview = page.frameLocator('iframe[title="Önizleme"]');
    await preview.getByText('Kış indirimleri başladı', { exact: true }).waitFor();
    if (screenshots) {
      await screenshot(`${screenshots}-desktop`);
      await expectAccessible(page, 'the email editor with its preview');
      await page.getByRole('button', { name: 'Telefon' }).click();
      await screenshot(`${screenshots}-phone`);
    }
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL('**/marketing/email-notifications');
  };

  /** Sends the saved email from its editor after the confirmation and waits for the list to say sent. */
  const sendEmail = async (subject: string, reach: number) => {
    const { page } = browser;
    const row = await listRow('/marketing/email-notifications', subject);
    await row.getByText(subject).click();
    await page.getByRole('heading', { name: 'E-posta Bildirimini Düzenle' }).waitFor();
    await page.getByRole('button', { name: 'Şimdi gönder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bildirim şimdi gönderilsin mi?' });
    await confirm.getByText(`şu an ${reach} müşteriye gönderilecek`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Gönder' }).click();
    await page.getByText('E-posta bildirimi gönderildi.').waitFor();
    await waitForSent(await listRow('/marketing/email-notifications', subject));
  };

  it('writes an email with its preview, tests it to an address and sends it to exactly the consenting customers', async () => {
    const { page } = browser;
    await writeEmail(MAIL_SUBJECT, 3, 'marketing-journey-email-editor');

    const row = await listRow('/marketing/email-notifications', MAIL_SUBJECT);
    await row.getByText(MAIL_SUBJECT).click();
    await page.getByRole('heading', { name: 'E-posta Bildirimini Düzenle' }).waitFor();
    await page.getByRole('button', { name: 'Test gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test gönderimi' });
    await dialog.getByRole('textbox', { name: 'E-posta adresleri' }).fill(MAIL_TEST_ADDRESS);
    await dialog.getByRole('button', { name: 'Testi gönder' }).click();
    await page.getByText('Test gönderildi.').waitFor();
    const mailDir = inject('mailDir');
    await waitUntil(
      () => mailsWithSubject(mailDir, MAIL_SUBJECT),
      (mails) => mails.some((mail) => mail.to === MAIL_TEST_ADDRESS),
      'the test mail',
    );

    await sendEmail(MAIL_SUBJECT, 3);
    const mails = mailsWithSubject(mailDir, MAIL_SUBJECT);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [MAIL_TEST_ADDRESS, ayse.customer_email, mehmet.customer_email, zeynep.customer_email].sort(),
    );
    for (const mail of mails) {
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(mail.text).toContain('Otoparkımız hafta sonu ücretsiz.');
    }
  }, 300_000);

  it('shows the email report', async () => {
    const { page } = browser;
    const row = await listRow('/marketing/email-notifications', MAIL_SUBJECT);
    await row.getByRole('button', { name: /^Rapor/ }).click();
    await page.getByRole('heading', { name: 'Gönderim Raporu' }).waitFor();
    await expect.poll(async () => (await reportCount(page, 'Alıcı').textContent())?.trim()).toBe('3');
    expect((await reportCount(page, 'Gönderildi').textContent())?.trim()).toBe('3');
    expect((await reportCount(page, 'Başarısız').textContent())?.trim()).toBe('0');
    const messages = page.getByRole('grid', { name: 'Mesajlar' });
    for (const customer of [ayse, mehmet, zeynep])
      await messages.getByRole('row').filter({ hasText: customer.customer_email! }).waitFor();
    await screenshot('marketing-journey-email-report');
    await expectAccessible(page, 'the email report');
  }, 120_000);

  it('unsubscribes a customer by the mail’s link, and the next email does not go to her', async () => {
    const { page } = browser;
    const mail = mailsWithSubject(inject('mailDir'), MAIL_SUBJECT).find(
      (one) => one.to === ayse.customer_email,
    )!;
    const link = /https?:\/\/[^\s"<>]+\/api\/ext\/marketing\/unsubscribe\/[0-9a-f]{24}\.[\w-]{32}/.exec(
      mail.text,
    )?.[0];
    expect(link).toBeDefined();
    expect(mail.listUnsubscribe).toBe(`<${link}>`);
    await page.goto(link!);
    await page.getByRole('heading', { name: 'E-posta aboneliği' }).waitFor();
    // The address is masked on a page anyone with the link may open.
    await page.getByText('tarafından a***@avlu.test adresine gönderilen', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Abonelikten çık' }).click();
    await page.getByText('artık kampanya ve duyuru e-postası göndermeyecek', { exact: false }).waitFor();
    await screenshot('marketing-journey-unsubscribed');

    const profile = await staffCustomer(token, mallId, ayse._id);
    expect(profile.consent_history[0]).toMatchObject({
      type: 'email',
      value: false,
      source: 'unsubscribe link',
    });

    // The next email's reach is two; only Mehmet and Zeynep get it.
    await writeEmail(MAIL_SUBJECT_AGAIN, 2);
    await sendEmail(MAIL_SUBJECT_AGAIN, 2);
    const again = mailsWithSubject(inject('mailDir'), MAIL_SUBJECT_AGAIN);
    expect(again.map((one) => one.to).sort()).toEqual([mehmet.customer_email, zeynep.customer_email].sort());
  }, 360_000);
});
