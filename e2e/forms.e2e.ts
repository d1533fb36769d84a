import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

/**
 * Issue 12's form defects as a new user met them in Chromium: errors that came in two clicks,
 * duplicate names, and the KVKK notice the desk must read out.
 */
describe('back-office forms', () => {
  const browser = useBrowser();

  it('shows every error of an empty invitation on the first click', async () => {
    const { page } = browser;
    await browser.open('/user/invitations/new');
    const send = page.getByRole('button', { name: 'Davet gönder' });
    await send.waitFor();
    // The email field has the focus; leaving it for the button must not move the button away
    // from under the pointer (a message appearing above it), which swallowed the click.
    await send.click();
    await expect.poll(() => page.getByText('Bu alan zorunludur').count()).toBe(2);
    expect(await page.getByRole('textbox', { name: 'E-posta' }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Rol' }).getAttribute('aria-invalid')).toBe('true');
    // The role picker names the system admin role as people know it.
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Platform Yöneticisi' }).waitFor();
    expect(await page.getByRole('option', { name: 'system admin' }).count()).toBe(0);
    await browser.screenshot('forms-invitation-empty');
    await page.keyboard.press('Escape');
  });

  it('refuses a channel tag named like another of the mall, under its field', async () => {
    const { page } = browser;
    await browser.open('/registration/channel-tags/new');
    const name = page.getByRole('textbox', { name: 'Etiket adı' });
    await name.fill('  dİjİtal ');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Bu ad zaten kullanılıyor (büyük-küçük harf farkı gözetilmez)').waitFor();
    expect(new URL(page.url()).pathname).toBe('/registration/channel-tags/new');
    await browser.screenshot('forms-channel-tag-taken');
  });

  it('shows the desk the mall’s KVKK notice to read to the customer, and refuses a phone as a name', async () => {
    const { page } = browser;
    await browser.open('/registration/customer');
    await page
      .getByRole('link', { name: /^Yeni müşteri:/ })
      .first()
      .click();
    const notice = page.getByRole('region', { name: 'KVKK Aydınlatma Metni' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('6698 sayılı Kişisel Verilerin Korunması Kanunu');
    await page.getByText('Sürüm 2026-11').waitFor();
    const first = page.getByRole('textbox', { name: 'Ad', exact: true });
    await first.fill('0533 444 55 66');
    await first.blur();
    await page
      .getByText('Yalnızca harf, boşluk, kesme işareti (’), kısa çizgi (-) ve nokta içerebilir')
      .waitFor();
    await browser.screenshot('forms-registration-kvkk');
  });
});
