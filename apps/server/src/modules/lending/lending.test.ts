import { type Location, lending, lendingItem } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import { expectStatus, newLendingCustomers, pngImage } from './lending.fixtures';
import { lendings } from './lending.tables';

const ctx = useTestApp();
type Mall = Pick<Location, '_id'>;
const en = { 'accept-language': 'en' };

const url = (mall: Mall, path: string) =>
  `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`;
const call = (mall: Mall, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, lang = 'en') =>
  ctx.inject({
    method,
    url: url(mall, path),
    headers: { 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const saveItem = async (
  mall: Mall,
  fields: Record<string, string>,
  options: { id?: string; image?: Buffer | null; lang?: string } = {},
) => {
  const image = options.image === undefined ? await pngImage() : options.image;
  const form = multipartForm(
    fields,
    image ? { field: 'itemImage', data: image, filename: 'puset.png' } : undefined,
  );
  return ctx.inject({
    method: options.id ? 'PUT' : 'POST',
    url: url(mall, options.id ? `/lendible-item/${options.id}` : '/lendible-item'),
    payload: form.payload,
    headers: { ...form.headers, 'accept-language': options.lang ?? 'en' },
  });
};

const newItem = async (mall: Mall, itemNo = 'P-01', itemName = 'Bebek Arabası', status = 'active') => {
  const response = await saveItem(mall, { itemNo, itemName, status });
  expectStatus(response, 201);
  return lendingItem.strict().parse(response.json());
};

const queue = async (mall: Mall, itemId: string, phone: string) => {
  const response = await call(mall, 'POST', '/lending', { lending_item_id: itemId, customer_phone: phone });
  expectStatus(response, 201);
  return lending.strict().parse(response.json());
};

describe('lendable items', () => {
  it('creates an item with its image, lists it and changes it with or without a new image', async () => {
    const mall = await ctx.newLocation();
    const item = await newItem(mall, 'P-01', 'Bebek Arabası');
    expect(item).toMatchObject({
      itemNo: 'P-01',
      itemName: 'Bebek Arabası',
      status: 'active',
      item_lent_to: null,
    });
    expect(item.itemImage).toMatch(/^\/api\/files\/[\w-]{43}\.png$/);
    const image = await ctx.inject({ method: 'GET', url: item.itemImage });
    expectStatus(image, 200);

    const kept = await saveItem(
      mall,
      { itemNo: 'P-01', itemName: 'Puset', status: 'inactive' },
      { id: item._id, image: null },
    );
    expectStatus(kept, 200);
    expect(kept.json()).toMatchObject({ itemName: 'Puset', status: 'inactive', itemImage: item.itemImage });
    const replaced = await saveItem(
      mall,
      { itemNo: 'P-01', itemName: 'Puset', status: 'active' },
      { id: item._id },
    );
    expect(replaced.json().itemImage).not.toBe(item.itemImage);

    await newItem(mall, 'A-02', 'Tekerlekli Sandalye');
    const list = await call(mall, 'GET', '/lendible-item');
    expectStatus(list, 200);
    expect(list.json().data.map((row: { itemNo: string }) => row.itemNo)).toEqual(['A-02', 'P-01']);
    expect(list.json().pagination).toMatchObject({ total: 2, limit: 1000, currentPage: 1 });
  });

  it('refuses a taken number, a missing image, a file that is not an image and bad fields, naming them', async () => {
    const mall = await ctx.newLocation();
    await newItem(mall, 'P-01');
    const taken = await saveItem(mall, { itemNo: 'p-01', itemName: 'İkinci', status: 'active' });
    expectStatus(taken, 409);
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN', fields: { itemNo: expect.any(String) } });

    const noImage = await saveItem(
      mall,
      { itemNo: 'P-02', itemName: 'Puset', status: 'active' },
      { image: null },
    );
    expectStatus(noImage, 400);
    expect(noImage.json().fields).toEqual({ itemImage: 'This field is required' });

    const text = await saveItem(
      mall,
      { itemNo: 'P-02', itemName: 'Puset', status: 'active' },
      { image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    );
    expectStatus(text, 415);

    const bad = await saveItem(mall, { itemNo: ' ', itemName: 'Puset', status: 'lost' }, { lang: 'tr' });
    expectStatus(bad, 400);
    expect(bad.json().fields).toEqual({ itemNo: 'Bu alan zorunludur', status: expect.any(String) });
    const list = await call(mall, 'GET', '/lendible-item');
    expect(list.json().pagination.total).toBe(1);
  });
});

describe('lendings', () => {
  it('queues, hands over and takes back an item, one customer at a time', async () => {
    const mall = await ctx.newLocation();
    const item = await newItem(mall);
    const [ayse, mehmet] = await newLendingCustomers(ctx.database.db, mall._id, 2);
    const first = await queue(mall, item._id, ayse!.customer_phone);
    const second = await queue(mall, item._id, mehmet!.customer_phone);
    expect(first).toMatchObject({
      lending_status: 'in_queue',
      lending_started_at: null,
      customer_name: 'Ödünç1',
    });

    const twice = await call(mall, 'POST', '/lending', {
      lending_item_id: item._id,
      customer_phone: ayse!.customer_phone,
    });
    expectStatus(twice, 409);

    const started = await call(mall, 'PATCH', `/lending/${first._id}`, { status: 'approved' });
    expectStatus(started, 200);
    expect(started.json()).toMatchObject({
      lending_status: 'started',
      lending_started_at: expect.any(String),
    });
    const busy = await call(mall, 'PATCH', `/lending/${second._id}`, { status: 'approved' });
    expectStatus(busy, 409);
    expect(busy.json()).toMatchObject({
      code: 'LENDING_ITEM_LENT',
      message: expect.stringContaining('Bebek Arabası'),
    });
    const items = await call(mall, 'GET', '/lendible-item');
    expect(items.json().data[0]).toMatchObject({
      item_lent_to: { lending_id: first._id, customer_name: 'Ödünç1' },
      item_queue_length: 1,
    });

    const again = await call(mall, 'PATCH', `/lending/${first._id}`, { status: 'approved' });
    expectStatus(again, 409);
    expect(again.json().code).toBe('LENDING_STATUS_INVALID');
    const notOut = await call(mall, 'PATCH', `/lending/${second._id}`, { status: 'done' });
    expect(notOut.json().code).toBe('LENDING_STATUS_INVALID');

    const done = await call(mall, 'PATCH', `/lending/${first._id}`, { status: 'done' });
    expectStatus(done, 200);
    expect(done.json()).toMatchObject({ lending_status: 'done', lending_ended_at: expect.any(String) });
    expectStatus(await call(mall, 'PATCH', `/lending/${second._id}`, { status: 'approved' }), 200);

    const bad = await call(mall, 'PATCH', `/lending/${first._id}`, { status: 'lost' }, 'tr');
    expectStatus(bad, 400);
    expect(Object.keys(bad.json().fields)).toEqual(['status']);
  });

  it('refuses an item out of service, an unknown phone and an unknown item, naming the field', async () => {
    const mall = await ctx.newLocation();
    const item = await newItem(mall, 'W-1', 'Tekerlekli Sandalye', 'inactive');
    const [customer] = await newLendingCustomers(ctx.database.db, mall._id, 1);
    const inactive = await call(
      mall,
      'POST',
      '/lending',
      { lending_item_id: item._id, customer_phone: customer!.customer_phone },
      'tr',
    );
    expectStatus(inactive, 400);
    expect(inactive.json().fields).toEqual({ lending_item_id: 'Bu eşya kullanım dışı; ödünç verilemez' });
    const unknownPhone = await call(mall, 'POST', '/lending', {
      lending_item_id: item._id,
      customer_phone: '0532 000 00 00',
    });
    expect(unknownPhone.json().fields).toEqual({
      lending_item_id: 'This item is out of service; it cannot be lent',
    });
    const active = await newItem(mall, 'W-2');
    const nobody = await call(mall, 'POST', '/lending', {
      lending_item_id: active._id,
      customer_phone: '0532 000 00 00',
    });
    expect(nobody.json().fields).toEqual({
      customer_phone: 'No customer is registered with this phone number',
    });
    const unknownItem = await call(mall, 'POST', '/lending', {
      lending_item_id: 'a'.repeat(24),
      customer_phone: customer!.customer_phone,
    });
    expect(unknownItem.json().fields).toEqual({ lending_item_id: 'This mall has no such lendable item' });
    const rows = await ctx.database.db.select().from(lendings).where(eq(lendings.location_id, mall._id));
    expect(rows).toHaveLength(0);
  });

  it('filters by item, number, state and start and end dates, and exports what it finds', async () => {
    const mall = await ctx.newLocation();
    const stroller = await newItem(mall, 'P-01', 'Bebek Arabası');
    const chair = await newItem(mall, 'T-07', 'Tekerlekli Sandalye');
    const [a, b] = await newLendingCustomers(ctx.database.db, mall._id, 2);
    const old = await queue(mall, stroller._id, a!.customer_phone);
    await call(mall, 'PATCH', `/lending/${old._id}`, { status: 'approved' });
    await call(mall, 'PATCH', `/lending/${old._id}`, { status: 'done' });
    // The first lending took place in March 2026 (Istanbul time): set its moments directly.
    await ctx.database.db
      .update(lendings)
      .set({
        lending_started_at: new Date('2026-03-10T07:00:00Z'),
        lending_ended_at: new Date('2026-03-12T20:30:00Z'),
      })
      .where(eq(lendings._id, old._id));
    const current = await queue(mall, chair._id, b!.customer_phone);
    await call(mall, 'PATCH', `/lending/${current._id}`, { status: 'approved' });

    const ids = async (query: string) => {
      const response = await call(mall, 'GET', `/lending?${query}`);
      expectStatus(response, 200);
      return response.json().data.map((row: { _id: string }) => row._id);
    };
    expect(await ids('')).toEqual([current._id, old._id]);
    expect(await ids('item=sandalye')).toEqual([current._id]);
    expect(await ids('itemNo=p-01')).toEqual([old._id]);
    expect(await ids('lending_status=started')).toEqual([current._id]);
    expect(await ids('stStart=2026-03-10&stEnd=2026-03-10')).toEqual([old._id]);
    // 20:30 UTC on the 12th is 23:30 in Istanbul: still the 12th there.
    expect(await ids('etStart=2026-03-12&etEnd=2026-03-12')).toEqual([old._id]);
    expect(await ids('etStart=2026-03-13')).toEqual([]);
    const page = await call(mall, 'GET', '/lending?limit=1&page=2');
    expect(page.json()).toMatchObject({
      data: [{ _id: old._id }],
      pagination: { total: 2, totalPages: 2, currentPage: 2 },
    });

    const reversed = await call(mall, 'GET', '/lending?stStart=2026-03-10&stEnd=2026-03-01', undefined, 'tr');
    expectStatus(reversed, 400);
    expect(reversed.json().fields).toEqual({ stEnd: 'Bitiş tarihi başlangıç tarihinden önce olamaz' });

    const exported = await call(mall, 'GET', '/lending/export?item=bebek');
    expectStatus(exported, 200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Item No');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('Bebek Arabası');
    expect(sheet.getRow(2).getCell(6).value).toBe('Done');
  });

  it('never serves or changes another mall’s items and lendings', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const item = await newItem(mall);
    const [customer] = await newLendingCustomers(ctx.database.db, mall._id, 1);
    const lent = await queue(mall, item._id, customer!.customer_phone);

    expectStatus(await call(other, 'GET', `/lendible-item/${item._id}`), 404);
    expectStatus(
      await saveItem(other, { itemNo: 'X', itemName: 'Y', status: 'active' }, { id: item._id }),
      404,
    );
    expectStatus(await call(other, 'PATCH', `/lending/${lent._id}`, { status: 'approved' }), 404);
    expect((await call(other, 'GET', '/lending')).json().data).toEqual([]);
    expect((await call(other, 'GET', '/lendible-item')).json().data).toEqual([]);
    const foreign = await call(other, 'POST', '/lending', {
      lending_item_id: item._id,
      customer_phone: customer!.customer_phone,
    });
    expect(foreign.json().fields).toEqual({ lending_item_id: 'This mall has no such lendable item' });
    const staff = await ctx.newStaff({ subjects: ['modules:survey'], locations: [mall] });
    const refused = await ctx.inject({
      method: 'GET',
      url: url(mall, '/lending'),
      headers: { ...staff.headers, ...en },
    });
    expectStatus(refused, 403);
  });
});
