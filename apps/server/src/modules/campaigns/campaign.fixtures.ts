import type { CampaignParticipation, CampaignStatus, CampaignType, SegmentFilter } from '@avlu/contracts';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { campaigns } from './campaigns.tables';

export const DAY = 86_400_000;

export type CampaignInsert = typeof campaigns.$inferInsert;

/** What the campaign tests set most often, by short names; `columns` sets any other column. */
export type CampaignOptions = {
  /** Default `coupon`. */
  type?: CampaignType;
  /** Default `published`. */
  status?: CampaignStatus;
  /** Default a day ago. */
  start?: Date;
  /** Default in ten days; the campaign is archived ten days after it ends. */
  end?: Date;
  /** Default none (the column is left empty). */
  participation?: CampaignParticipation;
  dailyLimit?: number;
  budget?: number;
  segment?: SegmentFilter;
  sessionDays?: number;
  /** Any column, over everything above. */
  columns?: Partial<CampaignInsert>;
};

let serial = 0;

/**
 * The columns of a test campaign of the mall, to insert straight into the table (the campaign
 * routes' rules are tested in campaigns.test.ts): a published coupon campaign with names of its own
 * (Turkish and English, with their keys) that started a day ago and ends in ten days.
 */
export const campaignValues = (mallId: string, options: CampaignOptions = {}): CampaignInsert => {
  const n = ++serial;
  const name = `Kampanya ${n}`;
  const nameEn = `Campaign ${n}`;
  const end = options.columns?.campaign_end_date ?? options.end ?? new Date(Date.now() + 10 * DAY);
  return {
    location_id: mallId,
    campaign_name: name,
    campaign_name_en: nameEn,
    campaign_name_key: nameKey(name),
    campaign_name_en_key: nameKey(nameEn),
    campaign_description: 'Açıklama',
    campaign_type: options.type ?? 'coupon',
    campaign_status: options.status ?? 'published',
    campaign_start_date: options.start ?? new Date(Date.now() - DAY),
    campaign_end_date: end,
    campaign_archive_date: new Date(end.getTime() + 10 * DAY),
    campaign_participation: options.participation ?? null,
    campaign_daily_participation_limit: options.dailyLimit ?? null,
    campaign_budget: options.budget ?? null,
    campaign_segment: options.segment ?? null,
    campaign_session_day_count: options.sessionDays ?? null,
    ...options.columns,
  };
};

/** A test campaign of the mall (see `campaignValues`), inserted; its row. */
export const insertCampaign = async (db: Database, mallId: string, options: CampaignOptions = {}) => {
  const [row] = await db.insert(campaigns).values(campaignValues(mallId, options)).returning();
  return row!;
};
