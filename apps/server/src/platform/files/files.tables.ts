import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every file the FileStore holds, by name: whether anyone may read it (`public`) or only through a
 * signed URL or a module's own authorised route (`private`), who uploaded it (the per-user quota
 * counts these rows) and when (the orphan sweep removes unreferenced files older than the grace).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** 43 base64url characters (256 random bits) and an extension: `<token>.jpg`. */
    name: varchar('name', { length: 64 }).primaryKey(),
    visibility: varchar('visibility', { length: 8 }).$type<'public' | 'private'>().notNull(),
    /** Who the quota charges: `admin:<id>` (later `customer:<id>`); null for files the server makes. */
    owner: varchar('owner', { length: 64 }),
    size: integer('size').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('stored_files_owner').on(table.owner, table.created_at),
    index('stored_files_created').on(table.created_at),
  ],
);

export type StoredFile = typeof storedFiles.$inferSelect;
