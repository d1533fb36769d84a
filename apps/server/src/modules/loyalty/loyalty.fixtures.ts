import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { customers } from '../customers/customers.tables';
import { pointBalances, pointEntries } from './loyalty.tables';

let phones = 0;
/** A customer of the mall, straight into the table: the ledger reads only their id and mall. */
export const newLoyaltyCustomer = async (db: Database, locationId: string) => {
  const [row] = await db
    .insert(customers)
    .values({
      location_id: locationId,
      customer_phone: `53${String(++phones).padStart(8, '0')}`,
      customer_name: 'Deniz',
    })
    .returning({ _id: customers._id });
  return row!._id;
};

/** A customer's balance (0 without a balance row) beside the sum and the count of their entries. */
export const ledgerOf = async (db: Database, customerId: string) => {
  const [balance] = await db
    .select({ balance: pointBalances.point_balance })
    .from(pointBalances)
    .where(eq(pointBalances.customer_id, customerId));
  const [entries] = await db
    .select({
      sum: sql<number>`coalesce(sum(${pointEntries.point_entry_amount}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(pointEntries)
    .where(eq(pointEntries.customer_id, customerId));
  return { balance: balance?.balance ?? 0, sum: entries!.sum, entries: entries!.count };
};
