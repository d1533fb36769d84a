import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { insertCustomer } from '../customers/customers.fixtures';
import { seedDemoFeedbacks } from '../feedbacks/feedbacks.demo';
import { seedDemoLending } from './lending.demo';
import { lendingItems, lendings } from './lending.tables';

const ctx = useTestApp();

describe('lending and feedback demo data', () => {
  it('gives a mall items, lendings in every state and feedback the screens serve', async () => {
    const mall = await ctx.newLocation();
    for (let index = 0; index < 20; index++) await insertCustomer(ctx.database.db, mall._id);
    await seedDemoLending(ctx.database.db, ctx.app.files, mall._id);
    await seedDemoFeedbacks(ctx.database.db, mall._id);

    const items = await ctx.inject({ method: 'GET', url: `/api/lendible-item?locationId=${mall._id}` });
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json().pagination.total).toBe(7);
    const image = await ctx.inject({ method: 'GET', url: items.json().data[0].itemImage });
    expect(image.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(lendings).where(eq(lendings.location_id, mall._id));
    expect(new Set(rows.map((row) => row.lending_status))).toEqual(new Set(['in_queue', 'started', 'done']));
    const list = await ctx.inject({ method: 'GET', url: `/api/lending?locationId=${mall._id}` });
    expect(list.json().pagination.total).toBe(rows.length);
    expect(
      (await ctx.database.db.select().from(lendingItems).where(eq(lendingItems.location_id, mall._id))).some(
        (item) => item.status === 'inactive',
      ),
    ).toBe(true);

    const feedback = await ctx.inject({ method: 'GET', url: `/api/core/feedback?locationId=${mall._id}` });
    expect(feedback.statusCode, feedback.body).toBe(200);
    const statuses = new Set(
      feedback.json().data.map((row: { feedback_status: string }) => row.feedback_status),
    );
    expect(statuses).toEqual(new Set(['new', 'viewed', 'informed']));
    const informed = feedback
      .json()
      .data.find((row: { feedback_status: string }) => row.feedback_status === 'informed');
    const detail = await ctx.inject({
      method: 'GET',
      url: `/api/core/feedback/${informed._id}?locationId=${mall._id}`,
    });
    expect(detail.json().feedback_replies).toHaveLength(1);
    const types = await ctx.inject({ method: 'GET', url: `/api/feedback-types?locationId=${mall._id}` });
    expect(types.json()).toHaveLength(5);
  });
});
