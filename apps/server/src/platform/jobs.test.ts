import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { engineOf } from '../../test/database';
import { openDatabase } from '../../test/helper';
import { startJobs } from './jobs';

declare module './jobs' {
  interface JobQueues {
    'test.echo': { text: string };
    'test.nightly': { kind: string };
  }
}

/** Runs on the engine of the project (server-pglite, server-postgres): the queue works on both. */
describe('jobs', () => {
  it('works a job that was sent, and keeps schedules', async () => {
    const database = await openDatabase();
    const jobs = await startJobs({
      queue: database.queue,
      logger: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
    });
    try {
      let done: (text: string) => void = () => {};
      const worked = new Promise<string>((resolve) => {
        done = resolve;
      });
      await jobs.work('test.echo', async (job) => done(job.data.text));
      const id = await jobs.send('test.echo', { text: 'merhaba' });
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await worked).toBe('merhaba');

      await jobs.schedule('test.nightly', '0 3 * * *', { kind: 'report' });
      const schedules = await database.queue.executeSql('select name, cron, timezone from pgboss.schedule');
      expect(schedules.rows).toEqual([
        { name: 'test.nightly', cron: '0 3 * * *', timezone: 'Europe/Istanbul' },
      ]);
      expect(jobs.running()).toBe(true);
    } finally {
      await jobs.stop();
      await database.close();
    }
    expect(jobs.running()).toBe(false);
  });
});

declare module './jobs' {
  interface JobQueues {
    'test.together-1': Record<string, never>;
    'test.together-2': Record<string, never>;
    'test.together-3': Record<string, never>;
  }
}

// PGlite is one process's database (its data directory is locked): several processes means PostgreSQL.
describe.runIf(engineOf(process.env) === 'postgres')('jobs of several processes', () => {
  it('lets queues be created by processes starting at the same moment', async () => {
    const database = await openDatabase();
    const logger = pino({ level: 'silent' });
    // Each Jobs is what one process starts; they share the database as processes would.
    const all = await Promise.all(
      [1, 2, 3].map(() => startJobs({ queue: database.queue, logger, pollingIntervalSeconds: 0.5 })),
    );
    try {
      const queues = ['test.together-1', 'test.together-2', 'test.together-3'] as const;
      await Promise.all(all.flatMap((jobs) => queues.map((queue) => jobs.work(queue, async () => {}))));
      const created = await database.queue.executeSql(
        `select name from pgboss.queue where name like 'test.together-%' order by name`,
      );
      expect(created.rows).toEqual(queues.map((name) => ({ name })));
    } finally {
      await Promise.all(all.map((jobs) => jobs.stop()));
      await database.close();
    }
  });
});
