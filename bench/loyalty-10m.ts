import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { runResetPoint } from '../apps/server/src/modules/loyalty/reset-points.job';
import type { Database } from '../apps/server/src/platform/db/database';
import {
  BENCH_CUSTOMERS,
  type BenchTarget,
  benchTargets,
  openTarget,
  prepareTarget,
} from './customers/databases';
import { attempt, latencyFigure, loadFigure, type Server, verdict, withServer } from './customers-1m';
import { type Figure, ms, sample } from './lib/timing';
import {
  addPendingReceipts,
  BALANCE_GIFT,
  ENTRIES_PER_MEMBER,
  generateLoyalty,
  readNote,
  rowsOf,
  STOCK_GIFT,
  writeNote,
} from './loyalty/generate';

/**
 * `npm run bench -- loyalty [postgres|pglite] [history|list|approve|burns|reset]` (issue 14 #12): the
 * 1M-customer bench mall (customers-1m.ts) with a million loyalty members and ten million ledger
 * entries, generated once set-wise in SQL (loyalty/generate.ts) and kept between runs; measured
 * through the HTTP API of the real app in a child process, but for the reset, which is the job's own
 * run (reset-points.job.ts) timed in this process. BENCH_LOYALTY_SCALE (default 1) scales the members
 * and entries, to try the bench quickly (0.01: 10,000 members, 100,000 entries). Targets are
 * PostgreSQL's; PGlite may take three times as long.
 */
const targets = { history: 20, approve: 50, resetSeconds: 120, list: 150 };
const PGLITE_SLOWER = 3;
const BURNS = 1_000;
/** Of the burns: customers who can each afford two of the balance-limited gift, five claims each. */
const BALANCE_CUSTOMERS = 100;
const CLAIMS_EACH = 5;

const log = (line: string) => console.error(line);

const scale = () => {
  const value = Number(process.env.BENCH_LOYALTY_SCALE ?? '1');
  if (!(value > 0 && value <= 1)) throw new Error('BENCH_LOYALTY_SCALE must be in (0, 1]');
  return value;
};

