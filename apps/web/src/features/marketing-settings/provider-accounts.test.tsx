import type { ProviderAccount } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const netgsm: ProviderAccount = {
  _id: '64b0000000000000000000a1',
  account_channel: 'sms',
  account_kind: 'bulk',
  account_provider: 'netgsm',
  account_name: 'NetGSM toplu',
  account_sender: 'DENIZAVM',
  account_sender_name: null,
  account_appname: null,
  account_endpoint: null,
  account_rate_per_second: null,
  account_is_active: true,
  account_has_credentials: true,
  account_state: 'ok',
  account_state_message: null,
  account_credit: 1250.5,
  account_checked_at: '2026-11-01T09:00:00.000Z',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

const rowOf = async (text: string) =>
  (await screen.findAllByText(text))[0]!.closest('[role="row"]') as HTMLElement;

afterEach(() => i18n.changeLanguage('tr'));

describe('provider accounts', () => {
  it('lists the accounts with their state, saying only whether credentials are stored', async () => {
    server()
      .on('GET', '/marketing/provider-accounts', () => json([netgsm]))
      .on('GET', '/marketing/settings', () =>
        json({ marketing_approval_threshold: null, marketing_iys_brand_code: null }),
      );
    renderApp({ path: '/settings/provider-accounts', ...asAdmin });
    const row = await rowOf('NetGSM toplu');
    expect(within(row).getByText('Toplu gönderim')).toBeInTheDocument();
    expect(within(row).getByText('Kayıtlı')).toBeInTheDocument();
    expect(within(row).getByText('Çalışıyor')).toBeInTheDocument();
  });

  it('adds an SMS account with its credentials', async () => {
    server()
      .on('GET', '/marketing/provider-accounts', () => json([]))
      .on('POST', '/marketing/provider-accounts', () => json(netgsm, 201));
    const { user, router } = renderApp({ path: '/settings/provider-accounts/new', ...asAdmin });
    await user.type(await screen.findByRole('textbox', { name: 'Hesap adı' }), 'NetGSM toplu');
    await user.type(screen.getByRole('textbox', { name: 'Gönderen' }), 'DENIZAVM');
    await user.type(screen.getByRole('textbox', { name: 'Uygulama adı (NetGSM)' }), 'avlu-kampanya');
    await user.type(screen.getByRole('textbox', { name: 'Kullanıcı adı' }), '8503001122');
    await user.type(screen.getByLabelText('Şifre'), 'gizli-sifre');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/provider-accounts'));
    expect(server().to('POST', '/marketing/provider-accounts')[0]!.body).toMatchObject({
      account_channel: 'sms',
      account_kind: 'bulk',
      account_name: 'NetGSM toplu',
      account_sender: 'DENIZAVM',
      account_appname: 'avlu-kampanya',
      account_credentials: { user: '8503001122', password: 'gizli-sifre', service_account: null },
    });
    expect(await screen.findByText('Gönderim hesabı eklendi')).toBeInTheDocument();
  });

  it('changes an account without sending credentials left empty', async () => {
    server()
      .on('GET', `/marketing/provider-accounts/${netgsm._id}`, () => json(netgsm))
      .on('GET', '/marketing/provider-accounts', () => json([netgsm]))
      .on('PUT', `/marketing/provider-accounts/${netgsm._id}`, () => json(netgsm));
    const { user, router } = renderApp({
      path: `/settings/provider-accounts/${netgsm._id}/edit`,
      ...asAdmin,
    });
    const name = await screen.findByRole('textbox', { name: 'Hesap adı' });
    expect(screen.getAllByText('Kayıtlı; değiştirmek istemiyorsanız boş bırakın').length).toBeGreaterThan(0);
    await user.clear(name);
    await user.type(name, 'NetGSM kampanya');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/provider-accounts'));
    expect(server().to('PUT', `/marketing/provider-accounts/${netgsm._id}`)[0]!.body).toMatchObject({
      account_name: 'NetGSM kampanya',
      account_credentials: { user: null, password: null },
    });
  });

  it('is the system admin’s only', async () => {
    renderApp({
      path: '/settings/provider-accounts',
      signedInAs: { role: roleWith('modules:marketing:marketing') },
    });
    expect(await screen.findByText('Bu sayfaya erişim yetkiniz yok.')).toBeInTheDocument();
    expect(server().to('GET', '/marketing/provider-accounts')).toHaveLength(0);
  });

  it('saves the mall’s marketing settings under the accounts, a bad İYS brand code shown under its field', async () => {
    let saved = { marketing_approval_threshold: 5000, marketing_iys_brand_code: null as string | null };
    server()
      .on('GET', '/marketing/provider-accounts', () => json([netgsm]))
      .on('GET', '/marketing/settings', () => json(saved))
      .on('PUT', '/marketing/settings', ({ body }) => {
        const code = (body as { marketing_iys_brand_code: string | null }).marketing_iys_brand_code;
        if (code === '999999')
          return json(
            {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message: 'Gönderilen bilgilerde hata var',
              fields: { marketing_iys_brand_code: 'Bu kod İYS’de başka bir markanın' },
            },
            400,
          );
        saved = { ...saved, ...(body as object) };
        return json(saved);
      });
    const { user } = renderApp({ path: '/settings/provider-accounts', ...asAdmin });
    const card = await screen.findByRole('region', { name: 'Pazarlama Ayarları' });
    const threshold = await within(card).findByRole('spinbutton', { name: 'Onay eşiği (kişi)' });
    expect(threshold).toHaveValue(5000);
    const code = within(card).getByRole('textbox', { name: 'İYS marka kodu' });

    // The contract's own check: not 6 digits, nothing is sent.
    await user.type(code, '12a');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(await within(card).findByText('İYS marka kodu 6 haneli bir sayıdır')).toBeInTheDocument();
    expect(server().to('PUT', '/marketing/settings')).toHaveLength(0);

    // The server's refusal, under the field.
    await user.clear(code);
    await user.type(code, '999999');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(await within(card).findByText('Bu kod İYS’de başka bir markanın')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Pazarlama ayarları kaydedildi')).toBeInTheDocument();
    expect(server().to('PUT', '/marketing/settings').at(-1)!.body).toEqual({
      marketing_approval_threshold: 5000,
      marketing_iys_brand_code: '123456',
    });
  });
});
