import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../lib/api/test-server';
import { installTestServer } from '../test/server';
import { customer, renderMicroSite, serveMall, signedIn } from './test/render';

const server = installTestServer();

// Issue 10, point 24: the customer withdraws the KVKK consent from the profile page, and can give it again.
describe('micro-site KVKK consent', () => {
  it('withdraws the KVKK consent only after confirming, then shows it off with the permissions', async () => {
    serveMall(server());
    signedIn(server());
    server().on('POST', '/ext/app/customers/kvkk', () =>
      json(
        customer({
          customer_kvkk_permission: false,
          customer_sms_permission: false,
          customer_email_permission: false,
          customer_call_permission: false,
        }),
      ),
    );
    const { user } = renderMicroSite('/profile');
    await user.click(await screen.findByRole('button', { name: 'KVKK onayımı geri çek' }));
    const dialog = await screen.findByRole('dialog', { name: 'KVKK onayınız geri çekilsin mi?' });
    expect(dialog).toHaveTextContent(/ticari ileti izinleriniz de kapatılır/);
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server().to('POST', '/ext/app/customers/kvkk')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'KVKK onayımı geri çek' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'KVKK onayınız geri çekilsin mi?' })).getByRole(
        'button',
        {
          name: 'Evet, onayımı geri çek',
        },
      ),
    );
    expect(await screen.findByText('KVKK onayınız geri çekildi')).toBeInTheDocument();
    expect(
      server()
        .to('POST', '/ext/app/customers/kvkk')
        .map((call) => call.body),
    ).toEqual([{ customer_accepts_kvkk: false }]);
    // Still signed in, on the profile, which now says consent is off and offers to give it again.
    expect(screen.getByRole('heading', { name: 'Profilim' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'KVKK aydınlatma metnini okuyup onayla' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'KVKK onayımı geri çek' })).not.toBeInTheDocument();
  });

  it('gives the consent again after reading the notice, with its version', async () => {
    serveMall(server());
    signedIn(server(), customer({ customer_kvkk_permission: false, customer_sms_permission: false }));
    server().on('POST', '/ext/app/customers/kvkk', () => json(customer({ customer_sms_permission: false })));
    const { user } = renderMicroSite('/profile');
    await user.click(await screen.findByRole('button', { name: 'KVKK aydınlatma metnini okuyup onayla' }));
    const notice = await screen.findByRole('dialog', { name: 'KVKK Aydınlatma Metni' });
    expect(await within(notice).findByText(/6698 sayılı Kanun/)).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Okudum, kabul ediyorum' }));
    expect(await screen.findByText('KVKK onayınız kaydedildi')).toBeInTheDocument();
    expect(
      server()
        .to('POST', '/ext/app/customers/kvkk')
        .map((call) => call.body),
    ).toEqual([{ customer_accepts_kvkk: true, agreement_version: 'kvkk-2026-1' }]);
    expect(await screen.findByRole('button', { name: 'KVKK onayımı geri çek' })).toBeInTheDocument();
  });

  it('speaks English when English is chosen', async () => {
    serveMall(server());
    signedIn(server());
    const { user } = renderMicroSite('/profile');
    await user.click(await screen.findByRole('button', { name: 'Dil: TR, Türkçe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    await user.click(await screen.findByRole('button', { name: 'Withdraw my KVKK consent' }));
    expect(await screen.findByRole('dialog', { name: 'Withdraw your KVKK consent?' })).toHaveTextContent(
      /Your account stays open/,
    );
  });
});
