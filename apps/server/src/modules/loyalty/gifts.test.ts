import {
  burnPreparation,
  listResponse,
  loyaltyCustomer,
  loyaltyGift,
  microSiteAvailableGifts,
} from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { giftFixtures } from './gifts.fixtures';
import { loyaltyGifts, loyaltyRedemptions } from './gifts.tables';
import { ledgerOf, newLoyaltyCustomer } from './loyalty.fixtures';
import { pointEntries } from './loyalty.tables';

const ctx = useTestApp();
const { tiersOf, earn, newGift, burn, microSite } = giftFixtures(ctx);

const gift = (mallId: string, id: string) =>
  ctx.inject({ url: `/api/loyalty-gift/${id}?locationId=${mallId}` });
const stockOf = async (giftId: string) =>
  (
    await ctx.database.db
      .select({ stock: loyaltyGifts.loyalty_gift_stock_quantity })
      .from(loyaltyGifts)
      .where(eq(loyaltyGifts._id, giftId))
  )[0]?.stock;
const ledger = (customerId: string) => ledgerOf(ctx.database.db, customerId);

describe('loyalty gifts', () => {
  it('creates, lists, reads, edits and deletes a gift, with its tier and its pool of codes', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const created = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-gift?locationId=${mall._id}`,
      payload: {
        loyalty_gift_title: 'Sinema bileti',
        loyalty_gift_note: 'Hafta içi geçerli',
        loyalty_gift_point_quantity: 500,
        loyalty_gift_stock_quantity: 20,
        loyalty_gift_min_tier_id: tiers.silver,
        loyalty_gift_is_active: true,
        loyalty_gift_send_type: 'by_hand',
        loyalty_gift_new_codes: ['SIN-001', 'SIN-002'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = loyaltyGift.parse(created.json());
    expect(body).toMatchObject({
      loyalty_gift_title: 'Sinema bileti',
      loyalty_gift_min_tier_title: 'Gümüş',
      loyalty_gift_codes_used: 0,
      loyalty_gift_available_codes: 2,
    });
    const page = listResponse(loyaltyGift).parse(
      (
        await ctx.inject({
          method: 'POST',
          url: `/api/loyalty-gift/filter?locationId=${mall._id}`,
          payload: { keyword: 'sinema', filter: { loyalty_gift_is_active: true } },
        })
      ).json(),
    );
    expect(page.data.map((row) => row._id)).toEqual([body._id]);
    const edited = await ctx.inject({
      method: 'PUT',
      url: `/api/loyalty-gift/${body._id}?locationId=${mall._id}`,
      payload: {
        loyalty_gift_title: 'Sinema bileti (2 kişilik)',
        loyalty_gift_point_quantity: 800,
        loyalty_gift_stock_quantity: 10,
        loyalty_gift_min_tier_id: tiers.gold,
        loyalty_gift_is_active: false,
        loyalty_gift_send_type: 'to_address',
        loyalty_gift_new_codes: ['SIN-003'],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      loyalty_gift_title: 'Sinema bileti (2 kişilik)',
      loyalty_gift_note: null,
      loyalty_gift_min_tier_title: 'Altın',
      loyalty_gift_available_codes: 3,
    });
    const again = await ctx.inject({
      method: 'PUT',
      url: `/api/loyalty-gift/${body._id}?locationId=${mall._id}`,
      headers: { 'accept-language': 'en' },
      payload: {
        loyalty_gift_title: 'Sinema bileti (2 kişilik)',
        loyalty_gift_point_quantity: 800,
        loyalty_gift_stock_quantity: 10,
        loyalty_gift_min_tier_id: tiers.gold,
        loyalty_gift_is_active: false,
        loyalty_gift_send_type: 'to_address',
        loyalty_gift_new_codes: ['SIN-004', 'SIN-001'],
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({
      'loyalty_gift_new_codes.1': 'This gift’s code pool already has this code',
    });
    expect((await gift(mall._id, body._id)).json().loyalty_gift_available_codes).toBe(3);
    const removed = await ctx.inject({
      method: 'DELETE',
      url: `/api/loyalty-gift/${body._id}?locationId=${mall._id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await gift(mall._id, body._id)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, in the request’s language, and saves nothing', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const otherTiers = await tiersOf(other._id);
    const post = (payload: object, lang = 'tr') =>
      ctx.inject({
        method: 'POST',
        url: `/api/loyalty-gift?locationId=${mall._id}`,
        headers: { 'accept-language': lang },
        payload,
      });
    const missing = await post({ loyalty_gift_title: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual([
      'loyalty_gift_is_active',
      'loyalty_gift_min_tier_id',
      'loyalty_gift_point_quantity',
      'loyalty_gift_send_type',
      'loyalty_gift_stock_quantity',
      'loyalty_gift_title',
    ]);
    const valid = {
      loyalty_gift_title: 'Kahve',
      loyalty_gift_point_quantity: 150,
      loyalty_gift_stock_quantity: 40,
      loyalty_gift_min_tier_id: tiers.bronze,
      loyalty_gift_is_active: true,
      loyalty_gift_send_type: 'by_hand',
    };
    const low = await post(
      { ...valid, loyalty_gift_point_quantity: 0, loyalty_gift_stock_quantity: -1 },
      'en',
    );
    expect(Object.keys(low.json().fields).sort()).toEqual([
      'loyalty_gift_point_quantity',
      'loyalty_gift_stock_quantity',
    ]);
    const foreignTier = await post({ ...valid, loyalty_gift_min_tier_id: otherTiers.gold });
    expect(foreignTier.json().fields).toEqual({
      loyalty_gift_min_tier_id: 'Bu AVM’de böyle bir üyelik seviyesi yok',
    });
    const repeated = await post({ ...valid, loyalty_gift_new_codes: ['A1', 'A1'] });
    expect(repeated.json().fields).toEqual({
      'loyalty_gift_new_codes.1': 'Bu kod listede birden fazla kez var',
    });
    expect((await post(valid)).statusCode).toBe(201);
    const twice = await post({ ...valid, loyalty_gift_title: 'KAHVE' });
    expect(twice.statusCode).toBe(409);
    expect(Object.keys(twice.json().fields)).toEqual(['loyalty_gift_title']);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loyaltyGifts)
      .where(eq(loyaltyGifts.location_id, mall._id));
    expect(count!.n).toBe(1);
  });

  it('serves no gift or redemption of another mall, and only to roles with their modules', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const mine = await newGift(mall._id, { loyalty_gift_min_tier_id: tiers.bronze });
    expect((await gift(other._id, mine._id)).statusCode).toBe(404);
    const put = await ctx.inject({
      method: 'DELETE',
      url: `/api/loyalty-gift/${mine._id}?locationId=${other._id}`,
    });
    expect(put.statusCode).toBe(404);
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 300);
    expect(
      (await burn(other._id, { loyalty_customer: customer, loyalty_customer_gift: mine._id })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.inject({ url: `/api/loyalty-customer/burn-points/${customer}?locationId=${other._id}` }))
        .statusCode,
    ).toBe(404);
    const redeemed = loyaltyCustomer.parse(
      (await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: mine._id })).json(),
    );
    const cancel = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/${redeemed._id}/cancel?locationId=${other._id}`,
      payload: { loyalty_customer_note: 'Yanlış AVM' },
    });
    expect(cancel.statusCode).toBe(404);
    const list = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/filter?locationId=${other._id}`,
      payload: {},
    });
    expect(list.json().data).toEqual([]);

    const giftClerk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-gift'], locations: [mall] });
    const desk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-customer'], locations: [mall] });
    const giftsAs = (headers: { authorization: string }) =>
      ctx.inject({
        method: 'POST',
        url: `/api/loyalty-gift/filter?locationId=${mall._id}`,
        payload: {},
        headers,
      });
    const redemptionsAs = (headers: { authorization: string }) =>
      ctx.inject({
        method: 'POST',
        url: `/api/loyalty-customer/filter?locationId=${mall._id}`,
        payload: {},
        headers,
      });
    expect((await giftsAs(giftClerk.headers)).statusCode).toBe(200);
    expect((await giftsAs(desk.headers)).statusCode).toBe(403);
    expect((await redemptionsAs(desk.headers)).statusCode).toBe(200);
    expect((await redemptionsAs(giftClerk.headers)).statusCode).toBe(403);
  });

  it('offers and redeems only what the customer can take: affordable, tier high enough, active, in stock', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const coffee = await newGift(mall._id, {
      loyalty_gift_title: 'Kahve',
      loyalty_gift_point_quantity: 150,
      loyalty_gift_stock_quantity: 1,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    const cinema = await newGift(mall._id, {
      loyalty_gift_title: 'Sinema bileti',
      loyalty_gift_point_quantity: 400,
      loyalty_gift_min_tier_id: tiers.silver,
    });
    const voucher = await newGift(mall._id, {
      loyalty_gift_title: 'Hediye çeki 100 ₺',
      loyalty_gift_point_quantity: 5000,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    const closed = await newGift(mall._id, {
      loyalty_gift_title: 'Otopark 3 saat',
      loyalty_gift_point_quantity: 50,
      loyalty_gift_min_tier_id: tiers.bronze,
      loyalty_gift_is_active: false,
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    const second = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 900); // Bronz
    await earn(mall._id, second, 900);

    const prep = burnPreparation.parse(
      (
        await ctx.inject({ url: `/api/loyalty-customer/burn-points/${customer}?locationId=${mall._id}` })
      ).json(),
    );
    expect(prep.balance).toMatchObject({ point_balance: 900, loyalty_tier_title: 'Bronz' });
    expect(prep.point_history.map((entry) => entry.point_entry_amount)).toEqual([900]);
    expect(prep.available_gift_list.map((row) => row.loyalty_gift_title)).toEqual(['Kahve']);

    const refusal = async (giftId: string, lang = 'tr') =>
      (
        await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: giftId }, undefined, lang)
      ).json();
    expect((await refusal(cinema._id)).fields).toEqual({
      loyalty_customer_gift: 'Müşterinin üyelik seviyesi bu hediye için yeterli değil',
    });
    expect((await refusal(voucher._id, 'en')).fields).toEqual({
      loyalty_customer_gift: 'The customer does not have enough points for this gift',
    });
    expect((await refusal(closed._id)).fields).toEqual({
      loyalty_customer_gift: 'Bu hediye şu anda verilmiyor',
    });

    const taken = await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: coffee._id });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(loyaltyCustomer.parse(taken.json())).toMatchObject({
      loyalty_customer: customer,
      loyalty_customer_gift_title: 'Kahve',
      loyalty_customer_points: 150,
      loyalty_customer_status: 'new',
      loyalty_customer_source: 'desk',
    });
    expect(await stockOf(coffee._id)).toBe(0);
    expect(await ledger(customer)).toMatchObject({ balance: 750, sum: 750 });
    const sold = await burn(mall._id, { loyalty_customer: second, loyalty_customer_gift: coffee._id });
    expect(sold.statusCode).toBe(400);
    expect(sold.json().fields).toEqual({ loyalty_customer_gift: 'Bu hediyenin stoğu tükendi' });
    expect(await ledger(second)).toMatchObject({ balance: 900, sum: 900 });

    // Reaching Gümüş opens the cinema ticket.
    await earn(mall._id, customer, 300);
    const after = burnPreparation.parse(
      (
        await ctx.inject({ url: `/api/loyalty-customer/burn-points/${customer}?locationId=${mall._id}` })
      ).json(),
    );
    expect(after.available_gift_list.map((row) => row.loyalty_gift_title)).toEqual(['Sinema bileti']);
    expect(after.customer_loyalty_list.map((row) => row.loyalty_customer_gift_title)).toEqual(['Kahve']);
    expect(
      (await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: cinema._id })).statusCode,
    ).toBe(200);
  });

  it('redeems once per Idempotency-Key and gives a code of the pool, until the pool runs out', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const ticket = await newGift(mall._id, {
      loyalty_gift_point_quantity: 100,
      loyalty_gift_stock_quantity: 10,
      loyalty_gift_min_tier_id: tiers.bronze,
      loyalty_gift_new_codes: ['BLT-1'],
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 1000);
    const body = { loyalty_customer: customer, loyalty_customer_gift: ticket._id };
    const first = await burn(mall._id, body, 'same-key-123');
    const retry = await burn(mall._id, body, 'same-key-123');
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(first.json().loyalty_customer_gift_code).toBe('BLT-1');
    expect(await ledger(customer)).toMatchObject({ balance: 900, sum: 900 });
    expect(await stockOf(ticket._id)).toBe(9);
    const none = await burn(mall._id, body);
    expect(none.json().fields).toEqual({ loyalty_customer_gift: 'Bu hediyenin stoğu tükendi' });
    expect(await stockOf(ticket._id)).toBe(9);
    expect((await gift(mall._id, ticket._id)).json()).toMatchObject({
      loyalty_gift_codes_used: 1,
      loyalty_gift_available_codes: 0,
    });
  });

  it('sends with a tracking number and address, and a cancel gives the points and the stock back once', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const parcel = await newGift(mall._id, {
      loyalty_gift_title: 'Hediye çeki 100 ₺',
      loyalty_gift_point_quantity: 400,
      loyalty_gift_stock_quantity: 3,
      loyalty_gift_min_tier_id: tiers.bronze,
      loyalty_gift_send_type: 'to_address',
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 1000);
    const one = loyaltyCustomer.parse(
      (await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: parcel._id })).json(),
    );
    const two = loyaltyCustomer.parse(
      (await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: parcel._id })).json(),
    );
    const action = (id: string, what: 'sent-and-save' | 'cancel', payload: object, lang = 'tr') =>
      ctx.inject({
        method: 'POST',
        url: `/api/loyalty-customer/${id}/${what}?locationId=${mall._id}`,
        headers: { 'accept-language': lang },
        payload,
      });
    const bare = await action(one._id, 'sent-and-save', {});
    expect(bare.statusCode).toBe(400);
    expect(Object.keys(bare.json().fields).sort()).toEqual([
      'loyalty_customer_address',
      'loyalty_customer_tracking_number',
    ]);
    const sent = await action(one._id, 'sent-and-save', {
      loyalty_customer_tracking_number: 'YK123456789',
      loyalty_customer_address: 'Atatürk Cad. No: 5, Kadıköy, İstanbul',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      loyalty_customer_status: 'waiting',
      loyalty_customer_tracking_number: 'YK123456789',
    });
    expect(
      (await action(one._id, 'sent-and-save', { loyalty_customer_tracking_number: 'X' })).statusCode,
    ).toBe(409);

    expect((await action(two._id, 'cancel', {}, 'en')).json().fields).toEqual({
      loyalty_customer_note: 'This field is required',
    });
    const cancelled = await action(two._id, 'cancel', { loyalty_customer_note: 'Müşteri vazgeçti' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      loyalty_customer_status: 'cancelled',
      loyalty_customer_note: 'Müşteri vazgeçti',
    });
    const twice = await action(two._id, 'cancel', { loyalty_customer_note: 'Tekrar' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({ loyalty_customer_status: 'Bu hediye zaten iptal edildi' });
    expect(await ledger(customer)).toMatchObject({ balance: 600, sum: 600 });
    expect(await stockOf(parcel._id)).toBe(2);
    const refunds = await ctx.database.db
      .select()
      .from(pointEntries)
      .where(eq(pointEntries.point_entry_cause_id, two._id));
    expect(refunds.map((entry) => [entry.point_entry_kind, entry.point_entry_amount]).sort()).toEqual([
      ['burn', -400],
      ['refund', 400],
    ]);

    const waiting = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/filter?locationId=${mall._id}`,
      payload: { filter: { loyalty_customer_status: 'waiting' } },
    });
    expect(waiting.json().data.map((row: { _id: string }) => row._id)).toEqual([one._id]);
    const file = await ctx.inject({ url: `/api/loyalty-customer/export?locationId=${mall._id}` });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Takip numarası');
    const statuses = [2, 3].map((n) => sheet.getRow(n).getCell(header.indexOf('Durum') + 1).value);
    expect(statuses.sort()).toEqual(['Gönderildi', 'İptal edildi']);
  });

  it('exports only the redemptions the list’s filter and keyword find, and none of another mall', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const coffee = await newGift(mall._id, {
      loyalty_gift_title: 'Kahve',
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    const parcel = await newGift(mall._id, {
      loyalty_gift_title: 'Hediye çeki 100 ₺',
      loyalty_gift_min_tier_id: tiers.bronze,
      loyalty_gift_send_type: 'to_address',
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 1000);
    const redeem = async (giftId: string, note: string) =>
      loyaltyCustomer.parse(
        (
          await burn(mall._id, {
            loyalty_customer: customer,
            loyalty_customer_gift: giftId,
            loyalty_customer_note: note,
          })
        ).json(),
      );
    const newCoffee = await redeem(coffee._id, 'yeni kahve');
    const sentCoffee = await redeem(coffee._id, 'gönderilen kahve');
    await redeem(parcel._id, 'hediye çeki');
    const sent = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/${sentCoffee._id}/sent-and-save?locationId=${mall._id}`,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The same gift title, status and keyword in another mall: none of it may reach this mall's file.
    const theirCoffee = await newGift(other._id, {
      loyalty_gift_title: 'Kahve',
      loyalty_gift_min_tier_id: (await tiersOf(other._id)).bronze,
    });
    const theirCustomer = await newLoyaltyCustomer(ctx.database.db, other._id);
    await earn(other._id, theirCustomer, 1000);
    const theirs = await burn(other._id, {
      loyalty_customer: theirCustomer,
      loyalty_customer_gift: theirCoffee._id,
      loyalty_customer_note: 'öteki AVM',
    });
    expect(theirs.statusCode, theirs.body).toBe(200);

    const notesOf = async (query: string) => {
      const file = await ctx.inject({ url: `/api/loyalty-customer/export?locationId=${mall._id}${query}` });
      expect(file.statusCode, file.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const note = (sheet.getRow(1).values as unknown[]).indexOf('Not');
      return sheet.getRows(2, sheet.rowCount - 1)?.map((row) => row.getCell(note).value) ?? [];
    };
    expect((await notesOf('')).sort()).toEqual(['gönderilen kahve', 'hediye çeki', 'yeni kahve']);
    expect(await notesOf('&loyalty_customer_status=new&keyword=kahve')).toEqual(['yeni kahve']);
    expect(await notesOf('&loyalty_customer_status=waiting')).toEqual(['gönderilen kahve']);
    expect(await notesOf(`&loyalty_customer_gift=${parcel._id}`)).toEqual(['hediye çeki']);
    expect((await notesOf(`&loyalty_customer=${customer}&keyword=kahve`)).sort()).toEqual([
      'gönderilen kahve',
      'yeni kahve',
    ]);
    expect(await notesOf(`&loyalty_customer_gift=${theirCoffee._id}`)).toEqual([]);
    expect(await notesOf(`&loyalty_customer=${theirCustomer}`)).toEqual([]);
    // The list answers the same rows for the same filter.
    const listed = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/filter?locationId=${mall._id}`,
      payload: { keyword: 'kahve', filter: { loyalty_customer_status: 'new' } },
    });
    expect(listed.json().data.map((row: { _id: string }) => row._id)).toEqual([newCoffee._id]);

    const bad = await ctx.inject({
      url: `/api/loyalty-customer/export?locationId=${mall._id}&loyalty_customer_status=lost&loyalty_customer_gift=x`,
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'loyalty_customer_gift',
      'loyalty_customer_status',
    ]);
    const unknown = await ctx.inject({
      url: `/api/loyalty-customer/export?locationId=${mall._id}&filter[loyalty_customer_status]=new`,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('exports every matching redemption once across keyset pages, ties on the same instant included', async () => {
    const mall = await ctx.newLocation();
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    // 1,400 redemptions on three instants a microsecond apart, 1,050 of them new: the export's first
    // page (1,000 rows) ends inside a run of equal times, and a key cut to milliseconds would see one instant.
    const instants = [
      '2026-03-01 09:00:00.000001+00',
      '2026-03-01 09:00:00.000002+00',
      '2026-03-01 09:00:00.000003+00',
    ];
    await ctx.database.db.insert(loyaltyRedemptions).values(
      Array.from({ length: 1400 }, (_, index) => ({
        location_id: mall._id,
        customer_id: customer,
        loyalty_customer_gift_title: 'Kahve',
        loyalty_customer_points: 100,
        loyalty_customer_gift_send_type: 'by_hand' as const,
        loyalty_customer_status: index % 4 === 0 ? ('cancelled' as const) : ('new' as const),
        loyalty_customer_source: 'desk' as const,
        loyalty_customer_tracking_number: `T${index}`,
        created_at: sql`${instants[index % 3]}::timestamptz`,
      })),
    );
    const file = await ctx.inject({
      url: `/api/loyalty-customer/export?locationId=${mall._id}&loyalty_customer_status=new`,
    });
    expect(file.statusCode, file.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const tracking = (sheet.getRow(1).values as unknown[]).indexOf('Takip numarası');
    const numbers = sheet.getRows(2, sheet.rowCount - 1)!.map((row) => String(row.getCell(tracking).value));
    const expected = Array.from({ length: 1400 }, (_, index) => index)
      .filter((index) => index % 4 !== 0)
      .map((index) => `T${index}`);
    expect(numbers).toHaveLength(expected.length);
    expect(new Set(numbers)).toEqual(new Set(expected));
    // Newest first: the latest instant's rows lead, the earliest's close the file.
    expect(Number(numbers[0]!.slice(1)) % 3).toBe(2);
    expect(Number(numbers.at(-1)!.slice(1)) % 3).toBe(0);
  });

  it('lets a signed-in customer see and claim the gifts their points buy on the micro-site', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const coffee = await newGift(mall._id, {
      loyalty_gift_title: 'Kahve',
      loyalty_gift_point_quantity: 150,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    await newGift(mall._id, {
      loyalty_gift_title: 'Sinema bileti',
      loyalty_gift_point_quantity: 400,
      loyalty_gift_min_tier_id: tiers.gold,
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 500);
    const site = await microSite(mall, customer);
    const offer = microSiteAvailableGifts.parse((await site.available()).json());
    expect(offer.balance.point_balance).toBe(500);
    expect(offer.available_gift_list.map((row) => row.loyalty_gift_title)).toEqual(['Kahve']);
    const claim = await site.claim({ loyalty_customer_gift: coffee._id }, 'phone-retry-1');
    expect(claim.statusCode, claim.body).toBe(200);
    // The phone lost the answer and sends the same claim again: nothing more is taken.
    expect((await site.claim({ loyalty_customer_gift: coffee._id }, 'phone-retry-1')).json()).toEqual(
      claim.json(),
    );
    expect(claim.json()).toMatchObject({
      loyalty_customer_source: 'micro_site',
      loyalty_customer_status: 'new',
    });
    expect(await ledger(customer)).toMatchObject({ balance: 350, sum: 350 });
    expect((await site.claim({})).json().fields).toHaveProperty('loyalty_customer_gift');
    const unauth = await ctx.app.inject({ method: 'GET', url: '/api/ext/loyalty-customer/available-gifts' });
    expect(unauth.statusCode).toBe(401);
  });
  it('keeps a redemption of a deleted gift, whose cancel still refunds the points', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const coffee = await newGift(mall._id, {
      loyalty_gift_title: 'Kahve',
      loyalty_gift_point_quantity: 150,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 200);
    const redeemed = loyaltyCustomer.parse(
      (await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: coffee._id })).json(),
    );
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/loyalty-gift/${coffee._id}?locationId=${mall._id}` }))
        .statusCode,
    ).toBe(204);
    const cancelled = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/${redeemed._id}/cancel?locationId=${mall._id}`,
      payload: { loyalty_customer_note: 'Hediye kaldırıldı' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      loyalty_customer_gift: null,
      loyalty_customer_gift_title: 'Kahve',
    });
    expect(await ledger(customer)).toMatchObject({ balance: 200, sum: 200 });
  });

  it('lets the gift desk find a customer by phone without the customers module', async () => {
    const mall = await ctx.newLocation();
    const desk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-customer'], locations: [mall] });
    const outsider = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-gift'], locations: [mall] });
    const lookup = (headers: { authorization: string }) =>
      ctx.inject({
        method: 'POST',
        url: `/api/customer/check/phone?locationId=${mall._id}`,
        payload: { customer_phone: '0532 000 00 99' },
        headers,
      });
    const answer = await lookup(desk.headers);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('CUSTOMER_NOT_FOUND');
    expect((await lookup(outsider.headers)).statusCode).toBe(403);
  });
});
