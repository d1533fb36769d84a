import {
  type CustomerExportBody,
  type CustomerImportColumn,
  customerColumnLabels,
  customerExportOnlyLabels,
  customerFrequencyLabels,
  customerGenderLabels,
  customerImportColumns,
  type Language,
} from '@avlu/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import type { SlotKind } from '../../platform/db/user-slots';
import { type ExportColumn, type ExportValue, labelsOf, sendExport } from '../../platform/excel/xlsx-export';
import { channels } from '../channels/channels.tables';
import { ageOn, customerList, keywordWhere, segmentOf } from './customers.service';
import { customers } from './customers.tables';
import { type Mall, mallToday } from './mall-date';

/**
 * Customer exports (of a segment, of a channel) one staff user may run at a time, across processes:
 * each streams up to a whole mall.
 */
export const customerExportSlot = (config: Pick<Config, 'perUser'>): SlotKind => ({
  kind: 'customers.export',
  limit: config.perUser.exports,
});

/** Rows read per query: a page is small in memory, and the next page starts after its last key. */
const PAGE = 1000;

const sheetName = { tr: 'Müşteriler', en: 'Customers' } as const;

/**
 * Only the columns the file shows, straight from the driver: at a million rows, reading the other
 * columns and reshaping every row into the API's `Customer` cost more than the database did.
 */
const { fields } = customerList;
const exportFields = (today: string) => ({
  _id: fields._id,
  customer_phone: fields.customer_phone,
  customer_name: fields.customer_name,
  customer_surname: fields.customer_surname,
  customer_email: fields.customer_email,
  customer_gender: fields.customer_gender,
  customer_birthdate: fields.customer_birthdate,
  customer_province: fields.customer_province,
  customer_district: fields.customer_district,
  customer_locality: fields.customer_locality,
  customer_address: fields.customer_address,
  customer_number_of_children: fields.customer_number_of_children,
  customer_frequency: fields.customer_frequency,
  customer_vehicle_plate: fields.customer_vehicle_plate,
  customer_is_parent: fields.customer_is_parent,
  customer_sms_permission: fields.customer_sms_permission,
  customer_email_permission: fields.customer_email_permission,
  customer_call_permission: fields.customer_call_permission,
  customer_kvkk_permission: fields.customer_kvkk_permission,
  channel_id: fields.channel_id,
  age: ageOn(today),
  customer_is_developer: fields.customer_is_developer,
  created_at: fields.created_at,
  // The keyset key as PostgreSQL's own text of the timestamp: a JS Date keeps milliseconds only,
  // and a key cut to milliseconds would repeat rows at page boundaries.
  key: sql<string>`${customers.created_at}::text`,
});
type ExportRow = SelectResultFields<ReturnType<typeof exportFields>>;

/**
 * The import's columns, in the import's order and with its headers, so an exported file imports
 * back unchanged (into another mall too); `satisfies` keeps the two lists one.
 */
const importColumns = {
  customer_phone: { kind: 'phone', value: (row) => row.customer_phone, width: 16 },
  customer_name: { kind: 'text', value: (row) => row.customer_name },
  customer_surname: { kind: 'text', value: (row) => row.customer_surname },
  customer_email: { kind: 'text', value: (row) => row.customer_email, width: 30 },
  customer_gender: {
    kind: 'enum',
    labels: customerGenderLabels,
    value: (row) => row.customer_gender,
    width: 14,
  },
  customer_birthdate: { kind: 'date', value: (row) => row.customer_birthdate, width: 16 },
  customer_province: { kind: 'text', value: (row) => row.customer_province },
  customer_district: { kind: 'text', value: (row) => row.customer_district },
  customer_locality: { kind: 'text', value: (row) => row.customer_locality },
  customer_address: { kind: 'text', value: (row) => row.customer_address, width: 30 },
  customer_number_of_children: { kind: 'number', value: (row) => row.customer_number_of_children, width: 10 },
  customer_frequency: {
    kind: 'enum',
    labels: customerFrequencyLabels,
    value: (row) => row.customer_frequency,
  },
  customer_vehicle_plate: { kind: 'text', value: (row) => row.customer_vehicle_plate, width: 12 },
  customer_is_parent: { kind: 'boolean', value: (row) => row.customer_is_parent, width: 10 },
  customer_sms_permission: { kind: 'boolean', value: (row) => row.customer_sms_permission, width: 10 },
  customer_email_permission: { kind: 'boolean', value: (row) => row.customer_email_permission, width: 10 },
  customer_call_permission: { kind: 'boolean', value: (row) => row.customer_call_permission, width: 10 },
  customer_kvkk_permission: { kind: 'boolean', value: (row) => row.customer_kvkk_permission, width: 10 },
} satisfies Record<CustomerImportColumn, ExportValue<ExportRow>>;

