import {
  type EmailNotification,
  type EmailNotificationValues,
  editableNotificationStates,
  type ListResponse,
  localDateTimeParts,
  type NotificationKind,
  type NotificationState,
  type PushNotification,
  type PushNotificationValues,
  type SmsNotification,
  type SmsNotificationValues,
  smsLength,
} from '@avlu/contracts';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { assertStoredImage, type Files } from '../../platform/files/files';
import { zoneOffset } from '../../platform/time-zones';
import { customers } from '../customers/customers.tables';
import type { Mall } from '../customers/mall-date';
import type { Acting } from '../users/acting';
import { type Audience, countsLive, potentials } from './audience.service';
import { type NotificationRow, notifications } from './marketing.tables';
import { externalMailLists, mallPosts, mobilePages } from './marketing-directory.tables';

type Insert = typeof notifications.$inferInsert;
type Values = PushNotificationValues | SmsNotificationValues | EmailNotificationValues;
type ValuesOf<K extends NotificationKind> = K extends 'push'
  ? PushNotificationValues
  : K extends 'sms'
    ? SmsNotificationValues
    : EmailNotificationValues;
type AnswerOf<K extends NotificationKind> = K extends 'push'
  ? PushNotification
  : K extends 'sms'
    ? SmsNotification
    : EmailNotification;

/** A moment as the answers write it (ISO 8601 in UTC), or null; raw SQL rows may hold it as text. */
export const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * The mall's wall-clock time (`2026-12-01T10:00`) as a moment: its zone's offset at that time, checked
 * once more at the moment found (a time in the hour a clock skips is taken after the change).
 */
export const wallClockMoment = (timezone: string, text: string): Date => {
  const parts = localDateTimeParts(text)!;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offsetAt = zoneOffset(timezone);
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
};

/** The stored moment of `<kind>_notification_scheduled_for_datetime`, in the future (400 naming it). */
const scheduledMoment = (mall: Mall, text: string | null, field: string, now: Date) => {
  if (text === null) return null;
  const moment = text.endsWith('Z') ? new Date(text) : wallClockMoment(mall.location_meta.timezone, text);
  if (moment.getTime() <= now.getTime()) throw invalidFields({ [field]: 'notificationScheduleInPast' });
  return moment;
};

