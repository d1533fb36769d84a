import {
  type Language,
  type Store,
  type StoreExportBody,
  type StoreImportColumn,
  storeColumnLabels,
  storeImportColumns,
  storeSheetLabels,
} from '@avlu/contracts';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { type ExportValue, labelsOf, sendExport } from '../../platform/excel/xlsx-export';
import type { Mall } from '../customers/mall-date';
import { allStores } from './stores.service';

/**
 * The import's columns, in its order and with its headers, so an exported file imports back (into
 * another mall too, whose categories have the same names); `satisfies` keeps the two lists one.
 */
const columnValues = (lang: Language) =>
  ({
    store_name: { kind: 'text', value: (row) => row.store_name, width: 30 },
    store_category: {
      kind: 'text',
      value: (row) => (lang === 'en' ? row.store_category_name_en : row.store_category_name),
      width: 24,
    },
    store_floor: { kind: 'text', value: (row) => row.store_floor, width: 12 },
    store_unit_no: { kind: 'text', value: (row) => row.store_unit_no, width: 12 },
    store_phone: { kind: 'phone', value: (row) => row.store_phone, width: 16 },
    store_website: { kind: 'text', value: (row) => row.store_website, width: 34 },
    store_cms_id: { kind: 'text', value: (row) => row.store_cms_id, width: 14 },
    store_is_active: { kind: 'boolean', value: (row) => row.store_is_active, width: 10 },
  }) satisfies Record<StoreImportColumn, ExportValue<Store>>;

/** POST /data/stores/export: the stores the list shows (keyword, filters, order), as an xlsx. */
export const exportStores = async (
  db: Database,
  mall: Mall,
  body: StoreExportBody,
  lang: Language,
  reply: FastifyReply,
) => {
  const rows = await allStores(db, mall._id, body);
  const values = columnValues(lang);
  return sendExport(reply, {
    filename: lang === 'en' ? 'stores.xlsx' : 'magazalar.xlsx',
    sheetName: storeSheetLabels,
    lang,
    timezone: mall.location_meta.timezone,
    columns: storeImportColumns.map((column) => ({
      header: labelsOf(storeColumnLabels, column),
      ...values[column],
    })),
    rows,
  });
};
