import { paginationOf, type Store, type StoreCategory } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
// The app's pages load lazily; a busy machine needs more than the default second.
const asAdmin = { signedInAs: { role: systemAdminRole } };

const category = (overrides: Partial<StoreCategory>): StoreCategory => ({
  _id: '64d0000000000000000000a1',
  store_category_name: 'Kafe',
  store_category_name_en: 'Café',
  store_count: 1,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});
const cafe = category({});
const clothing = category({
  _id: '64d0000000000000000000a2',
  store_category_name: 'Giyim',
  store_category_name_en: 'Clothing',
});

const starbucks: Store = {
  _id: '64d0000000000000000000b1',
  store_name: 'Starbucks',
  store_category_id: cafe._id,
  store_category_name: 'Kafe',
  store_category_name_en: 'Café',
  store_floor: '2. Kat',
  store_unit_no: '2-07',
  store_phone: '+902123456789',
  store_logo: null,
  store_website: 'https://www.starbucks.example.com',
  store_cms_id: null,
  store_is_active: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};
const mavi: Store = {
  ...starbucks,
  _id: '64d0000000000000000000b2',
  store_name: 'Mavi',
  store_category_id: clothing._id,
  store_category_name: 'Giyim',
  store_category_name_en: 'Clothing',
  store_floor: 'Zemin Kat',
  store_unit_no: null,
  store_phone: null,
  store_is_active: false,
};

const page = <T,>(rows: T[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });
const serveCategories = () =>
  server().on('GET', '/data/categories', ({ query }) =>
    query.get('showAll') === 'true' ? json([cafe, clothing]) : page([cafe, clothing]),
  );
const rowOf = async (text: string) =>
  (await screen.findByText(text, { exact: true })).closest('[role="row"]') as HTMLElement;

afterEach(async () => {
  await i18n.changeLanguage('tr');
});