/** What each kind stores from its input, the answer it makes of a row, and where its search looks. */
const kinds = {
  push: {
    scheduleField: 'push_notification_scheduled_for_datetime',
    columns: (values: PushNotificationValues): Partial<Insert> => ({
      notification_is_commercial: values.push_notification_is_commercial,
      notification_filters: values.push_notification_filters,
      customer_ids: [],
      push_notification_text_tr: values.push_notification_text_tr,
      push_notification_text_en: values.push_notification_text_en,
      push_notification_mobile_page_id: values.push_notification_mobile_page_id,
      push_notification_redirect_page_value: values.push_notification_redirect_page_value,
      push_notification_type: values.push_notification_type,
    }),
    scheduled: (values: PushNotificationValues) => values.push_notification_scheduled_for_datetime,
    answer: (row: NotificationRow, potential: number): PushNotification => ({
      ...common(row),
      push_notification_text_tr: row.push_notification_text_tr ?? '',
      push_notification_text_en: row.push_notification_text_en,
      push_notification_mobile_page_id: row.push_notification_mobile_page_id,
      push_notification_redirect_page_value: row.push_notification_redirect_page_value,
      push_notification_type:
        row.push_notification_type ?? (row.notification_filters ? 'FILTER' : 'BROADCAST'),
      push_notification_filters: row.notification_filters,
      push_notification_scheduled_for_datetime: iso(row.notification_scheduled_for),
      push_notification_state: row.notification_state,
      push_notification_is_commercial: row.notification_is_commercial,
      push_notification_potential: potential,
      push_notification_created_by: row.notification_created_by,
      push_notification_approved_by: row.notification_approved_by,
    }),
    search: [notifications.push_notification_text_tr, notifications.push_notification_text_en],
    sortable: {
      createdAt: notifications.created_at,
      push_notification_scheduled_for_datetime: notifications.notification_scheduled_for,
      push_notification_state: notifications.notification_state,
    },
    summary: (row: NotificationRow) => ({ text: row.push_notification_text_tr?.slice(0, 80) }),
  },
  sms: {
    scheduleField: 'sms_notification_scheduled_for_datetime',
    columns: (values: SmsNotificationValues): Partial<Insert> => ({
      notification_is_commercial: values.sms_notification_is_commercial,
      notification_filters: values.sms_notification_filters,
      customer_ids: values.customer_ids,
      sms_notification_title: values.sms_notification_title,
      sms_notification_text: values.sms_notification_text,
    }),
    scheduled: (values: SmsNotificationValues) => values.sms_notification_scheduled_for_datetime,
    answer: (row: NotificationRow, potential: number): SmsNotification => ({
      ...common(row),
      sms_notification_title: row.sms_notification_title ?? '',
      sms_notification_text: row.sms_notification_text ?? '',
      sms_notification_filters: row.notification_filters,
      sms_notification_scheduled_for_datetime: iso(row.notification_scheduled_for),
      sms_notification_state: row.notification_state,
      sms_notification_is_commercial: row.notification_is_commercial,
      sms_notification_potential: potential,
      sms_notification_parts: smsLength(row.sms_notification_text ?? '').parts,
      sms_notification_total_parts: smsLength(row.sms_notification_text ?? '').parts * potential,
      sms_notification_created_by: row.notification_created_by,
      sms_notification_approved_by: row.notification_approved_by,
    }),
    search: [notifications.sms_notification_title, notifications.sms_notification_text],
    sortable: {
      createdAt: notifications.created_at,
      sms_notification_title: notifications.sms_notification_title,
      sms_notification_scheduled_for_datetime: notifications.notification_scheduled_for,
      sms_notification_state: notifications.notification_state,
    },
    summary: (row: NotificationRow) => ({ title: row.sms_notification_title }),
  },
  email: {
    scheduleField: 'email_notification_scheduled_for_datetime',
    columns: (values: EmailNotificationValues): Partial<Insert> => ({
      notification_is_commercial: values.email_notification_is_commercial,
      notification_filters: values.email_notification_filters,
      customer_ids: values.customer_ids,
      email_notification_subject: values.email_notification_subject,
      email_notification_preview_text: values.email_notification_preview_text,
      email_notification_showing_logo: values.email_notification_showing_logo,
      email_notification_content_type: values.email_notification_content_type,
      single_content_image: values.single_content_image,
      single_content_link: values.single_content_link,
      html_content: values.html_content,
      newsletter_content_image: values.newsletter_content_image,
      newsletter_content_title: values.newsletter_content_title,
      newsletter_content_link: values.newsletter_content_link,
      newsletter_content_description: values.newsletter_content_description,
      newsletter_content_events: values.newsletter_content_events,
      newsletter_content_promotions: values.newsletter_content_promotions,
      external_mail_list: values.external_mail_list,
    }),
    scheduled: (values: EmailNotificationValues) => values.email_notification_scheduled_for_datetime,
    answer: (row: NotificationRow, potential: number): EmailNotification => ({
      ...common(row),
      email_notification_subject: row.email_notification_subject ?? '',
      email_notification_preview_text: row.email_notification_preview_text,
      email_notification_showing_logo: row.email_notification_showing_logo ?? false,
      email_notification_content_type: row.email_notification_content_type ?? 'HTML',
      single_content_image: row.single_content_image,
      single_content_link: row.single_content_link,
      html_content: row.html_content,
      newsletter_content_image: row.newsletter_content_image,
      newsletter_content_title: row.newsletter_content_title,
      newsletter_content_link: row.newsletter_content_link,
      newsletter_content_description: row.newsletter_content_description,
      newsletter_content_events: row.newsletter_content_events,
      newsletter_content_promotions: row.newsletter_content_promotions,
      external_mail_list: row.external_mail_list,
      email_notification_filters: row.notification_filters,
      email_notification_scheduled_for_datetime: iso(row.notification_scheduled_for),
      email_notification_state: row.notification_state,
      email_notification_is_commercial: row.notification_is_commercial,
      email_notification_potential: potential,
      email_notification_created_by: row.notification_created_by,
      email_notification_approved_by: row.notification_approved_by,
    }),
    search: [notifications.email_notification_subject],
    sortable: {
      createdAt: notifications.created_at,
      email_notification_subject: notifications.email_notification_subject,
      email_notification_scheduled_for_datetime: notifications.notification_scheduled_for,
      email_notification_state: notifications.notification_state,
    },
    summary: (row: NotificationRow) => ({ subject: row.email_notification_subject }),
  },
} as const;

