import pino from 'pino';
import { describe, expect, it } from 'vitest';
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
