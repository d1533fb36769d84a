import {
  type ListResponse,
  SURVEY_LIMITS,
  type Survey,
  type SurveyAnswerItem,
  type SurveyInput,
  type SurveyQuestion,
  type SurveyQuestionInput,
  type SurveyQuestionWithCounts,
  type SurveySortKey,
  surveyAnswersInput,
  surveyInput,
  surveyQuestionInput,
  surveyStars,
  surveyTypesWithChoices,
} from '@avlu/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound, schemaError } from '../../platform/errors';
import { campaigns } from '../campaigns/campaigns.tables';
import { activeIn } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import type { Acting } from '../users/acting';
import { type StoredSurveyAnswer, surveyAnswers, surveyQuestions, surveys } from './surveys.tables';

const inMall = (locationId: string) => eq(surveys.location_id, locationId);

// Written out in SQL: inside a subquery drizzle would leave the outer table's columns unqualified.
const questionCount =
  sql<number>`(select count(*) from survey_questions q where q.survey_id = "surveys"."_id")`.mapWith(Number);
const answerCount =
  sql<number>`(select count(*) from survey_answers a where a.survey_id = "surveys"."_id")`.mapWith(Number);

const surveyFields = {
  _id: surveys._id,
  survey_title: surveys.survey_title,
  survey_description: surveys.survey_description,
  survey_start_at: surveys.survey_start_at,
  survey_end_at: surveys.survey_end_at,
  survey_question_count: questionCount,
  survey_answer_count: answerCount,
  created_at: surveys.created_at,
  updated_at: surveys.updated_at,
};

