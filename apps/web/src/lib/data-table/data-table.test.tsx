import { listQuery, paginationOf } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe';
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
    await waitFor(() =>
      expect(lastFilter()).toEqual({ pagination: { limit: 10, currentPage: 1 }, keyword: 'Müşteri 2' }),
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
    // A search applied while typing went on does not take the letters typed since.
    expect(screen.getByRole('searchbox')).toHaveValue('yok');
    // Each keystroke may start a search of its own; the text is checked once the last one is asked.
    await waitFor(() => expect(lastFilter()).toMatchObject({ keyword: 'yok' }));
    await waitFor(() => expect(screen.getByText('Arama sonucu bulunamadı')).toBeInTheDocument());
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

const hrefOf = (row: Customer) => `/customers/${row._id}/detail`;
const cellOf = async (text: string) =>
  (await screen.findByText(text)).closest('[role="gridcell"]') as HTMLElement;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

describe('DataTable row links', () => {
  it('makes the first cell a real link to the row, so it opens in a new tab too', async () => {
    renderWithProviders(
      <DataTable resource={customers} columns={columns} rowHref={hrefOf} gridProps={grid} />,
    );
    const link = await screen.findByRole('link', { name: 'Müşteri 03' });
    expect(link).toHaveAttribute('href', `/customers/${people[2]!._id}/detail`);
    // One link a row: the other cells are not links.
    expect(within(await rowOf('Müşteri 03')).getAllByRole('link')).toHaveLength(1);
  });

  it('moves between rows with the arrow keys and opens the focused row with Enter', async () => {
    const { location } = renderWithProviders(
      <DataTable resource={customers} columns={columns} rowHref={hrefOf} gridProps={grid} />,
    );
    await userEvent.click(await cellOf(people[0]!.customer_phone));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const focused = document.activeElement as HTMLElement;
    expect(focused.closest('[role="row"]')).toBe(await rowOf('Müşteri 03'));
    // The phone cell: Enter on a cell that is not the link opens the row as well.
    expect(focused).toHaveTextContent(people[2]!.customer_phone);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location.pathname).toBe(`/customers/${people[2]!._id}/detail`));
  });

  it('follows the link with Enter once the arrow keys reach the first column', async () => {
    const { location } = renderWithProviders(
      <DataTable resource={customers} columns={columns} rowHref={hrefOf} gridProps={grid} />,
    );
    await userEvent.click(await cellOf(people[0]!.customer_phone));
    await userEvent.keyboard('{ArrowDown}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Müşteri 02' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location.pathname).toBe(`/customers/${people[1]!._id}/detail`));
  });

  it('opens a row clicked anywhere, in a new tab with Ctrl or the middle button', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { location } = renderWithProviders(
      <DataTable resource={customers} columns={columns} rowHref={hrefOf} gridProps={grid} />,
    );
    const phone = await cellOf(people[4]!.customer_phone);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(phone);
    await user.keyboard('{/Control}');
    expect(open).toHaveBeenLastCalledWith(`/customers/${people[4]!._id}/detail`, '_blank', 'noopener');
    fireEvent(phone, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(location.pathname).toBe('/');

    await userEvent.click(phone);
    await waitFor(() => expect(location.pathname).toBe(`/customers/${people[4]!._id}/detail`));
    open.mockRestore();
  });

  it('leaves clicks and Enter on the row buttons to them', async () => {
    const onEdit = vi.fn();
    const { location } = renderWithProviders(
      <DataTable
        resource={customers}
        columns={columns}
        rowHref={hrefOf}
        gridProps={grid}
        rowActions={(row) => <EditAction onClick={() => onEdit(row)} />}
      />,
    );
    const row = await rowOf('Müşteri 02');
    await userEvent.click(within(row).getByRole('button', { name: 'Düzenle' }));
    expect(onEdit).toHaveBeenCalledWith(people[1]);
    expect(location.pathname).toBe('/');
  });
});

describe('DataTable feedback', () => {
  it('shows that typed text waits for its search and dims the rows it will replace', async () => {
    renderWithProviders(
      <DataTable resource={customers} columns={columns} searchDelay={3000} gridProps={grid} />,
    );
    const grid_ = await screen.findByRole('grid');
    await screen.findByText('Müşteri 01');
    const busy = () => grid_.closest('[aria-busy]');
    expect(busy()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Ara' }), 'Müşteri 2');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Yazmayı bitirdiğinizde aranacak; hemen aramak için Enter’a basın',
    );
    expect(busy()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Müşteri 01').closest('[role="row"]')).toHaveStyle({ opacity: '0.45' });

    expect(await screen.findByText('Müşteri 20')).toBeInTheDocument();
    await waitFor(() => expect(busy()).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('names the row an action acts on', async () => {
    renderWithProviders(
      <DataTable
        resource={customers}
        columns={columns}
        gridProps={grid}
        rowName={(row) => row.customer_name}
        rowActions={() => <DeleteAction onClick={() => {}} />}
      />,
    );
    const row = await rowOf('Müşteri 04');
    expect(within(row).getByRole('button', { name: 'Sil: Müşteri 04' })).toBeInTheDocument();
    await changeLanguage('en');
    expect(await within(row).findByRole('button', { name: 'Delete: Müşteri 04' })).toBeInTheDocument();
  });

  it('explains an empty list and offers its next step, but not for an empty search', async () => {
    serveCustomers([]);
    renderWithProviders(
      <DataTable
        resource={customers}
        columns={columns}
        searchDelay={10}
        gridProps={grid}
        emptyState={{
          text: 'Müşteriler kayıt masasında eklenir.',
          action: <a href="/registration">Kayda git</a>,
        }}
      />,
    );
    expect(await screen.findByText('Müşteriler kayıt masasında eklenir.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kayda git' })).toHaveAttribute('href', '/registration');
    // A grid may hold only rows: the explanation, its heading and its link stand in its place.
    expect(screen.getByRole('heading', { name: 'Liste boş' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await userEvent.type(screen.getByRole('searchbox'), 'yok');
    await waitFor(() => expect(lastFilter()).toMatchObject({ keyword: 'yok' }));
    await waitFor(() => expect(screen.getByText('Arama sonucu bulunamadı')).toBeInTheDocument());
    expect(screen.queryByText('Müşteriler kayıt masasında eklenir.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('grid')).getByText('Arama sonucu bulunamadı')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
