import {
  type CampaignType,
  COUPON_CODE_LENGTH,
  COUPON_POOL_MAX,
  campaign,
  couponExportColumnLabels,
  couponGenerateResult,
  couponImportResult,
  couponRemoveResult,
  couponReportRow,
  couponStatusLabels,
  displayPhone,
  isCouponCodeWellFormed,
  listResponse,
} from '@avlu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import { nameKey } from '../../platform/db/unique-names';
import { auditLog } from '../audit/audit.tables';
import { customers } from '../customers/customers.tables';
import { multipartFile, xlsxFile } from '../customers/import-fixtures';
import { locations } from '../locations/locations.tables';
import type { Acting } from '../users/acting';
import { campaigns } from './campaigns.tables';
import { generateCoupons } from './coupons.service';
import { couponCodes } from './coupons.tables';

const ctx = useTestApp();
const en = { 'accept-language': 'en' };
const tr = { 'accept-language': 'tr' };
const DAY = 86_400_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (mallId: string, method: Method, path: string, payload?: object, headers = en) =>
  ctx.inject({
    method,
    url: `/api/${path}?locationId=${mallId}`,
    headers,
    ...(payload ? { payload } : {}),
  });

let names = 0;
/** A campaign of a type, straight into the table: the pool routes only read its type and mall. */
const newCampaign = async (mallId: string, type: CampaignType) => {
  const name = `Kupon kampanyası ${++names}`;
  const [row] = await ctx.database.db
    .insert(campaigns)
    .values({
      location_id: mallId,
      campaign_name: name,
      campaign_name_en: `Coupon campaign ${names}`,
      campaign_name_key: nameKey(name),
      campaign_name_en_key: nameKey(`Coupon campaign ${names}`),
      campaign_description: 'Açıklama',
      campaign_type: type,
      campaign_start_date: new Date(Date.now() - DAY),
      campaign_end_date: new Date(Date.now() + 10 * DAY),
      campaign_archive_date: new Date(Date.now() + 20 * DAY),
    })
    .returning();
  return row!._id;
};

const generate = (mallId: string, campaignId: string, count: number, headers = en) =>
  call(mallId, 'POST', 'coupons/cache/generate', { campaignId, count }, headers);

const codesOf = async (campaignId: string) =>
  ctx.database.db.select().from(couponCodes).where(eq(couponCodes.campaign_id, campaignId));

/** A multipart body of `campaignId` and the file, as the add-coupons screen sends it. */
const importForm = (campaignId: string, file: Buffer, filename: string) =>
  multipartForm({ campaignId }, { data: file, filename });
