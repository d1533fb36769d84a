import { z } from 'zod';
import { storedImageUrl } from '../common/files';
import { objectId } from '../common/ids';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/list-query';
import { multilineText, personName, requiredText, singleLineText } from '../common/text';
import { customerGender } from '../customers/customer';
import { customerPhone } from '../customers/phone';

/**
 * Spec §3 Feedback, §4 Feedback, §5 (type, title, text required), §7 `GET`/`POST /core/feedback`,
 * `GET`/`PUT /core/feedback/{id}`, `PUT /feedback/{id}/send-sms`, `PUT /feedback/{id}/send-mail`,
 * `GET`/`POST /feedback-types`, `PATCH /feedback-types/{id}` (issue 17 #7). What visitors tell the
 * mall, named or anonymous, by type; staff read it (viewed) and answer it by SMS or email
 * (informed), which cannot be undone.
 */
export const FEEDBACK_LIMITS = {
  title: 100,
  text: 2000,
  name: 50,
  typeName: 60,
  smsTitle: { min: 5, max: 50 },
  smsText: { min: 10, max: 947 },
  mailTitle: { min: 5, max: 150 },
  mailText: { min: 10, max: 5000 },
} as const;

/** `new` until someone opens it; `viewed`; `informed` once the customer was answered (final). */
export const feedbackStatuses = ['new', 'viewed', 'informed'] as const;
export const feedbackStatus = z.enum(feedbackStatuses);
export type FeedbackStatus = z.infer<typeof feedbackStatus>;

export const feedbackSources = ['back_office', 'micro_site'] as const;
export type FeedbackSource = (typeof feedbackSources)[number];

const optionalEmail = z.email({ message: 'validation.format.email' }).min(6).max(265).nullable().optional();

/**
 * `POST /core/feedback`. An anonymous feedback keeps no name, gender or contact (they are refused
 * when sent); a named one needs a name and surname. The file is an image uploaded first
 * (`POST /api/files`, checked by its bytes), given by its URL.
 */
export const feedbackFields = z.strictObject({
  feedback_title: requiredText(FEEDBACK_LIMITS.title),
  feedback_anonymous: z.boolean().default(false),
  feedback_name: personName(FEEDBACK_LIMITS.name).nullable().optional(),
  feedback_surname: personName(FEEDBACK_LIMITS.name).nullable().optional(),
  feedback_gender: customerGender.nullable().optional(),
  feedback_email: optionalEmail,
  feedback_phone_number: customerPhone.nullable().optional(),
  feedback_type: objectId,
  feedback_text: multilineText().min(1, { message: 'validation.required' }).max(FEEDBACK_LIMITS.text),
  feedback_file: storedImageUrl.nullable().optional(),
});

/** An anonymous feedback carries nothing personal; a named one a name and surname (the form checks the same). */
export const checkFeedbackAnonymity = (
  values: Partial<
    Record<
      'feedback_name' | 'feedback_surname' | 'feedback_gender' | 'feedback_email' | 'feedback_phone_number',
      unknown
    >
  > & { feedback_anonymous?: boolean },
  context: z.RefinementCtx,
) => {
  if (values === null || typeof values !== 'object') return;
  const personal = [
    'feedback_name',
    'feedback_surname',
    'feedback_gender',
    'feedback_email',
    'feedback_phone_number',
  ] as const;
  if (values.feedback_anonymous) {
    for (const field of personal)
      if (values[field] != null && values[field] !== '')
        context.addIssue({ code: 'custom', path: [field], message: 'validation.feedbackAnonymous' });
    return;
  }
  for (const field of ['feedback_name', 'feedback_surname'] as const)
    if (values[field] == null)
      context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
};
export const feedbackInput = feedbackFields.superRefine(checkFeedbackAnonymity);
export type FeedbackInput = z.input<typeof feedbackInput>;
export type FeedbackValues = z.output<typeof feedbackInput>;

/** The micro-site's feedback: the signed-in customer's name and contact are taken unless anonymous. */
export const microSiteFeedbackInput = z.strictObject({
  feedback_title: feedbackFields.shape.feedback_title,
  feedback_type: objectId,
  feedback_text: feedbackFields.shape.feedback_text,
  feedback_anonymous: z.boolean().default(false),
});
export type MicroSiteFeedbackInput = z.input<typeof microSiteFeedbackInput>;

