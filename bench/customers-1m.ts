import { type ChildProcess, fork } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SegmentFilter } from '@avlu/contracts';
import { bundleServer } from '../apps/server/build.mjs';
import {
  BENCH_CUSTOMERS,
  type BenchTarget,
  benchTargets,
  openTarget,
  prepareTarget,
  removeImported,
} from './customers/databases';
import { IMPORT_ROWS, importFile } from './customers/import-file';
import type { ParentMessage, ServerMessage } from './customers/server';
import { type Figure, ms, percentile, sample } from './lib/timing';

/**
 * `npm run bench -- customers [postgres|pglite]`: one mall with a million customers on each engine,
 * measured through the HTTP API of the real app running in a child process (see customers/server.ts).
 * Targets are PostgreSQL's; PGlite may take three times as long, and has no memory target: its
 * process holds the embedded database as well as the app.
 */
const targets = {
  list: 100,
  count: 300,
  search: 150,
  importSeconds: 20,
  importMiB: 400,
  exportSeconds: 120,
  exportMiB: 300,
};
const PGLITE_SLOWER = 3;

type Ready = Extract<ServerMessage, { type: 'ready' }>;
export type Server = { child: ChildProcess; ready: Ready };

const log = (line: string) => console.error(line);

/**
 * The bench server bundled as the shipped server is (apps/server/build.mjs) and run by plain node:
 * under tsx its compiler and source maps would count in the peak RSS the targets are about.
 */
let bundled: Promise<string> | undefined;
const bundledServer = () => {
  bundled ??= (async () => {
    // Under apps/server, as dist/main.js is: the server finds its migrations and files from there.
    const outfile = path.join(import.meta.dirname, '../apps/server/dist/bench/customers-server.mjs');
    await bundleServer(path.join(import.meta.dirname, 'customers/server.ts'), outfile);
    return outfile;
  })();
  return bundled;
};

const startServer = async (target: BenchTarget): Promise<Server> => {
  const script = await bundledServer();
  return new Promise((resolve, reject) => {
    const child = fork(script, [JSON.stringify(target)], { execArgv: [], stdio: 'inherit' });
    const failed = (code: number | null) =>
      reject(new Error(`bench server exited with ${code} before it was ready`));
    child.once('exit', failed);
    child.once('message', (message: ServerMessage) => {
      child.off('exit', failed);
      if (message.type === 'ready') resolve({ child, ready: message });
    });
  });
};

const ask = (server: Server, message: ParentMessage) => server.child.send(message);

const memory = (server: Server) =>
  new Promise<Memory>((resolve) => {
    server.child.once('message', resolve);
    ask(server, { type: 'memory' });
  });

const stopServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.child.once('exit', () => resolve());
    ask(server, { type: 'close' });
  });

/** One server process for the duration of `work`, closed afterwards even when the work fails. */
export const withServer = async <T>(
  target: BenchTarget,
  work: (server: Server) => Promise<T>,
): Promise<T> => {
  const server = await startServer(target);
  try {
    return await work(server);
  } finally {
    await stopServer(server);
  }
};

const call = (server: Server, route: string, init: { body: BodyInit; json?: boolean }) =>
  fetch(`http://127.0.0.1:${server.ready.port}/api${route}?locationId=${server.ready.locationId}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.ready.token}`,
      'accept-language': 'tr',
      ...(init.json === false ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body,
  });

