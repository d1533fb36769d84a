import type { DashboardReport } from '@avlu/contracts';
import { api } from './micro-site';

/**
 * Set-up for the campaign mechanics journey (campaign-mechanics.e2e.ts), through the staff API as
 * the system admin: campaigns of each receipt-driven and answer-driven type, published and with a
 * code pool, a survey with its questions, and the dashboard's figures polled from the rollup.
 */

const DAY = 86_400_000;

export type StaffApi = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/** The staff API inside one mall: `locationId` on every call, as the web client sends it. */
export const staffApiOf =
  (token: string, mallId: string): StaffApi =>
  (path, init = {}) =>
    api(`${path}${path.includes('?') ? '&' : '?'}locationId=${mallId}`, { token, ...init });

type Created = { _id: string; campaign_name: string };

/**
 * Creates a campaign running since three days ago (so a receipt of yesterday is within its days)
 * for a month, generates `codes` codes into its pool and publishes it.
 */
export const createRunningCampaign = async (
  staff: StaffApi,
  values: Record<string, unknown> & { campaign_name: string; campaign_type: string },
  codes: number,
) => {
  const now = Date.now();
  const campaign = await staff<Created>('/campaign', {
    method: 'POST',
    body: {
      campaign_start_date: new Date(now - 3 * DAY).toISOString(),
      campaign_end_date: new Date(now + 30 * DAY).toISOString(),
      campaign_archive_date: new Date(now + 60 * DAY).toISOString(),
      ...values,
    },
  });
  await staff('/coupons/cache/generate', {
    method: 'POST',
    body: { campaignId: campaign._id, count: codes },
  });
  await staff(`/campaign/${campaign._id}`, { method: 'PUT', body: { campaign_status: 'published' } });
  return campaign;
};

/** A survey open from yesterday for a month, with a single choice, a star rating and a free text question. */
export const createSurvey = async (staff: StaffApi, title: string) => {
  const now = Date.now();
  const survey = await staff<{ _id: string }>('/survey', {
    method: 'POST',
    body: {
      survey_title: title,
      survey_description: 'Yemek katımızı daha iyi hale getirmek için görüşlerinizi merak ediyoruz.',
      survey_start_at: new Date(now - DAY).toISOString(),
      survey_end_at: new Date(now + 30 * DAY).toISOString(),
    },
  });
  const questions = [
    {
      survey_question_text: 'Yemek katımızı ne sıklıkla ziyaret ediyorsunuz?',
      survey_question_type: 'single',
      survey_question_choices: ['Her gün', 'Haftada birkaç kez', 'Ayda birkaç kez'],
    },
    {
      survey_question_text: 'Yemek katımızı genel olarak nasıl puanlarsınız?',
      survey_question_type: 'star_rating',
    },
    { survey_question_text: 'Eklemek istedikleriniz', survey_question_type: 'free_text' },
  ];
  for (const question of questions)
    await staff(`/survey/${survey._id}/questions`, { method: 'POST', body: question });
  return survey;
};

/** The dashboard's report of the campaigns over the last 7 days (read from the rollup). */
export const dashboardReport = (staff: StaffApi, campaignIds: string[]) =>
  staff<DashboardReport>('/reports/campaign-dashboard-report', {
    method: 'POST',
    body: { campaignId: campaignIds, interval: 'last_7_days' },
  });

/**
 * Polls the dashboard's report until `ready` holds: the rollup job recomputes the recent days every
 * minute and no staff call starts it, so the figures come within about a minute. Up to 3 minutes.
 */
export const waitForDashboard = async (
  staff: StaffApi,
  campaignIds: string[],
  ready: (report: DashboardReport) => boolean,
  timeoutMs = 180_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await dashboardReport(staff, campaignIds);
    if (ready(report)) return report;
    if (Date.now() > deadline)
      throw new Error(
        `the dashboard did not show the journey's figures within ${timeoutMs / 1000} s: ${JSON.stringify(
          report.campaigns.map((campaign) => ({ name: campaign.campaign_name, ...campaign.totals })),
        )}`,
      );
    await new Promise((wait) => setTimeout(wait, 2000));
  }
};
