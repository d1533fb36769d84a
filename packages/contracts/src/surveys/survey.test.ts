import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issuesToFields } from '../i18n/format-issue';
import { surveyAnswersInput, surveyInput, surveyQuestionInput } from './survey';

const fieldsOf = (schema: z.ZodType, input: unknown, lang: 'tr' | 'en' = 'en') => {
  const result = schema.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues, lang);
};

const survey = {
  survey_title: 'Ziyaretçi Memnuniyeti',
  survey_description: 'Kısa bir anket',
  survey_start_at: '2026-05-01T10:00:00+03:00',
  survey_end_at: '2026-06-01T10:00:00+03:00',
};

describe('survey contracts', () => {
  it('answers the moments in UTC and wants the end after the start', () => {
    expect(surveyInput.parse(survey)).toMatchObject({ survey_start_at: '2026-05-01T07:00:00.000Z' });
    expect(fieldsOf(surveyInput, { ...survey, survey_end_at: survey.survey_start_at }, 'tr')).toEqual({
      survey_end_at: 'Bitiş tarihi başlangıç tarihinden sonra olmalıdır',
    });
    expect(fieldsOf(surveyInput, { survey_title: 'AB' })).toMatchObject({
      survey_title: 'Must be at least 3 characters',
      survey_description: expect.any(String),
      survey_start_at: expect.any(String),
      survey_end_at: expect.any(String),
    });
  });

  it('wants two different choices for single and multiple choice, none for the others', () => {
    const question = { survey_question_text: 'Ne sıklıkla?', survey_question_type: 'single' };
    expect(fieldsOf(surveyQuestionInput, { ...question, survey_question_choices: ['Her gün'] })).toEqual({
      survey_question_choices: 'A single or multiple choice question needs at least 2 choices',
    });
    expect(fieldsOf(surveyQuestionInput, { ...question, survey_question_choices: ['İyi', 'iyi '] })).toEqual({
      'survey_question_choices.1': 'This choice appears more than once in the list',
    });
    expect(
      fieldsOf(surveyQuestionInput, {
        ...question,
        survey_question_type: 'free_text',
        survey_question_choices: ['a'],
      }),
    ).toEqual({ survey_question_choices: 'Free text and star rating questions have no choices' });
    expect(surveyQuestionInput.parse({ ...question, survey_question_type: 'star_rating' })).toMatchObject({
      survey_question_choices: [],
    });
  });

  it('bounds an answer: stars 1 to 5, free text at most 1,000 characters', () => {
    const id = '64b0000000000000000000a1';
    expect(
      surveyAnswersInput.safeParse({ survey_answers: [{ survey_question_id: id, survey_answer_stars: 0 }] })
        .success,
    ).toBe(false);
    expect(
      surveyAnswersInput.safeParse({
        survey_answers: [{ survey_question_id: id, survey_answer_text: 'x'.repeat(1001) }],
      }).success,
    ).toBe(false);
    expect(
      surveyAnswersInput.safeParse({ survey_answers: [{ survey_question_id: id, survey_answer_stars: 5 }] })
        .success,
    ).toBe(true);
  });
});
