import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { newLoyaltyCustomer } from '../loyalty/loyalty.fixtures';
import { pointBalances, pointEntries } from '../loyalty/loyalty.tables';
import { pointProviders } from '../point-providers/point-providers.tables';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';
import { receiptDayOf, receiptNoKey } from './receipts.service';
import { receipts } from './receipts.tables';

/** Staff approving one receipt at once from several screens, on PostgreSQL, which runs them really at once. */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent approvals', () => {
  const ctx = useTestApp();

  it('ten approvals of one receipt at once earn its points once', async () => {
    const db = ctx.database.db;
    const mall = await ctx.newLocation();
    const [category] = await db
      .insert(storeCategories)
      .values({
        location_id: mall._id,
        ...storeCategoryColumns({ store_category_name: 'Giyim', store_category_name_en: 'Fashion' }),
      })
      .returning();
    const [store] = await db
      .insert(stores)
      .values({
        location_id: mall._id,
        store_name: 'Mavi',
        store_name_key: nameKey('Mavi'),
        store_category_id: category!._id,
        store_floor: 'Zemin Kat',
      })
      .returning();
    const year = new Date().getUTCFullYear();
    await db.insert(pointProviders).values({
      location_id: mall._id,
      point_provider_name: 'Genel',
      point_provider_name_key: nameKey('Genel'),
      point_provider_type: 'default',
      point_provider_priority: 1,
      point_provider_min_amount: 1,
      point_provider_points_multiplier: 0.05,
      point_provider_start_at: `${year - 1}-01-01`,
      point_provider_end_at: `${year + 1}-12-31`,
    });
    const customerId = await newLoyaltyCustomer(db, mall._id);
    const date = new Date(Date.now() - 86_400_000);
    const [row] = await db
      .insert(receipts)
      .values({
        location_id: mall._id,
        customer_id: customerId,
        store_id: store!._id,
        receipt_no: 'YARIŞ-1',
        receipt_no_key: receiptNoKey('YARIŞ-1'),
        receipt_amount: 1000,
        receipt_date: date,
        receipt_day: receiptDayOf(mall, date),
        receipt_photo: `${'a'.repeat(43)}.jpg`,
        receipt_photo_type: 'jpg',
        receipt_photo_hash: 'f'.repeat(64),
        receipt_source: 'desk',
      })
      .returning();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.inject({
          method: 'PUT',
          url: `/api/shopping-receipts/${row!._id}?locationId=${mall._id}`,
          payload: { receipt_status: 'approved' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.every((answer) => answer.json().receipt_calculated_points === 50)).toBe(true);
    const entries = await db.select().from(pointEntries).where(eq(pointEntries.customer_id, customerId));
    expect(entries.map((entry) => entry.point_entry_amount)).toEqual([50]);
    const [balance] = await db.select().from(pointBalances).where(eq(pointBalances.customer_id, customerId));
    expect(balance!.point_balance).toBe(50);
  });
});
