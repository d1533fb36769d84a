import {
  type BurnPreparation,
  type LoyaltyCustomer,
  type LoyaltyCustomerSummary,
  type LoyaltyTier,
  paginationOf,
  type Receipt,
} from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { axeViolations } from '../../test/axe';
import { customerFixture, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, serveSession } from '../../test/server';

const server = installTestServer();
const page = <Row,>(rows: Row[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

const customerId = '64c000000000000000000001';
const customer = customerFixture({
  _id: customerId,
  customer_email: null,
  customer_number_of_children: null,
  customer_frequency: null,
  customer_vehicle_plate: null,
  customer_is_parent: null,
});

const receipt = (overrides: Partial<Receipt>): Receipt => ({
  _id: '64f0000000000000000000f1',
  receipt_no: 'F-1001',
  receipt_amount: 1250.5,
  currency: 'TRY',
  receipt_date: '2026-11-18T09:00:00.000Z',
  store_id: '64f0000000000000000000a1',
  store_name: 'Kitapçı',
  customer_id: customerId,
  customer_name: 'Ayşe',
  customer_surname: 'Yıldız',
  customer_phone: '+905321234567',
  campaign_id: null,
  campaign_name: null,
  channel_id: null,
  receipt_status: 'approved',
  receipt_rejection_reason: null,
  receipt_rejection_message: null,
  receipt_calculated_points: 125,
  receipt_photo_type: 'jpg',
  receipt_photo_url: '/files/receipt.jpg',
  receipt_thumbnail_url: null,
  receipt_source: 'desk',
  send_sms: false,
  receipt_is_duplicate: false,
  receipt_duplicate_of: null,
  receipt_duplicate_kind: null,
  receipt_approved_at: '2026-11-18T10:00:00.000Z',
  createdAt: '2026-11-18T09:30:00.000Z',
  updatedAt: '2026-11-18T10:00:00.000Z',
  ...overrides,
});
const approved = receipt({});
const refused = receipt({
  _id: '64f0000000000000000000f2',
  receipt_no: 'F-0999',
  receipt_amount: 80,
  store_name: null,
  receipt_status: 'rejected',
  receipt_rejection_reason: 'other',
  receipt_rejection_message: 'Fiş okunmuyor',
  receipt_calculated_points: null,
  receipt_approved_at: null,
});

const redemption = (overrides: Partial<LoyaltyCustomer>): LoyaltyCustomer => ({
  _id: '64e0000000000000000000d1',
  loyalty_customer: customerId,
  loyalty_customer_name: 'Ayşe',
  loyalty_customer_surname: 'Yıldız',
  loyalty_customer_phone: '+905321234567',
  loyalty_customer_gift: '64e0000000000000000000b1',
  loyalty_customer_gift_title: 'Sinema bileti',
  loyalty_customer_points: 400,
  loyalty_customer_gift_send_type: 'by_hand',
  loyalty_customer_gift_code: 'SNM-0004',
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

const open = (path: string, role: ReturnType<typeof roleWith>) => {
  serveSession(server(), { role });
  server()
    .on('GET', '/customer/profile/:id', () => json({ ...customer, consent_history: [] }))
    .on('GET', `/customer/receipt/${customerId}`, () => json([approved, refused]))
    .on('POST', '/loyalty-customer/filter', () =>
      page([
        redemption({
          _id: '64e0000000000000000000d2',
          loyalty_customer_gift_title: 'Kahve',
          loyalty_customer_points: 150,
          loyalty_customer_status: 'cancelled',
          loyalty_customer_gift_code: null,
        }),
        redemption({}),
      ]),
    );
  return renderApp({ path, signedInAs: { role }, authClient: httpAuthClient });
};

describe('customer detail loyalty tabs', () => {
  it('lists the customer’s receipts with store, amount, status and reason, points and a link to the review', async () => {
    const role = roleWith('modules:customers:customer-list', 'modules:loyalty:receipts');
    open(`/customers/${customerId}/detail?tab=receipts`, role);
    const table = await screen.findByRole('table', { name: 'Müşterinin fişleri' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'F-1001' })).toHaveAttribute(
      'href',
      `/loyalty/receipts/${approved._id}`,
    );
    expect(within(first!).getByText('Kitapçı')).toBeInTheDocument();
    expect(within(first!).getByText('₺1.250,50')).toBeInTheDocument();
    expect(within(first!).getByText('Onaylandı')).toBeInTheDocument();
    expect(within(first!).getByText('125')).toBeInTheDocument();
    expect(within(second!).getByText('Reddedildi')).toBeInTheDocument();
    expect(within(second!).getByText(/Fiş okunmuyor/)).toBeInTheDocument();
    expect(within(second!).getByText('Silinmiş mağaza')).toBeInTheDocument();
    // Only the receipts tab of the loyalty ones: points and gifts belong to the loyalty customers module.
    expect(screen.queryByRole('tab', { name: 'Puanlar' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Hediyeler' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('lists the customer’s gifts with their status, asking for this customer’s redemptions only', async () => {
    const role = roleWith('modules:customers:customer-list', 'modules:loyalty:loyalty-customer');
    const { user } = open(`/customers/${customerId}/detail`, role);
    expect(screen.queryByRole('tab', { name: 'Fişler' })).toBeNull();
    await user.click(await screen.findByRole('tab', { name: 'Hediyeler' }));
    const grid = await screen.findByRole('grid', { name: 'Müşterinin aldığı hediyeler' });
    const cinema = (await within(grid).findByText('Sinema bileti')).closest('[role="row"]') as HTMLElement;
    expect(within(cinema).getByText('Yeni')).toBeInTheDocument();
    expect(within(cinema).getByText('SNM-0004')).toBeInTheDocument();
    const coffee = within(grid).getByText('Kahve').closest('[role="row"]') as HTMLElement;
    expect(within(coffee).getByText('İptal edildi')).toBeInTheDocument();
    expect(server().to('POST', '/loyalty-customer/filter')[0]!.body).toMatchObject({
      filter: { loyalty_customer: customerId },
    });
  });

  it('shows neither tab to a role with the customer list only, and asks for nothing', async () => {
    open(`/customers/${customerId}/detail?tab=receipts`, roleWith('modules:customers:customer-list'));
    expect(await screen.findByRole('tab', { name: 'Profil' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Fişler' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Hediyeler' })).toBeNull();
    expect(server().to('GET', `/customer/receipt/${customerId}`)).toHaveLength(0);
    expect(server().to('POST', '/loyalty-customer/filter')).toHaveLength(0);
  });
});

describe('loyalty conditions of the segment builder', () => {
  const gold: LoyaltyTier = {
    _id: '64e0000000000000000000a1',
    loyalty_tier_title: 'Altın',
    loyalty_tier_title_en: 'Gold',
    loyalty_tier_min_points: 5000,
    loyalty_tier_point_multiplier: 1.5,
    loyalty_tier_priority: 1,
    loyalty_tier_customer_count: 3,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
  };

  it('sends tier, balance and receipts conditions to the list and the count', async () => {
    const role = roleWith('modules:customers:customer-list');
    serveSession(server(), { role });
    server()
      .on('POST', '/customer/filter', () => page([customer]))
      .on('POST', '/customer/count', () => json({ count: 1, customer_ids: [customerId] }))
      .on('GET', '/loyalty-tier', () => json([gold]))
      .on('GET', '/geo/cities', () => json([]));
    const { user } = renderApp({
      path: '/customers/filter',
      signedInAs: { role },
      authClient: httpAuthClient,
    });
    const builder = await screen.findByRole('region', { name: 'Müşteri filtresi' });
    const add = async (kind: string) => {
      await user.click(within(builder).getByRole('button', { name: 'Koşul ekle' }));
      const menu = await waitFor(() => document.querySelector('[role="menu"]') as HTMLElement);
      expect(within(menu).getByText('Sadakat')).toBeInTheDocument();
      await user.click(within(menu).getByRole('menuitem', { name: kind }));
    };
    await add('Üyelik seviyesi');
    await user.click(within(builder).getByRole('combobox', { name: 'Üyelik seviyesi' }));
    await user.click(await screen.findByRole('option', { name: 'Altın' }));
    await add('Puan bakiyesi');
    await user.type(within(builder).getByRole('spinbutton', { name: 'Puan bakiyesi: en az' }), '500');
    await add('Onaylı fişler');
    const count = within(builder).getByRole('spinbutton', { name: 'Fiş sayısı: en az' });
    expect(count).toHaveValue(1);
    await user.clear(count);
    await user.type(count, '3');
    await user.type(within(builder).getByRole('spinbutton', { name: 'Toplam tutar (₺): en az' }), '2000');

    const expected = [
      { field: 'loyalty_tier', in: [gold._id] },
      { field: 'point_balance', min: 500 },
      { field: 'receipts', count: { min: 3 }, amount: { min: 2000 } },
    ];
    await waitFor(() =>
      expect(server().to('POST', '/customer/count').at(-1)!.body).toEqual({ filter: expected }),
    );
    expect(server().to('POST', '/customer/filter').at(-1)!.body).toMatchObject({ filter: expected });
  });
});

describe('loyalty customers on the customer loyalty page', () => {
  const row = (overrides: Partial<LoyaltyCustomerSummary>): LoyaltyCustomerSummary => ({
    customer_id: customerId,
    customer_name: 'Ayşe',
    customer_surname: 'Yıldız',
    customer_phone: '+905321234567',
    point_balance: 6000,
    point_tier_points: 6000,
    point_earned_total: 7500,
    loyalty_tier_id: '64e0000000000000000000a1',
    loyalty_tier_title: 'Altın',
    loyalty_tier_title_en: 'Gold',
    last_receipt_date: '2026-11-18T09:00:00.000Z',
    ...overrides,
  });

  it('lists customers with points, the largest balance first, sorts by lifetime points and opens one’s gifts', async () => {
    const role = roleWith('modules:loyalty:loyalty-customer');
    const prep: BurnPreparation = {
      customer: {
        _id: customerId,
        customer_name: 'Ayşe',
        customer_surname: 'Yıldız',
        customer_phone: '+905321234567',
      },
      balance: {
        customer_id: customerId,
        point_balance: 6000,
        point_tier_points: 6000,
        point_earned_total: 7500,
        loyalty_tier_id: null,
        loyalty_tier_title: null,
        loyalty_tier_title_en: null,
      },
      point_history: [],
      customer_loyalty_list: [],
      available_gift_list: [],
    };
    serveSession(server(), { role });
    server()
      .on('POST', '/loyalty-customer/customers/filter', () =>
        page([
          row({}),
          row({
            customer_id: '64c000000000000000000002',
            customer_name: 'Mehmet',
            customer_surname: 'Kara',
            customer_phone: '+905559876543',
            point_balance: 300,
            point_earned_total: 300,
            loyalty_tier_id: null,
            loyalty_tier_title: null,
            loyalty_tier_title_en: null,
            last_receipt_date: null,
          }),
        ]),
      )
      .on('GET', `/loyalty-customer/burn-points/${customerId}`, () => json(prep))
      .on('GET', `/loyalty-customer/points/${customerId}`, () =>
        json({ balance: prep.balance, data: [], total: 0 }),
      );
    const { user } = renderApp({
      path: '/loyalty/customer-loyalty',
      signedInAs: { role },
      authClient: httpAuthClient,
    });
    const grid = await screen.findByRole('grid', { name: 'Puanı olan müşteriler' });
    const ayse = (await within(grid).findByText('Ayşe Yıldız')).closest('[role="row"]') as HTMLElement;
    expect(within(ayse).getByText('6.000')).toBeInTheDocument();
    expect(within(ayse).getByText('Altın')).toBeInTheDocument();
    expect(within(ayse).getByText('7.500')).toBeInTheDocument();
    const mehmet = within(grid).getByText('Mehmet Kara').closest('[role="row"]') as HTMLElement;
    expect(within(mehmet).getByText('Seviyesi yok')).toBeInTheDocument();
    expect(server().to('POST', '/loyalty-customer/customers/filter')[0]!.body).toEqual({
      pagination: { limit: 10, currentPage: 1 },
    });

    await user.click(within(grid).getByRole('columnheader', { name: /Toplam kazanılan/ }));
    await waitFor(() =>
      expect(server().to('POST', '/loyalty-customer/customers/filter').at(-1)!.body).toMatchObject({
        orderBy: 'point_earned_total',
      }),
    );

    await user.click(within(ayse).getByRole('button', { name: /Hediyeleri aç/ }));
    expect(await screen.findByRole('heading', { name: 'Ayşe Yıldız' })).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Puanı olan müşteriler' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Puanı olan müşterilere dön' }));
    expect(await screen.findByRole('grid', { name: 'Puanı olan müşteriler' })).toBeInTheDocument();
  });
});
