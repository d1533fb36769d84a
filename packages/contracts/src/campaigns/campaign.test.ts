import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../i18n/format-issue';
import {
  campaignInput,
  campaignListQuery,
  campaignRuleIssues,
  campaignSearchParams,
  campaignUpdateBody,
  campaignUpdateKind,
} from './campaign';
import {
  CAMPAIGN_LIMITS,
  type CampaignType,
  type CampaignTypeField,
  campaignFieldsFor,
  campaignListFields,
  campaignTypeDefinitions,
  campaignTypeFieldNames,
  campaignTypeFields,
  campaignTypes,
  campaignTypesWithCodePool,
} from './types';

const NOW = new Date('2026-06-01T09:00:00.000Z');
const IMAGE = `/api/files/${'a'.repeat(43)}.png`;
const ID = '65a1b2c3d4e5f60718293a4b';
const OTHER_ID = '65a1b2c3d4e5f60718293a4c';

/** A value for each type field that its schema accepts. */
const sample: Record<CampaignTypeField, unknown> = {
  campaign_budget: 1000,
  campaign_spending_limit: 500.5,
  campaign_spending_limit_type: 'day_based',
  campaign_point_multiplier: 1.5,
  campaign_participation: 'once',
  campaign_daily_participation_limit: 3,
  campaign_win_rate: 20,
  campaign_scratch_area_count: 3,
  campaign_scratch_images: [IMAGE],
  campaign_session_day_count: 30,
  campaign_third_party_id: 'PARTNER-42',
  campaign_survey_id: ID,
  campaign_regular_code: 'YAZ2026',
  campaign_store_ids: [ID],
  campaign_store_category_ids: [ID],
  campaign_excluded_store_ids: [ID],
  campaign_excluded_category_ids: [ID],
  campaign_stamp_count: 3,
  campaign_game_right_rule: 'per_receipt',
  campaign_lottery_permit_no: 'MPİ-2026/123',
  campaign_prizes: [{ prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 10 }],
  campaign_step_goal: 8000,
  campaign_provider_ids: [ID],
  campaign_channel_ids: [ID],
  campaign_segment: [{ field: 'gender', in: ['female'] }],
};

const common = {
  campaign_name: 'Yaz indirimi',
  campaign_name_en: 'Summer sale',
  campaign_description: 'Tüm mağazalarda yüzde yirmi indirim',
  campaign_start_date: '2026-05-20T10:00:00+03:00',
  campaign_end_date: '2026-07-01T00:00:00Z',
  campaign_archive_date: '2026-07-15T00:00:00Z',
  campaign_images: [IMAGE],
};

/** A valid campaign of a type: the common fields and the type's required fields without a default. */
const valid = (type: CampaignType, extra: Record<string, unknown> = {}) => ({
  ...common,
  campaign_type: type,
  ...Object.fromEntries(
    campaignTypeFields[type]
      .filter((rule) => rule.required && rule.default === undefined)
      .map((rule) => [rule.field, sample[rule.field]]),
  ),
  ...extra,
});

const schema = campaignInput({ now: NOW });
const fieldsOf = (input: unknown, lang: 'tr' | 'en' = 'tr') => {
  const result = schema.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues, lang);
};

describe('the type table', () => {
  it('defines the 13 types of spec §1, each with its participation, code source and fields', () => {
    expect(campaignTypes).toHaveLength(13);
    for (const type of campaignTypes) {
      const fields = campaignTypeFields[type].map((rule) => rule.field);
      expect(new Set(fields).size, type).toBe(fields.length);
    }
    expect(campaignTypesWithCodePool).toEqual([
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
    ]);
    expect(campaignTypes.filter((type) => campaignTypeDefinitions[type].mechanicsReady)).toEqual([
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
      'regular_code',
      'receipt',
    ]);
  });

  it('requires what §5 and issue 13 name for each type', () => {
    const requiredOf = (type: CampaignType) =>
      campaignTypeFields[type].filter((rule) => rule.required).map((rule) => rule.field);
    expect(requiredOf('session_coupon')).toContain('campaign_session_day_count');
    expect(requiredOf('third_party')).toEqual(
      expect.arrayContaining(['campaign_third_party_id', 'campaign_provider_ids']),
    );
    expect(requiredOf('survey')).toContain('campaign_survey_id');
    expect(requiredOf('scratch_card')).toEqual(
      expect.arrayContaining(['campaign_win_rate', 'campaign_scratch_area_count', 'campaign_scratch_images']),
    );
    expect(requiredOf('wheel_of_fortune')).toContain('campaign_win_rate');
    for (const type of ['over_limit_coupon', 'receipt'] as const)
      expect(requiredOf(type)).toEqual(
        expect.arrayContaining(['campaign_spending_limit', 'campaign_spending_limit_type']),
      );
    expect(requiredOf('receipt')).toContain('campaign_point_multiplier');
    for (const type of ['coupon', 'over_limit_coupon', 'session_coupon'] as const)
      expect(requiredOf(type)).toContain('campaign_store_ids');
    expect(requiredOf('code')).toContain('campaign_provider_ids');
    expect(requiredOf('regular_code')).toContain('campaign_regular_code');
    expect(requiredOf('basic')).toEqual([]);
  });

  it('shows the daily participation limit only with the unlimited rule', () => {
    const names = (values: Record<string, unknown>) =>
      campaignFieldsFor('coupon', values).map((rule) => rule.field);
    expect(names({ campaign_participation: 'once' })).not.toContain('campaign_daily_participation_limit');
    expect(names({})).not.toContain('campaign_daily_participation_limit');
    expect(names({ campaign_participation: 'unlimited' })).toContain('campaign_daily_participation_limit');
    // Receipt campaigns start unlimited, so the limit shows at once.
    expect(campaignFieldsFor('receipt').map((rule) => rule.field)).toContain(
      'campaign_daily_participation_limit',
    );
  });
});

