import type { Customer, CustomerExportBody, Language } from '@avlu/contracts';
import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { sendXlsx, type XlsxColumn } from '../../platform/excel/xlsx-stream';
import { customerList, keywordWhere, segmentOf, toCustomer } from './customers.service';
import { customers } from './customers.tables';

/** Rows read per query: a page is small in memory, and the next page starts after its last key. */
const PAGE = 1000;

type Words = Record<
  | 'sheet'
  | 'phone'
  | 'name'
  | 'surname'
  | 'email'
  | 'gender'
  | 'birthdate'
  | 'age'
  | 'province'
  | 'district'
  | 'locality'
  | 'children'
  | 'frequency'
  | 'plate'
  | 'parent'
  | 'developer'
  | 'sms'
  | 'emailConsent'
  | 'call'
  | 'kvkk'
  | 'registered',
  string
>;
const words: Record<Language, Words> = {
  tr: {
    sheet: 'Müşteriler',
    phone: 'Telefon',
    name: 'Ad',
    surname: 'Soyad',
    email: 'E-posta',
    gender: 'Cinsiyet',
    birthdate: 'Doğum tarihi',
    age: 'Yaş',
    province: 'İl',
    district: 'İlçe',
    locality: 'Mahalle',
    children: 'Çocuk sayısı',
    frequency: 'Ziyaret sıklığı',
    plate: 'Araç plakası',
    parent: 'Ebeveyn',
    developer: 'Geliştirici',
    sms: 'SMS izni',
    emailConsent: 'E-posta izni',
    call: 'Arama izni',
    kvkk: 'KVKK onayı',
    registered: 'Kayıt tarihi',
  },
  en: {
    sheet: 'Customers',
    phone: 'Phone',
    name: 'Name',
    surname: 'Surname',
    email: 'Email',
    gender: 'Gender',
    birthdate: 'Birth date',
    age: 'Age',
    province: 'Province',
    district: 'District',
    locality: 'Locality',
    children: 'Children',
    frequency: 'Visit frequency',
    plate: 'Vehicle plate',
    parent: 'Parent',
    developer: 'Developer',
    sms: 'SMS permission',
    emailConsent: 'Email permission',
    call: 'Call permission',
    kvkk: 'KVKK consent',
    registered: 'Registered at',
  },
};

const columnsFor = (lang: Language): XlsxColumn<Customer>[] => {
  const w = words[lang];
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return [
    { header: '_id', value: (row) => row._id, width: 26 },
    { header: w.phone, value: (row) => row.customer_phone, width: 16 },
    { header: w.name, value: (row) => row.customer_name },
    { header: w.surname, value: (row) => row.customer_surname },
    { header: w.email, value: (row) => row.customer_email, width: 30 },
    { header: w.gender, value: (row) => row.customer_gender, width: 10 },
    { header: w.birthdate, value: (row) => row.customer_birthdate, width: 12 },
    { header: w.age, value: (row) => row.age, width: 6 },
    { header: w.province, value: (row) => row.customer_province },
    { header: w.district, value: (row) => row.customer_district },
    { header: w.locality, value: (row) => row.customer_locality },
    { header: w.children, value: (row) => row.customer_number_of_children, width: 8 },
    { header: w.frequency, value: (row) => row.customer_frequency },
    { header: w.plate, value: (row) => row.customer_vehicle_plate, width: 12 },
    { header: w.parent, value: (row) => row.customer_is_parent, width: 8 },
    { header: w.developer, value: (row) => row.customer_is_developer, width: 8 },
    { header: w.sms, value: (row) => row.customer_sms_permission, width: 8 },
    { header: w.emailConsent, value: (row) => row.customer_email_permission, width: 8 },
    { header: w.call, value: (row) => row.customer_call_permission, width: 8 },
    { header: w.kvkk, value: (row) => row.customer_kvkk_permission, width: 8 },
    { header: w.registered, value: (row) => date(row.createdAt) },
  ];
};

/**
 * The segment's customers oldest first, a page at a time by (created_at, _id) after the previous
 * page's last row: each query uses the (location_id, created_at) index and none holds more than a page.
 */
async function* customerRows(db: Database, where: SQL | undefined): AsyncGenerator<Customer> {
  let after: { created_at: Date; _id: string } | undefined;
  for (;;) {
    const page = await db
      .select(customerList.fields)
      .from(customers)
      .where(
        and(
          where,
          after === undefined
            ? undefined
            : sql`(${customers.created_at}, ${customers._id}) > (${after.created_at.toISOString()}::timestamptz, ${after._id})`,
        ),
      )
      .orderBy(asc(customers.created_at), asc(customers._id))
      .limit(PAGE);
    for (const row of page) yield toCustomer(row);
    const last = page.at(-1);
    if (page.length < PAGE || last === undefined) return;
    after = { created_at: last.created_at, _id: last._id };
  }
}

/** POST /customer/export: the filtered customers of the mall as a streamed xlsx file. */
export const exportCustomers = (
  db: Database,
  locationId: string,
  body: CustomerExportBody,
  lang: Language,
  reply: FastifyReply,
) =>
  sendXlsx(reply, {
    filename: `${words[lang].sheet}.xlsx`,
    sheetName: words[lang].sheet,
    columns: columnsFor(lang),
    rows: customerRows(
      db,
      and(segmentOf(locationId, body.filter), keywordWhere(body.keyword, body.searchType)),
    ),
  });
