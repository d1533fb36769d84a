import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { generateCodes, openCampaignList } from './support/campaigns';

/**
 * Issue 13's back-office half, on the demo mall's campaigns and coupon providers, against the real
 * server: the list with its states, publishing, editing a running campaign, the form following the
 * chosen type, and adding a coupon provider.
 */
describe('campaigns', () => {
  const browser = useBrowser();

  const openList = (keyword: string) => openCampaignList(browser, keyword);

  it('lists the demo campaigns with their states, and publishes one waiting to be published', async () => {
    const { page } = browser;
    await browser.open('/campaigns/list');
    const grid = page.getByRole('grid', { name: 'Kampanya Listesi' });
    await grid.getByRole('row').nth(1).waitFor();
    await grid.getByText('Aktif').first().waitFor();
    await expectAccessible(page, 'the campaign list');
    await browser.screenshot('campaigns-list');

    const row = (await openList('Işık Şöleni')).getByRole('row').filter({ hasText: 'Yeni Yıl Işık Şöleni' });
    await row.getByText('Yayınlanacak').waitFor();
    await row.getByRole('button', { name: 'Yayınla: Yeni Yıl Işık Şöleni' }).click();
    await page.getByText('Kampanya yayınlandı').waitFor();
    // It starts in the coming weeks: published, not yet running.
    await row.getByText('Yayınlandı').waitFor();
  });

  it('saves a change to a running campaign through the form, as the server checks it', async () => {
    const { page } = browser;
    const grid = await openList('Yaz Festivali');
    await grid.getByRole('link', { name: 'Yaz Festivali Başlıyor' }).click();
    await page.waitForURL(/\/campaigns\/[0-9a-f]{24}\/edit$/);
    const edit = page.url();
    const description = page.getByRole('textbox', { name: 'Açıklama (Türkçe)' });
    await description.fill('Avlumuzda yaz festivali başlıyor: konserler, atölyeler ve sürprizler.');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Kampanya kaydedildi').waitFor();
    await page.waitForURL('**/campaigns/list');
    await page.goto(edit);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Açıklama (Türkçe)' }).inputValue())
      .toBe('Avlumuzda yaz festivali başlıyor: konserler, atölyeler ve sürprizler.');
  });

  it('generates codes for a coupon campaign and shows its pool grow', async () => {
    const { page } = browser;
    await generateCodes(browser, 'Okula Dönüş', 50);
    await expectAccessible(page, 'the code pool of a campaign');
    await browser.screenshot('campaigns-add-coupons');
  });

  it('shows the fields the chosen type uses, and says what is missing on the first click', async () => {
    const { page } = browser;
    await browser.open('/campaigns/new');
    await page.getByRole('combobox', { name: 'Kampanya türü' }).click();
    await page.getByRole('option', { name: 'Kupon', exact: true }).click();
    await page.getByRole('combobox', { name: 'Mağazalar' }).waitFor();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => page.getByText('Bu alan zorunludur').count()).toBeGreaterThan(3);
    await expectAccessible(page, 'the new campaign form');
    await browser.screenshot('campaigns-new-coupon');
  });

  it('adds a coupon provider that is not a store', async () => {
    const { page } = browser;
    await browser.open('/campaigns/coupon-providers');
    const grid = page.getByRole('grid', { name: 'Kupon Sağlayıcıları' });
    await grid.getByText('Otopark İşletmesi').waitFor();
    await expectAccessible(page, 'the coupon providers');
    await page.getByRole('link', { name: 'Yeni Kupon Sağlayıcısı' }).first().click();
    await page.getByRole('textbox', { name: 'Sağlayıcı adı' }).fill(`Bowling Salonu ${Date.now() % 100_000}`);
    await page.getByRole('combobox', { name: 'Türü' }).click();
    await page.getByRole('option', { name: 'Diğer' }).click();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Kupon sağlayıcısı eklendi').waitFor();
    await page.waitForURL('**/campaigns/coupon-providers');
    await browser.screenshot('campaigns-coupon-providers');
  });
});