describe('campaignInput', () => {
  it.each(campaignTypes)(
    'accepts a %s campaign with its required fields, and stores the rest empty',
    (type) => {
      const result = schema.safeParse(valid(type));
      expect(result.error?.issues ?? []).toEqual([]);
      const values = result.data!;
      expect(values.campaign_type).toBe(type);
      expect(values.campaign_start_date).toBe('2026-05-20T07:00:00.000Z');
      expect(values.campaign_is_qrcode).toBe(false);
      expect(values.campaign_description_en).toBeNull();
      const used = new Set(campaignFieldsFor(type, values).map((rule) => rule.field));
      for (const field of campaignTypeFieldNames) {
        if (used.has(field)) continue;
        expect(values[field], `${type}.${field}`).toEqual(campaignListFields.has(field) ? [] : null);
      }
    },
  );

  it.each(
    campaignTypes.flatMap((type) =>
      campaignTypeFields[type]
        .filter((rule) => rule.required && rule.default === undefined)
        .map((rule) => [type, rule.field] as const),
    ),
  )('a %s campaign without %s is refused on that field', (type, field) => {
    for (const missing of [undefined, null, Array.isArray(sample[field]) ? [] : '']) {
      if (missing === '' && typeof sample[field] === 'number') continue;
      expect(fieldsOf(valid(type, { [field]: missing }))).toEqual({ [field]: 'Bu alan zorunludur' });
    }
  });

  it.each(
    campaignTypes.flatMap((type) =>
      campaignTypeFieldNames
        .filter((field) => !campaignTypeFields[type].some((rule) => rule.field === field))
        .map((field) => [type, field] as const),
    ),
  )('a %s campaign refuses %s, which its type does not use', (type, field) => {
    expect(fieldsOf(valid(type, { [field]: sample[field] }))).toEqual({
      [field]: 'Bu kampanya türünde kullanılmaz',
    });
    // Sent empty (a form's cleared field), it is simply not used.
    expect(fieldsOf(valid(type, { [field]: null }))).toEqual({});
  });

  it('keeps §5 ranges: session days 1–3649, win rate, daily limit and scratch areas 1–99', () => {
    const cases: Array<[CampaignType, CampaignTypeField, { min: number; max: number }, object?]> = [
      ['session_coupon', 'campaign_session_day_count', CAMPAIGN_LIMITS.sessionDayCount],
      ['scratch_card', 'campaign_win_rate', CAMPAIGN_LIMITS.winRate],
      ['wheel_of_fortune', 'campaign_win_rate', CAMPAIGN_LIMITS.winRate],
      ['scratch_card', 'campaign_scratch_area_count', CAMPAIGN_LIMITS.scratchAreaCount],
      [
        'coupon',
        'campaign_daily_participation_limit',
        CAMPAIGN_LIMITS.dailyParticipationLimit,
        { campaign_participation: 'unlimited' },
      ],
    ];
    expect(CAMPAIGN_LIMITS.sessionDayCount).toEqual({ min: 1, max: 3649 });
    for (const [type, field, { min, max }, extra] of cases) {
      for (const ok of [min, max]) expect(fieldsOf(valid(type, { ...extra, [field]: ok }))).toEqual({});
      expect(fieldsOf(valid(type, { ...extra, [field]: min - 1 }))).toEqual({
        [field]: `En az ${min} olmalıdır`,
      });
      expect(fieldsOf(valid(type, { ...extra, [field]: max + 1 }), 'en')).toEqual({
        [field]: `Must be at most ${max}`,
      });
      expect(fieldsOf(valid(type, { ...extra, [field]: 2.5 }), 'en')).toEqual({
        [field]: 'Must be a whole number',
      });
    }
  });

  it('takes amounts with at most two decimals', () => {
    expect(
      fieldsOf(valid('receipt', { campaign_spending_limit: 19.99, campaign_point_multiplier: 0.05 })),
    ).toEqual({});
    expect(fieldsOf(valid('receipt', { campaign_spending_limit: 19.999 }), 'en')).toEqual({
      campaign_spending_limit: 'May have at most two decimal places',
    });
    expect(fieldsOf(valid('over_limit_coupon', { campaign_spending_limit: 0 }))).toEqual({
      campaign_spending_limit: 'En az 0.01 olmalıdır',
    });
  });

  describe('dates (spec §5)', () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
    const dates = (start: string, end: string, archive: string) =>
      valid('basic', { campaign_start_date: start, campaign_end_date: end, campaign_archive_date: archive });

    it('wants the end after the start and at least 5 minutes from now', () => {
      expect(fieldsOf(dates(at(60), at(30), at(90)))).toEqual({
        campaign_end_date: 'Bitiş tarihi başlangıç tarihinden sonra olmalıdır',
      });
      expect(fieldsOf(dates(at(-60), at(4), at(90)), 'en')).toEqual({
        campaign_end_date: 'The end date must be at least 5 minutes from now',
      });
      expect(fieldsOf(dates(at(-60), at(5), at(90)))).toEqual({});
    });

    it('wants the archive date after the start, in the future and not before the end', () => {
      expect(fieldsOf(dates(at(-60), at(30), at(-90)))).toEqual({
        campaign_archive_date: 'Arşivlenme tarihi başlangıç tarihinden sonra olmalıdır',
      });
      expect(fieldsOf(dates(at(-60), at(30), at(-30)), 'en')).toEqual({
        campaign_archive_date: 'The archive date must be in the future',
      });
      expect(fieldsOf(dates(at(-60), at(30), at(20)), 'en')).toEqual({
        campaign_archive_date: 'The archive date cannot be before the end date',
      });
      expect(fieldsOf(dates(at(-60), at(30), at(30)))).toEqual({});
    });

    it('reads now when parsing, so one schema built on the server stays right', () => {
      let clock = NOW;
      const live = campaignInput({ now: () => clock });
      const input = dates(at(-60), at(30), at(90));
      expect(live.safeParse(input).success).toBe(true);
      clock = new Date(NOW.getTime() + 60 * 60_000);
      expect(live.safeParse(input).success).toBe(false);
    });

    it('refuses what is not a date-time with a zone, and years outside 1900–2100', () => {
      expect(fieldsOf(valid('basic', { campaign_start_date: '2026-05-20' }), 'en')).toEqual({
        campaign_start_date: 'Enter a valid date and time',
      });
      expect(fieldsOf(valid('basic', { campaign_start_date: '0000-01-01T00:00:00Z' }), 'en')).toEqual({
        campaign_start_date: 'Must be a date from 1900-01-01 to 2100-12-31',
      });
    });
  });

  it('lets a birthday campaign be joined once only', () => {
    expect(schema.parse(valid('birthday')).campaign_participation).toBe('once');
    expect(fieldsOf(valid('birthday', { campaign_participation: 'once_a_day' }))).toEqual({
      campaign_participation: 'Doğum günü kampanyasına yalnızca bir kez katılınabilir',
    });
  });

  it('takes a daily participation limit only with the unlimited rule', () => {
    expect(fieldsOf(valid('coupon', { campaign_daily_participation_limit: 3 }), 'en')).toEqual({
      campaign_daily_participation_limit: 'Used only when the participation rule is unlimited',
    });
    const values = schema.parse(
      valid('coupon', { campaign_participation: 'unlimited', campaign_daily_participation_limit: 3 }),
    );
    expect(values.campaign_daily_participation_limit).toBe(3);
    expect(schema.parse(valid('receipt')).campaign_participation).toBe('unlimited');
  });

  it('normalises the shared code and ids, and keeps the segment', () => {
    const values = schema.parse(
      valid('regular_code', {
        campaign_regular_code: ' yaz-2026 ',
        campaign_store_ids: [ID, OTHER_ID, ID],
        campaign_segment: [{ field: 'age', min: 18 }],
      }),
    );
    expect(values.campaign_regular_code).toBe('YAZ2026');
    expect(values.campaign_store_ids).toEqual([ID, OTHER_ID]);
    expect(values.campaign_segment).toEqual([{ field: 'age', min: 18 }]);
    expect(fieldsOf(valid('regular_code', { campaign_regular_code: 'ab' }), 'en')).toEqual({
      campaign_regular_code: 'Must be at least 4 characters',
    });
    expect(fieldsOf(valid('regular_code', { campaign_regular_code: 'İNDİRİM%' }), 'en')).toEqual({
      campaign_regular_code: 'A code may contain only letters (A–Z) and digits',
    });
  });

  it('reports every problem at once: a missing name, the type’s field and a bad date', () => {
    const { campaign_name: _, ...withoutName } = valid('third_party', {
      campaign_third_party_id: null,
      campaign_end_date: '2026-05-01T00:00:00Z',
    });
    expect(fieldsOf(withoutName, 'en')).toEqual({
      campaign_name: 'This field is required',
      campaign_third_party_id: 'This field is required',
      campaign_end_date: 'The end date must be after the start date',
    });
  });

  it('names unknown fields, refuses foreign image URLs, and never throws on junk', () => {
    expect(fieldsOf(valid('basic', { campaign_colour: 'red' }), 'en')).toEqual({
      campaign_colour: 'Unknown field',
    });
    expect(fieldsOf(valid('basic', { campaign_images: ['https://evil.test/a.png'] }), 'en')).toEqual({
      'campaign_images.0': 'Must be an image uploaded to this server',
    });
    for (const junk of [null, [], 'x', 5, { campaign_type: 'lottery' }, { campaign_type: ['coupon'] }])
      expect(schema.safeParse(junk).success).toBe(false);
    expect(campaignRuleIssues(null as never, NOW)).toEqual([]);
  });
});

