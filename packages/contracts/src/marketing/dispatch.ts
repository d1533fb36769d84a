import { z } from 'zod';
import { objectId } from '../common/ids';
import { normalizePhone } from '../customers/phone';
import { type MessageState, messageStates, notificationState } from './notifications';

/**
 * Dispatch of notifications (issue 16 #3, #6): `PUT /marketing/{kind}-notifications/{id}/send`,
 * `…/approve`, `…/test` and `GET …/report`.
 */

/** Spec §5 client handling: whitespace stripped, split on comma or semicolon; at most this many a test. */
export const TEST_SEND_LIMIT = 10;

const splitList = (value: unknown) => {
  if (typeof value === 'string')
    return value
      .split(/[,;]/)
      .map((part) => part.replace(/\s+/g, ''))
      .filter((part) => part !== '');
  if (Array.isArray(value))
    return value.map((part) => (typeof part === 'string' ? part.replace(/\s+/g, '') : part));
  return value;
};

/** `PUT …/{id}/test` of a push or an SMS: the phones (a list, or one text split on , or ;). */
export const testPhonesBody = z.strictObject({
  phones: z.preprocess(
    splitList,
    z
      .array(
        z
          .string()
          .max(32)
          .transform((phone, context) => {
            const normal = normalizePhone(phone);
            if (normal === undefined) {
              context.addIssue({ code: 'custom', message: 'validation.phone' });
              return z.NEVER;
            }
            return normal;
          }),
      )
      .min(1, { message: 'validation.required' })
      .max(TEST_SEND_LIMIT)
      .transform((list) => [...new Set(list)]),
  ),
});
export type TestPhonesBody = z.output<typeof testPhonesBody>;

/** `PUT /marketing/email-notifications/{id}/test`: the addresses (a list, or one text split on , or ;). */
export const testEmailsBody = z.strictObject({
  emails: z.preprocess(
    splitList,
    z
      .array(
        z
          .email()
          .min(6)
          .max(265)
          .transform((email) => email.toLowerCase()),
      )
      .min(1, { message: 'validation.required' })
      .max(TEST_SEND_LIMIT)
      .transform((list) => [...new Set(list)]),
  ),
});
export type TestEmailsBody = z.output<typeof testEmailsBody>;

/** What a test send did: each destination and whether it was handed over. */
export const testSendResult = z.object({
  sent: z.number().int(),
  results: z.array(
    z.object({
      to: z.string(),
      state: z.enum(['sent', 'failed', 'no_device']),
      error: z.string().nullable(),
    }),
  ),
});
export type TestSendResult = z.infer<typeof testSendResult>;

/** The answer of `PUT …/send` and `…/approve`: the state it went to. */
export const sendAnswer = z.object({
  _id: objectId,
  state: notificationState,
  potential: z.number().int(),
  approval_threshold: z.number().int().nullable(),
});
export type SendAnswer = z.infer<typeof sendAnswer>;

export const reportMessageStates = messageStates;

/** `GET …/{id}/report`: the counts, and one page of the messages (state filter, page, limit). */
export const notificationReportQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  state: z.enum(messageStates).optional(),
});
export type NotificationReportQuery = z.output<typeof notificationReportQuery>;

export const notificationReportMessage = z.object({
  _id: objectId,
  customer_id: objectId.nullable(),
  /** The phone, address or customer's name as it is now; null once the customer is erased. */
  recipient: z.string().nullable(),
  message_state: z.enum(messageStates),
  message_is_commercial: z.boolean(),
  message_parts: z.number().int().nullable(),
  message_error_code: z.string().nullable(),
  message_sent_at: z.string().nullable(),
  message_delivered_at: z.string().nullable(),
});

export const notificationReport = z.object({
  _id: objectId,
  state: notificationState,
  send_started_at: z.string().nullable(),
  send_finished_at: z.string().nullable(),
  report_fetched_at: z.string().nullable(),
  recipients: z.number().int(),
  /** Handed to the provider (delivered ones included). */
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  opted_out: z.number().int(),
  skipped_no_consent: z.number().int(),
  in_doubt: z.number().int(),
  queued: z.number().int(),
  /** SMS parts of the messages handed over. */
  sms_parts: z.number().int(),
  by_state: z.record(z.string(), z.number().int()),
  messages: z.object({
    data: z.array(notificationReportMessage),
    pagination: z.object({
      total: z.number().int(),
      limit: z.number().int(),
      currentPage: z.number().int(),
      totalPages: z.number().int(),
    }),
  }),
});
export type NotificationReport = z.infer<typeof notificationReport>;

/** The words of the message states, for the report's screen and export. */
export const messageStateLabels: Record<MessageState, { tr: string; en: string }> = {
  queued: { tr: 'Sırada', en: 'Queued' },
  sending: { tr: 'Gönderiliyor', en: 'Sending' },
  in_doubt: { tr: 'Belirsiz', en: 'In doubt' },
  sent: { tr: 'Gönderildi', en: 'Sent' },
  delivered: { tr: 'İletildi', en: 'Delivered' },
  failed: { tr: 'Başarısız', en: 'Failed' },
  skipped: { tr: 'İzin yok, atlandı', en: 'Skipped: no consent' },
  opted_out: { tr: 'Abonelikten çıkmış', en: 'Opted out' },
};

const approvalThreshold = z.number().int().min(1).max(100_000_000).nullable();
/** İYS's brand code (marka kodu): the 6 digits the register gives a brand; blank: none. */
const iysBrandCode = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value),
  z
    .string()
    .regex(/^\d{6}$/, { message: 'validation.iysBrandCode' })
    .nullable(),
);

/**
 * `GET`/`PUT /marketing/settings`: the mall's marketing settings. A send to more recipients than
 * `marketing_approval_threshold` waits for a second user's approval; null: no send waits.
 * `marketing_iys_brand_code` is the mall's brand at İYS (the register NetGSM's İYS filter checks a
 * commercial SMS against): recorded with each commercial send's audit entry as the brand it was
 * sent under, and set up by the system admin beside the provider accounts.
 */
export const marketingSettings = z.strictObject({
  marketing_approval_threshold: approvalThreshold,
  marketing_iys_brand_code: z.string().nullable(),
});
export type MarketingSettings = z.infer<typeof marketingSettings>;

/** `PUT /marketing/settings`: the settings given are changed, the others stay. */
export const marketingSettingsInput = z.strictObject({
  marketing_approval_threshold: approvalThreshold.optional(),
  marketing_iys_brand_code: iysBrandCode.optional(),
});
export type MarketingSettingsInput = z.input<typeof marketingSettingsInput>;
