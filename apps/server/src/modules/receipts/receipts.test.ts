import { customerReceipt, type Location, receipt, receiptDetail } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { nameKey } from '../../platform/db/unique-names';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { type CampaignInsert, insertCampaign } from '../campaigns/campaign.fixtures';
import { insertChannel } from '../channels/channels.fixtures';
import type { channels } from '../channels/channels.tables';
import { insertCustomer } from '../customers/customers.fixtures';
import { customers } from '../customers/customers.tables';
import { postPoints } from '../loyalty/ledger.service';
import { loyaltyTiers, pointBalances, pointEntries } from '../loyalty/loyalty.tables';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { pointProviders } from '../point-providers/point-providers.tables';
import { mallWithStores } from './receipts.fixtures';
import { receipts } from './receipts.tables';

const ctx = useTestApp();
const en = { 'accept-language': 'en' };
const tr = { 'accept-language': 'tr' };
const DAY = 86_400_000;
const db = () => ctx.database.db;

let serial = 0;

/** A desk of the mall: open and taking receipts (CDP receipt entry) unless told otherwise. */
const newDesk = (
  mallId: string,
  name = 'Danışma',
  flags: Partial<Pick<typeof channels.$inferInsert, 'channel_status' | 'channel_cdp_receipt_entry'>> = {},
) => insertChannel(db(), mallId, `${name} ${++serial}`, { channel_cdp_receipt_entry: true, ...flags });

/** A mall with a category, two stores, a desk, a customer, and a default and a store point provider. */
const newMall = async () => {
  const { mall, mavi, koton } = await mallWithStores(db(), () => ctx.newLocation());
  const channelId = await newDesk(mall._id);
  const year = new Date().getUTCFullYear();
  const provider = (values: Partial<typeof pointProviders.$inferInsert>) => ({
    location_id: mall._id,
    point_provider_name: `Kural ${++serial}`,
    point_provider_name_key: nameKey(`Kural ${serial}`),
    point_provider_type: 'default' as const,
    point_provider_priority: 90,
    point_provider_min_amount: 50,
    point_provider_points_multiplier: 0.02,
    point_provider_start_at: `${year - 1}-01-01`,
    point_provider_end_at: `${year + 1}-12-31`,
    ...values,
  });
  await db()
    .insert(pointProviders)
    .values([
      provider({}),
      provider({
        point_provider_type: 'store',
        point_provider_priority: 10,
        point_provider_min_amount: 100,
        point_provider_points_multiplier: 0.1,
        point_provider_store_ids: [mavi],
      }),
    ]);
  return {
    mall,
    mavi,
    koton,
    channelId,
    customerId: await newCustomer(mall._id),
  };
};

const newCustomer = async (mallId: string) =>
  (await insertCustomer(db(), mallId, { customer_name: 'Elif', customer_surname: 'Kaya' }))._id;

