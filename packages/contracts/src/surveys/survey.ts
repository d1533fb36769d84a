import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams } from '../common/list-query';
import { isoDateTime, multilineText, requiredText } from '../common/text';
import type { Language } from '../i18n/languages';

/**
 * Spec §3 Survey, §5 its rules, §7 `GET`/`POST /survey`, `PUT`/`DELETE /survey/{id}`,
 * `GET`/`POST /survey/{id}/questions`, `PUT`/`DELETE /survey/{id}/questions/{qid}`,
 * `GET /survey/{id}/export` (issue 15 #4). A mall's survey has a title, a description, the moments it
 * opens and closes, and ordered questions of four types; a customer answers it once.
 *
 * Once a survey has answers its questions keep their type and choices (the answers name the choices
 * they picked, and the counts must mean what the customers saw): adding or deleting a question, or
 * changing its type or choices, is refused (409 SURVEY_ANSWERED); the text may still be corrected and
 * the order changed. A survey with answers is not deleted (409 SURVEY_HAS_ANSWERS naming it): the
 * mall closes it by moving its end date instead, so the answers stay for the export.
 */
export const surveyQuestionTypes = ['single', 'multi', 'free_text', 'star_rating'] as const;
export const surveyQuestionType = z.enum(surveyQuestionTypes);
export type SurveyQuestionType = z.infer<typeof surveyQuestionType>;

/** Spec §5's numbers, the one place the server and the forms read them. */
export const SURVEY_LIMITS = {
  title: { min: 3, max: 100 },
  description: { max: 300 },
  questionText: { min: 3, max: 300 },
  choice: { max: 100 },
  choices: { min: 2, max: 20 },
  questions: 50,
  freeText: 1000,
  stars: { min: 1, max: 5 },
} as const;

/** What makes two choices the same, as `surveyQuestionInput` compares them. */
export const surveyChoiceKey = (choice: string) => choice.toLocaleLowerCase('tr').replace(/\s+/g, ' ');

/** The types whose questions offer choices (at least two); the others take none. */
export const surveyTypesWithChoices: readonly SurveyQuestionType[] = ['single', 'multi'];

/**
 * The body of `POST /survey` and `PUT /survey/{id}` (every field again). The moments are ISO
 * date-times with an offset, answered in UTC, as a campaign's; the end strictly after the start.
 */
export const surveyInput = z
  .strictObject({
    survey_title: requiredText(SURVEY_LIMITS.title.max).pipe(z.string().min(SURVEY_LIMITS.title.min)),
    survey_description: multilineText()
      .min(1, { message: 'validation.required' })
      .max(SURVEY_LIMITS.description.max),
    survey_start_at: isoDateTime(),
    survey_end_at: isoDateTime(),
  })
  .superRefine(
    (values, context) => {
      if (values === null || typeof values !== 'object') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      const { survey_start_at: start, survey_end_at: end } = values;
      if (
        !failed.has('survey_start_at') &&
        !failed.has('survey_end_at') &&
        typeof start === 'string' &&
        typeof end === 'string' &&
        end <= start
      )
        context.addIssue({
          code: 'custom',
          path: ['survey_end_at'],
          message: 'validation.surveyEndAfterStart',
        });
    },
    { when: () => true },
  );
export type SurveyInput = z.input<typeof surveyInput>;
export type SurveyValues = z.output<typeof surveyInput>;

