import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';
import { startSmsInbox } from './sms-inbox';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'apps/server/dist/main.js');
const WEB = join(ROOT, 'apps/web/dist/index.html');
export const ARTIFACTS = join(ROOT, '.e2e');

export const ADMIN = { email: 'admin@avlu.test', password: 'Avlu-e2e-2026' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
    /** Where the local SMTP server keeps the mail the app sent (read with waitForMail). */
    mailDir: string;
  }
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/**
 * The first start seeds both demo malls on PGlite: under a minute on an idle 2-core machine, more than
 * one beside two CPU hogs. A generous wait costs nothing when the server is up sooner.
 */
const HEALTH_WAIT_SECONDS = 300;

const waitForHealth = async (url: string, server: ChildProcess) => {
  const deadline = Date.now() + HEALTH_WAIT_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with code ${server.exitCode}; see .e2e/server.log`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`the server did not become healthy within ${HEALTH_WAIT_SECONDS} s; see .e2e/server.log`);
};

/** Starts the built app on a fresh embedded database with demo data, as `npm start` would. */
export default async function setup(project: TestProject) {
  if (!existsSync(SERVER) || !existsSync(WEB))
    throw new Error('Browser tests need the built app: run `npm run build`.');
  mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'avlu-e2e-'));
  const mailDir = join(ARTIFACTS, 'mail');
  rmSync(mailDir, { recursive: true, force: true });
  const mailbox = await startMailbox(mailDir);
  const smsDir = join(ARTIFACTS, 'sms');
  const smsInbox = await startSmsInbox(smsDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(ARTIFACTS, 'server.log'));
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mailbox.port),
      SMTP_SECURE: 'false',
      SMTP_FROM: 'Avlu <no-reply@avlu.test>',
      PUBLIC_URL: baseUrl,
      ...smsInbox.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('admin', ADMIN);
  project.provide('mailDir', mailDir);
  project.provide('smsDir', smsDir);

  return async () => {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((wait) => setTimeout(wait, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    await mailbox.close();
    await smsInbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
