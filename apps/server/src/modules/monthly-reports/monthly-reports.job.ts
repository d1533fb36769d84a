import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { saveDueMonthlyReports } from './monthly-reports.service';

declare module '../../platform/jobs' {
  interface JobQueues {
    /** Saves the monthly reports every mall lacks up to its last finished month (hourly, and at start-up). */
    'monthly-reports.save': Record<string, never>;
  }
}

/**
 * Monthly reports (spec §9 "saved on the first day of the next month"): every hour one instance saves
 * the reports of malls whose month has turned on their own clock, so a mall gets last month's report
 * within the first hour of the 1st wherever it is; a run at start-up catches up the months missed while
 * no server ran. Malls that have their reports cost one small query each; a second run saves nothing.
 */
export const scheduleMonthlyReports = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('monthly-reports.save', async () => {
    const started = Date.now();
    const saved = await saveDueMonthlyReports(db);
    if (saved > 0) logger.info({ saved, ms: Date.now() - started }, 'monthly reports saved');
  });
  await jobs.schedule('monthly-reports.save', '7 * * * *', {});
  await jobs.send('monthly-reports.save', {}, { singletonKey: 'start-up' });
};
