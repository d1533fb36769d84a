import {
  type Campaign,
  type CampaignFieldRule,
  type CampaignParticipation,
  type CampaignType,
  type CampaignTypeField,
  campaignFieldsFor,
  campaignInput,
  campaignListFields,
  campaignTypeFieldNames,
  isCampaignType,
} from '@avlu/contracts';
import type { z } from 'zod';

/**
 * The form's schema is the server's: `campaignInput`, asked for the time at each check, so the form
 * refuses exactly what `POST /campaign` and the full `PUT /campaign/{id}` would.
 */
export const campaignFormSchema = campaignInput({ now: () => new Date() });
export type CampaignFormInput = z.input<typeof campaignFormSchema>;
export type CampaignFormValues = z.output<typeof campaignFormSchema>;

/** What a type field holds when its type does not use it (as the server stores it). */
export const emptyValueOf = (field: CampaignTypeField) => (campaignListFields.has(field) ? [] : null);

export const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The type fields in use with these values: the type's, with their required marks and defaults. */
export const rulesInUse = (
  type: unknown,
  participation: unknown,
): Map<CampaignTypeField, CampaignFieldRule> =>
  isCampaignType(type)
    ? new Map(
        campaignFieldsFor(type, {
          campaign_participation: (participation ?? undefined) as CampaignParticipation | undefined,
        }).map((rule) => [rule.field, rule]),
      )
    : new Map();

const emptyTypeFields = Object.fromEntries(
  campaignTypeFieldNames.map((field) => [field, emptyValueOf(field)]),
) as Record<CampaignTypeField, null | []>;

/** A new campaign: no type chosen yet, so only the fields every campaign has are shown. */
export const blankCampaign = (): CampaignFormInput =>
  ({
    campaign_name: '',
    campaign_name_en: '',
    campaign_description: '',
    campaign_description_en: '',
    campaign_type: undefined,
    campaign_start_date: undefined,
    campaign_end_date: undefined,
    campaign_archive_date: undefined,
    campaign_images: [],
    campaign_is_qrcode: false,
    ...emptyTypeFields,
  }) as unknown as CampaignFormInput;

/** A saved campaign's values as the form holds them. */
export const formValuesOf = (row: Campaign): CampaignFormInput => ({
  campaign_name: row.campaign_name,
  campaign_name_en: row.campaign_name_en,
  campaign_description: row.campaign_description,
  campaign_description_en: row.campaign_description_en ?? '',
  campaign_type: row.campaign_type,
  campaign_start_date: row.campaign_start_date,
  campaign_end_date: row.campaign_end_date,
  campaign_archive_date: row.campaign_archive_date,
  campaign_images: row.campaign_images,
  campaign_is_qrcode: row.campaign_is_qrcode,
  campaign_budget: row.campaign_budget,
  campaign_spending_limit: row.campaign_spending_limit,
  campaign_spending_limit_type: row.campaign_spending_limit_type,
  campaign_point_multiplier: row.campaign_point_multiplier,
  campaign_participation: row.campaign_participation,
  campaign_daily_participation_limit: row.campaign_daily_participation_limit,
  campaign_win_rate: row.campaign_win_rate,
  campaign_scratch_area_count: row.campaign_scratch_area_count,
  campaign_scratch_images: row.campaign_scratch_images,
  campaign_session_day_count: row.campaign_session_day_count,
  campaign_third_party_id: row.campaign_third_party_id,
  campaign_survey_id: row.campaign_survey_id,
  campaign_regular_code: row.campaign_regular_code,
  campaign_store_ids: row.campaign_store_ids,
  campaign_store_category_ids: row.campaign_store_category_ids,
  campaign_excluded_store_ids: row.campaign_excluded_store_ids,
  campaign_excluded_category_ids: row.campaign_excluded_category_ids,
  campaign_stamp_count: row.campaign_stamp_count,
  campaign_game_right_rule: row.campaign_game_right_rule,
  campaign_lottery_permit_no: row.campaign_lottery_permit_no,
  campaign_prizes: row.campaign_prizes.map(({ _id, prize_name, prize_name_en, prize_stock }) => ({
    _id,
    prize_name,
    prize_name_en,
    prize_stock,
  })),
  campaign_step_goal: row.campaign_step_goal,
  campaign_provider_ids: row.campaign_provider_ids,
  campaign_channel_ids: row.campaign_channel_ids,
  campaign_segment: row.campaign_segment,
});

/**
 * The changes that bring the values in line with the fields in use after the type or the
 * participation rule changed: a field no longer used is emptied (the server would refuse it), a
 * field newly used with a default gets it.
 */
export const alignToType = (
  type: CampaignType | undefined,
  values: Partial<Record<CampaignTypeField, unknown>>,
): Array<[CampaignTypeField, unknown]> => {
  const inUse = rulesInUse(type, values.campaign_participation);
  const changes: Array<[CampaignTypeField, unknown]> = [];
  for (const field of campaignTypeFieldNames) {
    const rule = inUse.get(field);
    const value = values[field];
    if (!rule) {
      if (!isEmptyValue(value)) changes.push([field, emptyValueOf(field)]);
    } else if (rule.only && !isEmptyValue(value) && !rule.only.includes(value as string)) {
      changes.push([field, rule.default ?? emptyValueOf(field)]);
    } else if (isEmptyValue(value) && rule.default !== undefined) {
      changes.push([field, rule.default]);
    }
  }
  return changes;
};