export const surveyList = listSource({
  table: surveys,
  fields: surveyFields,
  uniqueKey: surveys._id,
  search: [surveys.survey_title],
  sortable: {
    survey_title: alphabetical(surveys.survey_title),
    survey_start_at: surveys.survey_start_at,
    survey_end_at: surveys.survey_end_at,
    createdAt: surveys.created_at,
  } satisfies Record<SurveySortKey, unknown>,
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

type SurveyRow = {
  _id: string;
  survey_title: string;
  survey_description: string;
  survey_start_at: Date;
  survey_end_at: Date;
  survey_question_count: number;
  survey_answer_count: number;
  created_at: Date;
  updated_at: Date;
};

const toSurvey = ({ created_at, updated_at, survey_start_at, survey_end_at, ...row }: SurveyRow): Survey => ({
  ...row,
  survey_start_at: survey_start_at.toISOString(),
  survey_end_at: survey_end_at.toISOString(),
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

type QuestionRow = typeof surveyQuestions.$inferSelect;
const toQuestion = ({ location_id: _, created_at, updated_at, ...row }: QuestionRow): SurveyQuestion => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

/** GET /survey: one page of the mall's surveys, keyword on the title, newest first. */
export const listSurveys = async (
  db: Database,
  locationId: string,
  query: ListRequest<SurveySortKey>,
): Promise<ListResponse<Survey>> => {
  const page = await listPage(db, surveyList, query, inMall(locationId));
  return { ...page, data: page.data.map(toSurvey) };
};

const readSurvey = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(surveyFields)
    .from(surveys)
    .where(and(eq(surveys._id, id), inMall(locationId)));
  if (!row) throw notFound();
  return toSurvey(row);
};

/** The survey's row locked for the rest of the transaction (every question and answer write takes it); 404 for another mall's. */
const lockSurvey = async (tx: Database, locationId: string, id: string) => {
  const [row] = await tx
    .select({ _id: surveys._id, survey_title: surveys.survey_title })
    .from(surveys)
    .where(and(eq(surveys._id, id), inMall(locationId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

const answersOf = async (db: Database, surveyId: string) =>
  (
    await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.survey_id, surveyId))
  )[0]!.count;

const auditSurvey = (db: Database, actor: Acting, action: string, id: string, details: object) =>
  audit(db, actor, { action, entity: 'survey', entityId: id, details: { ...details } });

const checkedSurvey = async (db: Database, locationId: string, input: SurveyInput, except?: string) => {
  const values = surveyInput.parse(input);
  await assertNamesFree(
    db,
    surveys,
    surveys._id,
    [{ key: surveys.survey_title_key, name: values.survey_title, field: 'survey_title' }],
    { scope: inMall(locationId), except },
  );
  return {
    survey_title: values.survey_title,
    survey_title_key: nameKey(values.survey_title),
    survey_description: values.survey_description,
    survey_start_at: new Date(values.survey_start_at),
    survey_end_at: new Date(values.survey_end_at),
  };
};

const titleTaken = rethrowNameTaken({ surveys_title_key: 'survey_title' });

/** POST /survey. */
export const createSurvey = (db: Database, locationId: string, input: SurveyInput, actor: Acting) =>
  db
    .transaction(async (tx) => {
      const columns = await checkedSurvey(tx, locationId, input);
      const [row] = await tx
        .insert(surveys)
        .values({ ...columns, location_id: locationId })
        .returning({ _id: surveys._id });
      await auditSurvey(tx, actor, 'survey.created', row!._id, { survey_title: columns.survey_title });
      return readSurvey(tx, locationId, row!._id);
    })
    .catch(titleTaken);

/** PUT /survey/{id}: every field again; 404 for another mall's. */
export const updateSurvey = (
  db: Database,
  locationId: string,
  id: string,
  input: SurveyInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      await lockSurvey(tx, locationId, id);
      const columns = await checkedSurvey(tx, locationId, input, id);
      await tx
        .update(surveys)
        .set(columns)
        .where(and(eq(surveys._id, id), inMall(locationId)));
      await auditSurvey(tx, actor, 'survey.updated', id, { survey_title: columns.survey_title });
      return readSurvey(tx, locationId, id);
    })
    .catch(titleTaken);

/**
 * DELETE /survey/{id}: refused while customers' answers name it (409 SURVEY_HAS_ANSWERS, naming the
 * survey and the count: a mall keeps what its customers said, and closes a survey by its end date)
 * or a campaign of the mall that is not archived offers it (409 SURVEY_IN_USE). Its questions go with it.
 */
export const deleteSurvey = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const survey = await lockSurvey(tx, locationId, id);
    const count = await answersOf(tx, id);
    if (count > 0)
      throw new AppError('SURVEY_HAS_ANSWERS', 409, { params: { name: survey.survey_title, count } });
    const [campaign] = await tx
      .select({ name: campaigns.campaign_name })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.location_id, locationId),
          eq(campaigns.campaign_survey_id, id),
          ne(campaigns.campaign_status, 'archived'),
        ),
      )
      .limit(1);
    if (campaign)
      throw new AppError('SURVEY_IN_USE', 409, {
        params: { name: survey.survey_title, campaign: campaign.name },
      });
    await tx.delete(surveys).where(eq(surveys._id, id));
    await auditSurvey(tx, actor, 'survey.deleted', id, { survey_title: survey.survey_title });
  });

const questionsOf = async (db: Database, surveyId: string) =>
  db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.survey_id, surveyId))
    .orderBy(asc(surveyQuestions.survey_question_order), asc(surveyQuestions._id));

/** The survey's questions in their order (the export's columns); 404 for another mall's survey. */
export const listSurveyQuestions = async (db: Database, locationId: string, surveyId: string) => {
  const [survey] = await db
    .select({ _id: surveys._id })
    .from(surveys)
    .where(and(eq(surveys._id, surveyId), inMall(locationId)));
  if (!survey) throw notFound();
  return (await questionsOf(db, surveyId)).map(toQuestion);
};

type CountRow = { question_id: string; value: string | null; count: number | string };

/**
 * What the survey's answers say, counted in SQL in one pass: per question, how many answer sets
 * answered it (`value` null) and how many picked each choice or star (a written answer counts as
 * the value ''). Distinct answer sets, so a multiple choice answer counts once per question.
 */
