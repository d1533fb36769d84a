import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Campaign,
  type CampaignType,
  type CampaignTypeField,
  campaign,
  campaignListFields,
  campaignTypeFieldNames,
  campaignTypeFields,
  campaignTypes,
} from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { removeOrphanFiles } from '../../platform/files/file-references';
import type { Jobs } from '../../platform/jobs';
import { auditLog } from '../audit/audit.tables';
import { insertChannel } from '../channels/channels.fixtures';
import { couponProviders } from '../coupon-providers/coupon-providers.tables';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';
import { surveys } from '../surveys/surveys.tables';
import { archiveDueCampaigns, scheduleCampaignArchive } from './campaigns.archive';
import { seedDemoCampaigns } from './campaigns.demo';
import { campaigns } from './campaigns.tables';

// Files of its own: the orphan sweep below looks at every file of the store's directory.
const dataDir = await mkdtemp(path.join(tmpdir(), 'avlu-campaigns-'));
const ctx = useTestApp({ config: { dataDir } });
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const en = { 'accept-language': 'en' };
const tr = { 'accept-language': 'tr' };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** An id no record has: refused wherever it is not the mall's. */
const STORE = '65a1b2c3d4e5f60718293a4b';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  mallId: string,
  method: Method,
  path: string,
  payload?: object,
  headers: Record<string, string> = en,
) =>
  ctx.inject({
    method,
    url: `/api/${path}${path.includes('?') ? '&' : '?'}locationId=${mallId}`,
    headers,
    ...(payload ? { payload } : {}),
  });

/** A public image of the file store, as an upload would leave it. */
const image = async () =>
  `/api/files/${(await ctx.app.files.save(ctx.database.db, Buffer.from('png'), { extension: 'png', visibility: 'public' })).name}`;

const newChannel = (mallId: string, name: string) => insertChannel(ctx.database.db, mallId, name);

/** A store and a coupon provider of the mall, made once per mall, for the types that name them. */
const refs = new Map<string, Promise<{ store: string; provider: string; survey: string }>>();
const refsOf = (mallId: string) => {
  const made =
    refs.get(mallId) ??
    (async () => {
      const db = ctx.database.db;
      const [category] = await db
        .insert(storeCategories)
        .values({
          location_id: mallId,
          ...storeCategoryColumns({ store_category_name: 'Giyim', store_category_name_en: 'Clothing' }),
        })
        .returning();
      const [store] = await db
        .insert(stores)
        .values({
          location_id: mallId,
          store_name: 'Mavi',
          store_name_key: nameKey('Mavi'),
          store_category_id: category!._id,
          store_floor: 'Zemin Kat',
        })
        .returning();
      const [provider] = await db
        .insert(couponProviders)
        .values({
          location_id: mallId,
          coupon_provider_name: 'Mavi',
          coupon_provider_name_key: nameKey('Mavi'),
          coupon_provider_type: 'store',
          coupon_provider_store_id: store!._id,
        })
        .returning();
      const [survey] = await db
        .insert(surveys)
        .values({
          location_id: mallId,
          survey_title: 'Memnuniyet',
          survey_title_key: nameKey('Memnuniyet'),
          survey_description: 'Alışverişinizi değerlendirin',
          survey_start_at: new Date(Date.now() - DAY),
          survey_end_at: new Date(Date.now() + 30 * DAY),
        })
        .returning();
      return { store: store!._id, provider: provider!._id, survey: survey!._id };
    })();
  refs.set(mallId, made);
  return made;
};

let names = 0;
/**
 * A valid campaign of a type for the mall (running from yesterday for ten days): the common fields
 * and the type's required fields without a default.
 */
