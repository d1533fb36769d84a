import { customerCoupon, type Location, microSiteSurvey, type SurveyQuestionInput } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { DAY, mechanicsFixtures } from '../campaigns/mechanics.fixtures';
import { surveyAnswers } from './surveys.tables';

const ctx = useTestApp();
const { newCampaign, newCustomer, customerHeaders, participationsOf, givenCodesOf } = mechanicsFixtures(ctx);

const staff = (mall: Pick<Location, '_id'>, path: string, payload: object) =>
  ctx.inject({ method: 'POST', url: `/api/survey${path}?locationId=${mall._id}`, payload });

/** An open survey of the mall with a question of each type, in order: single, multi, stars, free text. */
const newSurvey = async (
  mall: Location,
  open = { start: '2020-01-01T09:00:00+03:00', end: '2099-12-31T23:00:00+03:00' },
) => {
  const created = await staff(mall, '', {
    survey_title: `Memnuniyet ${Math.random().toString(36).slice(2, 8)}`,
    survey_description: 'Birkaç soru',
    survey_start_at: open.start,
    survey_end_at: open.end,
  });
  expect(created.statusCode, created.body).toBe(201);
  const surveyId: string = created.json()._id;
  const questions: SurveyQuestionInput[] = [
    {
      survey_question_text: 'Hangi katı seviyorsunuz?',
      survey_question_type: 'single',
      survey_question_choices: ['Zemin', 'Bir'],
    },
    {
      survey_question_text: 'Neler alırsınız?',
      survey_question_type: 'multi',
      survey_question_choices: ['Giyim', 'Yemek', 'Kitap'],
    },
    { survey_question_text: 'AVM’yi puanlayın', survey_question_type: 'star_rating' },
    { survey_question_text: 'Eklemek istedikleriniz', survey_question_type: 'free_text' },
  ];
  const ids: string[] = [];
  for (const question of questions) {
    const response = await staff(mall, `/${surveyId}/questions`, question);
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json()._id);
  }
  return { surveyId, ids };
};

const answersFor = (ids: string[]) => ({
  survey_answers: [
    { survey_question_id: ids[0], survey_answer_choices: ['Bir'] },
    { survey_question_id: ids[1], survey_answer_choices: ['Giyim', 'Kitap'] },
    { survey_question_id: ids[2], survey_answer_stars: 4 },
    { survey_question_id: ids[3], survey_answer_text: 'Daha çok bank' },
  ],
});

const surveyOf = (campaignId: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/ext/app/customers/campaigns/${campaignId}/survey`, headers });
const answer = (campaignId: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/ext/app/customers/campaigns/${campaignId}/survey`,
    headers,
    payload,
  });

const answersOf = (surveyId: string) =>
  ctx.database.db.select().from(surveyAnswers).where(eq(surveyAnswers.survey_id, surveyId));