const postJson = async (server: Server, route: string, body: unknown) => {
  const response = await call(server, route, { body: JSON.stringify(body) });
  const answer = await response.json();
  // Timing a refusal would print a figure for work that was never done.
  if (response.status !== 200)
    throw new Error(`${route} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer as Record<string, unknown>;
};

/** Calls `route` with each body in turn, round and round, so caches do not see one query only. */
const rotating = (server: Server, route: string, bodies: readonly unknown[]) => {
  let next = 0;
  return () => postJson(server, route, bodies[next++ % bodies.length]);
};

export const verdict = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');
export const latencyFigure = (samples: number[], target: number) => {
  const p95 = percentile(samples, 95);
  return `p50 ${ms(percentile(samples, 50))}, p95 ${ms(p95)} (${samples.length} calls; target p95 ≤ ${target} ms: ${verdict(p95, target)})`;
};

const female: SegmentFilter = [{ field: 'gender', in: ['female'] }];
/** Deep-ish pages of a filtered, sorted list, as the back-office asks for them. */
const listBodies = [20, 35, 50, 65, 80].map((page, index) => ({
  filter: [...female, { field: 'consent', type: index % 2 ? 'email' : 'sms', value: true }],
  orderBy: 'createdAt',
  order: 'desc',
  pagination: { limit: 25, currentPage: page },
}));
/** Three conditions each. */
const countBodies: { filter: SegmentFilter }[] = [
  { filter: [...female, { field: 'age', min: 25, max: 45 }, { field: 'province', in: ['İstanbul'] }] },
  {
    filter: [
      { field: 'consent', type: 'sms', value: true },
      { field: 'has_vehicle', value: true },
      { field: 'district', in: ['Kadıköy', 'Beşiktaş', 'Üsküdar', 'Ataşehir'] },
    ],
  },
  {
    filter: [
      { field: 'gender', in: ['male'] },
      { field: 'birthday_month', in: [5, 6] },
      { field: 'consent', type: 'kvkk', value: true },
    ],
  },
];
const search = (keyword: string) => ({ keyword, pagination: { limit: 10, currentPage: 1 } });
const nameFragments = [
  'özdem',
  'ayşe yıl',
  'mehmet kay',
  'şimş',
  'gülşen',
  'büşra çe',
  'kılıç',
  'ILGIN',
  'tuğrul ak',
  'sıla',
];
const phoneFragments = [
  '0532 791',
  '5441234',
  '98765',
  '0505 12',
  '4567',
  '555 66',
  '539 000',
  '1234567',
  '0 541 8',
  '24680',
];

/** p50/p95 of list, count and the two searches, in one server process. */
const latencies = (target: BenchTarget, engine: string, slower: number): Promise<Figure[]> =>
  withServer(target, async (server) => {
    const figure = (benchmark: string, value: string): Figure => ({ engine, benchmark, value });
    const list = await sample(200, rotating(server, '/customer/filter', listBodies));
    const count = await sample(40, rotating(server, '/customer/count', countBodies));
    const names = await sample(200, rotating(server, '/customer/smart-search', nameFragments.map(search)));
    const phones = await sample(200, rotating(server, '/customer/smart-search', phoneFragments.map(search)));
    return [
      figure(
        'list: filter (2 conditions), newest first, 25 a page, pages 20-80',
        latencyFigure(list, targets.list * slower),
      ),
      figure(
        'segment count: 3 conditions, exact count and first 10,000 ids',
        latencyFigure(count, targets.count * slower),
      ),
      figure('smart search: name fragment (page 1 of 10)', latencyFigure(names, targets.search * slower)),
      figure('smart search: phone fragment (page 1 of 10)', latencyFigure(phones, targets.search * slower)),
    ];
  });

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
type Memory = Extract<ServerMessage, { type: 'memory' }>;
const heavyFigure = (
  elapsed: number,
  memory: Memory,
  idle: number,
  /** `mib` undefined: no memory target (PGlite: the process holds the embedded database too). */
  limits: { seconds: number; mib: number | undefined },
) => {
  const memoryVerdict =
    limits.mib === undefined
      ? 'no memory target: the process holds the embedded database'
      : `≤ ${limits.mib} MiB: ${verdict(memory.peakRssMiB, limits.mib)}`;
  return `${seconds(elapsed)}, peak RSS ${memory.peakRssMiB.toFixed(0)} MiB (idle server ${idle.toFixed(0)} MiB, +${(memory.peakRssMiB - idle).toFixed(0)} MiB for the work; peak JS heap ${memory.peakHeapMiB.toFixed(0)} MiB, buffers ${memory.peakExternalMiB.toFixed(0)} MiB; target ≤ ${limits.seconds} s: ${verdict(elapsed / 1000, limits.seconds)}, ${memoryVerdict})`;
};

/** Every active customer of the mall as xlsx, streamed to a client that only counts the bytes. */
const exportAll = (target: BenchTarget, engine: string, slower: number): Promise<Figure> =>
  withServer(target, async (server) => {
    const start = performance.now();
    const response = await call(server, '/customer/export', { body: JSON.stringify({}) });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    const elapsed = performance.now() - start;
    const value = `${heavyFigure(elapsed, await memory(server), server.ready.rssMiB, {
      seconds: targets.exportSeconds * slower,
      mib: target.engine === 'postgres' ? targets.exportMiB : undefined,
    })}, ${(bytes / 1024 / 1024).toFixed(0)} MiB file`;
    return { engine, benchmark: `export ${BENCH_CUSTOMERS.toLocaleString('en')} customers (xlsx)`, value };
  });

/** The import file uploaded as multipart `customer_data`; the rows it added are removed afterwards. */
const importRows = async (target: BenchTarget, engine: string, slower: number, locationId: string) => {
  const file = await importFile();
  const measured = withServer(target, async (server): Promise<Figure> => {
    const form = new FormData();
    form.append('customer_data', await openAsBlob(file), path.basename(file));
    const start = performance.now();
    const response = await call(server, '/customer/import', { body: form, json: false });
    const answer = (await response.json()) as {
      added_data?: number;
      already_exist?: number;
      error_rows?: unknown[];
    };
    const elapsed = performance.now() - start;
    if (response.status !== 200)
      throw new Error(`import answered ${response.status}: ${JSON.stringify(answer)}`);
    const value = `${heavyFigure(elapsed, await memory(server), server.ready.rssMiB, {
      seconds: targets.importSeconds * slower,
      mib: target.engine === 'postgres' ? targets.importMiB : undefined,
    })}; added ${answer.added_data}, already there ${answer.already_exist}, refused ${answer.error_rows?.length} rows`;
    return {
      engine,
      benchmark: `import ${IMPORT_ROWS.toLocaleString('en')} rows (xlsx) into the 1M mall`,
      value,
    };
  });
  try {
    return await measured;
  } finally {
    const database = await openTarget(target);
    await removeImported(database, locationId).finally(() => database.close());
  }
};

/** Other work on the machine slows every figure: the load average is printed beside them. */
export const loadFigure = (engine: string, when: string): Figure => ({
  engine,
  benchmark: `machine load ${when} (${cpus().length} cores)`,
  value: `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min)`,
});

/** Runs each part and keeps going when one fails (an unfinished route, say), printing why instead. */
export const attempt = async (
  engine: string,
  benchmark: string,
  part: () => Promise<Figure[]>,
): Promise<Figure[]> => {
  try {
    return await part();
  } catch (error) {
    log(`${engine}: ${benchmark} failed: ${(error as Error).stack ?? error}`);
    return [{ engine, benchmark, value: `not measured: ${(error as Error).message.slice(0, 200)}` }];
  }
};

/** Calls the bench server's API as its admin, in the bench mall; throws unless 200; reads the whole answer. */
export const callOk = async (
  server: Server,
  method: 'GET' | 'POST',
  route: string,
  options: { query?: string; body?: object } = {},
) => {
  const query = options.query ? `&${options.query}` : '';
  const response = await fetch(
    `http://127.0.0.1:${server.ready.port}/api${route}?locationId=${server.ready.locationId}${query}`,
    {
      method,
      headers: {
        authorization: `Bearer ${server.ready.token}`,
        'accept-language': 'tr',
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    },
  );
  if (response.status !== 200)
    throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
};

