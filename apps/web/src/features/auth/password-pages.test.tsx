import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const RESET_TOKEN = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';

describe('forgotten password', () => {
  it('sends the address and says the same thing whether it is registered or not', async () => {
    server().on('POST', '/core/auth/forget-password', () => json(undefined, 204));
    const { user, router } = renderApp({ path: '/auth/forget-password' });
    await user.type(await screen.findByRole('textbox', { name: 'E-posta' }), 'kimse@avlu.test');
    await user.click(screen.getByRole('button', { name: 'Bağlantı gönder' }));

    expect(await screen.findByRole('heading', { name: 'E-postanızı kontrol edin' })).toBeInTheDocument();
    expect(
      screen.getByText(/kimse@avlu.test adresi kayıtlıysa şifre yenileme bağlantısını gönderdik/),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verify');
    expect(server().to('POST', '/core/auth/forget-password')[0]!.body).toEqual({
      admin_email: 'kimse@avlu.test',
    });
  });

  it('shows the server message when the request is refused', async () => {
    server().on('POST', '/core/auth/forget-password', () =>
      json({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Çok fazla istek gönderildi' }, 429),
    );
    const { user, router } = renderApp({ path: '/auth/forget-password' });
    await user.type(await screen.findByRole('textbox', { name: 'E-posta' }), 'elif@avlu.test');
    await user.click(screen.getByRole('button', { name: 'Bağlantı gönder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Çok fazla istek gönderildi');
    expect(router.state.location.pathname).toBe('/auth/forget-password');
  });
});

describe('reset password', () => {
  it('sets the new password from the /reset-password link and goes to the login', async () => {
    server().on('POST', '/core/auth/reset-password', () => json(undefined, 204));
    const { user, router } = renderApp({ path: `/reset-password/${RESET_TOKEN}` });
    const password = await screen.findByLabelText('Şifre', { selector: 'input' });
    await user.type(password, 'Yeni-sifre1');
    await user.type(screen.getByLabelText('Şifre (tekrar)', { selector: 'input' }), 'Yeni-sifre2');
    await user.click(screen.getByRole('button', { name: 'Şifreyi güncelle' }));
    expect(await screen.findByText('Şifreler eşleşmiyor')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Şifre (tekrar)', { selector: 'input' }));
    await user.type(screen.getByLabelText('Şifre (tekrar)', { selector: 'input' }), 'Yeni-sifre1');
    await user.click(screen.getByRole('button', { name: 'Şifreyi güncelle' }));
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByText(/Şifreniz güncellendi/)).toBeInTheDocument();
    expect(server().to('POST', '/core/auth/reset-password')[0]!.body).toEqual({
      token: RESET_TOKEN,
      admin_password: 'Yeni-sifre1',
    });
  });
});

describe('password rule from the server', () => {
  it('shows the server’s refusal of a common password under the field', async () => {
    server().on('POST', '/core/auth/reset-password', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Gönderilen bilgiler geçersiz: admin_password',
          fields: { admin_password: 'Bu şifre çok yaygın ve kolayca tahmin edilir; başka bir şifre seçin' },
        },
        400,
      ),
    );
    const { user, router } = renderApp({ path: `/auth/reset-password/${RESET_TOKEN}` });
    const password = await screen.findByLabelText('Şifre', { selector: 'input' });
    expect(
      screen.getByText('En az 8 karakter; boşluk içeremez ve yaygın bir şifre olamaz.'),
    ).toBeInTheDocument();
    await user.type(password, 'Qwerty123');
    await user.type(screen.getByLabelText('Şifre (tekrar)', { selector: 'input' }), 'Qwerty123');
    await user.click(screen.getByRole('button', { name: 'Şifreyi güncelle' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Bu şifre çok yaygın ve kolayca tahmin edilir; başka bir şifre seçin',
      ),
    );
    expect(router.state.location.pathname).toBe(`/auth/reset-password/${RESET_TOKEN}`);
  });
});

describe('unlock link', () => {
  it('unlocks on a click, not on opening, and goes to the login', async () => {
    server().on('POST', '/core/auth/unlock', () => json(undefined, 204));
    const { user, router } = renderApp({ path: `/auth/unlock/${RESET_TOKEN}` });
    const button = await screen.findByRole('button', { name: 'Hesabımın kilidini aç' });
    expect(server().to('POST', '/core/auth/unlock')).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByText(/Hesabınızın kilidi açıldı/)).toBeInTheDocument();
    expect(server().to('POST', '/core/auth/unlock')[0]!.body).toEqual({ token: RESET_TOKEN });
  });

  it('says so when the link is used or expired', async () => {
    server().on('POST', '/core/auth/unlock', () =>
      json(
        {
          statusCode: 400,
          code: 'UNLOCK_LINK_INVALID',
          message: 'Kilit açma bağlantısı geçersiz, kullanılmış ya da süresi dolmuş',
        },
        400,
      ),
    );
    const { user } = renderApp({ path: `/auth/unlock/${RESET_TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'Hesabımın kilidini aç' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kilit açma bağlantısı geçersiz');
  });
});
