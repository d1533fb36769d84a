import {
  type Language,
  type LoyaltyCustomer,
  type LoyaltyCustomerFilter,
  loyaltyCustomerColumnLabels,
  loyaltyCustomerSheetLabels,
  loyaltyCustomerStatusLabels,
  loyaltyGiftSendTypeLabels,
} from '@avlu/contracts';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { type ExportColumn, labelsOf, sendExport } from '../../platform/excel/xlsx-export';
import type { Mall } from '../customers/mall-date';
import { redemptionsToExport } from './redemptions.service';

const columns: readonly ExportColumn<LoyaltyCustomer>[] = [
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'createdAt'),
    kind: 'datetime',
    value: (row) => new Date(row.createdAt),
    width: 18,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'customer_name'),
    kind: 'text',
    value: (row) => row.loyalty_customer_name,
    width: 16,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'customer_surname'),
    kind: 'text',
    value: (row) => row.loyalty_customer_surname,
    width: 16,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'customer_phone'),
    kind: 'phone',
    value: (row) => row.loyalty_customer_phone,
    width: 16,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'gift'),
    kind: 'text',
    value: (row) => row.loyalty_customer_gift_title,
    width: 26,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'points'),
    kind: 'number',
    value: (row) => row.loyalty_customer_points,
    width: 10,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'send_type'),
    kind: 'enum',
    value: (row) => row.loyalty_customer_gift_send_type,
    labels: loyaltyGiftSendTypeLabels,
    width: 18,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'code'),
    kind: 'text',
    value: (row) => row.loyalty_customer_gift_code,
    width: 16,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'status'),
    kind: 'enum',
    value: (row) => row.loyalty_customer_status,
    labels: loyaltyCustomerStatusLabels,
    width: 14,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'address'),
    kind: 'text',
    value: (row) => row.loyalty_customer_address,
    width: 34,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'tracking_number'),
    kind: 'text',
    value: (row) => row.loyalty_customer_tracking_number,
    width: 18,
  },
  {
    header: labelsOf(loyaltyCustomerColumnLabels, 'note'),
    kind: 'text',
    value: (row) => row.loyalty_customer_note,
    width: 30,
  },
];

/**
 * `GET /loyalty-customer/export`: the gifted customers the list's filter and keyword find, newest
 * first, streamed as an xlsx in keyset pages.
 */
export const exportRedemptions = (
  db: Database,
  mall: Mall,
  query: { filter?: LoyaltyCustomerFilter | undefined; keyword?: string | undefined },
  lang: Language,
  reply: FastifyReply,
) =>
  sendExport(reply, {
    filename: lang === 'en' ? 'gifted-customers.xlsx' : 'hediye-verilen-musteriler.xlsx',
    sheetName: loyaltyCustomerSheetLabels,
    lang,
    timezone: mall.location_meta.timezone,
    columns,
    rows: redemptionsToExport(db, mall._id, query),
  });
