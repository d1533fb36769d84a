import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { adminToken, api, firstMall } from './support/micro-site';

const stamp = String(Date.now()).slice(-5);
const DUE_TEXT = `Kargoyu danışmadan teslim al ${stamp}`;
const SOON_TEXT = `Güvenlik toplantısına katıl ${stamp}`;
const ADDED_TEXT = `Çocuk kulübü boyalarını sipariş et ${stamp}`;

type Page = { data: { _id: string; reminder_text: string }[]; pagination: { total: number } };

/**
 * Issue 17 #8 against the real built server: the system admin's due reminders (the demo's and one
 * written a minute ago) are counted on the top bar's bell and listed in its popover with what they
 * are about; one is marked done, another added from the popover; and a reminder written for a few
 * seconds ahead is made due by the server's pg-boss job and then counted by the bell.
 */
describe('reminders journey', () => {
  const staff = useBrowser();
  let token: string;
  let mallId: string;
  const reminders = (query: string) => api<Page>(`/reminder?locationId=${mallId}&${query}`, { token });
  const bellName = (count: number) => `Hatırlatıcılar: ${count} zamanı gelen`;

  beforeAll(async () => {
    token = await adminToken();
    mallId = (await firstMall(token))._id;
    const write = (offsetMs: number, text: string) =>
      api(`/reminder?locationId=${mallId}`, {
        token,
        method: 'POST',
        body: { reminder_date: new Date(Date.now() + offsetMs).toISOString(), reminder_text: text },
      });
    await write(-60_000, DUE_TEXT);
    await write(15_000, SOON_TEXT);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await staff.screenshot(`reminders-failed-${task.id}`);
  });

  it('counts the due reminders on the bell and lists them with their links; marks one done', async () => {
    const { page } = staff;
    const due = (await reminders('status=due&limit=1')).pagination.total;
    expect(due).toBeGreaterThanOrEqual(3);
    await staff.open('/customers/filter');
    await page.getByRole('button', { name: bellName(due) }).click();
    const popover = page.getByRole('dialog', { name: 'Hatırlatıcılar' });
    await popover.getByText(DUE_TEXT).waitFor();
    // The demo's reminder about a customer leads to the customer's page.
    const customerLink = popover.getByRole('link', { name: /^Müşteri: / }).first();
    expect(await customerLink.getAttribute('href')).toMatch(/^\/customers\/[0-9a-f]{24}\/detail$/);
    await popover
      .getByRole('link', { name: /^Ödünç: / })
      .first()
      .waitFor();
    await staff.screenshot('reminders-popover');
    await expectAccessible(page, 'reminder popover');

    await popover.getByRole('button', { name: `Tamamlandı: ${DUE_TEXT}` }).click();
    await page.getByText('Hatırlatıcı tamamlandı.').waitFor();
    await popover.getByText(DUE_TEXT).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: bellName(due - 1) }).waitFor();
    expect((await reminders('status=done&limit=100')).data.map((row) => row.reminder_text)).toContain(
      DUE_TEXT,
    );
  });

  it('adds a reminder from the bell’s popover', async () => {
    const { page } = staff;
    await page.getByRole('button', { name: /^Hatırlatıcılar/ }).click();
    const popover = page.getByRole('dialog', { name: 'Hatırlatıcılar' });
    await popover.getByRole('button', { name: 'Hatırlatıcı ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hatırlatıcı ekle' });
    await dialog.getByRole('textbox', { name: /Hatırlatılacak not/ }).fill(ADDED_TEXT);
    await staff.screenshot('reminders-add');
    await expectAccessible(page, 'add reminder dialog');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Hatırlatıcı eklendi.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const waiting = await reminders('status=waiting&limit=100');
    expect(waiting.data.map((row) => row.reminder_text)).toContain(ADDED_TEXT);
  });

  it('the server’s job makes a reminder due when its moment comes, and the bell counts it', async () => {
    const { page } = staff;
    // The job runs every minute: poll generously.
    const deadline = Date.now() + 180_000;
    let dueNow: Page | undefined;
    while (Date.now() < deadline) {
      dueNow = await reminders('status=due&limit=100');
      if (dueNow.data.some((row) => row.reminder_text === SOON_TEXT)) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    expect(dueNow!.data.map((row) => row.reminder_text)).toContain(SOON_TEXT);
    await page.reload();
    await page.getByRole('button', { name: bellName(dueNow!.pagination.total) }).click();
    await page.getByRole('dialog', { name: 'Hatırlatıcılar' }).getByText(SOON_TEXT).waitFor();
    await staff.screenshot('reminders-due-by-job');
  }, 240_000);
});
