import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { customers } from './customers.tables';

type NewCustomer = typeof customers.$inferInsert;
/** What a registration sets: every column but the mall and the phone, which it is registered by. */
export type RegistrationColumns = Omit<NewCustomer, 'location_id' | 'customer_phone' | '_id'>;

export const customerExists = () =>
  new AppError('CUSTOMER_EXISTS', 409, { fields: { customer_phone: 'customerExists' } });

/** `columns` with a left-out (undefined) value as null: a reactivated record starts over. */
export const withNulls = <T extends Record<string, unknown>>(columns: T) =>
  Object.fromEntries(Object.entries(columns).map(([key, value]) => [key, value ?? null])) as {
    [K in keyof T]: Exclude<T[K], undefined> | null;
  };

/** The mall's customer with the phone, locked; an erased customer's phone is '#id', never found. */
export const lockCustomerByPhone = async (tx: Database, locationId: string, phone: string) => {
  const [row] = await tx
    .select({ _id: customers._id, deletedAt: customers.customer_deletedAt })
    .from(customers)
    .where(and(eq(customers.location_id, locationId), eq(customers.customer_phone, phone)))
    .for('update');
  return row;
};

/**
 * Registers `phone` at the mall in the caller's transaction, at the desk or on the micro-site: a new
 * customer, or a deleted one whose data is not erased yet brought back with `columns`. A live
 * customer with the phone answers 409 CUSTOMER_EXISTS; two registrations of one phone at once make
 * one customer (the unique (mall, phone) index; the later one answers 409).
 */
export const registerByPhone = async (
  tx: Database,
  locationId: string,
  phone: string,
  columns: RegistrationColumns,
): Promise<{ id: string; reactivated: boolean }> => {
  const existing = await lockCustomerByPhone(tx, locationId, phone);
  if (existing && !existing.deletedAt) throw customerExists();
  if (existing) {
    await tx
      .update(customers)
      .set({ ...columns, customer_deletedAt: null })
      .where(eq(customers._id, existing._id));
    return { id: existing._id, reactivated: true };
  }
  const [inserted] = await tx
    .insert(customers)
    .values({ ...columns, location_id: locationId, customer_phone: phone })
    .onConflictDoNothing()
    .returning({ _id: customers._id });
  // Another registration of the phone committed after our look-up.
  if (!inserted) throw customerExists();
  return { id: inserted._id, reactivated: false };
};
