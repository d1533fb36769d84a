import type { Browser } from './browser';

/** The campaign list searched for `keyword`, once its first row is in. */
export const openCampaignList = async (browser: Browser, keyword: string) => {
  const { page } = browser;
  await browser.open(`/campaigns/list?keyword=${encodeURIComponent(keyword)}`);
  const grid = page.getByRole('grid', { name: 'Kampanya Listesi' });
  await grid.getByRole('row').nth(1).waitFor();
  return grid;
};

/**
 * Opens the codes screen (/campaigns/add-coupons/{id}) of the campaign named `name` from the list's
 * row action and generates `count` codes, waiting for the screen to say they were added.
 */
export const generateCodes = async (browser: Browser, name: string, count: number) => {
  const { page } = browser;
  const row = (await openCampaignList(browser, name)).getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: /^Kodlar/ }).click();
  await page.waitForURL(/\/campaigns\/add-coupons\/[0-9a-f]{24}$/);
  await page.getByRole('spinbutton', { name: 'Üretilecek kod sayısı' }).fill(String(count));
  await page.getByRole('button', { name: 'Kodları üret' }).click();
  await page.getByText(`${count} kod üretildi ve havuza eklendi.`).waitFor();
};