const valid = async (mallId: string, type: CampaignType, extra: Record<string, unknown> = {}) => {
  const img = await image();
  const { store, provider, survey } = await refsOf(mallId);
  const sample: Record<CampaignTypeField, unknown> = {
    campaign_budget: 1000,
    campaign_spending_limit: 500.5,
    campaign_spending_limit_type: 'day_based',
    campaign_point_multiplier: 1.5,
    campaign_participation: 'once',
    campaign_daily_participation_limit: 3,
    campaign_win_rate: 20,
    campaign_scratch_area_count: 3,
    campaign_scratch_images: [img],
    campaign_session_day_count: 30,
    campaign_third_party_id: 'PARTNER-42',
    campaign_survey_id: survey,
    campaign_regular_code: 'yaz-2026',
    campaign_store_ids: [store],
    campaign_store_category_ids: [],
    campaign_excluded_store_ids: [],
    campaign_excluded_category_ids: [],
    campaign_stamp_count: 3,
    campaign_game_right_rule: 'per_receipt',
    campaign_lottery_permit_no: 'MPİ-2026/123',
    campaign_prizes: [{ prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 10 }],
    campaign_step_goal: 8000,
    campaign_provider_ids: [provider],
    campaign_channel_ids: [],
    campaign_segment: [{ field: 'gender', in: ['female'] }],
  };
  const number = ++names;
  return {
    campaign_name: `Yaz kampanyası ${number}`,
    campaign_name_en: `Summer campaign ${number}`,
    campaign_description: 'Tüm mağazalarda yüzde yirmi indirim',
    campaign_type: type,
    campaign_start_date: at(-DAY),
    campaign_end_date: at(10 * DAY),
    campaign_archive_date: at(20 * DAY),
    campaign_images: [img],
    ...Object.fromEntries(
      campaignTypeFields[type]
        .filter((rule) => rule.required && rule.default === undefined)
        .map((rule) => [rule.field, sample[rule.field]]),
    ),
    ...extra,
  };
};

const create = async (mallId: string, type: CampaignType, extra: Record<string, unknown> = {}) => {
  const response = await call(mallId, 'POST', 'campaign', await valid(mallId, type, extra));
  expect(response.statusCode, response.body).toBe(201);
  return campaign.strict().parse(response.json());
};

const setStatus = async (mallId: string, id: string, campaign_status: string) => {
  const response = await call(mallId, 'PUT', `campaign/${id}`, { campaign_status });
  expect(response.statusCode, response.body).toBe(200);
  return campaign.parse(response.json());
};

/** Moves a campaign's dates (past dates cannot be sent: the §5 rules refuse them). */
const setDates = (id: string, start: number, end: number, archive: number) =>
  ctx.database.db
    .update(campaigns)
    .set({
      campaign_start_date: new Date(Date.now() + start),
      campaign_end_date: new Date(Date.now() + end),
      campaign_archive_date: new Date(Date.now() + archive),
    })
    .where(eq(campaigns._id, id));

const namesOf = (rows: Campaign[]) => rows.map((row) => row.campaign_name);

