import { listQuery, paginationOf } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServer, json, type TestServer } from '../api/test-server';
import { changeLanguage } from '../i18n';
import { defineResource, filterList } from '../resource';
import { renderWithProviders } from '../resource/test-utils';
import { DataTable, DeleteAction, EditAction, useConfirmedRemove } from '.';

type Customer = { _id: string; customer_name: string; customer_phone: string };

const customers = defineResource<Customer>({
  name: 'customers',
  path: '/customer/profile',
  list: filterList('/customer/filter'),
});

const columns: GridColDef<Customer>[] = [
  { field: 'customer_name', headerName: 'Ad', flex: 1 },
  { field: 'customer_phone', headerName: 'Telefon', sortable: false },
];

const people = Array.from({ length: 25 }, (_, i) => ({
  _id: i.toString(16).padStart(24, '0'),
  customer_name: `Müşteri ${String(i + 1).padStart(2, '0')}`,
  customer_phone: `+90555000${String(i).padStart(4, '0')}`,
}));

let server: TestServer;
const filterBodies = () => server.to('POST', '/customer/filter').map((r) => r.body);
const lastFilter = () => filterBodies().at(-1) as Record<string, unknown>;

const serveCustomers = (rows: Customer[]) =>
  server.on('POST', '/customer/filter', ({ body }) => {
    const query = listQuery().parse(body);
    const matching = rows.filter((r) => !query.keyword || r.customer_name.includes(query.keyword));
    const sorted = query.order === 'desc' ? [...matching].reverse() : matching;
    const { limit, currentPage } = query.pagination;
    return json({
      data: sorted.slice((currentPage - 1) * limit, currentPage * limit),
      pagination: paginationOf(matching.length, query.pagination),
    });
  });

beforeEach(() => {
  server = createTestServer();
  serveCustomers(people);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('tr');
});

const grid = { disableVirtualization: true };

describe('DataTable paging, sorting and search', () => {
  it('asks for the first page of ten and shows it', async () => {
    renderWithProviders(<DataTable resource={customers} columns={columns} gridProps={grid} />);
    expect(await screen.findByText('Müşteri 01')).toBeInTheDocument();
    expect(screen.getByText('Müşteri 10')).toBeInTheDocument();
    expect(screen.queryByText('Müşteri 11')).not.toBeInTheDocument();
    expect(filterBodies()).toEqual([{ pagination: { limit: 10, currentPage: 1 } }]);
  });

  it('maps the grid pager to the 1-based currentPage and the page size to limit', async () => {
    renderWithProviders(<DataTable resource={customers} columns={columns} gridProps={grid} />);
    await screen.findByText('Müşteri 01');
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Müşteri 11')).toBeInTheDocument();
    expect(lastFilter()).toEqual({ pagination: { limit: 10, currentPage: 2 } });

    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(lastFilter()).toEqual({ pagination: { limit: 25, currentPage: 1 } }));
    expect(await screen.findByText('Müşteri 25')).toBeInTheDocument();
  });

  it('says "at least" when the server stopped counting the rows', async () => {
    server.on('POST', '/customer/filter', ({ body }) => {
      const query = listQuery().parse(body);
      return json({
        data: people.slice(0, 10),
        pagination: paginationOf(people.length, query.pagination, 20),
      });
    });
    renderWithProviders(<DataTable resource={customers} columns={columns} gridProps={grid} />);
    await screen.findByText('Müşteri 01');
    expect(screen.getByText('1–10 / 20+')).toBeInTheDocument();
  });

  it('sorts on the server through orderBy and order', async () => {
    renderWithProviders(<DataTable resource={customers} columns={columns} gridProps={grid} />);
    await screen.findByText('Müşteri 01');
    await userEvent.click(screen.getByRole('columnheader', { name: /Ad/ }));
    await waitFor(() => expect(lastFilter()).toMatchObject({ orderBy: 'customer_name', order: 'asc' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Ad/ }));
    await waitFor(() => expect(lastFilter()).toMatchObject({ orderBy: 'customer_name', order: 'desc' }));
    expect(await screen.findByText('Müşteri 25')).toBeInTheDocument();
  });

  it('searches once typing stops, from the first page', async () => {
    renderWithProviders(
      <DataTable resource={customers} columns={columns} searchDelay={1000} gridProps={grid} />,
    );
    await screen.findByText('Müşteri 01');
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Müşteri 11');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Ara' }), 'Müşteri 2');
    expect(filterBodies().some((b) => (b as { keyword?: string }).keyword)).toBe(false);
    await waitFor(
      () => expect(lastFilter()).toEqual({ pagination: { limit: 10, currentPage: 1 }, keyword: 'Müşteri 2' }),
      { timeout: 3000 },
    );
    expect(filterBodies().filter((b) => (b as { keyword?: string }).keyword)).toHaveLength(1);
    expect(await screen.findByText('Müşteri 20')).toBeInTheDocument();
    expect(screen.queryByText('Müşteri 01')).not.toBeInTheDocument();
  });

  it('passes the fixed query parts along', async () => {
    renderWithProviders(
      <DataTable
        resource={customers}
        columns={columns}
        params={{ filter: [{ field: 'gender', value: 'f' }] }}
        gridProps={grid}
      />,
    );
    await screen.findByText('Müşteri 01');
    expect(lastFilter()).toEqual({
      pagination: { limit: 10, currentPage: 1 },
      filter: [{ field: 'gender', value: 'f' }],
    });
  });
});

