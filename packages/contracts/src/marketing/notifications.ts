import { z } from 'zod';
import { storedImageUrl } from '../common/files';
import { objectId } from '../common/ids';
import { listSearchParams } from '../common/list-query';
import { DATE_RANGE, multilineText, singleLineText } from '../common/text';
import { CUSTOMER_IDS_CAP } from '../customers/customer';
import { segmentFilter, segmentNode } from '../customers/segment';
import { webAddress } from '../stores/store';

/**
 * Spec §3 Push, SMS and Email notification, §4 Notifications, §5 SMS and Email, §7 Marketing
 * (issue 16). Every field carries the spec's name with its kind's prefix (`sms_notification_text`,
 * `email_notification_subject`; `customer_ids`, `html_content`, `single_content_*`,
 * `newsletter_content_*` and `external_mail_list` as the spec writes them). Recipients are the mall's
 * customers in `<kind>_notification_filters` (the customers' segment filter; empty, `''` or null:
 * no filter) and, when `customer_ids` is not empty, only those of them. `<kind>_notification_potential`
 * is how many would get it now: in the audience, with the channel's consent, reachable (a phone, an
 * email address, a device token) and not deleted.
 */
export const notificationKinds = ['push', 'sms', 'email'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Spec §4: created, scheduled, waiting for approval, send in progress, sent, error. */
export const notificationStates = [
  'created',
  'scheduled',
  'waiting_for_approval',
  'send_in_progress',
  'sent',
  'error',
] as const;
export const notificationState = z.enum(notificationStates);
export type NotificationState = z.infer<typeof notificationState>;
/** The states in which a notification may still be changed or deleted (409 otherwise). */
export const editableNotificationStates: readonly NotificationState[] = ['created', 'scheduled'];

/** One message to one recipient (dispatch; issue 16 #3). `in_doubt`: its batch was with the provider when the sender died. */
export const messageStates = [
  'queued',
  'sending',
  'in_doubt',
  'sent',
  'delivered',
  'failed',
  'skipped',
  'opted_out',
] as const;
export type MessageState = (typeof messageStates)[number];

export const pushNotificationTypes = ['BROADCAST', 'FILTER'] as const;
export type PushNotificationType = (typeof pushNotificationTypes)[number];
export const emailContentTypes = ['SINGLE', 'HTML', 'NEWSLETTER'] as const;
export type EmailContentType = (typeof emailContentTypes)[number];

export const providerAccountChannels = ['sms', 'email', 'push'] as const;
export type ProviderAccountChannel = (typeof providerAccountChannels)[number];
export const providerAccountKinds = ['otp', 'bulk', 'transactional'] as const;
export type ProviderAccountKind = (typeof providerAccountKinds)[number];

/** Spec §5 and §9's numbers, and the sizes the columns hold. */
export const NOTIFICATION_LIMITS = {
  smsTitle: { min: 5, max: 100 },
  smsText: { min: 10, max: 947 },
  emailSubject: { min: 5, max: 200 },
  emailPreview: { min: 5, max: 200 },
  pushText: { max: 500 },
  redirectValue: { max: 500 },
  htmlContent: { max: 500_000 },
  newsletterTitle: { max: 200 },
  newsletterDescription: { max: 5_000 },
  newsletterPosts: { max: 50 },
  customerIds: { max: CUSTOMER_IDS_CAP },
} as const;

const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsNull, schema.nullable()).default(null);

/**
 * The segment of a notification: the customers' filter language; `''` (spec §5 client handling:
 * empty filters are sent as an empty string), null or `[]` is none.
 */
const notificationFilters = z
  .preprocess((value) => (value === '' ? null : value), segmentFilter.nullable())
  .transform((filter) => (filter && filter.length > 0 ? filter : null))
  .default(null);

const customerIds = z
  .array(objectId)
  .max(NOTIFICATION_LIMITS.customerIds.max)
  .transform((list) => [...new Set(list)])
  .default([]);

/** `2026-12-01T10:00` or `…:00`: a wall-clock time of the mall, converted with its time zone. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A wall-clock time's parts when it is a real date and time (no 31 February, no 25:00). */
export const localDateTimeParts = (value: string) => {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day! || hour! > 23 || minute! > 59)
    return undefined;
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
};

/**
 * `<kind>_notification_scheduled_for_datetime`: when to send; empty or null: not scheduled. Either
 * a moment with its offset (`2026-12-01T10:00:00+03:00`, answered in UTC) or the mall's wall-clock
 * time without one (`2026-12-01T10:00`), which the server reads in the mall's time zone. It must be in
 * the future (the server checks, with its clock).
 */