describe('campaign types', () => {
  it.each(campaignTypes)('%s: created with its required fields, the others stored empty', async (type) => {
    const mall = await ctx.newLocation();
    const body = await valid(mall._id, type);
    const created = await create(mall._id, type, body);
    expect(created).toMatchObject({
      campaign_type: type,
      campaign_status: 'to_be_published',
      coupon_print_count: 0,
      campaign_is_qrcode: false,
      campaign_description_en: null,
    });
    const used = new Set(campaignTypeFields[type].map((rule) => rule.field));
    for (const field of campaignTypeFieldNames) {
      if (used.has(field)) continue;
      expect(created[field], field).toEqual(campaignListFields.has(field) ? [] : null);
    }
    for (const rule of campaignTypeFields[type])
      if (rule.default !== undefined) expect(created[rule.field], rule.field).toBe(rule.default);
    expect((await call(mall._id, 'GET', `campaign/${created._id}`)).json()).toEqual(created);

    // Each required field without a default, left out, is named.
    const required = campaignTypeFields[type].filter((rule) => rule.required && rule.default === undefined);
    for (const rule of required) {
      const { [rule.field]: _, ...without } = body as Record<string, unknown>;
      const response = await call(mall._id, 'POST', 'campaign', {
        ...without,
        campaign_name: `Eksik ${rule.field}`,
      });
      expect(response.statusCode, rule.field).toBe(400);
      expect(response.json().fields, rule.field).toEqual({ [rule.field]: 'This field is required' });
    }
    // A field the type does not use is refused, naming it.
    const unused = campaignTypeFieldNames.find((field) => !used.has(field))!;
    const sampleOf: Partial<Record<CampaignTypeField, unknown>> = {
      campaign_participation: 'once',
      campaign_spending_limit_type: 'day_based',
      campaign_game_right_rule: 'per_receipt',
      campaign_lottery_permit_no: 'MPİ-1',
      campaign_prizes: [{ prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 5 }],
    };
    const refused = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, type)),
      [unused]: sampleOf[unused] ?? (unused.endsWith('_ids') ? [STORE] : 5),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ [unused]: 'Not used by this type of campaign' });
  });

  it('words each refusal in Turkish and English', async () => {
    const mall = await ctx.newLocation();
    const body = {
      ...(await valid(mall._id, 'session_coupon')),
      campaign_session_day_count: 3650,
      campaign_win_rate: 10,
    };
    const inTurkish = await call(mall._id, 'POST', 'campaign', body, tr);
    const inEnglish = await call(mall._id, 'POST', 'campaign', body, en);
    expect(inTurkish.statusCode).toBe(400);
    expect(inTurkish.json().fields).toEqual({
      campaign_session_day_count: expect.stringContaining('3649'),
      campaign_win_rate: 'Bu kampanya türünde kullanılmaz',
    });
    expect(inEnglish.json().fields).toEqual({
      campaign_session_day_count: expect.stringContaining('3649'),
      campaign_win_rate: 'Not used by this type of campaign',
    });
    expect(inTurkish.json().fields.campaign_session_day_count).not.toBe(
      inEnglish.json().fields.campaign_session_day_count,
    );

    const birthday = await call(
      mall._id,
      'POST',
      'campaign',
      await valid(mall._id, 'birthday', { campaign_participation: 'once_a_day' }),
      tr,
    );
    expect(birthday.json().fields).toEqual({
      campaign_participation: 'Doğum günü kampanyasına yalnızca bir kez katılınabilir',
    });
    const birthdayEn = await call(
      mall._id,
      'POST',
      'campaign',
      await valid(mall._id, 'birthday', { campaign_participation: 'unlimited' }),
    );
    expect(birthdayEn.json().fields).toEqual({
      campaign_participation: 'A birthday campaign can be joined only once',
    });
    // Once is what a birthday campaign starts with.
    expect((await create(mall._id, 'birthday')).campaign_participation).toBe('once');
  });

  it('holds the §5 date rules to the server’s clock', async () => {
    const mall = await ctx.newLocation();
    const fieldsOf = async (dates: Record<string, string>) => {
      const response = await call(mall._id, 'POST', 'campaign', {
        ...(await valid(mall._id, 'basic')),
        ...dates,
      });
      expect(response.statusCode).toBe(400);
      return response.json().fields;
    };
    expect(await fieldsOf({ campaign_end_date: at(-2 * DAY) })).toEqual({
      campaign_end_date: 'The end date must be after the start date',
    });
    expect(await fieldsOf({ campaign_end_date: at(3 * MINUTE) })).toEqual({
      campaign_end_date: expect.stringContaining('5'),
    });
    expect(await fieldsOf({ campaign_archive_date: at(-2 * DAY) })).toEqual({
      campaign_archive_date: expect.any(String),
    });
    expect(
      await fieldsOf({
        campaign_start_date: at(-3 * DAY),
        campaign_end_date: at(DAY),
        campaign_archive_date: at(-MINUTE),
      }),
    ).toEqual({ campaign_archive_date: expect.stringMatching(/future/) });
    expect(await fieldsOf({ campaign_archive_date: at(5 * DAY) })).toEqual({
      campaign_archive_date: expect.stringMatching(/end/),
    });
    // Ten minutes ahead is enough; the start may lie in the past.
    const soon = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, 'basic')),
      campaign_start_date: at(-30 * DAY),
      campaign_end_date: at(10 * MINUTE),
      campaign_archive_date: at(10 * MINUTE),
    });
    expect(soon.statusCode, soon.body).toBe(201);
  });

  it('refuses images not in the file store, channels, stores and providers of another mall, and names the mall already has', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const foreignChannel = await newChannel(other._id, 'Danışma');
    const ownChannel = await newChannel(mall._id, 'Danışma');
    const missing = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, 'coupon')),
      campaign_images: [await image(), `/api/files/${'b'.repeat(43)}.png`],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ 'campaign_images.1': 'Image not found; please upload it again' });
    const elsewhere = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, 'coupon')),
      campaign_channel_ids: [ownChannel, foreignChannel],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json().fields)).toEqual(['campaign_channel_ids.1']);
    // Stores and coupon providers of another mall are refused the same way.
    const theirs = await refsOf(other._id);
    const foreignRefs = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, 'code')),
      campaign_provider_ids: [theirs.provider],
    });
    expect(foreignRefs.json().fields).toEqual({
      'campaign_provider_ids.0': 'This mall has no such coupon provider',
    });
    const foreignStore = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, 'coupon')),
      campaign_store_ids: [(await refsOf(mall._id)).store, theirs.store],
    });
    expect(foreignStore.json().fields).toEqual({ 'campaign_store_ids.1': 'This mall has no such store' });
    const external = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, 'basic')),
      campaign_images: ['https://example.com/a.png'],
    });
    expect(external.statusCode).toBe(400);
    expect(Object.keys(external.json().fields)).toEqual(['campaign_images.0']);

    const first = await create(mall._id, 'basic', {
      campaign_name: 'İndirim Günleri',
      campaign_name_en: 'Sale Days',
    });
    const taken = await call(mall._id, 'POST', 'campaign', {
      ...(await valid(mall._id, 'basic')),
      campaign_name: '  indirim   günleri ',
      campaign_name_en: 'SALE DAYS',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'NAME_TAKEN',
      fields: { campaign_name: expect.any(String), campaign_name_en: expect.any(String) },
    });
    // Another mall may use the name; an archived campaign frees it.
    await create(other._id, 'basic', { campaign_name: 'İndirim Günleri', campaign_name_en: 'Sale Days' });
    await setStatus(mall._id, first._id, 'archived');
    await create(mall._id, 'basic', { campaign_name: 'İndirim Günleri', campaign_name_en: 'Sale Days' });
    expect(await ctx.database.db.$count(campaigns, eq(campaigns.location_id, mall._id))).toBe(2);
  });
});

