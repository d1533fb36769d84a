import { z } from 'zod';
import { storedImageUrl } from '../common/files';
import { objectId } from '../common/ids';
import { listQuery, listSearchParams, queryFlag } from '../common/list-query';
import { isoDateTime, multilineText, requiredText, singleLineText } from '../common/text';
import { segmentFilter, segmentNode } from '../customers/segment';
import { normaliseCouponCode } from './coupon-code';
import { couponStatuses } from './coupon-status';
import { campaignStates, campaignStatuses } from './lifecycle';
import {
  type CampaignFieldRule,
  type CampaignType,
  type CampaignTypeField,
  campaignFieldRule,
  campaignFieldsFor,
  campaignListFields,
  campaignParticipations,
  campaignTypeFieldNames,
  campaignTypes,
  type GameRightRule,
  gameRightRules,
  isCampaignType,
  CAMPAIGN_LIMITS as LIMITS,
  spendingLimitTypes,
} from './types';

/**
 * The campaign (spec §3 Campaign, §5 Campaign, §7 Campaigns; issue 13). Field names follow the spec
 * where it gives them (`campaign_status`, `campaign_is_qrcode`, `coupon_print_count`), otherwise
 * snake_case with the `campaign_` prefix. Which fields a type uses is ./types.ts; this file turns
 * that table and the §5 rules into schemas.
 */

export const campaignType = z.enum(campaignTypes);
export const campaignParticipation = z.enum(campaignParticipations);
export const spendingLimitType = z.enum(spendingLimitTypes);
export const campaignStatus = z.enum(campaignStatuses);
export const campaignState = z.enum(campaignStates);
export const couponStatus = z.enum(couponStatuses);

/**
 * A code as people type it, for a lookup or a regular code campaign's shared code: normalised
 * (`normaliseCouponCode`: upper case, Turkish i/ı as I, no spaces or dashes), then only A–Z and
 * digits, `min` to `max` long.
 */
export const couponCodeText = (min: number, max: number) =>
  z
    .string()
    .max(max * 4)
    .transform(normaliseCouponCode)
    .pipe(
      z
        .string()
        .min(min)
        .max(max)
        .regex(/^[A-Z0-9]*$/, { message: 'validation.couponCodeChars' }),
    );

/** Spec §5: budget and spending limit numeric; amounts in currency have at most two decimals. */
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const amount = (limits: { min: number; max: number }) =>
  z.number().min(limits.min).max(limits.max).refine(twoDecimals, { message: 'validation.twoDecimals' });
const whole = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);
const ids = (max: number) => z.array(objectId).max(max);
const unset = <Schema extends z.ZodType>(schema: Schema) => schema.nullable().optional();

export const gameRightRule = z.enum(gameRightRules);

/**
 * A prize of a game's inventory, in order (the first is the wheel's first slice). `_id` names a
 * prize already saved, so an edit keeps what it has given; its stock may not go below that.
 */
export const campaignPrizeInput = z.strictObject({
  _id: objectId.optional(),
  prize_name: requiredText(LIMITS.prizeName.max),
  prize_name_en: requiredText(LIMITS.prizeName.max),
  prize_stock: whole(LIMITS.prizeStock),
});
export type CampaignPrizeInput = z.infer<typeof campaignPrizeInput>;

/** A prize as answered: its stock and how many were won. */
export const campaignPrize = z.object({
  _id: objectId,
  prize_name: z.string(),
  prize_name_en: z.string(),
  prize_stock: z.number().int(),
  prize_given: z.number().int(),
});
export type CampaignPrize = z.infer<typeof campaignPrize>;

