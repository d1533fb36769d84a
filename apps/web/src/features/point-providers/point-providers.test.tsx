import { type PointProvider, paginationOf, type Store } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asKeeper = { signedInAs: { role: roleWith('modules:loyalty:point-providers') } };

const store = (_id: string, store_name: string): Store => ({
  _id,
  store_name,
  store_category_id: '64d0000000000000000000a1',
  store_category_name: 'Elektronik',
  store_category_name_en: 'Electronics',
  store_floor: 'Zemin Kat',
  store_unit_no: null,
  store_phone: null,
  store_logo: null,
  store_website: null,
  store_cms_id: null,
  store_is_active: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});
const mediaMarkt = store('64d0000000000000000000b1', 'MediaMarkt');
const teknosa = store('64d0000000000000000000b2', 'Teknosa');

const general: PointProvider = {
  _id: '64e0000000000000000000c1',
  point_provider_name: 'Genel Puan Kuralı',
  point_provider_type: 'default',
  point_provider_priority: 1,
  point_provider_min_amount: 50,
  point_provider_points_multiplier: 0.02,
  point_provider_start_at: '2026-01-01',
  point_provider_end_at: '2027-12-31',
  point_provider_store_ids: [],
  point_provider_category_ids: [],
  currency: 'TRY',
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};
const electronics: PointProvider = {
  ...general,
  _id: '64e0000000000000000000c2',
  point_provider_name: 'Elektronik Mağazaları',
  point_provider_type: 'store',
  point_provider_priority: 30,
  point_provider_min_amount: 500,
  point_provider_points_multiplier: 0.03,
  point_provider_store_ids: [mediaMarkt._id],
};

const page = <T,>(rows: T[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });
const serveStores = () => server().on('GET', '/data/stores', () => json([mediaMarkt, teknosa]));
const rowOf = async (text: string) =>
  (await screen.findByText(text, { exact: true })).closest('[role="row"]') as HTMLElement;
const fill = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
};
/**
 * A whole date pasted into the field (parsed in its DD/MM/YYYY format at once): typed digit by digit,
 * a busy machine can let the picker's 5-second typing window lapse between two digits of a section.
 */
const pasteDate = async (user: UserEvent, label: string, text: string) => {
  const [day] = within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton');
  await user.click(day!);
  await user.paste(text);
};

afterEach(async () => {
  await i18n.changeLanguage('tr');
});

