import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { pgliteExtensions } from '../../apps/server/src/platform/db/database';
import type { BareRoute, ServerTarget } from './target';

/**
 * The yardstick: a bare Fastify answering each benchmarked address with the very queries Avlu sent
 * for it (captured, with their parameters, by throughput.ts), one after another as Avlu sends them,
 * on the same database through the same driver and pool. No hooks, no validation, no logging:
 * what Avlu costs beyond this is the cost of the framework around its queries.
 */
const target = JSON.parse(process.env.BARE_TARGET ?? '') as ServerTarget;
const routes = JSON.parse(process.env.BARE_ROUTES ?? '') as BareRoute[];

/**
 * The driver's own query call, below drizzle: the statement text is already built. On PostgreSQL each
 * statement is named, so the server parses and plans it once per connection, as a careful hand-written
 * server would (and as Avlu's prepared queries are).
 */
const run: (text: string, params: unknown[]) => Promise<unknown[]> = await (async () => {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      let name = names.get(text);
      if (!name) {
        name = `bare_${names.size}`;
        names.set(text, name);
      }
      return name;
    };
    return async (text, params) => (await pool.query({ name: nameOf(text), text, values: params })).rows;
  }
  const lite = await PGlite.create({ dataDir: target.dataDir, extensions: pgliteExtensions });
  return async (text, params) => (await lite.query(text, params)).rows;
})();

const app = Fastify({ logger: false });
for (const route of routes) {
  app.route({
    method: route.method,
    url: route.url,
    handler: async () => {
      let rows: unknown[] = [];
      for (const query of route.queries) rows = await run(query.text, query.params);
      return route.list ? { list: rows, count: rows.length } : (rows[0] ?? {});
    },
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