/** Every field a campaign may be sent with; the type table decides which are required or refused. */
const campaignFields = z.strictObject({
  campaign_name: requiredText(LIMITS.name.max),
  campaign_name_en: requiredText(LIMITS.name.max),
  campaign_description: multilineText()
    .min(1, { message: 'validation.required' })
    .max(LIMITS.description.max),
  campaign_description_en: unset(multilineText().max(LIMITS.description.max)),
  campaign_type: campaignType,
  campaign_start_date: isoDateTime(),
  campaign_end_date: isoDateTime(),
  campaign_archive_date: isoDateTime(),
  campaign_images: z.array(storedImageUrl).min(LIMITS.images.min).max(LIMITS.images.max),
  /**
   * Spec §3 `campaign_is_qrcode`: the campaign is offered to the QR code module (spec §3 QR code:
   * title, type, campaign), so a QR code of the mall may lead to it; toggled alone from the list.
   */
  campaign_is_qrcode: z.boolean().optional(),

  campaign_budget: unset(whole(LIMITS.budget)),
  campaign_spending_limit: unset(amount(LIMITS.spendingLimit)),
  campaign_spending_limit_type: unset(spendingLimitType),
  campaign_point_multiplier: unset(amount(LIMITS.pointMultiplier)),
  campaign_participation: unset(campaignParticipation),
  campaign_daily_participation_limit: unset(whole(LIMITS.dailyParticipationLimit)),
  campaign_win_rate: unset(whole(LIMITS.winRate)),
  campaign_scratch_area_count: unset(whole(LIMITS.scratchAreaCount)),
  campaign_scratch_images: unset(z.array(storedImageUrl).max(LIMITS.scratchImages.max)),
  campaign_session_day_count: unset(whole(LIMITS.sessionDayCount)),
  campaign_third_party_id: unset(singleLineText().max(LIMITS.thirdPartyId.max)),
  // An empty picker may send '' for none.
  campaign_survey_id: z.preprocess((value) => (value === '' ? null : value), unset(objectId)),
  // Empty (a cleared form field) is the same as left out; the type table then says whether it is required.
  campaign_regular_code: unset(
    couponCodeText(0, LIMITS.regularCode.max).refine(
      (code) => code === '' || code.length >= LIMITS.regularCode.min,
      { message: 'validation.tooSmall.string', params: { minimum: LIMITS.regularCode.min } },
    ),
  ),
  campaign_store_ids: unset(ids(LIMITS.stores.max)),
  campaign_store_category_ids: unset(ids(LIMITS.categories.max)),
  campaign_excluded_store_ids: unset(ids(LIMITS.stores.max)),
  campaign_excluded_category_ids: unset(ids(LIMITS.categories.max)),
  campaign_stamp_count: unset(whole(LIMITS.stampCount)),
  campaign_game_right_rule: z.preprocess((value) => (value === '' ? null : value), unset(gameRightRule)),
  campaign_lottery_permit_no: unset(singleLineText().max(LIMITS.lotteryPermitNo.max)),
  campaign_prizes: unset(z.array(campaignPrizeInput).max(LIMITS.prizes.max)),
  campaign_step_goal: unset(whole(LIMITS.stepGoal)),
  campaign_provider_ids: unset(ids(LIMITS.providers.max)),
  campaign_channel_ids: unset(ids(LIMITS.channels.max)),
  /** Only customers in this segment (the customers' filter language) may take part; none: everyone. */
  campaign_segment: unset(segmentFilter),
});
type CampaignFieldsOutput = z.output<typeof campaignFields>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** `now` as a moment, or a function asked at each parse (a schema built once on the server). */
export type Now = Date | (() => Date);
const nowOf = (now: Now) => (typeof now === 'function' ? now() : now);

const MINUTE = 60_000;

/**
 * Spec §5 date rules: end after start and at least `CAMPAIGN_LIMITS.endLeadMinutes` after now;
 * archive after start and in the future, and (so that a running campaign is not hidden) not before
 * the end. Each failure is one issue on the date that must change.
 */
const dateProblems = (
  start: number,
  end: number,
  archive: number,
  now: number,
): Array<{ field: 'campaign_end_date' | 'campaign_archive_date'; message: string; params?: object }> => {
  const problems: ReturnType<typeof dateProblems> = [];
  if (end <= start)
    problems.push({ field: 'campaign_end_date', message: 'validation.campaignEndAfterStart' });
  else if (end < now + LIMITS.endLeadMinutes * MINUTE)
    problems.push({
      field: 'campaign_end_date',
      message: 'validation.campaignEndTooSoon',
      params: { minutes: LIMITS.endLeadMinutes },
    });
  if (archive <= start)
    problems.push({ field: 'campaign_archive_date', message: 'validation.campaignArchiveAfterStart' });
  else if (archive <= now)
    problems.push({ field: 'campaign_archive_date', message: 'validation.campaignArchiveInFuture' });
  else if (archive < end)
    problems.push({ field: 'campaign_archive_date', message: 'validation.campaignArchiveBeforeEnd' });
  return problems;
};

/**
 * The issues the type table and the date rules find in a campaign's values (already parsed field by
 * field; a field that failed its own schema is not judged again). Exported for the form, which may
 * show them while the user types; `campaignInput` reports the same.
 */
