import {
  type Feedback,
  type FeedbackDetail,
  type FeedbackMailReply,
  type FeedbackSmsReply,
  type FeedbackStatusInput,
  type FeedbackType,
  type FeedbackTypeInput,
  type FeedbackTypePatch,
  type FeedbackValues,
  type ListResponse,
  type MicroSiteFeedbackInput,
  paginationOf,
} from '@avlu/contracts';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { SmsConfig } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { assertStoredImage, type Files } from '../../platform/files/files';
import type { Mailer } from '../../platform/mail';
import type { SmsSender } from '../../platform/sms';
import { activeIn } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { staffMessageMail } from '../mail/staff-message-mail';
import { spendStaffSmsBudget, type WarnLog } from '../micro-site/sms-codes.service';
import type { Acting } from '../users/acting';
import { feedbackReplies, feedbacks, feedbackTypes } from './feedbacks.tables';

const typeInMall = (locationId: string) => eq(feedbackTypes.location_id, locationId);
const inMall = (locationId: string) => eq(feedbacks.location_id, locationId);
const iso = (date: Date) => date.toISOString();

// ---- Types -------------------------------------------------------------------------------------

const typeCount =
  sql<number>`(select count(*) from feedbacks f where f.feedback_type = "feedback_types"."_id")`.mapWith(
    Number,
  );
const typeFields = {
  _id: feedbackTypes._id,
  feedback_type_name: feedbackTypes.feedback_type_name,
  feedback_type_name_en: feedbackTypes.feedback_type_name_en,
  feedback_type_is_active: feedbackTypes.feedback_type_is_active,
  feedback_type_count: typeCount,
  created_at: feedbackTypes.created_at,
  updated_at: feedbackTypes.updated_at,
};
type TypeRow = Omit<FeedbackType, 'createdAt' | 'updatedAt'> & { created_at: Date; updated_at: Date };
const toType = ({ created_at, updated_at, ...row }: TypeRow): FeedbackType => ({
  ...row,
  createdAt: iso(created_at),
  updatedAt: iso(updated_at),
});

/** GET /feedback-types: every type of the mall, by its Turkish name. */
export const listFeedbackTypes = async (db: Database, locationId: string) =>
  (
    await db
      .select(typeFields)
      .from(feedbackTypes)
      .where(typeInMall(locationId))
      .orderBy(asc(feedbackTypes.feedback_type_name_key), asc(feedbackTypes._id))
  ).map(toType);

const readType = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(typeFields)
    .from(feedbackTypes)
    .where(and(eq(feedbackTypes._id, id), typeInMall(locationId)));
  if (!row) throw notFound();
  return toType(row);
};

const typeNameTaken = rethrowNameTaken({
  feedback_types_name_key: 'feedback_type_name',
  feedback_types_name_en_key: 'feedback_type_name_en',
});

const assertTypeNamesFree = (
  tx: Database,
  locationId: string,
  names: { feedback_type_name?: string; feedback_type_name_en?: string },
  except?: string,
) =>
  assertNamesFree(
    tx,
    feedbackTypes,
    feedbackTypes._id,
    [
      ...(names.feedback_type_name !== undefined
        ? [
            {
              key: feedbackTypes.feedback_type_name_key,
              name: names.feedback_type_name,
              field: 'feedback_type_name',
            },
          ]
        : []),
      ...(names.feedback_type_name_en !== undefined
        ? [
            {
              key: feedbackTypes.feedback_type_name_en_key,
              name: names.feedback_type_name_en,
              field: 'feedback_type_name_en',
            },
          ]
        : []),
    ],
    { scope: typeInMall(locationId), except },
  );

const nameKeys = (names: { feedback_type_name?: string; feedback_type_name_en?: string }) => ({
  ...(names.feedback_type_name !== undefined && {
    feedback_type_name_key: nameKey(names.feedback_type_name),
  }),
  ...(names.feedback_type_name_en !== undefined && {
    feedback_type_name_en_key: nameKey(names.feedback_type_name_en),
  }),
});

/** POST /feedback-types: names unique per mall in each language (409 NAME_TAKEN). */
export const createFeedbackType = (
  db: Database,
  locationId: string,
  input: Required<FeedbackTypeInput>,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      await assertTypeNamesFree(tx, locationId, input);
      const [row] = await tx
        .insert(feedbackTypes)
        .values({
          ...input,
          ...nameKeys(input),
          location_id: locationId,
        } as typeof feedbackTypes.$inferInsert)
        .returning({ _id: feedbackTypes._id });
      await audit(tx, actor, {
        action: 'feedback_type.created',
        entity: 'feedback_type',
        entityId: row!._id,
        details: { ...input },
      });
      return readType(tx, locationId, row!._id);
    })
    .catch(typeNameTaken);