describe('campaign list', () => {
  it('filters by type and shown state, searches with Turkish letters folded, orders, pages and shows all', async () => {
    const mall = await ctx.newLocation();
    const draft = await create(mall._id, 'basic', {
      campaign_name: 'Şubat Şenliği',
      campaign_name_en: 'February Fest',
    });
    const upcoming = await create(mall._id, 'coupon', {
      campaign_name: 'Çocuk Kulübü',
      campaign_name_en: 'Kids Club',
      campaign_start_date: at(2 * DAY),
    });
    await setStatus(mall._id, upcoming._id, 'published');
    const running = await create(mall._id, 'coupon', {
      campaign_name: 'Cuma Fırsatı',
      campaign_name_en: 'Friday Deal',
    });
    await setStatus(mall._id, running._id, 'published');
    const ended = await create(mall._id, 'regular_code', {
      campaign_name: 'Işıklı Gece',
      campaign_name_en: 'Night of Lights',
    });
    await setStatus(mall._id, ended._id, 'published');
    await setDates(ended._id, -10 * DAY, -DAY, 5 * DAY);
    const archived = await create(mall._id, 'basic', {
      campaign_name: 'İlkbahar',
      campaign_name_en: 'Spring',
    });
    await setStatus(mall._id, archived._id, 'archived');
    // Another mall's campaigns are never listed.
    await create((await ctx.newLocation())._id, 'coupon', {
      campaign_name: 'Cuma Fırsatı',
      campaign_name_en: 'Friday Deal',
    });

    const list = async (body: object) => {
      const response = await call(mall._id, 'POST', 'campaign/filter', body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const page = await list({ orderBy: 'campaign_name', order: 'asc' });
    expect(namesOf(page.data)).toEqual(['Cuma Fırsatı', 'Çocuk Kulübü', 'Işıklı Gece', 'Şubat Şenliği']);
    expect(page.pagination).toEqual({ total: 4, limit: 10, currentPage: 1, totalPages: 1 });
    const second = await list({
      orderBy: 'campaign_name',
      order: 'desc',
      pagination: { limit: 3, currentPage: 2 },
    });
    expect(namesOf(second.data)).toEqual(['Cuma Fırsatı']);
    expect(second.pagination).toMatchObject({ total: 4, totalPages: 2 });

    const inState = async (...states: string[]) =>
      namesOf(
        (await list({ filter: { campaign_state: states }, orderBy: 'campaign_name', order: 'asc' })).data,
      );
    expect(await inState('to_be_published')).toEqual(['Şubat Şenliği']);
    expect(await inState('published')).toEqual(['Çocuk Kulübü']);
    expect(await inState('activated')).toEqual(['Cuma Fırsatı']);
    expect(await inState('ended')).toEqual(['Işıklı Gece']);
    expect(await inState('archived')).toEqual(['İlkbahar']);
    expect(await inState('activated', 'archived')).toEqual(['Cuma Fırsatı', 'İlkbahar']);
    expect(
      namesOf(
        (await list({ filter: { campaign_type: ['coupon'] }, orderBy: 'campaign_name', order: 'asc' })).data,
      ),
    ).toEqual(['Cuma Fırsatı', 'Çocuk Kulübü']);
    expect(namesOf((await list({ keyword: 'SUBAT' })).data)).toEqual(['Şubat Şenliği']);
    expect(namesOf((await list({ keyword: 'lights' })).data)).toEqual(['Işıklı Gece']);
    expect(namesOf((await list({ orderBy: 'campaign_start_date', order: 'desc' })).data)).toEqual([
      'Çocuk Kulübü',
      ...namesOf((await list({ orderBy: 'campaign_start_date', order: 'desc' })).data).slice(1),
    ]);
    expect(namesOf((await list({ orderBy: 'campaign_start_date', order: 'asc' })).data)[0]).toBe(
      'Işıklı Gece',
    );

    const all = await list({
      showAll: true,
      orderBy: 'campaign_name',
      order: 'asc',
      pagination: { limit: 1 },
    });
    expect(namesOf(all)).toEqual(['Cuma Fırsatı', 'Çocuk Kulübü', 'Işıklı Gece', 'Şubat Şenliği']);
    expect(namesOf(await list({ showAll: true, keyword: 'IŞIK' }))).toEqual(['Işıklı Gece']);

    const bad = await call(mall._id, 'POST', 'campaign/filter', {
      orderBy: 'campaign_budget',
      filter: { campaign_state: ['running'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['filter.campaign_state.0', 'orderBy']);
    expect(draft._id).toBeDefined();
  });

  it('GET /campaign lists the archive with onlyArchived=true, else the campaigns not archived', async () => {
    const mall = await ctx.newLocation();
    const kept = await create(mall._id, 'basic', { campaign_name: 'Açık', campaign_name_en: 'Open' });
    const gone = await create(mall._id, 'basic', {
      campaign_name: 'Arşivde',
      campaign_name_en: 'In the archive',
    });
    await setStatus(mall._id, gone._id, 'archived');
    const archive = (await call(mall._id, 'GET', 'campaign?onlyArchived=true')).json();
    expect(namesOf(archive.data)).toEqual(['Arşivde']);
    expect(archive.data[0].campaign_status).toBe('archived');
    for (const query of ['campaign', 'campaign?onlyArchived=false'])
      expect(namesOf((await call(mall._id, 'GET', query)).json().data)).toEqual([kept.campaign_name]);
    const bad = await call(mall._id, 'GET', 'campaign?onlyArchived=yes');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['onlyArchived']);
  });
});

describe('changing a campaign', () => {
  it('takes the full values, the status alone or the QR flag alone, and audits each change', async () => {
    const mall = await ctx.newLocation();
    const created = await create(mall._id, 'coupon');
    const edited = await call(mall._id, 'PUT', `campaign/${created._id}`, {
      ...(await valid(mall._id, 'session_coupon')),
      campaign_name: 'Sinema Haftası',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      campaign_type: 'session_coupon',
      campaign_name: 'Sinema Haftası',
      campaign_session_day_count: 30,
      campaign_status: 'to_be_published',
    });
    const qr = await call(mall._id, 'PUT', `campaign/${created._id}`, { campaign_is_qrcode: true });
    expect(qr.json()).toMatchObject({ campaign_is_qrcode: true, campaign_name: 'Sinema Haftası' });
    expect((await setStatus(mall._id, created._id, 'published')).campaign_status).toBe('published');
    expect((await setStatus(mall._id, created._id, 'to_be_published')).campaign_status).toBe(
      'to_be_published',
    );
    // The status beside other fields is not the partial body: the full values are asked for.
    const mixed = await call(mall._id, 'PUT', `campaign/${created._id}`, {
      campaign_status: 'published',
      campaign_is_qrcode: false,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fields).toMatchObject({
      campaign_status: expect.any(String),
      campaign_name: expect.any(String),
    });
    const badStatus = await call(mall._id, 'PUT', `campaign/${created._id}`, {
      campaign_status: 'activated',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().fields)).toEqual(['campaign_status']);

    expect((await call(mall._id, 'DELETE', `campaign/${created._id}`)).statusCode).toBe(204);
    expect((await call(mall._id, 'GET', `campaign/${created._id}`)).statusCode).toBe(404);
    const actions = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity_id, created._id));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'campaign.created',
      'campaign.deleted',
      'campaign.status_changed',
      'campaign.status_changed',
      'campaign.updated',
      'campaign.updated',
    ]);
    expect(actions.every((row) => row.location_id === mall._id)).toBe(true);
  });

  it('refuses transitions outside the lifecycle, publishing an ended campaign, and editing the archive', async () => {
    const mall = await ctx.newLocation();
    const ended = await create(mall._id, 'basic');
    await setDates(ended._id, -10 * DAY, -DAY, 5 * DAY);
    const publish = await call(mall._id, 'PUT', `campaign/${ended._id}`, { campaign_status: 'published' });
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toMatchObject({ code: 'CAMPAIGN_ENDED' });

    const archived = await create(mall._id, 'basic');
    await setStatus(mall._id, archived._id, 'archived');
    const back = await call(
      mall._id,
      'PUT',
      `campaign/${archived._id}`,
      { campaign_status: 'published' },
      tr,
    );
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'CAMPAIGN_STATUS_CHANGE',
      message: 'Kampanya “Arşivlendi” durumundan “Yayınlandı” durumuna geçirilemez',
    });
    const again = await call(mall._id, 'PUT', `campaign/${archived._id}`, { campaign_status: 'archived' });
    expect(again.json()).toMatchObject({
      code: 'CAMPAIGN_STATUS_CHANGE',
      message: 'A campaign cannot go from “Archived” to “Archived”',
    });
    for (const body of [{ campaign_is_qrcode: true }, await valid(mall._id, 'basic')]) {
      const response = await call(mall._id, 'PUT', `campaign/${archived._id}`, body);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('CAMPAIGN_ARCHIVED');
    }
    // Full values are checked like a new campaign's.
    const running = await create(mall._id, 'coupon');
    const invalid = await call(mall._id, 'PUT', `campaign/${running._id}`, {
      ...(await valid(mall._id, 'coupon')),
      campaign_store_ids: [],
      campaign_end_date: at(MINUTE),
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['campaign_end_date', 'campaign_store_ids']);
    expect((await call(mall._id, 'GET', `campaign/${running._id}`)).json()).toEqual(running);
  });

  it('answers 404 for another mall’s campaign, whatever the call', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const theirs = await create(other._id, 'basic');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { campaign_status: 'published' }],
      ['PUT', { campaign_is_qrcode: true }],
      ['PUT', await valid(mall._id, 'basic')],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(mall._id, method, `campaign/${theirs._id}`, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().code).toBe('CAMPAIGN_NOT_FOUND');
    }
    expect((await call(other._id, 'GET', `campaign/${theirs._id}`)).json()).toEqual(theirs);
  });
});