export const campaignRuleIssues = (
  values: Record<string, unknown>,
  now: Date,
  failed: ReadonlySet<string> = new Set(),
): Array<{ path: [string]; message: string; params?: object }> => {
  const issues: ReturnType<typeof campaignRuleIssues> = [];
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return issues;
  const type = values.campaign_type;
  if (isCampaignType(type) && !failed.has('campaign_type')) {
    const inUse = new Map(campaignFieldsFor(type, values).map((rule) => [rule.field, rule]));
    for (const field of campaignTypeFieldNames) {
      if (failed.has(field)) continue;
      const value = values[field];
      const rule = inUse.get(field);
      if (rule === undefined) {
        if (isEmpty(value)) continue;
        // Used by the type, but not with this participation rule (the daily limit): say which rule.
        const message = campaignFieldRule(type, field)
          ? 'validation.campaignNeedsUnlimitedParticipation'
          : 'validation.campaignFieldNotForType';
        issues.push({ path: [field], message });
      } else if (isEmpty(value)) {
        if (rule.required && rule.default === undefined)
          issues.push({ path: [field], message: 'validation.required' });
      } else if (rule.only && !rule.only.includes(value as string)) {
        issues.push({ path: [field], message: rule.onlyMessage ?? 'validation.invalid' });
      }
    }
  }
  const moment = (field: string) => {
    const value = values[field];
    return failed.has(field) || typeof value !== 'string' ? Number.NaN : Date.parse(value);
  };
  const [start, end, archive] = [
    moment('campaign_start_date'),
    moment('campaign_end_date'),
    moment('campaign_archive_date'),
  ];
  if (Number.isFinite(start) && Number.isFinite(end) && Number.isFinite(archive)) {
    for (const problem of dateProblems(start, end, archive, now.getTime()))
      issues.push({ path: [problem.field], message: problem.message, params: problem.params });
  }
  return issues;
};

/** The value a type field is stored with when the type does not use it. */
const emptyValue = (field: CampaignTypeField) => (campaignListFields.has(field) ? [] : null);

/**
 * A campaign's values once checked: every field present, those the type does not use empty (null
 * or `[]`), defaults filled in, ids without repeats.
 */
const completeValues = (values: CampaignFieldsOutput) => {
  const type = values.campaign_type as CampaignType;
  const inUse = new Map<CampaignTypeField, CampaignFieldRule>(
    campaignFieldsFor(type, values).map((rule) => [rule.field, rule]),
  );
  const typeFields = Object.fromEntries(
    campaignTypeFieldNames.map((field) => {
      const rule = inUse.get(field);
      const value = values[field];
      if (rule === undefined) return [field, emptyValue(field)];
      if (isEmpty(value)) return [field, rule.default ?? emptyValue(field)];
      return [
        field,
        Array.isArray(value) && field !== 'campaign_segment' && field !== 'campaign_prizes'
          ? [...new Set(value as unknown[])]
          : value,
      ];
    }),
  );
  return {
    campaign_name: values.campaign_name,
    campaign_name_en: values.campaign_name_en,
    campaign_description: values.campaign_description,
    campaign_description_en: values.campaign_description_en || null,
    campaign_type: type,
    campaign_start_date: values.campaign_start_date,
    campaign_end_date: values.campaign_end_date,
    campaign_archive_date: values.campaign_archive_date,
    campaign_images: values.campaign_images,
    campaign_is_qrcode: values.campaign_is_qrcode ?? false,
    ...typeFields,
  } as CampaignValues;
};

/**
 * `POST /campaign` and the full `PUT /campaign/{id}` (spec §7): the campaign's values, checked
 * against its type's fields (./types.ts) and the §5 rules at `now` (the caller's clock: the server
 * passes `() => new Date()` once, a test a fixed moment). Each failure is an issue on the field's
 * path with a `validation.<key>` message that `formatIssue` words in Turkish and English. The type
 * rules run even when other fields failed, so a form sees every problem at once.
 */
export const campaignInput = ({ now }: { now: Now }) =>
  campaignFields
    .superRefine(
      (values, context) => {
        const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
        for (const issue of campaignRuleIssues(values as Record<string, unknown>, nowOf(now), failed))
          context.addIssue({ code: 'custom', input: values, ...issue } as never);
      },
      // Run even when some fields failed (their own issues are reported, they are not judged again).
      { when: () => true },
    )
    .transform(completeValues);

