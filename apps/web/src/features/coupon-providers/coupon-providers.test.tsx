import { type CouponProvider, paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const mavi: CouponProvider = {
  _id: '64b0000000000000000000d1',
  coupon_provider_name: 'Mavi',
  coupon_provider_type: 'store',
  coupon_provider_store_id: '64b0000000000000000000e1',
  coupon_provider_store_name: 'Mavi',
  createdAt: '2026-11-01T09:00:00.000Z',
};
const cinema: CouponProvider = {
  _id: '64b0000000000000000000d2',
  coupon_provider_name: 'Paribu Cineverse Partner',
  coupon_provider_type: 'other',
  coupon_provider_store_id: null,
  coupon_provider_store_name: null,
  createdAt: '2026-11-02T09:00:00.000Z',
};

const serveProviders = (rows: CouponProvider[]) =>
  server()
    .on('GET', '/campaign/coupon-providers', ({ query }) =>
      query.get('showAll') === 'true'
        ? json(rows)
        : json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) }),
    )
    .on('GET', '/campaign/coupon-providers/categories', () =>
      json([
        {
          _id: '64b0000000000000000000c1',
          store_category_name: 'Giyim',
          store_category_name_en: 'Clothing',
          stores: [
            { _id: '64b0000000000000000000e1', store_name: 'Mavi' },
            { _id: '64b0000000000000000000e2', store_name: 'Koton' },
          ],
        },
        {
          _id: '64b0000000000000000000c2',
          store_category_name: 'Yeme-İçme',
          store_category_name_en: 'Food',
          stores: [{ _id: '64b0000000000000000000e3', store_name: 'Simit Sarayı' }],
        },
      ]),
    );

/** The row whose name cell holds the text (a store provider's store column may repeat it). */
const rowOf = async (text: string) =>
  (await screen.findAllByText(text))[0]!.closest('[role="row"]') as HTMLElement;

afterEach(() => i18n.changeLanguage('tr'));

describe('coupon providers', () => {
  it('lists providers with their type and store, and explains an empty list', async () => {
    serveProviders([mavi, cinema]);
    const { unmount } = renderApp({ path: '/campaigns/coupon-providers', ...asAdmin });
    const row = await rowOf('Paribu Cineverse Partner');
    expect(within(row).getByText('Diğer')).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(within(await rowOf('Mavi')).getByText('Mağaza')).toBeInTheDocument();
    unmount();

    serveProviders([]);
    renderApp({ path: '/campaigns/coupon-providers', ...asAdmin });
    expect(await screen.findByText(/Kupon sağlayıcıları kampanya kodlarını kabul eden/)).toBeInTheDocument();
    const empty = screen.getByRole('region', { name: 'Kupon Sağlayıcıları' });
    expect(within(empty).getByRole('link', { name: 'Yeni Kupon Sağlayıcısı' })).toHaveAttribute(
      'href',
      '/campaigns/coupon-providers/new',
    );
  });

  it('adds a store provider picked by category, with "Coupon Provider Added"', async () => {
    serveProviders([]);
    server().on('POST', '/campaign/coupon-providers', ({ body }) =>
      json({ ...mavi, _id: '64b0000000000000000000d9', ...(body as object) }, 201),
    );
    await i18n.changeLanguage('en');
    const { user, router } = renderApp({ path: '/campaigns/coupon-providers/new', ...asAdmin });
    await user.type(await screen.findByRole('textbox', { name: 'Provider name' }), 'Simit Sarayı');
    // The store is required for a store provider: said under the field on the first click.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Food')).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: 'Simit Sarayı' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/coupon-providers'));
    expect(server().to('POST', '/campaign/coupon-providers')[0]!.body).toEqual({
      coupon_provider_name: 'Simit Sarayı',
      coupon_provider_type: 'store',
      coupon_provider_store_id: '64b0000000000000000000e3',
    });
    expect(await screen.findByText('Coupon Provider Added')).toBeInTheDocument();
  });

  it('adds another party without a store, and removes a provider with "Kupon sağlayıcısı kaldırıldı"', async () => {
    serveProviders([mavi, cinema]);
    server()
      .on('POST', '/campaign/coupon-providers', ({ body }) => json({ ...cinema, ...(body as object) }, 201))
      .on('DELETE', `/campaign/coupon-providers/${mavi._id}`, () => new Response(null, { status: 204 }));
    const { user, router } = renderApp({ path: '/campaigns/coupon-providers/new', ...asAdmin });
    await user.type(await screen.findByRole('textbox', { name: 'Sağlayıcı adı' }), 'Otopark İşletmesi');
    await user.click(screen.getByRole('combobox', { name: 'Türü' }));
    await user.click(await screen.findByRole('option', { name: 'Diğer' }));
    expect(screen.queryByRole('combobox', { name: 'Mağaza' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/coupon-providers'));
    expect(server().to('POST', '/campaign/coupon-providers')[0]!.body).toEqual({
      coupon_provider_name: 'Otopark İşletmesi',
      coupon_provider_type: 'other',
      coupon_provider_store_id: null,
    });

    await user.click(within(await rowOf('Mavi')).getByRole('button', { name: 'Sil: Mavi' }));
    expect(router.state.location.pathname).toBe(`/campaigns/coupon-providers/${mavi._id}/delete`);
    const dialog = await screen.findByRole('dialog', { name: 'Kupon sağlayıcısı silinsin mi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Kupon sağlayıcısı kaldırıldı')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/coupon-providers'));
  });

  it('keeps the screen to a role with the code providers’ module', async () => {
    renderApp({
      path: '/campaigns/coupon-providers',
      signedInAs: { role: roleWith('modules:campaigns:campaigns') },
    });
    expect(await screen.findByText('Bu sayfaya erişim yetkiniz yok.')).toBeInTheDocument();
    expect(server().to('GET', '/campaign/coupon-providers')).toHaveLength(0);
  });
});