const request = async (
  server: Server,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  options: { body?: unknown; query?: Record<string, string | number>; headers?: Record<string, string> } = {},
) => {
  const query = new URLSearchParams({ locationId: server.ready.locationId });
  for (const [key, value] of Object.entries(options.query ?? {})) query.set(key, String(value));
  const response = await fetch(`http://127.0.0.1:${server.ready.port}/api${route}?${query}`, {
    method,
    headers: {
      authorization: `Bearer ${server.ready.token}`,
      'accept-language': 'tr',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A call that must succeed: timing a refusal would print a figure for work that was never done. */
const ok = async (...args: Parameters<typeof request>) => {
  const answer = await request(...args);
  if (answer.status >= 300)
    throw new Error(`${args[1]} ${args[2]} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** The members' ids, receipts and gifts the run uses, read before the server holds the database. */
type Plan = {
  historyIds: string[];
  receiptIds: string[];
  tierIds: string[];
  balanceGift: string;
  stockGift: string;
  /** Customers whose balance affords exactly two of the balance gift, with it. */
  balanceCustomers: { customer_id: string; point_balance: number }[];
  stockCustomers: string[];
};

const randomId = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** Up to `count` ids from a random place in the mall's balance rows on: varied between runs, read by the key. */
const someMembers = (db: Database, locationId: string, count: number, where = sql`true`) =>
  rowsOf<{ customer_id: string; point_balance: number }>(
    db,
    sql`(select customer_id, point_balance from point_balances
         where location_id = ${locationId} and customer_id >= ${randomId()} and ${where}
         order by customer_id limit ${count})
        union
        (select customer_id, point_balance from point_balances
         where location_id = ${locationId} and ${where} order by customer_id limit ${count})
        limit ${count}`,
  );

const plan = async (db: Database, locationId: string, members: number): Promise<Plan> => {
  const pending = async () =>
    Number(
      (
        await rowsOf<{ n: string }>(
          db,
          sql`select count(*) as n from receipts where location_id = ${locationId} and receipt_status = 'pending'`,
        )
      )[0]?.n ?? 0,
    );
  if ((await pending()) < 1_000) await addPendingReceipts(db, locationId, members, 10_000);
  const gift = async (title: string) =>
    (
      await rowsOf<{ _id: string }>(
        db,
        sql`select _id from loyalty_gifts where location_id = ${locationId} and loyalty_gift_title = ${title}`,
      )
    )[0]!._id;
  const stockGift = await gift(STOCK_GIFT.title);
  // Each run starts with the same small stock, so that the claims run it out.
  await db.execute(
    sql`update loyalty_gifts set loyalty_gift_stock_quantity = ${STOCK_GIFT.stock} where _id = ${stockGift}`,
  );
  const receipts = await rowsOf<{ _id: string; customer_id: string }>(
    db,
    sql`select _id, customer_id from receipts where location_id = ${locationId} and receipt_status = 'pending'
        order by created_at desc limit 220`,
  );
  // The approvals run first and earn points: their customers are left out of the burns, whose
  // expected outcome is worked out from the balances read here.
  const notApproved = sql`customer_id <> all(${sql.param(receipts.map((row) => row.customer_id))}::varchar[])`;
  const two = BALANCE_GIFT.points * 2;
  const balanceCustomers = await someMembers(
    db,
    locationId,
    BALANCE_CUSTOMERS,
    sql`point_balance between ${two} and ${two + BALANCE_GIFT.points - 1} and ${notApproved}`,
  );
  const stockCustomers = (
    await someMembers(
      db,
      locationId,
      BURNS - BALANCE_CUSTOMERS * CLAIMS_EACH,
      sql`point_balance >= ${BALANCE_GIFT.points * 3 + STOCK_GIFT.points} and ${notApproved}`,
    )
  ).map((row) => row.customer_id);
  return {
    historyIds: (await someMembers(db, locationId, 500)).map((row) => row.customer_id),
    receiptIds: receipts.map((row) => row._id),
    tierIds: (
      await rowsOf<{ _id: string }>(db, sql`select _id from loyalty_tiers where location_id = ${locationId}`)
    ).map((row) => row._id),
    balanceGift: await gift(BALANCE_GIFT.title),
    stockGift,
    balanceCustomers,
    stockCustomers,
  };
};

type Burn = { customer: string; gift: string; status: number; code?: unknown };

/** The 1,000 claims at once at the desk's route; each answer's status kept for the checks. */
const burnAll = async (server: Server, work: Plan) => {
  const claims: { customer: string; gift: string }[] = [
    ...work.balanceCustomers.flatMap((customer) =>
      Array.from({ length: CLAIMS_EACH }, () => ({ customer: customer.customer_id, gift: work.balanceGift })),
    ),
    ...work.stockCustomers.map((customer) => ({ customer, gift: work.stockGift })),
  ];
  const run = Date.now().toString(36);
  const start = performance.now();
  const burns = await Promise.all(
    claims.map(async (claim, index): Promise<Burn> => {
      const answer = await request(server, 'POST', '/loyalty-customer/burn-points', {
        body: { loyalty_customer: claim.customer, loyalty_customer_gift: claim.gift },
        headers: { 'idempotency-key': `bench-${run}-${index}` },
      });
      return { ...claim, status: answer.status, code: answer.body.code };
    }),
  );
  return { burns, elapsed: performance.now() - start };
};

/** What the database says after the claims: balances against their entries, the gift's stock. */
const checkBurns = async (
  db: Database,
  locationId: string,
  work: Plan,
  outcome: Awaited<ReturnType<typeof burnAll>>,
) => {
  const ids = [...work.balanceCustomers.map((row) => row.customer_id), ...work.stockCustomers];
  const [sums] = await rowsOf<{ mismatched: string; negative: string }>(
    db,
    sql`select count(*) filter (where b.point_balance <> coalesce(s.total, 0)) as mismatched,
          count(*) filter (where b.point_balance < 0) as negative
        from point_balances b
        left join (select customer_id, sum(point_entry_amount) as total from point_entries
                   where customer_id = any(${sql.param(ids)}::varchar[]) group by customer_id) s
          on s.customer_id = b.customer_id
        where b.customer_id = any(${sql.param(ids)}::varchar[]) and b.location_id = ${locationId}`,
  );
  const [stock] = await rowsOf<{ stock: number }>(
    db,
    sql`select loyalty_gift_stock_quantity as stock from loyalty_gifts where _id = ${work.stockGift}`,
  );
  const succeeded = (gift: string) =>
    outcome.burns.filter((burn) => burn.gift === gift && burn.status === 200).length;
  const affordable = work.balanceCustomers.reduce(
    (sum, row) => sum + Math.min(CLAIMS_EACH, Math.floor(row.point_balance / BALANCE_GIFT.points)),
    0,
  );
  const failed = outcome.burns.filter((burn) => burn.status >= 500).length;
  const stockSold = STOCK_GIFT.stock - (stock?.stock ?? Number.NaN);
  const expectedStock = Math.min(STOCK_GIFT.stock, work.stockCustomers.length);
  const sound =
    Number(sums?.mismatched) === 0 &&
    Number(sums?.negative) === 0 &&
    (stock?.stock ?? -1) >= 0 &&
    succeeded(work.balanceGift) === affordable &&
    succeeded(work.stockGift) === expectedStock &&
    stockSold === expectedStock &&
    failed === 0;
  return (
    `${(outcome.burns.length / (outcome.elapsed / 1000)).toFixed(0)} burns/s (${outcome.burns.length} claims at once in ${ms(outcome.elapsed)}); ` +
    `balance-limited gift: ${succeeded(work.balanceGift)} taken of ${affordable} affordable (${work.balanceCustomers.length} customers × ${CLAIMS_EACH} claims); ` +
    `stock-limited gift: ${succeeded(work.stockGift)} taken, stock ${STOCK_GIFT.stock} → ${stock?.stock}; ` +
    `${sums?.mismatched} balances ≠ sum of entries, ${sums?.negative} negative, ${failed} 5xx: ` +
    (sound ? 'no overspend: met' : 'MISSED')
  );
};

/** The parts measured through the API, in one server process; the reset is queued there too. */
const throughApi = (
  target: BenchTarget,
  engine: string,
  slower: number,
  work: Plan,
  runs: (part: string) => boolean,
) =>
  withServer(target, async (server) => {
    const figures: Figure[] = [];
    const add = (benchmark: string, value: string) => figures.push({ engine, benchmark, value });
    if (runs('history')) {
      let next = 0;
      const samples = await sample(200, () =>
        ok(server, 'GET', `/loyalty-customer/points/${work.historyIds[next++ % work.historyIds.length]}`, {
          query: { limit: 25, currentPage: 1 },
        }),
      );
      add(
        'balance and history page of one customer (GET /loyalty-customer/points/:id)',
        latencyFigure(samples, targets.history * slower),
      );
    }
    if (runs('list')) {
      const pages = [1, 5, 20, 40, 80];
      const byBalance = pages.map((page, index) => ({
        orderBy: 'point_balance',
        order: index % 4 === 3 ? 'asc' : 'desc',
        pagination: { limit: 25, currentPage: page },
      }));
      // Each tier, both ways: a tier at the far end of the mall's balance order is the hard case.
      const byTier = work.tierIds.flatMap((tier, index) =>
        pages.map((page) => ({
          orderBy: 'point_balance',
          order: (index + page) % 2 ? 'asc' : 'desc',
          filter: { loyalty_tier_id: [tier] },
          pagination: { limit: 25, currentPage: page },
        })),
      );
      for (const [name, bodies] of [
        ['loyalty customers by balance, 25 a page, pages 1-80', byBalance],
        ['loyalty customers of one tier by balance, 25 a page, pages 1-80', byTier],
      ] as const) {
        let next = 0;
        const samples = await sample(200, () =>
          ok(server, 'POST', '/loyalty-customer/customers/filter', { body: bodies[next++ % bodies.length] }),
        );
        add(
          `${name} (POST /loyalty-customer/customers/filter)`,
          latencyFigure(samples, targets.list * slower),
        );
      }
    }
    if (runs('approve')) {
      if (work.receiptIds.length < 220) throw new Error('fewer than 220 pending receipts');
      let next = 0;
      const samples = await sample(200, async () => {
        const answer = await ok(server, 'PUT', `/shopping-receipts/${work.receiptIds[next++]}`, {
          body: { receipt_status: 'approved' },
        });
        if (answer.receipt_status !== 'approved') throw new Error('the receipt was not approved');
      });
      add(
        'approve a pending receipt (PUT /shopping-receipts/:id, earns its points)',
        latencyFigure(samples, targets.approve * slower),
      );
    }
    let outcome: Awaited<ReturnType<typeof burnAll>> | undefined;
    if (runs('burns')) outcome = await burnAll(server, work);
    let resetId: string | undefined;
    if (runs('reset')) {
      const created = await ok(server, 'POST', '/loyalty/reset-points', {
        body: { reset_point_name: `Bench sıfırlama ${new Date().toISOString()}`, reset_point_type: 'all' },
      });
      resetId = created._id as string;
      await ok(server, 'POST', `/loyalty/reset-points/${resetId}/move-to-in-queue`);
    }
    return { figures, outcome, resetId };
  });

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/**
 * Puts back what a reset run changed (the balances as bench.balances_before kept them, the reset's
 * entries erased; replica mode: the ledger's guard does not fire), so the data stays for the next
 * run. A run killed before its undo is undone at the next start (the note `loyalty-undo`).
 */
const undoReset = async (db: Database, locationId: string) => {
  const resetId = await readNote(db, 'loyalty-undo');
  if (!resetId) return;
  log('  undoing the reset…');
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`delete from point_entries where location_id = ${locationId} and point_entry_cause_id = ${resetId}
          and point_entry_kind = 'reset'`,
    );
    await tx.execute(sql`update point_balances b
      set point_balance = s.point_balance, point_tier_points = s.point_tier_points,
        loyalty_tier_id = s.loyalty_tier_id, point_last_entry_at = s.point_last_entry_at
      from bench.balances_before s where s.customer_id = b.customer_id`);
    await tx.execute(sql`drop table bench.balances_before`);
    await tx.execute(sql`delete from bench.meta where key = 'loyalty-undo'`);
  });
  await db.execute(sql`vacuum analyze point_balances`);
  await db.execute(sql`vacuum analyze point_entries`);
};

/** The queued reset's run, timed (the job's batches, as the worker runs them), checked (no balance left, every member counted) and undone. */
const resetAll = async (
  db: Database,
  locationId: string,
  resetId: string,
  members: number,
  slower: number,
) => {
  await db.execute(sql`drop table if exists bench.balances_before`);
  await db.execute(sql`create table bench.balances_before as
    select customer_id, point_balance, point_tier_points, loyalty_tier_id, point_last_entry_at
    from point_balances where location_id = ${locationId}`);
  await writeNote(db, 'loyalty-undo', resetId);
  try {
    const start = performance.now();
    const outcome = await runResetPoint(db, resetId);
    const elapsed = performance.now() - start;
    const [after] = await rowsOf<{ left: string; count: number; total: string }>(
      db,
      sql`select (select count(*) from point_balances where location_id = ${locationId}
                  and (point_balance <> 0 or point_tier_points <> 0)) as left,
            reset_point_customer_count as count, reset_point_point_total as total
          from reset_points where _id = ${resetId}`,
    );
    const limit = targets.resetSeconds * slower;
    const sound = outcome === 'done' && Number(after?.left) === 0 && after?.count === members;
    return `${seconds(elapsed)} (${after?.count?.toLocaleString('en')} customers, ${Number(after?.total).toLocaleString('en')} points, ${after?.left} balances left; ${(members / (elapsed / 1000)).toFixed(0)} customers/s; target ≤ ${limit} s: ${sound ? verdict(elapsed / 1000, limit) : 'MISSED (incomplete)'})`;
  } finally {
    await undoReset(db, locationId);
  }
};

/** `options`: engines (postgres, pglite) and parts (history, list, approve, burns, reset); none named runs all. */
export const loyaltyAtTenMillion = async (options: readonly string[]): Promise<Figure[]> => {
  const named = (choices: readonly string[]) => options.filter((option) => choices.includes(option));
  const engines = named(['postgres', 'pglite']);
  const parts = named(['history', 'list', 'approve', 'burns', 'reset']);
  const runs = (part: string) => parts.length === 0 || parts.includes(part);
  const members = Math.round(BENCH_CUSTOMERS * scale());
  const figures: Figure[] = [];
  const add = (...measured: Figure[]) => {
    for (const figure of measured) log(`${figure.engine}: ${figure.benchmark}: ${figure.value}`);
    figures.push(...measured);
  };
  for (const { target, serverUrl } of benchTargets()) {
    const engine = target.engine;
    if (engines.length > 0 && !engines.includes(engine)) continue;
    const slower = engine === 'pglite' ? PGLITE_SLOWER : 1;
    const prepared = await prepareTarget(target, serverUrl, log);
    const { locationId } = prepared;
    let db = await openTarget(target);
    let work: Plan;
    try {
      const marker = String(members);
      let generation = `reused; an earlier run made it in ${await readNote(db.db, 'loyalty-generation')}`;
      if ((await readNote(db.db, 'loyalty-members')) !== marker) {
        log(`${engine}: generating ${(members * ENTRIES_PER_MEMBER).toLocaleString('en')} ledger entries…`);
        const start = performance.now();
        await writeNote(db.db, 'loyalty-members', 'generating');
        await generateLoyalty(db.db, { locationId, members, log });
        generation = `${seconds(performance.now() - start)} (entries, balances, indexes, vacuum analyze)`;
        await writeNote(db.db, 'loyalty-generation', generation);
        await writeNote(db.db, 'loyalty-members', marker);
      }
      add({
        engine,
        benchmark: `generate ${members.toLocaleString('en')} balances, ${(members * ENTRIES_PER_MEMBER).toLocaleString('en')} ledger entries`,
        value: generation,
      });
      await undoReset(db.db, locationId);
      work = await plan(db.db, locationId, members);
    } finally {
      await db.close();
    }
    add(loadFigure(engine, 'before'));
    let state: Awaited<ReturnType<typeof throughApi>> | undefined;
    add(
      ...(await attempt(engine, 'loyalty API', async () => {
        state = await throughApi(target, engine, slower, work, runs);
        return state.figures;
      })),
    );
    const { outcome, resetId } = state ?? {};
    // The server has stopped: this process may open the database (PGlite's has one user at a time).
    db = await openTarget(target);
    try {
      if (outcome) {
        const result = outcome;
        add(
          ...(await attempt(engine, 'burns', async () => [
            {
              engine,
              benchmark: `${BURNS.toLocaleString('en')} concurrent burns (POST /loyalty-customer/burn-points)`,
              value: await checkBurns(db.db, locationId, work, result),
            },
          ])),
        );
      }
      if (resetId) {
        log(`${engine}: running the reset of every balance…`);
        const id = resetId;
        add(
          ...(await attempt(engine, 'reset', async () => [
            {
              engine,
              benchmark: `reset ${members.toLocaleString('en')} balances (the reset-points job)`,
              value: await resetAll(db.db, locationId, id, members, slower),
            },
          ])),
        );
      }
    } finally {
      await db.close();
    }
    add(loadFigure(engine, 'after'));
  }
  return figures;
};