const importCodes = (
  mallId: string,
  campaignId: string,
  file: Buffer,
  filename = 'kodlar.csv',
  headers = en,
) => {
  const form = importForm(campaignId, file, filename);
  return ctx.inject({
    method: 'POST',
    url: `/api/coupons/code-parser?locationId=${mallId}`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
};

describe('generating codes', () => {
  it('makes exactly the codes asked for: well-formed, with their check symbol, unique in the mall', async () => {
    const mall = await ctx.newLocation();
    const first = await newCampaign(mall._id, 'coupon');
    const second = await newCampaign(mall._id, 'session_coupon');
    const response = await generate(mall._id, first, 2500);
    expect(response.statusCode, response.body).toBe(200);
    expect(couponGenerateResult.parse(response.json())).toEqual({
      campaignId: first,
      generated: 2500,
      codes: { ready: 2500, given: 0, used: 0, not_used: 0 },
    });
    expect((await generate(mall._id, second, 700)).json().generated).toBe(700);
    const codes = [...(await codesOf(first)), ...(await codesOf(second))];
    expect(codes).toHaveLength(3200);
    expect(new Set(codes.map((code) => code.coupon_code)).size).toBe(3200);
    for (const code of codes) {
      expect(code.coupon_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]+$/);
      expect(code.coupon_code).toHaveLength(COUPON_CODE_LENGTH);
      expect(isCouponCodeWellFormed(code.coupon_code)).toBe(true);
      expect(code).toMatchObject({ coupon_status: 'ready', coupon_source: 'generated', customer_id: null });
    }
    // A mistyped symbol is caught by the check symbol.
    const sample = codes[0]!.coupon_code;
    const typo = `${sample.slice(0, 3)}${sample[3] === 'A' ? 'B' : 'A'}${sample.slice(4)}`;
    expect(isCouponCodeWellFormed(typo)).toBe(false);

    // Generating again adds to the pool; the campaign answers its counts.
    expect((await generate(mall._id, first, 10)).json().codes.ready).toBe(2510);
    const item = campaign.parse((await call(mall._id, 'GET', `campaign/${first}`)).json());
    expect(item.campaign_code_counts).toEqual({ ready: 2510, given: 0, used: 0, not_used: 0 });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.generated'), eq(auditLog.entity_id, first)));
    expect(audits).toHaveLength(2);
  });

  it('is refused for types whose codes are not generated, naming campaignId in the request’s language', async () => {
    const mall = await ctx.newLocation();
    for (const type of ['third_party', 'code', 'basic', 'regular_code'] as const) {
      const id = await newCampaign(mall._id, type);
      const response = await generate(mall._id, id, 5);
      expect(response.statusCode, type).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['campaignId']);
      const turkish = await generate(mall._id, id, 5, tr);
      expect(turkish.json().fields.campaignId).toMatch(/üretilmez|ş|ı/);
      expect(await codesOf(id)).toHaveLength(0);
    }
  });

  it('refuses a count out of range and keeps the pool within its cap', async () => {
    const mall = await ctx.newLocation();
    const id = await newCampaign(mall._id, 'coupon');
    for (const count of [0, -1, 1_000_001, 2.5]) {
      const response = await generate(mall._id, id, count);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['count']);
    }
    // The pool is near its cap (as if it held the codes): 11 more pass it, 10 fill it.
    await ctx.database.db
      .update(campaigns)
      .set({ coupon_pool_size: COUPON_POOL_MAX - 10 })
      .where(eq(campaigns._id, id));
    const over = await generate(mall._id, id, 11);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.count).toContain('10');
    expect(await codesOf(id)).toHaveLength(0);
    expect((await generate(mall._id, id, 10)).statusCode).toBe(200);
    expect((await generate(mall._id, id, 1)).statusCode).toBe(400);
    expect(await codesOf(id)).toHaveLength(10);
  });
});