/**
 * PATCH /feedback-types/{id}: the fields sent, applied one after another: the row is locked first, so
 * two changes at once are applied in turn and neither is lost. 404 for another mall's.
 */
export const patchFeedbackType = (
  db: Database,
  locationId: string,
  id: string,
  patch: FeedbackTypePatch,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const [locked] = await tx
        .select({ _id: feedbackTypes._id })
        .from(feedbackTypes)
        .where(and(eq(feedbackTypes._id, id), typeInMall(locationId)))
        .for('update');
      if (!locked) throw notFound();
      await assertTypeNamesFree(tx, locationId, patch, id);
      await tx
        .update(feedbackTypes)
        .set({ ...patch, ...nameKeys(patch) })
        .where(eq(feedbackTypes._id, id));
      await audit(tx, actor, {
        action: 'feedback_type.updated',
        entity: 'feedback_type',
        entityId: id,
        details: { ...patch },
      });
      return readType(tx, locationId, id);
    })
    .catch(typeNameTaken);

// ---- Feedback ----------------------------------------------------------------------------------

const feedbackFields = {
  _id: feedbacks._id,
  feedback_title: feedbacks.feedback_title,
  feedback_name: feedbacks.feedback_name,
  feedback_surname: feedbacks.feedback_surname,
  feedback_anonymous: feedbacks.feedback_anonymous,
  feedback_gender: feedbacks.feedback_gender,
  feedback_email: feedbacks.feedback_email,
  feedback_phone_number: feedbacks.feedback_phone_number,
  feedback_type: feedbacks.feedback_type,
  feedback_type_name: feedbackTypes.feedback_type_name,
  feedback_type_name_en: feedbackTypes.feedback_type_name_en,
  feedback_text: feedbacks.feedback_text,
  feedback_file: feedbacks.feedback_file,
  feedback_status: feedbacks.feedback_status,
  feedback_source: feedbacks.feedback_source,
  customer_id: feedbacks.customer_id,
  created_at: feedbacks.created_at,
  updated_at: feedbacks.updated_at,
};
type FeedbackRow = Omit<Feedback, 'createdAt' | 'updatedAt'> & { created_at: Date; updated_at: Date };
const toFeedback = ({ created_at, updated_at, ...row }: FeedbackRow): Feedback => ({
  ...row,
  createdAt: iso(created_at),
  updatedAt: iso(updated_at),
});

const feedbackRows = (db: Database, where: SQL) =>
  db
    .select(feedbackFields)
    .from(feedbacks)
    .innerJoin(feedbackTypes, eq(feedbackTypes._id, feedbacks.feedback_type))
    .where(where);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** GET /core/feedback?limit&page&filter: newest first; `filter` finds title, text, name or surname. */
