import { randomInt } from 'node:crypto';
import type { NotificationKind, NotificationState, SendAnswer } from '@avlu/contracts';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { segmentFactsOf } from '../customers/customers.service';
import { customerFacts } from '../customers/customers.tables';
import { type Mall, mallToday } from '../customers/mall-date';
import { locations } from '../locations/locations.tables';
import type { Acting } from '../users/acting';
import { audienceCondition, potentials } from './audience.service';
import type { Senders } from './dispatch.senders';
import { type NotificationRow, notificationMessages, notifications } from './marketing.tables';
import { emailOptOuts, externalMailAddresses } from './marketing-directory.tables';
import { audienceOf, notificationOfMall } from './notifications.service';

/**
 * Sending a notification (issue 16 #1, #3): the send request and its approval, the scheduler, and
 * writing one message row per recipient. The batches are sent by dispatch.worker.ts.
 *
 * States: `PUT …/send` (or the scheduler at the moment) takes a created or scheduled notification to
 * send in progress, or to waiting for approval when its potential now is over the mall's
 * `location_marketing_approval_threshold`; `PUT …/approve` by another user (neither its creator nor
 * whoever asked for the send) holding the kind's subject and the marketing root's takes it on to send
 * in progress. The worker closes it as sent, or error.
 */

export type Kick = (notificationId: string) => Promise<void>;

const answerOf = (row: NotificationRow, potential: number, threshold: number | null): SendAnswer => ({
  _id: row._id,
  state: row.notification_state,
  potential,
  approval_threshold: threshold,
});

const thresholdOf = async (db: Database, locationId: string) => {
  const [row] = await db
    .select({ threshold: locations.marketing_approval_threshold })
    .from(locations)
    .where(eq(locations._id, locationId));
  return row?.threshold ?? null;
};

/**
 * A commercial SMS is checked against İYS under the mall's brand: its send's audit entry records the
 * brand code it went under (null: none set), the evidence of which register was asked.
 */
const iysBrandOf = async (tx: Database, locationId: string, row: NotificationRow) => {
  if (row.notification_kind !== 'sms' || !row.notification_is_commercial) return {};
  const [location] = await tx
    .select({ code: locations.marketing_iys_brand_code })
    .from(locations)
    .where(eq(locations._id, locationId));
  return { iys_brand_code: location?.code ?? null };
};

/**
 * Moves a locked notification on from created or scheduled: to waiting for approval when its
 * potential is over the threshold and nobody approved it, else to send in progress.
 */
const startOrWait = async (
  tx: Database,
  mall: Mall,
  row: NotificationRow,
  requestedBy: string | null,
  now: Date,
) => {
  const [potential] = await potentials(tx, mall, [audienceOf(row)]);
  const threshold = await thresholdOf(tx, mall._id);
  const waits = threshold !== null && potential! > threshold;
  const state: NotificationState = waits ? 'waiting_for_approval' : 'send_in_progress';
  const [updated] = await tx
    .update(notifications)
    .set({
      notification_state: state,
      notification_sent_by: requestedBy,
      notification_send_requested_at: now,
      notification_approved_by: null,
      notification_approved_at: null,
      ...(waits ? {} : { notification_send_started_at: now }),
    })
    .where(eq(notifications._id, row._id))
    .returning();
  return { row: updated!, potential: potential!, threshold };
};

const auditSend = (
  tx: Database,
  actor: Acting | undefined,
  action: string,
  row: NotificationRow,
  details = {},
) =>
  audit(tx, actor, {
    action: `notification.${action}`,
    entity: 'notification',
    entityId: row._id,
    locationId: row.location_id,
    details: { kind: row.notification_kind, state: row.notification_state, ...details },
  });

/**
 * PUT /marketing/{kind}-notifications/{id}/send (after the screen's confirmation): 409 unless created
 * or scheduled (a scheduled one is sent now), 409 `NOTIFICATION_NO_PROVIDER` when the mall cannot send
 * on the channel; then send in progress (the worker is kicked) or waiting for approval.
 */
export const requestSend = async (
  db: Database,
  senders: Senders,
  kick: Kick,
  mall: Mall,
  kind: NotificationKind,
  id: string,
  actor: Acting,
  now = new Date(),
): Promise<SendAnswer> => {
  const answer = await db.transaction(async (tx) => {
    const row = await notificationOfMall(tx, mall._id, kind, id, { lock: true });
    if (row.notification_state !== 'created' && row.notification_state !== 'scheduled')
      throw new AppError('NOTIFICATION_NOT_SENDABLE', 409);
    await senders.assertConfigured(tx, mall._id, kind);
    const started = await startOrWait(tx, mall, row, actor.staff._id, now);
    await auditSend(tx, actor, 'send_requested', started.row, {
      potential: started.potential,
      ...(await iysBrandOf(tx, mall._id, row)),
    });
    return answerOf(started.row, started.potential, started.threshold);
  });
  if (answer.state === 'send_in_progress') await kick(answer._id);
  return answer;
};