describe('importing codes', () => {
  it('refuses the whole file with per-row errors: malformed, twice in the file, already in the mall', async () => {
    const mall = await ctx.newLocation();
    const partner = await newCampaign(mall._id, 'third_party');
    const earlier = await newCampaign(mall._id, 'code');
    expect((await importCodes(mall._id, earlier, Buffer.from('Code\nTAKEN123\n'))).json().added).toBe(1);

    const csv = [
      'Kupon kodu;Not',
      'abc-def-123;ilk',
      'AB;kısa',
      'ŞEKER12;Türkçe harf',
      'ABCDEF123;yine',
      'taken123;var',
      '',
      'GOOD4567;son',
    ].join('\r\n');
    const response = await importCodes(mall._id, partner, Buffer.from(`\ufeff${csv}`));
    expect(response.statusCode, response.body).toBe(200);
    const result = couponImportResult.parse(response.json());
    expect(result.added).toBe(0);
    expect(result.error_count).toBe(4);
    expect(result.error_list.map((error) => [error.row, error.coupon_code])).toEqual([
      [3, 'AB'],
      [4, 'ŞEKER12'],
      [5, 'ABCDEF123'],
      [6, 'taken123'],
    ]);
    expect(result.error_list[2]!.message).toContain('row 2');
    expect(result.error_list[3]!.message).toBe('This mall already has this code');
    expect(result.codes.ready).toBe(0);
    expect(await codesOf(partner)).toHaveLength(0);

    // In Turkish, the same rows with Turkish reasons.
    const turkish = couponImportResult.parse(
      (await importCodes(mall._id, partner, Buffer.from(csv), 'kodlar.csv', tr)).json(),
    );
    expect(turkish.error_list[3]!.message).toBe('Bu kod bu AVM’de zaten var');
  });

  it('saves every code of a good file, csv or xlsx, normalised, with or without a header', async () => {
    const mall = await ctx.newLocation();
    const id = await newCampaign(mall._id, 'third_party');
    const csv = await importCodes(mall._id, id, Buffer.from('"abc-def-123"\nxyz 789 00\n'));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(couponImportResult.parse(csv.json())).toMatchObject({ added: 2, error_count: 0 });

    const sheet = await xlsxFile([
      ['Coupon code', 'Other'],
      ['partner-0001', 'x'],
      [12345678, 'y'],
      [null, 'z'],
    ]);
    const xlsx = await importCodes(mall._id, id, sheet, 'kodlar.xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(couponImportResult.parse(xlsx.json())).toMatchObject({
      added: 2,
      codes: { ready: 4, given: 0, used: 0, not_used: 0 },
    });
    const stored = (await codesOf(id)).map((code) => code.coupon_code).sort();
    expect(stored).toEqual(['12345678', 'ABCDEF123', 'PARTNER0001', 'XYZ78900']);
    expect((await codesOf(id)).every((code) => code.coupon_source === 'imported')).toBe(true);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.imported'), eq(auditLog.entity_id, id)));
    expect(audits).toHaveLength(2);
  });

  it('refuses generated types, a file that is neither xlsx nor csv, and an empty file', async () => {
    const mall = await ctx.newLocation();
    const coupon = await newCampaign(mall._id, 'coupon');
    const refused = await importCodes(mall._id, coupon, Buffer.from('ABCDEF123\n'));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['campaignId']);
    const id = await newCampaign(mall._id, 'parking');
    const binary = await importCodes(mall._id, id, Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'x.xls');
    expect(binary.statusCode).toBe(400);
    expect(Object.keys(binary.json().fields)).toEqual(['file']);
    const empty = await importCodes(mall._id, id, Buffer.from('Kod\n\n'));
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(['file']);
    const noCampaign = await ctx.inject({
      method: 'POST',
      url: `/api/coupons/code-parser?locationId=${mall._id}`,
      ...multipartFile('file', Buffer.from('ABCDEF123\n'), 'a.csv'),
    });
    expect(noCampaign.statusCode).toBe(400);
    expect(Object.keys(noCampaign.json().fields)).toEqual(['campaignId']);
  });
});

