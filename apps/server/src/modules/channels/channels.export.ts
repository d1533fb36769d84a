import type { Language } from '@avlu/contracts';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { sendXlsx, type XlsxColumn } from '../../platform/excel/xlsx-stream';
import { customers } from '../customers/customers.tables';
import { getChannel } from './channels.service';

/** Rows read per query: memory stays at one page however many customers the channel has. */
const PAGE = 1000;

const exported = {
  _id: customers._id,
  customer_phone: customers.customer_phone,
  customer_name: customers.customer_name,
  customer_surname: customers.customer_surname,
  customer_email: customers.customer_email,
  customer_province: customers.customer_province,
  customer_district: customers.customer_district,
  customer_sms_permission: customers.customer_sms_permission,
  customer_email_permission: customers.customer_email_permission,
  customer_call_permission: customers.customer_call_permission,
  customer_kvkk_permission: customers.customer_kvkk_permission,
  created_at: customers.created_at,
};
type Row = { [Key in keyof typeof exported]: (typeof exported)[Key]['_']['data'] | null };

const words = {
  tr: {
    sheet: 'Müşteriler',
    headers: [
      'Telefon',
      'Ad',
      'Soyad',
      'E-posta',
      'İl',
      'İlçe',
      'SMS izni',
      'E-posta izni',
      'Arama izni',
      'KVKK onayı',
      'Kayıt tarihi',
    ],
    yes: 'Evet',
    no: 'Hayır',
  },
  en: {
    sheet: 'Customers',
    headers: [
      'Phone',
      'Name',
      'Surname',
      'Email',
      'Province',
      'District',
      'SMS consent',
      'Email consent',
      'Call consent',
      'KVKK consent',
      'Registered at',
    ],
    yes: 'Yes',
    no: 'No',
  },
} as const;

/** The channel's customers (deleted accounts left out), a page at a time after the last id read. */
async function* channelCustomers(db: Database, locationId: string, channelId: string): AsyncGenerator<Row> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select(exported)
      .from(customers)
      .where(
        and(
          eq(customers.location_id, locationId),
          eq(customers.channel_id, channelId),
          isNull(customers.customer_deletedAt),
          after ? gt(customers._id, after) : undefined,
        ),
      )
      .orderBy(asc(customers._id))
      .limit(PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!._id;
  }
}

/** POST /data-types/channel/export/{id}: an xlsx of the customers who registered through the channel. */
export const exportChannel = async (
  db: Database,
  locationId: string,
  id: string,
  lang: Language,
  reply: FastifyReply,
) => {
  const channel = await getChannel(db, locationId, id); // 404 before any byte of the file goes out
  const w = words[lang];
  const flag = (value: boolean | null) => (value ? w.yes : w.no);
  const cells: Array<(row: Row) => string | Date | null> = [
    (row) => row.customer_phone,
    (row) => row.customer_name,
    (row) => row.customer_surname,
    (row) => row.customer_email,
    (row) => row.customer_province,
    (row) => row.customer_district,
    (row) => flag(row.customer_sms_permission),
    (row) => flag(row.customer_email_permission),
    (row) => flag(row.customer_call_permission),
    (row) => flag(row.customer_kvkk_permission),
    (row) => row.created_at,
  ];
  const columns: XlsxColumn<Row>[] = cells.map((value, index) => ({ header: w.headers[index]!, value }));
  return sendXlsx(reply, {
    filename: `${channel.channel_name}.xlsx`,
    sheetName: w.sheet,
    columns,
    rows: channelCustomers(db, locationId, id),
  });
};
