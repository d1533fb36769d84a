import { customerReceipt, type Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import { nameKey } from '../../platform/db/unique-names';
import { storedFiles } from '../../platform/files/files.tables';
import { insertCustomer } from '../customers/customers.fixtures';
import { loyaltyTiers } from '../loyalty/loyalty.tables';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { pointProviders } from '../point-providers/point-providers.tables';
import { mallWithStores } from './receipts.fixtures';
import { receipts } from './receipts.tables';

/** `PUT /ext/app/customers/shopping-receipts/{id}`: the micro-site's correction of a refused receipt. */
const ctx = useTestApp();
const DAY = 86_400_000;
const db = () => ctx.database.db;
let serial = 0;

const newMall = () => mallWithStores(db(), () => ctx.newLocation());

const newCustomer = async (mallId: string) =>
  (await insertCustomer(db(), mallId, { customer_name: 'Elif', customer_surname: 'Kaya' }))._id;

const photo = (seed: number) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 250, g: seed % 250, b: 200 } } })
    .jpeg()
    .toBuffer();

const form = (fields: Record<string, string>, file: Buffer | null) =>
  multipartForm(fields, file ? { data: file, filename: 'fis.jpg', type: 'image/jpeg' } : undefined);

const signedIn = async (mall: Location, customerId: string, lang: 'tr' | 'en' = 'tr') => {
  const headers = await signedInHeaders(db(), mall, customerId, lang);
  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file: Buffer | null) => {
    const body = form(fields, file);
    return ctx.app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  return {
    upload: (fields: Record<string, string>, file: Buffer | null) =>
      send('POST', '/api/ext/app/customers/shopping-receipts', fields, file),
    edit: (id: string, fields: Record<string, string>, file: Buffer | null = null) =>
      send('PUT', `/api/ext/app/customers/shopping-receipts/${id}`, fields, file),
    list: () => ctx.app.inject({ method: 'GET', url: '/api/ext/app/customers/shopping-receipts', headers }),
    loyalty: () =>
      ctx.app.inject({ method: 'GET', url: '/api/ext/loyalty-customer/available-gifts', headers }),
  };
};

const yesterday = () => new Date(Date.now() - DAY).toISOString();

/** A mall, Elif signed in, and one receipt she uploaded, then reviewed to `status` by staff. */
const uploadedAndReviewed = async (
  status: 'rejected' | 'uncertain' | 'approved' | 'pending',
  lang: 'tr' | 'en' = 'tr',
) => {
  const setup = await newMall();
  const customerId = await newCustomer(setup.mall._id);
  const elif = await signedIn(setup.mall, customerId, lang);
  const fields = {
    receiptNo: `M-${++serial}`,
    amount: '120',
    invoiceDate: yesterday(),
    storeId: setup.mavi,
  };
  const uploaded = await elif.upload(fields, await photo(++serial));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const id = customerReceipt.parse(uploaded.json())._id;
  if (status !== 'pending') {
    const review = await ctx.inject({
      method: 'PUT',
      url: `/api/shopping-receipts/${id}?locationId=${setup.mall._id}`,
      payload:
        status === 'rejected'
          ? {
              receipt_status: 'rejected',
              receipt_rejection_reason: 'other',
              receipt_rejection_message: 'Tutar okunmuyor',
            }
          : { receipt_status: status },
    });
    expect(review.statusCode, review.body).toBe(200);
  }
  return { ...setup, customerId, elif, id, fields };
};

const rowOf = async (id: string) => (await db().select().from(receipts).where(eq(receipts._id, id)))[0]!;

