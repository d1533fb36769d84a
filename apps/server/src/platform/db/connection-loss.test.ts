import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { engineOf, onServer, postgresUrl, withDatabaseName } from '../../../test/database';
import { isDatabaseUnavailable } from './connection-errors';
import { retryWithBackoff } from './retry';

describe('retryWithBackoff', () => {
  const clock = () => {
    let time = 0;
    const waits: number[] = [];
    return {
      waits,
      now: () => time,
      sleep: async (ms: number) => {
        waits.push(ms);
        time += ms;
      },
    };
  };

  it('retries a failing first connection with doubling waits until it succeeds', async () => {
    const { waits, now, sleep } = clock();
    let calls = 0;
    const connect = async () => {
      calls++;
      if (calls < 5)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return 'connected';
    };
    const retries: number[] = [];
    const result = await retryWithBackoff(connect, {
      timeoutMs: 60_000,
      firstDelayMs: 250,
      maxDelayMs: 1_000,
      now,
      sleep,
      onRetry: (_error, attempt) => retries.push(attempt),
    });
    expect(result).toBe('connected');
    expect(waits).toEqual([250, 500, 1_000, 1_000]);
    expect(retries).toEqual([1, 2, 3, 4]);
  });

  it('gives up with the last error once the time is over, and tries once with no time', async () => {
    const { waits, now, sleep } = clock();
    const refused = new Error('refused');
    await expect(
      retryWithBackoff(() => Promise.reject(refused), { timeoutMs: 1_000, firstDelayMs: 300, now, sleep }),
    ).rejects.toBe(refused);
    expect(waits).toEqual([300, 600, 100]);
    let calls = 0;
    await expect(
      retryWithBackoff(() => Promise.reject(new Error(`call ${++calls}`)), { timeoutMs: 0, now, sleep }),
    ).rejects.toThrow('call 1');
  });

  it('tells a lost database from a bad query', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        new Error('query failed', { cause: new Error('Connection terminated unexpectedly') }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});

/**
 * The real process (`src/main.ts` through tsx, as `npm run dev` runs it) on its own PostgreSQL
 * database: an unheard 'error' event of a pg client ends a Node process, so only a process can show
 * that it survives its connections being cut.
 */
describe.skipIf(engineOf(process.env) !== 'postgres')('the server when the database goes away', () => {
  const SERVER_ROOT = path.resolve(import.meta.dirname, '../../..');
  const ADMIN = { email: 'admin@avlu.test', password: 'connection-loss-1' };
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });

  /** A migrated copy of the run's template, dropped after the test. */
  const newDatabase = async () => {
    const name = `avlu_test_conn_${randomBytes(5).toString('hex')}`;
    await onServer(`create database ${name} template ${inject('testDatabaseSource')}`);
    cleanups.push(async () => {
      await onServer(`alter database ${name} allow_connections true`);
      await onServer(`drop database if exists ${name} with (force)`);
    });
    return name;
  };

  const terminateBackends = (name: string) =>
    onServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );

  type Server = { process: ChildProcess; url: string; log: () => string; exited: () => boolean };

  const startServer = async (database: string): Promise<Server> => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'avlu-conn-'));
    let log = '';
    let exited = false;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: withDatabaseName(postgresUrl(), database),
        DATABASE_START_TIMEOUT_SECONDS: '300',
        DEMO_DATA: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      log += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      log += chunk;
    });
    // 'close', not 'exit': it comes after the output is read, so a crash's own last words are in the log.
    child.on('close', () => {
      exited = true;
    });
    cleanups.push(async () => {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('close', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });
    return { process: child, url: `http://127.0.0.1:${port}`, log: () => log, exited: () => exited };
  };

  /** The status of a request, or the reason there was none (a dead process refuses connections). */
  const statusOf = async (server: Server, url: string, init?: RequestInit) => {
    try {
      const response = await fetch(`${server.url}${url}`, init);
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      return `no answer: ${(error as Error).cause ?? error}`;
    }
  };

  /** Polls until `check` holds; a server that exits fails at once (waitUntil stops on a throw). */
  const waitUntil = (server: Server, check: () => Promise<boolean> | boolean, timeout = 90_000) =>
    vi.waitUntil(
      async () => {
        if (server.exited()) throw new Error(`the server exited:\n${server.log().slice(-6000)}`);
        return check();
      },
      { timeout, interval: 200 },
    );

  const waitForStatus = (server: Server, url: string, status: number) =>
    waitUntil(server, async () => (await statusOf(server, url)) === status);

  const signIn = (server: Server) =>
    statusOf(server, '/api/core/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ admin_email: ADMIN.email, admin_password: ADMIN.password, remember: false }),
    });

  it('stays up when every backend is terminated while requests run, and serves again', {
    timeout: 240_000,
  }, async () => {
    const database = await newDatabase();
    const server = await startServer(database);
    await waitForStatus(server, '/api/ready', 200);
    // Requests keep running while the connections are cut; each must get an answer (a status), never
    // a refused connection.
    let running = true;
    const answers: Array<number | string> = [];
    const load = (async () => {
      while (running) {
        answers.push(...(await Promise.all([statusOf(server, '/api/health'), signIn(server)])));
      }
    })();
    try {
      for (let round = 0; round < 3; round++) {
        await waitUntil(server, () => answers.length > 2 * (round + 1));
        await terminateBackends(database);
      }
    } finally {
      running = false;
      await load;
    }
    await waitForStatus(server, '/api/health', 200);
    await waitForStatus(server, '/api/ready', 200);
    expect(await signIn(server)).toBe(200);
    expect(server.exited(), server.log().slice(-3000)).toBe(false);
    expect(answers.filter((answer) => typeof answer === 'string')).toEqual([]);
    expect(answers.filter((answer) => typeof answer === 'number' && answer >= 500 && answer !== 503)).toEqual(
      [],
    );
  });

  it('answers 503 from /api/ready while the database refuses connections, and recovers when it returns', {
    timeout: 240_000,
  }, async () => {
    const database = await newDatabase();
    const server = await startServer(database);
    await waitForStatus(server, '/api/ready', 200);
    await onServer(`alter database ${database} allow_connections false`);
    await terminateBackends(database);
    await waitForStatus(server, '/api/ready', 503);
    expect(await statusOf(server, '/api/health')).toBe(503);
    expect(await signIn(server)).toBe(503);
    await onServer(`alter database ${database} allow_connections true`);
    await waitForStatus(server, '/api/ready', 200);
    expect(await signIn(server)).toBe(200);
    expect(server.exited()).toBe(false);
  });

  it('retries the first connection at start until the database accepts connections', {
    timeout: 240_000,
  }, async () => {
    const database = await newDatabase();
    await onServer(`alter database ${database} allow_connections false`);
    const server = await startServer(database);
    await waitUntil(server, () => (server.log().match(/retrying the first connection/g)?.length ?? 0) >= 2);
    expect(await statusOf(server, '/api/health')).toMatch(/^no answer/);
    await onServer(`alter database ${database} allow_connections true`);
    await waitForStatus(server, '/api/ready', 200);
    expect(await signIn(server)).toBe(200);
  });
});
