import { type LoyaltyCustomerSummary, type LoyaltyTier, paginationOf } from '@avlu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asDesk = { signedInAs: { role: roleWith('modules:loyalty:loyalty-customer') } };

const gold: LoyaltyTier = {
  _id: '64e0000000000000000000a3',
  loyalty_tier_title: 'Altın',
  loyalty_tier_title_en: 'Gold',
  loyalty_tier_min_points: 5000,
  loyalty_tier_point_multiplier: 1.5,
  loyalty_tier_priority: 3,
  loyalty_tier_customer_count: 12,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};
const ayse: LoyaltyCustomerSummary = {
  customer_id: '64e0000000000000000000c1',
  customer_name: 'Ayşe',
  customer_surname: 'Yılmaz',
  customer_phone: '+905328906124',
  point_balance: 6000,
  point_tier_points: 6000,
  point_earned_total: 6000,
  loyalty_tier_id: gold._id,
  loyalty_tier_title: 'Altın',
  loyalty_tier_title_en: 'Gold',
  last_receipt_date: '2026-05-02T12:00:00.000Z',
};
const lastFilter = () => {
  const sent = server().to('POST', '/loyalty-customer/customers/filter');
  return (sent.at(-1)?.body as { filter?: object } | undefined)?.filter;
};

describe('loyalty customers list', () => {
  it('filters by tier, balance, lifetime points and the days of the last approved receipt', async () => {
    server()
      .on('GET', '/loyalty-tier', () => json([gold]))
      .on('POST', '/loyalty-customer/customers/filter', () =>
        json({ data: [ayse], pagination: paginationOf(1, { limit: 10, currentPage: 1 }) }),
      );
    const { user } = renderApp({ path: '/loyalty/customer-loyalty', ...asDesk });
    const grid = await screen.findByRole('grid', { name: 'Puanı olan müşteriler' });
    expect(await within(grid).findByText('Ayşe Yılmaz')).toBeInTheDocument();
    expect(lastFilter()).toBeUndefined();

    await user.click(screen.getByRole('combobox', { name: 'Seviye' }));
    await user.click(await screen.findByRole('option', { name: 'Altın' }));
    for (const [label, value] of [
      ['En az bakiye', '100'],
      ['En çok bakiye', '9000'],
      ['En az toplam kazanılan', '5000'],
      ['En çok toplam kazanılan', '20000'],
    ] as const)
      fireEvent.change(screen.getByRole('spinbutton', { name: label }), { target: { value } });
    for (const [label, typed] of [
      ['Son onaylı fiş (başlangıç)', '01052026'],
      ['Son onaylı fiş (bitiş)', '31052026'],
    ] as const) {
      await user.click(within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton')[0]!);
      await user.keyboard(typed);
    }
    // Days are the mall's (Istanbul, UTC+3): from the first moment of the first to the last of the last.
    await waitFor(() =>
      expect(lastFilter()).toEqual({
        loyalty_tier_id: [gold._id],
        point_balance_min: 100,
        point_balance_max: 9000,
        point_earned_total_min: 5000,
        point_earned_total_max: 20000,
        last_receipt_date_from: '2026-04-30T21:00:00.000Z',
        last_receipt_date_to: '2026-05-31T20:59:59.999Z',
      }),
    );

    // Cleared, the list is the unfiltered one again (served from the cache, so no request is counted).
    await user.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    expect(screen.getByRole('spinbutton', { name: 'En az toplam kazanılan' })).toHaveValue(null);
    expect(screen.queryByRole('button', { name: 'Filtreleri temizle' })).not.toBeInTheDocument();
  });
});
