import {
  type CustomerExportBody,
  customerColumnLabels,
  customerExportOnlyLabels,
  type Language,
} from '@avlu/contracts';
import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { sendXlsx, type XlsxColumn } from '../../platform/excel/xlsx-stream';
import { ageOn, customerList, keywordWhere, segmentOf } from './customers.service';
import { customers } from './customers.tables';
import { type Mall, mallToday } from './mall-date';

/** Rows read per query: a page is small in memory, and the next page starts after its last key. */
const PAGE = 1000;

const sheetNames: Record<Language, string> = { tr: 'Müşteriler', en: 'Customers' };

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
  age: ageOn(today),
  customer_province: fields.customer_province,
  customer_district: fields.customer_district,
  customer_locality: fields.customer_locality,
  customer_number_of_children: fields.customer_number_of_children,
  customer_frequency: fields.customer_frequency,
  customer_vehicle_plate: fields.customer_vehicle_plate,
  customer_is_parent: fields.customer_is_parent,
  customer_is_developer: fields.customer_is_developer,
  customer_sms_permission: fields.customer_sms_permission,
  customer_email_permission: fields.customer_email_permission,
  customer_call_permission: fields.customer_call_permission,
  customer_kvkk_permission: fields.customer_kvkk_permission,
  created_at: fields.created_at,
  // The keyset key as PostgreSQL's own text of the timestamp: a JS Date keeps milliseconds only,
  // and a key cut to milliseconds would repeat rows at page boundaries.
  key: sql<string>`${customers.created_at}::text`,
});
type ExportRow = SelectResultFields<ReturnType<typeof exportFields>>;

const columnsFor = (lang: Language): XlsxColumn<ExportRow>[] => {
  const w = customerExportOnlyLabels[lang];
  const l = customerColumnLabels[lang];
  return [
    { header: '_id', value: (row) => row._id, width: 26 },
    { header: l.customer_phone, value: (row) => row.customer_phone, width: 16 },
    { header: l.customer_name, value: (row) => row.customer_name },
    { header: l.customer_surname, value: (row) => row.customer_surname },
    { header: l.customer_email, value: (row) => row.customer_email, width: 30 },
    { header: l.customer_gender, value: (row) => row.customer_gender, width: 10 },
    { header: l.customer_birthdate, value: (row) => row.customer_birthdate, width: 12 },
    { header: w.age, value: (row) => row.age, width: 6 },
    { header: l.customer_province, value: (row) => row.customer_province },
    { header: l.customer_district, value: (row) => row.customer_district },
    { header: l.customer_locality, value: (row) => row.customer_locality },
    { header: l.customer_number_of_children, value: (row) => row.customer_number_of_children, width: 8 },
    { header: l.customer_frequency, value: (row) => row.customer_frequency },
    { header: l.customer_vehicle_plate, value: (row) => row.customer_vehicle_plate, width: 12 },
    { header: l.customer_is_parent, value: (row) => row.customer_is_parent, width: 8 },
    { header: w.developer, value: (row) => row.customer_is_developer, width: 8 },
    { header: l.customer_sms_permission, value: (row) => row.customer_sms_permission, width: 8 },
    { header: l.customer_email_permission, value: (row) => row.customer_email_permission, width: 8 },
    { header: l.customer_call_permission, value: (row) => row.customer_call_permission, width: 8 },
    { header: l.customer_kvkk_permission, value: (row) => row.customer_kvkk_permission, width: 8 },
    { header: w.registered, value: (row) => row.created_at },
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

/** POST /customer/export: the filtered customers of the mall as a streamed xlsx file, ages on the mall's today. */
export const exportCustomers = async (
  db: Database,
  mall: Mall,
  body: CustomerExportBody,
  lang: Language,
  reply: FastifyReply,
) => {
  const today = mallToday(mall);
  return sendXlsx(reply, {
    filename: `${sheetNames[lang]}.xlsx`,
    sheetName: sheetNames[lang],
    columns: columnsFor(lang),
    rows: customerRows(
      db,
      and(segmentOf(mall._id, body.filter, today), keywordWhere(body.keyword, body.searchType)),
      today,
    ),
  });
};
