import type { Database } from '../../platform/db/database';
import { customers } from '../customers/customers.tables';

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
