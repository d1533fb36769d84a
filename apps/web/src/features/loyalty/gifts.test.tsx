import {
  type BurnPreparation,
  type LoyaltyCustomer,
  type LoyaltyGift,
  type LoyaltyTier,
  paginationOf,
} from '@avlu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { customerFixture, roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };
const page = <Row,>(rows: Row[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });
/** A number field's text replaced (jsdom has no selection in a number input). */
const replace = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });

const silver: LoyaltyTier = {
  _id: '64e0000000000000000000a2',
  loyalty_tier_title: 'Gümüş',
  loyalty_tier_title_en: 'Silver',
  loyalty_tier_min_points: 1000,
  loyalty_tier_point_multiplier: 1.25,
  loyalty_tier_priority: 2,
  loyalty_tier_customer_count: 40,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};
const cinema: LoyaltyGift = {
  _id: '64e0000000000000000000b1',
  loyalty_gift_title: 'Sinema bileti',
  loyalty_gift_note: 'Hafta içi geçerli',
  loyalty_gift_point_quantity: 400,
  loyalty_gift_stock_quantity: 12,
  loyalty_gift_min_tier_id: silver._id,
  loyalty_gift_min_tier_title: 'Gümüş',
  loyalty_gift_min_tier_title_en: 'Silver',
  loyalty_gift_is_active: true,
  loyalty_gift_send_type: 'by_hand',
  loyalty_gift_codes_used: 3,
  loyalty_gift_available_codes: 9,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};
