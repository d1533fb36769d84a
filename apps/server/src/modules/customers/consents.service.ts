import type { ConsentEvent, ConsentSource, ConsentType } from '@avlu/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { Database } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { admins } from '../admins/admins.tables';
import { recordedAgreementVersion } from '../agreements/agreements.service';
import { customerConsentEvents, customers } from './customers.tables';

export const consentColumns = {
  sms: { state: customers.customer_sms_permission, date: customers.customer_sms_permission_date },
  email: { state: customers.customer_email_permission, date: customers.customer_email_permission_date },
  call: { state: customers.customer_call_permission, date: customers.customer_call_permission_date },
  kvkk: { state: customers.customer_kvkk_permission, date: customers.customer_kvkk_permission_date },
} as const;

const stateKey = (type: ConsentType) => `customer_${type}_permission` as const;
const dateKey = (type: ConsentType) => `customer_${type}_permission_date` as const;

const clipAddress = (address: string | null | undefined) => address?.slice(0, 64) ?? null;

export type ConsentChange = {
  customerId: string;
  /** The mall the customer must belong to; a customer of another mall is not found. */
  locationId: string;
  type: ConsentType;
  value: boolean;
  source: ConsentSource;
  staffAdminId?: string | null;
  clientAddress?: string | null;
  /**
   * The agreement text the client says it showed. Recorded only when it is a version of one of the
   * mall's agreements in use, else the mall's KVKK notice in use is (`recordedAgreementVersion`).
   */
  agreementVersion?: string | null;
};

/**
 * The one way a consent changes: the customer's current state and approval date, and the history
 * row. The customer row is locked first, so concurrent toggles queue up and each compares against
 * the state the previous one left; a change to the same state records nothing. The time is taken
 * after the lock (clock_timestamp), so history order is commit order. Runs in the caller's
 * transaction (`applyConsent`, as registration does with its insert) or in its own (`changeConsent`).
 * Answers whether anything changed.
 */
export const applyConsent = async (tx: Database, change: ConsentChange): Promise<boolean> =>
  writeConsent(tx, {
    ...change,
    agreementVersion: await recordedAgreementVersion(tx, change.locationId, change.agreementVersion),
  });

/** `applyConsent` with the agreement version already checked. */
const writeConsent = async (tx: Database, change: ConsentChange): Promise<boolean> => {
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
    client_address: clipAddress(change.clientAddress),
    agreement_version: change.agreementVersion ?? null,
  });
  return true;
};

/**
 * Several consents given together (a registration, a profile form), each through `applyConsent`
 * with the same source, staff user, address and text version; a consent left out (undefined)
 * stays as it is. Answers the types that changed.
 */
export const applyConsents = async (
  tx: Database,
  consents: Partial<Record<ConsentType, boolean>>,
  change: Omit<ConsentChange, 'type' | 'value'>,
): Promise<ConsentType[]> => {
  const changed: ConsentType[] = [];
  const agreementVersion = await recordedAgreementVersion(tx, change.locationId, change.agreementVersion);
  for (const [type, value] of Object.entries(consents) as [ConsentType, boolean | undefined][]) {
    if (value !== undefined && (await writeConsent(tx, { ...change, agreementVersion, type, value })))
      changed.push(type);
  }
  return changed;
};

/**
 * The one sanctioned way past the consent history's append-only trigger (consent-events.sql): for
 * the rest of the caller's transaction, history rows may lose their client address and may be
 * deleted (a hard deletion of their customer or mall cascades to them). Only erasure calls it
 * (retention.ts). Outside a transaction it has no effect: the setting is transaction-local.
 */
export const allowConsentErasure = async (tx: Database) => {
  await tx.execute(sql`select set_config('avlu.erasure', 'on', true)`);
};

export const changeConsent = (db: Database, change: ConsentChange): Promise<boolean> =>
  db.transaction((tx) => applyConsent(tx, change));

/**
 * History rows of consents that new customers were created with (an import): the customers were
 * inserted with these states by the same transaction, so there is nothing to lock or compare.
 * One multi-row insert per call; `at` is the approval date the rows were given.
 */
export const recordInitialConsents = async (
  tx: Database,
  grants: ReadonlyArray<{ customerId: string; type: ConsentType }>,
  origin: Pick<ConsentChange, 'source' | 'staffAdminId' | 'clientAddress' | 'agreementVersion'> & {
    at: Date;
  },
) => {
  if (grants.length === 0) return;
  await tx.execute(
    bulkInsert(customerConsentEvents, [
      { column: customerConsentEvents._id, values: grants.map(() => newId()) },
      { column: customerConsentEvents.customer_id, values: grants.map((grant) => grant.customerId) },
      { column: customerConsentEvents.channel, values: grants.map((grant) => grant.type) },
      { column: customerConsentEvents.granted, value: true },
      { column: customerConsentEvents.at, value: origin.at.toISOString() },
      { column: customerConsentEvents.source, value: origin.source },
      { column: customerConsentEvents.staff_admin_id, value: origin.staffAdminId ?? null },
      { column: customerConsentEvents.client_address, value: clipAddress(origin.clientAddress) },
      { column: customerConsentEvents.agreement_version, value: origin.agreementVersion ?? null },
    ]),
  );
};

/**
 * A customer's consent history, newest first, with the staff user's name (null when no staff user
 * acted, or the user was deleted since).
 */
export const consentHistory = async (db: Database, customerId: string): Promise<ConsentEvent[]> => {
  const rows = await db
    .select({
      event: customerConsentEvents,
      staff_name: sql<string | null>`${admins.admin_name} || ' ' || ${admins.admin_surname}`,
    })
    .from(customerConsentEvents)
    .leftJoin(admins, eq(admins._id, customerConsentEvents.staff_admin_id))
    .where(eq(customerConsentEvents.customer_id, customerId))
    .orderBy(desc(customerConsentEvents.at), desc(customerConsentEvents._id));
  return rows.map(({ event, staff_name }) => ({
    _id: event._id,
    type: event.channel,
    value: event.granted,
    at: event.at.toISOString(),
    source: event.source,
    staff_admin_id: event.staff_admin_id,
    staff_name,
    client_address: event.client_address,
    agreement_version: event.agreement_version,
  }));
};
