import type { Database } from './database';

/**
 * A query of fixed shape, built once per database (or transaction) and then only executed: drizzle's
 * `.prepare(name)` keeps the SQL text, so a hot query is not assembled anew on every request, and
 * PostgreSQL plans it once per connection. Its parameters are `sql.placeholder`s given to `execute`.
 * A transaction prepares its own, so the query runs on the transaction's connection.
 */
export const preparedQuery = <Query>(build: (db: Database) => Query): ((db: Database) => Query) => {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
};
