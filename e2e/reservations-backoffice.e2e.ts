import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';
import { adminToken, firstMall, fitsThePhone } from './support/micro-site';
import { smsTextTo } from './support/sms-inbox';

/** Digits from the clock: a second run on the same database books for another customer. */
const stamp = String(Date.now()).slice(-7);
const PHONE = `+90532${stamp}`;
const EMAIL = `rezervasyon.${stamp}@example.com`;
const SMS_TEXT = `Rezervasyonunuz için teşekkürler; girişte adınızı söylemeniz yeterli. ${stamp}`;
const MAIL_TITLE = `Rezervasyon ayrıntıları ${stamp}`;

/**
 * Issue 17 #2: the staff book a visitor on the back-office's new-reservation form, then write to
 * them from the reservation's page by SMS and by email; both arrive.
 */
describe('back-office reservation form and messages', () => {
  let staff: Browser;

  beforeAll(async () => {
    staff = await openBrowser();
    await staff.signIn();
  });
  afterAll(async () => {
    await staff?.close();
  });

  it('books a visitor on the new-reservation form and opens the reservation', async () => {
    const { page } = staff;
    await staff.open('/reservation/new');
    await page.getByRole('textbox', { name: 'Ad', exact: true }).fill('Elif');
    await page.getByRole('textbox', { name: 'Soyad' }).fill('Karaca');
    await page.getByRole('textbox', { name: 'Telefon' }).fill(PHONE);
    await page.getByRole('textbox', { name: 'E-posta' }).fill(EMAIL);
    await page.getByRole('combobox', { name: 'Rezervasyon alanı' }).click();
    await page.getByRole('option').first().click();
    const date = page.getByRole('combobox', { name: 'Tarih' });
    await expect.poll(() => date.getAttribute('aria-disabled'), { timeout: 30_000 }).not.toBe('true');
    await date.click();
    // The second day offered when there is one: its hours have not started whatever the time now.
    const days = page.getByRole('option');
    await days.first().waitFor();
    await days.nth((await days.count()) > 1 ? 1 : 0).click();
    await page.getByRole('combobox', { name: 'Saat' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('spinbutton', { name: 'Kişi sayısı' }).fill('2');
    await page.getByRole('textbox', { name: 'Not' }).fill('Pencere kenarı rica ediyoruz');
    await staff.screenshot('reservations-backoffice-new');
    await expectAccessible(page, 'new reservation form');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL(/\/reservation\/[0-9a-f]{24}\/detail$/, { timeout: 30_000 });
    await page.getByText('Pencere kenarı rica ediyoruz').waitFor();
    await page.getByText(EMAIL).waitFor();
  });

  it('sends an SMS from the reservation’s page and the visitor gets it', async () => {
    const { page } = staff;
    const since = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'SMS gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'SMS gönder' });
    await dialog.getByRole('textbox', { name: 'SMS başlığı' }).fill('Rezervasyon');
    await dialog.getByRole('textbox', { name: 'SMS metni' }).fill(SMS_TEXT);
    await staff.screenshot('reservations-backoffice-sms');
    await expectAccessible(page, 'reservation SMS dialog');
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await page.getByText('SMS gönderildi').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await smsTextTo(inject('smsDir'), PHONE, since)).toContain(SMS_TEXT);
  });

  it('sends an email from the reservation’s page and the visitor gets it', async () => {
    const { page } = staff;
    await page.getByRole('button', { name: 'E-posta gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-posta gönder' });
    await dialog.getByRole('textbox', { name: 'E-posta konusu' }).fill(MAIL_TITLE);
    await dialog
      .getByRole('textbox', { name: 'E-posta metni' })
      .fill(
        'Merhaba Elif Hanım,\n\nRezervasyonunuz kayıtlıdır. Sorularınız için danışma noktasına uğrayabilirsiniz.',
      );
    await staff.screenshot('reservations-backoffice-email');
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await page.getByText('E-posta gönderildi').waitFor();
    const mail = await waitForMail(inject('mailDir'), EMAIL, new RegExp(stamp), 30_000);
    // The body travels quoted-printable in UTF-8: its ASCII words are read as they are.
    expect(mail.text).toContain('Rezervasyonunuz kay');
    expect(mail.raw).toContain(stamp);
  });
});

/**
 * Issue 17 #6: the micro-site's agreement pages at a phone's size, for a guest: the demo mall's
 * membership agreement with its PDF in each language, and the ETK text without one.
 */
describe('micro-site agreement pages', () => {
  let phone: Browser;
  let token = '';

  beforeAll(async () => {
    token = (await firstMall(await adminToken())).location_token;
    phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('shows the membership agreement with its Turkish PDF, reached from the footer', async () => {
    const { page } = phone;
    await phone.open(`/micro-site/${token}/login`, { language: 'tr' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sözleşmeler' }).click();
    await page.getByRole('heading', { name: 'Sözleşmeler', level: 1 }).waitFor();
    await phone.screenshot('micro-site-agreements');
    await page.getByRole('link', { name: /Üyelik Sözleşmesi/ }).click();
    await page.waitForURL('**/agreements/terms-and-conditions');
    const pdf = page.getByRole('link', { name: 'PDF’i indir (Türkçe)' });
    await pdf.waitFor();
    const href = (await pdf.getAttribute('href')) ?? '';
    const answer = await page.request.get(href);
    expect(answer.status()).toBe(200);
    // The file store sends what is not an image as a download.
    expect(answer.headers()['content-disposition']).toBe('attachment');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('micro-site-agreement-tr');
    await expectAccessible(page, 'micro-site agreement');
  });

  it('in English gives the English PDF; a text without one says so', async () => {
    const { page } = phone;
    await phone.open(`/micro-site/${token}/agreements/terms-and-conditions`, { language: 'en' });
    await page.getByRole('link', { name: 'Download the PDF (English)' }).waitFor();
    await phone.screenshot('micro-site-agreement-en');
    await phone.open(`/micro-site/${token}/agreements/etk-permissions`, { language: 'tr' });
    await page.getByText('PDF sözleşme metni bulunamadı').waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('micro-site-agreement-no-pdf');
  });
});
