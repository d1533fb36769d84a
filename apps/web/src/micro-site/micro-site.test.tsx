import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../lib/api/test-server';
import { installTestServer } from '../test/server';
import { customerSessionKeys } from './lib/contract';
import {
  CUSTOMER_ID,
  challenge,
  currentPath,
  customer,
  MOBILE_TOKEN,
  renderMicroSite,
  serveMall,
  signedIn,
  TOKEN,
} from './test/render';

const server = installTestServer();
const keys = customerSessionKeys(TOKEN);

type User = ReturnType<typeof renderMicroSite>['user'];

/** Types the phone on the login page and asks for its code; the answer is whatever the test serves. */
const askForCode = async (user: User) => {
  await user.type(await screen.findByLabelText(/Cep telefonu/), '0532 123 45 67');
  await user.click(screen.getByRole('button', { name: 'Devam Et' }));
};
describe('micro-site session and routing', () => {
  it('sends a guest to the phone login, and register on a path ending in register', async () => {
    serveMall(server());
    renderMicroSite('');
    expect(await screen.findByRole('heading', { name: 'Giriş yapın' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(await screen.findByText('Kordonboyu Yaşam AVM')).toBeInTheDocument();
    // Each page names the tab, then the mall (WCAG 2.4.2).
    await waitFor(() => expect(document.title).toBe('Giriş yapın · Kordonboyu Yaşam AVM'));
    const location = server().to('GET', '/ext/location')[0]!;
    expect(location.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(location.headers['customer-token']).toBeUndefined();
  });

  it('shows register at /register to a guest', async () => {
    serveMall(server());
    renderMicroSite('/register');
    expect(await screen.findByRole('heading', { name: 'Üye olun' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Üye olun · Kordonboyu Yaşam AVM'));
  });

  it('restores a stored session: profile fetched with the customer headers, then the main page', async () => {
    serveMall(server());
    signedIn(server());
    renderMicroSite('/login');
    expect(screen.getByRole('progressbar', { name: 'Yükleniyor' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hoş geldiniz, Ayşe' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    const profile = server().to('GET', '/ext/app/customers/profile')[0]!;
    expect(profile.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'customer-token': MOBILE_TOKEN,
      'customer-id': CUSTOMER_ID,
      'accept-language': 'tr',
    });
  });

  it('treats a deleted profile as signed out', async () => {
    serveMall(server());
    signedIn(server(), customer({ customer_deletedAt: '2026-11-10T00:00:00.000Z' }));
    renderMicroSite('/profile');
    expect(await screen.findByRole('heading', { name: 'Giriş yapın' })).toBeInTheDocument();
    expect(localStorage.getItem(keys.token)).toBeNull();
  });

  it('treats a refused session as signed out and forgets it', async () => {
    serveMall(server());
    signedIn(server());
    server().on('GET', '/ext/app/customers/profile', () =>
      json({ statusCode: 401, code: 'CUSTOMER_SESSION_INVALID', message: 'Oturumunuz sona erdi' }, 401),
    );
    renderMicroSite('');
    expect(await screen.findByRole('heading', { name: 'Giriş yapın' })).toBeInTheDocument();
    expect(localStorage.getItem(keys.token)).toBeNull();
    expect(localStorage.getItem(keys.id)).toBeNull();
  });

  it('says so when the server does not know the address’s token', async () => {
    server().on('GET', '/ext/location', () =>
      json(
        { statusCode: 401, code: 'LOCATION_TOKEN_INVALID', message: 'Bu mikro site adresi geçersiz' },
        401,
      ),
    );
    renderMicroSite('/login');
    expect(await screen.findByRole('heading', { name: 'Bu adres geçersiz' })).toBeInTheDocument();
  });

  it('covers the page while the phone is offline', async () => {
    serveMall(server());
    renderMicroSite('/login');
    await screen.findByRole('heading', { name: 'Giriş yapın' });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('alertdialog', { name: 'İnternet Bağlantınız Kesildi' })).toBeInTheDocument();
    online.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    online.mockRestore();
  });

  it('answers an unknown path with Not Found', async () => {
    serveMall(server());
    renderMicroSite('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Sayfa bulunamadı' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sayfa bulunamadı · Kordonboyu Yaşam AVM'));
  });

  it('logs out from the account menu: the server session ends and token and id are forgotten', async () => {
    serveMall(server());
    signedIn(server());
    server().on('POST', '/ext/app/customers/logout', () => new Response(null, { status: 204 }));
    const { user } = renderMicroSite('');
    await screen.findByRole('heading', { name: 'Hoş geldiniz, Ayşe' });
    await user.click(screen.getByRole('button', { name: 'Hesabım: A' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profil' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profili Güncelle' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Çıkış Yap' }));
    expect(await screen.findByRole('heading', { name: 'Giriş yapın' })).toBeInTheDocument();
    expect(server().to('POST', '/ext/app/customers/logout')[0]!.headers['customer-token']).toBe(MOBILE_TOKEN);
    expect(localStorage.getItem(keys.token)).toBeNull();
    expect(localStorage.getItem(keys.id)).toBeNull();
  });

  it('switches the language, keeps it under i18nextLng and asks the server in it', async () => {
    serveMall(server());
    const { user } = renderMicroSite('/login');
    await screen.findByRole('heading', { name: 'Giriş yapın' });
    await user.click(screen.getByRole('button', { name: 'Dil: TR, Türkçe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    server().on('POST', '/ext/customers/check', () => json(challenge()));
    await user.type(screen.getByLabelText(/Mobile phone/), '532 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Verification code' });
    expect(server().to('POST', '/ext/customers/check')[0]!.headers['accept-language']).toBe('en');
  });
});

describe('micro-site login flow', () => {
  it('signs a registered customer in with the code and goes back to the page asked for', async () => {
    serveMall(server());
    server()
      .on('POST', '/ext/customers/check', () => json(challenge()))
      .on('POST', '/ext/customers/login', () => json({ mobileToken: MOBILE_TOKEN, customer: customer() }))
      .on('GET', '/ext/app/customers/profile', () => json(customer()));
    const { user } = renderMicroSite('/profile');
    await screen.findByRole('heading', { name: 'Giriş yapın' });
    await askForCode(user);
    expect(await screen.findByRole('dialog', { name: 'Doğrulama kodu' })).toBeInTheDocument();
    expect(server().to('POST', '/ext/customers/check')[0]!.body).toEqual({ customer_phone: '05321234567' });
    // The fourth digit sends the code.
    await act(() => user.keyboard('4821'));
    expect(await screen.findByRole('heading', { name: 'Profilim' })).toBeInTheDocument();
    expect(currentPath()).toBe('/profile');
    expect(server().to('POST', '/ext/customers/login')[0]!.body).toEqual({
      customer_phone: '05321234567',
      sms_code: '4821',
    });
    expect(localStorage.getItem(keys.token)).toBe(MOBILE_TOKEN);
    expect(localStorage.getItem(keys.id)).toBe(CUSTOMER_ID);
  });

  it('says so when signing in brought a deleted account back', async () => {
    serveMall(server());
    server()
      .on('POST', '/ext/customers/check', () => json(challenge()))
      .on('POST', '/ext/customers/login', () =>
        json({ mobileToken: MOBILE_TOKEN, customer: customer(), reactivated: true }),
      )
      .on('GET', '/ext/app/customers/profile', () => json(customer()));
    const { user } = renderMicroSite('/login');
    await askForCode(user);
    await screen.findByRole('dialog', { name: 'Doğrulama kodu' });
    await act(() => user.keyboard('4821'));
    expect(
      await screen.findByText('Hesabınız yeniden etkinleştirildi; tekrar hoş geldiniz!'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hoş geldiniz, Ayşe' })).toBeInTheDocument();
  });

  it('reopening the dialog for the same phone reuses the countdown without a new SMS', async () => {
    serveMall(server());
    server().on('POST', '/ext/customers/check', () => json(challenge(120)));
    const { user } = renderMicroSite('/login');
    await askForCode(user);
    const dialog = await screen.findByRole('dialog', { name: 'Doğrulama kodu' });
    expect(within(dialog).getByRole('button', { name: 'Kodu yeniden gönder' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Devam Et' }));
    const again = await screen.findByRole('dialog', { name: 'Doğrulama kodu' });
    expect(within(again).getByText(/Yeni kod (2:00|1:5\d) sonra istenebilir/)).toBeInTheDocument();
    expect(server().to('POST', '/ext/customers/check')).toHaveLength(1);
  });

  it('sends a new phone on to register once its code is right: phone locked, snackbar, countdown, and the code signs up', async () => {
    serveMall(server());
    server()
      .on('POST', '/ext/customers/check', () => json(challenge(170)))
      .on('POST', '/ext/customers/login', () =>
        json(
          {
            statusCode: 404,
            code: 'CUSTOMER_NOT_REGISTERED',
            message: 'Müşteri kayıtlı değil, lütfen önce kayıt olun',
            fields: { customer_phone: 'Müşteri kayıtlı değil' },
          },
          404,
        ),
      )
      .on('POST', '/ext/customers/register', () =>
        json({ mobileToken: MOBILE_TOKEN, customer: customer() }, 201),
      )
      .on('GET', '/ext/app/customers/profile', () => json(customer()));
    const { user } = renderMicroSite('/login');
    await askForCode(user);
    // The check says nothing of who is a customer: the code dialog opens for every phone.
    await screen.findByRole('dialog', { name: 'Doğrulama kodu' });
    // The fourth digit sends the code.
    await act(() => user.keyboard('4821'));
    expect(await screen.findByRole('heading', { name: 'Üye olun' })).toBeInTheDocument();
    expect(currentPath()).toBe('/register');
    expect(await screen.findByText('Müşteri kayıtlı değil, lütfen önce kayıt olun')).toBeInTheDocument();
    const phone = screen.getByLabelText(/Cep telefonu/);
    expect(phone).toHaveValue('0532 123 45 67');
    expect(phone).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Üye Ol \(2:(4\d|50)\)$/ })).toBeDisabled();

    // The code typed at login signs up at once: no second dialog, no second SMS.
    await user.type(screen.getByLabelText(/^Ad( |$)/), 'Ayşe');
    await user.type(screen.getByLabelText(/^Soyad/), 'Yılmaz');
    await user.type(screen.getByLabelText(/^Doğum tarihi/), '1990-05-17');
    await user.click(screen.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }));
    await act(() => user.click(screen.getByRole('button', { name: /^Üye Ol/ })));
    expect(await screen.findByRole('heading', { name: 'Hoş geldiniz, Ayşe' })).toBeInTheDocument();
    expect(server().to('POST', '/ext/customers/register')[0]!.body).toMatchObject({
      customer_phone: '05321234567',
      sms_code: '4821',
    });
    expect(server().to('POST', '/ext/customers/sms-resend')).toHaveLength(0);
    expect(server().to('POST', '/ext/customers/check')).toHaveLength(1);
  });

  it('shows a refused phone in the form and a snackbar', async () => {
    serveMall(server());
    server().on('POST', '/ext/customers/check', () =>
      json(
        { statusCode: 429, code: 'SMS_HOURLY_LIMIT', message: 'Bu numaraya bir saatte en fazla 5 kod' },
        429,
      ),
    );
    const { user } = renderMicroSite('/login');
    await askForCode(user);
    expect(await screen.findAllByText('Bu numaraya bir saatte en fazla 5 kod')).toHaveLength(2);
  });

  it('checks the phone in the browser before asking the server', async () => {
    serveMall(server());
    const { user } = renderMicroSite('/login');
    await user.click(await screen.findByRole('button', { name: 'Devam Et' }));
    expect(screen.getByText('Telefon numarası gerekli')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Cep telefonu/), '0532 12');
    await user.click(screen.getByRole('button', { name: 'Devam Et' }));
    expect(screen.getByText('Geçerli bir telefon numarası girin')).toBeInTheDocument();
    expect(server().to('POST', '/ext/customers/check')).toHaveLength(0);
  });
});

describe('micro-site registration', () => {
  const fillRequired = async (user: ReturnType<typeof renderMicroSite>['user']) => {
    await user.type(screen.getByLabelText(/^Ad( |$)/), 'Ayşe');
    await user.type(screen.getByLabelText(/^Soyad/), 'Yılmaz');
    await user.type(screen.getByLabelText(/^Doğum tarihi/), '1990-05-17');
  };

  it('enables sign-up only for a valid, changed form with KVKK accepted', async () => {
    serveMall(server());
    const { user } = renderMicroSite('/register');
    await screen.findByRole('heading', { name: 'Üye olun' });
    const signUp = screen.getByRole('button', { name: 'Üye Ol' });
    expect(signUp).toBeDisabled();
    await user.type(screen.getByLabelText(/Cep telefonu/), '0532 123 45 67');
    await fillRequired(user);
    expect(signUp).toBeDisabled();
    expect(screen.getByText('Üye olmak için KVKK Aydınlatma Metni’ni kabul etmelisiniz')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }));
    expect(signUp).toBeEnabled();
    await user.clear(screen.getByLabelText(/^Ad( |$)/));
    await user.tab();
    expect(signUp).toBeDisabled();
    expect(screen.getByText('Bu alan zorunludur')).toBeInTheDocument();
  });

  it('takes letters, spaces, apostrophes, hyphens and dots as a name, not a phone number', async () => {
    serveMall(server());
    const { user } = renderMicroSite('/register');
    await screen.findByRole('heading', { name: 'Üye olun' });
    const name = screen.getByLabelText(/^Ad( |$)/);
    await user.type(name, '0533 444 55 66');
    await user.tab();
    expect(name).toHaveAccessibleDescription(
      'Yalnızca harf, boşluk, kesme işareti (’), kısa çizgi (-) ve nokta içerebilir',
    );
    await user.clear(name);
    await user.type(name, "Şükrü O'Neil-Çelik");
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('checks email length and pattern and the plate by contracts’ rule', async () => {
    serveMall(server());
    const { user } = renderMicroSite('/register');
    await screen.findByRole('heading', { name: 'Üye olun' });
    await user.type(screen.getByLabelText(/^E-posta \(/), 'a@b.c');
    await user.tab();
    expect(screen.getByText('E-posta 6 ile 265 karakter arasında olmalıdır')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^E-posta \(/));
    await user.type(screen.getByLabelText(/^E-posta \(/), 'ayse.example.com');
    expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Araç plakası/), '99 ZZ 1');
    await user.tab();
    expect(await screen.findByText('Geçerli bir araç plakası girin')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Araç plakası/));
    await user.type(screen.getByLabelText(/Araç plakası/), '34 abc 123');
    expect(screen.queryByText('Geçerli bir araç plakası girin')).not.toBeInTheDocument();
  });

  it('master permission sets call, SMS and email together, and follows them', async () => {
    serveMall(server());
    const { user } = renderMicroSite('/register');
    await screen.findByRole('heading', { name: 'Üye olun' });
    const master = screen.getByRole('checkbox', { name: /arama, SMS ve e-posta izni/ });
    const singles = ['Telefon araması', 'SMS', 'E-posta'].map((name) =>
      screen.getByRole('checkbox', { name }),
    );
    await user.click(master);
    for (const single of singles) expect(single).toBeChecked();
    await user.click(singles[1]!);
    expect(master).not.toBeChecked();
    await user.click(singles[1]!);
    expect(master).toBeChecked();
    await user.click(master);
    for (const single of singles) expect(single).not.toBeChecked();
  });

  it('shows the KVKK text of type kvkk and target mobileapp, and accepting it ticks the box', async () => {
    serveMall(server());
    const { user } = renderMicroSite('/register');
    await screen.findByRole('heading', { name: 'Üye olun' });
    await user.click(screen.getByRole('button', { name: 'KVKK Aydınlatma Metni' }));
    const dialog = await screen.findByRole('dialog', { name: 'KVKK Aydınlatma Metni' });
    expect(within(dialog).getByText(/6698 sayılı Kanun/)).toBeInTheDocument();
    expect(server().to('POST', '/ext/app/agreements')[0]!.body).toEqual({
      filter: { agreement_type: 'kvkk', agreement_target: 'mobileapp' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Okudum, kabul ediyorum' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ })).toBeChecked();
  });

  it('signs up with the spec §3 payload, then lands signed in on the main page', async () => {
    serveMall(server());
    server()
      .on('POST', '/ext/customers/sms-resend', () => json(challenge()))
      .on('POST', '/ext/customers/register', () =>
        json({ mobileToken: MOBILE_TOKEN, customer: customer({ customer_email: null }) }, 201),
      )
      .on('GET', '/ext/app/customers/profile', () => json(customer()));
    const { user } = renderMicroSite('/register');
    await screen.findByRole('heading', { name: 'Üye olun' });
    await user.type(screen.getByLabelText(/Cep telefonu/), '0532 123 45 67');
    await fillRequired(user);
    await user.type(screen.getByLabelText(/Araç plakası/), '35 ABC 123');
    await user.click(screen.getByRole('checkbox', { name: /arama, SMS ve e-posta izni/ }));
    await user.click(screen.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }));
    await user.click(screen.getByRole('button', { name: 'Üye Ol' }));
    await screen.findByRole('dialog', { name: 'Doğrulama kodu' });
    await act(() => user.keyboard('1234'));
    expect(await screen.findByRole('heading', { name: 'Hoş geldiniz, Ayşe' })).toBeInTheDocument();
    expect(server().to('POST', '/ext/customers/sms-resend')[0]!.body).toEqual({
      customer_phone: '05321234567',
    });
    expect(server().to('POST', '/ext/customers/register')[0]!.body).toEqual({
      customer_phone: '05321234567',
      sms_code: '1234',
      customer_name: 'Ayşe',
      customer_surname: 'Yılmaz',
      customer_birthdate: '1990-05-17',
      customer_gender: 'unknown',
      customer_province: '',
      customer_district: '',
      customer_locality: '',
      customer_address: '',
      customer_vehicle_plate: '35ABC123',
      customer_accepts_kvkk: true,
      customer_allows_permissions: true,
      customer_allows_sms: true,
      customer_allows_email: true,
      customer_allows_call: true,
      agreement_version: 'kvkk-2026-1',
    });
    expect(localStorage.getItem(keys.token)).toBe(MOBILE_TOKEN);
  });

  it('a refused registration closes the dialog, shows a snackbar and puts the server’s words under the fields', async () => {
    serveMall(server());
    server()
      .on('POST', '/ext/customers/sms-resend', () => json(challenge()))
      .on('POST', '/ext/customers/register', () =>
        json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Gönderilen bilgiler geçersiz: customer_email',
            fields: { customer_email: 'Geçerli bir e-posta adresi girin' },
          },
          400,
        ),
      );
    const { user } = renderMicroSite('/register');
    await screen.findByRole('heading', { name: 'Üye olun' });
    await user.type(screen.getByLabelText(/Cep telefonu/), '0532 123 45 67');
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: /KVKK Aydınlatma Metni/ }));
    await user.click(screen.getByRole('button', { name: 'Üye Ol' }));
    await screen.findByRole('dialog', { name: 'Doğrulama kodu' });
    await act(() => user.keyboard('1234'));
    expect(await screen.findByText('Gönderilen bilgiler geçersiz: customer_email')).toBeInTheDocument();
    expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('micro-site profile', () => {
  it('updates the profile and consents, then shows the new profile', async () => {
    serveMall(server());
    signedIn(server(), customer({ customer_sms_permission: false }));
    server().on('POST', '/ext/app/customers/profile', ({ body }) =>
      json(customer({ customer_name: (body as { customer_name: string }).customer_name })),
    );
    const { user } = renderMicroSite('/profile/profile-update');
    const name = await screen.findByLabelText(/^Ad( |$)/);
    expect(name).toHaveValue('Ayşe');
    expect(screen.getByRole('checkbox', { name: /arama, SMS ve e-posta izni/ })).not.toBeChecked();
    await user.clear(name);
    await user.type(name, 'Ayşegül');
    await user.click(screen.getByRole('checkbox', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('heading', { name: 'Profilim' })).toBeInTheDocument();
    expect(screen.getByText('Ayşegül Yılmaz')).toBeInTheDocument();
    expect(server().to('POST', '/ext/app/customers/profile')[0]!.body).toMatchObject({
      customer_name: 'Ayşegül',
      customer_allows_permissions: true,
      customer_allows_sms: true,
      customer_email: 'ayse@example.com',
    });
  });

  it('leaves the master permission out when not all three are on, so the single ones count', async () => {
    serveMall(server());
    signedIn(server());
    server().on('POST', '/ext/app/customers/profile', () =>
      json(customer({ customer_sms_permission: false })),
    );
    const { user } = renderMicroSite('/profile/profile-update');
    await user.click(await screen.findByRole('checkbox', { name: 'SMS' }));
    expect(screen.getByRole('checkbox', { name: /arama, SMS ve e-posta izni/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await screen.findByRole('heading', { name: 'Profilim' });
    const body = server().to('POST', '/ext/app/customers/profile')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('customer_allows_permissions');
    expect(body).toMatchObject({
      customer_allows_sms: false,
      customer_allows_email: true,
      customer_allows_call: true,
    });
    // As the back-office shows a phone.
    expect(screen.getByText('0532 123 45 67')).toBeInTheDocument();
  });

  it('deletes the account only after confirming, then signs out', async () => {
    serveMall(server());
    signedIn(server());
    server().on('DELETE', '/ext/app/customers/profile', () =>
      json(customer({ customer_deletedAt: new Date().toISOString() })),
    );
    const { user } = renderMicroSite('/profile');
    await user.click(await screen.findByRole('button', { name: 'Hesabımı Sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hesabınız silinsin mi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server().to('DELETE', '/ext/app/customers/profile')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Hesabımı Sil' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Hesabınız silinsin mi?' })).getByRole('button', {
        name: 'Evet, hesabımı sil',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Giriş yapın' })).toBeInTheDocument();
    expect(server().to('DELETE', '/ext/app/customers/profile')).toHaveLength(1);
    expect(localStorage.getItem(keys.token)).toBeNull();
  });
});
