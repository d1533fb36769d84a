import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { engineOf } from '../test/database';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The real process (src/main.ts through tsx) on a fresh embedded database, as production starts it. */
const start = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'avlu-production-'));
  dataDirs.push(dataDir);
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Kordon-Uretim-2026',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdout.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  return { log: () => log, exit, stop: () => child.kill('SIGTERM') };
};

// One process start costs seconds (tsx, migrations): run on the embedded database's project only.
describe.runIf(engineOf(process.env) === 'pglite')('a production start (issue 10 #1, #25)', () => {
  it('refuses to start without PUBLIC_URL, naming it', async () => {
    const server = await start({});
    expect(await server.exit).toBe(1);
    expect(server.log()).toContain('PUBLIC_URL: Required in production');
  });

  it('warns about missing SMTP and SMS gateways and seeds no demo malls', { timeout: 120_000 }, async () => {
    const server = await start({ PUBLIC_URL: 'https://avlu.avm.example.com' });
    try {
      await vi.waitUntil(() => server.log().includes('Server listening'), {
        timeout: 110_000,
        interval: 200,
      });
      const lines = server.log();
      expect(lines).toContain('SMTP_HOST is not set');
      expect(lines).toContain('SMS_GATEWAY_URL is not set');
      expect(lines).toMatch(/"demoData":false[^\n]*first system admin created/);
    } finally {
      server.stop();
      await server.exit;
    }
  });
});
