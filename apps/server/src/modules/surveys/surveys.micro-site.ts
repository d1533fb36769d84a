import type { CustomerCoupon, MicroSiteSurvey } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import type { CampaignRow } from '../campaigns/campaigns.tables';
import {
  assertRunning,
  campaignOfMall,
  grantCoupon,
  hasParticipation,
  lockCampaignCustomer,
  refused,
} from '../campaigns/giving.service';
import { type Mall, mallToday } from '../customers/mall-date';
import { listSurveyQuestions, recordSurveyAnswers } from './surveys.service';
import { surveyAnswers, surveys } from './surveys.tables';

/**
 * Survey campaigns on the micro-site (issue 15 #3, #7): the customer answers the campaign's survey
 * and, in the same transaction as the answers, gets the campaign's code (`grantCoupon`, participation
 * key `survey`), under the campaign's rules (segment, budget, codes left). A refusal of the code
 * rolls the answers back too, so the customer can answer again once the campaign can give. The
 * answers themselves are checked and stored by the surveys module (`recordSurveyAnswers`): one set
 * per customer and survey.
 */

/** The participation key of a survey campaign's code: once per campaign and customer. */
export const SURVEY_PARTICIPATION_KEY = 'survey';

const alreadyAnswered = () => refused('CAMPAIGN_SURVEY_ANSWERED');

/** The mall's running survey campaign with its survey's id; 409 when it is of another type, or not running. */
const surveyCampaign = async (db: Database, mall: Mall, campaignId: string, now: Date) => {
  const campaign = await campaignOfMall(db, mall._id, campaignId);
  if (campaign.campaign_type !== 'survey' || campaign.campaign_survey_id === null)
    throw refused('CAMPAIGN_NOT_JOINABLE');
  assertRunning(campaign, now);
  return campaign as CampaignRow & { campaign_survey_id: string };
};

const hasAnswered = async (db: Database, surveyId: string, customerId: string) => {
  const [row] = await db
    .select({ _id: surveyAnswers._id })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.survey_id, surveyId), eq(surveyAnswers.customer_id, customerId)));
  return row !== undefined;
};

/**
 * `GET /ext/app/customers/campaigns/{id}/survey`: the campaign's survey with its questions in their
 * order, and whether the customer answered it. 409 SURVEY_NOT_OPEN while the survey takes no answers
 * (unless the customer answered it: then the page says so).
 */
export const campaignSurvey = async (
  db: Database,
  mall: Mall,
  campaignId: string,
  customerId: string,
  now = new Date(),
): Promise<MicroSiteSurvey> => {
  const campaign = await surveyCampaign(db, mall, campaignId, now);
  const surveyId = campaign.campaign_survey_id;
  const [survey] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys._id, surveyId), eq(surveys.location_id, mall._id)));
  if (!survey) throw notFound();
  const [answered, questions] = await Promise.all([
    hasAnswered(db, surveyId, customerId),
    listSurveyQuestions(db, mall._id, surveyId),
  ]);
  if (!answered && (now < survey.survey_start_at || now >= survey.survey_end_at))
    throw new AppError('SURVEY_NOT_OPEN', 409);
  return {
    campaign_id: campaign._id,
    survey_id: surveyId,
    survey_title: survey.survey_title,
    survey_description: survey.survey_description,
    survey_end_at: survey.survey_end_at.toISOString(),
    survey_answered: answered,
    survey_questions: questions.map((question) => ({
      _id: question._id,
      survey_question_text: question.survey_question_text,
      survey_question_type: question.survey_question_type,
      survey_question_choices: question.survey_question_choices,
      survey_question_order: question.survey_question_order,
    })),
  };
};

/**
 * `POST /ext/app/customers/campaigns/{id}/survey`: in one transaction, the customer's row locked
 * first (so two submissions follow each other), the answers recorded and the code given. Answered
 * already (this campaign's code, or the survey through another campaign): 409
 * CAMPAIGN_SURVEY_ANSWERED. Answers that do not fit the questions: 400 naming each.
 */
export const answerCampaignSurvey = (
  db: Database,
  mall: Mall,
  campaignId: string,
  customerId: string,
  input: unknown,
  now = new Date(),
): Promise<CustomerCoupon> =>
  db.transaction(async (tx) => {
    const campaign = await surveyCampaign(tx, mall, campaignId, now);
    const today = mallToday(mall, now);
    await lockCampaignCustomer(tx, mall, campaign, customerId, today);
    if (
      (await hasParticipation(tx, campaign._id, customerId, SURVEY_PARTICIPATION_KEY)) ||
      (await hasAnswered(tx, campaign.campaign_survey_id, customerId))
    )
      throw alreadyAnswered();
    await recordSurveyAnswers(tx, mall._id, campaign.campaign_survey_id, customerId, input, now).catch(
      (error: unknown) => {
        throw error instanceof AppError && error.code === 'SURVEY_ALREADY_ANSWERED'
          ? alreadyAnswered()
          : error;
      },
    );
    return grantCoupon(tx, mall, campaign, customerId, {
      channelId: null,
      key: SURVEY_PARTICIPATION_KEY,
      today,
      now,
    });
  });
