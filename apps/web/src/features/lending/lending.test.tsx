import { type Lending, type LendingItem, paginationOf } from '@avlu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const item: LendingItem = {
  _id: '64f0000000000000000000b1',
  itemNo: 'BA-01',
  itemName: 'Bebek Arabası',
  itemImage: `/api/files/${'a'.repeat(43)}.png`,
  status: 'active',
  item_lent_to: null,
  item_queue_length: 1,
  createdAt: '2026-01-01T06:00:00.000Z',
  updatedAt: '2026-01-01T06:00:00.000Z',
};
const queued: Lending = {
  _id: '64f0000000000000000000c1',
  lending_item_id: item._id,
  itemNo: 'BA-01',
  itemName: 'Bebek Arabası',
  itemImage: item.itemImage,
  customer_id: '64f0000000000000000000d1',
  customer_name: 'Ayşe',
  customer_surname: 'Yılmaz',
  customer_phone: '+905321112233',
  lending_status: 'in_queue',
  lending_started_at: null,
  lending_ended_at: null,
  createdAt: '2026-01-01T06:00:00.000Z',
  updatedAt: '2026-01-01T06:00:00.000Z',
};
const page = <T,>(rows: T[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

describe('lending screens', () => {
  it('lists the items with who has each', async () => {
    server().on('GET', '/lendible-item', () => page([item]));
    renderApp({ path: '/lending/lendible-items', ...asAdmin });
    expect(await screen.findByRole('heading', { name: 'Ödünç Eşyalar' })).toBeInTheDocument();
    expect(await screen.findByText('Bebek Arabası')).toBeInTheDocument();
    expect(screen.getByText('Müsait')).toBeInTheDocument();
  });

  it('approves a queued lending with PATCH /lending/{id} and says ‘Something went wrong’ when refused', async () => {
    server()
      .on('GET', '/lending', () => page([queued]))
      .on('PATCH', `/lending/${queued._id}`, () =>
        json(
          {
            statusCode: 409,
            code: 'LENDING_ITEM_LENT',
            message: '“Bebek Arabası” şu anda başka bir müşteride',
          },
          409,
        ),
      );
    const { user } = renderApp({ path: '/lending/lended-customers', ...asAdmin });
    expect(await screen.findByRole('heading', { name: 'Ödünç Alan Müşteriler' })).toBeInTheDocument();
    const row = (await screen.findByText(/Ayşe Yılmaz/)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Kuyrukta')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Onayla:/ }));
    expect(server().to('PATCH', `/lending/${queued._id}`)[0]!.body).toEqual({ status: 'approved' });
    expect(await screen.findByText(/^Something went wrong: “Bebek Arabası”/)).toBeInTheDocument();
  });
});