describe('survey campaigns on the micro-site', () => {
  it('shows the survey, records the answers and gives the code in one go; a second answer is 409', async () => {
    const mall = await ctx.newLocation();
    const { surveyId, ids } = await newSurvey(mall);
    const campaign = await newCampaign(mall._id, { type: 'survey', surveyId });
    const customer = await newCustomer(mall._id);
    const headers = await customerHeaders(mall, customer._id);

    const shown = await surveyOf(campaign._id, headers);
    expect(shown.statusCode, shown.body).toBe(200);
    const survey = microSiteSurvey.strict().parse(shown.json());
    expect(survey).toMatchObject({ campaign_id: campaign._id, survey_id: surveyId, survey_answered: false });
    expect(survey.survey_questions.map((question) => [question._id, question.survey_question_type])).toEqual([
      [ids[0], 'single'],
      [ids[1], 'multi'],
      [ids[2], 'star_rating'],
      [ids[3], 'free_text'],
    ]);
    expect(survey.survey_questions[1]!.survey_question_choices).toEqual(['Giyim', 'Yemek', 'Kitap']);

    const given = await answer(campaign._id, headers, answersFor(ids));
    expect(given.statusCode, given.body).toBe(200);
    expect(customerCoupon.parse(given.json())).toMatchObject({
      campaign_id: campaign._id,
      customer_id: customer._id,
      coupon_status: 'given',
    });
    expect(await participationsOf(campaign._id)).toEqual([
      expect.objectContaining({ customer_id: customer._id, participation_key: 'survey', channel_id: null }),
    ]);
    const [stored] = await answersOf(surveyId);
    expect(stored?.survey_answer_items).toEqual([
      { survey_question_id: ids[0], choices: ['Bir'] },
      { survey_question_id: ids[1], choices: ['Giyim', 'Kitap'] },
      { survey_question_id: ids[2], stars: 4 },
      { survey_question_id: ids[3], text: 'Daha çok bank' },
    ]);
    expect((await surveyOf(campaign._id, headers)).json().survey_answered).toBe(true);

    const twice = await answer(campaign._id, headers, answersFor(ids));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CAMPAIGN_SURVEY_ANSWERED' });
    expect(twice.json().message).toContain('zaten yanıtladınız');
    const inEnglish = await answer(campaign._id, { ...headers, 'accept-language': 'en' }, answersFor(ids));
    expect(inEnglish.json().message).toContain('already answered');
    expect(await answersOf(surveyId)).toHaveLength(1);
    expect(await givenCodesOf(campaign._id)).toHaveLength(1);

    // The same survey through a second campaign: answered already.
    const other = await newCampaign(mall._id, { type: 'survey', surveyId });
    expect((await answer(other._id, headers, answersFor(ids))).json().code).toBe('CAMPAIGN_SURVEY_ANSWERED');
  });

  it('refuses answers that do not fit the questions, naming each, and saves nothing', async () => {
    const mall = await ctx.newLocation();
    const { surveyId, ids } = await newSurvey(mall);
    const campaign = await newCampaign(mall._id, { type: 'survey', surveyId });
    const customer = await newCustomer(mall._id);
    const headers = await customerHeaders(mall, customer._id, 'en');
    const missing = await answer(campaign._id, headers, {
      survey_answers: [{ survey_question_id: ids[0], survey_answer_choices: ['Bir', 'Zemin'] }],
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().fields).toHaveProperty(['survey_answers.0.survey_answer_choices']);
    const unanswered = await answer(campaign._id, headers, {
      survey_answers: [{ survey_question_id: ids[0], survey_answer_choices: ['Bir'] }],
    });
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().fields).toHaveProperty('survey_answers');
    expect(await answersOf(surveyId)).toHaveLength(0);
    expect(await participationsOf(campaign._id)).toHaveLength(0);
    // Free text may be left out.
    const { survey_answers } = answersFor(ids);
    const ok = await answer(campaign._id, headers, { survey_answers: survey_answers.slice(0, 3) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a refused code keeps no answers; campaigns of other types, not running, or closed surveys are refused', async () => {
    const mall = await ctx.newLocation();
    const { surveyId, ids } = await newSurvey(mall);
    const customer = await newCustomer(mall._id);
    const headers = await customerHeaders(mall, customer._id, 'en');

    const empty = await newCampaign(mall._id, { type: 'survey', surveyId, codes: 0 });
    const refused = await answer(empty._id, headers, answersFor(ids));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CAMPAIGN_NO_CODES_LEFT');
    expect(await answersOf(surveyId)).toHaveLength(0);

    const coupon = await newCampaign(mall._id, { type: 'coupon' });
    expect((await surveyOf(coupon._id, headers)).json().code).toBe('CAMPAIGN_NOT_JOINABLE');
    expect((await answer(coupon._id, headers, answersFor(ids))).json().code).toBe('CAMPAIGN_NOT_JOINABLE');

    const ended = await newCampaign(mall._id, {
      type: 'survey',
      surveyId,
      start: new Date(Date.now() - 10 * DAY),
      end: new Date(Date.now() - DAY),
    });
    expect((await surveyOf(ended._id, headers)).json().code).toBe('CAMPAIGN_ENDED');

    const closed = await newSurvey(mall, {
      start: '2020-01-01T09:00:00+03:00',
      end: '2021-01-01T09:00:00+03:00',
    });
    const late = await newCampaign(mall._id, { type: 'survey', surveyId: closed.surveyId });
    expect((await surveyOf(late._id, headers)).json().code).toBe('SURVEY_NOT_OPEN');
    expect((await answer(late._id, headers, answersFor(closed.ids))).json().code).toBe('SURVEY_NOT_OPEN');

    const otherMall = await ctx.newLocation();
    const foreign = await newCampaign(otherMall._id, { type: 'survey', surveyId });
    expect((await surveyOf(foreign._id, headers)).statusCode).toBe(404);

    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/ext/app/customers/campaigns/${empty._id}/survey`,
          headers: { authorization: headers.authorization },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps the campaign’s segment', async () => {
    const mall = await ctx.newLocation();
    const { surveyId, ids } = await newSurvey(mall);
    const campaign = await newCampaign(mall._id, {
      type: 'survey',
      surveyId,
      segment: [{ field: 'gender', in: ['male'] }],
    });
    const customer = await newCustomer(mall._id, { customer_gender: 'female' });
    const response = await answer(campaign._id, await customerHeaders(mall, customer._id), answersFor(ids));
    expect(response.json().code).toBe('CAMPAIGN_NOT_IN_SEGMENT');
    expect(await answersOf(surveyId)).toHaveLength(0);
  });
});