/**
 * PUT /marketing/{kind}-notifications/{id}/approve: a notification waiting for approval goes to send
 * in progress. 409 unless it waits; 403 `NOTIFICATION_OWN_APPROVAL` for its creator or whoever asked
 * for the send, since the approval is a second pair of eyes.
 */
export const approveSend = async (
  db: Database,
  senders: Senders,
  kick: Kick,
  mall: Mall,
  kind: NotificationKind,
  id: string,
  actor: Acting,
  now = new Date(),
): Promise<SendAnswer> => {
  const answer = await db.transaction(async (tx) => {
    const row = await notificationOfMall(tx, mall._id, kind, id, { lock: true });
    if (row.notification_state !== 'waiting_for_approval')
      throw new AppError('NOTIFICATION_NOT_WAITING_FOR_APPROVAL', 409);
    if (actor.staff._id === row.notification_created_by || actor.staff._id === row.notification_sent_by)
      throw new AppError('NOTIFICATION_OWN_APPROVAL', 403);
    await senders.assertConfigured(tx, mall._id, kind);
    const [updated] = await tx
      .update(notifications)
      .set({
        notification_state: 'send_in_progress',
        notification_approved_by: actor.staff._id,
        notification_approved_at: now,
        notification_send_started_at: now,
      })
      .where(eq(notifications._id, row._id))
      .returning();
    const [potential] = await potentials(tx, mall, [audienceOf(updated!)]);
    await auditSend(tx, actor, 'approved', updated!, { potential });
    return answerOf(updated!, potential!, await thresholdOf(tx, mall._id));
  });
  await kick(answer._id);
  return answer;
};

/** Approving (and withdrawing someone else's send) is the marketing module's own (spec §6 `modules:marketing:marketing`). */
export const APPROVAL_SUBJECT = 'modules:marketing:marketing';

/**
 * PUT /marketing/{kind}-notifications/{id}/withdraw: a notification waiting for approval is taken back
 * to created (its schedule, request and approval cleared) so that it can be edited and sent again. By
 * its author (its creator or whoever asked for the send) or a user with the approval permission, who
 * may refuse a send this way; 409 unless it waits, 403 `NOTIFICATION_WITHDRAW_DENIED` for anyone
 * else. Audited as `notification.withdrawn` with the state it left.
 */
export const withdrawSend = async (
  db: Database,
  mall: Mall,
  kind: NotificationKind,
  id: string,
  actor: Acting,
): Promise<SendAnswer> =>
  db.transaction(async (tx) => {
    const row = await notificationOfMall(tx, mall._id, kind, id, { lock: true });
    if (row.notification_state !== 'waiting_for_approval')
      throw new AppError('NOTIFICATION_NOT_WAITING_FOR_APPROVAL', 409);
    const author =
      actor.staff._id === row.notification_created_by || actor.staff._id === row.notification_sent_by;
    if (!author && !actor.staff.subjects.has(APPROVAL_SUBJECT))
      throw new AppError('NOTIFICATION_WITHDRAW_DENIED', 403);
    const [updated] = await tx
      .update(notifications)
      .set({
        notification_state: 'created',
        notification_scheduled_for: null,
        notification_sent_by: null,
        notification_send_requested_at: null,
        notification_approved_by: null,
        notification_approved_at: null,
        notification_updated_by: actor.staff._id,
      })
      .where(eq(notifications._id, row._id))
      .returning();
    await auditSend(tx, actor, 'withdrawn', updated!, {
      from: row.notification_state,
      requested_by: row.notification_sent_by,
      scheduled_for: row.notification_scheduled_for?.toISOString() ?? null,
    });
    const [potential] = await potentials(tx, mall, [audienceOf(updated!)]);
    return answerOf(updated!, potential!, await thresholdOf(tx, mall._id));
  });

/**
 * The scheduler (every minute): each scheduled notification whose moment has come goes on as if its
 * last editor had asked for the send (to approval when over the threshold); one the mall cannot send
 * goes to error with the reason. Rows are taken with `skip locked`, so two instances share them.
 */
