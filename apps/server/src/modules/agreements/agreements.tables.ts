import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/**
 * A mall's agreement texts (spec §3 Agreement): terms and conditions, ETK permissions, the KVKK
 * notice, for the micro-site (target mobileapp) or the web. `agreement_version` is kept with every
 * consent the text brings (the consent history's agreement_version), unique in the mall, so the
 * history points at one text. A text is never changed: a new text is a new row, a new version, and a
 * removed one is only marked (`agreement_deleted_at`), so every version a customer accepted stays.
 * The database keeps one text of a type and target in use at a time (`agreements_one_in_use`).
 * Every mall starts with a KVKK text (agreements.service.ts seedKvkkAgreement).
 */
export const agreements = pgTable(
  'agreements',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    agreement_type: varchar('agreement_type', {
      length: 32,
      enum: ['terms_and_conditions', 'etk_permissions', 'kvkk'],
    }).notNull(),
    agreement_target: varchar('agreement_target', { length: 16, enum: ['mobileapp', 'web'] }).notNull(),
    agreement_in_use: boolean('agreement_in_use').notNull().default(true),
    agreement_version: varchar('agreement_version', { length: 64 }).notNull(),
    agreement_title: varchar('agreement_title', { length: 200 }).notNull(),
    agreement_text: text('agreement_text').notNull(),
    agreement_text_pdf_tr: text('agreement_text_pdf_tr'),
    agreement_text_pdf_en: text('agreement_text_pdf_en'),
    /** Removed from the back-office's list; kept for the consents that name its version. */
    agreement_deleted_at: moment('agreement_deleted_at'),
    ...timestamps(),
  },
  (table) => [
    index('agreements_location').on(table.location_id, table.agreement_type),
    uniqueIndex('agreements_location_version').on(table.location_id, table.agreement_version),
    uniqueIndex('agreements_one_in_use')
      .on(table.location_id, table.agreement_type, table.agreement_target)
      .where(sql`${table.agreement_in_use}`),
  ],
);

export type AgreementRow = typeof agreements.$inferSelect;
