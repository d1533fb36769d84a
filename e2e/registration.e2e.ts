import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';

/** A Turkish mobile number made from the clock, so a second run registers a new customer again. */
const newPhone = () => {
  const digits = String(Date.now()).slice(-7);
  return `0538 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
};

const TAG = 'Okul Etkinlikleri';
const CHANNEL = 'Bahar Şenliği Standı';

/**
 * Issue 4's registration screens: the staff make a channel tag and a channel carrying it, then
 * register a customer through the channel with a province, district and neighbourhood, and land on
 * the new customer's detail.
 */
describe('customer registration', () => {
  const browser = useBrowser();
  const phone = newPhone();

  it('creates a channel tag', async () => {
    const { page } = browser;
    await browser.open('/registration/channel-tags');
    await page.getByRole('link', { name: 'Yeni Kanal Etiketi' }).click();
    await page.getByRole('textbox', { name: 'Etiket adı' }).fill(TAG);
    await page.getByRole('textbox', { name: 'Açıklama' }).fill('Okullarla yapılan etkinliklerin standları');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL('**/registration/channel-tags');
    await page.getByRole('grid', { name: 'Kanal Etiketleri' }).getByText(TAG).waitFor();
    await browser.screenshot('registration-channel-tags');
  });

  it('creates a channel carrying the tag, open to registration', async () => {
    const { page } = browser;
    await browser.open('/registration/channels');
    const grid = page.getByRole('grid', { name: 'Kanallar' });
    await grid.getByRole('row').nth(1).waitFor();
    await page.getByRole('link', { name: 'Yeni Kanal' }).click();
    await page.getByRole('textbox', { name: 'Kanal adı (Türkçe)' }).fill(CHANNEL);
    await page.getByRole('textbox', { name: 'Kanal adı (İngilizce)' }).fill('Spring Festival Stand');
    await page
      .getByRole('textbox', { name: 'Açıklama (Türkçe)' })
      .fill('Nisan boyunca giriş katındaki stant');
    await page.getByRole('combobox', { name: 'Kanal etiketleri' }).click();
    await page.getByRole('option', { name: TAG }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Serbest etiketler' }).fill('bahar');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('switch', { name: 'Öğretmen formu' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Müşteri kaydına açık' }).isChecked()).toBe(true);
    await browser.screenshot('registration-channel-new');
    await expectAccessible(page, 'the channel form');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL('**/registration/channels');
    const row = grid.getByRole('row').filter({ hasText: CHANNEL });
    await row.getByText(TAG).waitFor();
    await row.getByText('Açık').waitFor();
    await browser.screenshot('registration-channels');
  });

  it('registers a customer through the channel and opens the new customer', async () => {
    const { page } = browser;
    await browser.open('/registration');
    await page.waitForURL('**/registration/customer');
    const card = page.getByRole('article', { name: CHANNEL });
    await card.waitFor();
    await browser.screenshot('registration-choose-channel');
    await card.getByRole('link', { name: `Yeni müşteri: ${CHANNEL}` }).click();
    await page.waitForURL('**/registration/customer/new/*');
    await page.getByRole('heading', { name: 'Yeni Müşteri' }).waitFor();

    const submit = page.getByRole('button', { name: 'Müşteriyi Kaydet' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Ad', exact: true }).fill('Deniz');
    await page.getByRole('textbox', { name: 'Soyad' }).fill('Aksoy');
    await page.getByRole('textbox', { name: 'Telefon' }).fill(phone);
    await page.getByRole('textbox', { name: 'E-posta' }).fill('deniz.aksoy@example.com');
    await page.getByRole('group', { name: 'Doğum tarihi' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('21061994');

    await expect.poll(() => page.getByRole('combobox', { name: 'İlçe' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'İl', exact: true }).fill('izmir');
    await page.getByRole('option', { name: 'İzmir', exact: true }).click();
    await page.getByRole('combobox', { name: 'İlçe' }).fill('karşıyaka');
    await page.getByRole('option', { name: 'Karşıyaka', exact: true }).click();
    await page.getByRole('combobox', { name: 'Mahalle' }).click();
    await page.getByRole('option').first().click();
    const locality = await page.getByRole('combobox', { name: 'Mahalle' }).inputValue();
    expect(locality).not.toBe('');
    await page.getByRole('textbox', { name: 'Açık adres' }).fill('Cemal Gürsel Cd. No: 12');
    await page.getByRole('textbox', { name: 'Araç plakası' }).fill('35 DA 1234');

    await page.getByRole('checkbox', { name: 'KVKK aydınlatma metnini okudum, onaylıyorum' }).check();
    await page.getByRole('checkbox', { name: 'Tüm iletişim izinleri' }).check();
    for (const name of ['Telefonla arama izni', 'SMS izni', 'E-posta izni'])
      expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(true);
    expect(await submit.isEnabled()).toBe(true);
    await browser.screenshot('registration-new-customer');
    await expectAccessible(page, 'the desk registration form');

    await submit.click();
    await page.waitForURL(/\/customers\/[0-9a-f]{24}\/detail$/);
    await page.getByText('Müşteri kaydedildi').waitFor();
    await page.getByText('Deniz Aksoy').first().waitFor();
    await page.getByText(locality).first().waitFor();
    await browser.screenshot('registration-customer-detail');
  });

  it('finds the customer by phone through the channel and offers the update form', async () => {
    const { page } = browser;
    await browser.open('/registration/customer');
    const card = page.getByRole('article', { name: CHANNEL });
    await card.getByRole('link', { name: `Telefonla sorgula: ${CHANNEL}` }).click();
    await page.waitForURL('**/registration/customer/by-phone/*');
    await page.getByRole('textbox', { name: 'Telefon' }).fill(phone.replaceAll(' ', ''));
    await browser.screenshot('registration-by-phone');
    await page.getByRole('button', { name: 'Sorgula' }).click();
    await page.getByText('Kayıtlı müşteri').waitFor();
    expect(await page.getByRole('textbox', { name: 'Ad', exact: true }).inputValue()).toBe('Deniz');
    expect(await page.getByRole('combobox', { name: 'İlçe' }).inputValue()).toBe('Karşıyaka');
    await browser.screenshot('registration-by-phone-found');
  });

  it('fits the channel choice and the form on a phone held by the desk', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.open('/registration/customer');
    const card = page.getByRole('article', { name: CHANNEL });
    await card.waitFor();
    await browser.screenshot('registration-choose-channel-phone');
    await card.getByRole('link', { name: `Yeni müşteri: ${CHANNEL}` }).click();
    await page.getByRole('heading', { name: 'Yeni Müşteri' }).waitFor();
    await page.getByRole('combobox', { name: 'İl', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await browser.screenshot('registration-new-customer-phone');
    await expectAccessible(page, 'the desk registration form on a phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