describe('the pool of a campaign', () => {
  /** A pool of 6 generated codes: 2 given to a customer, 1 of them used. */
  const pool = async () => {
    const mall = await ctx.newLocation({ location_meta: { timezone: 'Europe/Istanbul' } });
    const id = await newCampaign(mall._id, 'coupon');
    expect((await generate(mall._id, id, 6)).statusCode).toBe(200);
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({
        location_id: mall._id,
        customer_phone: '+905328906124',
        customer_name: 'Ayşe',
        customer_surname: 'Yılmaz',
      })
      .returning();
    const codes = (await codesOf(id)).sort((a, b) => a._id.localeCompare(b._id));
    const givenAt = new Date('2026-03-01T09:30:00Z');
    await ctx.database.db
      .update(couponCodes)
      .set({ coupon_status: 'given', customer_id: customer!._id, coupon_given_at: givenAt })
      .where(inArray(couponCodes._id, [codes[0]!._id, codes[1]!._id]));
    await ctx.database.db
      .update(couponCodes)
      .set({ coupon_status: 'used', coupon_used_at: new Date('2026-03-02T15:00:00Z') })
      .where(eq(couponCodes._id, codes[1]!._id));
    return { mall, id, codes };
  };

  it('exports every code with its status, holder and times in the mall’s zone', async () => {
    const { mall, id, codes } = await pool();
    const response = await call(mall._id, 'POST', `campaign/${id}/coupons/export`, { download: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(Object.values(couponExportColumnLabels.en));
    expect(rows).toHaveLength(7);
    const byCode = new Map(rows.slice(1).map((row) => [row[1], row]));
    const used = byCode.get(codes[1]!.coupon_code)!;
    expect(used[2]).toBe(couponStatusLabels.en.used);
    expect(used[3]).toBe('Ayşe');
    expect(used[5]).toBe(displayPhone('+905328906124'));
    // 09:30 UTC is 12:30 in Istanbul: written as the mall's wall clock.
    expect((used[7] as Date).toISOString()).toBe('2026-03-01T12:30:00.000Z');
    expect((used[8] as Date).toISOString()).toBe('2026-03-02T18:00:00.000Z');
    expect(byCode.get(codes[0]!.coupon_code)![2]).toBe(couponStatusLabels.en.given);
    expect(byCode.get(codes[5]!.coupon_code)![2]).toBe(couponStatusLabels.en.ready);
    expect(byCode.get(codes[5]!.coupon_code)![3]).toBeUndefined();

    // In Turkish, Turkish headers and statuses.
    const turkish = await call(mall._id, 'POST', `campaign/${id}/coupons/export`, {}, tr);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(turkish.rawPayload as never);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('Kupon kodu');
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe(couponStatusLabels.tr.given);
  });

  it('removes only the ready codes: given and used stay', async () => {
    const { mall, id } = await pool();
    const response = await call(mall._id, 'DELETE', 'coupons/remove-codes', { campaignId: id });
    expect(response.statusCode, response.body).toBe(200);
    expect(couponRemoveResult.parse(response.json())).toEqual({
      removed: 4,
      codes: { ready: 0, given: 1, used: 1, not_used: 0 },
    });
    expect((await codesOf(id)).map((code) => code.coupon_status).sort()).toEqual(['given', 'used']);
    const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns._id, id));
    expect(row!.coupon_pool_size).toBe(2);
    const again = await call(mall._id, 'DELETE', 'coupons/remove-codes', { campaignId: id });
    expect(again.json().removed).toBe(0);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.removed'), eq(auditLog.entity_id, id)));
    expect(audits).toHaveLength(2);
  });

  it('stores the print count', async () => {
    const { mall, id } = await pool();
    const response = await call(mall._id, 'PUT', `coupon-campaign/${id}`, { coupon_print_count: 250 });
    expect(response.statusCode, response.body).toBe(200);
    expect(campaign.parse(response.json())).toMatchObject({
      coupon_print_count: 250,
      campaign_code_counts: { ready: 4, given: 1, used: 1, not_used: 0 },
    });
    expect((await call(mall._id, 'GET', `campaign/${id}`)).json().coupon_print_count).toBe(250);
    const bad = await call(mall._id, 'PUT', `coupon-campaign/${id}`, { coupon_print_count: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['coupon_print_count']);
  });

  it('answers 404 for another mall’s campaign on every pool call, changing nothing', async () => {
    const { id } = await pool();
    const other = await ctx.newLocation();
    const calls = [
      await generate(other._id, id, 5),
      await call(other._id, 'DELETE', 'coupons/remove-codes', { campaignId: id }),
      await call(other._id, 'POST', `campaign/${id}/coupons/export`, {}),
      await call(other._id, 'PUT', `coupon-campaign/${id}`, { coupon_print_count: 3 }),
      await importCodes(other._id, id, Buffer.from('ABCDEF123\n')),
    ];
    for (const response of calls) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('CAMPAIGN_NOT_FOUND');
    }
    expect(await codesOf(id)).toHaveLength(6);
    const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns._id, id));
    expect(row!.coupon_print_count).toBe(0);
  });

  it('lists a page of codes for the code report: status, holder, desk, dates; filtered by status, date and keyword', async () => {
    const { mall, id, codes } = await pool();
    const report = (body: object, headers = en) =>
      call(mall._id, 'POST', `campaign/${id}/coupons/filter`, body, headers);
    const all = await report({ pagination: { limit: 4, currentPage: 1 } });
    expect(all.statusCode, all.body).toBe(200);
    const page = listResponse(couponReportRow).parse(all.json());
    expect(page.pagination).toMatchObject({ total: 6 });
    expect(page.data).toHaveLength(4);
    // Newest given first; ready codes (never given) last.
    expect(
      page.data
        .slice(0, 2)
        .map((row) => row.coupon_status)
        .sort(),
    ).toEqual(['given', 'used']);
    const used = page.data.find((row) => row.coupon_code === codes[1]!.coupon_code)!;
    expect(used).toMatchObject({
      coupon_status: 'used',
      coupon_source: 'generated',
      customer_name: 'Ayşe',
      customer_surname: 'Yılmaz',
      customer_phone: '+905328906124',
      channel_id: null,
      coupon_given_at: '2026-03-01T09:30:00.000Z',
      coupon_used_at: '2026-03-02T15:00:00.000Z',
    });

    const onlyUsed = await report({ filter: { coupon_status: ['used'] } });
    expect(onlyUsed.json().data.map((row: { coupon_code: string }) => row.coupon_code)).toEqual([
      codes[1]!.coupon_code,
    ]);
    const usedOnTheSecond = await report({
      filter: {
        date_field: 'used',
        date_from: '2026-03-02T00:00:00.000Z',
        date_to: '2026-03-02T23:59:59.999Z',
      },
    });
    expect(usedOnTheSecond.json().pagination.total).toBe(1);
    const givenLater = await report({ filter: { date_from: '2026-03-05T00:00:00.000Z' } });
    expect(givenLater.json().pagination.total).toBe(0);
    const byName = await report({ keyword: 'ayse' });
    expect(byName.json().pagination.total).toBe(2);
    const byCode = await report({ keyword: codes[4]!.coupon_code });
    expect(byCode.json().data.map((row: { coupon_status: string }) => row.coupon_status)).toEqual(['ready']);

    const reversed = await report({
      filter: { date_from: '2026-03-05T00:00:00.000Z', date_to: '2026-03-01T00:00:00.000Z' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().fields)).toEqual(['filter.date_to']);
    const other = await ctx.newLocation();
    expect((await call(other._id, 'POST', `campaign/${id}/coupons/filter`, {})).statusCode).toBe(404);
  });

  it('exports the codes the code report lists: the same filter and keyword', async () => {
    const { mall, id, codes } = await pool();
    const listed = async (body: object) =>
      (
        await call(mall._id, 'POST', `campaign/${id}/coupons/filter`, {
          ...body,
          pagination: { limit: 100, currentPage: 1 },
        })
      )
        .json()
        .data.map((row: { coupon_code: string }) => row.coupon_code)
        .sort();
    const exported = async (body: object) => {
      const response = await call(mall._id, 'POST', `campaign/${id}/coupons/export`, {
        download: true,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as never);
      const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
      return rows
        .slice(1)
        .map((row) => row[1] as string)
        .sort();
    };
    const cases: [object, string[]][] = [
      [{ filter: { coupon_status: ['used'] } }, [codes[1]!.coupon_code]],
      [
        { filter: { coupon_status: ['ready', 'given'] } },
        codes.filter((_, i) => i !== 1).map((c) => c.coupon_code),
      ],
      [
        {
          filter: {
            date_field: 'used',
            date_from: '2026-03-02T00:00:00.000Z',
            date_to: '2026-03-02T23:59:59.999Z',
          },
        },
        [codes[1]!.coupon_code],
      ],
      [{ filter: { date_from: '2026-03-01T00:00:00.000Z' } }, [codes[0]!.coupon_code, codes[1]!.coupon_code]],
      [{ filter: { date_from: '2026-03-05T00:00:00.000Z' } }, []],
      [{ keyword: 'AYŞE' }, [codes[0]!.coupon_code, codes[1]!.coupon_code]],
      [
        { keyword: codes[4]!.coupon_code.toLowerCase(), filter: { coupon_status: ['ready'] } },
        [codes[4]!.coupon_code],
      ],
      [{}, codes.map((c) => c.coupon_code)],
    ];
    for (const [body, expected] of cases) {
      const label = JSON.stringify(body);
      expect(await listed(body), label).toEqual([...expected].sort());
      expect(await exported(body), label).toEqual([...expected].sort());
    }

    // Bad filters are refused as the list refuses them, naming the field in the request's language.
    const reversed = await call(
      mall._id,
      'POST',
      `campaign/${id}/coupons/export`,
      { filter: { date_from: '2026-03-05T00:00:00.000Z', date_to: '2026-03-01T00:00:00.000Z' } },
      tr,
    );
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().fields)).toEqual(['filter.date_to']);
    const unknownStatus = await call(mall._id, 'POST', `campaign/${id}/coupons/export`, {
      filter: { coupon_status: ['lost'] },
    });
    expect(unknownStatus.statusCode).toBe(400);
    expect(Object.keys(unknownStatus.json().fields)).toEqual(['filter.coupon_status.0']);
  });

  it('opens the code report and its export to the campaign screens’ role too, not to others', async () => {
    const { mall, id } = await pool();
    const campaignsRole = await ctx.newStaff({
      subjects: ['modules:campaigns:campaigns'],
      locations: [mall],
    });
    const outsider = await ctx.newStaff({ subjects: ['modules:customers:customer-list'], locations: [mall] });
    const as = (staff: { headers: { authorization: string } }, url: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/${url}?locationId=${mall._id}`,
        headers: staff.headers,
        payload: {},
      });
    for (const url of [`campaign/${id}/coupons/filter`, `campaign/${id}/coupons/export`]) {
      expect((await as(campaignsRole, url)).statusCode, url).toBe(200);
      expect((await as(outsider, url)).statusCode, url).toBe(403);
    }
    // Changing the pool stays the code pool screen's.
    expect((await as(campaignsRole, 'coupons/cache/generate')).statusCode).toBe(403);
  });

  it('goes with its campaign', async () => {
    const { mall, id } = await pool();
    expect((await call(mall._id, 'DELETE', `campaign/${id}`)).statusCode).toBe(204);
    expect(await codesOf(id)).toHaveLength(0);
  });
});

describe('a code and its campaign', () => {
  /** A seeded byte source (xorshift): the same seed draws the same codes. */
  const seeded = (seed: number) => {
    let state = seed;
    return (size: number) => {
      const bytes = new Uint8Array(size);
      for (let index = 0; index < size; index++) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        bytes[index] = state & 0xff;
      }
      return bytes;
    };
  };

  it('draws again when a generated code is the mall’s already, so exactly the count asked for is added', async () => {
    const mall = await ctx.newLocation();
    const first = await newCampaign(mall._id, 'coupon');
    const second = await newCampaign(mall._id, 'session_coupon');
    const admin = await ctx.systemAdmin();
    const actor = {
      ip: '127.0.0.1',
      headers: {},
      staff: { _id: admin._id, isSystemAdmin: true },
      location: undefined,
      lang: 'en',
    } as unknown as Acting;
    await generateCoupons(ctx.database.db, mall._id, { campaignId: first, count: 10 }, actor, seeded(7));
    // The same seed draws the first campaign's 10 codes first: the batch fails on them and is saved without them.
    const result = await generateCoupons(
      ctx.database.db,
      mall._id,
      { campaignId: second, count: 15 },
      actor,
      seeded(7),
    );
    expect(result.generated).toBe(15);
    const firstCodes = new Set((await codesOf(first)).map((code) => code.coupon_code));
    const secondCodes = (await codesOf(second)).map((code) => code.coupon_code);
    expect(secondCodes).toHaveLength(15);
    expect(secondCodes.filter((code) => firstCodes.has(code))).toEqual([]);
    expect(result.codes.ready).toBe(15);
  });

  it('belongs to a campaign of its own mall, stays there, and goes with the campaign', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const campaignId = await newCampaign(mall._id, 'coupon');
    const foreignId = await newCampaign(other._id, 'coupon');
    const code = (location_id: string, campaign_id: string, coupon_code: string) => ({
      location_id,
      campaign_id,
      coupon_code,
      coupon_source: 'imported' as const,
    });
    // Another mall's campaign, or none: refused, and nothing of the statement is saved.
    await expect(
      ctx.database.db
        .insert(couponCodes)
        .values([code(mall._id, campaignId, 'AAAA1111'), code(mall._id, foreignId, 'AAAA2222')]),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.insert(couponCodes).values(code(mall._id, '0'.repeat(24), 'AAAA3333')),
    ).rejects.toThrow();
    expect(await codesOf(campaignId)).toHaveLength(0);

    await ctx.database.db.insert(couponCodes).values([code(mall._id, campaignId, 'BBBB1111')]);
    await expect(
      ctx.database.db
        .update(couponCodes)
        .set({ campaign_id: foreignId, location_id: other._id })
        .where(eq(couponCodes.campaign_id, campaignId)),
    ).rejects.toThrow();
    // Other changes of a code go through.
    await ctx.database.db
      .update(couponCodes)
      .set({ coupon_status: 'not_used' })
      .where(eq(couponCodes.campaign_id, campaignId));

    const deleted = await ctx.inject({
      method: 'DELETE',
      url: `/api/campaign/${campaignId}?locationId=${mall._id}`,
    });
    expect([204, 409]).toContain(deleted.statusCode);
    if (deleted.statusCode === 409)
      await ctx.database.db.delete(campaigns).where(eq(campaigns._id, campaignId));
    expect(await codesOf(campaignId)).toHaveLength(0);
    // The mall's deletion takes its campaigns and so their codes.
    await ctx.database.db.insert(couponCodes).values(code(other._id, foreignId, 'CCCC1111'));
    await ctx.database.db.delete(locations).where(eq(locations._id, other._id));
    expect(await codesOf(foreignId)).toHaveLength(0);
  });
});

describe('the car park system file', () => {
  it('lists a parking campaign’s handed-out codes with their times on the mall’s clock, and nothing of their holders', async () => {
    const mall = await ctx.newLocation();
    const parking = await newCampaign(mall._id, 'parking');
    const imported = await importCodes(
      mall._id,
      parking,
      Buffer.from('Code\nPARK0001\nPARK0002\nPARK0003\n'),
    );
    expect(imported.json().added, imported.body).toBe(3);
    const [holder] = await ctx.database.db
      .insert(customers)
      .values({ location_id: mall._id, customer_phone: '5321234567', customer_name: 'Ayşe' })
      .returning();
    const givenAt = new Date('2026-12-01T11:30:00.000Z');
    const setCode = (code: string, values: Partial<typeof couponCodes.$inferInsert>) =>
      ctx.database.db
        .update(couponCodes)
        .set(values)
        .where(and(eq(couponCodes.campaign_id, parking), eq(couponCodes.coupon_code, code)));
    await setCode('PARK0001', {
      coupon_status: 'given',
      customer_id: holder!._id,
      coupon_given_at: givenAt,
      coupon_expires_at: new Date('2026-12-31T20:59:00.000Z'),
    });
    await setCode('PARK0002', {
      coupon_status: 'not_used',
      customer_id: holder!._id,
      coupon_given_at: givenAt,
    });
    const [{ campaign_end_date: end }] = (await ctx.database.db
      .select({ campaign_end_date: campaigns.campaign_end_date })
      .from(campaigns)
      .where(eq(campaigns._id, parking))) as [{ campaign_end_date: Date }];

    const response = await ctx.inject({
      method: 'GET',
      url: `/api/skidata/ticket/info?locationId=${mall._id}&campaignId=${parking}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="skidata-${parking}.csv"`);
    // Istanbul is UTC+3 all year: the end's wall clock is three hours on.
    const endInIstanbul = `${new Date(end.getTime() + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;
    expect(response.body.split('\r\n')).toEqual([
      'ticket_code;status;given_at;valid_until',
      'PARK0001;given;2026-12-01T14:30:00+03:00;2026-12-31T23:59:00+03:00',
      `PARK0002;not_used;2026-12-01T14:30:00+03:00;${endInIstanbul}`,
      '',
    ]);
    expect(response.body).not.toContain('Ayşe');
    expect(response.body).not.toContain('5321234567');
  });

  it('is refused for a campaign of another type naming the campaign, and another mall’s campaign is not found', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const coupon = await newCampaign(mall._id, 'coupon');
    const refused = await ctx.inject({
      method: 'GET',
      url: `/api/skidata/ticket/info?locationId=${mall._id}&campaignId=${coupon}`,
      headers: tr,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      campaignId: 'Otopark sistemi dosyası yalnızca otopark kampanyaları için indirilir',
    });
    const parking = await newCampaign(mall._id, 'parking');
    const foreign = await ctx.inject({
      method: 'GET',
      url: `/api/skidata/ticket/info?locationId=${other._id}&campaignId=${parking}`,
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await ctx.inject({
      method: 'GET',
      url: `/api/skidata/ticket/info?locationId=${mall._id}&campaignId=nope`,
      headers: en,
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().fields)).toEqual(['campaignId']);
  });
});