const customerId = '64e0000000000000000000c1';
const customer = customerFixture({
  _id: customerId,
  customer_phone: '+905328906124',
  customer_surname: 'Yılmaz',
  customer_email: null,
  customer_province: 'İstanbul',
  customer_district: 'Kadıköy',
  customer_locality: 'Caferağa',
  customer_number_of_children: null,
  customer_vehicle_plate: null,
  customer_is_parent: false,
});
const redemption = (overrides: Partial<LoyaltyCustomer> = {}): LoyaltyCustomer => ({
  _id: '64e0000000000000000000d1',
  loyalty_customer: customerId,
  loyalty_customer_name: 'Ayşe',
  loyalty_customer_surname: 'Yılmaz',
  loyalty_customer_phone: '+905328906124',
  loyalty_customer_gift: cinema._id,
  loyalty_customer_gift_title: 'Hediye çeki 100 ₺',
  loyalty_customer_points: 1000,
  loyalty_customer_gift_send_type: 'to_address',
  loyalty_customer_gift_code: null,
  loyalty_customer_note: null,
  loyalty_customer_address: null,
  loyalty_customer_tracking_number: null,
  loyalty_customer_status: 'new',
  loyalty_customer_source: 'desk',
  loyalty_customer_admin_name: 'Zeynep Kaya',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const balance = {
  customer_id: customerId,
  point_balance: 1150,
  point_tier_points: 1250,
  point_earned_total: 1250,
  loyalty_tier_id: silver._id,
  loyalty_tier_title: 'Gümüş',
  loyalty_tier_title_en: 'Silver',
};

describe('loyalty gifts', () => {
  it('lists the gifts and creates one with its tier and codes for the pool', async () => {
    server()
      .on('POST', '/loyalty-gift/filter', () => page([cinema]))
      .on('GET', '/loyalty-tier', () => json([silver]))
      .on('POST', '/loyalty-gift', () => json({ ...cinema, _id: '64e0000000000000000000b2' }, 201));
    const { user, router } = renderApp({ path: '/loyalty/gifts', ...asAdmin });
    const row = (await screen.findByText('Sinema bileti', { exact: true })).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(row).getByText('400')).toBeInTheDocument();
    expect(within(row).getByText('Gümüş')).toBeInTheDocument();
    expect(within(row).getByText('Elden teslim')).toBeInTheDocument();
    expect(within(row).getByText('Aktif')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Yeni hediye' }));
    await user.type(await screen.findByRole('textbox', { name: 'Hediye adı' }), 'Kahve');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('spinbutton', { name: 'Puan karşılığı' })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    replace(screen.getByRole('spinbutton', { name: 'Puan karşılığı' }), '150');
    replace(screen.getByRole('spinbutton', { name: 'Stok adedi' }), '200');
    await user.click(screen.getByRole('combobox', { name: 'En düşük üyelik seviyesi' }));
    await user.click(await screen.findByRole('option', { name: 'Gümüş' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Eklenecek hediye kodları' }),
      'KHV-1{enter}{enter}KHV-2',
    );
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/gifts'));
    expect(server().to('POST', '/loyalty-gift')[0]?.body).toEqual({
      loyalty_gift_title: 'Kahve',
      loyalty_gift_note: null,
      loyalty_gift_point_quantity: 150,
      loyalty_gift_stock_quantity: 200,
      loyalty_gift_min_tier_id: silver._id,
      loyalty_gift_is_active: true,
      loyalty_gift_send_type: 'by_hand',
      loyalty_gift_new_codes: ['KHV-1', 'KHV-2'],
    });
    expect(await screen.findByText('Hediye eklendi')).toBeInTheDocument();
  });

  it('loads a gift into its form with its pool, and saves the change with the new codes', async () => {
    server()
      .on('GET', `/loyalty-gift/${cinema._id}`, () => json(cinema))
      .on('GET', '/loyalty-tier', () => json([silver]))
      .on('PUT', `/loyalty-gift/${cinema._id}`, () => json({ ...cinema, loyalty_gift_stock_quantity: 30 }))
      .on('POST', '/loyalty-gift/filter', () => page([cinema]));
    const { user, router } = renderApp({ path: `/loyalty/gifts/${cinema._id}/edit`, ...asAdmin });
    const stock = await screen.findByRole('spinbutton', { name: 'Stok adedi' });
    expect(stock).toHaveValue(12);
    expect(screen.getByText(/3 kod kullanıldı, 9 kod kaldı/)).toBeInTheDocument();
    replace(stock, '30');
    await user.type(screen.getByRole('textbox', { name: 'Eklenecek hediye kodları' }), 'SNM-0100');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/gifts'));
    expect(server().to('PUT', `/loyalty-gift/${cinema._id}`)[0]?.body).toEqual({
      loyalty_gift_title: 'Sinema bileti',
      loyalty_gift_note: 'Hafta içi geçerli',
      loyalty_gift_point_quantity: 400,
      loyalty_gift_stock_quantity: 30,
      loyalty_gift_min_tier_id: silver._id,
      loyalty_gift_is_active: true,
      loyalty_gift_send_type: 'by_hand',
      loyalty_gift_new_codes: ['SNM-0100'],
    });
  });

  it('finds the customer by phone, shows the gifts they can take and gives one once per confirmation', async () => {
    let prep: BurnPreparation = {
      customer: {
        _id: customerId,
        customer_name: 'Ayşe',
        customer_surname: 'Yılmaz',
        customer_phone: '+905328906124',
      },
      balance,
      point_history: [],
      customer_loyalty_list: [],
      available_gift_list: [cinema],
    };
    server()
      .on('POST', '/customer/check/phone', () => json(customer))
      .on('GET', `/loyalty-customer/burn-points/${customerId}`, () => json(prep))
      .on('GET', `/loyalty-customer/points/${customerId}`, () => json({ balance, data: [], total: 0 }))
      .on('POST', '/loyalty-customer/burn-points', () => {
        prep = {
          ...prep,
          balance: { ...balance, point_balance: 750 },
          available_gift_list: [],
          customer_loyalty_list: [
            redemption({
              loyalty_customer_gift_title: 'Sinema bileti',
              loyalty_customer_gift_code: 'SNM-0004',
            }),
          ],
        };
        return json(redemption({ loyalty_customer_gift_title: 'Sinema bileti' }));
      });
    const { user } = renderApp({
      path: '/loyalty/customer-loyalty',
      signedInAs: { role: roleWith('modules:loyalty:loyalty-customer') },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Cep telefonu' }), '0532 890 61 24');
    await user.click(screen.getByRole('button', { name: 'Müşteriyi bul' }));
    const gift = await screen.findByRole('group', { name: 'Sinema bileti' });
    expect(await screen.findByRole('group', { name: 'Puan bakiyesi' })).toHaveTextContent('1.150');
    expect(within(gift).getByText('Elden teslim · Stok: 12')).toBeInTheDocument();
    await user.click(within(gift).getByRole('button', { name: 'Hediyeyi ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hediye verilsin mi?' });
    expect(dialog).toHaveTextContent(
      '“Sinema bileti” için müşterinin bakiyesinden 400 puan düşülecek; kalan bakiye 750 puan olacak.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Puanı düş ve ver' }));
    expect(await screen.findByText('Hediye verildi, puan düşüldü')).toBeInTheDocument();
    const [sent] = server().to('POST', '/loyalty-customer/burn-points');
    expect(sent!.body).toEqual({
      loyalty_customer: customerId,
      loyalty_customer_gift: cinema._id,
      loyalty_customer_address: null,
      loyalty_customer_note: null,
    });
    expect(sent!.headers['idempotency-key']).toMatch(/^gift-[0-9a-f]{32}$/);
    expect(
      await screen.findByText('Müşterinin puanı ve üyelik seviyesiyle şu anda alabileceği bir hediye yok.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Aldığı hediyeler' })).toHaveTextContent('Kod: SNM-0004');
  });

  it('tells the desk when no customer has the phone', async () => {
    server().on('POST', '/customer/check/phone', () =>
      json({ statusCode: 404, code: 'CUSTOMER_NOT_FOUND', message: 'Bulunamadı' }, 404),
    );
    const { user } = renderApp({ path: '/loyalty/customer-loyalty', ...asAdmin });
    await user.type(await screen.findByRole('textbox', { name: 'Cep telefonu' }), '0532 111 22 33');
    await user.click(screen.getByRole('button', { name: 'Müşteriyi bul' }));
    expect(await screen.findByText('Bu telefon numarasıyla kayıtlı müşteri bulunamadı')).toBeInTheDocument();
  });

  it('sends a gift with its tracking number and address, and cancels another with a note', async () => {
    let rows = [
      redemption(),
      redemption({
        _id: '64e0000000000000000000d2',
        loyalty_customer_gift_title: 'Kahve',
        loyalty_customer_points: 150,
        loyalty_customer_gift_send_type: 'by_hand',
      }),
    ];
    server()
      .on('POST', '/loyalty-customer/filter', () => page(rows))
      .on('POST', '/loyalty-customer/:id/sent-and-save', ({ params }) => {
        rows = rows.map((row) =>
          row._id === params.id ? { ...row, loyalty_customer_status: 'waiting' as const } : row,
        );
        return json(rows.find((row) => row._id === params.id));
      })
      .on('POST', '/loyalty-customer/:id/cancel', ({ params }) => {
        rows = rows.map((row) =>
          row._id === params.id ? { ...row, loyalty_customer_status: 'cancelled' as const } : row,
        );
        return json(rows.find((row) => row._id === params.id));
      });
    const { user } = renderApp({
      path: '/loyalty/gifted-customer-list',
      signedInAs: { role: roleWith('modules:loyalty:loyalty-customer') },
    });
    const parcel = (await screen.findByText('Hediye çeki 100 ₺')).closest('[role="row"]') as HTMLElement;
    expect(within(parcel).getByText('Yeni')).toBeInTheDocument();
    expect(within(parcel).getByText('0532 890 61 24')).toBeInTheDocument();
    await user.click(within(parcel).getByRole('button', { name: 'Gönder' }));
    const send = await screen.findByRole('dialog', { name: 'Hediye gönderildi olarak kaydedilsin mi?' });
    await user.type(within(send).getByRole('textbox', { name: 'Kargo takip numarası' }), 'YK123456789');
    await user.type(within(send).getByRole('textbox', { name: 'Adres' }), 'Bağdat Cad. No: 120, Kadıköy');
    await user.click(within(send).getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Hediye gönderildi olarak kaydedildi')).toBeInTheDocument();
    expect(server().to('POST', '/loyalty-customer/64e0000000000000000000d1/sent-and-save')[0]?.body).toEqual({
      loyalty_customer_tracking_number: 'YK123456789',
      loyalty_customer_address: 'Bağdat Cad. No: 120, Kadıköy',
    });
    await waitFor(() => expect(within(parcel).getByText('Gönderildi')).toBeInTheDocument());

    const coffee = screen.getByText('Kahve').closest('[role="row"]') as HTMLElement;
    await user.click(within(coffee).getByRole('button', { name: 'İptal et' }));
    const cancel = await screen.findByRole('dialog', { name: 'Hediye iptal edilsin mi?' });
    expect(cancel).toHaveTextContent('150 puan müşterinin bakiyesine geri eklenir');
    await user.click(within(cancel).getByRole('button', { name: 'İptal et' }));
    expect(await within(cancel).findByText('Bu alan zorunludur')).toBeInTheDocument();
    await user.type(within(cancel).getByRole('textbox', { name: 'Not' }), 'Müşteri vazgeçti');
    await user.click(within(cancel).getByRole('button', { name: 'İptal et' }));
    expect(await screen.findByText('Hediye iptal edildi, puan iade edildi')).toBeInTheDocument();
    expect(server().to('POST', '/loyalty-customer/64e0000000000000000000d2/cancel')[0]?.body).toEqual({
      loyalty_customer_note: 'Müşteri vazgeçti',
    });
  });

  it('exports the gifted customers with the list’s status filter and keyword', async () => {
    Object.assign(URL, { createObjectURL: vi.fn((_: Blob) => 'blob:gifted'), revokeObjectURL: vi.fn() });
    server()
      .on('POST', '/loyalty-customer/filter', () => page([redemption()]))
      .on('GET', '/loyalty-customer/export', () => new Response(new Blob(['PK'])));
    const { user } = renderApp({
      path: '/loyalty/gifted-customer-list?keyword=kahve',
      signedInAs: { role: roleWith('modules:loyalty:loyalty-customer') },
    });
    await screen.findByText('Hediye çeki 100 ₺');
    await user.click(screen.getByRole('combobox', { name: 'Durum' }));
    await user.click(await screen.findByRole('option', { name: 'Gönderildi' }));
    await waitFor(() =>
      expect(server().to('POST', '/loyalty-customer/filter').at(-1)?.body).toMatchObject({
        keyword: 'kahve',
        filter: { loyalty_customer_status: 'waiting' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Excel’e aktar' }));
    expect(await screen.findByText('Liste indirildi')).toBeInTheDocument();
    const [call] = server().to('GET', '/loyalty-customer/export');
    expect(Object.fromEntries(call!.query)).toMatchObject({
      loyalty_customer_status: 'waiting',
      keyword: 'kahve',
    });
  });

  it('is linked in the sidebar under Sadakat for the loyalty customers module', async () => {
    server().on('POST', '/loyalty-customer/filter', () => page([]));
    renderApp({
      path: '/loyalty/gifted-customer-list',
      signedInAs: { role: roleWith('modules:loyalty:loyalty-customer') },
    });
    expect(await screen.findByRole('link', { name: 'Hediye Alan Müşteriler' })).toHaveAttribute(
      'href',
      '/loyalty/gifted-customer-list',
    );
    expect(screen.getByRole('link', { name: 'Müşteri Sadakati' })).toHaveAttribute(
      'href',
      '/loyalty/customer-loyalty',
    );
    expect(screen.queryByRole('link', { name: 'Hediyeler' })).toBeNull();
  });
});
