import { setTimeout as sleep } from 'node:timers/promises';
import { smsLength } from '@avlu/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import { type Database, rowsOf } from '../../platform/db/database';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { channelRules } from './audience.service';
import { emailHtmlOf, mailOf, pushOf, unsubscribeSigner } from './dispatch.content';
import type { ChannelSender, Senders } from './dispatch.senders';
import { newBatchNumber, writeMessages } from './dispatch.service';
import type { BulkSms } from './drivers/netgsm-bulk-sms';
import { ProviderError } from './drivers/provider-error';
import { backoffDelay } from './drivers/throttle';
import { type NotificationRow, notificationMessages, notifications } from './marketing.tables';
import { customerPushTokens } from './marketing-accounts.tables';
import { emailOptOuts, externalMailAddresses } from './marketing-directory.tables';

/**
 * Sending a notification's messages in batches (issue 16 #3). The rule that keeps a message from
 * going twice, even when a worker is killed:
 *
 * 1. The messages are written once (dispatch.service.ts `writeMessages`), all `queued`.
 * 2. A worker claims a batch in its own committed transaction: `for update skip locked` over the
 *    queued messages, each set to `sending` with the batch's number before the provider is called.
 *    In the same transaction consent and the customer's state are read again: a message whose
 *    customer is deleted, has no address (or device) any more, or (a commercial one) revoked the
 *    channel's consent since the notification was scheduled is `skipped`; an address that
 *    unsubscribed is `opted_out`. Two workers never claim the same message.
 * 3. The provider's answer is recorded per message: `sent` (with the provider's job or message id),
 *    `failed` for a permanent refusal, back to `queued` with `message_retry_at` (exponential back-off
 *    with full jitter, at least the provider's Retry-After) for a 429 or 5xx until the attempts run
 *    out, or `in_doubt` when the provider may have taken it without answering (never resent).
 * 4. A worker killed after its claim leaves its batch `sending`. A later worker (a restart, or the
 *    minute job's kick) turns `sending` messages older than the lease (`leaseMs`, longer than any
 *    provider call with its timeout) into `in_doubt`: at most that batch is in doubt, and the queued
 *    messages, never claimed, are sent. Nothing in doubt is sent again; the report counts them.
 * 5. When no message is queued or sending, the notification closes: `sent`, or `error` when the
 *    account was refused or nothing at all could be sent.
 */

