import {
  type Language,
  type SurveyQuestion,
  surveyExportLabels,
  surveyQuestionTypeLabels,
} from '@avlu/contracts';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { type ExportColumn, type Labels, sendExport } from '../../platform/excel/xlsx-export';
import { customers } from '../customers/customers.tables';
import type { Mall } from '../customers/mall-date';
import { listSurveyQuestions } from './surveys.service';
import { type StoredSurveyAnswer, surveyAnswers, surveys } from './surveys.tables';

const label = (key: keyof (typeof surveyExportLabels)['tr']): Labels => ({
  tr: surveyExportLabels.tr[key],
  en: surveyExportLabels.en[key],
});

type AnswerRow = {
  _id: string;
  created_at: Date;
  customer_name: string | null;
  customer_surname: string | null;
  customer_phone: string;
  items: StoredSurveyAnswer[];
};

const PAGE = 1000;

/** The survey's answers, oldest first, in keyset pages of (created_at, _id): memory stays flat. */
async function* answerRows(db: Database, surveyId: string): AsyncGenerator<AnswerRow> {
  let after: { created_at: Date; _id: string } | undefined;
  for (;;) {
    const page = await db
      .select({
        _id: surveyAnswers._id,
        created_at: surveyAnswers.created_at,
        customer_name: customers.customer_name,
        customer_surname: customers.customer_surname,
        customer_phone: customers.customer_phone,
        items: surveyAnswers.survey_answer_items,
      })
      .from(surveyAnswers)
      .innerJoin(customers, eq(customers._id, surveyAnswers.customer_id))
      .where(
        and(
          eq(surveyAnswers.survey_id, surveyId),
          after
            ? or(
                gt(surveyAnswers.created_at, after.created_at),
                and(eq(surveyAnswers.created_at, after.created_at), gt(surveyAnswers._id, after._id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(surveyAnswers.created_at), asc(surveyAnswers._id))
      .limit(PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1];
  }
}

/** A question's column on the answers sheet: its order and text as the header, the answer as the cell. */
const questionColumn = (question: SurveyQuestion): ExportColumn<AnswerRow> => {
  const header = `${question.survey_question_order}. ${question.survey_question_text}`;
  const answer = (row: AnswerRow) => row.items.find((item) => item.survey_question_id === question._id);
  const common = { header: { tr: header, en: header }, width: 30 };
  if (question.survey_question_type === 'star_rating')
    return { ...common, kind: 'number', value: (row) => answer(row)?.stars, width: 14 };
  if (question.survey_question_type === 'free_text')
    return { ...common, kind: 'text', value: (row) => answer(row)?.text, width: 40 };
  return { ...common, kind: 'text', value: (row) => answer(row)?.choices?.join('; ') };
};

type CountRow = { order: number; question: string; type: string; choice: string; count: number };

/**
 * The counts sheet: for each question in order, every choice with how many picked it (a choice no
 * one picked shows 0), every star from 1 to 5, and how many wrote a free-text answer. Counted in SQL.
 */
const countRows = async (
  db: Database,
  surveyId: string,
  questions: readonly SurveyQuestion[],
  lang: Language,
) => {
  const { rows } = (await db.execute(sql`
    select item->>'survey_question_id' as question_id, choice.value as value, count(*) as count
      from ${surveyAnswers} answer
      cross join lateral jsonb_array_elements(answer.survey_answer_items) item
      cross join lateral jsonb_array_elements_text(
        case when item ? 'choices' then item->'choices'
             when item ? 'stars' then jsonb_build_array(item->>'stars')
             else jsonb_build_array('') end) choice
     where answer.survey_id = ${surveyId}
     group by 1, 2`)) as unknown as {
    rows: { question_id: string; value: string; count: number | string }[];
  };
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(`${row.question_id}\u0000${row.value}`, Number(row.count));
  const countOf = (question: SurveyQuestion, value: string) =>
    counts.get(`${question._id}\u0000${value}`) ?? 0;
  const words = surveyExportLabels[lang];
  const result: CountRow[] = [];
  for (const question of questions) {
    const base = {
      order: question.survey_question_order,
      question: question.survey_question_text,
      type: question.survey_question_type,
    };
    if (question.survey_question_type === 'star_rating')
      for (let stars = 1; stars <= 5; stars++)
        result.push({
          ...base,
          choice: words.stars.replace('{{stars}}', String(stars)),
          count: countOf(question, String(stars)),
        });
    else if (question.survey_question_type === 'free_text')
      result.push({ ...base, choice: words.freeTextAnswers, count: countOf(question, '') });
    else
      for (const choice of question.survey_question_choices)
        result.push({ ...base, choice, count: countOf(question, choice) });
  }
  return result;
};

const countColumns: readonly ExportColumn<CountRow>[] = [
  { header: label('question_order'), kind: 'number', value: (row) => row.order, width: 8 },
  { header: label('question'), kind: 'text', value: (row) => row.question, width: 50 },
  {
    header: label('question_type'),
    kind: 'enum',
    value: (row) => row.type,
    labels: surveyQuestionTypeLabels,
    width: 16,
  },
  { header: label('choice'), kind: 'text', value: (row) => row.choice, width: 30 },
  { header: label('count'), kind: 'number', value: (row) => row.count, width: 10 },
];

/** A file name of the survey's title in letters, digits and dashes. */
const fileName = (title: string) =>
  `${
    title
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'survey'
  }.xlsx`;

/**
 * `GET /survey/{id}/export`: a sheet with a row per customer's answers (time, customer, a column per
 * question in order) and a sheet of counts per choice, in the request's language. 404 for another
 * mall's survey, checked before the first byte.
 */
export const exportSurvey = async (
  db: Database,
  mall: Mall,
  surveyId: string,
  lang: Language,
  reply: FastifyReply,
) => {
  const questions = await listSurveyQuestions(db, mall._id, surveyId);
  const [survey] = await db
    .select({ title: surveys.survey_title })
    .from(surveys)
    .where(eq(surveys._id, surveyId));
  const columns: ExportColumn<AnswerRow>[] = [
    { header: label('answeredAt'), kind: 'datetime', value: (row) => row.created_at, width: 18 },
    { header: label('customer_name'), kind: 'text', value: (row) => row.customer_name, width: 16 },
    { header: label('customer_surname'), kind: 'text', value: (row) => row.customer_surname, width: 16 },
    { header: label('customer_phone'), kind: 'phone', value: (row) => row.customer_phone, width: 16 },
    ...questions.map(questionColumn),
  ];
  const counts = await countRows(db, surveyId, questions, lang);
  return sendExport(reply, {
    filename: fileName(survey!.title),
    sheetName: label('answersSheet'),
    lang,
    timezone: mall.location_meta.timezone,
    columns,
    rows: answerRows(db, surveyId),
    moreSheets: [{ sheetName: label('countsSheet'), columns: countColumns, rows: counts }],
  });
};
