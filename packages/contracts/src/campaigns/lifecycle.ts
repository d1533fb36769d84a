/**
 * A campaign's lifecycle (spec §4 Campaign; issue 13 "Lifecycle"). Free of zod.
 *
 * Stored status (`campaign_status`, sent alone in `PUT /campaign/{id}`): `to_be_published` →
 * `published` → `archived`. Archiving happens by hand or by the archive job at
 * `campaign_archive_date`; archived is final (the campaign is only read, and listed with
 * `GET /campaign?onlyArchived`). Publishing can be taken back (published → to be published).
 *
 * Shown state (`campaignStateAt(campaign, now)`), one of five that never overlap:
 * - `to_be_published`: being prepared; not on the micro-site;
 * - `published`: published, its start still ahead;
 * - `activated` (spec §4): published and its start has come, its end not yet: on the micro-site,
 *   customers take part;
 * - `ended`: published, its end has passed, not yet archived: codes can no longer be given, and
 *   given codes that were not used count as `not_used`;
 * - `archived`.
 */

export const campaignStatuses = ['to_be_published', 'published', 'archived'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignStates = ['to_be_published', 'published', 'activated', 'ended', 'archived'] as const;
export type CampaignState = (typeof campaignStates)[number];

/** Which stored status may follow which (by hand; the archive job only ever archives). */
export const campaignStatusTransitions: Record<CampaignStatus, readonly CampaignStatus[]> = {
  to_be_published: ['published', 'archived'],
  published: ['to_be_published', 'archived'],
  archived: [],
};

export const canChangeCampaignStatus = (from: CampaignStatus, to: CampaignStatus): boolean =>
  campaignStatusTransitions[from].includes(to);

type Moments = {
  campaign_status: CampaignStatus;
  campaign_start_date: string;
  campaign_end_date: string;
};

const time = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** The state a campaign is shown in at `now` (see above): start inclusive, end exclusive. */
export const campaignStateAt = (campaign: Moments, now: Date | string): CampaignState => {
  if (campaign.campaign_status !== 'published') return campaign.campaign_status;
  const at = time(now);
  if (at < time(campaign.campaign_start_date)) return 'published';
  if (at < time(campaign.campaign_end_date)) return 'activated';
  return 'ended';
};

/** Whether customers may take part at `now`: published and within its dates (spec §2: visible on the micro-site from start to end). */
export const isCampaignActive = (campaign: Moments, now: Date | string): boolean =>
  campaignStateAt(campaign, now) === 'activated';

/**
 * Why a status change may not happen, or undefined when it may: a transition outside the table, or
 * publishing a campaign whose end has passed (it would never be shown).
 */
export const campaignStatusChangeProblem = (
  campaign: Moments,
  to: CampaignStatus,
  now: Date | string,
): 'transition' | 'ended' | undefined => {
  if (!canChangeCampaignStatus(campaign.campaign_status, to)) return 'transition';
  if (to === 'published' && time(now) >= time(campaign.campaign_end_date)) return 'ended';
  return undefined;
};
