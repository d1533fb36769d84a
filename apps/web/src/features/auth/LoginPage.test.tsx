import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { systemAdminRole } from '../../test/fixtures';
import { fakeAuthClient, renderApp } from '../../test/render';

const signedInLater = () => fakeAuthClient({ role: systemAdminRole });

describe('login page', () => {
  it('says in Turkish what is missing or wrong before calling the server', async () => {
    const authClient = signedInLater();
    const { user } = renderApp({ path: '/auth/login', authClient });
    await user.click(await screen.findByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findAllByText('Bu alan zorunludur')).toHaveLength(2);

    await user.type(screen.getByLabelText('E-posta'), 'elif@');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByText('Geçerli bir e-posta adresi girin')).toBeInTheDocument();
    expect(authClient.login).not.toHaveBeenCalled();
  });

  it('remembers by default and shows or hides the password', async () => {
    const { user } = renderApp({ path: '/auth/login' });
    expect(await screen.findByRole('checkbox', { name: 'Beni hatırla' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Şifremi unuttum' })).toHaveAttribute(
      'href',
      '/auth/forget-password',
    );
    const password = screen.getByLabelText('Şifre');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Şifreyi göster' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it("shows the server's message when the login is refused", async () => {
    const authClient = signedInLater();
    authClient.login.mockRejectedValue(
      new ApiError({ statusCode: 401, code: 'UNAUTHORIZED', message: 'E-posta adresi ya da şifre hatalı' }),
    );
    const { user } = renderApp({ path: '/auth/login', authClient });
    await user.type(await screen.findByLabelText('E-posta'), 'elif.yilmaz@avlu.test');
    await user.type(screen.getByLabelText('Şifre'), 'yanlış');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-posta adresi ya da şifre hatalı');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('signs in, stores the session, welcomes and returns to the page asked for', async () => {
    const authClient = signedInLater();
    const { user, router } = renderApp({ path: '/app?tab=ozet', authClient });
    await user.type(await screen.findByLabelText('E-posta'), '  elif.yilmaz@avlu.test ');
    await user.type(screen.getByLabelText('Şifre'), 'gizli-şifre');
    await user.click(screen.getByRole('checkbox', { name: 'Beni hatırla' }));
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));

    expect(await screen.findByText('Giriş başarılı, hoş geldiniz!')).toBeInTheDocument();
    expect(authClient.login).toHaveBeenCalledWith({
      admin_email: 'elif.yilmaz@avlu.test',
      admin_password: 'gizli-şifre',
      remember: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Elif$/ })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/app?tab=ozet');
    expect(localStorage.getItem('accessToken')).toBe('test-token');
    expect(JSON.parse(localStorage.getItem('currentLocation') ?? 'null')).toMatchObject({
      location_name: 'Avlu Park AVM',
    });
  });
});

describe('unprotected auth pages', () => {
  it('shows the login to a signed-in admin on /auth/login-unprotected and goes home after signing in', async () => {
    const { user, router } = renderApp({
      path: '/auth/login-unprotected',
      signedInAs: { role: systemAdminRole },
    });
    await user.type(await screen.findByLabelText('E-posta'), 'elif.yilmaz@avlu.test');
    await user.type(screen.getByLabelText('Şifre'), 'gizli-şifre');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Elif$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('shows the register explanation to a signed-in admin on /auth/register-unprotected', async () => {
    renderApp({ path: '/auth/register-unprotected', signedInAs: { role: systemAdminRole } });
    expect(await screen.findByText(/Avlu hesapları davetle açılır/)).toBeInTheDocument();
  });
});
