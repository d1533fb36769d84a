import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import { adminToken, demoCustomer, firstMall, fitsThePhone, signInOnMicroSite } from './support/micro-site';
import { smsTextTo } from './support/sms-inbox';

/** Digits from the clock: a second run on the same database makes a new area. */
const stamp = String(Date.now()).slice(-5);
const AREA = `Oyun Atölyesi ${stamp}`;

/** Days from today on Istanbul's calendar as a date field takes them typed in: DDMMYYYY. */
const typedDay = (days: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Istanbul',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part('day')}${part('month')}${part('year')}`;
};

const typeDate = async (page: Page, label: string, typed: string) => {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(typed);
};

/**
 * Issue 17's reservation journey against the real built server: the system admin makes an area in
 * the area editor (a time range on every day); a demo customer books one of its free slots on the
 * micro-site at a phone's size; the admin accepts it on the detail page; the customer gets the SMS
 * and sees the reservation accepted.
 */
describe('reservation journey', () => {
  let staff: Browser;
  let phone: Browser;
  let mall: Awaited<ReturnType<typeof firstMall>>;
  let customer: Awaited<ReturnType<typeof demoCustomer>>;

  beforeAll(async () => {
    const token = await adminToken();
    mall = await firstMall(token);
    customer = await demoCustomer(token, mall._id, 3);
    staff = await openBrowser();
    await staff.signIn();
    phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await staff?.close();
    await phone?.close();
  });

  it('makes a reservation area with its hours in the area editor', async () => {
    const { page } = staff;
    await staff.open('/reservation/reservation-area/new');
    await page.getByRole('textbox', { name: 'Alan adı' }).fill(AREA);
    await page.getByRole('textbox', { name: 'CMS kimliği' }).fill(`oyun-${stamp}`);
    await typeDate(page, 'Başlangıç tarihi', typedDay(0));
    await typeDate(page, 'Bitiş tarihi', typedDay(30));
    await page.getByRole('button', { name: 'Saat aralığı ekle' }).click();
    await page.getByRole('textbox', { name: 'Saat aralığı' }).fill('18:00-20:00');
    await page.getByRole('spinbutton', { name: 'En fazla rezervasyon' }).fill('4');
    // A second range on the weekend only: the screen lists its days in one row.
    await page.getByRole('button', { name: 'Saat aralığı ekle' }).click();
    await page.getByRole('textbox', { name: 'Saat aralığı' }).nth(1).fill('11:00-13:00');
    for (const day of ['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma'])
      await page.getByRole('checkbox', { name: `${day} 11:00-13:00` }).uncheck();
    await staff.screenshot('reservations-area-editor');
    await expectAccessible(page, 'reservation area editor');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL('**/reservation/reservation-area');
    await page.getByRole('gridcell', { name: AREA, exact: true }).waitFor();
    await staff.screenshot('reservations-areas');
    await expectAccessible(page, 'reservation areas');
  });

  it('books a free slot of the area on the micro-site', async () => {
    const { page } = phone;
    await phone.open(`/micro-site/${mall.location_token}`, { language: 'tr' });
    await signInOnMicroSite(page, customer);
    await page.getByRole('link', { name: /Rezervasyonlarım/ }).click();
    await page.getByRole('heading', { name: 'Rezervasyonlarım' }).waitFor();
    await page.getByRole('link', { name: 'Rezervasyon yap' }).first().click();
    await page.waitForURL('**/reservations/new');
    await page.getByRole('heading', { name: 'Rezervasyon Yap' }).waitFor();
    await page.getByLabel('Rezervasyon alanı').selectOption({ label: AREA });
    const date = page.getByLabel('Tarih');
    await expect.poll(async () => (await date.locator('option').count()) > 2).toBe(true);
    // The second day offered: tomorrow or later, so the slot has not started whatever the hour.
    const day = await date.locator('option').nth(2).getAttribute('value');
    await date.selectOption(day!);
    await page.getByLabel('Saat').selectOption('18:00-20:00');
    await page.getByLabel('Kişi sayısı').fill('3');
    await page.getByLabel('Notunuz (isteğe bağlı)').fill('Doğum günü için');
    await phone.screenshot('reservations-micro-site-booking');
    await expectAccessible(page, 'micro-site booking');
    await page.getByRole('button', { name: 'Rezervasyon yap' }).click();
    await page.getByText('Rezervasyon talebiniz alındı').waitFor();
    const card = page.getByRole('listitem', { name: AREA });
    await card.getByText('Onay bekliyor').waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('reservations-micro-site-mine');
    await expectAccessible(page, 'micro-site reservations');
  });

  it('accepts the reservation on the back-office; the customer gets the SMS and sees it accepted', async () => {
    const { page } = staff;
    await staff.open('/reservation/reservations?status=pending');
    const name = `${customer.customer_name} ${customer.customer_surname ?? ''}`.trim();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: AREA, exact: true }) });
    await row.getByRole('gridcell', { name, exact: true }).waitFor();
    await staff.screenshot('reservations-list');
    await expectAccessible(page, 'reservations list');
    await row.getByRole('gridcell', { name, exact: true }).click();
    await page.waitForURL('**/detail');
    await page.getByText('Doğum günü için').waitFor();
    const asked = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Onayla' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await page.getByText('Rezervasyon durumu güncellendi').waitFor();
    await page.getByText('Onaylandı').first().waitFor();
    await staff.screenshot('reservations-detail');
    await expectAccessible(page, 'reservation detail');

    const sms = await smsTextTo(inject('smsDir'), customer.customer_phone, asked);
    expect(sms).toContain(AREA);
    expect(sms).toContain('onaylandı');

    await phone.open(`/micro-site/${mall.location_token}/reservations`);
    await phone.page.getByRole('listitem', { name: AREA }).getByText('Onaylandı').waitFor();
  });
});