/** A JPEG with EXIF (a camera's copyright and GPS-like words) that the receipt must not keep. */
const photo = (seed = 0, width = 900) =>
  sharp({
    create: { width, height: 1200, channels: 3, background: { r: 240, g: 240 - (seed % 200), b: 230 } },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Gizli Kamera Sahibi', ImageDescription: 'konum 41.0,29.0' } })
    .toBuffer();

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };
const form = (parts: Part[]) =>
  multipart(
    parts.map((part) =>
      'file' in part
        ? { name: part.name, data: part.file, filename: part.filename, type: 'image/jpeg' }
        : { name: part.name, data: part.value },
    ),
  );

const yesterday = () => new Date(Date.now() - DAY).toISOString();

type DeskValues = Record<string, string | undefined>;
const deskFields = (storeId: string, overrides: DeskValues = {}): DeskValues => ({
  receipt_no: `F-${++serial}`,
  receipt_amount: '1250.50',
  currency: 'TRY',
  receipt_date: yesterday(),
  store_id: storeId,
  ...overrides,
});

/** `POST /shopping-receipts/{channelId}?customerId` as the system admin (or `headers`). */
const enter = async (
  setup: { mall: Location; channelId: string; customerId: string },
  fields: DeskValues,
  file: Buffer | null,
  headers: Record<string, string> = en,
) => {
  const parts: Part[] = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'file', file, filename: 'fis.jpg' });
  const body = form(parts);
  return ctx.inject({
    method: 'POST',
    url: `/api/shopping-receipts/${setup.channelId}?customerId=${setup.customerId}&locationId=${setup.mall._id}`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};

const created = async (setup: Awaited<ReturnType<typeof newMall>>, fields: DeskValues, file?: Buffer) => {
  const response = await enter(setup, fields, file ?? (await photo(++serial)));
  expect(response.statusCode, response.body).toBe(201);
  return receipt.strict().parse(response.json());
};

const call = (
  mall: Pick<Location, '_id'>,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
  headers = en,
) =>
  ctx.inject({
    method,
    url: `/api/${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers,
    ...(payload ? { payload } : {}),
  });

const fieldsOf = (response: { json: () => { fields?: Record<string, string> } }) => response.json().fields;

/** The bytes behind a signed URL, read through the file route as a browser would. */
const bytesOf = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

const entriesOf = (receiptId: string) =>
  db().select().from(pointEntries).where(eq(pointEntries.point_entry_cause_id, receiptId));

describe('receipts at the desk', () => {
  it('enters a receipt with its photo re-encoded without metadata and a thumbnail', async () => {
    const setup = await newMall();
    const original = await photo(1, 1600);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const saved = await created(
      setup,
      deskFields(setup.mavi, { receipt_no: 'A-1001', send_sms: 'true' }),
      original,
    );
    expect(saved).toMatchObject({
      receipt_no: 'A-1001',
      receipt_amount: 1250.5,
      currency: 'TRY',
      store_id: setup.mavi,
      store_name: 'Mavi',
      customer_id: setup.customerId,
      customer_name: 'Elif',
      channel_id: setup.channelId,
      receipt_status: 'pending',
      receipt_source: 'desk',
      send_sms: true,
      receipt_photo_type: 'jpg',
      receipt_calculated_points: null,
      receipt_is_duplicate: false,
      receipt_duplicate_of: null,
    });
    const stored = await bytesOf(saved.receipt_photo_url);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Gizli Kamera'))).toBe(false);
    const thumbnail = await sharp(await bytesOf(saved.receipt_thumbnail_url!)).metadata();
    expect(Math.max(thumbnail.width!, thumbnail.height!)).toBe(320);
    // Private: without the signature the file is not served.
    const unsigned = await ctx.app.inject({ method: 'GET', url: saved.receipt_photo_url.split('?')[0]! });
    expect(unsigned.statusCode).toBe(403);
  });

  it('takes PNG, HEIF and PDF by their bytes and refuses a text file named .jpg, naming the file', async () => {
    const setup = await newMall();
    const png = await sharp({ create: { width: 50, height: 80, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await created(setup, deskFields(setup.mavi), png)).receipt_photo_type).toBe('png');
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const asPdf = await created(setup, deskFields(setup.mavi), pdf);
    expect(asPdf).toMatchObject({ receipt_photo_type: 'pdf', receipt_thumbnail_url: null });
    // A HEIF photo (AV1, as this sharp decodes) is kept as the JPEG it decodes to.
    const heif = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#abc' } })
      .heif({ compression: 'av1' })
      .toBuffer();
    const asHeif = await created(setup, deskFields(setup.mavi), heif);
    expect(asHeif.receipt_photo_type).toBe('jpg');
    expect((await sharp(await bytesOf(asHeif.receipt_photo_url)).metadata()).format).toBe('jpeg');
    // HEIC's first bytes and nothing a decoder can read.
    const fakeHeic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.alloc(40, 7),
    ]);
    expect(fieldsOf(await enter(setup, deskFields(setup.mavi), fakeHeic))).toEqual({
      file: 'The receipt photo could not be opened; upload another photo',
    });
    const text = await enter(setup, deskFields(setup.mavi), Buffer.from('bu bir fiş değil, düz metin'));
    expect(text.statusCode).toBe(400);
    expect(fieldsOf(text)).toEqual({ file: 'The receipt photo must be a JPEG, PNG, HEIC or PDF' });
    // JPEG's first bytes and nothing a decoder can read.
    const broken = await enter(
      setup,
      deskFields(setup.mavi),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
      tr,
    );
    expect(fieldsOf(broken)).toEqual({ file: 'Fiş fotoğrafı açılamadı; başka bir fotoğraf yükleyin' });
    expect(await db().$count(receipts, eq(receipts.location_id, setup.mall._id))).toBe(3);
  });

  it('refuses §5 breaches naming the field, in the request’s language, saving nothing', async () => {
    const setup = await newMall();
    const refused = async (overrides: DeskValues, file: Buffer | null = Buffer.alloc(0), headers = en) => {
      const response = await enter(
        setup,
        deskFields(setup.mavi, overrides),
        file === null ? null : await photo(3),
        headers,
      );
      expect(response.statusCode, response.body).toBe(400);
      return fieldsOf(response);
    };
    expect(await refused({ receipt_date: new Date(Date.now() + DAY).toISOString() })).toEqual({
      receipt_date: 'The receipt date cannot be in the future',
    });
    expect(await refused({ receipt_date: new Date(Date.now() + DAY).toISOString() }, undefined, tr)).toEqual({
      receipt_date: 'Fiş tarihi ileri bir tarih olamaz',
    });
    expect(Object.keys((await refused({ receipt_amount: '-1' }))!)).toEqual(['receipt_amount']);
    expect(Object.keys((await refused({ receipt_amount: 'on iki' }))!)).toEqual(['receipt_amount']);
    expect(Object.keys((await refused({ receipt_no: '' }))!)).toEqual(['receipt_no']);
    expect(await refused({}, null)).toEqual({ file: expect.any(String) });
    const other = await newMall();
    expect(await refused({ store_id: other.mavi })).toEqual({ store_id: 'This mall has no such store' });
    // A campaign of another type is not one receipts go to.
    const coupon = await newReceiptCampaign(setup.mall._id, { campaign_type: 'coupon' });
    expect(await refused({ campaign_id: coupon._id })).toEqual({
      campaign_id: 'This mall has no such campaign for receipts',
    });
    // An amount of zero is a receipt (§5: at least 0).
    await created(setup, deskFields(setup.mavi, { receipt_amount: '0' }));
    expect(await db().$count(receipts, eq(receipts.location_id, setup.mall._id))).toBe(1);
  });

  it('refuses a closed desk, or one without receipt entry, naming channelId, saving nothing', async () => {
    const setup = await newMall();
    const closed = await newDesk(setup.mall._id, 'Kapalı', { channel_status: false });
    const noReceipts = await newDesk(setup.mall._id, 'Kayıt', { channel_cdp_receipt_entry: false });
    for (const [channelId, headers, message] of [
      [closed, en, 'This channel is closed or does not take receipts'],
      [noReceipts, en, 'This channel is closed or does not take receipts'],
      [noReceipts, tr, 'Bu kanal kapalı ya da fiş girişine açık değil'],
    ] as const) {
      const response = await enter({ ...setup, channelId }, deskFields(setup.mavi), await photo(), headers);
      expect(response.statusCode, response.body).toBe(400);
      expect(fieldsOf(response)).toEqual({ channelId: message });
    }
    expect(await db().$count(receipts, eq(receipts.location_id, setup.mall._id))).toBe(0);
    // The desk of the setup takes receipts.
    await created(setup, deskFields(setup.mavi));
  });

  it('answers 404 for another mall’s desk, customer or receipt', async () => {
    const setup = await newMall();
    const other = await newMall();
    expect(
      (await enter({ ...setup, channelId: other.channelId }, deskFields(setup.mavi), await photo()))
        .statusCode,
    ).toBe(404);
    expect(
      (await enter({ ...setup, customerId: other.customerId }, deskFields(setup.mavi), await photo()))
        .statusCode,
    ).toBe(404);
    const theirs = await created(other, deskFields(other.mavi));
    for (const [method, payload] of [['GET'], ['PUT', { receipt_status: 'approved' }], ['DELETE']] as const)
      expect((await call(setup.mall, method, `shopping-receipts/${theirs._id}`, payload)).statusCode).toBe(
        404,
      );
    expect((await call(setup.mall, 'GET', `customer/receipt/${other.customerId}`)).statusCode).toBe(404);
    const list = await call(setup.mall, 'POST', 'shopping-receipts/filter', {});
    expect(list.json().data).toEqual([]);
    expect(await entriesOf(theirs._id)).toEqual([]);
  });
});

/** A running receipt campaign of the mall (×2 points, from 100 liras a receipt); `columns` override. */
const newReceiptCampaign = (mallId: string, columns: Partial<CampaignInsert> = {}) =>
  insertCampaign(db(), mallId, {
    type: 'receipt',
    start: new Date(Date.now() - 10 * DAY),
    participation: 'unlimited',
    columns: {
      campaign_point_multiplier: 2,
      campaign_spending_limit: 100,
      campaign_spending_limit_type: 'single_receipt_based',
      ...columns,
    },
  });

describe('reviewing receipts', () => {
  it('shows the calculation before approval and earns exactly it once, however often approved', async () => {
    const setup = await newMall();
    // A Silver customer (×1.5) through a receipt campaign (×2) at Mavi (the store rule, 0.1 per lira).
    await db().insert(loyaltyTiers).values({
      location_id: setup.mall._id,
      loyalty_tier_title: 'Gümüş',
      loyalty_tier_title_en: 'Silver',
      loyalty_tier_min_points: 0,
      loyalty_tier_point_multiplier: 1.5,
      loyalty_tier_priority: 1,
    });
    await db().transaction((tx) =>
      postPoints(tx, {
        locationId: setup.mall._id,
        customerId: setup.customerId,
        kind: 'adjust',
        amount: 10,
        cause: 'adjustment',
        actor: 'system',
        idempotencyKey: `opening:${setup.customerId}`,
      }),
    );
    const campaign = await newReceiptCampaign(setup.mall._id);
    const saved = await created(
      setup,
      deskFields(setup.mavi, { receipt_amount: '333.33', campaign_id: campaign._id, send_sms: 'true' }),
    );
    const before = await call(setup.mall, 'GET', `shopping-receipts/${saved._id}`);
    expect(before.statusCode).toBe(200);
    const detail = receiptDetail.strict().parse(before.json());
    // 333.33 × 0.1 = 33.333; × 1.5 × 2 = 99.999 → 99.
    expect(detail.receipt_points_calculation).toMatchObject({
      point_provider_priority: 10,
      point_provider_type: 'store',
      point_provider_points_multiplier: 0.1,
      base_points: 33.333,
      loyalty_tier_title: 'Gümüş',
      tier_multiplier: 1.5,
      campaign_multiplier: 2,
      total_points: 99,
    });

    const approve = () =>
      call(setup.mall, 'PUT', `shopping-receipts/${saved._id}`, { receipt_status: 'approved' });
    const [first, second] = [await approve(), await approve()];
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json()).toMatchObject({ receipt_status: 'approved', receipt_calculated_points: 99 });
    const entries = await entriesOf(saved._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      point_entry_kind: 'earn',
      point_entry_amount: 99,
      point_entry_cause: 'receipt',
      point_entry_idempotency_key: `receipt:${saved._id}:earn`,
      point_entry_balance_after: 109,
    });
    const [balance] = await db()
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.customer_id, setup.customerId));
    expect(balance!.point_balance).toBe(109);
    // The customer was told, in Turkish (entered at the desk), once.
    const [customer] = await db().select().from(customers).where(eq(customers._id, setup.customerId));
    const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.to, customer!.customer_phone));
    expect(texts.map((row) => row.text)).toEqual([
      `${setup.mall.location_name}: ${saved.receipt_no} numaralı fişiniz onaylandı, 99 puan kazandınız. Güncel puanınız: 109.`,
    ]);
    // Approved is final: no other change, no delete; the calculation stays as approved.
    const change = await call(setup.mall, 'PUT', `shopping-receipts/${saved._id}`, {
      receipt_status: 'rejected',
      receipt_rejection_reason: 'other',
      receipt_rejection_message: 'Yanlışlıkla onaylandı',
    });
    expect(change.statusCode).toBe(409);
    expect(fieldsOf(change)).toHaveProperty('receipt_status');
    expect(
      (await call(setup.mall, 'PUT', `shopping-receipts/${saved._id}`, { receipt_amount: 1 })).statusCode,
    ).toBe(409);
    expect((await call(setup.mall, 'DELETE', `shopping-receipts/${saved._id}`)).statusCode).toBe(409);
    await db()
      .update(loyaltyTiers)
      .set({ loyalty_tier_point_multiplier: 3 })
      .where(eq(loyaltyTiers.location_id, setup.mall._id));
    const after = await call(setup.mall, 'GET', `shopping-receipts/${saved._id}`);
    expect(after.json().receipt_points_calculation.total_points).toBe(99);
  });

  it('earns nothing without a matching provider, and writes no entry', async () => {
    const setup = await newMall();
    // 40 TL is under both providers' minimums.
    const saved = await created(setup, deskFields(setup.koton, { receipt_amount: '40' }));
    const approved = await call(setup.mall, 'PUT', `shopping-receipts/${saved._id}`, {
      receipt_status: 'approved',
    });
    expect(approved.json()).toMatchObject({
      receipt_status: 'approved',
      receipt_calculated_points: 0,
      receipt_points_calculation: { point_provider_id: null, total_points: 0 },
    });
    expect(await entriesOf(saved._id)).toEqual([]);
  });

  it('rejects with a reason, and for other a message of at most 75 characters; uncertain clears them', async () => {
    const setup = await newMall();
    const saved = await created(setup, deskFields(setup.koton));
    const put = (body: object, headers = en) =>
      call(setup.mall, 'PUT', `shopping-receipts/${saved._id}`, body, headers);
    expect(fieldsOf(await put({ receipt_status: 'rejected' }))).toEqual({
      receipt_rejection_reason: 'Choose a rejection reason for a rejected receipt',
    });
    expect(
      fieldsOf(await put({ receipt_status: 'rejected', receipt_rejection_reason: 'other' }, tr)),
    ).toEqual({
      receipt_rejection_message: 'Bu ret nedeni için müşteriye bir açıklama yazın',
    });
    expect(
      fieldsOf(
        await put({
          receipt_status: 'rejected',
          receipt_rejection_reason: 'other',
          receipt_rejection_message: 'x'.repeat(76),
        }),
      ),
    ).toHaveProperty('receipt_rejection_message');
    expect(fieldsOf(await put({ receipt_status: 'uncertain', receipt_rejection_reason: 'other' }))).toEqual({
      receipt_rejection_reason: 'Only given for a rejected receipt',
    });
    expect(fieldsOf(await put({ receipt_status: 'done' }))).toHaveProperty('receipt_status');
    const rejected = await put({
      receipt_status: 'rejected',
      receipt_rejection_reason: 'other',
      receipt_rejection_message: 'Fişte AVM adı yok',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      receipt_status: 'rejected',
      receipt_rejection_reason: 'other',
      receipt_rejection_message: 'Fişte AVM adı yok',
    });
    const byReason = await put({
      receipt_status: 'rejected',
      receipt_rejection_reason: 'paid_with_gift_card',
    });
    expect(byReason.json()).toMatchObject({
      receipt_rejection_reason: 'paid_with_gift_card',
      receipt_rejection_message: null,
    });
    const uncertain = await put({ receipt_status: 'uncertain' });
    expect(uncertain.json()).toMatchObject({
      receipt_status: 'uncertain',
      receipt_rejection_reason: null,
      receipt_rejection_message: null,
    });
    // Fields change too, still checked: a future date or another mall's store is refused.
    expect(fieldsOf(await put({ receipt_date: new Date(Date.now() + DAY).toISOString() }))).toHaveProperty(
      'receipt_date',
    );
    expect(fieldsOf(await put({ store_id: (await newMall()).mavi }))).toEqual({
      store_id: 'This mall has no such store',
    });
    expect((await put({ receipt_amount: 99.9, receipt_no: 'Z-9' })).json()).toMatchObject({
      receipt_amount: 99.9,
      receipt_no: 'Z-9',
    });
    expect(await entriesOf(saved._id)).toEqual([]);
    const deleted = await call(setup.mall, 'DELETE', `shopping-receipts/${saved._id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(setup.mall, 'GET', `shopping-receipts/${saved._id}`)).statusCode).toBe(404);
  });

  it('flags a receipt already in the system: the same details, or the same photo', async () => {
    const setup = await newMall();
    const date = yesterday();
    const file = await photo(42);
    const first = await created(
      setup,
      deskFields(setup.mavi, { receipt_no: 'AB 123', receipt_date: date }),
      file,
    );
    expect(first.receipt_is_duplicate).toBe(false);
    // The number written another way, another photo: the details match.
    const again = await created(setup, deskFields(setup.mavi, { receipt_no: 'ab-123', receipt_date: date }));
    expect(again).toMatchObject({
      receipt_is_duplicate: true,
      receipt_duplicate_of: first._id,
      receipt_duplicate_kind: 'details',
    });
    // Another amount: not the same receipt by its details, but the very same photo.
    const samePhoto = await created(setup, deskFields(setup.mavi, { receipt_amount: '10' }), file);
    expect(samePhoto).toMatchObject({
      receipt_is_duplicate: true,
      receipt_duplicate_of: first._id,
      receipt_duplicate_kind: 'photo',
    });
    // Another store: different.
    const elsewhere = await created(
      setup,
      deskFields(setup.koton, { receipt_no: 'AB 123', receipt_date: date }),
    );
    expect(elsewhere.receipt_is_duplicate).toBe(false);
    // Another mall does not see this mall's receipts.
    const other = await newMall();
    expect(
      (await created(other, deskFields(other.mavi, { receipt_no: 'AB 123', receipt_date: date }), file))
        .receipt_is_duplicate,
    ).toBe(false);
    const flagged = await call(setup.mall, 'POST', 'shopping-receipts/filter', {
      filter: { receipt_is_duplicate: true },
    });
    expect(
      flagged
        .json()
        .data.map((row: { _id: string }) => row._id)
        .sort(),
    ).toEqual([again._id, samePhoto._id].sort());
  });
});

