import type { Database } from '../../platform/db/database';
import { customers } from './customers.tables';

let phones = 0;

/**
 * A customer of the mall straight into the table: Ayşe Yılmaz, a woman, with a Turkish mobile number
 * (E.164) no other customer of the test file has; `values` set any column. Its row.
 */
export const insertCustomer = async (
  db: Database,
  mallId: string,
  values: Partial<typeof customers.$inferInsert> = {},
) => {
  const [row] = await db
    .insert(customers)
    .values({
      location_id: mallId,
      customer_phone: `+90538${String(++phones).padStart(7, '0')}`,
      customer_name: 'Ayşe',
      customer_surname: 'Yılmaz',
      customer_gender: 'female',
      ...values,
    })
    .returning();
  return row!;
};