const answerCounts = async (db: Database, surveyId: string) => {
  const { rows } = (await db.execute(sql`
    select item->>'survey_question_id' as question_id,
           case when grouping(choice.value) = 0 then choice.value end as value,
           count(distinct answer._id) as count
      from ${surveyAnswers} answer
      cross join lateral jsonb_array_elements(answer.survey_answer_items) item
      cross join lateral jsonb_array_elements_text(
        case when item ? 'choices' then item->'choices'
             when item ? 'stars' then jsonb_build_array(item->>'stars')
             else jsonb_build_array('') end) choice
     where answer.survey_id = ${surveyId}
     group by grouping sets ((item->>'survey_question_id'), (item->>'survey_question_id', choice.value))`)) as unknown as {
    rows: CountRow[];
  };
  const answered = new Map<string, number>();
  const picked = new Map<string, number>();
  for (const row of rows)
    if (row.value === null) answered.set(row.question_id, Number(row.count));
    else picked.set(`${row.question_id}\u0000${row.value}`, Number(row.count));
  return (questionId: string, value?: string) =>
    (value === undefined ? answered.get(questionId) : picked.get(`${questionId}\u0000${value}`)) ?? 0;
};

/**
 * GET /survey/{id}/questions: in their order, each with its counts (`surveyQuestionWithCounts`):
 * every choice, every star 1…5 with the average, the answers of free text. 404 for another mall's survey.
 */
export const listSurveyQuestionsWithCounts = async (
  db: Database,
  locationId: string,
  surveyId: string,
): Promise<SurveyQuestionWithCounts[]> => {
  const questions = await listSurveyQuestions(db, locationId, surveyId);
  const countOf = await answerCounts(db, surveyId);
  return questions.map((question) => {
    const type = question.survey_question_type;
    const starCounts =
      type === 'star_rating'
        ? surveyStars.map((stars) => ({ stars, count: countOf(question._id, String(stars)) }))
        : [];
    const rated = starCounts.reduce((sum, { count }) => sum + count, 0);
    return {
      ...question,
      survey_question_answer_count: countOf(question._id),
      survey_question_counts: surveyTypesWithChoices.includes(type)
        ? question.survey_question_choices.map((choice) => ({ choice, count: countOf(question._id, choice) }))
        : [],
      survey_question_star_counts: starCounts,
      survey_question_star_average:
        rated > 0 ? starCounts.reduce((sum, { stars, count }) => sum + stars * count, 0) / rated : null,
    };
  });
};

/**
 * Writes 1…n as the order of `ids` where a question's order differs: the survey's row is locked by
 * the caller, so no other write sees the orders half-renumbered.
 */
const renumber = async (tx: Database, ordered: readonly { _id: string; survey_question_order: number }[]) => {
  for (const [index, question] of ordered.entries())
    if (question.survey_question_order !== index + 1)
      await tx
        .update(surveyQuestions)
        .set({ survey_question_order: index + 1 })
        .where(eq(surveyQuestions._id, question._id));
};

/** `order` (1-based) kept within 1…length + 1 of the list it is placed into. */
const placeAt = <T>(list: readonly T[], item: T, order: number | undefined) => {
  const index = Math.min(Math.max((order ?? list.length + 1) - 1, 0), list.length);
  return [...list.slice(0, index), item, ...list.slice(index)];
};

const answered = (survey: { survey_title: string }) =>
  new AppError('SURVEY_ANSWERED', 409, { params: { name: survey.survey_title } });

/** POST /survey/{id}/questions: last unless `survey_question_order` places it; 409 once the survey has answers. */
export const createSurveyQuestion = (
  db: Database,
  locationId: string,
  surveyId: string,
  input: SurveyQuestionInput,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const survey = await lockSurvey(tx, locationId, surveyId);
    const values = surveyQuestionInput.parse(input);
    if ((await answersOf(tx, surveyId)) > 0) throw answered(survey);
    const questions = await questionsOf(tx, surveyId);
    if (questions.length >= SURVEY_LIMITS.questions)
      throw invalidFields({ survey_question_text: 'surveyTooManyQuestions' });
    const [row] = await tx
      .insert(surveyQuestions)
      .values({
        location_id: locationId,
        survey_id: surveyId,
        survey_question_text: values.survey_question_text,
        survey_question_type: values.survey_question_type,
        survey_question_choices: values.survey_question_choices,
        survey_question_order: questions.length + 1,
      })
      .returning();
    await renumber(tx, placeAt(questions, row!, values.survey_question_order));
    await auditSurvey(tx, actor, 'survey.question_created', surveyId, { survey_question_id: row!._id });
    return toQuestion((await questionsOf(tx, surveyId)).find((question) => question._id === row!._id)!);
  });