export const scheduledForDateTime = optional(
  singleLineText()
    .max(40)
    .refine(
      (value) =>
        localDateTimeParts(value) !== undefined ||
        (OFFSET_DATE_TIME.test(value) && !Number.isNaN(new Date(value).getTime())),
      { message: 'validation.format.datetime', abort: true },
    )
    .refine(
      (value) => {
        const year = Number(value.slice(0, 4));
        return year >= Number(DATE_RANGE.min.slice(0, 4)) && year <= Number(DATE_RANGE.max.slice(0, 4));
      },
      { message: 'validation.dateRange', params: DATE_RANGE },
    )
    .transform((value) => (LOCAL_DATE_TIME.test(value) ? value : new Date(value).toISOString())),
);

const isCommercial = z.boolean().default(true);

type Issue = { path: string; message: string; params?: Record<string, unknown> };
/** Adds the issues of a cross-field rule, each on a field whose own schema passed. */
const crossField =
  <T>(rule: (values: T) => Issue[]) =>
  (values: T, context: z.RefinementCtx) => {
    if (values === null || typeof values !== 'object') return;
    const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
    for (const issue of rule(values))
      if (!failed.has(issue.path))
        context.addIssue({
          code: 'custom',
          path: [issue.path],
          message: issue.message,
          ...(issue.params && { params: issue.params }),
        });
  };

const required = (path: string): Issue => ({ path, message: 'validation.required' });
const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

// ——— Push ———

/**
 * `POST /marketing/push-notifications`, `PUT …/{id}`. Spec §4: the type is BROADCAST when there are
 * no filters, otherwise FILTER; left out it follows the filters, given it must agree with them.
 */
export const pushNotificationInput = z
  .strictObject({
    push_notification_text_tr: multilineText()
      .min(1, { message: 'validation.required' })
      .max(NOTIFICATION_LIMITS.pushText.max),
    push_notification_text_en: optional(multilineText().max(NOTIFICATION_LIMITS.pushText.max)),
    push_notification_mobile_page_id: optional(objectId),
    push_notification_redirect_page_value: optional(
      singleLineText().max(NOTIFICATION_LIMITS.redirectValue.max),
    ),
    push_notification_type: optional(z.enum(pushNotificationTypes)),
    push_notification_filters: notificationFilters,
    push_notification_scheduled_for_datetime: scheduledForDateTime,
    push_notification_is_commercial: isCommercial,
  })
  .superRefine(
    crossField((values) => {
      const broadcast = values.push_notification_filters === null;
      const type = values.push_notification_type;
      if (type === 'BROADCAST' && !broadcast)
        return [{ path: 'push_notification_type', message: 'validation.pushBroadcastHasFilters' }];
      if (type === 'FILTER' && broadcast)
        return [{ path: 'push_notification_type', message: 'validation.pushFilterNeedsFilters' }];
      return [];
    }),
    { when: () => true },
  )
  .transform((values) => ({
    ...values,
    push_notification_type: (values.push_notification_filters === null
      ? 'BROADCAST'
      : 'FILTER') as PushNotificationType,
  }));
export type PushNotificationInput = z.input<typeof pushNotificationInput>;
export type PushNotificationValues = z.output<typeof pushNotificationInput>;