export const startDueNotifications = async (
  db: Database,
  senders: Senders,
  kick: Kick,
  now = new Date(),
): Promise<number> => {
  const started: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.notification_state, 'scheduled'),
            sql`${notifications.notification_scheduled_for} <= ${now}`,
          ),
        )
        .orderBy(notifications.notification_scheduled_for)
        .limit(20)
        .for('update', { skipLocked: true });
      for (const row of due) {
        const [location] = await tx
          .select({ timezone: locations.timezone })
          .from(locations)
          .where(eq(locations._id, row.location_id));
        const mall: Mall = { _id: row.location_id, location_meta: { timezone: location!.timezone } };
        const requestedBy = row.notification_updated_by ?? row.notification_created_by;
        try {
          await senders.assertConfigured(tx, row.location_id, row.notification_kind);
        } catch {
          const [failed] = await tx
            .update(notifications)
            .set({ notification_state: 'error', notification_error: 'NOTIFICATION_NO_PROVIDER' })
            .where(eq(notifications._id, row._id))
            .returning();
          await auditSend(tx, undefined, 'send_failed', failed!, { error: 'NOTIFICATION_NO_PROVIDER' });
          continue;
        }
        const next = await startOrWait(tx, mall, row, requestedBy, now);
        await auditSend(tx, undefined, 'schedule_reached', next.row, { potential: next.potential });
        if (next.row.notification_state === 'send_in_progress') started.push(row._id);
      }
      return due.length;
    });
    if (batch < 20) break;
  }
  for (const id of started) await kick(id);
  return started.length;
};

/**
 * Writes the notification's messages once, in set-based SQL (no recipient passes through Node): the
 * customers of its audience who would get it now (the `_potential`'s condition: in the segment or the
 * ids, the channel's consent for a commercial message, reachable, not deleted), or an external list's
 * addresses that have not opted out, each `insert … select … on conflict do nothing` under the
 * message's unique key, so a second write (a retried job, two workers) adds nothing and each
 * recipient has one message. Done under the notification's lock; `notification_recipients_written_at`
 * says it is done.
 *
 * A message's id is the notification's own prefix (16 hex of its md5) and the recipient's number in
 * the customer's (or address's) id order: batches are claimed in id order, so a batch's messages
 * and customers lie together on disk rather than one page each (at a million recipients, the
 * difference between reading a batch from memory and from all over the tables). Another
 * notification's ids cannot be the same but for a 64-bit prefix collision, which the primary key
 * refuses loudly (the conflict clause names only the recipient's key).
 */
const messageId = (notificationId: string, recipient: SQL | AnyColumn) =>
  sql`substr(md5(${notificationId}), 1, 16) || lpad(to_hex(row_number() over (order by ${recipient})), 8, '0')`;

export const writeMessages = async (db: Database, notificationId: string) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(eq(notifications._id, notificationId))
      .for('update');
    if (row?.notification_state !== 'send_in_progress' || row.notification_recipients_written_at) return row;
    const [location] = await tx
      .select({ timezone: locations.timezone })
      .from(locations)
      .where(eq(locations._id, row.location_id));
    const today = mallToday({ _id: row.location_id, location_meta: { timezone: location!.timezone } });
    const audience = audienceOf(row);
    if (audience.externalListId)
      await tx.execute(sql`
        insert into ${notificationMessages} (_id, location_id, notification_id, external_address_id, message_is_commercial)
        select ${messageId(row._id, sql`a._id`)}, ${row.location_id}, ${row._id}, a._id, ${row.notification_is_commercial}
        from ${externalMailAddresses} a
        where a.external_mail_list_id = ${audience.externalListId}
          and not exists (
            select 1 from ${emailOptOuts} o where o.location_id = ${row.location_id} and o.opt_out_email = a.address_email)
        on conflict (notification_id, external_address_id) where external_address_id is not null do nothing`);
    else
      await tx.execute(sql`
        insert into ${notificationMessages} (_id, location_id, notification_id, customer_id, message_is_commercial)
        select ${messageId(row._id, customerFacts.customer_id)}, ${row.location_id}, ${row._id},
          ${customerFacts.customer_id}, ${row.notification_is_commercial}
        from ${customerFacts}
        where ${and(segmentFactsOf(row.location_id, undefined, today), audienceCondition(audience, today))}
        on conflict (notification_id, customer_id) where customer_id is not null do nothing`);
    const [updated] = await tx
      .update(notifications)
      .set({
        notification_recipients_written_at: new Date(),
        notification_recipient_count: sql`(select count(*) from ${notificationMessages} where ${notificationMessages.notification_id} = ${row._id})::int`,
      })
      .where(eq(notifications._id, row._id))
      .returning();
    return updated;
  });

/** A batch's number: random, so that two workers never share one (at most 2^31 per notification). */
export const newBatchNumber = () => randomInt(1, 2 ** 31 - 1);
