import { foreignKey, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { campaigns } from '../campaigns/campaigns.tables';
import { locations } from '../locations/locations.tables';

/**
 * A mall's QR codes (spec §3 QR code): a poster's code that opens the mall's app on a campaign
 * through the redirect page (`/redirect?qrCodeId&locationId`), or, generated manually, the content
 * the staff typed. `qr_code_scan_count` is the sum of the code's rows in `qr_code_scans`, kept with
 * them in the scans' flush (qr-scans.ts) so the list needs no count.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    qr_code_title: varchar('qr_code_title', { length: 50 }).notNull(),
    qr_code_type: varchar('qr_code_type', {
      length: 32,
      enum: ['campaign_detail', 'join_campaign'],
    }).notNull(),
    qr_code_campaign_id: refColumn('qr_code_campaign_id').notNull(),
    qr_code_generation: varchar('qr_code_generation', {
      length: 16,
      enum: ['automatic', 'manual'],
    }).notNull(),
    /** The manual code's content; null for an automatic one, whose content is its redirect address. */
    qr_code_content: varchar('qr_code_content', { length: 500 }),
    qr_code_scan_count: integer('qr_code_scan_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('qr_codes_location').on(table.location_id, table.created_at),
    // The campaign is one of the code's mall: (location_id, _id) is unique on campaigns.
    foreignKey({
      name: 'qr_codes_campaign',
      columns: [table.location_id, table.qr_code_campaign_id],
      foreignColumns: [campaigns.location_id, campaigns._id],
    }).onDelete('cascade'),
  ],
);

/** One scan of a code on the redirect page: when, on which platform, in which language. */
export const qrCodeScans = pgTable(
  'qr_code_scans',
  {
    _id: idColumn(),
    qr_code_id: refColumn('qr_code_id')
      .notNull()
      .references(() => qrCodes._id, { onDelete: 'cascade' }),
    scan_at: moment('scan_at').notNull(),
    scan_platform: varchar('scan_platform', {
      length: 16,
      enum: ['android', 'ios', 'desktop', 'other'],
    }).notNull(),
    scan_language: varchar('scan_language', { length: 16 }),
  },
  (table) => [index('qr_code_scans_code').on(table.qr_code_id, table.scan_at)],
);

export type QrCodeRow = typeof qrCodes.$inferSelect;
