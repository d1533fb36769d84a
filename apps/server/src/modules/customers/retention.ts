import { and, eq, inArray, isNotNull, isNull, like, lte, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { auditLog } from '../audit/audit.tables';
import { rateLimitCounters } from '../auth/rate-limits.tables';
import { notificationMessages } from '../marketing/marketing.tables';
import { customerPushTokens, notificationOptIns } from '../marketing/marketing-accounts.tables';
import { customerSessions, smsPhoneStates } from '../micro-site/micro-site.tables';
import { allowConsentErasure } from './consents.service';
import { getCustomerProfile } from './customers.service';
import { customerConsentEvents, customers } from './customers.tables';
import type { Mall } from './mall-date';

declare module '../../platform/jobs' {
  interface JobQueues {
    'customers.erase-deleted': Record<string, never>;
  }
}

/** Rows erased per transaction: a backlog of deleted customers is worked off in short transactions. */
const ERASE_BATCH = 1000;

/**
 * Erases the personal data of customers deleted more than `retentionDays` ago (spec §3/§9: a deleted
 * account can be reactivated within the retention period, then it is deleted for good). The row
 * stays, marked `customer_erasedAt`, so the consent history keeps its customer: the history is the
 * legal proof of what was consented when, and stays, without the client address. The phone becomes
 * '#' and the row id: the (mall, phone) unique index stays valid and the number is free to register
 * again. Answers how many customers were erased.
 */
export const eraseDeletedCustomers = async (
  db: Database,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> => {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let erased = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ _id: customers._id, phone: customers.customer_phone, email: customers.customer_email })
        .from(customers)
        .where(
          and(
            isNotNull(customers.customer_deletedAt),
            lte(customers.customer_deletedAt, cutoff),
            isNull(customers.customer_erasedAt),
          ),
        )
        .limit(ERASE_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((row) => row._id);
      await tx
        .update(customers)
        .set({
          customer_phone: sql`'#' || ${customers._id}`,
          customer_name: null,
          customer_surname: null,
          customer_email: null,
          customer_gender: 'unknown',
          customer_birthdate: null,
          customer_address: null,
          customer_province: null,
          customer_district: null,
          customer_locality: null,
          customer_number_of_children: null,
          customer_frequency: null,
          customer_vehicle_plate: null,
          customer_is_parent: null,
          customer_favorite_region: null,
          customer_favorite_category: null,
          customer_push_token: null,
          customer_sms_permission: false,
          customer_sms_permission_date: null,
          customer_email_permission: false,
          customer_email_permission_date: null,
          customer_call_permission: false,
          customer_call_permission_date: null,
          customer_kvkk_permission: false,
          customer_kvkk_permission_date: null,
          customer_erasedAt: now,
        })
        .where(inArray(customers._id, ids));
      await allowConsentErasure(tx);
      await tx
        .update(customerConsentEvents)
        .set({ client_address: null })
        .where(inArray(customerConsentEvents.customer_id, ids));
      await eraseTraces(
        tx,
        ids,
        due.map((row) => row.phone),
        due.flatMap((row) => row.email ?? []),
      );
      await audit(tx, undefined, {
        action: 'customer.erased',
        entity: 'customer',
        details: { count: ids.length, retention_days: retentionDays, customer_ids: ids },
        actorId: null,
      });
      return ids.length;
    });
    erased += batch;
    if (batch < ERASE_BATCH) return erased;
  }
};

/**
 * What else holds the erased customers' personal data: their sessions (address, user agent), the
 * address and user agent of audit rows of their own requests (staff's rows keep the staff's), the
 * development outboxes (their number, codes, mail), their push tokens, opt-in requests and message
 * errors, counters keyed by their number, and their phone's sign-in state unless another (not erased)
 * customer, of any mall, still has the number: its limits and lock then still protect that customer.
 * A later table holding a customer's data erases it here; retention.test.ts searches every table for
 * what is left.
 */
const eraseTraces = async (tx: Database, ids: string[], phones: string[], emails: string[]) => {
  await tx.delete(customerSessions).where(inArray(customerSessions.customer_id, ids));
  // Marketing: their devices' push tokens, their opt-in requests (address), and what providers said of
  // their messages (an error may quote the number); the messages stay, counted in the reports.
  await tx.delete(customerPushTokens).where(inArray(customerPushTokens.customer_id, ids));
  await tx.delete(notificationOptIns).where(inArray(notificationOptIns.customer_id, ids));
  await tx
    .update(notificationMessages)
    .set({ message_error: null })
    .where(
      and(inArray(notificationMessages.customer_id, ids), isNotNull(notificationMessages.message_error)),
    );
  await tx
    .update(auditLog)
    .set({ client_address: null, user_agent: null })
    .where(
      and(
        eq(auditLog.entity_type, 'customer'),
        inArray(auditLog.entity_id, ids),
        isNull(auditLog.actor_admin_id),
      ),
    );
  await tx.delete(smsOutbox).where(inArray(smsOutbox.to, phones));
  if (emails.length > 0) await tx.delete(mailOutbox).where(inArray(mailOutbox.to, emails));
  await tx
    .delete(rateLimitCounters)
    .where(or(...phones.map((phone) => like(rateLimitCounters.key, `%:${phone}`))));
  await tx.delete(smsPhoneStates).where(
    and(
      inArray(smsPhoneStates.phone, phones),
      notExists(
        tx
          .select({ _id: customers._id })
          .from(customers)
          .where(and(eq(customers.customer_phone, smsPhoneStates.phone), notInArray(customers._id, ids))),
      ),
    ),
  );
};

/** Every night at 03:30 (Europe/Istanbul) the retention job erases what is due; one instance runs each job. */
export const scheduleCustomerRetention = async (
  jobs: Jobs,
  db: Database,
  retentionDays: number,
  logger: Logger,
) => {
  await jobs.work('customers.erase-deleted', async () => {
    const count = await eraseDeletedCustomers(db, retentionDays);
    if (count > 0) logger.info({ count, retentionDays }, 'deleted customers erased');
  });
  await jobs.schedule('customers.erase-deleted', '30 3 * * *', {});
};

/**
 * POST /customer/profile/{id}/reactivate: a deleted customer comes back within the retention period.
 * An erased one cannot (409 CUSTOMER_ERASED); a live one is answered as it is.
 */
export const reactivateCustomer = (db: Database, mall: Mall, id: string, request: AuditRequest) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ deletedAt: customers.customer_deletedAt, erasedAt: customers.customer_erasedAt })
      .from(customers)
      .where(and(eq(customers._id, id), eq(customers.location_id, mall._id)))
      .for('update');
    if (!row) throw notFound();
    if (row.erasedAt) throw new AppError('CUSTOMER_ERASED', 409);
    if (row.deletedAt) {
      await tx.update(customers).set({ customer_deletedAt: null }).where(eq(customers._id, id));
      await audit(tx, request, { action: 'customer.reactivated', entity: 'customer', entityId: id });
    }
    return getCustomerProfile(tx, mall, id);
  });