/** The mall's channel names in each language, for the channel column (a mall has a handful). */
const channelLabels = async (db: Database, mall: Mall) => {
  const rows = await db
    .select({ _id: channels._id, tr: channels.channel_name, en: channels.channel_name_en })
    .from(channels)
    .where(eq(channels.location_id, mall._id));
  return {
    tr: Object.fromEntries(rows.map((row) => [row._id, row.tr])),
    en: Object.fromEntries(rows.map((row) => [row._id, row.en || row.tr])),
  };
};

/** The import's columns, then what the import skips: the channel, the age, the developer mark, the registration. */
const columnsOf = (channelNames: Record<Language, Record<string, string>>): ExportColumn<ExportRow>[] => {
  const extra = (key: keyof (typeof customerExportOnlyLabels)['tr']) =>
    labelsOf(customerExportOnlyLabels, key);
  return [
    ...customerImportColumns.map(
      (key): ExportColumn<ExportRow> => ({
        header: labelsOf(customerColumnLabels, key),
        ...importColumns[key],
      }),
    ),
    { header: extra('channel_id'), kind: 'enum', labels: channelNames, value: (row) => row.channel_id },
    { header: extra('age'), kind: 'number', value: (row) => row.age, width: 6 },
    {
      header: extra('customer_is_developer'),
      kind: 'boolean',
      value: (row) => row.customer_is_developer,
      width: 10,
    },
    { header: extra('createdAt'), kind: 'datetime', value: (row) => row.created_at, width: 18 },
  ];
};

/**
 * The segment's customers oldest first, a page at a time by (created_at, _id) after the previous
 * page's last row: each query is a range of the (location_id, created_at, _id) index and none holds
 * more than a page. The next page is read while this one is written, so the database and the xlsx
 * writer work at the same time.
 */
async function* customerRows(db: Database, where: SQL | undefined, today: string): AsyncGenerator<ExportRow> {
  const pageAfter = (after: { key: string; _id: string } | undefined) =>
    db
      .select(exportFields(today))
      .from(customers)
      .where(
        and(
          where,
          after === undefined
            ? undefined
            : sql`(${customers.created_at}, ${customers._id}) > (${after.key}::timestamptz, ${after._id})`,
        ),
      )
      .orderBy(asc(customers.created_at), asc(customers._id))
      .limit(PAGE)
      .execute();
  let next = pageAfter(undefined);
  for (;;) {
    const page = await next;
    const last = page.at(-1);
    const more = page.length === PAGE && last !== undefined;
    if (more) {
      next = pageAfter(last);
      // A download cut short leaves this read unawaited: its failure must not be an unhandled rejection.
      next.catch(() => undefined);
    }
    yield* page;
    if (!more) return;
  }
}

/**
 * POST /customer/export: the filtered customers of the mall as a streamed xlsx file, ages on the
 * mall's today; the channel export is the same file of one channel's customers, named after it.
 */
export const exportCustomers = async (
  db: Database,
  mall: Mall,
  body: CustomerExportBody,
  lang: Language,
  reply: FastifyReply,
  filename = `${sheetName[lang]}.xlsx`,
) => {
  const today = mallToday(mall);
  return sendExport(reply, {
    filename,
    sheetName,
    lang,
    timezone: mall.location_meta.timezone,
    columns: columnsOf(await channelLabels(db, mall)),
    rows: customerRows(
      db,
      and(segmentOf(mall._id, body.filter, today), keywordWhere(body.keyword, body.searchType)),
      today,
    ),
  });
};