export const feedbackReplyChannels = ['sms', 'mail'] as const;
export type FeedbackReplyChannel = (typeof feedbackReplyChannels)[number];

export const feedbackReply = z.object({
  channel: z.enum(feedbackReplyChannels),
  title: z.string(),
  text: z.string(),
  /** Where it went: the phone or the address. */
  to: z.string(),
  sent_at: z.string(),
  sent_by: z.string().nullable(),
});
export type FeedbackReply = z.infer<typeof feedbackReply>;

export const feedback = z.object({
  _id: objectId,
  feedback_title: z.string(),
  feedback_name: z.string().nullable(),
  feedback_surname: z.string().nullable(),
  feedback_anonymous: z.boolean(),
  feedback_gender: customerGender.nullable(),
  feedback_email: z.string().nullable(),
  feedback_phone_number: z.string().nullable(),
  feedback_type: objectId,
  feedback_type_name: z.string(),
  feedback_type_name_en: z.string(),
  feedback_text: z.string(),
  feedback_file: z.string().nullable(),
  feedback_status: feedbackStatus,
  feedback_source: z.enum(feedbackSources),
  customer_id: objectId.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof feedback>;
export const feedbackDetail = feedback.extend({ feedback_replies: z.array(feedbackReply) });
export type FeedbackDetail = z.infer<typeof feedbackDetail>;

/** `GET /core/feedback?limit&page&filter`: `filter` is the keyword (title, text, name); status and type narrow it. */
export const feedbackListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
  filter: singleLineText().max(200).optional(),
  feedback_status: feedbackStatus.optional(),
  feedback_type: objectId.optional(),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuery>;

/** `PUT /core/feedback/{id}`: viewed or informed; an informed feedback stays informed. */
export const feedbackStatusInput = z.strictObject({ feedback_status: z.enum(['viewed', 'informed']) });
export type FeedbackStatusInput = z.infer<typeof feedbackStatusInput>;

export const feedbackSmsReply = z.strictObject({
  sms_title: requiredText(FEEDBACK_LIMITS.smsTitle.max).pipe(z.string().min(FEEDBACK_LIMITS.smsTitle.min)),
  sms_text: multilineText()
    .min(1, { message: 'validation.required' })
    .max(FEEDBACK_LIMITS.smsText.max)
    .pipe(z.string().min(FEEDBACK_LIMITS.smsText.min)),
});
export type FeedbackSmsReply = z.infer<typeof feedbackSmsReply>;
export const feedbackMailReply = z.strictObject({
  mail_title: requiredText(FEEDBACK_LIMITS.mailTitle.max).pipe(z.string().min(FEEDBACK_LIMITS.mailTitle.min)),
  mail_text: multilineText()
    .min(1, { message: 'validation.required' })
    .max(FEEDBACK_LIMITS.mailText.max)
    .pipe(z.string().min(FEEDBACK_LIMITS.mailText.min)),
});
export type FeedbackMailReply = z.infer<typeof feedbackMailReply>;

export const feedbackType = z.object({
  _id: objectId,
  feedback_type_name: z.string(),
  feedback_type_name_en: z.string(),
  feedback_type_is_active: z.boolean(),
  feedback_type_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackType = z.infer<typeof feedbackType>;

export const feedbackTypeInput = z.strictObject({
  feedback_type_name: requiredText(FEEDBACK_LIMITS.typeName),
  feedback_type_name_en: requiredText(FEEDBACK_LIMITS.typeName),
  feedback_type_is_active: z.boolean().default(true),
});
export type FeedbackTypeInput = z.input<typeof feedbackTypeInput>;
/** `PATCH /feedback-types/{id}`: any of the fields; applied one after another (the row is locked). */
export const feedbackTypePatch = z
  .strictObject({
    feedback_type_name: feedbackTypeInput.shape.feedback_type_name.optional(),
    feedback_type_name_en: feedbackTypeInput.shape.feedback_type_name_en.optional(),
    feedback_type_is_active: z.boolean().optional(),
  })
  .refine((values) => Object.keys(values).length > 0, { message: 'validation.required' });
export type FeedbackTypePatch = z.infer<typeof feedbackTypePatch>;

/** The micro-site's feedback types: the active ones, in both languages. */
export const microSiteFeedbackType = feedbackType.pick({
  _id: true,
  feedback_type_name: true,
  feedback_type_name_en: true,
});
