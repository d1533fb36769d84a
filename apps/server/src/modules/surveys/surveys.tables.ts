import type { SurveyQuestionType } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Spec §3 Survey (issue 15 #4): a mall's survey. The title is unique per mall as people read it
 * (`nameKey`): a survey campaign picks its survey by title.
 */
export const surveys = pgTable(
  'surveys',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    survey_title: varchar('survey_title', { length: 100 }).notNull(),
    survey_title_key: text('survey_title_key').notNull(),
    survey_description: text('survey_description').notNull(),
    survey_start_at: at('survey_start_at').notNull(),
    survey_end_at: at('survey_end_at').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('surveys_title_key').on(table.location_id, table.survey_title_key),
    index('surveys_location_created').on(table.location_id, table.created_at),
  ],
);

/**
 * A survey's questions, `survey_question_order` 1…n within the survey. Every question write locks the
 * survey's row first, so renumbering is never raced (a unique index on the order would refuse the
 * intermediate states of a renumbering done row by row).
 */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    survey_id: refColumn('survey_id')
      .notNull()
      .references(() => surveys._id, { onDelete: 'cascade' }),
    survey_question_text: varchar('survey_question_text', { length: 300 }).notNull(),
    survey_question_type: varchar('survey_question_type', { length: 16 })
      .$type<SurveyQuestionType>()
      .notNull(),
    survey_question_choices: text('survey_question_choices').array().notNull().default(sql`'{}'`),
    survey_question_order: integer('survey_question_order').notNull(),
    ...timestamps(),
  },
  (table) => [index('survey_questions_survey_order').on(table.survey_id, table.survey_question_order)],
);

/** One question's answer as stored: the chosen choices' texts, the stars or the written text. */
export type StoredSurveyAnswer = {
  survey_question_id: string;
  choices?: string[];
  stars?: number;
  text?: string;
};

/**
 * A customer's answers to a survey: one set per customer and survey (the unique key is the rule, so
 * two submissions at once save one). The survey's row is not deleted while answers name it (no
 * action), which the service says first as a 409.
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    survey_id: refColumn('survey_id')
      .notNull()
      .references(() => surveys._id),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    survey_answer_items: jsonb('survey_answer_items').$type<StoredSurveyAnswer[]>().notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('survey_answers_survey_customer').on(table.survey_id, table.customer_id),
    index('survey_answers_survey_created').on(table.survey_id, table.created_at, table._id),
    index('survey_answers_customer').on(table.customer_id),
  ],
);
