import { timestamp, varchar } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

/** The `_id` primary key of every table: a 24-hex id made by the application (spec §9). */
export const idColumn = () =>
  varchar('_id', { length: 24 })
    .primaryKey()
    .$defaultFn(() => newId());

/** A reference to another record's `_id`. */
export const refColumn = (name: string) => varchar(name, { length: 24 });

/** A moment in time (`timestamptz`), read as a Date. */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});
