import {
  type Language,
  type MessageState,
  messageStateLabels,
  type NotificationKind,
  type NotificationReport,
  type NotificationReportQuery,
} from '@avlu/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { type Database, rowsOf } from '../../platform/db/database';
import { type ExportColumn, sendExport } from '../../platform/excel/xlsx-export';
import type { Mall } from '../customers/mall-date';
import type { Senders } from './dispatch.senders';
import type { SmsDeliveryReport } from './drivers/netgsm-bulk-sms';
import { type NotificationRow, notificationMessages, notifications } from './marketing.tables';
import { iso, notificationOfMall } from './notifications.service';

/** Who a message went to, as shown: the phone (SMS), the address (email), the customer's name (push). */
const recipientOf = (kind: NotificationKind) =>
  kind === 'sms'
    ? sql<string | null>`case when c.customer_phone like '#%' then null else c.customer_phone end`
    : kind === 'email'
      ? sql<string | null>`coalesce(c.customer_email, a.address_email)`
      : sql<
          string | null
        >`nullif(trim(coalesce(c.customer_name, '') || ' ' || coalesce(c.customer_surname, '')), '')`;

type MessageRow = {
  _id: string;
  customer_id: string | null;
  recipient: string | null;
  message_state: MessageState;
  message_is_commercial: boolean;
  message_parts: number | null;
  message_error_code: string | null;
  message_sent_at: string | Date | null;
  message_delivered_at: string | Date | null;
};

const messagesOf = (
  row: NotificationRow,
  where: ReturnType<typeof sql>,
  limit: number,
  after?: string,
) => sql`
  select m._id, m.customer_id, ${recipientOf(row.notification_kind)} as recipient, m.message_state,
    m.message_is_commercial, m.message_parts, m.message_error_code, m.message_sent_at, m.message_delivered_at
  from ${notificationMessages} m
  left join customers c on c._id = m.customer_id
  left join external_mail_addresses a on a._id = m.external_address_id
  where m.notification_id = ${row._id} ${where} ${after ? sql`and m._id > ${after}` : sql``}
  order by m._id limit ${limit}`;

/**
 * GET /marketing/{kind}-notifications/{id}/report: the counts (recipients written, sent = handed to
 * the provider, delivered, failed, opted out, skipped for no consent, in doubt, still queued, SMS
 * parts) and one page of the messages with their states, by a state when asked. The counts by state
 * are one grouped read of the notification's messages (their report index).
 */
export const notificationReport = async (
  db: Database,
  mall: Mall,
  kind: NotificationKind,
  id: string,
  query: NotificationReportQuery,
): Promise<NotificationReport> => {
  const row = await notificationOfMall(db, mall._id, kind, id);
  const counts = rowsOf<{ state: MessageState; count: number | string }>(
    await db.execute(sql`
      select message_state as state, count(*) as count from ${notificationMessages}
      where notification_id = ${row._id} group by message_state`),
  );
  const byState = Object.fromEntries(counts.map((each) => [each.state, Number(each.count)])) as Record<
    string,
    number
  >;
  const of = (state: MessageState) => byState[state] ?? 0;
  const stateWhere = query.state ? sql`and m.message_state = ${query.state}` : sql``;
  const total = query.state ? of(query.state) : counts.reduce((sum, each) => sum + Number(each.count), 0);
  const offset = (query.currentPage - 1) * query.limit;
  const page = rowsOf<MessageRow>(
    await db.execute(sql`${messagesOf(row, stateWhere, query.limit)} offset ${offset}`),
  );
  return {
    _id: row._id,
    state: row.notification_state,
    send_started_at: iso(row.notification_send_started_at),
    send_finished_at: iso(row.notification_send_finished_at),
    report_fetched_at: iso(row.notification_report_fetched_at),
    recipients: row.notification_recipient_count,
    sent: row.notification_sent_count,
    delivered: of('delivered'),
    failed: of('failed'),
    opted_out: of('opted_out'),
    skipped_no_consent: of('skipped'),
    in_doubt: of('in_doubt'),
    queued: of('queued') + of('sending'),
    sms_parts: row.notification_parts_count,
    by_state: byState,
    messages: {
      data: page.map((message) => ({
        ...message,
        message_parts: message.message_parts === null ? null : Number(message.message_parts),
        message_sent_at: iso(message.message_sent_at),
        message_delivered_at: iso(message.message_delivered_at),
      })),
      pagination: {
        total,
        limit: query.limit,
        currentPage: query.currentPage,
        totalPages: Math.ceil(total / query.limit),
      },
    },
  };
};

const header = (tr: string, en: string) => ({ tr, en });
const stateLabels = {
  tr: Object.fromEntries(Object.entries(messageStateLabels).map(([key, words]) => [key, words.tr])),
  en: Object.fromEntries(Object.entries(messageStateLabels).map(([key, words]) => [key, words.en])),
};

