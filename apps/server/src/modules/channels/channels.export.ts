import type { Channel, Language } from '@avlu/contracts';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { sendXlsx, type XlsxColumn } from '../../platform/excel/xlsx-stream';
import { getChannel } from './channels.service';

type Words = {
  sheet: string;
  name: string;
  nameEn: string;
  exp: string;
  status: string;
  active: string;
  passive: string;
  customers: string;
};
const words: Record<Language, Words> = {
  tr: {
    sheet: 'Kanal',
    name: 'Kanal adı',
    nameEn: 'Kanal adı (İngilizce)',
    exp: 'Açıklama',
    status: 'Durum',
    active: 'Açık',
    passive: 'Kapalı',
    customers: 'Müşteri sayısı',
  },
  en: {
    sheet: 'Channel',
    name: 'Channel name',
    nameEn: 'Channel name (English)',
    exp: 'Description',
    status: 'Status',
    active: 'Open',
    passive: 'Closed',
    customers: 'Customers',
  },
};

type ExportRow = Channel & { customers: number };

/**
 * POST /data-types/channel/export/{id}. The customers table is not part of the schema yet, so the
 * file holds the channel itself with a customer count of 0; the customer rows of the channel replace
 * it once customers land (the customer export will stream them through the same sendXlsx).
 */
export const exportChannel = async (
  db: Database,
  locationId: string,
  id: string,
  lang: Language,
  reply: FastifyReply,
) => {
  const channel = await getChannel(db, locationId, id); // 404 before any byte of the file goes out
  const w = words[lang];
  const columns: XlsxColumn<ExportRow>[] = [
    { header: '_id', value: (row) => row._id, width: 26 },
    { header: w.name, value: (row) => row.channel_name, width: 30 },
    { header: w.nameEn, value: (row) => row.channel_name_en, width: 30 },
    { header: w.exp, value: (row) => (lang === 'tr' ? row.channel_exp : row.channel_exp_en), width: 40 },
    { header: w.status, value: (row) => (row.channel_status ? w.active : w.passive), width: 12 },
    { header: w.customers, value: (row) => row.customers, width: 14 },
  ];
  return sendXlsx(reply, {
    filename: `${channel.channel_name}.xlsx`,
    sheetName: w.sheet,
    columns,
    rows: [{ ...channel, customers: 0 }],
  });
};
