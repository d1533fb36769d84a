import { boolean, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/**
 * A mall's agreement texts (spec §3 Agreement): terms and conditions, ETK permissions, the KVKK
 * notice, for the micro-site (target mobileapp) or the web. `agreement_version` is kept with every
 * consent the text brings (the consent history's agreement_version). Every mall starts with a KVKK
 * text (agreements.service.ts seedKvkkAgreement); the back-office for them comes later.
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
    ...timestamps(),
  },
  (table) => [index('agreements_location').on(table.location_id, table.agreement_type)],
);

export type AgreementRow = typeof agreements.$inferSelect;