/** One survey as answered, with how many questions and answers it has. */
export const survey = z.object({
  _id: objectId,
  survey_title: z.string(),
  survey_description: z.string(),
  survey_start_at: z.string(),
  survey_end_at: z.string(),
  survey_question_count: z.number().int(),
  survey_answer_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Survey = z.infer<typeof survey>;

export const surveySortKeys = ['survey_title', 'survey_start_at', 'survey_end_at', 'createdAt'] as const;
export type SurveySortKey = (typeof surveySortKeys)[number];

/** `GET /survey`: one page (limit, currentPage, keyword on the title, order, orderBy); newest first. */
export const surveyListQuery = listSearchParams({ orderBy: z.enum(surveySortKeys) });

/**
 * The body of `POST /survey/{id}/questions` and `PUT /survey/{id}/questions/{qid}` (the whole
 * question again). Choices for single and multiple choice: at least two, each once (as people read
 * them: letter case and spaces aside); none for free text and star rating. `survey_question_order`
 * (1 = first) places the question: left out, a new question goes last and an edited one stays; given,
 * the others move to make room, in one transaction, so the orders stay 1…n.
 */
export const surveyQuestionInput = z
  .strictObject({
    survey_question_text: requiredText(SURVEY_LIMITS.questionText.max).pipe(
      z.string().min(SURVEY_LIMITS.questionText.min),
    ),
    survey_question_type: surveyQuestionType,
    survey_question_choices: z
      .array(requiredText(SURVEY_LIMITS.choice.max))
      .max(SURVEY_LIMITS.choices.max)
      .default([]),
    survey_question_order: z.number().int().min(1).max(SURVEY_LIMITS.questions).optional(),
  })
  .superRefine(
    (values, context) => {
      if (values === null || typeof values !== 'object') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      if (failed.has('survey_question_type') || failed.has('survey_question_choices')) return;
      const choices = Array.isArray(values.survey_question_choices) ? values.survey_question_choices : [];
      const path = ['survey_question_choices'];
      if (!surveyTypesWithChoices.includes(values.survey_question_type)) {
        if (choices.length > 0)
          context.addIssue({ code: 'custom', path, message: 'validation.surveyChoicesNotForType' });
        return;
      }
      if (choices.length < SURVEY_LIMITS.choices.min)
        context.addIssue({
          code: 'custom',
          path,
          message: 'validation.surveyChoicesRequired',
          params: { minimum: SURVEY_LIMITS.choices.min },
        });
      const seen = new Map<string, number>();
      choices.forEach((choice, index) => {
        const key = typeof choice === 'string' ? surveyChoiceKey(choice) : '';
        if (seen.has(key))
          context.addIssue({
            code: 'custom',
            path: [...path, index],
            message: 'validation.surveyChoiceRepeated',
          });
        seen.set(key, index);
      });
    },
    { when: () => true },
  );
export type SurveyQuestionInput = z.input<typeof surveyQuestionInput>;
export type SurveyQuestionValues = z.output<typeof surveyQuestionInput>;

/** `{ id, qid }` of `/survey/{id}/questions/{qid}`. */
export const surveyQuestionParams = z.strictObject({ id: objectId, qid: objectId });

export const surveyQuestion = z.object({
  _id: objectId,
  survey_id: objectId,
  survey_question_text: z.string(),
  survey_question_type: surveyQuestionType,
  survey_question_choices: z.array(z.string()),
  survey_question_order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestion>;

/** The stars a rating question counts, 1…5, in order. */
export const surveyStars = [1, 2, 3, 4, 5] as const;

/**
 * A question of `GET /survey/{id}/questions` with what the customers answered, counted by the server:
 * `survey_question_answer_count` is how many answer sets answered it (for free text: how many wrote
 * something); `survey_question_counts` has every choice of a single or multiple choice question in
 * its order with how many picked it (0 included; a multiple choice answer counts once per choice);
 * `survey_question_star_counts` every star 1…5 of a rating with `survey_question_star_average`
 * (null without ratings). The lists are empty for the types they do not fit.
 */
export const surveyQuestionWithCounts = surveyQuestion.extend({
  survey_question_answer_count: z.number().int(),
  survey_question_counts: z.array(z.object({ choice: z.string(), count: z.number().int() })),
  survey_question_star_counts: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
  survey_question_star_average: z.number().nullable(),
});
export type SurveyQuestionWithCounts = z.infer<typeof surveyQuestionWithCounts>;

/**
 * A customer's answer to one question: `survey_answer_choices` for single (exactly one) and multiple
 * choice (one or more, each once), `survey_answer_stars` (1–5) for a star rating, `survey_answer_text`
 * (at most 1,000 characters) for free text. Every question is answered but free text, which may be
 * left out. The micro-site's call sends a list of these (`survey_answers`).
 */
export const surveyAnswerItem = z.strictObject({
  survey_question_id: objectId,
  survey_answer_choices: z
    .array(requiredText(SURVEY_LIMITS.choice.max))
    .max(SURVEY_LIMITS.choices.max)
    .optional(),
  survey_answer_stars: z.number().int().min(SURVEY_LIMITS.stars.min).max(SURVEY_LIMITS.stars.max).optional(),
  survey_answer_text: multilineText().max(SURVEY_LIMITS.freeText).optional(),
});
export type SurveyAnswerItem = z.infer<typeof surveyAnswerItem>;

export const surveyAnswersInput = z.strictObject({
  survey_answers: z.array(surveyAnswerItem).max(SURVEY_LIMITS.questions),
});
export type SurveyAnswersInput = z.input<typeof surveyAnswersInput>;

/** The words of the export (`GET /survey/{id}/export`): sheets and fixed headers. */
export const surveyExportLabels: Record<
  Language,
  {
    answersSheet: string;
    countsSheet: string;
    answeredAt: string;
    customer_name: string;
    customer_surname: string;
    customer_phone: string;
    question_order: string;
    question: string;
    question_type: string;
    choice: string;
    count: string;
    stars: string;
    freeTextAnswers: string;
  }
> = {
  tr: {
    answersSheet: 'Yanıtlar',
    countsSheet: 'Seçenek sayıları',
    answeredAt: 'Yanıt zamanı',
    customer_name: 'Ad',
    customer_surname: 'Soyad',
    customer_phone: 'Telefon',
    question_order: 'Sıra',
    question: 'Soru',
    question_type: 'Soru türü',
    choice: 'Seçenek',
    count: 'Sayı',
    stars: '{{stars}} yıldız',
    freeTextAnswers: 'Yazılı yanıt',
  },
  en: {
    answersSheet: 'Answers',
    countsSheet: 'Choice counts',
    answeredAt: 'Answered at',
    customer_name: 'Name',
    customer_surname: 'Surname',
    customer_phone: 'Phone',
    question_order: 'Order',
    question: 'Question',
    question_type: 'Question type',
    choice: 'Choice',
    count: 'Count',
    stars: '{{stars}} stars',
    freeTextAnswers: 'Written answers',
  },
};

export const surveyQuestionTypeLabels: Record<Language, Record<SurveyQuestionType, string>> = {
  tr: { single: 'Tek seçim', multi: 'Çoklu seçim', free_text: 'Serbest metin', star_rating: 'Yıldız puanı' },
  en: {
    single: 'Single choice',
    multi: 'Multiple choice',
    free_text: 'Free text',
    star_rating: 'Star rating',
  },
};
