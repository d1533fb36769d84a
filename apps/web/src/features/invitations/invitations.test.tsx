import { type Invitation, paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, servePickers, serveSession } from '../../test/server';

const server = installTestServer();
const inviter = roleWith('modules:users:user-invitation');
const cashier = {
  ...roleWith('modules:loyalty:receipts'),
  _id: '64b0000000000000000000cc',
  role_name: 'Kasiyer',
};

const pending: Invitation = {
  _id: '64b000000000000000000201',
  admin_invite_email: 'ayse.kara@avlu.test',
  admin_invite_role_id: cashier._id,
  admin_invite_role_name: 'Kasiyer',
  admin_invite_location_ids: ['64b000000000000000000011'],
  status: 'pending',
  expiresAt: '2030-01-08T09:00:00.000Z',
  created_at: '2030-01-01T09:00:00.000Z',
};

const signIn = (path: string) => {
  servePickers(server(), [inviter, cashier]);
  serveSession(server(), { role: inviter });
  return renderApp({ path, signedInAs: { role: inviter }, authClient: httpAuthClient });
};

describe('invitations', () => {
  it('puts the server refusal under the email field and does not leave the form', async () => {
    server().on('POST', '/core/admin-invites', () =>
      json(
        {
          statusCode: 409,
          code: 'INVITATION_ALREADY_SENT',
          message: 'Bu e-posta adresine zaten davet gönderildi',
          fields: { admin_invite_email: 'Bu e-posta adresine zaten davet gönderildi' },
        },
        409,
      ),
    );
    const { user, router } = signIn('/user/invitations/new');
    await user.type(await screen.findByRole('textbox', { name: 'E-posta' }), 'ayse.kara@avlu.test');
    await user.click(screen.getByRole('combobox', { name: 'Rol' }));
    await user.click(await screen.findByRole('option', { name: 'Kasiyer' }));
    await user.click(screen.getByRole('button', { name: 'Davet gönder' }));

    expect(await screen.findByRole('textbox', { name: 'E-posta' })).toHaveAccessibleDescription(
      'Bu e-posta adresine zaten davet gönderildi',
    );
    expect(router.state.location.pathname).toBe('/user/invitations/new');
    expect(server().to('POST', '/core/admin-invites')[0]!.body).toEqual({
      admin_invite_email: 'ayse.kara@avlu.test',
      admin_invite_role_id: cashier._id,
    });
  });

  it('requires email and role before sending, both at once', async () => {
    const { user } = signIn('/user/invitations/new');
    await user.click(await screen.findByRole('button', { name: 'Davet gönder' }));
    await waitFor(() => expect(screen.getAllByText('Bu alan zorunludur')).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: 'E-posta' })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    expect(server().to('POST', '/core/admin-invites')).toEqual([]);
  });

  it('names the system admin role “Platform Yöneticisi” in the role picker, not by its stored name', async () => {
    servePickers(server(), [systemAdminRole, cashier]);
    serveSession(server(), { role: systemAdminRole });
    const { user } = renderApp({
      path: '/user/invitations/new',
      signedInAs: { role: systemAdminRole },
      authClient: httpAuthClient,
    });
    await user.click(await screen.findByRole('combobox', { name: 'Rol' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Platform Yöneticisi', 'Kasiyer']);
  });

  it('explains an empty list and offers to send the first invitation', async () => {
    server().on('GET', '/core/admin-invites', () =>
      json({ data: [], pagination: paginationOf(0, { limit: 10, currentPage: 1 }) }),
    );
    const { user, router } = signIn('/user/invitations');

    const list = await screen.findByRole('region', { name: 'Kullanıcı Davetleri' });
    expect(within(list).getByRole('heading', { name: 'Liste boş' })).toBeInTheDocument();
    expect(within(list).getByText(/^Henüz davet gönderilmedi\./)).toBeInTheDocument();
    const invite = within(list).getByRole('link', { name: 'Yeni davet' });
    expect(invite).toHaveAttribute('href', '/user/invitations/new');
    expect(screen.queryByRole('grid', { name: 'Kullanıcı Davetleri' })).not.toBeInTheDocument();

    await user.click(invite);
    expect(await screen.findByRole('button', { name: 'Davet gönder' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/invitations/new');
  });

  it('resends after confirmation, and says when it could not', async () => {
    server()
      .on('GET', '/core/admin-invites', () =>
        json({ data: [pending], pagination: paginationOf(1, { limit: 10, currentPage: 1 }) }),
      )
      .on('POST', '/core/admin-invites/resend/:id', () => json(pending));
    const { user } = signIn('/user/invitations');
    const row = (await screen.findByText('ayse.kara@avlu.test')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Bekliyor')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Daveti yeniden gönder: ayse.kara@avlu.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByText('Davet gönderildi')).toBeInTheDocument();
    expect(server().to('POST', `/core/admin-invites/resend/${pending._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    server().on('POST', '/core/admin-invites/resend/:id', () =>
      json(
        {
          statusCode: 503,
          code: 'INVITE_NOT_SENT',
          message: 'Davet gönderilemedi; lütfen daha sonra tekrar deneyin',
        },
        503,
      ),
    );
    await user.click(within(row).getByRole('button', { name: 'Daveti yeniden gönder: ayse.kara@avlu.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(
      await screen.findByText('Davet gönderilemedi; lütfen daha sonra tekrar deneyin'),
    ).toBeInTheDocument();
  });
});
