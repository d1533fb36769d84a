import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayCouponCode, maskPersonName } from '@avlu/contracts';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import { generateCodes, openCampaignList } from './support/campaigns';
import { adminToken, demoCustomer, firstMall, fitsThePhone, signInOnMicroSite } from './support/micro-site';
import { smsCodeTo } from './support/sms-inbox';

/** Digits from the clock: a second run on the same database makes a new campaign. */
const stamp = String(Date.now()).slice(-5);
const CAMPAIGN = `Kış Kuponu ${stamp}`;

/** Days from today as the date-time fields take them typed in: DDMMYYYY then HHmm, Istanbul's calendar. */
const typedDay = (days: number, time: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Istanbul',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part('day')}${part('month')}${part('year')}${time}`;
};

const typeDate = async (page: Page, label: string, typed: string) => {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(typed);
};

/**
 * Issue 13's "Done when" journey, against the real built server: the system admin creates a coupon
 * campaign with an image and a store, generates its codes and publishes it; a demo customer of the
 * mall joins it on the micro-site at a phone's size and sees the code; a clerk (the admin) validates
 * the code with the SMS code the customer received; the customer's detail page shows the code used.
 */
describe('coupon journey', () => {
  let staff: Browser;
  let phone: Browser;
  let mall: Awaited<ReturnType<typeof firstMall>>;
  let customer: Awaited<ReturnType<typeof demoCustomer>>;
  let code = '';
  let store = '';
  const files = mkdtempSync(join(tmpdir(), 'avlu-coupon-journey-'));

  beforeAll(async () => {
    const token = await adminToken();
    mall = await firstMall(token);
    customer = await demoCustomer(token, mall._id);
    staff = await openBrowser();
    await staff.signIn();
    phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await staff?.close();
    await phone?.close();
  });

  it('creates a coupon campaign with an image and a store, generates its codes and publishes it', async () => {
    const { page } = staff;
    const image = join(files, 'kis-kuponu.png');
    writeFileSync(
      image,
      await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#1f5f8b' } })
        .png()
        .toBuffer(),
    );
    await staff.open('/campaigns/new');
    await page.getByRole('combobox', { name: 'Kampanya türü' }).click();
    await page.getByRole('option', { name: 'Kupon', exact: true }).click();
    await page.getByRole('textbox', { name: 'Kampanya adı (Türkçe)' }).fill(CAMPAIGN);
    await page.getByRole('textbox', { name: 'Kampanya adı (İngilizce)' }).fill(`Winter Coupon ${stamp}`);
    await page
      .getByRole('textbox', { name: 'Açıklama (Türkçe)' })
      .fill('Kampanyaya katılan her müşteriye seçili mağazada geçerli bir indirim kuponu.');
    await page
      .getByRole('textbox', { name: 'Açıklama (İngilizce)' })
      .fill('A discount coupon valid at the chosen store for every customer who joins.');
    const stores = page.getByRole('combobox', { name: 'Mağazalar' });
    await stores.click();
    const firstStore = page.getByRole('option').first();
    store = (await firstStore.textContent()) ?? '';
    expect(store).not.toBe('');
    await firstStore.click();
    await page.keyboard.press('Escape');
    await typeDate(page, 'Başlangıç tarihi', typedDay(-1, '0000'));
    await typeDate(page, 'Bitiş tarihi', typedDay(30, '2200'));
    await typeDate(page, 'Arşivlenme tarihi', typedDay(60, '2200'));
    await page.locator('input[type="file"]').setInputFiles(image);
    await page.getByRole('img', { name: '1. görsel' }).waitFor();
    await staff.screenshot('coupon-journey-new-campaign');
    await expectAccessible(page, 'the new coupon campaign form, filled in');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL('**/campaigns/list');
    await page.getByText('Kampanya oluşturuldu').waitFor();

    await generateCodes(staff, CAMPAIGN, 20);
    await staff.screenshot('coupon-journey-codes');

    const row = (await openCampaignList(staff, CAMPAIGN)).getByRole('row').filter({ hasText: CAMPAIGN });
    await row.getByText('Yayınlanacak').waitFor();
    await row.getByRole('button', { name: `Yayınla: ${CAMPAIGN}` }).click();
    await page.getByText('Kampanya yayınlandı').waitFor();
    // It started yesterday: published and running.
    await row.getByText('Aktif').waitFor();
    await staff.screenshot('coupon-journey-published');
  });

  it('lets a demo customer join it on the micro-site and shows the code as text, QR code and barcode', async () => {
    const { page } = phone;
    await phone.open(`/micro-site/${mall.location_token}`, { language: 'tr' });
    await signInOnMicroSite(page, customer);

    await page.getByRole('link', { name: /Kampanyalar/ }).click();
    await page.getByRole('heading', { name: 'Kampanyalar', level: 1 }).waitFor();
    const card = page.getByRole('link', { name: CAMPAIGN });
    await card.waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('coupon-journey-micro-site-campaigns');
    await expectAccessible(page, 'the micro-site campaigns page');

    await card.click();
    await page.getByRole('heading', { name: CAMPAIGN, level: 1 }).waitFor();
    await page.getByText(store).first().waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('coupon-journey-micro-site-campaign');
    await expectAccessible(page, 'the micro-site campaign page');

    await page.getByRole('button', { name: 'Kampanyaya Katıl' }).click();
    await page.getByRole('heading', { name: 'Kodunuz hazır!' }).waitFor();
    const qr = page.getByRole('img', { name: /^QR kod: / });
    code = ((await qr.getAttribute('aria-label')) ?? '').replace(/^QR kod: /, '');
    expect(code).toMatch(/^[A-Z0-9-]{8,}$/);
    // Shown in two groups of five (ABCDE-FGHJK), as the clerk's screen shows it.
    await page.getByText(displayCouponCode(code), { exact: true }).first().waitFor();
    await page.getByRole('img', { name: `Barkod: ${code}` }).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('coupon-journey-micro-site-joined');
    await expectAccessible(page, 'the micro-site campaign page with the code given');

    await page.getByRole('link', { name: 'Kuponlarıma Git' }).click();
    await page.getByRole('heading', { name: 'Kuponlarım', level: 1 }).waitFor();
    const coupon = page.getByRole('article', { name: CAMPAIGN });
    await coupon.getByText(displayCouponCode(code), { exact: true }).waitFor();
    await coupon.getByText('Kullanılabilir').waitFor();
    await coupon.getByRole('img', { name: `QR kod: ${code}` }).waitFor();
    await coupon.getByRole('img', { name: `Barkod: ${code}` }).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('coupon-journey-micro-site-coupons');
    await expectAccessible(page, 'the micro-site coupons page');
  });

  it('lets a clerk validate the code with the SMS code the customer received and mark it used', async () => {
    const { page } = staff;
    await staff.open('/campaigns/code-validation');
    await page.getByRole('combobox', { name: 'Kampanya' }).click();
    await page.getByRole('option', { name: `${CAMPAIGN} · Kupon` }).click();
    await page.getByRole('textbox', { name: 'Kupon kodu' }).fill(code);
    await page.getByRole('button', { name: 'Sorgula' }).click();
    const holder = maskPersonName(
      [customer.customer_name, customer.customer_surname].filter(Boolean).join(' '),
    );
    await page.getByText(holder, { exact: true }).waitFor();
    await page.getByText('Kullanılabilir').first().waitFor();
    await staff.screenshot('coupon-journey-validation-found');
    await expectAccessible(page, 'the code validation with the code found');

    const asked = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'SMS kodu gönder' }).click();
    await page.getByText(/numaralı telefona SMS kodu gönderildi/).waitFor();
    const smsCode = await smsCodeTo(inject('smsDir'), customer.customer_phone, asked);
    expect(smsCode).toMatch(/^\d{4}$/);
    await staff.screenshot('coupon-journey-validation-sms-sent');
    await expectAccessible(page, 'the code validation waiting for the SMS code');
    await page.getByRole('textbox', { name: 'SMS kodunun 1. hanesi' }).click();
    await page.keyboard.type(smsCode!);
    await page.getByText('Kod kullanıldı olarak işaretlendi').waitFor();
    await page.getByText(displayCouponCode(code), { exact: true }).waitFor();
    await staff.screenshot('coupon-journey-validation-done');
    await expectAccessible(page, 'the code validation after the redemption');
  });

  it('shows the code used on the customer’s coupons tab and on the micro-site', async () => {
    const { page } = staff;
    await staff.open(`/customers/${customer._id}/detail?tab=coupons`);
    await page.getByRole('tab', { name: 'Kuponlar', selected: true }).waitFor();
    const table = page.getByRole('table', { name: 'Müşterinin kuponları' });
    const row = table.getByRole('row').filter({ hasText: displayCouponCode(code) });
    await row.getByText('Kullanıldı').waitFor();
    await row.getByText('Mikro site').waitFor();
    await staff.screenshot('coupon-journey-customer-coupons');
    await expectAccessible(page, 'the customer’s coupons tab');

    await phone.page.reload();
    const coupon = phone.page.getByRole('article', { name: CAMPAIGN });
    await coupon.getByText('Kullanıldı').first().waitFor();
    await phone.screenshot('coupon-journey-micro-site-coupon-used');
  });
});
