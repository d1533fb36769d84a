import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { removeOrphanFiles } from '../../platform/files/file-references';
import type { FileStore } from '../../platform/files/file-store';
import type { Jobs } from '../../platform/jobs';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { deleteOldLoginThrottles } from '../auth/login-throttle.service';
import { rateLimitCounters } from '../auth/rate-limits.tables';
import { adminSessions } from '../auth/sessions.tables';
import { couponCodeHolds } from '../campaigns/code-validation.tables';
import { CUSTOMER_SESSION_IDLE_MS } from '../micro-site/customer-sessions.service';
import { customerSessions, smsPhoneStates } from '../micro-site/micro-site.tables';

declare module '../../platform/jobs' {
  interface JobQueues {
    'maintenance.clean-up': Record<string, never>;
  }
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Longer than any counter's window (the longest, SMS per phone and day, is 24 hours): older rows count nothing. */
export const COUNTER_KEEP_MS = 7 * DAY_MS;
/** A phone's state matters for the daily cap (24 hours of send times) and while it is locked. */
export const PHONE_STATE_KEEP_MS = DAY_MS;
export const STREAK_KEEP_MS = 7 * DAY_MS;

export type MaintenanceSettings = Pick<Config, 'retention' | 'files'>;

/**
 * One pass of every clean-up, each with its own period, answering how many rows (files) each removed:
 * ended staff and customer sessions (their addresses and user agents) SESSION_RETENTION_DAYS after they
 * ended; development outbox rows (phones, codes, mail) after OUTBOX_RETENTION_DAYS; rate-limit counters
 * whose window is long over, staff sign-in throttles and unlock links past their end; phone states past their windows, locks and streaks; code validation's holds past their end; unreferenced files after
 * FILE_ORPHAN_GRACE_HOURS. A later table of short-lived data adds its clean-up here.
 */
export const cleanUp = async (
  db: Database,
  store: FileStore,
  settings: MaintenanceSettings,
  now = new Date(),
) => {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const sessionCutoff = ago(settings.retention.sessionDays * DAY_MS);
  const outboxCutoff = ago(settings.retention.outboxDays * DAY_MS);
  const count = (rows: unknown[]) => rows.length;
  return {
    adminSessions: count(
      await db
        .delete(adminSessions)
        .where(or(lt(adminSessions.expires_at, sessionCutoff), lt(adminSessions.revoked_at, sessionCutoff)))
        .returning({ _id: adminSessions._id }),
    ),
    customerSessions: count(
      await db
        .delete(customerSessions)
        .where(
          or(
            lt(customerSessions.revoked_at, sessionCutoff),
            // Unused for the idle period, a session ended then; it is kept as long as a revoked one.
            lt(
              customerSessions.last_used_at,
              ago(settings.retention.sessionDays * DAY_MS + CUSTOMER_SESSION_IDLE_MS),
            ),
          ),
        )
        .returning({ _id: customerSessions._id }),
    ),
    smsOutbox: count(
      await db
        .delete(smsOutbox)
        .where(lt(smsOutbox.created_at, outboxCutoff))
        .returning({ _id: smsOutbox._id }),
    ),
    mailOutbox: count(
      await db
        .delete(mailOutbox)
        .where(lt(mailOutbox.created_at, outboxCutoff))
        .returning({ _id: mailOutbox._id }),
    ),
    rateLimitCounters: count(
      await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.window_start, ago(COUNTER_KEEP_MS)))
        .returning({ key: rateLimitCounters.key }),
    ),
    smsPhoneStates: count(
      await db
        .delete(smsPhoneStates)
        .where(
          and(
            lt(smsPhoneStates.updated_at, ago(PHONE_STATE_KEEP_MS)),
            // A streak of wrong tries leads to the lock: it is kept a week, so trying a few codes a day stays counted.
            or(eq(smsPhoneStates.failures_in_row, 0), lt(smsPhoneStates.updated_at, ago(STREAK_KEEP_MS))),
            sql`(${smsPhoneStates.locked_until} is null or ${smsPhoneStates.locked_until} < ${now.toISOString()}::timestamptz)`,
            sql`(${smsPhoneStates.code_expires_at} is null or ${smsPhoneStates.code_expires_at} < ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ phone: smsPhoneStates.phone }),
    ),
    // An expired hold holds nothing (the next lookup overwrites it): dropped so the table keeps only live ones.
    couponCodeHolds: count(
      await db
        .delete(couponCodeHolds)
        .where(lt(couponCodeHolds.expires_at, now))
        .returning({ _id: couponCodeHolds.coupon_code_id }),
    ),
    loginThrottles: await deleteOldLoginThrottles(db, now),
    orphanFiles: await removeOrphanFiles(db, store, settings.files.orphanGraceHours * HOUR_MS, now),
  };
};

/** Every night at 04:15 (Europe/Istanbul) one instance runs the clean-ups. */
export const scheduleMaintenance = async (
  jobs: Jobs,
  db: Database,
  store: FileStore,
  settings: MaintenanceSettings,
  logger: Logger,
) => {
  await jobs.work('maintenance.clean-up', async () => {
    logger.info({ removed: await cleanUp(db, store, settings) }, 'maintenance clean-up done');
  });
  await jobs.schedule('maintenance.clean-up', '15 4 * * *', {});
};