export const listFeedbacks = async (
  db: Database,
  locationId: string,
  query: { limit: number; page: number; filter?: string; feedback_status?: string; feedback_type?: string },
): Promise<ListResponse<Feedback>> => {
  const like = query.filter && `%${escapeLike(query.filter)}%`;
  const where = and(
    inMall(locationId),
    like
      ? or(
          ilike(feedbacks.feedback_title, like),
          ilike(feedbacks.feedback_text, like),
          ilike(feedbacks.feedback_name, like),
          ilike(feedbacks.feedback_surname, like),
        )
      : undefined,
    query.feedback_status
      ? eq(feedbacks.feedback_status, query.feedback_status as Feedback['feedback_status'])
      : undefined,
    query.feedback_type ? eq(feedbacks.feedback_type, query.feedback_type) : undefined,
  )!;
  const [rows, [counted]] = await Promise.all([
    feedbackRows(db, where)
      .orderBy(desc(feedbacks.created_at), desc(feedbacks._id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(feedbacks)
      .where(where),
  ]);
  return {
    data: rows.map((row) => toFeedback(row as FeedbackRow)),
    pagination: paginationOf(counted!.count, { limit: query.limit, currentPage: query.page }),
  };
};

const readFeedback = async (db: Database, locationId: string, id: string) => {
  const [row] = await feedbackRows(db, and(eq(feedbacks._id, id), inMall(locationId))!);
  if (!row) throw notFound();
  return toFeedback(row as FeedbackRow);
};

/** GET /core/feedback/{id}: the feedback with every answer sent, oldest first. */
export const getFeedback = async (db: Database, locationId: string, id: string): Promise<FeedbackDetail> => {
  const feedback = await readFeedback(db, locationId, id);
  const replies = await db
    .select()
    .from(feedbackReplies)
    .where(eq(feedbackReplies.feedback_id, id))
    .orderBy(asc(feedbackReplies.sent_at), asc(feedbackReplies._id));
  return {
    ...feedback,
    feedback_replies: replies.map((reply) => ({
      channel: reply.feedback_reply_channel,
      title: reply.feedback_reply_title,
      text: reply.feedback_reply_text,
      to: reply.feedback_reply_to,
      sent_at: iso(reply.sent_at),
      sent_by: reply.sent_by,
    })),
  };
};

/** The type must be one of the mall's active types (400 naming feedback_type). */
const assertTypeUsable = async (db: Database, locationId: string, typeId: string) => {
  const [type] = await db
    .select({ active: feedbackTypes.feedback_type_is_active })
    .from(feedbackTypes)
    .where(and(eq(feedbackTypes._id, typeId), typeInMall(locationId)));
  if (!type?.active) throw invalidFields({ feedback_type: 'feedbackTypeUnknown' });
};

const insertFeedback = async (
  tx: Database,
  locationId: string,
  values: typeof feedbacks.$inferInsert,
  actor: Acting | { customerId: string },
) => {
  const [row] = await tx.insert(feedbacks).values(values).returning({ _id: feedbacks._id });
  if ('staff' in actor)
    await audit(tx, actor, {
      action: 'feedback.created',
      entity: 'feedback',
      entityId: row!._id,
      details: { feedback_title: values.feedback_title },
    });
  return readFeedback(tx, locationId, row!._id);
};

/**
 * POST /core/feedback: staff write down what a visitor said at the desk or on the phone. The file is
 * an image of our store (`POST /api/files` checked its bytes); an anonymous feedback keeps nothing
 * personal. Nothing is saved when any check fails.
 */
export const createFeedback = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  values: FeedbackValues,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    await assertTypeUsable(tx, locationId, values.feedback_type);
    await assertStoredImage(tx, files, 'feedback_file', values.feedback_file);
    const anonymous = values.feedback_anonymous;
    return insertFeedback(
      tx,
      locationId,
      {
        location_id: locationId,
        feedback_title: values.feedback_title,
        feedback_anonymous: anonymous,
        feedback_name: anonymous ? null : (values.feedback_name ?? null),
        feedback_surname: anonymous ? null : (values.feedback_surname ?? null),
        feedback_gender: anonymous ? null : (values.feedback_gender ?? null),
        feedback_email: anonymous ? null : (values.feedback_email ?? null),
        feedback_phone_number: anonymous ? null : (values.feedback_phone_number ?? null),
        feedback_type: values.feedback_type,
        feedback_text: values.feedback_text,
        feedback_file: values.feedback_file ?? null,
        feedback_source: 'back_office',
      },
      actor,
    );
  });

/**
 * POST /ext/app/feedback: a signed-in customer's feedback from the micro-site. Named, it carries the
 * customer's name, gender, phone and email from their record; anonymous, nothing of them, not even
 * the link to the customer.
 */
export const createMicroSiteFeedback = (
  db: Database,
  locationId: string,
  customerId: string,
  values: Required<MicroSiteFeedbackInput>,
) =>
  db.transaction(async (tx) => {
    await assertTypeUsable(tx, locationId, values.feedback_type);
    const [customer] = await tx
      .select({
        name: customers.customer_name,
        surname: customers.customer_surname,
        gender: customers.customer_gender,
        email: customers.customer_email,
        phone: customers.customer_phone,
      })
      .from(customers)
      .where(and(eq(customers._id, customerId), activeIn(locationId)));
    if (!customer) throw notFound();
    const anonymous = values.feedback_anonymous;
    const feedback = await insertFeedback(
      tx,
      locationId,
      {
        location_id: locationId,
        feedback_title: values.feedback_title,
        feedback_anonymous: anonymous,
        feedback_name: anonymous ? null : customer.name,
        feedback_surname: anonymous ? null : customer.surname,
        feedback_gender: anonymous ? null : customer.gender,
        feedback_email: anonymous ? null : customer.email,
        feedback_phone_number: anonymous ? null : customer.phone,
        feedback_type: values.feedback_type,
        feedback_text: values.feedback_text,
        feedback_source: 'micro_site',
        customer_id: anonymous ? null : customerId,
      },
      { customerId },
    );
    return { _id: feedback._id, feedback_title: feedback.feedback_title, createdAt: feedback.createdAt };
  });

/** The micro-site's picker: the mall's active types. */
export const microSiteFeedbackTypes = (db: Database, locationId: string) =>
  db
    .select({
      _id: feedbackTypes._id,
      feedback_type_name: feedbackTypes.feedback_type_name,
      feedback_type_name_en: feedbackTypes.feedback_type_name_en,
    })
    .from(feedbackTypes)
    .where(and(typeInMall(locationId), eq(feedbackTypes.feedback_type_is_active, true)))
    .orderBy(asc(feedbackTypes.feedback_type_name_key));

