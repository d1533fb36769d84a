import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, serveSession } from '../../test/server';

const TOKEN = 'a3f9c2d14b7e8f60a3f9c2d14b7e8f60';
const server = installTestServer();
const invitedRole = roleWith('modules:dashboard', 'modules:loyalty:receipts');

const serveInvitation = () =>
  server().on('GET', `/core/auth/invitation/${TOKEN}`, () =>
    json({ admin_invite_email: 'can.demir@avlu.test', admin_invite_role_name: 'Fiş Onaylayıcı' }),
  );

describe('register by invitation', () => {
  it('shows the invitation and holds the password rules of spec §5', async () => {
    serveInvitation();
    const { user } = renderApp({ path: `/auth/register/${TOKEN}`, authClient: httpAuthClient });
    expect(await screen.findByRole('textbox', { name: 'E-posta' })).toHaveValue('can.demir@avlu.test');
    expect(screen.getByRole('textbox', { name: 'E-posta' })).toHaveAttribute('readonly');
    expect(screen.getByText('Rolünüz: Fiş Onaylayıcı')).toBeInTheDocument();

    const password = screen.getByLabelText('Şifre', { selector: 'input' });
    await user.type(password, 'kısa');
    await user.click(screen.getByRole('button', { name: 'Kaydı tamamla' }));
    expect(await screen.findByText('En az 8 karakter olmalıdır')).toBeInTheDocument();
    expect(screen.getAllByText('Bu alan zorunludur')).toHaveLength(2);

    await user.type(password, ' iki');
    expect(await screen.findByText('Şifre boşluk içeremez')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Avlu2024!');
    await user.type(screen.getByLabelText('Şifre (tekrar)', { selector: 'input' }), 'Avlu2025!');
    await user.click(screen.getByRole('button', { name: 'Kaydı tamamla' }));
    expect(await screen.findByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    expect(server().to('POST', '/core/auth/register')).toEqual([]);
  });

  it('registers, then signs in with the returned token and opens the dashboard', async () => {
    serveInvitation();
    server().on('POST', '/core/auth/register', () =>
      json({ token: { value: 'new-session', expiresAt: '2030-01-01T00:00:00.000Z' } }),
    );
    serveSession(server(), { role: invitedRole, admin: { admin_name: 'Can', admin_surname: 'Demir' } });
    const { user, router } = renderApp({ path: `/auth/register/${TOKEN}`, authClient: httpAuthClient });

    await user.type(await screen.findByRole('textbox', { name: 'Ad' }), 'Can');
    await user.type(screen.getByRole('textbox', { name: 'Soyad' }), 'Demir');
    await user.type(screen.getByLabelText('Şifre', { selector: 'input' }), 'Avlu2024!');
    await user.type(screen.getByLabelText('Şifre (tekrar)', { selector: 'input' }), 'Avlu2024!');
    await user.click(screen.getByRole('button', { name: 'Kaydı tamamla' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Can$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    expect(server().to('POST', '/core/auth/register')[0]!.body).toEqual({
      admin_name: 'Can',
      admin_surname: 'Demir',
      admin_password: 'Avlu2024!',
      admin_invite_token: TOKEN,
    });
    expect(localStorage.getItem('accessToken')).toBe('new-session');
    expect(server().to('GET', '/core/admin/profile')[0]!.headers.authorization).toBe('Bearer new-session');
  });

  it('says when the link cannot be used and leads back to the login', async () => {
    server().on('GET', '/core/auth/invitation/:token', () =>
      json(
        {
          statusCode: 404,
          code: 'INVITATION_INVALID',
          message: 'Davet bağlantısı geçersiz ya da süresi dolmuş',
        },
        404,
      ),
    );
    const { user, router } = renderApp({ path: `/auth/register/${TOKEN}`, authClient: httpAuthClient });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Davet bağlantısı geçersiz ya da süresi dolmuş',
    );
    expect(screen.queryByRole('textbox', { name: 'Ad' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Giriş sayfasına dön' }));
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('explains on /auth/register that accounts come by invitation', async () => {
    renderApp({ path: '/auth/register' });
    expect(await screen.findByText(/Avlu hesapları davetle açılır/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Giriş sayfasına dön' })).toHaveAttribute('href', '/auth/login');
  });
});