const sameChoices = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((choice, index) => choice === b[index]);

/**
 * PUT /survey/{id}/questions/{qid}: the whole question again. `survey_question_order` moves it and
 * renumbers the others in the same transaction. Once the survey has answers only the text and the
 * order may change (409 SURVEY_ANSWERED otherwise).
 */
export const updateSurveyQuestion = (
  db: Database,
  locationId: string,
  surveyId: string,
  questionId: string,
  input: SurveyQuestionInput,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const survey = await lockSurvey(tx, locationId, surveyId);
    const values = surveyQuestionInput.parse(input);
    const questions = await questionsOf(tx, surveyId);
    const current = questions.find((question) => question._id === questionId);
    if (!current) throw notFound();
    const reshaped =
      current.survey_question_type !== values.survey_question_type ||
      !sameChoices(current.survey_question_choices, values.survey_question_choices);
    if (reshaped && (await answersOf(tx, surveyId)) > 0) throw answered(survey);
    await tx
      .update(surveyQuestions)
      .set({
        survey_question_text: values.survey_question_text,
        survey_question_type: values.survey_question_type,
        survey_question_choices: values.survey_question_choices,
      })
      .where(eq(surveyQuestions._id, questionId));
    if (values.survey_question_order !== undefined) {
      const others = questions.filter((question) => question._id !== questionId);
      await renumber(tx, placeAt(others, current, values.survey_question_order));
    }
    await auditSurvey(tx, actor, 'survey.question_updated', surveyId, { survey_question_id: questionId });
    return toQuestion((await questionsOf(tx, surveyId)).find((question) => question._id === questionId)!);
  });

/** DELETE /survey/{id}/questions/{qid}: the others close up (1…n); 409 once the survey has answers. */
export const deleteSurveyQuestion = (
  db: Database,
  locationId: string,
  surveyId: string,
  questionId: string,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const survey = await lockSurvey(tx, locationId, surveyId);
    const questions = await questionsOf(tx, surveyId);
    if (!questions.some((question) => question._id === questionId)) throw notFound();
    if ((await answersOf(tx, surveyId)) > 0) throw answered(survey);
    await tx.delete(surveyQuestions).where(eq(surveyQuestions._id, questionId));
    await renumber(
      tx,
      questions.filter((question) => question._id !== questionId),
    );
    await auditSurvey(tx, actor, 'survey.question_deleted', surveyId, { survey_question_id: questionId });
  });

type CheckedQuestion = Pick<
  QuestionRow,
  '_id' | 'survey_question_type' | 'survey_question_choices' | 'survey_question_order'
>;
/** A refusal of one answer: the field inside the item and the validation key. */
type Refusal = { field: string; key: string };

/** One answer against its question: what is stored, nothing for a blank free text, or the refusal. */
const checkAnswer = (
  question: CheckedQuestion,
  item: SurveyAnswerItem,
): StoredSurveyAnswer | Refusal | undefined => {
  const { survey_answer_choices: choices, survey_answer_stars: stars, survey_answer_text: text } = item;
  const type = question.survey_question_type;
  const withChoices = surveyTypesWithChoices.includes(type);
  if (!withChoices && choices !== undefined)
    return { field: 'survey_answer_choices', key: 'surveyAnswerNotForType' };
  if (type !== 'star_rating' && stars !== undefined)
    return { field: 'survey_answer_stars', key: 'surveyAnswerNotForType' };
  if (type !== 'free_text' && text !== undefined)
    return { field: 'survey_answer_text', key: 'surveyAnswerNotForType' };
  if (type === 'star_rating')
    return stars === undefined
      ? { field: 'survey_answer_stars', key: 'surveyAnswerRequired' }
      : { survey_question_id: question._id, stars };
  if (type === 'free_text') return text ? { survey_question_id: question._id, text } : undefined;
  const picked = choices ?? [];
  if (picked.length === 0) return { field: 'survey_answer_choices', key: 'surveyAnswerRequired' };
  if (type === 'single' && picked.length !== 1)
    return { field: 'survey_answer_choices', key: 'surveyAnswerOneChoice' };
  const unknown = picked.findIndex((choice) => !question.survey_question_choices.includes(choice));
  if (unknown >= 0) return { field: `survey_answer_choices.${unknown}`, key: 'surveyAnswerChoiceUnknown' };
  const repeated = picked.findIndex((choice, position) => picked.indexOf(choice) !== position);
  if (repeated >= 0) return { field: `survey_answer_choices.${repeated}`, key: 'surveyChoiceRepeated' };
  return { survey_question_id: question._id, choices: picked };
};