const answerCommon = {
  _id: objectId,
  customer_ids: z.array(objectId),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const pushNotification = z.object({
  ...answerCommon,
  push_notification_text_tr: z.string(),
  push_notification_text_en: z.string().nullable(),
  push_notification_mobile_page_id: objectId.nullable(),
  push_notification_redirect_page_value: z.string().nullable(),
  push_notification_type: z.enum(pushNotificationTypes),
  push_notification_filters: z.array(segmentNode).nullable(),
  push_notification_scheduled_for_datetime: z.string().nullable(),
  push_notification_state: notificationState,
  push_notification_is_commercial: z.boolean(),
  push_notification_potential: z.number().int(),
  push_notification_created_by: objectId.nullable(),
  push_notification_approved_by: objectId.nullable(),
});
export type PushNotification = z.infer<typeof pushNotification>;

// ——— SMS ———

/** `POST /marketing/sms-notifications`, `PUT …/{id}`. §5: text 10 to 947 characters, title at least 5. */
export const smsNotificationInput = z.strictObject({
  sms_notification_title: singleLineText()
    .min(1, { message: 'validation.required' })
    .max(NOTIFICATION_LIMITS.smsTitle.max)
    .pipe(z.string().min(NOTIFICATION_LIMITS.smsTitle.min)),
  sms_notification_text: multilineText()
    .min(1, { message: 'validation.required' })
    .max(NOTIFICATION_LIMITS.smsText.max)
    .pipe(z.string().min(NOTIFICATION_LIMITS.smsText.min)),
  sms_notification_filters: notificationFilters,
  customer_ids: customerIds,
  sms_notification_scheduled_for_datetime: scheduledForDateTime,
  sms_notification_is_commercial: isCommercial,
});
export type SmsNotificationInput = z.input<typeof smsNotificationInput>;
export type SmsNotificationValues = z.output<typeof smsNotificationInput>;

export const smsNotification = z.object({
  ...answerCommon,
  sms_notification_title: z.string(),
  sms_notification_text: z.string(),
  sms_notification_filters: z.array(segmentNode).nullable(),
  sms_notification_scheduled_for_datetime: z.string().nullable(),
  sms_notification_state: notificationState,
  sms_notification_is_commercial: z.boolean(),
  sms_notification_potential: z.number().int(),
  /** The parts one message is sent (and billed) as (`smsLength`), and those times the potential: the cost before sending. */
  sms_notification_parts: z.number().int(),
  sms_notification_total_parts: z.number().int(),
  sms_notification_created_by: objectId.nullable(),
  sms_notification_approved_by: objectId.nullable(),
});
export type SmsNotification = z.infer<typeof smsNotification>;

// ——— Email ———

/** The content fields of each content type (spec §5: "an email update sends only the content fields of the chosen content type"). */
export const emailContentFields = {
  SINGLE: ['single_content_image', 'single_content_link'],
  HTML: ['html_content'],
  NEWSLETTER: [
    'newsletter_content_image',
    'newsletter_content_title',
    'newsletter_content_link',
    'newsletter_content_description',
    'newsletter_content_events',
    'newsletter_content_promotions',
  ],
} as const satisfies Record<EmailContentType, readonly string[]>;
export type EmailContentField = (typeof emailContentFields)[EmailContentType][number];
const allContentFields = Object.values(emailContentFields).flat() as EmailContentField[];

const postIds = z.array(objectId).max(NOTIFICATION_LIMITS.newsletterPosts.max).default([]);

/**
 * `POST /marketing/email-notifications`, `PUT …/{id}`. §5: subject and preview text at least 5
 * characters; a preview text or an image (the content's); SINGLE needs its image and link, HTML its
 * content, NEWSLETTER its image, link, title, description and at least one event or promotion. A
 * field of another content type is refused (the client sends only the chosen type's) and stored
 * empty. With `external_mail_list` the email goes to that list's addresses, so it takes no filters
 * or customers.
 */
export const emailNotificationInput = z
  .strictObject({
    email_notification_subject: singleLineText()
      .min(1, { message: 'validation.required' })
      .max(NOTIFICATION_LIMITS.emailSubject.max)
      .pipe(z.string().min(NOTIFICATION_LIMITS.emailSubject.min)),
    email_notification_preview_text: optional(
      singleLineText()
        .max(NOTIFICATION_LIMITS.emailPreview.max)
        .pipe(z.string().min(NOTIFICATION_LIMITS.emailPreview.min)),
    ),
    email_notification_showing_logo: z.boolean().default(false),
    email_notification_content_type: z.enum(emailContentTypes, { message: 'validation.required' }),
    single_content_image: optional(storedImageUrl),
    single_content_link: optional(webAddress),
    html_content: optional(multilineText().max(NOTIFICATION_LIMITS.htmlContent.max)),
    newsletter_content_image: optional(storedImageUrl),
    newsletter_content_title: optional(singleLineText().max(NOTIFICATION_LIMITS.newsletterTitle.max)),
    newsletter_content_link: optional(webAddress),
    newsletter_content_description: optional(
      multilineText().max(NOTIFICATION_LIMITS.newsletterDescription.max),
    ),
    newsletter_content_events: postIds,
    newsletter_content_promotions: postIds,
    email_notification_filters: notificationFilters,
    customer_ids: customerIds,
    external_mail_list: optional(objectId),
    email_notification_scheduled_for_datetime: scheduledForDateTime,
    email_notification_is_commercial: isCommercial,
  })
  .superRefine(
    crossField((values) => {
      const issues: Issue[] = [];
      const type = values.email_notification_content_type;
      const own: readonly string[] = emailContentFields[type] ?? [];
      for (const field of allContentFields)
        if (!own.includes(field) && !isBlank(values[field]))
          issues.push({ path: field, message: 'validation.emailFieldNotForContentType' });
      if (type === 'SINGLE' || type === 'NEWSLETTER')
        for (const field of own)
          if (!field.endsWith('_events') && !field.endsWith('_promotions') && isBlank(values[field as never]))
            issues.push(required(field));
      if (type === 'HTML' && isBlank(values.html_content)) issues.push(required('html_content'));
      if (
        type === 'NEWSLETTER' &&
        values.newsletter_content_events.length + values.newsletter_content_promotions.length === 0
      )
        issues.push({ path: 'newsletter_content_events', message: 'validation.newsletterNeedsPosts' });
      const image =
        type === 'SINGLE'
          ? values.single_content_image
          : type === 'NEWSLETTER'
            ? values.newsletter_content_image
            : null;
      if (isBlank(values.email_notification_preview_text) && isBlank(image))
        issues.push({ path: 'email_notification_preview_text', message: 'validation.emailPreviewOrImage' });
      if (values.external_mail_list !== null) {
        if (values.email_notification_filters !== null)
          issues.push({ path: 'email_notification_filters', message: 'validation.externalListOnly' });
        if (values.customer_ids.length > 0)
          issues.push({ path: 'customer_ids', message: 'validation.externalListOnly' });
      }
      return issues;
    }),
    { when: () => true },
  );
export type EmailNotificationInput = z.input<typeof emailNotificationInput>;
export type EmailNotificationValues = z.output<typeof emailNotificationInput>;

export const emailNotification = z.object({
  ...answerCommon,
  email_notification_subject: z.string(),
  email_notification_preview_text: z.string().nullable(),
  email_notification_showing_logo: z.boolean(),
  email_notification_content_type: z.enum(emailContentTypes),
  single_content_image: z.string().nullable(),
  single_content_link: z.string().nullable(),
  html_content: z.string().nullable(),
  newsletter_content_image: z.string().nullable(),
  newsletter_content_title: z.string().nullable(),
  newsletter_content_link: z.string().nullable(),
  newsletter_content_description: z.string().nullable(),
  newsletter_content_events: z.array(objectId),
  newsletter_content_promotions: z.array(objectId),
  external_mail_list: objectId.nullable(),
  email_notification_filters: z.array(segmentNode).nullable(),
  email_notification_scheduled_for_datetime: z.string().nullable(),
  email_notification_state: notificationState,
  email_notification_is_commercial: z.boolean(),
  email_notification_potential: z.number().int(),
  email_notification_created_by: objectId.nullable(),
  email_notification_approved_by: objectId.nullable(),
});
export type EmailNotification = z.infer<typeof emailNotification>;

// ——— Lists ———

const listOf = <Keys extends readonly [string, ...string[]], Kind extends NotificationKind>(
  kind: Kind,
  sortKeys: Keys,
) =>
  listSearchParams({
    orderBy: z.enum(sortKeys),
    filter: { [`${kind}_notification_state`]: notificationState.optional() } as Record<
      `${Kind}_notification_state`,
      z.ZodOptional<typeof notificationState>
    >,
  });

export const pushNotificationSortKeys = [
  'createdAt',
  'push_notification_scheduled_for_datetime',
  'push_notification_state',
] as const;
export const smsNotificationSortKeys = [
  'createdAt',
  'sms_notification_title',
  'sms_notification_scheduled_for_datetime',
  'sms_notification_state',
] as const;
export const emailNotificationSortKeys = [
  'createdAt',
  'email_notification_subject',
  'email_notification_scheduled_for_datetime',
  'email_notification_state',
] as const;

/** `GET /marketing/{kind}-notifications`: one page (limit, currentPage, keyword, order, orderBy, state); newest first. */
export const pushNotificationListQuery = listOf('push', pushNotificationSortKeys);
export const smsNotificationListQuery = listOf('sms', smsNotificationSortKeys);
export const emailNotificationListQuery = listOf('email', emailNotificationSortKeys);

// ——— Live reach ———

/**
 * `POST /marketing/{kind}-notifications/potential`: how many customers an audience being written
 * would reach now, counted exactly as `<kind>_notification_potential` is (in the segment and among
 * `customer_ids` when given, with the channel's consent when commercial, with a phone, an email
 * address or a device token, not deleted), so the editor shows the reach live as the segment changes.
 */
export const notificationPotentialBody = z.strictObject({
  filters: notificationFilters,
  customer_ids: customerIds,
  is_commercial: isCommercial,
});
export type NotificationPotentialBody = z.input<typeof notificationPotentialBody>;
export const notificationPotential = z.object({ potential: z.number().int() });
export type NotificationPotential = z.infer<typeof notificationPotential>;