describe('store list', () => {
  it('shows each store with its category, floor and unit, state and phone, and filters by category and state', async () => {
    serveCategories();
    server().on('POST', '/data/stores/filter', ({ body }) => {
      const filter = (body as { filter?: { store_category_id?: string; store_is_active?: boolean } }).filter;
      const rows = [starbucks, mavi].filter(
        (row) =>
          (!filter?.store_category_id || row.store_category_id === filter.store_category_id) &&
          (filter?.store_is_active === undefined || row.store_is_active === filter.store_is_active),
      );
      return page(rows);
    });
    const { user, router } = renderApp({ path: '/settings/stores', ...asAdmin });
    const row = await rowOf('Starbucks');
    expect(within(row).getByText('Kafe')).toBeInTheDocument();
    expect(within(row).getByText('2. Kat · 2-07')).toBeInTheDocument();
    expect(within(row).getByText('0212 345 67 89')).toBeInTheDocument();
    expect(within(row).getByText('Aktif')).toBeInTheDocument();
    expect(within(await rowOf('Mavi')).getByText('Pasif')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kategori' }));
    await user.click(await screen.findByRole('option', { name: 'Giyim' }));
    await waitFor(() => expect(screen.queryByText('Starbucks')).toBeNull());
    expect(router.state.location.search).toContain(`category=${clothing._id}`);
    await user.click(screen.getByRole('combobox', { name: 'Durum' }));
    await user.click(await screen.findByRole('option', { name: 'Aktif' }));
    await waitFor(() => expect(screen.queryByText('Mavi')).toBeNull());
    const calls = server().to('POST', '/data/stores/filter');
    expect(calls.at(-1)!.body).toMatchObject({
      filter: { store_category_id: clothing._id, store_is_active: true },
      pagination: { currentPage: 1 },
    });
  });

  it('opens a store’s edit screen from its row, and deletes a store after confirmation', async () => {
    serveCategories();
    let rows = [starbucks, mavi];
    server()
      .on('POST', '/data/stores/filter', () => page(rows))
      .on('DELETE', `/data/stores/${mavi._id}`, () => {
        rows = [starbucks];
        return new Response(null, { status: 204 });
      });
    const { user, router } = renderApp({ path: '/settings/stores', ...asAdmin });
    const row = await rowOf('Mavi');
    await user.click(within(row).getByRole('button', { name: 'Sil: Mavi' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Mağaza silinsin mi?');
    expect(dialog).toHaveTextContent('Mavi');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(server().to('DELETE', `/data/stores/${mavi._id}`)).toHaveLength(1));
    expect(await screen.findByText('Mağaza silindi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mavi', { exact: true })).toBeNull());

    await user.click(screen.getByText('Starbucks', { exact: true }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/settings/stores/${starbucks._id}/edit`),
    );
  });
});

describe('store form', () => {
  it('shows every missing field under it, then the server’s refusal under the name', async () => {
    serveCategories();
    server().on('POST', '/data/stores', () =>
      json(
        {
          statusCode: 409,
          code: 'NAME_TAKEN',
          message: 'Bu ad zaten kullanılıyor; başka bir ad girin',
          fields: { store_name: 'Bu ad zaten kullanılıyor (büyük-küçük harf farkı gözetilmez)' },
        },
        409,
      ),
    );
    const { user } = renderApp({ path: '/settings/stores/new', ...asAdmin });
    const name = await screen.findByRole('textbox', { name: 'Mağaza adı' });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Bu alan zorunludur'));
    expect(screen.getByRole('textbox', { name: 'Kat' })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(screen.getByRole('combobox', { name: 'Kategori' })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );

    await user.type(name, 'starbucks');
    await user.click(screen.getByRole('combobox', { name: 'Kategori' }));
    await user.click(await screen.findByRole('option', { name: 'Kafe' }));
    await user.type(screen.getByRole('textbox', { name: 'Kat' }), '2. Kat');
    const website = screen.getByRole('textbox', { name: 'Web sitesi' });
    await user.type(website, 'javascript:alert(1)');
    await user.type(screen.getByRole('textbox', { name: 'Telefon' }), '12');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(website).toHaveAccessibleDescription(
        'http:// ya da https:// ile başlayan bir web adresi olmalıdır',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Telefon' })).toHaveAccessibleDescription(
      'Geçerli bir telefon numarası girin',
    );
    expect(server().to('POST', '/data/stores')).toHaveLength(0);

    await user.clear(website);
    await user.type(website, 'https://www.starbucks.example.com');
    await user.clear(screen.getByRole('textbox', { name: 'Telefon' }));
    await user.type(screen.getByRole('textbox', { name: 'Telefon' }), '0212 345 67 89');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'Bu ad zaten kullanılıyor (büyük-küçük harf farkı gözetilmez)',
      ),
    );
    expect(server().to('POST', '/data/stores')[0]!.body).toEqual({
      store_name: 'starbucks',
      store_category_id: cafe._id,
      store_floor: '2. Kat',
      store_unit_no: null,
      store_phone: '+902123456789',
      store_logo: null,
      store_website: 'https://www.starbucks.example.com',
      store_cms_id: null,
      store_is_active: true,
    });
  });

  it('loads a store into the form with its phone as people read it and saves the change', async () => {
    serveCategories();
    server()
      .on('GET', `/data/stores/${starbucks._id}`, () => json(starbucks))
      .on('POST', '/data/stores/filter', () => page([starbucks]))
      .on('PUT', `/data/stores/${starbucks._id}`, ({ body }) => json({ ...starbucks, ...(body as object) }));
    const { user, router } = renderApp({ path: `/settings/stores/${starbucks._id}/edit`, ...asAdmin });
    const phone = await screen.findByRole('textbox', { name: 'Telefon' });
    expect(phone).toHaveValue('0212 345 67 89');
    await user.click(screen.getByRole('switch', { name: 'Aktif' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/stores'));
    expect(server().to('PUT', `/data/stores/${starbucks._id}`)[0]!.body).toMatchObject({
      store_name: 'Starbucks',
      store_phone: '+902123456789',
      store_is_active: false,
    });
  });
});

describe('store import', () => {
  it('uploads the file and, when rows are refused, says nothing was saved and lists them by row', async () => {
    server().on('POST', '/data/stores/import', () =>
      json({
        added_data: 0,
        error_list: [
          { row: 3, field: 'store_category', reason: 'Bu AVM’de “Moda” adlı bir mağaza kategorisi yok' },
          { row: 4, field: 'store_name', reason: 'Bu ad dosyanın 2. satırında da var' },
        ],
        error_count: 2,
        error_rows: [3, 4],
      }),
    );
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Mağazalar');
    sheet.addRow(['Mağaza adı', 'Kategori', 'Kat']);
    sheet.addRow(['Mavi', 'Giyim', '1. Kat']);
    sheet.addRow(['Zara', 'Moda', '1. Kat']);
    sheet.addRow(['MAVİ', 'Giyim', 'Zemin']);
    const file = new File([new Uint8Array(await book.xlsx.writeBuffer())], 'magazalar.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const { user, container } = renderApp({ path: '/settings/stores/import', ...asAdmin });
    await screen.findByRole('heading', { name: 'Mağaza Aktarımı' });
    expect(screen.getByText('Mağaza adı (zorunlu)')).toBeInTheDocument();
    await user.upload(container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(screen.getByRole('button', { name: 'İçe aktar' }));

    const result = await screen.findByRole('region', { name: 'Aktarım sonucu' });
    expect(within(result).getByTestId('import-success')).toHaveTextContent('0');
    expect(within(result).getByTestId('import-error')).toHaveTextContent('2');
    expect(
      within(result).getByText(/2 satır hatalı olduğu için hiçbir mağaza kaydedilmedi/),
    ).toBeInTheDocument();
    const errors = within(result).getByRole('grid', { name: 'Hatalı satırlar' });
    const row = (await within(errors).findByText('Bu AVM’de “Moda” adlı bir mağaza kategorisi yok')).closest(
      '[role="row"]',
    );
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('Kategori');
    const sent = server().to('POST', '/data/stores/import')[0]!.body as FormData;
    expect((sent.get('store_data') as File).name).toBe('magazalar.xlsx');
  });

  it('shows the file’s refusal under the upload', async () => {
    server().on('POST', '/data/stores/import', () =>
      json(
        {
          statusCode: 400,
          code: 'IMPORT_FILE_INVALID',
          message: 'Dosya içe aktarılamadı',
          fields: { store_data: 'Zorunlu sütunlar eksik: Kat (store_floor)' },
        },
        400,
      ),
    );
    const { user, container } = renderApp({ path: '/settings/stores/import', ...asAdmin });
    await screen.findByRole('heading', { name: 'Mağaza Aktarımı' });
    const file = new File(['PK'], 'eksik.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(screen.getByRole('button', { name: 'İçe aktar' }));
    expect(await screen.findByText('Zorunlu sütunlar eksik: Kat (store_floor)')).toBeInTheDocument();
  });
});

describe('store categories', () => {
  it('lists categories with their store counts and says why one holding stores is not deleted', async () => {
    serveCategories();
    const message =
      '“Kafe” kategorisinde 1 mağaza var; silmeden önce bu mağazaları başka bir kategoriye taşıyın ya da silin';
    server().on('DELETE', `/data/categories/${cafe._id}`, () =>
      json({ statusCode: 409, code: 'STORE_CATEGORY_IN_USE', message }, 409),
    );
    const { user } = renderApp({ path: '/settings/store-categories', ...asAdmin });
    const row = await rowOf('Kafe');
    expect(within(row).getByText('Café')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Sil: Kafe' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Kategori silinsin mi?');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    // The question fades out; the category is still listed.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Kafe', { exact: true })).toBeInTheDocument();
  });
});

describe('store settings access', () => {
  it('keeps the store screens to the system admin', async () => {
    renderApp({
      path: '/settings/stores',
      signedInAs: { role: roleWith('modules:campaigns:campaigns') },
    });
    expect(await screen.findByText('Bu sayfaya erişim yetkiniz yok.')).toBeInTheDocument();
    expect(server().to('POST', '/data/stores/filter')).toHaveLength(0);
  });
});