/**
 * A customer's answers checked against the survey's questions: each question once, the choices its
 * own (single: exactly one; multi: one or more, each once), stars 1–5, free text at most 1,000
 * characters; every question answered but free text. 400 naming `survey_answers.<index>.<field>`
 * (or `survey_answers` for an unanswered question), in the caller's language.
 */
export const checkSurveyAnswers = (
  questions: readonly CheckedQuestion[],
  items: readonly SurveyAnswerItem[],
): StoredSurveyAnswer[] => {
  const byId = new Map(questions.map((question) => [question._id, question]));
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  const stored: StoredSurveyAnswer[] = [];
  for (const [index, item] of items.entries()) {
    const question = byId.get(item.survey_question_id);
    const checked: StoredSurveyAnswer | Refusal | undefined = !question
      ? { field: 'survey_question_id', key: 'surveyQuestionUnknown' }
      : seen.has(question._id)
        ? { field: 'survey_question_id', key: 'surveyQuestionRepeated' }
        : checkAnswer(question, item);
    if (question) seen.add(question._id);
    if (checked && 'key' in checked) fields[`survey_answers.${index}.${checked.field}`] = checked.key;
    else if (checked) stored.push(checked);
  }
  if (Object.keys(fields).length === 0) {
    const missing = questions.find(
      (question) => question.survey_question_type !== 'free_text' && !seen.has(question._id),
    );
    if (missing) fields.survey_answers = 'surveyAnswerRequired';
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  const order = new Map(questions.map((question) => [question._id, question.survey_question_order]));
  return stored.sort((a, b) => order.get(a.survey_question_id)! - order.get(b.survey_question_id)!);
};

/**
 * Records a customer's answers to an open survey of their mall (the micro-site's call, issue 15 #7,
 * calls this): checked by `checkSurveyAnswers`, one set per customer and survey (409
 * SURVEY_ALREADY_ANSWERED, by the unique key, so two submissions at once save one), under a share
 * lock of the survey's row, so its questions cannot change meanwhile.
 */
export const recordSurveyAnswers = (
  db: Database,
  locationId: string,
  surveyId: string,
  customerId: string,
  input: unknown,
  now: Date = new Date(),
) =>
  db.transaction(async (tx) => {
    const parsed = surveyAnswersInput.safeParse(input);
    if (!parsed.success) throw schemaError(parsed.error, 'body');
    const items = parsed.data.survey_answers;
    const [survey] = await tx
      .select({ start: surveys.survey_start_at, end: surveys.survey_end_at })
      .from(surveys)
      .where(and(eq(surveys._id, surveyId), inMall(locationId)))
      .for('share');
    if (!survey) throw notFound();
    if (now < survey.start || now >= survey.end) throw new AppError('SURVEY_NOT_OPEN', 409);
    const [customer] = await tx
      .select({ _id: customers._id })
      .from(customers)
      .where(and(eq(customers._id, customerId), activeIn(locationId)));
    if (!customer) throw invalidFields({ customer_id: 'surveyCustomerNotFound' });
    const stored = checkSurveyAnswers(await questionsOf(tx, surveyId), items);
    const [row] = await tx
      .insert(surveyAnswers)
      .values({
        location_id: locationId,
        survey_id: surveyId,
        customer_id: customerId,
        survey_answer_items: stored,
      })
      .onConflictDoNothing({ target: [surveyAnswers.survey_id, surveyAnswers.customer_id] })
      .returning({ _id: surveyAnswers._id });
    if (!row) throw new AppError('SURVEY_ALREADY_ANSWERED', 409);
    return { _id: row._id, survey_answer_items: stored };
  });

export { readSurvey as getSurvey };
