import { lendingItem } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import { expectStatus, newLendingCustomers, pngImage } from './lending.fixtures';
import { lendings } from './lending.tables';

/** Desks approving lendings of one item at once, on PostgreSQL, which runs them really at once. */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent lending approvals', () => {
  const ctx = useTestApp();

  it('twenty approvals of twenty queued lendings of one item at once hand it to one customer', async () => {
    const mall = await ctx.newLocation();
    const form = multipartForm(
      { itemNo: 'P-01', itemName: 'Bebek Arabası', status: 'active' },
      { field: 'itemImage', data: await pngImage(), filename: 'puset.png' },
    );
    const created = await ctx.inject({
      method: 'POST',
      url: `/api/lendible-item?locationId=${mall._id}`,
      payload: form.payload,
      headers: form.headers,
    });
    expectStatus(created, 201);
    const item = lendingItem.parse(created.json());
    const customers = await newLendingCustomers(ctx.database.db, mall._id, 20);
    const queued = await ctx.database.db
      .insert(lendings)
      .values(
        customers.map((customer) => ({
          location_id: mall._id,
          lending_item_id: item._id,
          customer_id: customer._id,
        })),
      )
      .returning({ _id: lendings._id });

    const answers = await Promise.all(
      queued.map((row) =>
        ctx.inject({
          method: 'PATCH',
          url: `/api/lending/${row._id}?locationId=${mall._id}`,
          headers: { 'accept-language': 'en' },
          payload: { status: 'approved' },
        }),
      ),
    );
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'LENDING_ITEM_LENT')).toHaveLength(19);
    const started = await ctx.database.db
      .select()
      .from(lendings)
      .where(and(eq(lendings.lending_item_id, item._id), eq(lendings.lending_status, 'started')));
    expect(started).toHaveLength(1);
  });
});
