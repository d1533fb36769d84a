import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, serveSession } from '../../test/server';

const server = installTestServer();
const role = roleWith('modules:dashboard');

// jsdom has no object URLs for the photo preview.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});

const openAccount = () => {
  const profile = serveSession(server(), { role, admin: { admin_phone_number: '+905321112233' } });
  const rendered = renderApp({ path: '/user', signedInAs: { role }, authClient: httpAuthClient });
  return { ...rendered, profile };
};

describe('account page', () => {
  it('uploads the photo, then saves the profile with its address', async () => {
    server()
      .on('POST', '/files', () => json({ url: '/api/files/64b000000000000000000aaa.png' }, 201))
      .on('PUT', '/core/admin/profile', ({ body }) => json({ ...profile, ...(body as object) }));
    const { user, router, profile } = openAccount();
    const name = await screen.findByRole('textbox', { name: 'Ad' });
    expect(router.state.location.pathname).toBe('/user/account');
    expect(screen.getByRole('textbox', { name: 'E-posta' })).toHaveAttribute('readonly');
    expect(screen.getByText('Avlu Park AVM', { selector: '.MuiChip-label' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Elif Su');
    await user.clear(screen.getByRole('textbox', { name: 'Telefon' }));
    await user.type(screen.getByRole('textbox', { name: 'Adres' }), 'Bağdat Cd. No: 5, Kadıköy');
    const photo = new File([new Uint8Array(2048)], 'vesikalik.png', { type: 'image/png' });
    const input = document.querySelector(
      'input[type="file"][name="admin_profile_photo"]',
    ) as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, photo);
    await user.click(screen.getAllByRole('button', { name: 'Kaydet' })[0]!);

    expect(await screen.findByText('Profil güncellendi')).toBeInTheDocument();
    const [upload] = server().to('POST', '/files');
    expect((upload!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(server().to('PUT', '/core/admin/profile')[0]!.body).toEqual({
      admin_name: 'Elif Su',
      admin_surname: 'Yılmaz',
      admin_gender: null,
      admin_phone_number: null,
      admin_birthday: null,
      admin_address: 'Bağdat Cd. No: 5, Kadıköy',
      admin_profile_photo: '/api/files/64b000000000000000000aaa.png',
    });
    // The session reloads the profile, so the top bar shows the new details.
    await waitFor(() => expect(server().to('GET', '/core/admin/profile').length).toBeGreaterThan(1));
  });

  it('changes the password only when the confirmation matches', async () => {
    server().on('PUT', '/core/admin/password', () => json(undefined, 204));
    const { user } = openAccount();
    const card = (await screen.findByRole('heading', { name: 'Şifre değiştir' })).closest(
      '.MuiCard-root',
    ) as HTMLElement;
    const field = (label: string) => within(card).getByLabelText(label, { selector: 'input' });
    await user.type(field('Mevcut şifre'), 'eski-sifre');
    await user.type(field('Yeni şifre'), 'yeni-sifre1');
    await user.type(field('Yeni şifre (tekrar)'), 'yeni-sifre2');
    await user.click(within(card).getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(await within(card).findByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    expect(server().to('PUT', '/core/admin/password')).toEqual([]);

    await user.clear(field('Yeni şifre (tekrar)'));
    await user.type(field('Yeni şifre (tekrar)'), 'yeni-sifre1');
    await user.click(within(card).getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(await screen.findByText('Başarıyla güncellendi')).toBeInTheDocument();
    expect(server().to('PUT', '/core/admin/password')[0]!.body).toEqual({
      old_password: 'eski-sifre',
      new_password: 'yeni-sifre1',
      confirm_password: 'yeni-sifre1',
    });
    expect(field('Mevcut şifre')).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    server().on('PUT', '/core/admin/password', () =>
      json(
        {
          statusCode: 400,
          code: 'WRONG_PASSWORD',
          message: 'Mevcut şifreniz hatalı',
          fields: { old_password: 'Mevcut şifreniz hatalı' },
        },
        400,
      ),
    );
    const { user } = openAccount();
    const current = await screen.findByLabelText('Mevcut şifre', { selector: 'input' });
    await user.type(current, 'yanlis');
    await user.type(screen.getByLabelText('Yeni şifre', { selector: 'input' }), 'yeni-sifre1');
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)', { selector: 'input' }), 'yeni-sifre1');
    await user.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('Mevcut şifreniz hatalı'));
  });
});