describe('correcting a receipt on the micro-site', () => {
  it('sends a rejected receipt again with new details and photo: pending, the reason cleared', async () => {
    const { elif, id, koton } = await uploadedAndReviewed('rejected');
    const before = await rowOf(id);
    expect(before).toMatchObject({ receipt_status: 'rejected', receipt_rejection_reason: 'other' });
    const edited = await elif.edit(
      id,
      { receiptNo: 'K-2024', amount: '349,90', invoiceDate: yesterday(), storeId: koton },
      await photo(++serial),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(customerReceipt.strict().parse(edited.json())).toMatchObject({
      _id: id,
      receipt_no: 'K-2024',
      receipt_amount: 349.9,
      store_name: 'Koton',
      receipt_status: 'pending',
      receipt_rejection_reason: null,
      receipt_rejection_message: null,
    });
    const after = await rowOf(id);
    expect(after.receipt_photo).not.toBe(before.receipt_photo);
    expect(after.receipt_photo_hash).not.toBe(before.receipt_photo_hash);
    expect((await elif.list()).json()).toMatchObject([{ _id: id, receipt_status: 'pending' }]);
  });

  it('sends an uncertain receipt again keeping its photo, and flags a duplicate afresh', async () => {
    const setup = await uploadedAndReviewed('uncertain');
    const before = await rowOf(setup.id);
    // Another receipt of the mall with the details this one is corrected to.
    const other = await setup.elif.upload(
      { receiptNo: 'D-1', amount: '75', invoiceDate: setup.fields.invoiceDate, storeId: setup.koton },
      await photo(++serial),
    );
    expect(other.statusCode).toBe(201);
    const edited = await setup.elif.edit(setup.id, {
      receiptNo: 'd 1',
      amount: '75',
      invoiceDate: setup.fields.invoiceDate,
      storeId: setup.koton,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await rowOf(setup.id);
    expect(after).toMatchObject({
      receipt_status: 'pending',
      receipt_photo: before.receipt_photo,
      receipt_duplicate_of: other.json()._id,
      receipt_duplicate_kind: 'details',
    });
  });

  it('refuses another customer’s receipt (404), an approved or pending one (409) and bad fields (400)', async () => {
    const setup = await uploadedAndReviewed('rejected', 'en');
    const ayse = await signedIn(setup.mall, await newCustomer(setup.mall._id), 'en');
    const valid = { ...setup.fields, receiptNo: 'Y-1' };
    expect((await ayse.edit(setup.id, valid)).statusCode).toBe(404);
    // Another mall's customer cannot reach it either.
    const elsewhere = await newMall();
    const stranger = await signedIn(elsewhere.mall, await newCustomer(elsewhere.mall._id));
    expect((await stranger.edit(setup.id, valid)).statusCode).toBe(404);

    const bad = await setup.elif.edit(setup.id, {
      ...valid,
      amount: '-1',
      invoiceDate: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      invoiceDate: 'The receipt date cannot be in the future',
    });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'invoiceDate']);
    const photoBefore = (await rowOf(setup.id)).receipt_photo;
    const filesOf = () => db().$count(storedFiles, eq(storedFiles.owner, `customer:${setup.customerId}`));
    const filesBefore = await filesOf();
    const foreignStore = await setup.elif.edit(
      setup.id,
      { ...valid, storeId: elsewhere.mavi },
      await photo(++serial),
    );
    expect(foreignStore.statusCode).toBe(400);
    expect(foreignStore.json().fields).toEqual({ storeId: 'This mall has no such store' });
    // Refused before its photo was stored.
    expect(await filesOf()).toBe(filesBefore);
    const notPhoto = await setup.elif.edit(setup.id, valid, Buffer.from('merhaba'));
    expect(notPhoto.json().fields).toEqual({ file: 'The receipt photo must be a JPEG, PNG, HEIC or PDF' });
    expect(await rowOf(setup.id)).toMatchObject({
      receipt_photo: photoBefore,
      receipt_status: 'rejected',
      receipt_no: setup.fields.receiptNo,
    });

    const approved = await uploadedAndReviewed('approved');
    const refused = await approved.elif.edit(approved.id, { ...approved.fields, amount: '1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({
      receipt_status: 'Onaylanan fişin puanı kazanıldı; fiş artık değiştirilemez ya da silinemez',
    });
    expect(await rowOf(approved.id)).toMatchObject({ receipt_status: 'approved', receipt_amount: 120 });

    const pending = await uploadedAndReviewed('pending', 'en');
    const waiting = await pending.elif.edit(pending.id, pending.fields);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().fields).toEqual({
      receipt_status: 'Only a rejected or uncertain receipt can be corrected and sent again',
    });
  });

  it('shows the main page the balance and tier an approved upload brings', async () => {
    const setup = await newMall();
    const year = new Date().getUTCFullYear();
    await db()
      .insert(pointProviders)
      .values({
        location_id: setup.mall._id,
        point_provider_name: 'Varsayılan',
        point_provider_name_key: nameKey(`Varsayılan ${++serial}`),
        point_provider_type: 'default',
        point_provider_priority: 50,
        point_provider_min_amount: 1,
        point_provider_points_multiplier: 0.5,
        point_provider_start_at: `${year - 1}-01-01`,
        point_provider_end_at: `${year + 1}-12-31`,
      });
    await db()
      .insert(loyaltyTiers)
      .values(
        (
          [
            ['Bronz', 'Bronze', 0, 3],
            ['Gümüş', 'Silver', 100, 2],
          ] as const
        ).map(([title, title_en, min, priority]) => ({
          location_id: setup.mall._id,
          loyalty_tier_title: title,
          loyalty_tier_title_en: title_en,
          loyalty_tier_min_points: min,
          loyalty_tier_point_multiplier: 1,
          loyalty_tier_priority: priority,
        })),
      );
    const customerId = await newCustomer(setup.mall._id);
    const elif = await signedIn(setup.mall, customerId);
    const before = await elif.loyalty();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().balance).toMatchObject({ point_balance: 0 });

    const uploaded = await elif.upload(
      { receiptNo: 'P-1', amount: '300', invoiceDate: yesterday(), storeId: setup.koton },
      await photo(++serial),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const approved = await ctx.inject({
      method: 'PUT',
      url: `/api/shopping-receipts/${uploaded.json()._id}?locationId=${setup.mall._id}`,
      payload: { receipt_status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const after = await elif.loyalty();
    expect(after.json().balance).toMatchObject({
      customer_id: customerId,
      point_balance: 150,
      loyalty_tier_title: 'Gümüş',
      loyalty_tier_title_en: 'Silver',
    });
    expect((await elif.list()).json()).toMatchObject([
      { receipt_status: 'approved', receipt_calculated_points: 150 },
    ]);
    // Approved now: its correction is refused and the points stay.
    expect(
      (
        await elif.edit(uploaded.json()._id, {
          receiptNo: 'P-1',
          amount: '3000',
          invoiceDate: yesterday(),
          storeId: setup.koton,
        })
      ).statusCode,
    ).toBe(409);
    expect((await elif.loyalty()).json().balance.point_balance).toBe(150);
  });
});