describe('the receipt list', () => {
  it('filters by status, store, source, date and amount ranges and keyword, and exports the same', async () => {
    const setup = await newMall();
    const old = new Date(Date.now() - 40 * DAY).toISOString();
    const a = await created(
      setup,
      deskFields(setup.mavi, { receipt_no: 'MAVI-1', receipt_amount: '500', receipt_date: old }),
    );
    const b = await created(setup, deskFields(setup.koton, { receipt_no: 'KOTON-1', receipt_amount: '80' }));
    const c = await created(setup, deskFields(setup.mavi, { receipt_no: 'MAVI-2', receipt_amount: '1500' }));
    await call(setup.mall, 'PUT', `shopping-receipts/${c._id}`, { receipt_status: 'approved' });
    const ids = async (body: object) => {
      const response = await call(setup.mall, 'POST', 'shopping-receipts/filter', body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((row: { _id: string }) => row._id);
    };
    expect(await ids({})).toEqual([c._id, b._id, a._id]);
    expect(await ids({ filter: { receipt_status: ['pending'] } })).toEqual([b._id, a._id]);
    expect(await ids({ filter: { store_id: setup.mavi } })).toEqual([c._id, a._id]);
    expect(await ids({ filter: { receipt_amount_min: 100, receipt_amount_max: 1000 } })).toEqual([a._id]);
    expect(await ids({ filter: { receipt_date_to: new Date(Date.now() - 30 * DAY).toISOString() } })).toEqual(
      [a._id],
    );
    expect(await ids({ filter: { receipt_source: 'micro_site' } })).toEqual([]);
    expect(await ids({ keyword: 'koton' })).toEqual([b._id]);
    expect(await ids({ keyword: 'elif' })).toHaveLength(3);
    expect(
      await ids({ orderBy: 'receipt_amount', order: 'asc', pagination: { limit: 2, currentPage: 1 } }),
    ).toEqual([b._id, a._id]);
    const reversed = await call(setup.mall, 'POST', 'shopping-receipts/filter', {
      filter: { receipt_amount_min: 10, receipt_amount_max: 5 },
    });
    expect(fieldsOf(reversed)).toEqual({
      'filter.receipt_amount_max': 'The end of the range cannot be before its start',
    });

    const exported = await call(
      setup.mall,
      'POST',
      'shopping-receipts/export',
      { filter: { store_id: setup.mavi } },
      tr,
    );
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Fişler');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Fiş no', 'Mağaza', 'Tutar', 'Durum', 'Puan']));
    const column = (name: string) => header.indexOf(name) + 1;
    const rows = [2, 3].map((index) => sheet.getRow(index));
    expect(rows.map((row) => row.getCell(column('Fiş no')).value)).toEqual(['MAVI-2', 'MAVI-1']);
    expect(rows.map((row) => row.getCell(column('Durum')).value)).toEqual(['Onaylandı', 'Beklemede']);
    expect(rows.map((row) => row.getCell(column('Tutar')).value)).toEqual([1500, 500]);
    expect(rows[0]!.getCell(column('Puan')).value).toBe(150);
    expect(sheet.rowCount).toBe(3);
  });

  it('lists a customer’s receipts, by desk with channelId, for the customer detail', async () => {
    const setup = await newMall();
    const first = await created(setup, deskFields(setup.mavi));
    const otherDesk = await newDesk(setup.mall._id, 'Kiosk');
    const second = await created({ ...setup, channelId: otherDesk }, deskFields(setup.koton));
    await created({ ...setup, customerId: await newCustomer(setup.mall._id) }, deskFields(setup.koton));
    const all = await call(setup.mall, 'GET', `customer/receipt/${setup.customerId}`);
    expect(all.json().map((row: { _id: string }) => row._id)).toEqual([second._id, first._id]);
    const atDesk = await call(
      setup.mall,
      'GET',
      `customer/receipt/${setup.customerId}?channelId=${otherDesk}`,
    );
    expect(atDesk.json().map((row: { _id: string }) => row._id)).toEqual([second._id]);
  });

  it('holds each route to its §6 subject', async () => {
    const setup = await newMall();
    const desk = await ctx.newStaff({
      subjects: ['modules:customer-registration:customer-registration'],
      locations: [setup.mall],
    });
    const saved = await created(setup, deskFields(setup.mavi));
    expect(
      (await enter(setup, deskFields(setup.mavi), await photo(), { ...en, ...desk.headers })).statusCode,
    ).toBe(201);
    const asDesk = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      call(setup.mall, method, path, payload, { ...en, ...desk.headers });
    expect((await asDesk('POST', 'shopping-receipts/filter', {})).statusCode).toBe(403);
    expect(
      (await asDesk('PUT', `shopping-receipts/${saved._id}`, { receipt_status: 'approved' })).statusCode,
    ).toBe(403);
    expect((await asDesk('GET', `customer/receipt/${setup.customerId}`)).statusCode).toBe(200);
    const reviewer = await ctx.newStaff({ subjects: ['modules:loyalty:receipts'], locations: [setup.mall] });
    const approved = await call(
      setup.mall,
      'PUT',
      `shopping-receipts/${saved._id}`,
      { receipt_status: 'approved' },
      {
        ...en,
        ...reviewer.headers,
      },
    );
    expect(approved.statusCode).toBe(200);
  });
});

