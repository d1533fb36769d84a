import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { smsCodeTo } from './sms-inbox';

/**
 * The API side of the micro-site journey: the system admin's token, a mall's micro-site token and
 * the customer as the staff see it. (The sign-in codes come from the fake SMS gateway, sms-inbox.ts:
 * the app runs as in production, where GET /api/dev/outbox does not exist.)
 */
export const api = async <T>(
  path: string,
  init: { token?: string; method?: string; body?: unknown } = {},
) => {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'accept-language': 'tr',
      ...(init.token && { authorization: `Bearer ${init.token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

/** Signs the system admin in through the API and answers the staff token. */
export const adminToken = async () => {
  const { email, password } = inject('admin');
  const answer = await api<{ token: { value: string } }>('/core/auth/login', {
    method: 'POST',
    body: { admin_email: email, admin_password: password },
  });
  return answer.token.value;
};

/**
 * The mall the system admin works in after signing in (the first of theirs), with its micro-site
 * token from the settings list, so the staff screens show what its micro-site did.
 */
export const firstMall = async (token: string) => {
  const profile = await api<{ admin_locations: { _id: string }[] }>('/core/admin/profile', { token });
  const page = await api<{ data: { _id: string; location_name: string; location_token: string }[] }>(
    '/core/locations?limit=100',
    { token },
  );
  const first = profile.admin_locations[0]!._id;
  return page.data.find((mall) => mall._id === first) ?? page.data[0]!;
};

/** The customer as the staff's detail page reads it, with the consent history. */
export const staffCustomer = (token: string, mallId: string, customerId: string) =>
  api<{ customer_name: string; consent_history: { type: string; value: boolean; source: string }[] }>(
    `/customer/profile/${customerId}?locationId=${mallId}`,
    { token },
  );

/** Types the code into the micro-site's SMS dialog's four boxes: the fourth digit sends it. */
export const enterSmsCode = async (page: Page, code: string) => {
  const dialog = page.getByRole('dialog', { name: /Doğrulama kodu|Verification code/ });
  await dialog.getByRole('textbox').first().click();
  await page.keyboard.type(code);
};

type DemoCustomer = {
  _id: string;
  customer_phone: string;
  customer_name: string;
  customer_surname: string | null;
  customer_kvkk_permission: boolean;
};

/**
 * A demo customer of the mall who accepted the KVKK notice (so signing in on the micro-site asks for
 * nothing else), the first of the staff's customer list; `skip` passes over that many of them, so
 * two journeys in one run do not share a customer.
 */
export const demoCustomer = async (token: string, mallId: string, skip = 0) => {
  const page = await api<{ data: DemoCustomer[] }>(`/customer/filter?locationId=${mallId}`, {
    token,
    method: 'POST',
    body: { pagination: { limit: 50, currentPage: 1 } },
  });
  const customer = page.data.filter((row) => row.customer_kvkk_permission)[skip];
  if (!customer) throw new Error(`the mall ${mallId} has no demo customer with the KVKK notice accepted`);
  return customer;
};

/** The page does not scroll sideways on a phone. */
export const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Yesterday on Istanbul's calendar, YYYY-MM-DD: never "in the future", whatever the hour. */
export const yesterday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() - 86_400_000));

/**
 * Signs a known customer in on the micro-site's login page (open in Turkish): the phone as people
 * write it, the code the fake SMS gateway received, then the home page's welcome.
 */
export const signInOnMicroSite = async (
  page: Page,
  customer: Pick<DemoCustomer, 'customer_phone' | 'customer_name'>,
) => {
  await page.waitForURL('**/login');
  await page.getByLabel(/Cep telefonu/).fill(`0${customer.customer_phone.slice(3)}`);
  const asked = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Devam Et' }).click();
  await page.getByRole('dialog', { name: 'Doğrulama kodu' }).waitFor();
  const code = await smsCodeTo(inject('smsDir'), customer.customer_phone, asked);
  expect(code).toMatch(/^\d{4}$/);
  await enterSmsCode(page, code!);
  await page.getByRole('heading', { name: `Hoş geldiniz, ${customer.customer_name}` }).waitFor();
};

/**
 * Writes a till receipt photo (a JPEG of printed lines) to `path`. `colour` (#rrggbb) should differ
 * each run: the same photo twice is flagged as a duplicate.
 */
export const writeReceiptPhoto = async (path: string, colour: string) =>
  writeFileSync(
    path,
    await sharp({ create: { width: 900, height: 1400, channels: 3, background: colour } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1400">${Array.from(
              { length: 18 },
              (_, line) =>
                `<rect x="85" y="${210 + line * 52}" width="${290 + ((line * 113) % 410)}" height="17" fill="#444"/>`,
            ).join('')}<rect x="85" y="1250" width="730" height="42" fill="#111"/></svg>`,
          ),
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer(),
  );

/**
 * Fills the micro-site's receipt upload form (open, in Turkish) and waits for the photo's preview;
 * the caller looks at it and sends it.
 */
export const fillReceiptUpload = async (
  page: Page,
  receipt: { store: string; receiptNo: string; amount: number; photo: string },
) => {
  await page.getByRole('heading', { name: 'Fiş Yükle', level: 1 }).waitFor();
  const storeSelect = page.getByLabel('Mağaza', { exact: true });
  await storeSelect.locator('option', { hasText: receipt.store }).waitFor({ state: 'attached' });
  await storeSelect.selectOption({ label: receipt.store });
  await page.getByLabel('Fiş numarası').fill(receipt.receiptNo);
  await page.getByLabel('Fiş tarihi').fill(yesterday());
  await page.getByLabel('Tutar (TL)').fill(`${receipt.amount},00`);
  await page.locator('input[type="file"]').setInputFiles(receipt.photo);
  await page.getByRole('img', { name: 'Fiş fotoğrafı' }).waitFor();
};