describe('DataTable states', () => {
  it('says the list is empty, or that the search found nothing, in the current language', async () => {
    serveCustomers([]);
    renderWithProviders(
      <DataTable resource={customers} columns={columns} searchDelay={10} gridProps={grid} />,
    );
    expect(await screen.findByText('Liste boş')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'yok');
    expect(await screen.findByText('Arama sonucu bulunamadı')).toBeInTheDocument();
    await changeLanguage('en');
    expect(await screen.findByText('Search result not found')).toBeInTheDocument();
  });

  it('shows the server message and a retry button when the list fails', async () => {
    server.on('POST', '/customer/filter', () =>
      json({ statusCode: 403, code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok' }, 403),
    );
    renderWithProviders(<DataTable resource={customers} columns={columns} gridProps={grid} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu işlem için yetkiniz yok');
    serveCustomers(people);
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Müşteri 01')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('DataTable URL state', () => {
  it('starts from the page, sort and keyword in the URL and writes changes back', async () => {
    const { location } = renderWithProviders(
      <DataTable resource={customers} columns={columns} urlState gridProps={grid} />,
      { route: '/customers?page=2&keyword=M%C3%BC%C5%9Fteri&orderBy=customer_name&order=desc' },
    );
    await screen.findByText('Müşteri 15');
    expect(filterBodies()[0]).toEqual({
      pagination: { limit: 10, currentPage: 2 },
      keyword: 'Müşteri',
      orderBy: 'customer_name',
      order: 'desc',
    });
    expect(screen.getByRole('searchbox')).toHaveValue('Müşteri');
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('page')).toBe('3'));
    expect(lastFilter()).toMatchObject({ pagination: { limit: 10, currentPage: 3 } });
  });
});

const CustomerList = ({ onEdit }: { onEdit: (row: Customer) => void }) => {
  const remove = useConfirmedRemove(customers);
  return (
    <DataTable
      resource={customers}
      columns={columns}
      gridProps={grid}
      rowActions={(row) => (
        <>
          <EditAction onClick={() => onEdit(row)} />
          <DeleteAction onClick={() => remove(row._id, row.customer_name)} />
        </>
      )}
    />
  );
};

describe('DataTable row actions', () => {
  it('edits the clicked row and deletes it after confirmation', async () => {
    server.on('DELETE', '/customer/profile/:id', () => json(undefined, 204));
    const onEdit = vi.fn();
    renderWithProviders(<CustomerList onEdit={onEdit} />);
    const row = (await screen.findByText('Müşteri 03')).closest('[role="row"]') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'İşlemler' })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Düzenle' }));
    expect(onEdit).toHaveBeenCalledWith(people[2]);

    await userEvent.click(within(row).getByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bu kaydı silmek istediğinize emin misiniz?' });
    expect(dialog).toHaveTextContent('Müşteri 03');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(server.to('DELETE', `/customer/profile/${people[2]!._id}`)).toHaveLength(1));
    expect(await screen.findByText('Başarıyla silindi')).toBeInTheDocument();
    await waitFor(() => expect(filterBodies()).toHaveLength(2));
  });
});