export type CampaignInput = z.input<typeof campaignFields>;

/** A campaign's values as saved: every field, the unused ones empty. */
export type CampaignValues = {
  campaign_name: string;
  campaign_name_en: string;
  campaign_description: string;
  campaign_description_en: string | null;
  campaign_type: CampaignType;
  campaign_start_date: string;
  campaign_end_date: string;
  campaign_archive_date: string;
  campaign_images: string[];
  campaign_is_qrcode: boolean;
  campaign_budget: number | null;
  campaign_spending_limit: number | null;
  campaign_spending_limit_type: z.infer<typeof spendingLimitType> | null;
  campaign_point_multiplier: number | null;
  campaign_participation: z.infer<typeof campaignParticipation> | null;
  campaign_daily_participation_limit: number | null;
  campaign_win_rate: number | null;
  campaign_scratch_area_count: number | null;
  campaign_scratch_images: string[];
  campaign_session_day_count: number | null;
  campaign_third_party_id: string | null;
  campaign_survey_id: string | null;
  campaign_regular_code: string | null;
  campaign_store_ids: string[];
  campaign_store_category_ids: string[];
  campaign_excluded_store_ids: string[];
  campaign_excluded_category_ids: string[];
  campaign_stamp_count: number | null;
  campaign_game_right_rule: GameRightRule | null;
  campaign_lottery_permit_no: string | null;
  campaign_prizes: CampaignPrizeInput[];
  campaign_step_goal: number | null;
  campaign_provider_ids: string[];
  campaign_channel_ids: string[];
  campaign_segment: z.infer<typeof segmentFilter> | null;
};

/** `PUT /campaign/{id}` with only `campaign_status` (spec §7); the server checks `campaignStatusChangeProblem`. */
export const campaignStatusBody = z.strictObject({ campaign_status: campaignStatus });
/** `PUT /campaign/{id}` with only `campaign_is_qrcode` (spec §7). */
export const campaignQrCodeBody = z.strictObject({ campaign_is_qrcode: z.boolean() });

export type CampaignUpdate =
  | { kind: 'status'; campaign_status: z.infer<typeof campaignStatus> }
  | { kind: 'qrcode'; campaign_is_qrcode: boolean }
  | { kind: 'values'; values: CampaignValues };

/** Which of the three `PUT /campaign/{id}` bodies was sent: one key alone is a partial update, anything else the full values. */
export const campaignUpdateKind = (body: unknown): CampaignUpdate['kind'] => {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0] === 'campaign_status') return 'status';
    if (keys.length === 1 && keys[0] === 'campaign_is_qrcode') return 'qrcode';
  }
  return 'values';
};

/**
 * `PUT /campaign/{id}`: the status alone, the QR flag alone, or the full values, told apart by
 * `campaignUpdateKind` (not a Zod union, whose failure would say only "invalid" instead of naming
 * the field), and parsed by that body's schema, its issues kept as they are.
 */
export const campaignUpdateBody = ({ now }: { now: Now }) => {
  const full = campaignInput({ now });
  return z.unknown().transform((body, context): CampaignUpdate => {
    const kind = campaignUpdateKind(body);
    const schema = kind === 'status' ? campaignStatusBody : kind === 'qrcode' ? campaignQrCodeBody : full;
    const result = schema.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) context.addIssue({ ...issue, input: undefined } as never);
      return z.NEVER;
    }
    if (kind === 'values') return { kind, values: result.data as CampaignValues };
    return { kind, ...result.data } as CampaignUpdate;
  });
};

/** Counts of a campaign's codes by status. */
export const couponCodeCounts = z.object(
  Object.fromEntries(couponStatuses.map((status) => [status, z.number().int()])) as Record<
    (typeof couponStatuses)[number],
    z.ZodNumber
  >,
);
export type CouponCodeCounts = z.infer<typeof couponCodeCounts>;

const moment = z.string();