describe('point provider list', () => {
  it('shows each rule with its type, priority, amount and dates, filtered by type and ordered', async () => {
    server().on('POST', '/point-providers/filter', ({ body }) => {
      const type = (body as { filter?: { point_provider_type?: string } }).filter?.point_provider_type;
      return page([electronics, general].filter((row) => !type || row.point_provider_type === type));
    });
    const { user, router } = renderApp({ path: '/loyalty/point-providers', ...asKeeper });
    const row = await rowOf('Elektronik Mağazaları');
    expect(within(row).getByText('Mağaza')).toBeInTheDocument();
    expect(within(row).getByText('30')).toBeInTheDocument();
    expect(within(row).getByText('0,03')).toBeInTheDocument();
    expect(within(row).getByText('01 Ocak 2026')).toBeInTheDocument();
    expect(within(row).getByText('31 Aralık 2027')).toBeInTheDocument();
    expect(within(await rowOf('Genel Puan Kuralı')).getByText('Varsayılan')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Türü' }));
    await user.click(await screen.findByRole('option', { name: 'Varsayılan' }));
    await waitFor(() => expect(screen.queryByText('Elektronik Mağazaları')).toBeNull());
    expect(router.state.location.search).toContain('type=default');
    expect(server().to('POST', '/point-providers/filter').at(-1)!.body).toMatchObject({
      filter: { point_provider_type: 'default' },
      pagination: { currentPage: 1 },
    });

    await user.click(screen.getByRole('columnheader', { name: 'Öncelik' }));
    await waitFor(() =>
      expect(server().to('POST', '/point-providers/filter').at(-1)!.body).toMatchObject({
        orderBy: 'point_provider_priority',
        order: 'asc',
      }),
    );
  });

  it('deletes a rule after confirmation, and opens its edit screen from the row', async () => {
    let rows = [electronics, general];
    server()
      .on('POST', '/point-providers/filter', () => page(rows))
      .on('DELETE', `/point-providers/${general._id}`, () => {
        rows = [electronics];
        return new Response(null, { status: 204 });
      });
    const { user, router } = renderApp({ path: '/loyalty/point-providers', ...asKeeper });
    await user.click(
      within(await rowOf('Genel Puan Kuralı')).getByRole('button', { name: 'Sil: Genel Puan Kuralı' }),
    );
    expect(router.state.location.pathname).toBe(`/loyalty/point-providers/${general._id}/delete`);
    const dialog = await screen.findByRole('dialog', { name: 'Puan sağlayıcı silinsin mi?' });
    expect(dialog).toHaveTextContent('Genel Puan Kuralı');
    expect(server().to('DELETE', `/point-providers/${general._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Puan sağlayıcı silindi')).toBeInTheDocument();
    expect(server().to('DELETE', `/point-providers/${general._id}`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/point-providers'));
    await waitFor(() => expect(screen.queryByText('Genel Puan Kuralı', { exact: true })).toBeNull());

    await user.click(screen.getByText('Elektronik Mağazaları', { exact: true }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/loyalty/point-providers/${electronics._id}`),
    );
  });

  it('keeps the screen to a role with the point providers’ module', async () => {
    renderApp({
      path: '/loyalty/point-providers',
      signedInAs: { role: roleWith('modules:loyalty:receipts') },
    });
    expect(await screen.findByText('Bu sayfaya erişim yetkiniz yok.')).toBeInTheDocument();
    expect(server().to('POST', '/point-providers/filter')).toHaveLength(0);
  });
});

describe('point provider form', () => {
  it('checks the rules as the server does, then shows the server’s refusal under the priority', async () => {
    serveStores();
    server().on('POST', '/point-providers', () =>
      json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'This record already exists',
          fields: {
            point_provider_priority: 'This priority is already used by another point provider of the mall',
          },
        },
        409,
      ),
    );
    await i18n.changeLanguage('en');
    const { user } = renderApp({ path: '/loyalty/point-providers/new', ...asKeeper });
    const name = await screen.findByRole('textbox', { name: 'Provider name' });
    await fill(user, name, 'Elektronik Mağazaları');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Store' }));
    const priority = screen.getByRole('spinbutton', { name: 'Priority' });
    const multiplier = screen.getByRole('spinbutton', { name: 'Parameter (points per lira)' });
    await fill(user, priority, '30');
    await fill(user, screen.getByRole('spinbutton', { name: 'Minimum amount' }), '0.5');
    await fill(user, multiplier, '0.95');
    await pasteDate(user, 'Start date', '01/01/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(multiplier).toHaveAccessibleDescription('The parameter cannot be more than 0.9'),
    );
    expect(screen.getByRole('spinbutton', { name: 'Minimum amount' })).toHaveAccessibleDescription(
      'Must be at least 1',
    );
    expect(screen.getByRole('combobox', { name: 'Stores' })).toHaveAccessibleDescription(
      'Pick at least one store for a point provider of the store type',
    );
    // The end date is left empty: required (its order after the start is the contracts' test).
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(server().to('POST', '/point-providers')).toHaveLength(0);

    await fill(user, multiplier, '0.005');
    await user.tab();
    await waitFor(() =>
      expect(multiplier).toHaveAccessibleDescription('The parameter cannot be less than 0.01'),
    );
    await fill(user, multiplier, '0.03');
    await fill(user, screen.getByRole('spinbutton', { name: 'Minimum amount' }), '500');
    await pasteDate(user, 'End date', '31/12/2026');
    await user.click(screen.getByRole('combobox', { name: 'Stores' }));
    await user.click(await screen.findByRole('option', { name: 'Teknosa' }));
    expect(await screen.findByRole('button', { name: 'Teknosa' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server().to('POST', '/point-providers')).toHaveLength(1));
    await waitFor(() =>
      expect(priority).toHaveAccessibleDescription(
        'This priority is already used by another point provider of the mall',
      ),
    );
    expect(server().to('POST', '/point-providers')[0]!.body).toEqual({
      point_provider_name: 'Elektronik Mağazaları',
      point_provider_type: 'store',
      point_provider_priority: 30,
      point_provider_min_amount: 500,
      point_provider_points_multiplier: 0.03,
      point_provider_start_at: '2026-01-01',
      point_provider_end_at: '2026-12-31',
      point_provider_store_ids: [teknosa._id],
      point_provider_category_ids: [],
      currency: 'TRY',
    });
  });

  it('loads a rule into the form and saves the change', async () => {
    serveStores();
    server()
      .on('GET', `/point-providers/${electronics._id}`, () => json(electronics))
      .on('POST', '/point-providers/filter', () => page([electronics]))
      .on('PUT', `/point-providers/${electronics._id}`, ({ body }) =>
        json({ ...electronics, ...(body as object) }),
      );
    const { user, router } = renderApp({ path: `/loyalty/point-providers/${electronics._id}`, ...asKeeper });
    const name = await screen.findByRole('textbox', { name: 'Sağlayıcı adı' });
    expect(name).toHaveValue('Elektronik Mağazaları');
    expect(screen.getByRole('spinbutton', { name: 'Öncelik' })).toHaveValue(30);
    expect(await screen.findByRole('button', { name: 'MediaMarkt' })).toBeInTheDocument();
    await fill(user, name, 'Elektronik ve Teknoloji');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/point-providers'));
    expect(server().to('PUT', `/point-providers/${electronics._id}`)[0]!.body).toEqual({
      point_provider_name: 'Elektronik ve Teknoloji',
      point_provider_type: 'store',
      point_provider_priority: 30,
      point_provider_min_amount: 500,
      point_provider_points_multiplier: 0.03,
      point_provider_start_at: '2026-01-01',
      point_provider_end_at: '2027-12-31',
      point_provider_store_ids: [mediaMarkt._id],
      point_provider_category_ids: [],
      currency: 'TRY',
    });
    expect(await screen.findByText('Puan sağlayıcı güncellendi')).toBeInTheDocument();
  });
});
