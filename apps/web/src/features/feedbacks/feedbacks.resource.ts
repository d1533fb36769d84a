import {
  checkFeedbackAnonymity,
  type Feedback,
  type FeedbackDetail,
  type FeedbackInput,
  type FeedbackMailReply,
  type FeedbackSmsReply,
  type FeedbackType,
  type FeedbackTypeInput,
  feedback,
  feedbackDetail,
  feedbackFields,
  feedbackInput,
  feedbackType,
  feedbackTypeInput,
  type ListQuery,
} from '@avlu/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';
import { defineResource, type RequestSpec } from '../../lib/resource';
import { imageValue } from '../account/upload-image';

/** GET /core/feedback?limit&page&filter (spec §7): the keyword travels as `filter`. */
const feedbackList = ({ pagination, keyword, filter }: ListQuery): RequestSpec => ({
  method: 'GET',
  path: '/core/feedback',
  query: {
    limit: pagination.limit,
    page: pagination.currentPage,
    ...(keyword && { filter: keyword }),
    ...Object.fromEntries(
      Object.entries((filter ?? {}) as Record<string, string>).filter(([, value]) => value),
    ),
  },
});

/** Feedback: the list and POST /core/feedback; the rows carry no answers. */
export const feedbacks = defineResource<Feedback, FeedbackInput>({
  name: 'feedbacks',
  path: '/core/feedback',
  item: feedback,
  input: feedbackInput,
  list: feedbackList,
  messages: { created: 'feedbacks:created' },
});

/**
 * GET /core/feedback/{id}: one feedback with the answers sent. The same name as the list, so the
 * list's actions refresh it too.
 */
export const feedbackDetails = defineResource<FeedbackDetail, never>({
  name: 'feedbacks',
  path: '/core/feedback',
  item: feedbackDetail,
});

/** Feedback types: GET and POST /feedback-types, PATCH /feedback-types/{id}. */
export const feedbackTypes = defineResource<FeedbackType, FeedbackTypeInput>({
  name: 'feedback-types',
  path: '/feedback-types',
  item: feedbackType,
  input: feedbackTypeInput,
  messages: { created: 'feedbacks:types.created' },
});

/**
 * PATCH /feedback-types/{id}: the spec queues a type's updates one after another, so each waits for
 * the one before it (the server locks the row too).
 */
let patchQueue: Promise<unknown> = Promise.resolve();
export const patchType = ({ id, ...patch }: { id: string } & Partial<FeedbackTypeInput>) => {
  const next = patchQueue.then(() => api.patch(`/feedback-types/${id}`, patch, { schema: feedbackType }));
  patchQueue = next.catch(() => undefined);
  return next;
};

export const setStatus = ({ id, status }: { id: string; status: 'viewed' | 'informed' }) =>
  api.put(`/core/feedback/${id}`, { feedback_status: status }, { schema: feedbackDetail });
export const sendSms = ({ id, ...body }: { id: string } & FeedbackSmsReply) =>
  api.put(`/feedback/${id}/send-sms`, body, { schema: feedbackDetail });
export const sendMail = ({ id, ...body }: { id: string } & FeedbackMailReply) =>
  api.put(`/feedback/${id}/send-mail`, body, { schema: feedbackDetail });

/** The form: the contracts input, with the file a chosen image (uploaded on save) or its URL. */
const blank = (value: unknown) => (value === '' ? undefined : value);
const PERSONAL = [
  'feedback_name',
  'feedback_surname',
  'feedback_gender',
  'feedback_email',
  'feedback_phone_number',
] as const;
/**
 * An anonymous feedback: the personal fields are hidden, so what they held before the box was ticked
 * is left out (kept in the form for unticking) rather than refused by a rule with no field on screen.
 */
const withoutHiddenPersonal = (values: unknown) =>
  values && typeof values === 'object' && (values as { feedback_anonymous?: unknown }).feedback_anonymous
    ? { ...values, ...Object.fromEntries(PERSONAL.map((field) => [field, undefined])) }
    : values;
const namedForm = feedbackFields
  .extend({
    feedback_name: z.preprocess(blank, feedbackFields.shape.feedback_name),
    feedback_surname: z.preprocess(blank, feedbackFields.shape.feedback_surname),
    feedback_gender: z.preprocess(blank, feedbackFields.shape.feedback_gender),
    feedback_email: z.preprocess(blank, feedbackFields.shape.feedback_email),
    feedback_phone_number: z.preprocess(blank, feedbackFields.shape.feedback_phone_number),
    feedback_type: z.preprocess(blank, feedbackFields.shape.feedback_type),
    feedback_file: imageValue.optional(),
  })
  .superRefine(checkFeedbackAnonymity);
// Typed as the object it ends in: the preprocessing only blanks keys of that same object.
export const feedbackForm = z.preprocess(withoutHiddenPersonal, namedForm) as unknown as typeof namedForm;
export type FeedbackFormInput = z.input<typeof feedbackForm>;
export type FeedbackFormValues = z.output<typeof feedbackForm>;
export const typeList = z.array(feedbackType);
