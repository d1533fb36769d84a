import type { ConsentEvent, ConsentSource, ConsentType } from '@avlu/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { customerConsentEvents, customers } from './customers.tables';

export const consentColumns = {
  sms: { state: customers.customer_sms_permission, date: customers.customer_sms_permission_date },
  email: { state: customers.customer_email_permission, date: customers.customer_email_permission_date },
  call: { state: customers.customer_call_permission, date: customers.customer_call_permission_date },
  kvkk: { state: customers.customer_kvkk_permission, date: customers.customer_kvkk_permission_date },
} as const;

const stateKey = (type: ConsentType) => `customer_${type}_permission` as const;
const dateKey = (type: ConsentType) => `customer_${type}_permission_date` as const;

export type ConsentChange = {
  customerId: string;
  /** The mall the customer must belong to; a customer of another mall is not found. */
  locationId: string;
  type: ConsentType;
  value: boolean;
  source: ConsentSource;
  staffAdminId?: string | null;
  clientAddress?: string | null;
  agreementVersion?: string | null;
};

/**
 * The one way a consent changes: the customer's current state and approval date, and the history
 * row, in one transaction. The customer row is locked first, so concurrent toggles queue up and each
 * compares against the state the previous one left; a change to the same state records nothing.
 * The time is taken after the lock (clock_timestamp), so history order is commit order.
 * Answers whether anything changed.
 */
export const changeConsent = async (db: Database, change: ConsentChange): Promise<boolean> =>
  db.transaction(async (tx) => {
    const column = consentColumns[change.type];
    const [current] = await tx
      .select({ state: column.state })
      .from(customers)
      .where(
        and(
          eq(customers._id, change.customerId),
          eq(customers.location_id, change.locationId),
          sql`${customers.customer_deletedAt} is null`,
        ),
      )
      .for('update');
    if (!current) throw notFound();
    if (current.state === change.value) return false;
    await tx
      .update(customers)
      .set({
        [stateKey(change.type)]: change.value,
        // The approval date says since when a consent holds; a revoked consent has none.
        [dateKey(change.type)]: change.value ? sql`clock_timestamp()` : null,
      })
      .where(eq(customers._id, change.customerId));
    await tx.insert(customerConsentEvents).values({
      customer_id: change.customerId,
      channel: change.type,
      granted: change.value,
      at: sql`clock_timestamp()`,
      source: change.source,
      staff_admin_id: change.staffAdminId ?? null,
      client_address: change.clientAddress?.slice(0, 64) ?? null,
      agreement_version: change.agreementVersion ?? null,
    });
    return true;
  });

/** A customer's consent history, newest first. */
export const consentHistory = async (db: Database, customerId: string): Promise<ConsentEvent[]> => {
  const rows = await db
    .select()
    .from(customerConsentEvents)
    .where(eq(customerConsentEvents.customer_id, customerId))
    .orderBy(desc(customerConsentEvents.at), desc(customerConsentEvents._id));
  return rows.map((row) => ({
    _id: row._id,
    type: row.channel,
    value: row.granted,
    at: row.at.toISOString(),
    source: row.source,
    staff_admin_id: row.staff_admin_id,
    client_address: row.client_address,
    agreement_version: row.agreement_version,
  }));
};
