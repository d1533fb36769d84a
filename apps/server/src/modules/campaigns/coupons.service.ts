import { randomFillSync } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type Campaign,
  type CampaignCodeSource,
  COUPON_IMPORT_ERROR_LIST_MAX,
  COUPON_IMPORT_MAX_ROWS,
  COUPON_POOL_MAX,
  type CouponExportBody,
  type CouponGenerateBody,
  type CouponImportError,
  type CouponImportResult,
  type CouponReportFilter,
  type CouponReportQuery,
  type CouponReportRow,
  campaignTypeDefinitions,
  couponExportColumnLabels,
  couponImportCodeAliases,
  couponImportRow,
  couponStatusLabels,
  foldLabel,
  formatIssue,
  generateCouponCode,
  type Language,
  type ListResponse,
  validationMessage,
} from '@avlu/contracts';
import { and, asc, eq, gt, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { audit } from '../../platform/audit';
import { bulkInsert } from '../../platform/db/bulk-insert';
import { type Database, isEmbedded } from '../../platform/db/database';
import { listPage, listSource } from '../../platform/db/list';
import { containsKeyword } from '../../platform/db/search';
import { AppError, invalidFields } from '../../platform/errors';
import { readSpreadsheetUpload, spreadsheetInvalid } from '../../platform/excel/spreadsheet-upload';
import { type ExportColumn, labelsOf, sendExport } from '../../platform/excel/xlsx-export';
import type { XlsxCell } from '../../platform/excel/xlsx-read';
import { newId } from '../../platform/ids';
import { admins } from '../admins/admins.tables';
import { channels } from '../channels/channels.tables';
import { customers } from '../customers/customers.tables';
import type { Mall } from '../customers/mall-date';
import type { Acting } from '../users/acting';
import { campaignNotFound, campaignWithCounts } from './campaigns.service';
import { campaigns } from './campaigns.tables';
import { couponCodeCountsOf } from './coupon-counts';
import { type CouponCodeSource, couponCodes } from './coupons.tables';

/**
 * A campaign's code pool (issue 13 "Code pools"; spec §7: generate, code-parser, export,
 * remove-codes, coupon print count). Giving and redeeming codes are other modules' work; here codes
 * come in (generated or imported), go out (the unused removed) and are listed (the export).
 *
 * Large pools and the embedded database: PGlite runs every statement on the server's own thread and
 * a transaction holds its one connection, so a million codes in one transaction would keep every
 * other request waiting for a minute. Generation and removal therefore work in batches, each its own
 * short transaction sized to take about 60 ms (`batching`; as the customer import does), with a turn of the
 * event loop between; the request is answered when the last batch is saved. Generated codes are
 * independent of each other, so a generation cut short (the database failing half-way) leaves the
 * codes saved so far as good ready codes, which the counts show. An import is all or nothing: its
 * codes are checked without a transaction, then saved in one.
 */

/**
 * Batches: arrays go as one parameter each, so only the time a batch takes limits it. On the embedded
 * database a batch's transaction should take about 60 ms (other requests wait for its connection);
 * on PostgreSQL other requests have other connections, so a batch may take about a second, and
 * fewer, larger transactions make a million codes several times faster.
 */
const batching = (db: Database) =>
  isEmbedded(db)
    ? { targetMs: 60, min: 200, max: 10_000, first: 1000 }
    : { targetMs: 1000, min: 1000, max: 50_000, first: 5000 };
type Batching = ReturnType<typeof batching>;
const nextBatchSize = ({ targetMs, min, max }: Batching, rows: number, ms: number) =>
  Math.max(min, Math.min(max, Math.round((rows * targetMs) / Math.max(ms, 1))));
/** Codes per lookup of the import's check against the mall, and per insert of an import's transaction. */
const BATCH_MAX = 10_000;

/** The multipart fields of `POST /coupons/code-parser`. */
export const COUPON_IMPORT_FILE_FIELD = 'file';

type PoolCampaign = { _id: string; campaign_type: Campaign['campaign_type']; coupon_pool_size: number };

export const poolCampaign = async (db: Database, locationId: string, id: string, lock = false) => {
  const query = db
    .select({
      _id: campaigns._id,
      campaign_type: campaigns.campaign_type,
      campaign_name: campaigns.campaign_name,
      coupon_pool_size: campaigns.coupon_pool_size,
      campaign_end_date: campaigns.campaign_end_date,
    })
    .from(campaigns)
    .where(and(eq(campaigns._id, id), eq(campaigns.location_id, locationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw campaignNotFound();
  return row;
};

/** A type whose codes do not come from `source` is refused naming `campaignId`. */
const assertCodeSource = (
  campaign: PoolCampaign,
  source: Extract<CampaignCodeSource, 'generated' | 'imported'>,
) => {
  if (campaignTypeDefinitions[campaign.campaign_type].codes !== source)
    throw invalidFields({
      campaignId: source === 'generated' ? 'couponCodesNotGenerated' : 'couponCodesNotImported',
    });
};

const poolFull = (field: string, lang: Language, size: number) =>
  invalidFields({
    [field]:
      validationMessage(lang, 'couponPoolFull', {
        maximum: COUPON_POOL_MAX.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB'),
        size: size.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB'),
      }) ?? 'couponPoolFull',
  });

/**
 * Saves codes in one statement (`insert … select unnest(…)`). With `skipTaken`, a code the mall
 * already has is left out (`on conflict do nothing`); without, it fails the statement with a unique
 * violation (`isCodeTaken`), which costs the insert nothing per row: generation takes that path and
 * draws again in the rare case. Answers how many were saved.
 */
const insertCodes = async (
  tx: Database,
  locationId: string,
  campaignId: string,
  codes: readonly string[],
  source: CouponCodeSource,
  now: Date,
  { skipTaken = true } = {},
): Promise<number> => {
  const insert = bulkInsert(couponCodes, [
    { column: couponCodes._id, values: codes.map(() => newId()) },
    { column: couponCodes.location_id, value: locationId },
    { column: couponCodes.campaign_id, value: campaignId },
    { column: couponCodes.coupon_code, values: codes },
    { column: couponCodes.coupon_source, value: source },
    { column: couponCodes.created_at, value: now.toISOString() },
  ]);
  if (!skipTaken) {
    await tx.execute(insert);
    return codes.length;
  }
  const { rows } = (await tx.execute(
    sql`with saved as (${insert} on conflict do nothing returning 1) select count(*)::int as n from saved`,
  )) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
};

/** A write refused because a code is the mall's already (`coupon_codes_mall_code`), as either driver reports it. */
const isCodeTaken = (error: unknown): boolean => {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 3; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === 'coupon_codes_mall_code';
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
};

/** The codes of `codes` the mall has already, in any campaign. */
const takenCodes = async (db: Database, locationId: string, codes: readonly string[]) =>
  new Set(
    (
      await db
        .select({ code: couponCodes.coupon_code })
        .from(couponCodes)
        .where(
          and(
            eq(couponCodes.location_id, locationId),
            sql`${couponCodes.coupon_code} = any(${sql.param([...codes])}::varchar[])`,
          ),
        )
    ).map((row) => row.code),
  );

/**
 * Adds `added` to the campaign's pool size under its row lock, unless that passes `COUPON_POOL_MAX`
 * (then the caller's transaction is rolled back with a 400 naming `field`). Two generations of one
 * campaign at once are serialised here, batch by batch, so together they cannot pass the cap either.
 */
const growPool = async (
  tx: Database,
  locationId: string,
  campaignId: string,
  added: number,
  field: string,
  lang: Language,
) => {
  const [row] = await tx
    .update(campaigns)
    .set({ coupon_pool_size: sql`${campaigns.coupon_pool_size} + ${added}` })
    .where(
      and(
        eq(campaigns._id, campaignId),
        eq(campaigns.location_id, locationId),
        sql`${campaigns.coupon_pool_size} + ${added} <= ${COUPON_POOL_MAX}`,
      ),
    )
    .returning({ size: campaigns.coupon_pool_size });
  if (!row) {
    const campaign = await poolCampaign(tx, locationId, campaignId);
    throw poolFull(field, lang, campaign.coupon_pool_size);
  }
};

/** CSPRNG bytes for `generateCouponCode`, drawn 64 KiB at a time rather than one small call per code. */
const randomSource = () => {
  const buffer = Buffer.allocUnsafe(64 * 1024);
  let offset = buffer.length;
  return (size: number) => {
    if (offset + size > buffer.length) {
      randomFillSync(buffer);
      offset = 0;
    }
    const bytes = buffer.subarray(offset, offset + size);
    offset += size;
    return bytes;
  };
};

/**
 * `POST /coupons/cache/generate`: `count` new codes for a campaign whose type generates its codes
 * (contracts' `campaignTypeDefinitions[type].codes`), each from the CSPRNG with its check symbol,
 * unique within the mall. A batch's codes that collide with the mall's (one in tens of millions at a
 * million codes) are left out by the insert and made up in the next batch, so exactly `count` are
 * added. See the module's comment for the batches.
 */
export const generateCoupons = async (
  db: Database,
  locationId: string,
  { campaignId, count }: CouponGenerateBody,
  actor: Acting,
  /** The CSPRNG's bytes; a test passes a seeded source to make codes collide. */
  random: (size: number) => Uint8Array = randomSource(),
) => {
  const campaign = await poolCampaign(db, locationId, campaignId);
  assertCodeSource(campaign, 'generated');
  if (campaign.coupon_pool_size + count > COUPON_POOL_MAX)
    throw poolFull('count', actor.lang, campaign.coupon_pool_size);
  const sizes = batching(db);
  const now = new Date();
  const make = (wanted: number) => {
    const codes = new Set<string>();
    while (codes.size < wanted) codes.add(generateCouponCode(random));
    return [...codes];
  };
  let generated = 0;
  let size = Math.min(sizes.first, count);
  let fruitless = 0;
  let codes = make(size);
  while (codes.length > 0) {
    const began = performance.now();
    const batch = codes;
    const save = (some: readonly string[]) =>
      db.transaction(async (tx) => {
        const inserted = await insertCodes(tx, locationId, campaignId, some, 'generated', now, {
          skipTaken: false,
        });
        await growPool(tx, locationId, campaignId, inserted, 'count', actor.lang);
        return inserted;
      });
    // A code the mall has already (one in tens of millions at a million codes) fails the batch: it
    // is saved again without the taken codes, which the next batch makes up.
    const saving = save(batch).catch(async (error: unknown) => {
      if (!isCodeTaken(error)) throw error;
      const taken = await takenCodes(db, locationId, batch);
      const rest = batch.filter((code) => !taken.has(code));
      return rest.length === 0
        ? 0
        : save(rest).catch((again: unknown) => (isCodeTaken(again) ? 0 : Promise.reject(again)));
    });
    // The next batch's codes are drawn while PostgreSQL saves this one, at the present size.
    const after = Math.min(size, count - generated - batch.length);
    codes = after > 0 ? make(after) : [];
    const saved = await saving;
    generated += saved;
    // Whole batches colliding would mean the random source is broken: never loop for ever.
    fruitless = saved === 0 ? fruitless + 1 : 0;
    if (fruitless >= 3) throw new Error('coupon code generation made no new codes three times in a row');
    size = nextBatchSize(sizes, batch.length, performance.now() - began);
    // The next batch at its new size; codes a batch left out by colliding are drawn again here.
    const target = Math.min(size, count - generated);
    if (codes.length < target) codes = [...codes, ...make(target - codes.length)];
    else if (codes.length > target) codes = codes.slice(0, target);
    await nextTurn();
  }
  const counts = await couponCodeCountsOf(db, campaignId);
  await audit(db, actor, {
    action: 'coupon.generated',
    entity: 'campaign',
    entityId: campaignId,
    details: { generated, pool: counts },
  });
  return { campaignId, generated, codes: counts };
};

// ---- Import ----------------------------------------------------------------------------------------

/** The headers that name the code column: the export's, in either language, and the aliases. */
const codeHeaders = new Set(
  [
    couponExportColumnLabels.tr.coupon_code,
    couponExportColumnLabels.en.coupon_code,
    ...couponImportCodeAliases,
  ].map(foldLabel),
);

type SheetRow = { number: number; cells: readonly XlsxCell[] };

const isZip = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * The records of a CSV file (RFC 4180 quoting; the separator is the first of `;`, `,` or a tab met
 * outside quotes on the first line, as Excel writes `;` in Turkish locales), numbered from 1, read
 * lazily off the decoded text. Not UTF-8 text (a binary, an old .xls) answers 400 naming the file.
 */
function* csvRows(data: Buffer, lang: Language): Generator<SheetRow> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw spreadsheetInvalid(COUPON_IMPORT_FILE_FIELD, lang, 'couponImportNotSpreadsheet');
  }
  if (text.includes('\u0000'))
    throw spreadsheetInvalid(COUPON_IMPORT_FILE_FIELD, lang, 'couponImportNotSpreadsheet');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator =
    [';', ',', '\t'].find((candidate) => firstLine.replace(/"[^"]*"/g, '').includes(candidate)) ?? ',';
  let number = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      cells.push(cell);
      yield { number, cells };
      if (number > COUPON_IMPORT_MAX_ROWS + 1)
        throw spreadsheetInvalid(COUPON_IMPORT_FILE_FIELD, lang, 'importTooManyRows', {
          maximum: COUPON_IMPORT_MAX_ROWS,
        });
      number++;
      cells = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) yield { number, cells: [...cells, cell] };
}

const cellText = (cell: XlsxCell): string => {
  if (cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell).trim();
};

type ImportCheck = { errors: CouponImportError[]; errorCount: number };
const addError = (check: ImportCheck, error: CouponImportError) => {
  check.errorCount++;
  if (check.errors.length < COUPON_IMPORT_ERROR_LIST_MAX) check.errors.push(error);
};

/**
 * The file's codes (normalised) with the row each came from, and the rows refused by the row schema
 * or repeated in the file. The code column is the one headed by a known header on the first row;
 * without one, the first column, and the first row is a code too (a plain list of codes).
 */
const readCodes = async (data: Buffer, lang: Language) => {
  const rows: AsyncIterable<SheetRow> | Iterable<SheetRow> = isZip(data)
    ? readSpreadsheetUpload(data, {
        field: COUPON_IMPORT_FILE_FIELD,
        lang,
        maxDataRows: COUPON_IMPORT_MAX_ROWS,
      })
    : csvRows(data, lang);
  const check: ImportCheck = { errors: [], errorCount: 0 };
  /** Each good code, the first row it was on and how it was written there. */
  const codes = new Map<string, { row: number; raw: string }>();
  let column: number | undefined;
  for await (const row of rows) {
    if (column === undefined) {
      const header = row.cells.findIndex(
        (cell) => typeof cell === 'string' && codeHeaders.has(foldLabel(cell)),
      );
      column = Math.max(header, 0);
      if (header >= 0) continue;
    }
    const raw = cellText(row.cells[column]);
    if (raw === '') continue;
    const parsed = couponImportRow.safeParse({ coupon_code: raw });
    if (!parsed.success) {
      addError(check, {
        row: row.number,
        coupon_code: raw,
        message: formatIssue(parsed.error.issues[0]!, lang),
      });
      continue;
    }
    const code = parsed.data.coupon_code;
    const first = codes.get(code);
    if (first !== undefined) {
      addError(check, {
        row: row.number,
        coupon_code: raw,
        message:
          validationMessage(lang, 'couponCodeDuplicateInFile', { row: first.row }) ??
          'couponCodeDuplicateInFile',
      });
      continue;
    }
    codes.set(code, { row: row.number, raw });
  }
  return { codes, check };
};

/** The codes of `codes` the mall already has, looked up by the unique (mall, code) index a batch at a time. */
const codesTaken = async (db: Database, locationId: string, codes: readonly string[]) => {
  const taken: string[] = [];
  for (let start = 0; start < codes.length; start += BATCH_MAX) {
    const slice = codes.slice(start, start + BATCH_MAX);
    const rows = await db
      .select({ code: couponCodes.coupon_code })
      .from(couponCodes)
      .where(
        and(
          eq(couponCodes.location_id, locationId),
          sql`${couponCodes.coupon_code} = any(${sql.param(slice)}::varchar[])`,
        ),
      );
    taken.push(...rows.map((row) => row.code));
    await nextTurn();
  }
  return taken;
};

/**
 * `POST /coupons/code-parser`: a partner's codes (xlsx or csv) into a campaign whose type imports
 * them. Every row is checked first, without a transaction: the row schema (contracts'
 * `couponImportRow`), a code twice in the file, a code the mall already has in any campaign. With
 * any refused row nothing is saved and the rows are answered with their numbers; else all codes are
 * saved in one transaction (a code taken meanwhile by another request rolls it back: 409).
 */
export const importCoupons = async (
  db: Database,
  locationId: string,
  campaignId: string,
  data: Buffer,
  actor: Acting,
): Promise<CouponImportResult> => {
  const lang = actor.lang;
  assertCodeSource(await poolCampaign(db, locationId, campaignId), 'imported');
  const { codes, check } = await readCodes(data, lang);
  if (codes.size === 0 && check.errorCount === 0)
    throw spreadsheetInvalid(COUPON_IMPORT_FILE_FIELD, lang, 'couponImportNoCodes');
  const list = [...codes.keys()];
  for (const code of await codesTaken(db, locationId, list))
    addError(check, {
      row: codes.get(code)!.row,
      coupon_code: codes.get(code)!.raw,
      message: validationMessage(lang, 'couponCodeTaken') ?? 'couponCodeTaken',
    });
  check.errors.sort((a, b) => a.row - b.row);
  const refused = (): CouponImportResult => ({
    campaignId,
    added: 0,
    error_count: check.errorCount,
    error_list: check.errors,
    codes: { ready: 0, given: 0, used: 0, not_used: 0 },
  });
  if (check.errorCount > 0) return { ...refused(), codes: await couponCodeCountsOf(db, campaignId) };
  const now = new Date();
  await db.transaction(async (tx) => {
    const campaign = await poolCampaign(tx, locationId, campaignId, true);
    if (campaign.coupon_pool_size + list.length > COUPON_POOL_MAX)
      throw poolFull(COUPON_IMPORT_FILE_FIELD, lang, campaign.coupon_pool_size);
    for (let start = 0; start < list.length; start += BATCH_MAX) {
      const slice = list.slice(start, start + BATCH_MAX);
      if ((await insertCodes(tx, locationId, campaignId, slice, 'imported', now)) !== slice.length)
        throw new AppError('CONFLICT', 409);
    }
    await growPool(tx, locationId, campaignId, list.length, COUPON_IMPORT_FILE_FIELD, lang);
    await audit(tx, actor, {
      action: 'coupon.imported',
      entity: 'campaign',
      entityId: campaignId,
      details: { added: list.length },
    });
  });
  return { ...refused(), added: list.length, codes: await couponCodeCountsOf(db, campaignId) };
};

// ---- Remove, print count ---------------------------------------------------------------------------

/**
 * `DELETE /coupons/remove-codes`: removes the campaign's ready codes, a batch per short transaction
 * (each lowers the pool size with it); given, used and not-used codes stay. A code given meanwhile is
 * no longer ready and stays too.
 */
export const removeReadyCoupons = async (
  db: Database,
  locationId: string,
  campaignId: string,
  actor: Acting,
) => {
  await poolCampaign(db, locationId, campaignId);
  const sizes = batching(db);
  let removed = 0;
  let size = sizes.first;
  for (;;) {
    const began = performance.now();
    const batch = size;
    const gone = await db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`
        with gone as (
          delete from ${couponCodes} where ${couponCodes._id} in (
            select ${couponCodes._id} from ${couponCodes}
            where ${couponCodes.campaign_id} = ${campaignId} and ${couponCodes.coupon_status} = 'ready'
            limit ${batch} for update skip locked)
          and ${couponCodes.coupon_status} = 'ready'
          returning 1)
        select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
      const n = Number(rows[0]?.n ?? 0);
      if (n > 0)
        await tx
          .update(campaigns)
          .set({ coupon_pool_size: sql`greatest(${campaigns.coupon_pool_size} - ${n}, 0)` })
          .where(eq(campaigns._id, campaignId));
      return n;
    });
    removed += gone;
    if (gone < batch) break;
    size = nextBatchSize(sizes, batch, performance.now() - began);
    await nextTurn();
  }
  const codes = await couponCodeCountsOf(db, campaignId);
  await audit(db, actor, {
    action: 'coupon.removed',
    entity: 'campaign',
    entityId: campaignId,
    details: { removed, pool: codes },
  });
  return { removed, codes };
};

/** `PUT /coupon-campaign/{id}`: the paper coupons printed (spec §3 Coupon print). */
export const setCouponPrintCount = async (
  db: Database,
  locationId: string,
  campaignId: string,
  count: number,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ coupon_print_count: count })
      .where(and(eq(campaigns._id, campaignId), eq(campaigns.location_id, locationId)))
      .returning();
    if (!row) throw campaignNotFound();
    await audit(tx, actor, {
      action: 'coupon.print_count_set',
      entity: 'campaign',
      entityId: campaignId,
      details: { coupon_print_count: count },
    });
    return campaignWithCounts(tx, row);
  });

// ---- Code report -----------------------------------------------------------------------------------

/** A column of the code's holder or desk, read beside each row of a page (a page is short). */
const ofCustomer = (column: string) =>
  sql.raw(`(select c.${column} from customers c where c._id = coupon_codes.customer_id)`);
const ofChannel = (column: string) =>
  sql.raw(`(select ch.${column} from channels ch where ch._id = coupon_codes.channel_id)`);

export const couponReportList = listSource({
  table: couponCodes,
  fields: {
    _id: couponCodes._id,
    coupon_code: couponCodes.coupon_code,
    coupon_status: couponCodes.coupon_status,
    coupon_source: couponCodes.coupon_source,
    customer_id: couponCodes.customer_id,
    customer_name: sql<string | null>`${ofCustomer('customer_name')}`,
    customer_surname: sql<string | null>`${ofCustomer('customer_surname')}`,
    customer_phone: sql<string | null>`${ofCustomer('customer_phone')}`,
    channel_id: couponCodes.channel_id,
    channel_name: sql<string | null>`${ofChannel('channel_name')}`,
    channel_name_en: sql<string | null>`${ofChannel('channel_name_en')}`,
    coupon_given_at: couponCodes.coupon_given_at,
    coupon_used_at: couponCodes.coupon_used_at,
    coupon_expires_at: couponCodes.coupon_expires_at,
    created_at: couponCodes.created_at,
  },
  uniqueKey: couponCodes._id,
  search: [couponCodes.coupon_code, ofCustomer('customer_search')],
  sortable: {
    coupon_code: couponCodes.coupon_code,
    coupon_status: couponCodes.coupon_status,
    coupon_given_at: couponCodes.coupon_given_at,
    coupon_used_at: couponCodes.coupon_used_at,
    coupon_expires_at: couponCodes.coupon_expires_at,
    createdAt: couponCodes.created_at,
  },
  defaultSort: { orderBy: 'coupon_given_at', order: 'desc' },
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The code report's rows as one condition: the campaign's codes its filter (statuses; a range of the
 * moment the code was given, or used) and its keyword (the code, or the holder's name or phone) find.
 * The report's page and its export both read through it, so the file holds what the screen lists.
 */
export const couponReportWhere = (
  campaignId: string,
  { filter, keyword }: { filter?: CouponReportFilter | undefined; keyword?: string | undefined },
): SQL => {
  const moment = filter?.date_field === 'used' ? couponCodes.coupon_used_at : couponCodes.coupon_given_at;
  const words = keyword?.trim();
  return and(
    eq(couponCodes.campaign_id, campaignId),
    filter?.coupon_status?.length ? inArray(couponCodes.coupon_status, filter.coupon_status) : undefined,
    filter?.date_from ? gte(moment, new Date(filter.date_from)) : undefined,
    filter?.date_to ? lte(moment, new Date(filter.date_to)) : undefined,
    words ? containsKeyword(couponReportList.search, words) : undefined,
  )!;
};

/**
 * `POST /campaign/{id}/coupons/filter`: one page of the campaign's codes for its code report (and
 * a parking campaign's carpark report): status, holder, desk and dates, newest given first, filtered
 * by `couponReportWhere`. Another mall's campaign is not found.
 */
export const listCouponReport = async (
  db: Database,
  locationId: string,
  campaignId: string,
  query: CouponReportQuery,
): Promise<ListResponse<CouponReportRow>> => {
  const campaign = await poolCampaign(db, locationId, campaignId);
  // The keyword is in the condition already.
  const page = await listPage(
    db,
    couponReportList,
    { ...query, keyword: undefined },
    couponReportWhere(campaign._id, query),
  );
  return {
    ...page,
    data: page.data.map(({ created_at, ...row }) => ({
      ...row,
      coupon_given_at: iso(row.coupon_given_at),
      coupon_used_at: iso(row.coupon_used_at),
      coupon_expires_at: iso(row.coupon_expires_at),
      createdAt: created_at.toISOString(),
    })),
  };
};

// ---- Export ----------------------------------------------------------------------------------------

const exportFields = {
  _id: couponCodes._id,
  coupon_code: couponCodes.coupon_code,
  coupon_status: couponCodes.coupon_status,
  customer_name: customers.customer_name,
  customer_surname: customers.customer_surname,
  customer_phone: customers.customer_phone,
  channel_name: channels.channel_name,
  channel_name_en: channels.channel_name_en,
  coupon_given_at: couponCodes.coupon_given_at,
  coupon_used_at: couponCodes.coupon_used_at,
  coupon_expires_at: couponCodes.coupon_expires_at,
  admin_name: admins.admin_name,
  admin_surname: admins.admin_surname,
  created_at: couponCodes.created_at,
};
type ExportRow = {
  _id: string;
  coupon_code: string;
  coupon_status: string;
  customer_name: string | null;
  customer_surname: string | null;
  customer_phone: string | null;
  channel_name: string | null;
  channel_name_en: string | null;
  coupon_given_at: Date | null;
  coupon_used_at: Date | null;
  coupon_expires_at: Date | null;
  admin_name: string | null;
  admin_surname: string | null;
  created_at: Date;
};

const EXPORT_PAGE = 5000;

/**
 * A campaign's codes that `where` finds (`couponReportWhere`), in the export's order: first those
 * handed out (given, not used, used: by status, then _id, over `coupon_codes_handed_out`), then the
 * ready ones (by _id, over `coupon_codes_ready`), each walked in keyset pages.
 */
export async function* exportRows(
  db: Database,
  where: SQL,
  parts: readonly ('handed out' | 'ready')[] = ['handed out', 'ready'],
): AsyncGenerator<ExportRow> {
  const handedOut = ne(couponCodes.coupon_status, 'ready');
  const ready = eq(couponCodes.coupon_status, 'ready');
  for (const part of parts) {
    let after: ExportRow | undefined;
    for (;;) {
      const keyset =
        after === undefined
          ? undefined
          : part === 'ready'
            ? gt(couponCodes._id, after._id)
            : sql`(${couponCodes.coupon_status}, ${couponCodes._id}) > (${after.coupon_status}, ${after._id})`;
      const page: ExportRow[] = await db
        .select(exportFields)
        .from(couponCodes)
        .leftJoin(customers, eq(customers._id, couponCodes.customer_id))
        .leftJoin(channels, eq(channels._id, couponCodes.channel_id))
        .leftJoin(admins, eq(admins._id, couponCodes.coupon_used_by))
        .where(and(where, part === 'ready' ? ready : handedOut, keyset))
        .orderBy(
          ...(part === 'ready'
            ? [asc(couponCodes._id)]
            : [asc(couponCodes.coupon_status), asc(couponCodes._id)]),
        )
        .limit(EXPORT_PAGE);
      yield* page;
      if (page.length < EXPORT_PAGE) break;
      after = page.at(-1);
    }
  }
}

const sheetName = { tr: 'Kuponlar', en: 'Coupons' } as const;

const exportColumns = (lang: Language): ExportColumn<ExportRow>[] => {
  const header = (key: keyof (typeof couponExportColumnLabels)['tr']) =>
    labelsOf(couponExportColumnLabels, key);
  return [
    { header: header('coupon_code'), kind: 'text', value: (row) => row.coupon_code, width: 16 },
    {
      header: header('coupon_status'),
      kind: 'enum',
      value: (row) => row.coupon_status,
      labels: couponStatusLabels,
      width: 14,
    },
    { header: header('customer_name'), kind: 'text', value: (row) => row.customer_name, width: 18 },
    { header: header('customer_surname'), kind: 'text', value: (row) => row.customer_surname, width: 18 },
    { header: header('customer_phone'), kind: 'phone', value: (row) => row.customer_phone, width: 16 },
    {
      header: header('channel_name'),
      kind: 'text',
      value: (row) => (lang === 'en' ? (row.channel_name_en ?? row.channel_name) : row.channel_name),
      width: 18,
    },
    { header: header('coupon_given_at'), kind: 'datetime', value: (row) => row.coupon_given_at, width: 18 },
    { header: header('coupon_used_at'), kind: 'datetime', value: (row) => row.coupon_used_at, width: 18 },
    {
      header: header('coupon_expires_at'),
      kind: 'datetime',
      value: (row) => row.coupon_expires_at,
      width: 18,
    },
    {
      header: header('coupon_redeemed_by'),
      kind: 'text',
      value: (row) =>
        row.admin_name === null ? null : `${row.admin_name} ${row.admin_surname ?? ''}`.trim(),
      width: 22,
    },
    { header: header('createdAt'), kind: 'datetime', value: (row) => row.created_at, width: 18 },
  ];
};

/**
 * `POST /campaign/{id}/coupons/export`: the campaign's codes the code report's filter and keyword find
 * (`couponReportWhere`, as its list; without them every code), streamed as an xlsx in the request's
 * language, with its status, holder (name, phone as `displayPhone` writes it), desk, the times in the
 * mall's zone and who redeemed it; headers from contracts' `couponExportColumnLabels`, so the file's
 * codes import back.
 */
export const exportCoupons = async (
  db: Database,
  mall: Mall,
  campaignId: string,
  body: CouponExportBody | undefined,
  lang: Language,
  reply: FastifyReply,
) => {
  const campaign = await poolCampaign(db, mall._id, campaignId);
  return sendExport(reply, {
    filename: `${lang === 'en' ? 'coupons' : 'kuponlar'}-${campaign._id}.xlsx`,
    sheetName,
    lang,
    timezone: mall.location_meta.timezone,
    columns: exportColumns(lang),
    rows: exportRows(db, couponReportWhere(campaign._id, body ?? {})),
  });
};
