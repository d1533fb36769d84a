import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { engineOf, onServer, postgresUrl, withDatabaseName } from '../test/database';
import { multipartFile, xlsxFile } from './modules/customers/import-fixtures';

/**
 * Two server processes on one PostgreSQL database, as a mall group runs them behind a load balancer
 * (README: Several processes). What one process does, the other must see at once: limits counted in
 * the database, sessions it ended, jobs it took, customers it imported.
 */
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const BUILT = path.join(SERVER_ROOT, 'dist/main.js');
const ADMIN_PASSWORD = 'Kordon-Cok-Surec-2026';
const CODES_PER_ADDRESS = 3;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

type Server = { url: string; child: ChildProcess; log: () => string; dataDir: string };

/** The built server (`npm test` builds first), else the sources through tsx. */
const startServer = async (databaseUrl: string): Promise<Server> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'avlu-process-'));
  let log = '';
  const child = spawn(process.execPath, existsSync(BUILT) ? [BUILT] : ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      SMS_CODES_PER_ADDRESS_PER_HOUR: String(CODES_PER_ADDRESS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
      expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    },
    { timeout: 90_000, interval: 250 },
  );
  return { url, child, log: () => log, dataDir };
};

const stopServer = async (server: Server) => {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
};

const call = async (
  server: Server,
  method: string,
  url: string,
  options: {
    token?: string;
    body?: unknown;
    raw?: { payload: Buffer; headers: Record<string, string> };
  } = {},
) => {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      'accept-language': 'tr',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.raw?.headers,
    },
    body: options.raw ? new Uint8Array(options.raw.payload) : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text), text };
};

const signIn = async (server: Server) => {
  const response = await call(server, 'POST', '/core/auth/login', {
    body: { admin_email: 'admin@avlu.local', admin_password: ADMIN_PASSWORD },
  });
  expect(response.status, response.text).toBe(200);
  return response.json().token.value as string;
};

describe.runIf(engineOf(process.env) === 'postgres')('two server processes on one database', () => {
  const name = `avlu_processes_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let first: Server;
  let second: Server;
  let sql: pg.Client;
  let mall: { _id: string; location_token: string };

  beforeAll(async () => {
    databaseUrl = withDatabaseName(postgresUrl(), name);
    await onServer(`create database ${name} template ${inject('testDatabaseSource')}`);
    [first, second] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const token = await signIn(first);
    const created = await call(first, 'POST', '/core/locations', {
      token,
      body: { location_name: 'İki Süreç AVM' },
    });
    expect(created.status, created.text).toBe(201);
    mall = created.json();
  }, 180_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([first, second].filter(Boolean).map(stopServer));
    await onServer(`drop database if exists ${name} with (force)`);
  });

  it('ends a session everywhere the moment it is ended on one process', async () => {
    const token = await signIn(first);
    // The second process has checked (and keeps) the session before the logout.
    expect((await call(second, 'GET', '/core/admin/profile', { token })).status).toBe(200);
    expect((await call(second, 'GET', '/core/admin/profile', { token })).status).toBe(200);
    expect((await call(first, 'POST', '/core/auth/logout', { token })).status).toBe(204);
    expect((await call(second, 'GET', '/core/admin/profile', { token })).status).toBe(401);
    expect((await call(first, 'GET', '/core/admin/profile', { token })).status).toBe(401);
  });

  it('shares the SMS limits: codes asked of either process count together', async () => {
    const ask = (server: Server, index: number) =>
      call(server, 'POST', '/ext/customers/check', {
        token: mall.location_token,
        body: { customer_phone: `+90532700${String(index).padStart(4, '0')}` },
      });
    const answers = [];
    for (let index = 0; index < CODES_PER_ADDRESS; index++)
      answers.push((await ask(index % 2 === 0 ? first : second, index)).status);
    expect(answers).toEqual(Array(CODES_PER_ADDRESS).fill(200));
    // Neither process alone has sent this many; together they have.
    expect((await ask(second, 100)).status).toBe(429);
    expect((await ask(first, 101)).status).toBe(429);
  });

  it('shows customers imported on one process on the other', async () => {
    const token = await signIn(first);
    const file = await xlsxFile([
      ['customer_phone', 'customer_name', 'customer_surname'],
      ['05327100001', 'Deniz', 'Yılmaz'],
      ['05327100002', 'Ece', 'Kaya'],
    ]);
    const imported = await call(first, 'POST', `/customer/import?locationId=${mall._id}`, {
      token,
      raw: multipartFile('customer_data', file),
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.json().added_data).toBe(2);
    const listed = await call(second, 'POST', `/customer/filter?locationId=${mall._id}`, {
      token: await signIn(second),
      body: { keyword: '532710' },
    });
    expect(listed.status, listed.text).toBe(200);
    expect(
      listed
        .json()
        .data.map((row: { customer_name: string }) => row.customer_name)
        .sort(),
    ).toEqual(['Deniz', 'Ece']);
  });

  it('runs a queued job on exactly one process', async () => {
    const boss = new PgBoss({ connectionString: databaseUrl });
    await boss.start();
    try {
      await boss.send('maintenance.clean-up', {});
    } finally {
      await boss.stop({ graceful: false });
    }
    const done = () =>
      [first, second].map(
        (server) =>
          server
            .log()
            .split('\n')
            .filter((line) => line.includes('maintenance clean-up done')).length,
      );
    await vi.waitFor(() => expect(done().reduce((sum, count) => sum + count, 0)).toBe(1), {
      timeout: 60_000,
      interval: 500,
    });
    // Both poll every 2 seconds: give the other a few polls to (wrongly) take it too.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(done().reduce((sum, count) => sum + count, 0)).toBe(1);
    const { rows } = await sql.query(
      "select count(*)::int as runs from pgboss.job where name = 'maintenance.clean-up' and state = 'completed'",
    );
    expect(rows[0].runs).toBe(1);
  });

  // Last: it leaves the admin's sign-in from this address waiting a minute.
  it('shares the staff sign-in limits: failures on either process count together', async () => {
    const attempt = (server: Server, admin_password: string) =>
      call(server, 'POST', '/core/auth/login', { body: { admin_email: 'admin@avlu.local', admin_password } });
    for (let index = 0; index < 5; index++)
      expect((await attempt(index % 2 === 0 ? first : second, 'wrong-password')).status).toBe(401);
    // Neither process alone saw five failures; together they did: the right password waits on both.
    expect((await attempt(first, ADMIN_PASSWORD)).status).toBe(429);
    expect((await attempt(second, ADMIN_PASSWORD)).status).toBe(429);
  });
});
