import { type ListQuery, paginationOf } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { RowAction } from '../../lib/data-table';
import { usePermissions } from '../../lib/permissions';
import { defineResource, queryList } from '../../lib/resource';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { installTestServer } from '../../test/server';
import { type DeleteRouteState, ResourceListPage, type ResourceListPageProps } from './ResourceListPage';

type Tier = { _id: string; tier_name: string; locked: boolean };

const tiers = defineResource<Tier>({
  name: 'tiers',
  path: '/loyalty/tier',
  list: queryList('/loyalty/tier'),
});

const columns: GridColDef<Tier>[] = [{ field: 'tier_name', headerName: 'Seviye', flex: 1 }];

const gold: Tier = { _id: '64b0000000000000000000a1', tier_name: 'Altın', locked: false };
const base: Tier = { _id: '64b0000000000000000000a2', tier_name: 'Temel', locked: true };

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const serveTiers = (rows: Tier[]) =>
  server()
    .on('GET', '/loyalty/tier', () =>
      json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) }),
    )
    .on('DELETE', '/loyalty/tier/:id', ({ params }) => {
      rows.splice(
        rows.findIndex((row) => row._id === params.id),
        1,
      );
      return json(undefined, 204);
    });

/** A delete route's stand-in. */
const Question = () => <p role="status">Soru</p>;

/** Says the role once the session has it, so a missing button is not just a role still loading. */
const RoleName = () => <span>{usePermissions().role?.role_name}</span>;

/** The page under test with the tiers, their columns and title; each test adds what it is about. */
const TierList = (props: Partial<ResourceListPageProps<Tier, ListQuery>>) => (
  <ResourceListPage resource={tiers} columns={columns} title="Seviyeler" {...props} />
);

/** At the list's own path, with every other path (an edit screen) answered by an empty page. */
const atTiers = {
  ...asAdmin,
  route: '/loyalty/tiers',
  path: '/loyalty/tiers',
  routes: [{ path: '*', element: null }],
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

describe('ResourceListPage', () => {
  it('frames the list: title, breadcrumbs, create link, a grid named by the title', async () => {
    serveTiers([gold]);
    renderWithProviders(
      <TierList
        crumbs={[{ label: 'Sadakat' }, { label: 'Seviyeler' }]}
        create={{ to: '/loyalty/tiers/new', label: 'Yeni Seviye' }}
        headerActions={<button type="button">Aktar</button>}
      />,
      asAdmin,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Seviyeler' })).toBeInTheDocument();
    expect(screen.getByText('Sadakat')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Yeni Seviye' })).toHaveAttribute(
      'href',
      '/loyalty/tiers/new',
    );
    expect(screen.getByRole('button', { name: 'Aktar' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Seviyeler' });
    expect(await within(grid).findByText('Altın')).toBeInTheDocument();
    // No row actions were given, so there is no actions column.
    expect(within(grid).queryByRole('button', { name: 'Düzenle' })).not.toBeInTheDocument();
  });

  it('leaves the create link out when the role may not open the create screen', async () => {
    serveTiers([gold]);
    // A role that may see the list's data but not the tiers screens.
    renderWithProviders(
      <TierList create={{ to: '/loyalty/tiers/new', label: 'Yeni Seviye' }} headerActions={<RoleName />} />,
      { signedInAs: { role: roleWith('modules:loyalty:receipts') } },
    );
    await rowOf('Altın');
    expect(await screen.findByText('Pazarlama Uzmanı')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Yeni Seviye' })).not.toBeInTheDocument();
  });

  it('opens the edit screen, runs feature actions and asks before deleting through the resource', async () => {
    serveTiers([gold, base]);
    const exported = vi.fn();
    const { user, router } = renderWithProviders(
      <TierList
        rowActions={{
          extra: (row) => <RowAction label="Dışa aktar" icon="↓" onClick={() => exported(row._id)} />,
          edit: { to: (row) => `/loyalty/tiers/${row._id}/edit`, disabled: (row) => row.locked },
          remove: {
            confirm: 'Seviye silinsin mi?',
            describe: (row) => row.tier_name,
            disabled: (row) => row.locked,
          },
        }}
      />,
      atTiers,
    );

    const locked = await rowOf('Temel');
    expect(within(locked).getByRole('button', { name: 'Düzenle' })).toBeDisabled();
    expect(within(locked).getByRole('button', { name: 'Sil' })).toBeDisabled();

    const row = await rowOf('Altın');
    const buttons = within(row).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Dışa aktar',
      'Düzenle',
      'Sil',
    ]);
    await user.click(buttons[0]!);
    expect(exported).toHaveBeenCalledWith(gold._id);

    await user.click(within(row).getByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seviye silinsin mi?' });
    expect(dialog).toHaveTextContent('Altın');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(server().to('DELETE', `/loyalty/tier/${gold._id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Altın')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/loyalty/tiers');
  });

  it('opens the edit screen of a row, from its button or from the row itself', async () => {
    serveTiers([gold, base]);
    const edit = { to: (row: Tier) => `/loyalty/tiers/${row._id}/edit`, disabled: (row: Tier) => row.locked };
    const { user, router } = renderWithProviders(<TierList rowActions={{ edit }} />, atTiers);
    // The row's name is a real link to its edit screen; a row that may not be edited leads nowhere.
    expect(await screen.findByRole('link', { name: 'Altın' })).toHaveAttribute(
      'href',
      `/loyalty/tiers/${gold._id}/edit`,
    );
    expect(screen.queryByRole('link', { name: 'Temel' })).not.toBeInTheDocument();
    await user.click(within(await rowOf('Altın')).getByRole('button', { name: 'Düzenle' }));
    expect(router.state.location.pathname).toBe(`/loyalty/tiers/${gold._id}/edit`);
  });

  it('explains an empty list and offers the create button there too', async () => {
    serveTiers([]);
    renderWithProviders(
      <TierList
        create={{ to: '/loyalty/tiers/new', label: 'Yeni Seviye' }}
        emptyState={{ text: 'Seviyeler müşterileri puanlarına göre gruplar.' }}
      />,
      asAdmin,
    );
    expect(await screen.findByText('Seviyeler müşterileri puanlarına göre gruplar.', {})).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Seviyeler' });
    expect(within(list).getByRole('heading', { name: 'Liste boş' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Yeni Seviye' })).toHaveAttribute(
      'href',
      '/loyalty/tiers/new',
    );
  });

  it("opens a row's delete route under the list, keeping the list's search and handing over the name", async () => {
    serveTiers([gold]);
    const { user, router } = renderWithProviders(<span />, {
      ...asAdmin,
      path: '/loyalty/tiers?keyword=alt',
      route: '/unused',
      routes: [
        {
          path: '/loyalty/tiers',
          element: (
            <TierList
              rowActions={{
                remove: { route: (row) => `/loyalty/tiers/${row._id}/delete`, name: (row) => row.tier_name },
              }}
            />
          ),
          children: [{ path: ':id/delete', element: <Question /> }],
        },
      ],
    });
    // The delete route's name also names the row to screen readers.
    await user.click(within(await rowOf('Altın')).getByRole('button', { name: 'Sil: Altın' }));
    expect(router.state.location.pathname).toBe(`/loyalty/tiers/${gold._id}/delete`);
    expect(router.state.location.search).toBe('?keyword=alt');
    expect(router.state.location.state).toEqual({ name: 'Altın' } satisfies DeleteRouteState);
    // The child route shows over the list, which stays.
    expect(await screen.findByText('Soru')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Seviyeler' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
