import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('claims the folder and releases it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'avlu-lock-'));
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'avlu.pid'), 'utf8')).toBe(String(process.pid));
    await release();
    await (await lockDataDir(dir))();
  });

  it('refuses a folder held by a running process', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'avlu-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await writeFile(path.join(dir, 'avlu.pid'), String(other.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(`process id ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a folder left by a process that is gone', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'avlu-lock-'));
    await writeFile(path.join(dir, 'avlu.pid'), '2147483646');
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'avlu.pid'), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
