/**
 * The 13 campaign types (spec §1; issue 13 "The 13 types"), defined once. The back-office form shows
 * and requires the fields `campaignFieldsFor(type, values)` lists, the server validates with the same
 * table (through `campaignInput` in ./campaign.ts), and the tests read it too. Free of zod.
 *
 * Every campaign has the common fields (`campaignCommonFields`: names, descriptions, type, dates,
 * images, QR flag). The other fields (`campaignTypeFieldNames`) are used by some types only: a type
 * lists each one it uses as required or optional; a field it does not list is not accepted for it
 * (`validation.campaignFieldNotForType`) and is stored empty. The §5 ranges of those fields are in
 * `CAMPAIGN_LIMITS`, and the rules across fields (dates, birthday once, daily limit only with the
 * unlimited rule) in ./campaign.ts.
 */

export const campaignTypes = [
  'basic',
  'code',
  'coupon',
  'over_limit_coupon',
  'session_coupon',
  'third_party',
  'scratch_card',
  'wheel_of_fortune',
  'survey',
  'birthday',
  'parking',
  'regular_code',
  'receipt',
] as const;
export type CampaignType = (typeof campaignTypes)[number];

/** How often one customer may take part (issue 13): once ever, once a calendar day of the mall, or with no rule. */
export const campaignParticipations = ['once', 'once_a_day', 'unlimited'] as const;
export type CampaignParticipation = (typeof campaignParticipations)[number];

/**
 * Games (wheel of fortune, scratch card): how a customer earns rights to play from approved receipts.
 * `per_receipt`: one right per receipt of at least the spending limit (any amount without one);
 * `per_spending_step`: one right per full spending limit in a receipt (1,000 ₺ with a 250 ₺ step: 4).
 * Staff may also give rights with a reason, whatever the rule.
 */
export const gameRightRules = ['per_receipt', 'per_spending_step'] as const;
export type GameRightRule = (typeof gameRightRules)[number];

/** Spec §3 Campaign: the spending limit is counted over a day's approved receipts, or must be reached by a single receipt. */
export const spendingLimitTypes = ['day_based', 'single_receipt_based'] as const;
export type SpendingLimitType = (typeof spendingLimitTypes)[number];

/**
 * The §5 and §9 numbers of campaign fields. Spec §5 writes the ranges as "> 0 and < 100" (session
 * days "< 3650"); they are whole numbers, so 1–99 and 1–3649.
 */
export const CAMPAIGN_LIMITS = {
  name: { max: 120 },
  description: { max: 5000 },
  images: { min: 1, max: 10 },
  scratchImages: { min: 1, max: 99 },
  /** Session coupon: days a code stays valid after it is given. */
  sessionDayCount: { min: 1, max: 3649 },
  /** Games: percent of plays that win. */
  winRate: { min: 1, max: 99 },
  /** Times one customer may take part in one calendar day of the mall. */
  dailyParticipationLimit: { min: 1, max: 99 },
  scratchAreaCount: { min: 1, max: 99 },
  /** The end must be at least this many minutes after now. */
  endLeadMinutes: 5,
  /** The most times customers may take part in all (codes given, games played): a whole number. */
  budget: { min: 1, max: 100_000_000 },
  /** Amount in the mall's currency, with at most two decimals. */
  spendingLimit: { min: 0.01, max: 100_000_000 },
  /** Points per unit of currency on receipts of a receipt campaign, at most two decimals. */
  pointMultiplier: { min: 0.01, max: 100 },
  thirdPartyId: { max: 120 },
  /** The shared code of a regular code campaign, after `normaliseCouponCode`. */
  regularCode: { min: 4, max: 32 },
  stores: { max: 1000 },
  categories: { max: 200 },
  /** Over-limit coupons: qualifying receipts (or days) per stamp card. */
  stampCount: { min: 1, max: 50 },
  lotteryPermitNo: { max: 64 },
  /** Games: prizes of the inventory, and the stock of each. */
  prizes: { max: 20 },
  prizeName: { max: 120 },
  prizeStock: { min: 1, max: 10_000_000 },
  /** Coupon campaigns: daily steps that give the coupon. */
  stepGoal: { min: 100, max: 200_000 },
  providers: { max: 200 },
  channels: { max: 200 },
} as const;