export type DispatchOptions = {
  /** A batch `sending` longer than this belongs to a worker that died: it is recorded as in doubt. */
  leaseMs?: number;
  /** Tries of one message in all, before a retryable refusal is recorded as failed. */
  retryAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Claims at most this many messages a batch (the driver's batch size otherwise). */
  batchSize?: number;
  /** Tests: runs after a claim is committed, before the provider is called (a throw = a killed worker). */
  afterClaim?: (batch: number, messageIds: string[]) => void | Promise<void>;
  /** A wait for retries longer than this hands the notification to `later` instead (the job queue). */
  maxInlineWaitMs?: number;
  later?: (notificationId: string, at: Date) => Promise<void>;
};

/** The defaults of every dispatcher, read at each run (tests shorten the back-off). */
export const DISPATCH_DEFAULTS = {
  leaseMs: 10 * 60_000,
  retryAttempts: 5,
  retryBaseMs: 5_000,
  retryMaxMs: 5 * 60_000,
  maxInlineWaitMs: 60_000,
};
type Settings = typeof DISPATCH_DEFAULTS & DispatchOptions;

type Claimed = {
  _id: string;
  customer_id: string | null;
  attempts: number;
  phone: string | null;
  email: string | null;
  external_email: string | null;
  sms_permission: boolean | null;
  email_permission: boolean | null;
  deleted: boolean | null;
  opted_out: boolean | null;
};

type Outcome = {
  id: string;
  state: 'sent' | 'failed' | 'in_doubt' | 'queued' | 'skipped' | 'opted_out';
  code?: string | null;
  error?: string | null;
  jobId?: string | null;
  providerId?: string | null;
  parts?: number | null;
  retryAt?: Date | null;
};

/** Mails of a batch handed to the SMTP driver at once, and pushes (HTTP calls) in flight at once. */
const EMAIL_IN_FLIGHT = 20;
const PUSH_IN_FLIGHT = 32;

/** `work` over the items, at most `limit` at once; the answers in the items' order. */
const inParallel = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) => {
  const answers = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      answers[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return answers;
};

/** The part of an error kept with a message: the provider's code and short words, never a message text. */
const describe = (error: unknown) =>
  error instanceof ProviderError
    ? { code: error.code.slice(0, 64), error: error.message.slice(0, 500) }
    : {
        code: 'UNEXPECTED',
        error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      };

export const createDispatcher = (deps: {
  db: Database;
  config: Config;
  senders: Senders;
  logger?: Logger;
  options?: DispatchOptions;
}) => {
  const { db, config, senders, logger } = deps;

  /** Step 4: `sending` messages older than the lease are in doubt. */
  const recoverStale = async (notificationId: string, leaseMs: number) =>
    db.transaction(async (tx) => {
      const moved = rowsOf<{ _id: string }>(
        await tx.execute(sql`
          update ${notificationMessages} set message_state = 'in_doubt', message_error_code = 'WORKER_STOPPED', updated_at = now()
          where notification_id = ${notificationId} and message_state = 'sending'
            and updated_at <= now() - (${leaseMs} * interval '1 millisecond')
          returning _id`),
      );
      if (moved.length > 0) {
        await tx
          .update(notifications)
          .set({
            notification_in_doubt_count: sql`${notifications.notification_in_doubt_count} + ${moved.length}`,
          })
          .where(eq(notifications._id, notificationId));
        logger?.warn(
          { notificationId, inDoubt: moved.length },
          'marketing messages in doubt after a stopped worker',
        );
      }
      return moved.length;
    });

  /** Step 3: the outcomes of a batch, each only while its message is still the batch's and sending. */
  const record = async (tx: Database, row: NotificationRow, batch: number, outcomes: Outcome[]) => {
    if (outcomes.length === 0) return;
    const column = <K extends keyof Outcome>(key: K) => outcomes.map((outcome) => outcome[key] ?? null);
    const changed = rowsOf<{ state: Outcome['state']; parts: number | null }>(
      await tx.execute(sql`
        update ${notificationMessages} m set
          message_state = r.state,
          message_error_code = r.code,
          message_error = r.error,
          message_provider_job_id = coalesce(r.job, m.message_provider_job_id),
          message_provider_message_id = coalesce(r.pid, m.message_provider_message_id),
          message_parts = coalesce(r.parts, m.message_parts),
          message_sent_at = case when r.state = 'sent' then now() else m.message_sent_at end,
          message_retry_at = r.retry_at,
          message_batch = case when r.state = 'queued' then null else m.message_batch end,
          updated_at = now()
        from unnest(
          ${sql.param(column('id'))}::varchar[], ${sql.param(column('state'))}::varchar[],
          ${sql.param(column('code'))}::varchar[], ${sql.param(column('error'))}::text[],
          ${sql.param(column('jobId'))}::varchar[], ${sql.param(column('providerId'))}::varchar[],
          ${sql.param(column('parts'))}::int[],
          ${sql.param(outcomes.map((outcome) => outcome.retryAt?.toISOString() ?? null))}::timestamptz[]
        ) as r(id, state, code, error, job, pid, parts, retry_at)
        where m._id = r.id and m.notification_id = ${row._id} and m.message_batch = ${batch} and m.message_state = 'sending'
        returning r.state, r.parts`),
    );
    const count = (state: Outcome['state']) => changed.filter((each) => each.state === state).length;
    const parts = changed.reduce(
      (sum, each) => sum + (each.state === 'sent' ? Number(each.parts ?? 0) : 0),
      0,
    );
    await tx
      .update(notifications)
      .set({
        notification_sent_count: sql`${notifications.notification_sent_count} + ${count('sent')}`,
        notification_failed_count: sql`${notifications.notification_failed_count} + ${count('failed')}`,
        notification_in_doubt_count: sql`${notifications.notification_in_doubt_count} + ${count('in_doubt')}`,
        notification_skipped_count: sql`${notifications.notification_skipped_count} + ${count('skipped')}`,
        notification_opted_out_count: sql`${notifications.notification_opted_out_count} + ${count('opted_out')}`,
        notification_parts_count: sql`${notifications.notification_parts_count} + ${parts}`,
      })
      .where(eq(notifications._id, row._id));
  };

  /** Step 2: a batch claimed, and those who may no longer get it set aside in the same transaction. */
  const claim = (row: NotificationRow, size: number) =>
    db.transaction(async (tx) => {
      const batch = newBatchNumber();
      const claimed = rowsOf<Claimed>(
        await tx.execute(sql`
          with next as (
            select _id from ${notificationMessages}
            where notification_id = ${row._id} and message_state = 'queued'
              and (message_retry_at is null or message_retry_at <= now())
            order by _id limit ${size}
            for update skip locked
          ), taken as (
            update ${notificationMessages} m set message_state = 'sending', message_batch = ${batch},
              message_attempts = m.message_attempts + 1, message_retry_at = null, updated_at = now()
            from next where m._id = next._id
            returning m._id, m.customer_id, m.external_address_id, m.message_attempts
          )
          select t._id, t.customer_id, t.message_attempts as attempts,
            c.customer_phone as phone, c.customer_email as email, a.address_email as external_email,
            c.customer_sms_permission as sms_permission, c.customer_email_permission as email_permission,
            (c.customer_deleted_at is not null or (t.customer_id is null and t.external_address_id is null)
              or (t.external_address_id is not null and a._id is null)) as deleted,
            exists (select 1 from ${emailOptOuts} o where o.location_id = ${row.location_id}
              and o.opt_out_email = lower(coalesce(c.customer_email, a.address_email))) as opted_out
          from taken t
          left join ${customers} c on c._id = t.customer_id
          left join ${externalMailAddresses} a on a._id = t.external_address_id
          order by t._id`),
      );
      const tokens =
        row.notification_kind === 'push' && claimed.length > 0
          ? await tx
              .select({
                customer_id: customerPushTokens.customer_id,
                token: customerPushTokens.push_token,
                language: customerPushTokens.push_token_language,
              })
              .from(customerPushTokens)
              .where(
                inArray(
                  customerPushTokens.customer_id,
                  claimed.flatMap((each) => (each.customer_id ? [each.customer_id] : [])),
                ),
              )
          : [];
      const tokensOf = new Map<string, { token: string; language: string | null }[]>();
      for (const token of tokens) {
        const list = tokensOf.get(token.customer_id) ?? [];
        list.push({ token: token.token, language: token.language });
        tokensOf.set(token.customer_id, list);
      }
      const setAside: Outcome[] = [];
      const sendable: (Claimed & { to: string; devices: { token: string; language: string | null }[] })[] =
        [];
      // The channel's rules (audience.service.ts), read again for each message of the batch.
      const rule = channelRules[row.notification_kind];
      const consented = (each: Claimed) =>
        rule.consent === null || (rule.consent === 'sms' ? each.sms_permission : each.email_permission);
      for (const each of claimed) {
        const devices =
          rule.address === 'device' && each.customer_id ? (tokensOf.get(each.customer_id) ?? []) : [];
        const to =
          rule.address === 'phone'
            ? each.phone && !each.phone.startsWith('#')
              ? each.phone
              : null
            : rule.address === 'email'
              ? (each.email ?? each.external_email)
              : devices.length > 0
                ? each.customer_id
                : null;
        const skip = (code: string) => setAside.push({ id: each._id, state: 'skipped', code });
        if (each.deleted) skip('CUSTOMER_DELETED');
        else if (!to) skip('NO_ADDRESS');
        // An external list's address has no consent of its own: the list is the mall's to answer for.
        else if (row.notification_is_commercial && each.customer_id && !consented(each)) skip('NO_CONSENT');
        else if (rule.optOut && each.opted_out)
          setAside.push({ id: each._id, state: 'opted_out', code: 'UNSUBSCRIBED' });
        else sendable.push({ ...each, to, devices });
      }
      await record(tx, row, batch, setAside);
      return { batch, claimed: claimed.length, sendable };
    });

  type Sendable = Awaited<ReturnType<typeof claim>>['sendable'][number];

  /** The outcome of a failure for one message: in doubt, refused for good, or queued again after a back-off. */
  const failureOutcome = (settings: Settings, message: Sendable, error: unknown): Outcome => {
    const { code, error: words } = describe(error);
    // Refused by the driver before anything left (a malformed mail, a batch of the wrong size).
    if (error instanceof TypeError || error instanceof RangeError)
      return { id: message._id, state: 'failed', code: 'INVALID_MESSAGE', error: words };
    if (!(error instanceof ProviderError) || error.inDoubt)
      return { id: message._id, state: 'in_doubt', code, error: words };
    if (error.retryable && error.scope !== 'account' && message.attempts < settings.retryAttempts) {
      const delay = backoffDelay(message.attempts, {
        baseDelayMs: settings.retryBaseMs,
        maxDelayMs: settings.retryMaxMs,
        retryAfterMs: error.retryAfterMs,
      });
      return { id: message._id, state: 'queued', code, error: words, retryAt: new Date(Date.now() + delay) };
    }
    return { id: message._id, state: 'failed', code, error: words };
  };

  /** What the sender made of a batch; `accountRefused` stops the notification. */
  const send = async (
    settings: Settings,
    sender: ChannelSender,
    row: NotificationRow,
    sendable: Sendable[],
    content: { html?: string; unsubscribe?: (id: string) => string; logo?: { url: string; alt: string } },
  ): Promise<{ outcomes: Outcome[]; accountRefused?: ProviderError }> => {
    if (sendable.length === 0) return { outcomes: [] };
    if (sender.channel === 'sms') {
      const text = row.sms_notification_text ?? '';
      const parts = smsLength(text).parts;
      const messages = sendable.map((message): BulkSms => ({ to: message.to, text }));
      const idOf = new Map(messages.map((message, index) => [message, sendable[index]!._id]));
      try {
        const receipt = await sender.sms.sendBatch(
          messages,
          row.notification_is_commercial
            ? { kind: 'commercial', recipients: 'individual' }
            : { kind: 'informational' },
        );
        const refused = new Map(receipt.refused.map((each) => [idOf.get(each.message)!, each.code]));
        return {
          outcomes: sendable.map((message) =>
            refused.has(message._id)
              ? { id: message._id, state: 'failed', code: refused.get(message._id)! }
              : { id: message._id, state: 'sent', jobId: receipt.jobId ?? null, parts },
          ),
        };
      } catch (error) {
        const outcomes = sendable.map((message) => failureOutcome(settings, message, error));
        return {
          outcomes,
          ...(error instanceof ProviderError &&
            error.scope === 'account' &&
            !error.inDoubt && { accountRefused: error }),
        };
      }
    }
    if (sender.channel === 'email') {
      let accountRefused: ProviderError | undefined;
      // The whole batch at once: the driver's pool queues them on its connections.
      const outcomes = await inParallel(sendable, EMAIL_IN_FLIGHT, async (message): Promise<Outcome> => {
        try {
          const sent = await sender.mail.send(
            mailOf(row, content.html ?? '', message.to, {
              ...(row.notification_is_commercial &&
                content.unsubscribe && { unsubscribeUrl: content.unsubscribe(message._id) }),
              ...(content.logo && { logo: content.logo }),
            }),
          );
          return { id: message._id, state: 'sent', providerId: sent.messageId.slice(0, 200) };
        } catch (error) {
          if (error instanceof ProviderError && error.scope === 'account') accountRefused = error;
          return failureOutcome(settings, message, error);
        }
      });
      return { outcomes, ...(accountRefused && { accountRefused }) };
    }
    let accountRefused: ProviderError | undefined;
    // A push is one HTTP call per device: PUSH_IN_FLIGHT calls at once on the driver's kept connections.
    const outcomes = await inParallel(sendable, PUSH_IN_FLIGHT, async (message): Promise<Outcome> => {
      let sent: string | undefined;
      let failure: unknown;
      for (const device of message.devices) {
        try {
          sent ??= (await sender.push.send(pushOf(row, device.token, device.language))).messageId;
        } catch (error) {
          failure = error;
          if (error instanceof ProviderError && error.removeToken)
            await db
              .delete(customerPushTokens)
              .where(
                and(
                  eq(customerPushTokens.customer_id, message.customer_id!),
                  eq(customerPushTokens.push_token, device.token),
                ),
              );
          if (error instanceof ProviderError && error.scope === 'account') accountRefused = error;
        }
      }
      return sent
        ? { id: message._id, state: 'sent', providerId: sent.slice(0, 200) }
        : failureOutcome(settings, message, failure);
    });
    return { outcomes, ...(accountRefused && { accountRefused }) };
  };

  /** Every queued message failed with the account's refusal, and the notification marked in error. */
  const failRemaining = (notificationId: string, code: string, words: string) =>
    db.transaction(async (tx) => {
      const failed = rowsOf<{ _id: string }>(
        await tx.execute(sql`
          update ${notificationMessages} set message_state = 'failed', message_error_code = ${code}, message_error = ${words}, updated_at = now()
          where notification_id = ${notificationId} and message_state = 'queued' returning _id`),
      );
      await tx
        .update(notifications)
        .set({
          notification_error: code,
          notification_failed_count: sql`${notifications.notification_failed_count} + ${failed.length}`,
        })
        .where(eq(notifications._id, notificationId));
    });

  /** Step 5: sent or error once nothing is queued or sending. */
  const closeIfDone = async (notificationId: string) => {
    const closed = rowsOf<{ state: string }>(
      await db.execute(sql`
        update ${notifications} set
          notification_state = case
            when notification_error is not null
              or (notification_sent_count = 0 and notification_failed_count + notification_in_doubt_count > 0) then 'error'
            else 'sent' end,
          notification_error = case
            when notification_error is null and notification_sent_count = 0
              and notification_failed_count + notification_in_doubt_count > 0 then 'NOTHING_SENT'
            else notification_error end,
          notification_send_finished_at = now(), updated_at = now()
        where _id = ${notificationId} and notification_state = 'send_in_progress'
          and notification_recipients_written_at is not null
          and not exists (select 1 from ${notificationMessages}
            where notification_id = ${notificationId} and message_state in ('queued', 'sending'))
        returning notification_state as state`),
    );
    return closed[0]?.state;
  };

  const contentOf = async (row: NotificationRow) => {
    if (row.notification_kind !== 'email') return {};
    const signer = await unsubscribeSigner(db, config);
    const [location] = await db
      .select({ name: locations.location_name, logo: locations.logo_thumbnail })
      .from(locations)
      .where(eq(locations._id, row.location_id));
    const logo = location?.logo
      ? location.logo.startsWith('/')
        ? `${config.publicUrl.replace(/\/+$/, '')}${location.logo}`
        : location.logo
      : undefined;
    return {
      html: await emailHtmlOf(db, config, row),
      unsubscribe: signer.url,
      ...(logo?.startsWith('https://') && { logo: { url: logo, alt: location!.name } }),
    };
  };

  /**
   * Sends a notification in progress until nothing is left to claim (or hands a long retry wait to
   * `later`), then closes it. Safe to run several times at once, here or on other processes.
   */
  const run = async (notificationId: string, options: DispatchOptions = {}): Promise<string | undefined> => {
    const own: Settings = { ...DISPATCH_DEFAULTS, ...deps.options, ...options };
    const row = await writeMessages(db, notificationId);
    if (row?.notification_state !== 'send_in_progress') return row?.notification_state;
    await recoverStale(notificationId, own.leaseMs);
    const sender = await senders.senderFor(db, row.location_id, row.notification_kind);
    if (!sender) {
      await failRemaining(notificationId, 'NOTIFICATION_NO_PROVIDER', 'no sending account');
      return closeIfDone(notificationId);
    }
    // Which account sent it (null: the server's own gateway or SMTP), kept with the notification.
    if (row.notification_account_id !== sender.accountId)
      await db
        .update(notifications)
        .set({ notification_account_id: sender.accountId })
        .where(eq(notifications._id, notificationId));
    const content = await contentOf(row);
    const size = Math.min(own.batchSize ?? sender.batchSize, sender.batchSize);
    for (;;) {
      const taken = await claim(row, size);
      if (taken.claimed === 0) {
        const [next] = rowsOf<{ at: string | Date | null }>(
          await db.execute(sql`
            select min(message_retry_at) as at from ${notificationMessages}
            where notification_id = ${notificationId} and message_state = 'queued'`),
        );
        if (!next?.at) break;
        const wait = new Date(next.at).getTime() - Date.now();
        if (wait > own.maxInlineWaitMs && own.later) {
          await own.later(notificationId, new Date(next.at));
          return 'send_in_progress';
        }
        await sleep(Math.max(wait, 10));
        continue;
      }
      await own.afterClaim?.(
        taken.batch,
        taken.sendable.map((message) => message._id),
      );
      const { outcomes, accountRefused } = await send(own, sender, row, taken.sendable, content);
      await db.transaction((tx) => record(tx, row, taken.batch, outcomes));
      if (accountRefused) {
        logger?.error(
          { notificationId, code: accountRefused.code },
          'marketing account refused; the send stops',
        );
        await failRemaining(
          notificationId,
          accountRefused.code.slice(0, 64),
          accountRefused.message.slice(0, 500),
        );
        break;
      }
    }
    return closeIfDone(notificationId);
  };

  return { run, recoverStale, closeIfDone };
};
export type Dispatcher = ReturnType<typeof createDispatcher>;
