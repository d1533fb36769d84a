import { setTimeout as sleep } from 'node:timers/promises';
import { smsLength } from '@avlu/contracts';
import { and, eq, sql } from 'drizzle-orm';
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
 * 2. A worker claims a batch in one committed statement: `for update skip locked` over the
 *    queued messages, each set to `sending` with the batch's number before the provider is called.
 *    In the same statement consent and the customer's state are read again: a message whose
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
 *
 * A batch costs the database two round trips, the claim and the record, each one statement that
 * also keeps the notification's counts (data-modifying CTEs; no BEGIN/COMMIT around them). Nothing
 * of a batch is kept once it is recorded, and nothing per recipient is ever read into the process
 * outside a batch (the stale and the account-refused messages are counted in SQL).
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

/** A claimed message as the claim answers it: set aside already (skipped, opted out) or sending to `to`. */
type Claimed = {
  _id: string;
  customer_id: string | null;
  attempts: number;
  state: 'sending' | 'skipped' | 'opted_out';
  to: string | null;
  /** Push: the customer's device tokens (json from the claim, a string on some drivers). */
  devices: { token: string; language: string | null }[] | string | null;
};
type Device = { token: string; language: string | null };

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
const PUSH_IN_FLIGHT = 24;

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
  const recoverStale = async (notificationId: string, leaseMs: number) => {
    // One statement: the messages and the notification's count change together, and only the
    // count comes back (not an id per message).
    const [moved] = rowsOf<{ count: number | string }>(
      await db.execute(sql`
        with moved as (
          update ${notificationMessages} set message_state = 'in_doubt', message_error_code = 'WORKER_STOPPED', updated_at = now()
          where notification_id = ${notificationId} and message_state = 'sending'
            and updated_at <= now() - (${leaseMs} * interval '1 millisecond')
          returning 1
        ), counted as (
          update ${notifications} set notification_in_doubt_count = notification_in_doubt_count + (select count(*) from moved)
          where _id = ${notificationId} and exists (select 1 from moved)
          returning 1
        )
        select count(*) as count from moved`),
    );
    const count = Number(moved?.count ?? 0);
    if (count > 0)
      logger?.warn({ notificationId, inDoubt: count }, 'marketing messages in doubt after a stopped worker');
    return count;
  };

  /**
   * Step 3: the outcomes of a batch, each only while its message is still the batch's and sending,
   * and the notification's counts, in one statement (one round trip, atomic without a transaction).
   */
  const record = async (row: NotificationRow, batch: number, outcomes: Outcome[]) => {
    if (outcomes.length === 0) return;
    const column = <K extends keyof Outcome>(key: K) => outcomes.map((outcome) => outcome[key] ?? null);
    await db.execute(sql`
      with changed as (
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
        returning r.state, r.parts
      ), totals as (
        select count(*) filter (where state = 'sent') as sent,
          count(*) filter (where state = 'failed') as failed,
          count(*) filter (where state = 'in_doubt') as in_doubt,
          coalesce(sum(parts) filter (where state = 'sent'), 0) as parts
        from changed
      )
      update ${notifications} set
        notification_sent_count = notification_sent_count + totals.sent,
        notification_failed_count = notification_failed_count + totals.failed,
        notification_in_doubt_count = notification_in_doubt_count + totals.in_doubt,
        notification_parts_count = notification_parts_count + totals.parts
      from totals
      where _id = ${row._id} and totals.sent + totals.failed + totals.in_doubt > 0`);
  };

  /**
   * Step 2: a batch claimed, consent and the customer's state read again, those who may no longer get
   * it set aside and counted, in one statement (one round trip; atomic, so no transaction): the
   * queued messages taken `for update skip locked`, each customer's row (and for push its device
   * tokens) read beside it, each message set to `sending` with the batch's number, or straight to
   * `skipped` / `opted_out` with its reason, by the channel's rules (audience.service.ts).
   */
  const claimStatement = (row: NotificationRow, size: number, batch: number) => {
    const rule = channelRules[row.notification_kind];
    const to =
      rule.address === 'phone'
        ? sql`case when c.customer_phone is not null and left(c.customer_phone, 1) <> '#' then c.customer_phone end`
        : rule.address === 'email'
          ? sql`coalesce(c.customer_email, a.address_email)`
          : sql`case when d.devices is not null then m.customer_id end`;
    const devices =
      rule.address === 'device'
        ? sql`left join lateral (
            select json_agg(json_build_object('token', k.push_token, 'language', k.push_token_language) order by k._id) as devices
            from ${customerPushTokens} k where k.customer_id = m.customer_id) d on true`
        : sql`cross join lateral (select null::json as devices) d`;
    const consent =
      row.notification_is_commercial && rule.consent
        ? rule.consent === 'sms'
          ? sql`coalesce(c.customer_sms_permission, false)`
          : sql`coalesce(c.customer_email_permission, false)`
        : sql`true`;
    const optedOut = rule.optOut
      ? sql`exists (select 1 from ${emailOptOuts} o where o.location_id = ${row.location_id}
          and o.opt_out_email = lower(coalesce(c.customer_email, a.address_email)))`
      : sql`false`;
    return sql`
      with next as (
        select _id from ${notificationMessages}
        where notification_id = ${row._id} and message_state = 'queued'
          and (message_retry_at is null or message_retry_at <= now())
        order by _id limit ${size}
        for update skip locked
      ), facts as (
        select m._id, ${to} as to_address, d.devices,
          case
            when c.customer_deleted_at is not null or (m.customer_id is null and m.external_address_id is null)
              or (m.external_address_id is not null and a._id is null) then 'CUSTOMER_DELETED'
            when ${to} is null then 'NO_ADDRESS'
            -- An external list's address has no consent of its own: the list is the mall's to answer for.
            when m.customer_id is not null and not ${consent} then 'NO_CONSENT'
            when ${optedOut} then 'UNSUBSCRIBED'
          end as code
        from next
        join ${notificationMessages} m on m._id = next._id
        left join ${customers} c on c._id = m.customer_id
        left join ${externalMailAddresses} a on a._id = m.external_address_id
        ${devices}
      ), taken as (
        update ${notificationMessages} m set
          message_state = case when f.code is null then 'sending' when f.code = 'UNSUBSCRIBED' then 'opted_out' else 'skipped' end,
          message_error_code = f.code,
          message_error = null,
          message_batch = ${batch},
          message_attempts = m.message_attempts + 1, message_retry_at = null, updated_at = now()
        from facts f where m._id = f._id
        returning m._id, m.customer_id, m.message_attempts as attempts, m.message_state as state,
          f.to_address as to, f.devices
      ), totals as (
        select count(*) filter (where state = 'skipped') as skipped,
          count(*) filter (where state = 'opted_out') as opted_out
        from taken
      ), counted as (
        update ${notifications} set
          notification_skipped_count = notification_skipped_count + totals.skipped,
          notification_opted_out_count = notification_opted_out_count + totals.opted_out
        from totals
        where _id = ${row._id} and totals.skipped + totals.opted_out > 0
        returning 1
      )
      select _id, customer_id, attempts, state, "to", devices from taken order by _id`;
  };

  const claim = async (row: NotificationRow, size: number) => {
    const batch = newBatchNumber();
    const claimed = rowsOf<Claimed>(await db.execute(claimStatement(row, size, batch)));
    const sendable: {
      _id: string;
      customer_id: string | null;
      attempts: number;
      to: string;
      devices: Device[];
    }[] = [];
    for (const each of claimed) {
      if (each.state !== 'sending' || each.to === null) continue;
      const devices: Device[] =
        typeof each.devices === 'string' ? (JSON.parse(each.devices) as Device[]) : (each.devices ?? []);
      sendable.push({
        _id: each._id,
        customer_id: each.customer_id,
        attempts: each.attempts,
        to: each.to,
        devices,
      });
    }
    return { batch, claimed: claimed.length, sendable };
  };

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
    // One statement, counting in the database: at a million recipients the queued ones' ids would
    // be a million strings in this process.
    db.execute(sql`
      with failed as (
        update ${notificationMessages} set message_state = 'failed', message_error_code = ${code}, message_error = ${words}, updated_at = now()
        where notification_id = ${notificationId} and message_state = 'queued' returning 1
      )
      update ${notifications} set notification_error = ${code},
        notification_failed_count = notification_failed_count + (select count(*) from failed)
      where _id = ${notificationId}`);

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
      await record(row, taken.batch, outcomes);
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
