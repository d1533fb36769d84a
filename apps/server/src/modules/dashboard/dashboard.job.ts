import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { foldDashboardDeltas, vacuumDashboardDeltas } from './dashboard.service';

declare module '../../platform/jobs' {
  interface JobQueues {
    /** Folds the mall dashboard's deltas into its daily and monthly rollups (every minute, and at start-up). */
    'dashboard.fold': Record<string, never>;
  }
}

/**
 * The mall dashboard's fold (mall-dashboard.sql `dashboard_fold`): every minute one instance moves the
 * deltas the triggers wrote into the rollups, so a read adds few of them; the figures are exact
 * whether it has run or not. A fold at start-up takes in what was written while no job ran.
 */
export const scheduleDashboardFold = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('dashboard.fold', async () => {
    const started = Date.now();
    const folded = await foldDashboardDeltas(db);
    if (folded > 0) await vacuumDashboardDeltas(db);
    if (folded > 0) logger.debug({ folded, ms: Date.now() - started }, 'dashboard deltas folded');
  });
  await jobs.schedule('dashboard.fold', '* * * * *', {});
  await jobs.send('dashboard.fold', {}, { singletonKey: 'start-up' });
};
