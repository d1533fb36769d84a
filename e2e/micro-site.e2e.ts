import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import {
  adminToken,
  enterSmsCode as enterCode,
  firstMall,
  fitsThePhone,
  staffCustomer,
} from './support/micro-site';
import { smsCodeTo } from './support/sms-inbox';

/** A Turkish mobile number made from the clock, so each run signs up a new customer. */
const newPhone = () => {
  const digits = String(Date.now()).slice(-7);
  return `0535 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
};

/**
 * Issue 5's browser journey at a phone's size: a new customer signs up on the micro-site with the
 * code the SMS gateway got, signs out, signs in again, updates the profile and switches language.
 */
describe('customer micro-site', () => {
  let browser: Browser;
  let staff: string;
  let mall: Awaited<ReturnType<typeof firstMall>>;
  const phone = newPhone();
  const e164 = `+90${phone.replace(/\s/g, '').slice(1)}`;
  let customerId: string;

  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 390, height: 844 } });
    staff = await adminToken();
    mall = await firstMall(staff);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs a new customer up with the code sent by SMS', async () => {
    const { page } = browser;
    await browser.open(`/micro-site/${mall.location_token}`, { language: 'tr' });
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Giriş yapın' }).waitFor();
    await page.getByText(mall.location_name).waitFor();
    // The first load must not fetch the back-office's code.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js')),
    );
    expect(scripts.some((name) => /DataGrid|DashboardLayout/.test(name))).toBe(false);
    await browser.screenshot('micro-site-login');
    await expectAccessible(page, 'the micro-site login');

    await page.getByLabel(/Cep telefonu/).fill(phone);
    const sent = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Devam Et' }).click();
    // The check answers alike for every phone: the code comes first, and the login says the phone
    // is new once the code is right, carrying phone, code and countdown on to sign-up.
    await page.getByRole('dialog', { name: 'Doğrulama kodu' }).waitFor();
    const code = await smsCodeTo(inject('smsDir'), e164, sent);
    expect(code).toMatch(/^\d{4}$/);
    await browser.screenshot('micro-site-sms-dialog');
    await expectAccessible(page, 'the SMS code dialog');
    await enterCode(page, code!);
    await page.waitForURL('**/register');
    await page.getByText('Müşteri kayıtlı değil, lütfen önce kayıt olun').waitFor();
    // The URL changes before the sign-up page's code has loaded: wait for the page itself, not the
    // login page's phone field still on screen.
    await page.getByRole('heading', { name: 'Üye olun' }).waitFor();
    expect(await page.getByLabel(/Cep telefonu/).isDisabled()).toBe(true);

    await page.getByLabel(/^Ad(\s|$)/).fill('Elif');
    await page.getByLabel(/^Soyad/).fill('Kaya');
    await page.getByLabel(/^Doğum tarihi/).fill('1992-03-08');
    await page.getByLabel('Cinsiyet').selectOption('female');
    await page.getByLabel(/^E-posta \(/).fill(`elif.kaya.${Date.now()}@example.com`);
    // The address cascades from the mall-token lookups (/api/ext/geo): a district only after a province.
    const district = page.getByLabel('İlçe', { exact: true });
    expect(await district.isDisabled()).toBe(true);
    await page.getByLabel('İl', { exact: true }).selectOption('İzmir');
    await district.selectOption('Konak');
    await page.getByLabel('Mahalle', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel(/^Araç plakası/).fill('35 ELF 92');
    await page.getByRole('checkbox', { name: /arama, SMS ve e-posta izni/ }).check();
    const signUp = page.getByRole('button', { name: /^Üye Ol/ });
    expect(await signUp.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'KVKK Aydınlatma Metni' }).click();
    const kvkk = page.getByRole('dialog');
    await kvkk
      .getByText(/kişisel veri/i)
      .first()
      .waitFor();
    await browser.screenshot('micro-site-kvkk');
    await expectAccessible(page, 'the KVKK notice');
    await kvkk.getByRole('button', { name: 'Okudum, kabul ediyorum' }).click();
    await kvkk.waitFor({ state: 'detached' });
    expect(await page.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }).isChecked()).toBe(true);
    await expect.poll(() => signUp.textContent()).toMatch(/^Üye Ol \(\d:\d\d\)$/);
    expect(await fitsThePhone(page)).toBe(true);
    await browser.screenshot('micro-site-register');
    await expectAccessible(page, 'the micro-site sign-up');

    // The code typed at login signs up directly.
    await signUp.click();
    await page.getByRole('heading', { name: 'Hoş geldiniz, Elif' }).waitFor();
    await browser.screenshot('micro-site-main');
    await expectAccessible(page, 'the micro-site main page');
    customerId = await page.evaluate(
      (token) => localStorage.getItem(`customerId-${token}`) ?? '',
      mall.location_token,
    );
    expect(customerId).toMatch(/^[0-9a-f]{24}$/);

    // The staff see the new customer, the consents given here recorded with source micro-site.
    const seen = await staffCustomer(staff, mall._id, customerId);
    expect(seen.customer_name).toBe('Elif');
    const sources = new Set(seen.consent_history.map((event) => `${event.type}:${event.source}`));
    for (const type of ['kvkk', 'sms', 'email', 'call']) expect(sources).toContain(`${type}:micro-site`);
  });

  it('shows the staff the new customer, the consents given on the micro-site in the history', async () => {
    const desk = await openBrowser();
    try {
      await desk.signIn();
      await desk.open(`/customers/${customerId}/detail`);
      await desk.page.getByRole('heading', { name: 'Müşteri Detayı' }).waitFor();
      await desk.page.getByText('Elif').first().waitFor();
      await desk.page.getByRole('tab', { name: 'İzinler' }).click();
      const history = desk.page.getByRole('table', { name: 'İzin geçmişi' });
      await history.getByText('Mikro site').first().waitFor();
      await desk.screenshot('micro-site-staff-consent-history');
    } finally {
      await desk.close();
    }
  });

  it('signs out and signs in again with a new code', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Hesabım' }).click();
    await page.getByRole('menu').waitFor();
    await browser.screenshot('micro-site-account-menu');
    await expectAccessible(page, 'the micro-site account menu');
    await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
    await page.getByRole('heading', { name: 'Giriş yapın' }).waitFor();
    expect(
      await page.evaluate((token) => localStorage.getItem(`customerToken-${token}`), mall.location_token),
    ).toBeNull();

    await page.getByLabel(/Cep telefonu/).fill(phone);
    const asked = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Devam Et' }).click();
    const dialog = page.getByRole('dialog', { name: 'Doğrulama kodu' });
    await dialog.waitFor();
    // The code used to sign up ended its resend wait: signing in again sends a new one at once.
    const code = await smsCodeTo(inject('smsDir'), e164, asked);
    expect(code).toMatch(/^\d{4}$/);
    await enterCode(page, code!);
    await page.getByRole('heading', { name: 'Hoş geldiniz, Elif' }).waitFor();
  });

  it('updates the profile and its consents', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Hesabım' }).click();
    await page.getByRole('menuitem', { name: 'Profili Güncelle' }).click();
    await page.getByRole('heading', { name: 'Profili güncelle' }).waitFor();
    await page.getByLabel(/^Soyad/).fill('Kaya Demir');
    await page.getByRole('checkbox', { name: 'SMS', exact: true }).uncheck();
    expect(await page.getByRole('checkbox', { name: /arama, SMS ve e-posta izni/ }).isChecked()).toBe(false);
    await browser.screenshot('micro-site-profile-update');
    await expectAccessible(page, 'the profile update');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('heading', { name: 'Profilim' }).waitFor();
    await page.getByText('Elif Kaya Demir').waitFor();
    await page.getByText('Profiliniz güncellendi').waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await browser.screenshot('micro-site-profile');
    await expectAccessible(page, 'the micro-site profile');
    const seen = await staffCustomer(staff, mall._id, customerId);
    expect(seen.consent_history).toContainEqual(
      expect.objectContaining({ type: 'sms', value: false, source: 'micro-site' }),
    );
    // Only SMS was taken back: calls and email stay allowed.
    await page.getByText('Telefon araması: Açık · SMS: Kapalı · E-posta: Açık').waitFor();
    expect(seen.consent_history.filter((event) => event.type === 'call' && !event.value)).toEqual([]);
  });

  it('switches to English and keeps it after a reload', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Dil' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await browser.screenshot('micro-site-profile-en');
    await expectAccessible(page, 'the micro-site profile in English');
  });
});