describe('campaigns by channel', () => {
  it('answers the published, running campaigns a desk gives: those listing the channel or no channel', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'AVM Danışma');
    const kiosk = await newChannel(mall._id, 'Kiosk');
    const published = async (type: CampaignType, name: string, extra: Record<string, unknown> = {}) => {
      const created = await create(mall._id, type, { campaign_name: name, campaign_name_en: name, ...extra });
      await setStatus(mall._id, created._id, 'published');
      return created;
    };
    await published('coupon', 'Masada', { campaign_channel_ids: [desk], campaign_end_date: at(3 * DAY) });
    await published('regular_code', 'Her yerde', { campaign_end_date: at(8 * DAY) });
    await published('coupon', 'Kioskta', { campaign_channel_ids: [kiosk], campaign_end_date: at(5 * DAY) });
    await published('basic', 'Bilgi');
    await published('code', 'Yakında', { campaign_start_date: at(DAY) });
    await create(mall._id, 'coupon', { campaign_name: 'Taslak', campaign_name_en: 'Draft' });
    const ended = await published('coupon', 'Bitti', { campaign_channel_ids: [desk] });
    await setDates(ended._id, -5 * DAY, -DAY, 5 * DAY);

    const response = await call(mall._id, 'GET', `campaign/${desk}/bychannel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(namesOf(response.json())).toEqual(['Masada', 'Her yerde']);
    expect(namesOf((await call(mall._id, 'GET', `campaign/${kiosk}/bychannel`)).json())).toEqual([
      'Kioskta',
      'Her yerde',
    ]);
    const other = await ctx.newLocation();
    const theirDesk = await newChannel(other._id, 'AVM Danışma');
    expect((await call(mall._id, 'GET', `campaign/${theirDesk}/bychannel`)).statusCode).toBe(404);
    expect((await call(mall._id, 'GET', `campaign/${STORE}/bychannel`)).statusCode).toBe(404);
    expect((await call(other._id, 'GET', `campaign/${theirDesk}/bychannel`)).json()).toEqual([]);
  });
});

describe('the archive job', () => {
  it('archives each mall’s campaigns whose archive date has passed, once, recording them under their mall', async () => {
    const first = await ctx.newLocation();
    const second = await ctx.newLocation();
    const due = await create(first._id, 'coupon');
    await setStatus(first._id, due._id, 'published');
    await setDates(due._id, -10 * DAY, -2 * DAY, -MINUTE);
    const draftDue = await create(second._id, 'basic');
    await setDates(draftDue._id, -10 * DAY, -2 * DAY, -DAY);
    const later = await create(first._id, 'basic');

    // The job as main.ts schedules it: every minute, the handler archiving what is due.
    let handler: (() => Promise<void>) | undefined;
    const schedules: string[] = [];
    const jobs = {
      work: async (_queue: string, work: () => Promise<void>) => {
        handler = work;
      },
      schedule: async (queue: string, cron: string) => {
        schedules.push(`${queue} ${cron}`);
      },
    } as unknown as Jobs;
    const logged: unknown[] = [];
    await scheduleCampaignArchive(jobs, ctx.database.db, {
      info: (entry: unknown) => logged.push(entry),
    } as never);
    expect(schedules).toEqual(['campaigns.archive-due * * * * *']);
    await handler!();

    const statusOf = async (id: string) =>
      (await ctx.database.db.select().from(campaigns).where(eq(campaigns._id, id)))[0]!.campaign_status;
    expect(await statusOf(due._id)).toBe('archived');
    expect(await statusOf(draftDue._id)).toBe('archived');
    expect(await statusOf(later._id)).toBe('to_be_published');
    expect(logged).toEqual(
      expect.arrayContaining([
        { locationId: first._id, count: 1 },
        { locationId: second._id, count: 1 },
      ]),
    );
    const records = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.archived'), eq(auditLog.entity_id, due._id)));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ location_id: first._id, actor_admin_id: null });

    // Idempotent: nothing is due any more, and the archive lists them.
    const again = await archiveDueCampaigns(ctx.database.db);
    expect(again.has(first._id) || again.has(second._id)).toBe(false);
    expect(namesOf((await call(first._id, 'GET', 'campaign?onlyArchived=true')).json().data)).toEqual([
      due.campaign_name,
    ]);
    // At a later moment the other one is due too.
    const afterwards = await archiveDueCampaigns(ctx.database.db, new Date(Date.now() + 30 * DAY));
    expect(afterwards.get(first._id)).toEqual([later._id]);
  });
});

describe('demo campaigns', () => {
  it('give a mall every type with banners of the file store, some running, some to be published, some archived', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'AVM Danışma');
    const ids = await seedDemoCampaigns(ctx.database.db, ctx.app.files, mall._id, { channelIds: [desk] });
    const rows = await ctx.database.db.select().from(campaigns).where(eq(campaigns.location_id, mall._id));
    expect(rows).toHaveLength(ids.length);
    expect(new Set(rows.map((row) => row.campaign_type))).toEqual(new Set(campaignTypes));
    expect(new Set(rows.map((row) => row.campaign_status))).toEqual(
      new Set(['published', 'to_be_published', 'archived']),
    );
    expect(rows.some((row) => row.campaign_segment !== null)).toBe(true);
    expect(rows.some((row) => row.campaign_channel_ids.includes(desk))).toBe(true);
    for (const row of rows) {
      expect(row.campaign_images.length, row.campaign_name).toBeGreaterThan(0);
      expect(row.campaign_description_en, row.campaign_name).toBeTruthy();
      const banner = await ctx.app.inject({ method: 'GET', url: row.campaign_images[0]! });
      expect(banner.statusCode).toBe(200);
      expect(banner.headers['content-type']).toBe('image/png');
    }
    // The orphan sweep keeps every image a campaign shows (the array columns are in fileReferences).
    await removeOrphanFiles(ctx.database.db, ctx.app.files.store, 0, new Date(Date.now() + 60_000));
    for (const row of rows)
      for (const url of [...row.campaign_images, ...row.campaign_scratch_images])
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const listed = (
      await call(mall._id, 'POST', 'campaign/filter', { filter: { campaign_state: ['activated'] } })
    ).json();
    expect(listed.pagination.total).toBeGreaterThanOrEqual(8);
    expect(namesOf((await call(mall._id, 'GET', `campaign/${desk}/bychannel`)).json())).toContain(
      'Çarkı Çevir, Hediyeni Al',
    );
  });
});