/** The fields every campaign has, whatever its type (spec §3, §5: names, Turkish description, dates, type and images required). */
export const campaignCommonFields = [
  { field: 'campaign_name', required: true },
  { field: 'campaign_name_en', required: true },
  { field: 'campaign_description', required: true },
  { field: 'campaign_description_en', required: false },
  { field: 'campaign_type', required: true },
  { field: 'campaign_start_date', required: true },
  { field: 'campaign_end_date', required: true },
  { field: 'campaign_archive_date', required: true },
  { field: 'campaign_images', required: true },
  { field: 'campaign_is_qrcode', required: false },
] as const;
export type CampaignCommonField = (typeof campaignCommonFields)[number]['field'];

/** The fields some types use and others do not (spec §3 Campaign, plus issue 13's participation rule, segment and desk channels). */
export const campaignTypeFieldNames = [
  'campaign_budget',
  'campaign_spending_limit',
  'campaign_spending_limit_type',
  'campaign_point_multiplier',
  'campaign_participation',
  'campaign_daily_participation_limit',
  'campaign_win_rate',
  'campaign_scratch_area_count',
  'campaign_scratch_images',
  'campaign_session_day_count',
  'campaign_third_party_id',
  'campaign_survey_id',
  'campaign_regular_code',
  'campaign_store_ids',
  'campaign_store_category_ids',
  'campaign_excluded_store_ids',
  'campaign_excluded_category_ids',
  'campaign_stamp_count',
  'campaign_game_right_rule',
  'campaign_lottery_permit_no',
  'campaign_prizes',
  'campaign_step_goal',
  'campaign_provider_ids',
  'campaign_channel_ids',
  'campaign_segment',
] as const;
export type CampaignTypeField = (typeof campaignTypeFieldNames)[number];
export type CampaignField = CampaignCommonField | CampaignTypeField;

/** Fields holding a list: "required" means at least one item; unused, they are stored as `[]`. */
export const campaignListFields: ReadonlySet<CampaignField> = new Set([
  'campaign_images',
  'campaign_scratch_images',
  'campaign_store_ids',
  'campaign_store_category_ids',
  'campaign_excluded_store_ids',
  'campaign_excluded_category_ids',
  'campaign_prizes',
  'campaign_provider_ids',
  'campaign_channel_ids',
]);

export type CampaignFieldRule = {
  field: CampaignTypeField;
  required: boolean;
  /** The value the form starts with and the server takes when the field is left out. */
  default?: unknown;
  /** The only values this type accepts (birthday: participation `once`, spec §5), and what is said otherwise. */
  only?: readonly string[];
  onlyMessage?: string;
  /**
   * The field is used only while the participation rule is one of these (the daily participation
   * limit bounds an `unlimited` rule; `once` and `once_a_day` already say how often).
   */
  whenParticipation?: readonly CampaignParticipation[];
};

/** How a customer takes part, which decides which call gives the code. */
export type CampaignParticipationKind =
  /** Information only: nothing to join. */
  | 'none'
  /** The join button on the micro-site or the desk gives a code (`POST …/coupon`). */
  | 'join'
  /** A game (scratch card, wheel of fortune) is played; a win gives a code (campaign-mechanics issue). */
  | 'game'
  /** Answering the campaign's survey gives a code (campaign-mechanics issue). */
  | 'survey'
  /** Approved receipts earn the code or the points (campaign-mechanics issue). */
  | 'receipts'
  /** The code is given in the customer's birthday month (campaign-mechanics issue). */
  | 'birthday';

/** Where a type's codes come from. */
export type CampaignCodeSource =
  /** No codes. */
  | 'none'
  /** The mall generates them (`POST /coupons/cache/generate`), each with a check symbol. */
  | 'generated'
  /** They are imported from a partner's file (`POST /coupons/code-parser`). */
  | 'imported'
  /** One code for everyone, `campaign_regular_code`; no pool. */
  | 'shared';

export type CampaignTypeDefinition = {
  participation: CampaignParticipationKind;
  codes: CampaignCodeSource;
  /** Codes are redeemed at a store with the code validation screen (each code once, confirmed by its holder's SMS code). */
  redeemedAtStore: boolean;
  /** Its mechanics work in this release (issue 13); the others are defined, stored and listed, and come with the campaign-mechanics issue. */
  mechanicsReady: boolean;
  fields: readonly CampaignFieldRule[];
};

const required = (field: CampaignTypeField, extra: Partial<CampaignFieldRule> = {}): CampaignFieldRule => ({
  field,
  required: true,
  ...extra,
});
const optional = (field: CampaignTypeField, extra: Partial<CampaignFieldRule> = {}): CampaignFieldRule => ({
  field,
  required: false,
  ...extra,
});