describe('receipts on the micro-site', () => {
  const signedIn = async (mall: Location, customerId: string, lang = 'tr') => {
    const headers = await signedInHeaders(db(), mall, customerId, lang);
    return {
      list: () => ctx.app.inject({ method: 'GET', url: '/api/ext/app/customers/shopping-receipts', headers }),
      upload: async (fields: Record<string, string>, file: Buffer | null) => {
        const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
        if (file) parts.push({ name: 'file', file, filename: 'IMG_0001.HEIC' });
        const body = form(parts);
        return ctx.app.inject({
          method: 'POST',
          url: '/api/ext/app/customers/shopping-receipts',
          payload: body.payload,
          headers: { ...headers, ...body.headers },
        });
      },
    };
  };

  it('uploads a receipt to a running receipt campaign; each customer sees only their own', async () => {
    const setup = await newMall();
    const campaign = await newReceiptCampaign(setup.mall._id);
    const elif = await signedIn(setup.mall, setup.customerId, 'en');
    const uploaded = await elif.upload(
      {
        receiptNo: 'M-77',
        amount: '249,90',
        invoiceDate: yesterday(),
        storeId: setup.koton,
        campaignId: campaign._id,
      },
      await photo(7),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const mine = customerReceipt.strict().parse(uploaded.json());
    expect(mine).toMatchObject({
      receipt_no: 'M-77',
      receipt_amount: 249.9,
      store_name: 'Koton',
      campaign_id: campaign._id,
      receipt_status: 'pending',
    });
    const [row] = await db().select().from(receipts).where(eq(receipts._id, mine._id));
    expect(row).toMatchObject({
      receipt_source: 'micro_site',
      channel_id: null,
      receipt_language: 'en',
      send_sms: true,
    });

    // Staff see it and approve it; the customer sees the points and is told in English.
    const staff = await call(setup.mall, 'PUT', `shopping-receipts/${mine._id}`, {
      receipt_status: 'approved',
    });
    expect(staff.json()).toMatchObject({ receipt_source: 'micro_site', receipt_calculated_points: 9 });
    const [customer] = await db().select().from(customers).where(eq(customers._id, setup.customerId));
    const [sms] = await db().select().from(smsOutbox).where(eq(smsOutbox.to, customer!.customer_phone));
    expect(sms!.text).toContain('your receipt M-77 was approved and earned you 9 points');

    const ayse = await signedIn(setup.mall, await newCustomer(setup.mall._id));
    expect((await ayse.list()).json()).toEqual([]);
    const list = await elif.list();
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      { _id: mine._id, receipt_status: 'approved', receipt_calculated_points: 9 },
    ]);
  });

  it('refuses the §5 breaches naming the micro-site’s fields', async () => {
    const setup = await newMall();
    const elif = await signedIn(setup.mall, setup.customerId);
    const fields = { receiptNo: 'M-1', amount: '100', invoiceDate: yesterday(), storeId: setup.koton };
    const refused = async (overrides: Record<string, string>, file: Buffer | null = null) => {
      const response = await elif.upload({ ...fields, ...overrides }, file ?? (await photo(9)));
      expect(response.statusCode, response.body).toBe(400);
      return fieldsOf(response);
    };
    expect(await refused({ invoiceDate: new Date(Date.now() + DAY).toISOString() })).toEqual({
      invoiceDate: 'Fiş tarihi ileri bir tarih olamaz',
    });
    expect(Object.keys((await refused({ amount: '-5' }))!)).toEqual(['amount']);
    expect(await refused({ storeId: (await newMall()).mavi })).toEqual({
      storeId: 'Bu AVM’de böyle bir mağaza yok',
    });
    const ended = await newReceiptCampaign(setup.mall._id, { campaign_end_date: new Date(Date.now() - DAY) });
    expect(await refused({ campaignId: ended._id })).toEqual({
      campaignId: 'Bu kampanya şu anda fiş kabul etmiyor',
    });
    expect(await refused({}, Buffer.from('merhaba'))).toEqual({
      file: 'Fiş fotoğrafı JPEG, PNG, HEIC ya da PDF olmalıdır',
    });
    const missing = await elif.upload(fields, null);
    expect(fieldsOf(missing)).toHaveProperty('file');
    expect(await db().$count(receipts, and(eq(receipts.location_id, setup.mall._id)))).toBe(0);
  });
});