/** A campaign as the API answers it (`GET /campaign/{id}`, lists). Dates are ISO strings in UTC. */
export const campaign = z.object({
  _id: objectId,
  campaign_name: z.string(),
  campaign_name_en: z.string(),
  campaign_description: z.string(),
  campaign_description_en: z.string().nullable(),
  campaign_type: campaignType,
  campaign_start_date: moment,
  campaign_end_date: moment,
  campaign_archive_date: moment,
  campaign_images: z.array(z.string()),
  campaign_is_qrcode: z.boolean(),
  campaign_budget: z.number().int().nullable(),
  campaign_spending_limit: z.number().nullable(),
  campaign_spending_limit_type: spendingLimitType.nullable(),
  campaign_point_multiplier: z.number().nullable(),
  campaign_participation: campaignParticipation.nullable(),
  campaign_daily_participation_limit: z.number().int().nullable(),
  campaign_win_rate: z.number().int().nullable(),
  campaign_scratch_area_count: z.number().int().nullable(),
  campaign_scratch_images: z.array(z.string()),
  campaign_session_day_count: z.number().int().nullable(),
  campaign_third_party_id: z.string().nullable(),
  campaign_survey_id: objectId.nullable(),
  campaign_regular_code: z.string().nullable(),
  campaign_store_ids: z.array(objectId),
  campaign_store_category_ids: z.array(objectId),
  campaign_excluded_store_ids: z.array(objectId),
  campaign_excluded_category_ids: z.array(objectId),
  campaign_stamp_count: z.number().int().nullable(),
  campaign_game_right_rule: gameRightRule.nullable(),
  campaign_lottery_permit_no: z.string().nullable(),
  /** A game's prizes; the list may leave them out (`[]`). */
  campaign_prizes: z.array(campaignPrize),
  campaign_step_goal: z.number().int().nullable(),
  campaign_provider_ids: z.array(objectId),
  campaign_channel_ids: z.array(objectId),
  campaign_segment: z.array(segmentNode).nullable(),
  campaign_status: campaignStatus,
  /** Spec §3 Coupon print: how many paper coupons were printed (`PUT /coupon-campaign/{id}`). */
  coupon_print_count: z.number().int(),
  /** The pool's codes by status, for types with a pool; the list may leave it out. */
  campaign_code_counts: couponCodeCounts.optional(),
  createdAt: moment,
  updatedAt: moment,
});
export type Campaign = z.infer<typeof campaign>;

/**
 * A campaign as the micro-site shows it (`GET /ext/app/customers/campaigns`): what a customer reads,
 * without the budget, segment, win rate, shared code or other settings staff keep to themselves.
 */
export const publicCampaign = campaign.pick({
  _id: true,
  campaign_name: true,
  campaign_name_en: true,
  campaign_description: true,
  campaign_description_en: true,
  campaign_type: true,
  campaign_start_date: true,
  campaign_end_date: true,
  campaign_images: true,
  campaign_is_qrcode: true,
  campaign_participation: true,
  campaign_session_day_count: true,
  campaign_store_ids: true,
});
export type PublicCampaign = z.infer<typeof publicCampaign>;

export const campaignSortKeys = [
  'campaign_name',
  'campaign_name_en',
  'campaign_type',
  'campaign_start_date',
  'campaign_end_date',
  'campaign_archive_date',
  'campaign_status',
  'createdAt',
  'updatedAt',
] as const;
export type CampaignSortKey = (typeof campaignSortKeys)[number];

/**
 * The list's filters: types, and shown states (`campaignStateAt`; `activated` and `ended` are
 * published campaigns within or past their dates). Without a state filter the list holds every
 * campaign that is not archived; archived ones are the archive's (`GET /campaign?onlyArchived=true`).
 */
export const campaignListFilter = z.strictObject({
  campaign_type: z.array(campaignType).max(campaignTypes.length).optional(),
  campaign_state: z.array(campaignState).max(campaignStates.length).optional(),
});
export type CampaignListFilter = z.infer<typeof campaignListFilter>;

/** `POST /campaign/filter` (spec §7): showAll, pagination, keyword, order, orderBy, and the filter. `showAll` answers every match as one array. */
export const campaignListQuery = listQuery({
  orderBy: z.enum(campaignSortKeys),
  filter: campaignListFilter,
}).extend({ showAll: z.boolean().optional() });
export type CampaignListQuery = z.infer<typeof campaignListQuery>;

/**
 * `GET /campaign?onlyArchived` (spec §7): `onlyArchived=true` lists the archived campaigns (the
 * archive screen); without it, the campaigns not archived (pickers). Flat list parameters as
 * `listSearchParams` reads them.
 */
export const campaignSearchParams = listSearchParams({
  orderBy: z.enum(campaignSortKeys),
  filter: {
    onlyArchived: queryFlag,
  },
});

/** `GET /campaign/{channelId}/bychannel`: the campaigns given at a channel's desk. */
export const campaignByChannelParams = z.strictObject({ channelId: objectId });
