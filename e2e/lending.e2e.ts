import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayPhone } from '@avlu/contracts';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import { adminToken, demoCustomer, firstMall, writeReceiptPhoto } from './support/micro-site';

/** Digits from the clock: a second run on the same database makes a new item. */
const stamp = String(Date.now()).slice(-5);
const ITEM_NO = `E2E-${stamp}`;
const ITEM_NAME = `Test Puseti ${stamp}`;

/**
 * Issue 17's lending journey against the real built server: the system admin adds a lendable item
 * with its photo, lends it to a demo customer by phone, approves the lending (the item is handed
 * over) and takes it back.
 */
describe('lending journey', () => {
  let staff: Browser;
  let customer: Awaited<ReturnType<typeof demoCustomer>>;

  beforeAll(async () => {
    const token = await adminToken();
    const mall = await firstMall(token);
    customer = await demoCustomer(token, mall._id, 5);
    staff = await openBrowser();
    await staff.signIn();
  });
  afterAll(async () => {
    await staff?.close();
  });
  // What the page showed when a step failed, to look at after the run.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await staff?.screenshot(`lending-failed-${task.id}`);
  });

  it('adds a lendable item with its photo', async () => {
    const { page } = staff;
    await staff.open('/lending/lendible-items');
    await page.getByRole('heading', { name: 'Ödünç Eşyalar' }).waitFor();
    await page.getByRole('button', { name: 'Yeni Eşya' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Eşya' });
    await dialog.getByRole('textbox', { name: 'Eşya No' }).fill(ITEM_NO);
    await dialog.getByRole('textbox', { name: 'Eşya Adı' }).fill(ITEM_NAME);
    const photo = join(tmpdir(), `lending-${stamp}.jpg`);
    await writeReceiptPhoto(photo, '#4a90d9');
    await dialog.locator('input[type=file]').setInputFiles(photo);
    await staff.screenshot('lending-item-dialog');
    await expectAccessible(page, 'lending item dialog');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: ITEM_NO, exact: true }) });
    await row.getByRole('gridcell', { name: 'Müsait', exact: true }).waitFor();
    await staff.screenshot('lending-items');
    await expectAccessible(page, 'lendable items');
  });

  it('lends the item to a customer, hands it over and takes it back', async () => {
    const { page } = staff;
    await staff.open(`/lending/lended-customers?itemNo=${ITEM_NO}`);
    await page.getByRole('heading', { name: 'Ödünç Alan Müşteriler' }).waitFor();
    await page.getByRole('button', { name: 'Ödünç Ver', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ödünç Ver' });
    await dialog.getByRole('combobox', { name: 'Eşya' }).click();
    await page.getByRole('option', { name: `${ITEM_NO} · ${ITEM_NAME}` }).click();
    await dialog
      .getByRole('textbox', { name: 'Müşterinin telefonu' })
      .fill(displayPhone(customer.customer_phone));
    await dialog.getByRole('button', { name: 'Ödünç Ver', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Müşteri sıraya alındı.').waitFor();
    const row = page.getByRole('row').filter({ hasText: ITEM_NO });
    await row.getByText('Kuyrukta').waitFor();
    await staff.screenshot('lending-queued');

    await row.getByRole('button', { name: /^Onayla:/ }).click();
    await page.getByText('Eşya teslim edildi.').waitFor();
    await row.getByText('Başladı').waitFor();
    await staff.screenshot('lending-started');
    await expectAccessible(page, 'lended customers');

    await row.getByRole('button', { name: /^İade Al:/ }).click();
    await page.getByText('Eşya iade alındı.').waitFor();
    await row.getByText('Bitti').waitFor();
    await staff.screenshot('lending-done');

    await staff.open('/lending/lendible-items');
    const item = page
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: ITEM_NO, exact: true }) });
    await item.getByRole('gridcell', { name: 'Müsait', exact: true }).waitFor();
  });
});