describe('PUT /campaign/{id}', () => {
  const update = campaignUpdateBody({ now: NOW });

  it('tells the partial bodies from the full one', () => {
    expect(campaignUpdateKind({ campaign_status: 'published' })).toBe('status');
    expect(campaignUpdateKind({ campaign_is_qrcode: true })).toBe('qrcode');
    expect(campaignUpdateKind({ campaign_is_qrcode: true, campaign_name: 'x' })).toBe('values');
    expect(update.parse({ campaign_status: 'published' })).toEqual({
      kind: 'status',
      campaign_status: 'published',
    });
    expect(update.parse({ campaign_is_qrcode: false })).toEqual({
      kind: 'qrcode',
      campaign_is_qrcode: false,
    });
    const full = update.parse(valid('coupon'));
    expect(full.kind).toBe('values');
  });

  it('names the field of each body when it fails', () => {
    const fields = (body: unknown) => issuesToFields(update.safeParse(body).error!.issues, 'en');
    expect(fields({ campaign_status: 'live' })).toEqual({
      campaign_status: 'Must be one of: to_be_published, published, archived',
    });
    expect(fields({ campaign_is_qrcode: 'yes' })).toEqual({ campaign_is_qrcode: 'Must be true or false' });
    expect(fields(valid('session_coupon', { campaign_session_day_count: 3650 }))).toEqual({
      campaign_session_day_count: 'Must be at most 3649',
    });
  });
});

describe('list queries', () => {
  it('POST /campaign/filter takes showAll, paging, keyword, order and type and state filters', () => {
    const query = campaignListQuery.parse({
      showAll: false,
      pagination: { limit: 25, currentPage: 2 },
      keyword: 'yaz',
      order: 'desc',
      orderBy: 'campaign_start_date',
      filter: { campaign_type: ['coupon', 'code'], campaign_state: ['activated'] },
    });
    expect(query.filter?.campaign_state).toEqual(['activated']);
    expect(campaignListQuery.parse({}).pagination).toEqual({ limit: 10, currentPage: 1 });
    expect(campaignListQuery.safeParse({ orderBy: 'campaign_budget' }).success).toBe(false);
    expect(campaignListQuery.safeParse({ filter: { campaign_type: ['lottery'] } }).success).toBe(false);
  });

  it('GET /campaign?onlyArchived reads the flag and flat paging', () => {
    const query = campaignSearchParams.parse({ onlyArchived: 'true', limit: '20', orderBy: 'updatedAt' });
    expect(query.filter).toEqual({ onlyArchived: true });
    expect(query.pagination).toEqual({ limit: 20, currentPage: 1 });
    expect(campaignSearchParams.parse({}).filter).toEqual({});
  });
});