/**
 * The fields of every type through which customers take part: who (segment), how often (rule and
 * daily limit), how many in all (budget), and at which desks (channels; none listed: every desk).
 */
const participating = (
  participation: CampaignParticipation = 'once',
  { dailyLimit = true, budget = true } = {},
): CampaignFieldRule[] => [
  required('campaign_participation', { default: participation }),
  ...(dailyLimit
    ? [optional('campaign_daily_participation_limit', { whenParticipation: ['unlimited'] })]
    : []),
  ...(budget ? [optional('campaign_budget')] : []),
  optional('campaign_segment'),
  optional('campaign_channel_ids'),
];

/**
 * Which receipts count (issue 15 #1): stores and categories that count (none: any store), and those
 * that never do (ATMs, exchange offices, phone top-ups, tobacco).
 */
const receiptFilter = (): CampaignFieldRule[] => [
  optional('campaign_store_category_ids'),
  optional('campaign_excluded_store_ids'),
  optional('campaign_excluded_category_ids'),
];

/**
 * A game's fields: the win rate, how receipts earn rights (with the spending limit as the minimum
 * receipt or the step), the lottery permit (MPİ) and the prize inventory.
 */
const game = (): CampaignFieldRule[] => [
  required('campaign_win_rate'),
  optional('campaign_game_right_rule'),
  optional('campaign_spending_limit'),
  optional('campaign_lottery_permit_no'),
  optional('campaign_prizes'),
  ...receiptFilter(),
];

/**
 * The table. Choices the spec leaves open, made here once:
 * - stores (spec §5 "store required") are required by the three coupon types (coupon, over-limit
 *   coupon, session coupon), whose codes are used at the campaign's stores; optional elsewhere, where
 *   no store means any store of the mall (or, for receipts, a receipt of any store counts); not used
 *   by parking (the car park is not a store);
 * - at least one coupon provider (spec §5) where the codes come from a provider: code and
 *   third-party, whose pools are imported from the provider's file; optional where the mall's own
 *   codes may still name who honours them;
 * - images are required for every type (the micro-site's campaign page shows them);
 * - the budget caps participations, so a type without participation (basic) or without codes
 *   counted one by one (receipt: points) has none;
 * - birthday allows only `once` (spec §5); receipt starts with `unlimited` (a customer uploads many).
 */
export const campaignTypeDefinitions: Record<CampaignType, CampaignTypeDefinition> = {
  basic: {
    participation: 'none',
    codes: 'none',
    redeemedAtStore: false,
    mechanicsReady: true,
    fields: [optional('campaign_store_ids'), optional('campaign_provider_ids')],
  },
  code: {
    participation: 'join',
    codes: 'imported',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [required('campaign_provider_ids'), optional('campaign_store_ids'), ...participating()],
  },
  coupon: {
    participation: 'join',
    codes: 'generated',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [
      required('campaign_store_ids'),
      optional('campaign_provider_ids'),
      optional('campaign_step_goal'),
      ...participating(),
    ],
  },
  over_limit_coupon: {
    participation: 'receipts',
    codes: 'generated',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [
      required('campaign_spending_limit'),
      required('campaign_spending_limit_type', { default: 'day_based' }),
      optional('campaign_stamp_count'),
      required('campaign_store_ids'),
      ...receiptFilter(),
      optional('campaign_provider_ids'),
      ...participating(),
    ],
  },
  session_coupon: {
    participation: 'join',
    codes: 'generated',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [
      required('campaign_session_day_count'),
      required('campaign_store_ids'),
      optional('campaign_provider_ids'),
      ...participating(),
    ],
  },
  third_party: {
    participation: 'join',
    codes: 'imported',
    redeemedAtStore: false,
    mechanicsReady: true,
    fields: [
      required('campaign_third_party_id'),
      required('campaign_provider_ids'),
      optional('campaign_store_ids'),
      ...participating(),
    ],
  },
  scratch_card: {
    participation: 'game',
    codes: 'generated',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [
      ...game(),
      required('campaign_scratch_area_count'),
      required('campaign_scratch_images'),
      optional('campaign_store_ids'),
      optional('campaign_provider_ids'),
      ...participating(),
    ],
  },
  wheel_of_fortune: {
    participation: 'game',
    codes: 'generated',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [
      ...game(),
      optional('campaign_store_ids'),
      optional('campaign_provider_ids'),
      ...participating(),
    ],
  },
  survey: {
    participation: 'survey',
    codes: 'generated',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [
      required('campaign_survey_id'),
      optional('campaign_store_ids'),
      optional('campaign_provider_ids'),
      ...participating(),
    ],
  },
  birthday: {
    participation: 'birthday',
    codes: 'generated',
    redeemedAtStore: true,
    mechanicsReady: true,
    fields: [
      optional('campaign_store_ids'),
      optional('campaign_provider_ids'),
      // Spec §5: a birthday campaign is taken part in once.
      required('campaign_participation', {
        default: 'once',
        only: ['once'],
        onlyMessage: 'validation.campaignBirthdayOnce',
      }),
      optional('campaign_budget'),
      optional('campaign_segment'),
      optional('campaign_channel_ids'),
    ],
  },
  parking: {
    participation: 'join',
    codes: 'imported',
    redeemedAtStore: false,
    mechanicsReady: false,
    fields: [optional('campaign_provider_ids'), ...participating()],
  },
  regular_code: {
    participation: 'join',
    codes: 'shared',
    // Everyone holds the same code, so it names no holder to confirm by SMS and cannot be redeemed
    // once: the store takes it as it takes any printed promotion code.
    redeemedAtStore: false,
    mechanicsReady: true,
    fields: [
      required('campaign_regular_code'),
      optional('campaign_store_ids'),
      optional('campaign_provider_ids'),
      ...participating(),
    ],
  },
  receipt: {
    participation: 'receipts',
    codes: 'none',
    redeemedAtStore: false,
    mechanicsReady: true,
    fields: [
      required('campaign_spending_limit'),
      required('campaign_spending_limit_type', { default: 'single_receipt_based' }),
      required('campaign_point_multiplier'),
      optional('campaign_store_ids'),
      ...receiptFilter(),
      ...participating('unlimited', { budget: false }),
    ],
  },
};

