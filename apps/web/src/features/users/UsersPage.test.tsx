import { type AdminProfile, paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { adminProfile, LOCATIONS, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, servePickers, serveSession } from '../../test/server';

const server = installTestServer();
const manager = roleWith('modules:users:user-management');

const people: AdminProfile[] = [
  adminProfile({
    _id: '64b000000000000000000101',
    admin_name: 'Can',
    admin_surname: 'Demir',
    admin_email: 'can.demir@avlu.test',
    admin_role_name: 'Fiş Onaylayıcı',
    admin_locations: [LOCATIONS[1]!],
  }),
  adminProfile({
    _id: '64b000000000000000000102',
    admin_name: 'Zeynep',
    admin_surname: 'Kaya',
    admin_email: 'zeynep.kaya@avlu.test',
    admin_role_name: 'Pazarlama Uzmanı',
  }),
];

/** A row of the grid once the lazily loaded page and its first page are in. */
const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

const serveUsers = (rows: AdminProfile[]) =>
  server()
    .on('GET', '/core/admin', () =>
      json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) }),
    )
    .on('DELETE', '/core/admin/:id', ({ params }) => {
      rows.splice(
        rows.findIndex((row) => row._id === params.id),
        1,
      );
      return json(undefined, 204);
    });

describe('users list', () => {
  it('lists the users without admins, with role and malls', async () => {
    serveSession(server(), { role: manager });
    serveUsers([...people]);
    renderApp({ path: '/user/users', signedInAs: { role: manager }, authClient: httpAuthClient });

    const grid = await screen.findByRole('grid', { name: 'Kullanıcılar' });
    const row = (await within(grid).findByText('Can Demir')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('can.demir@avlu.test')).toBeInTheDocument();
    expect(within(row).getByText('Fiş Onaylayıcı')).toBeInTheDocument();
    expect(within(row).getByText('Marmara Avlu')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'AVM’ler' })).toBeInTheDocument();
    // MUI X's Turkish grid texts leave the pager's count in English; ours completes them.
    expect(screen.getByText('1–2 / 2')).toBeInTheDocument();
    const query = server().to('GET', '/core/admin')[0]!.query;
    expect(query.get('noadmin')).toBe('true');
    expect(query.get('limit')).toBe('10');
  });

  it('explains an empty list and offers the invitation to a role that may invite', async () => {
    const inviting = roleWith('modules:users:user-management', 'modules:users:user-invitation');
    serveSession(server(), { role: inviting });
    serveUsers([]);
    renderApp({ path: '/user/users', signedInAs: { role: inviting }, authClient: httpAuthClient });

    const list = await screen.findByRole('region', { name: 'Kullanıcılar' });
    expect(within(list).getByRole('heading', { name: 'Liste boş' })).toBeInTheDocument();
    expect(
      within(list).getByText(/Henüz başka kullanıcı yok\. Ekip arkadaşlarınızı davet edin/),
    ).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Kullanıcı davet et' })).toHaveAttribute(
      'href',
      '/user/invitations/new',
    );
    expect(screen.queryByRole('grid', { name: 'Kullanıcılar' })).not.toBeInTheDocument();
  });

  it('offers the create button in the empty list to a role that may not invite', async () => {
    serveSession(server(), { role: manager });
    serveUsers([]);
    renderApp({ path: '/user/users', signedInAs: { role: manager }, authClient: httpAuthClient });

    const list = await screen.findByRole('region', { name: 'Kullanıcılar' });
    expect(within(list).getByText(/Henüz başka kullanıcı yok/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Yeni kullanıcı' })).toHaveAttribute('href', '/user/new');
    expect(screen.queryByRole('link', { name: 'Kullanıcı davet et' })).not.toBeInTheDocument();
  });

  it('deletes a user only after confirmation and says so', async () => {
    serveSession(server(), { role: manager });
    serveUsers([...people]);
    const { user } = renderApp({
      path: '/user/users',
      signedInAs: { role: manager },
      authClient: httpAuthClient,
    });
    const row = await rowOf('Zeynep Kaya');

    await user.click(within(row).getByRole('button', { name: 'Sil: Zeynep Kaya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bu kullanıcı silinsin mi?' });
    expect(dialog).toHaveTextContent('zeynep.kaya@avlu.test');
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server().to('DELETE', '/core/admin/64b000000000000000000102')).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Sil: Zeynep Kaya' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Kullanıcı silindi')).toBeInTheDocument();
    expect(server().to('DELETE', '/core/admin/64b000000000000000000102')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Zeynep Kaya')).not.toBeInTheDocument());
  });

  it('opens the edit page by name with the id in the query', async () => {
    serveUsers([...people]);
    server().on('GET', '/core/admin/:id', ({ params }) => json(people.find((row) => row._id === params.id)));
    servePickers(server(), [manager]);
    serveSession(server(), { role: manager });
    const { user, router } = renderApp({
      path: '/user/users',
      signedInAs: { role: manager },
      authClient: httpAuthClient,
    });
    const row = await rowOf('Can Demir');
    await user.click(within(row).getByRole('button', { name: 'Düzenle: Can Demir' }));
    expect(await screen.findByRole('textbox', { name: 'Ad' })).toHaveValue('Can');
    expect(router.state.location.pathname).toBe('/user/can-demir/edit');
    expect(router.state.location.search).toBe('?id=64b000000000000000000101');
    expect(screen.getByRole('textbox', { name: 'E-posta' })).toHaveValue('can.demir@avlu.test');
  });

  it('finds the user again from the edit URL alone, as after a reload, and saves the change', async () => {
    server()
      .on('GET', '/core/admin/:id', ({ params }) => json(people.find((row) => row._id === params.id)))
      .on('PUT', '/core/admin/:id', ({ body }) => json({ ...people[0], ...(body as object) }));
    servePickers(server(), [manager]);
    serveSession(server(), { role: manager });
    const { user, router } = renderApp({
      path: '/user/can-demir/edit?id=64b000000000000000000101',
      signedInAs: { role: manager },
      authClient: httpAuthClient,
    });
    const surname = await screen.findByRole('textbox', { name: 'Soyad' });
    await user.clear(surname);
    await user.type(surname, 'Demirci');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/users'));
    expect(server().to('PUT', '/core/admin/64b000000000000000000101')[0]!.body).toEqual({
      admin_name: 'Can',
      admin_surname: 'Demirci',
      admin_role_id: people[0]!.admin_role_id,
      admin_location_ids: [LOCATIONS[1]!._id],
    });
  });

  it('says so when the edit URL carries no user id', async () => {
    serveSession(server(), { role: manager });
    renderApp({ path: '/user/can-demir/edit', signedInAs: { role: manager }, authClient: httpAuthClient });
    expect(await screen.findByText(/Düzenlenecek kullanıcı bulunamadı/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kullanıcı listesine dön' })).toHaveAttribute(
      'href',
      '/user/users',
    );
  });
});
