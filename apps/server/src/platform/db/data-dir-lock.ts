import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second server on the same DATA_DIR would write the same files
 * and corrupt them. A pid file claims the folder; one left by a process that is gone is taken over.
 * Answers the release function.
 */
export const lockDataDir = async (dir: string): Promise<() => Promise<void>> => {
  const file = path.join(dir, 'avlu.pid');
  const claim = () => writeFile(file, String(process.pid), { flag: 'wx' });
  try {
    await claim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(await readFile(file, 'utf8'), 10);
    if (holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `${dir} is in use by the Avlu server with process id ${holder}; stop it or set another DATA_DIR`,
      );
    }
    await rm(file, { force: true });
    await claim();
  }
  return () => rm(file, { force: true });
};