const common = (row: NotificationRow) => ({
  _id: row._id,
  customer_ids: row.customer_ids,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const rowFields = getTableColumns(notifications);

const lists = Object.fromEntries(
  (Object.keys(kinds) as NotificationKind[]).map((kind) => [
    kind,
    listSource({
      table: notifications,
      fields: rowFields,
      uniqueKey: notifications._id,
      search: [...kinds[kind].search],
      sortable: kinds[kind].sortable as Record<string, SQL | (typeof rowFields)[keyof typeof rowFields]>,
      defaultSort: { orderBy: 'createdAt', order: 'desc' },
    }),
  ]),
) as Record<NotificationKind, ReturnType<typeof listSource<typeof rowFields, string>>>;

const ofKind = (locationId: string, kind: NotificationKind) =>
  and(eq(notifications.location_id, locationId), eq(notifications.notification_kind, kind));

export const audienceOf = (row: NotificationRow): Audience => ({
  kind: row.notification_kind,
  isCommercial: row.notification_is_commercial,
  filters: row.notification_filters,
  customerIds: row.customer_ids,
  externalListId: row.external_mail_list,
});

/** The rows' answers, with `_potential` for those not yet sent counted in one query (audience.service.ts). */
const answersOf = async <K extends NotificationKind>(
  db: Database,
  mall: Mall,
  kind: K,
  rows: NotificationRow[],
): Promise<AnswerOf<K>[]> => {
  const live = rows.filter((row) => countsLive(row.notification_state));
  const counted = await potentials(db, mall, live.map(audienceOf));
  const byId = new Map(live.map((row, index) => [row._id, counted[index]!]));
  return rows.map(
    (row) => kinds[kind].answer(row, byId.get(row._id) ?? row.notification_recipient_count) as AnswerOf<K>,
  );
};

export type NotificationListQuery = ListRequest<string> & { filter?: Record<string, unknown> | undefined };

/** GET /marketing/{kind}-notifications: one page of the mall's notifications of the kind, newest first. */
export const listNotifications = async <K extends NotificationKind>(
  db: Database,
  mall: Mall,
  kind: K,
  query: NotificationListQuery,
): Promise<ListResponse<AnswerOf<K>>> => {
  const state = query.filter?.[`${kind}_notification_state`] as NotificationState | undefined;
  const page = await listPage(
    db,
    lists[kind],
    query,
    and(ofKind(mall._id, kind), state ? eq(notifications.notification_state, state) : undefined),
  );
  return { ...page, data: await answersOf(db, mall, kind, page.data as NotificationRow[]) };
};

/**
 * The mall's notification of the kind, or 404 (another mall's, another kind's, or none): what every
 * route on one notification reads first (editing, sending, approving, testing, the report), under
 * the row's lock when `lock` is set. The list keeps to the same condition.
 */
export const notificationOfMall = async (
  db: Database,
  locationId: string,
  kind: NotificationKind,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<NotificationRow> => {
  const query = db
    .select()
    .from(notifications)
    .where(and(eq(notifications._id, id), ofKind(locationId, kind)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
};

/** GET /marketing/{kind}-notifications/{id}; another mall's (or another kind's) is 404. */
export const getNotification = async <K extends NotificationKind>(
  db: Database,
  mall: Mall,
  kind: K,
  id: string,
): Promise<AnswerOf<K>> =>
  (await answersOf(db, mall, kind, [await notificationOfMall(db, mall._id, kind, id)]))[0]!;

/** 400 naming the field unless what the notification refers to is the mall's. */
const checkReferences = async (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  kind: NotificationKind,
  columns: Partial<Insert>,
) => {
  const ids = columns.customer_ids ?? [];
  if (ids.length > 0) {
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(customers)
      .where(
        and(eq(customers.location_id, locationId), sql`${customers._id} = any(${sql.param(ids)}::varchar[])`),
      );
    if ((row?.count ?? 0) < ids.length) throw invalidFields({ customer_ids: 'notificationCustomerNotFound' });
  }
  if (kind === 'push' && columns.push_notification_mobile_page_id) {
    const [page] = await db
      .select({ _id: mobilePages._id, type: mobilePages.mobile_page_type })
      .from(mobilePages)
      .where(
        and(
          eq(mobilePages._id, columns.push_notification_mobile_page_id),
          eq(mobilePages.location_id, locationId),
        ),
      );
    if (!page) throw invalidFields({ push_notification_mobile_page_id: 'notificationMobilePageNotFound' });
    // A detail page shows one record: the push names it.
    if (page.type === 'detail' && !columns.push_notification_redirect_page_value)
      throw invalidFields({ push_notification_redirect_page_value: 'pushDetailPageNeedsValue' });
  }
  if (kind !== 'email') return;
  for (const [field, postKind] of [
    ['newsletter_content_events', 'event'],
    ['newsletter_content_promotions', 'promotion'],
  ] as const) {
    const wanted = [...new Set(columns[field] ?? [])];
    if (wanted.length === 0) continue;
    const found = await db
      .select({ _id: mallPosts._id })
      .from(mallPosts)
      .where(
        and(
          eq(mallPosts.location_id, locationId),
          eq(mallPosts.post_kind, postKind),
          inArray(mallPosts._id, wanted),
        ),
      );
    if (found.length < wanted.length) throw invalidFields({ [field]: 'notificationPostNotFound' });
  }
  if (columns.external_mail_list) {
    const [list] = await db
      .select({ _id: externalMailLists._id })
      .from(externalMailLists)
      .where(
        and(
          eq(externalMailLists._id, columns.external_mail_list),
          eq(externalMailLists.location_id, locationId),
        ),
      );
    if (!list) throw invalidFields({ external_mail_list: 'notificationExternalListNotFound' });
  }
  await assertStoredImage(db, files, 'single_content_image', columns.single_content_image);
  await assertStoredImage(db, files, 'newsletter_content_image', columns.newsletter_content_image);
};

const prepare = async <K extends NotificationKind>(
  db: Database,
  files: Pick<Files, 'find'>,
  mall: Mall,
  kind: K,
  values: ValuesOf<K>,
  now: Date,
) => {
  const spec = kinds[kind];
  const columns = (spec.columns as (values: Values) => Partial<Insert>)(values);
  const scheduled = scheduledMoment(
    mall,
    (spec.scheduled as (values: Values) => string | null)(values),
    spec.scheduleField,
    now,
  );
  await checkReferences(db, files, mall._id, kind, columns);
  return {
    ...columns,
    notification_scheduled_for: scheduled,
    notification_state: (scheduled ? 'scheduled' : 'created') as NotificationState,
  };
};

const auditNotification = (db: Database, actor: Acting, action: string, row: NotificationRow) =>
  audit(db, actor, {
    action: `notification.${action}`,
    entity: 'notification',
    entityId: row._id,
    details: {
      kind: row.notification_kind,
      state: row.notification_state,
      scheduled_for: iso(row.notification_scheduled_for),
      ...kinds[row.notification_kind].summary(row),
    },
  });

/** POST /marketing/{kind}-notifications: created, or scheduled when it has a moment (in the mall's zone, in the future). */
export const createNotification = <K extends NotificationKind>(
  db: Database,
  files: Pick<Files, 'find'>,
  mall: Mall,
  kind: K,
  values: ValuesOf<K>,
  actor: Acting,
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    const columns = await prepare(tx, files, mall, kind, values, now);
    const [row] = await tx
      .insert(notifications)
      .values({
        ...columns,
        location_id: mall._id,
        notification_kind: kind,
        notification_created_by: actor.staff._id,
        notification_updated_by: actor.staff._id,
      })
      .returning();
    await auditNotification(tx, actor, 'created', row!);
    return (await answersOf(tx, mall, kind, [row!]))[0]!;
  });

/** 409 unless the notification may still change (created or scheduled). */
const assertEditable = (row: NotificationRow) => {
  if (!editableNotificationStates.includes(row.notification_state))
    throw new AppError('NOTIFICATION_NOT_EDITABLE', 409);
};

/**
 * PUT /marketing/{kind}-notifications/{id}: every field again, under the row's lock, only while it
 * is created or scheduled (409 otherwise); the state follows the schedule (given: scheduled, left out:
 * created). Another mall's is 404.
 */
export const updateNotification = <K extends NotificationKind>(
  db: Database,
  files: Pick<Files, 'find'>,
  mall: Mall,
  kind: K,
  id: string,
  values: ValuesOf<K>,
  actor: Acting,
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    assertEditable(await notificationOfMall(tx, mall._id, kind, id, { lock: true }));
    const columns = await prepare(tx, files, mall, kind, values, now);
    const [row] = await tx
      .update(notifications)
      .set({ ...columns, notification_updated_by: actor.staff._id })
      .where(and(eq(notifications._id, id), ofKind(mall._id, kind)))
      .returning();
    await auditNotification(tx, actor, 'updated', row!);
    return (await answersOf(tx, mall, kind, [row!]))[0]!;
  });

/** DELETE /marketing/{kind}-notifications/{id}: only while created or scheduled (409 otherwise). */
export const deleteNotification = (
  db: Database,
  mall: Mall,
  kind: NotificationKind,
  id: string,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const row = await notificationOfMall(tx, mall._id, kind, id, { lock: true });
    assertEditable(row);
    await tx.delete(notifications).where(eq(notifications._id, id));
    await auditNotification(tx, actor, 'deleted', row);
  });
