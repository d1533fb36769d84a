import { z } from 'zod';
import { customerCoupon } from '../campaigns/coupons';
import { objectId } from '../common/ids';
import { surveyQuestionType } from './survey';

/**
 * A survey campaign's survey on the micro-site (issue 15 #3, #7):
 * `GET /ext/app/customers/campaigns/{id}/survey` gives the survey and its questions in their order,
 * and whether the signed-in customer answered it already; `POST` the same path with
 * `surveyAnswersInput` records the answers and gives the campaign's code in one transaction (answered
 * already: 409 CAMPAIGN_SURVEY_ANSWERED). Every question must be answered but free text.
 */
export const microSiteSurveyQuestion = z.object({
  _id: objectId,
  survey_question_text: z.string(),
  survey_question_type: surveyQuestionType,
  survey_question_choices: z.array(z.string()),
  survey_question_order: z.number().int(),
});
export type MicroSiteSurveyQuestion = z.infer<typeof microSiteSurveyQuestion>;

export const microSiteSurvey = z.object({
  campaign_id: objectId,
  survey_id: objectId,
  survey_title: z.string(),
  survey_description: z.string(),
  survey_end_at: z.string(),
  survey_questions: z.array(microSiteSurveyQuestion),
  /** The customer answered this survey already (then the code, if any, is under their coupons). */
  survey_answered: z.boolean(),
});
export type MicroSiteSurvey = z.infer<typeof microSiteSurvey>;

/** The answer to the answers: the code the campaign gave. */
export const microSiteSurveyResult = customerCoupon;
export type MicroSiteSurveyResult = z.infer<typeof microSiteSurveyResult>;