/**
 * Runs `part` on the 1M-customer bench mall of each engine `options` names (every engine when it
 * names none; other options are the part's own), made or reused by prepareTarget. Its figures follow
 * the mall's own, each logged when the part ends; a failure is a figure saying so.
 */
export const onEachMillionMall = async (
  options: readonly string[],
  benchmark: string,
  part: (bench: {
    engine: BenchTarget['engine'];
    target: BenchTarget;
    locationId: string;
  }) => Promise<Figure[]>,
): Promise<Figure[]> => {
  const engines = options.filter((option) => option === 'postgres' || option === 'pglite');
  const figures: Figure[] = [];
  for (const { target, serverUrl } of benchTargets()) {
    const engine = target.engine;
    if (engines.length > 0 && !engines.includes(engine)) continue;
    const measured = await attempt(engine, benchmark, async () => {
      const prepared = await prepareTarget(target, serverUrl, log);
      const mall: Figure = {
        engine,
        benchmark: 'customers in the bench mall',
        value: `${BENCH_CUSTOMERS.toLocaleString('en')} (${prepared.generation})`,
      };
      log(`${engine}: ${mall.benchmark}: ${mall.value}`);
      return [mall, ...(await part({ engine, target, locationId: prepared.locationId }))];
    });
    for (const figure of measured.slice(1)) log(`${figure.engine}: ${figure.benchmark}: ${figure.value}`);
    figures.push(...measured);
  }
  return figures;
};

/** `options`: engines (postgres, pglite) and parts (latency, export, import) to run; none named runs all. */
export const customersAtAMillion = async (options: readonly string[]): Promise<Figure[]> => {
  const named = (choices: readonly string[]) => options.filter((option) => choices.includes(option));
  const engines = named(['postgres', 'pglite']);
  const parts = named(['latency', 'export', 'import']);
  const unknown = options.filter((option) => !engines.includes(option) && !parts.includes(option));
  if (unknown.length > 0)
    throw new Error(`unknown option ${unknown.join(', ')} (postgres, pglite, latency, export, import)`);
  const runs = (part: string) => parts.length === 0 || parts.includes(part);
  const figures: Figure[] = [];
  // Each figure is shown as soon as it is measured; the table at the end lists them all again.
  const add = (...measured: Figure[]) => {
    for (const figure of measured) log(`${figure.engine}: ${figure.benchmark}: ${figure.value}`);
    figures.push(...measured);
  };
  for (const { target, serverUrl } of benchTargets()) {
    const engine = target.engine;
    if (engines.length > 0 && !engines.includes(engine)) continue;
    const slower = engine === 'pglite' ? PGLITE_SLOWER : 1;
    const prepared = await prepareTarget(target, serverUrl, log);
    add({
      engine,
      benchmark: `generate ${BENCH_CUSTOMERS.toLocaleString('en')} customers`,
      value: prepared.generation,
    });
    add(loadFigure(engine, 'before'));
    if (runs('latency')) {
      log(`${engine}: measuring latencies…`);
      add(...(await attempt(engine, 'latencies', () => latencies(target, engine, slower))));
    }
    if (runs('export')) {
      log(`${engine}: measuring the export…`);
      add(...(await attempt(engine, 'export', async () => [await exportAll(target, engine, slower)])));
    }
    if (runs('import')) {
      log(`${engine}: measuring the import…`);
      add(
        ...(await attempt(engine, 'import', async () => [
          await importRows(target, engine, slower, prepared.locationId),
        ])),
      );
    }
    add(loadFigure(engine, 'after'));
  }
  return figures;
};