const lockFeedback = async (tx: Database, locationId: string, id: string) => {
  const [row] = await tx
    .select({
      status: feedbacks.feedback_status,
      title: feedbacks.feedback_title,
      phone: feedbacks.feedback_phone_number,
      email: feedbacks.feedback_email,
    })
    .from(feedbacks)
    .where(and(eq(feedbacks._id, id), inMall(locationId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/**
 * PUT /core/feedback/{id}: viewed or informed. Informing cannot be undone (spec §4): an informed
 * feedback answers 409 FEEDBACK_INFORMED to anything but informed again.
 */
export const changeFeedbackStatus = (
  db: Database,
  locationId: string,
  id: string,
  input: FeedbackStatusInput,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const current = await lockFeedback(tx, locationId, id);
    if (current.status === 'informed' && input.feedback_status !== 'informed')
      throw new AppError('FEEDBACK_INFORMED', 409);
    if (current.status !== input.feedback_status) {
      await tx.update(feedbacks).set({ feedback_status: input.feedback_status }).where(eq(feedbacks._id, id));
      await audit(tx, actor, {
        action: 'feedback.status_changed',
        entity: 'feedback',
        entityId: id,
        details: { from: current.status, to: input.feedback_status },
      });
    }
    return getFeedback(tx, locationId, id);
  });

export type FeedbackReplyDeps = { sms: SmsSender; mailer: Mailer; smsConfig: SmsConfig; log: WarnLog };

const mallNameOf = async (tx: Database, locationId: string) =>
  (
    await tx.select({ name: locations.location_name }).from(locations).where(eq(locations._id, locationId))
  )[0]!;

const recordReply = async (
  tx: Database,
  id: string,
  reply: { channel: 'sms' | 'mail'; title: string; text: string; to: string },
  actor: Acting,
) => {
  await tx.insert(feedbackReplies).values({
    feedback_id: id,
    feedback_reply_channel: reply.channel,
    feedback_reply_title: reply.title,
    feedback_reply_text: reply.text,
    feedback_reply_to: reply.to,
    sent_by: actor.staff._id,
  });
  await tx.update(feedbacks).set({ feedback_status: 'informed' }).where(eq(feedbacks._id, id));
  await audit(tx, actor, {
    action: `feedback.replied_by_${reply.channel}`,
    entity: 'feedback',
    entityId: id,
    details: { title: reply.title },
  });
};

/**
 * PUT /feedback/{id}/send-sms: the answer goes to the feedback's phone through the platform's SMS
 * sender (in the transaction: the outbox keeps it only if the answer is saved; a gateway that refuses
 * it saves nothing), counted against the mall's SMS budget; the feedback becomes informed for good.
 * A feedback without a phone (anonymous) answers 400 naming feedback_phone_number.
 */
export const replyBySms = (
  db: Database,
  deps: FeedbackReplyDeps,
  locationId: string,
  id: string,
  input: FeedbackSmsReply,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const feedback = await lockFeedback(tx, locationId, id);
    if (!feedback.phone) throw invalidFields({ feedback_phone_number: 'feedbackNoPhone' });
    await spendStaffSmsBudget(tx, { config: deps.smsConfig, log: deps.log }, locationId);
    await recordReply(
      tx,
      id,
      { channel: 'sms', title: input.sms_title, text: input.sms_text, to: feedback.phone },
      actor,
    );
    // Through the mall's transactional SMS account when it has one (spec §3), as the mail below.
    await deps.sms.send(
      { to: feedback.phone, text: input.sms_text },
      { db: tx, mall: { locationId, account: 'transactional' } },
    );
    return getFeedback(tx, locationId, id);
  });

/**
 * PUT /feedback/{id}/send-mail: the answer goes to the feedback's email through the platform's mailer
 * (in the transaction, as the SMS); the feedback becomes informed for good. Without an address, 400
 * naming feedback_email.
 */
export const replyByMail = (
  db: Database,
  deps: FeedbackReplyDeps,
  locationId: string,
  id: string,
  input: FeedbackMailReply,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const feedback = await lockFeedback(tx, locationId, id);
    if (!feedback.email) throw invalidFields({ feedback_email: 'feedbackNoEmail' });
    const mall = await mallNameOf(tx, locationId);
    await recordReply(
      tx,
      id,
      { channel: 'mail', title: input.mail_title, text: input.mail_text, to: feedback.email },
      actor,
    );
    await deps.mailer.send(
      staffMessageMail(feedback.email, {
        mall: mall.name,
        title: input.mail_title,
        text: input.mail_text,
        about: `Bu e-posta, ${mall.name} için yazdığınız “${feedback.title}” başlıklı geri bildirime yanıttır.`,
      }),
      // Through the mall's transactional mail account when it has one (spec §3).
      { db: tx, mall: { locationId, account: 'transactional' } },
    );
    return getFeedback(tx, locationId, id);
  });