/** Each type's own fields with their required flags, as the form shows them (`campaignTypeFields[type]`). */
export const campaignTypeFields: Record<CampaignType, readonly CampaignFieldRule[]> = Object.fromEntries(
  campaignTypes.map((type) => [type, campaignTypeDefinitions[type].fields]),
) as Record<CampaignType, readonly CampaignFieldRule[]>;

/**
 * A campaign whose code is given by joining (the micro-site's join button, a desk's "give code"), of
 * a type whose mechanics work now. Games, surveys, receipts and birthdays give codes their own way,
 * and a coupon campaign with a step goal gives its code when the reported steps reach the goal.
 */
export const isJoinable = (campaign: {
  campaign_type: CampaignType;
  campaign_step_goal: number | null;
}): boolean => {
  const definition = campaignTypeDefinitions[campaign.campaign_type];
  return (
    definition.participation === 'join' && definition.mechanicsReady && campaign.campaign_step_goal === null
  );
};

export const isCampaignType = (value: unknown): value is CampaignType =>
  typeof value === 'string' && (campaignTypes as readonly string[]).includes(value);

/** The rule of a type's field, or undefined when the type does not use it. */
export const campaignFieldRule = (
  type: CampaignType,
  field: CampaignTypeField,
): CampaignFieldRule | undefined => campaignTypeDefinitions[type].fields.find((rule) => rule.field === field);

/**
 * The type fields in use for a type with the values entered so far: the type's fields, without
 * those whose condition does not hold (the daily limit while the rule is not `unlimited`). The form
 * shows exactly these; the server accepts exactly these. The participation rule is read from
 * `values`, else from its default.
 */
export const campaignFieldsFor = (
  type: CampaignType,
  values: { campaign_participation?: unknown } = {},
): CampaignFieldRule[] => {
  const rules = campaignTypeDefinitions[type].fields;
  const participation =
    values.campaign_participation ??
    rules.find((rule) => rule.field === 'campaign_participation')?.default ??
    undefined;
  return rules.filter(
    (rule) =>
      rule.whenParticipation === undefined ||
      rule.whenParticipation.includes(participation as CampaignParticipation),
  );
};

/** Types whose customers get codes from a pool the mall fills (generate or import): these have the add-coupons screen. */
export const campaignTypesWithCodePool: readonly CampaignType[] = campaignTypes.filter((type) =>
  ['generated', 'imported'].includes(campaignTypeDefinitions[type].codes),
);

/** Types whose codes a store redeems on the code validation screen (`GET /code-validation/campaigns`). */
export const campaignTypesRedeemedAtStore: readonly CampaignType[] = campaignTypes.filter(
  (type) => campaignTypeDefinitions[type].redeemedAtStore,
);
