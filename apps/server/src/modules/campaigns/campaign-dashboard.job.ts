import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { catchUpRollup, rebuildCampaignStats, refreshRecentDays } from './campaign-dashboard.service';

declare module '../../platform/jobs' {
  interface JobQueues {
    /**
     * `recent`: yesterday and today of every mall's live campaigns (every minute); `catch-up`: the days
     * missed while no server ran (sent at start-up); `rebuild`: every day of a mall's campaigns, or of
     * one campaign (on demand).
     */
    'campaigns.dashboard-rollup':
      | { mode: 'recent' }
      | { mode: 'catch-up' }
      | { mode: 'rebuild'; locationId: string; campaignId?: string };
  }
}

/**
 * The campaign dashboard's rollup (campaign-dashboard.service.ts): every minute one instance
 * recomputes the recent days, so the dashboard's "today" is at most about a minute old while the
 * report reads only the rollup; at start-up a catch-up job fills the days a stopped server missed.
 */
export const scheduleCampaignDashboardRollup = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('campaigns.dashboard-rollup', async ({ data }) => {
    const started = Date.now();
    const changed =
      data.mode === 'recent'
        ? await refreshRecentDays(db)
        : data.mode === 'catch-up'
          ? await catchUpRollup(db)
          : await rebuildCampaignStats(db, data.locationId, { campaignId: data.campaignId });
    if (changed > 0 || data.mode !== 'recent')
      logger.info(
        { mode: data.mode, changed, ms: Date.now() - started },
        'campaign dashboard rollup recomputed',
      );
  });
  await jobs.schedule('campaigns.dashboard-rollup', '* * * * *', { mode: 'recent' });
  await jobs.send('campaigns.dashboard-rollup', { mode: 'catch-up' }, { singletonKey: 'catch-up' });
};