/** GET …/{id}/report/export: every message of the notification as an xlsx, in keyset pages of 5,000. */
export const exportNotificationReport = async (
  db: Database,
  mall: Mall,
  kind: NotificationKind,
  id: string,
  lang: Language,
  reply: FastifyReply,
) => {
  const row = await notificationOfMall(db, mall._id, kind, id);
  async function* rows() {
    let after: string | undefined;
    for (;;) {
      const page = rowsOf<MessageRow>(await db.execute(messagesOf(row, sql``, 5_000, after)));
      yield* page;
      if (page.length < 5_000) return;
      after = page.at(-1)!._id;
    }
  }
  const columns: ExportColumn<MessageRow>[] = [
    {
      header:
        kind === 'sms'
          ? header('Telefon', 'Phone')
          : kind === 'email'
            ? header('E-posta', 'Email')
            : header('Müşteri', 'Customer'),
      kind: kind === 'sms' ? 'phone' : 'text',
      value: (message) => message.recipient,
      width: 28,
    },
    {
      header: header('Durum', 'State'),
      kind: 'enum',
      value: (message) => message.message_state,
      labels: stateLabels,
      width: 20,
    },
    {
      header: header('Ticari', 'Commercial'),
      kind: 'boolean',
      value: (message) => message.message_is_commercial,
      width: 10,
    },
    ...(kind === 'sms'
      ? [
          {
            header: header('SMS parçası', 'SMS parts'),
            kind: 'number' as const,
            value: (message: MessageRow) =>
              message.message_parts === null ? null : Number(message.message_parts),
            width: 12,
          },
        ]
      : []),
    {
      header: header('Hata kodu', 'Error code'),
      kind: 'text',
      value: (message) => message.message_error_code,
      width: 20,
    },
    {
      header: header('Gönderim', 'Sent at'),
      kind: 'datetime',
      value: (message) => (message.message_sent_at ? new Date(message.message_sent_at) : null),
      width: 18,
    },
    {
      header: header('İletim', 'Delivered at'),
      kind: 'datetime',
      value: (message) => (message.message_delivered_at ? new Date(message.message_delivered_at) : null),
      width: 18,
    },
  ];
  return sendExport(reply, {
    filename: lang === 'en' ? `notification-report-${row._id}.xlsx` : `bildirim-raporu-${row._id}.xlsx`,
    sheetName: header('Rapor', 'Report'),
    lang,
    timezone: mall.location_meta.timezone,
    columns,
    rows: rows(),
  });
};

/** The moment NetGSM wrote (dd.MM.yyyy HH:mm:ss, Turkey's time, UTC+3 all year). */
const netgsmMoment = (text: string | undefined) => {
  const match = text && /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, day, month, year, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour! - 3, minute!, second!));
};

/**
 * The delivery report job (§9: within 15 minutes of sending, then hourly for 3 days): each SMS
 * notification that finished sending in the last 3 days and was not read in the last hour (or never)
 * has its NetGSM jobs' reports read; a sent message becomes delivered, failed, or opted out (İYS
 * refused it), and the counts follow.
 */
export const fetchDeliveryReports = async (
  db: Database,
  senders: Senders,
  logger?: Logger,
  now = new Date(),
) => {
  const due = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.notification_kind, 'sms'),
        sql`${notifications.notification_state} in ('sent', 'error')`,
        gt(notifications.notification_send_finished_at, new Date(now.getTime() - 3 * 24 * 3600_000)),
        sql`(${notifications.notification_report_fetched_at} is null or ${notifications.notification_report_fetched_at} <= ${new Date(now.getTime() - 3600_000)})`,
      ),
    );
  let changed = 0;
  for (const row of due) {
    const sender = await senders.senderFor(db, row.location_id, 'sms');
    if (sender?.channel !== 'sms') continue;
    const jobs = rowsOf<{ job: string; sent_at: string | Date }>(
      await db.execute(sql`
        select message_provider_job_id as job, min(message_sent_at) as sent_at from ${notificationMessages}
        where notification_id = ${row._id} and message_state = 'sent' and message_provider_job_id is not null
        group by message_provider_job_id`),
    );
    for (const job of jobs) {
      let reports: SmsDeliveryReport[];
      try {
        reports = await sender.sms.report(job.job, { sentAt: new Date(job.sent_at) });
      } catch (error) {
        logger?.warn({ err: error, notificationId: row._id }, 'SMS delivery report not read');
        continue;
      }
      const final = reports.filter((report) => report.state !== 'pending');
      if (final.length === 0) continue;
      const state = final.map((report) =>
        report.state === 'delivered' ? 'delivered' : report.state === 'opted-out' ? 'opted_out' : 'failed',
      );
      const updated = rowsOf<{ state: string }>(
        await db.execute(sql`
          update ${notificationMessages} m set message_state = r.state,
            message_delivered_at = case when r.state = 'delivered' then coalesce(r.at, now()) else null end,
            message_error_code = case when r.state = 'delivered' then null else r.code end,
            updated_at = now()
          from unnest(${sql.param(final.map((report) => report.to))}::varchar[], ${sql.param(state)}::varchar[],
            ${sql.param(final.map((report) => netgsmMoment(report.deliveredAt)?.toISOString() ?? null))}::timestamptz[],
            ${sql.param(final.map((report) => (report.reason ?? `NETGSM_${report.status}`).slice(0, 64)))}::varchar[]) as r(phone, state, at, code),
            customers c
          where m.notification_id = ${row._id} and m.message_provider_job_id = ${job.job} and m.message_state = 'sent'
            and c._id = m.customer_id and c.customer_phone = r.phone
          returning m.message_state as state`),
      );
      const count = (each: string) => updated.filter((one) => one.state === each).length;
      changed += updated.length;
      await db
        .update(notifications)
        .set({
          notification_delivered_count: sql`${notifications.notification_delivered_count} + ${count('delivered')}`,
          notification_failed_count: sql`${notifications.notification_failed_count} + ${count('failed')}`,
          notification_opted_out_count: sql`${notifications.notification_opted_out_count} + ${count('opted_out')}`,
        })
        .where(eq(notifications._id, row._id));
    }
    await db
      .update(notifications)
      .set({ notification_report_fetched_at: now })
      .where(eq(notifications._id, row._id));
  }
  return changed;
};
