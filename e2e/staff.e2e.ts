import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';

const NEW_USER = { email: 'ayse.kaya@avlu.test', name: 'Ayşe', surname: 'Kaya', password: 'Kordon-2026' };
const ROLE = 'Müşteri Hizmetleri';

/**
 * Issue 3's journey: the system admin signs in, switches language and mall, makes a limited role and
 * invites a user with it; the mail arrives at the local SMTP server; the user registers through its
 * link, signs in, and sees only what the role permits.
 */
describe('staff identity and access', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const signIn = (email: string, password: string) => browser.signIn({ email, password });

  const signOut = async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Hesap' }).click();
    await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
    await page.waitForURL('**/auth/login');
  };

  it('signs the system admin in to the dashboard with every built module in the sidebar', async () => {
    const { page } = browser;
    const admin = inject('admin');
    await signIn(admin.email, admin.password);
    await page.waitForURL('**/app');
    const menu = page.getByRole('navigation', { name: 'Ana menü' });
    await menu.getByRole('button', { name: 'Müşteriler' }).waitFor();
    await menu.getByRole('button', { name: 'Ayarlar' }).waitFor();
    await menu.getByRole('button', { name: 'Kampanyalar' }).waitFor();
    await menu.getByRole('button', { name: 'Sadakat' }).waitFor();
    await menu.getByRole('button', { name: 'Pazarlama' }).waitFor();
    await menu.getByRole('button', { name: 'Rezervasyon' }).waitFor();
    await menu.getByRole('button', { name: 'Geri Bildirimler' }).waitFor();
    await menu.getByRole('button', { name: 'Ödünç Verme' }).waitFor();
    await menu.getByRole('button', { name: 'Raporlar' }).waitFor();
    await page.getByText('Platform Yöneticisi').first().waitFor();
    await browser.screenshot('staff-dashboard-admin');
  });

  it('shows an unknown address as 404 inside the layout, the sidebar still there', async () => {
    const { page } = browser;
    await browser.open('/reports/yearly-reports');
    await page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Ana menü' })
      .getByRole('button', { name: 'Müşteriler' })
      .waitFor();
    await browser.screenshot('staff-not-found-in-layout');
    await page.getByRole('link', { name: 'Ana sayfaya dön' }).click();
    await page.waitForURL('**/app');
  });

  it('switches the language of the back-office and back', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Dil' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Customers' })
      .waitFor();
    await browser.screenshot('staff-dashboard-en');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Türkçe' }).click();
    await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
  });

  it('switches the current mall, which reloads the page and is sent with every call', async () => {
    const { page } = browser;
    const current = await page.evaluate(
      () => JSON.parse(localStorage.getItem('currentLocation') ?? 'null')?._id,
    );
    await page.getByRole('combobox', { name: 'AVM' }).click();
    await page.getByRole('option', { name: 'Kordonboyu Yaşam AVM İzmir' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
    const chosen = await page.evaluate(
      () => JSON.parse(localStorage.getItem('currentLocation') ?? 'null')?._id,
    );
    expect(chosen).toBeTruthy();
    expect(chosen).not.toBe(current);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await browser.open('/user/roles');
    await page.getByRole('heading', { name: 'Kullanıcı Rolleri' }).waitFor();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(new URL(call).searchParams.get('locationId')).toBe(chosen);
  });

  it('makes a role that may only open the dashboard and the customer list', async () => {
    const { page } = browser;
    await browser.open('/user/roles/new');
    await page.getByLabel('Rol adı').fill(ROLE);
    await page.getByRole('checkbox', { name: 'Genel Bakış' }).check();
    await page.getByRole('checkbox', { name: 'Müşteri Listesi', exact: true }).check();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL('**/user/roles');
    await page.getByRole('gridcell', { name: ROLE, exact: true }).waitFor();
  });

  it('invites a user with that role, and the mail arrives with a registration link', async () => {
    const { page } = browser;
    await browser.open('/user/invitations/new');
    await page.getByLabel('E-posta').fill(NEW_USER.email);
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: ROLE }).click();
    await browser.screenshot('staff-invitation-new');
    await expectAccessible(page, 'the invitation form');
    await page.getByRole('button', { name: 'Davet gönder' }).click();
    await page.getByText('Davet gönderildi').first().waitFor();
    await page.getByRole('gridcell', { name: NEW_USER.email, exact: true }).waitFor();
    await browser.screenshot('staff-invitations');

    const mail = await waitForMail(inject('mailDir'), NEW_USER.email, /\/auth\/register\//);
    expect(mail.raw).toMatch(/^Subject: /m);
    expect(mail.text).toContain('text/html');
    expect(mail.text).toContain('text/plain');
  });

  it('registers the invited user through the link, and signs them in with only their permissions', async () => {
    const { page } = browser;
    const mail = await waitForMail(inject('mailDir'), NEW_USER.email, /\/auth\/register\//);
    const link = /https?:\/\/[^\s"<>]+\/auth\/register\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await signOut();

    await page.goto(link!);
    await page.getByText(`Rolünüz: ${ROLE}`).waitFor();
    expect(await page.getByLabel('E-posta').inputValue()).toBe(NEW_USER.email);
    await page.getByLabel('Ad', { exact: true }).fill(NEW_USER.name);
    await page.getByLabel('Soyad').fill(NEW_USER.surname);
    await page.getByLabel('Şifre', { exact: true }).fill(NEW_USER.password);
    await page.getByLabel('Şifre (tekrar)').fill(NEW_USER.password);
    await browser.screenshot('staff-register-invite');
    await expectAccessible(page, 'the invited user’s registration');
    await page.getByRole('button', { name: 'Kaydı tamamla' }).click();
    await page.waitForURL('**/app');
    await signOut();

    await signIn(NEW_USER.email, NEW_USER.password);
    await page.waitForURL('**/app');
    const menu = page.getByRole('navigation', { name: 'Ana menü' });
    await menu.getByRole('button', { name: 'Müşteriler' }).waitFor();
    await page.getByText(ROLE).first().waitFor();
    expect(await menu.getByRole('button', { name: 'Kampanyalar' }).count()).toBe(0);
    expect(await menu.getByRole('button', { name: 'Sadakat' }).count()).toBe(0);
    expect(await menu.getByRole('button', { name: 'Müşteri Kaydı' }).count()).toBe(0);
    await browser.screenshot('staff-dashboard-limited');

    await browser.open('/user/users');
    await page.getByText('Yetki Reddedildi').waitFor();
    await page.getByText('Bu sayfaya erişim yetkiniz yok.').waitFor();
    await browser.screenshot('staff-permission-denied');
    await expectAccessible(page, 'Permission Denied');
  });
});
