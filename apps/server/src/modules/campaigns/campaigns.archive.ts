import { and, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { campaigns } from './campaigns.tables';

declare module '../../platform/jobs' {
  interface JobQueues {
    'campaigns.archive-due': Record<string, never>;
  }
}

const due = (now: Date) =>
  and(ne(campaigns.campaign_status, 'archived'), lte(campaigns.campaign_archive_date, now));

/**
 * Archives every campaign whose archive date has come (issue 13 "Lifecycle"), one mall per
 * transaction, each recorded in the audit log under its mall. The archive date is a moment (an ISO
 * date-time the form sets in the mall's time zone), so "has come" is the same instant everywhere.
 * Idempotent: an archived campaign is not due again, and a campaign another run (another process)
 * is archiving is skipped rather than waited for. Answers the ids archived, by mall.
 */
export const archiveDueCampaigns = async (db: Database, now = new Date()): Promise<Map<string, string[]>> => {
  const archived = new Map<string, string[]>();
  const malls = await db
    .selectDistinct({ location_id: campaigns.location_id })
    .from(campaigns)
    .where(due(now));
  for (const { location_id } of malls) {
    const ids = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ _id: campaigns._id })
        .from(campaigns)
        .where(and(eq(campaigns.location_id, location_id), due(now)))
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      const changed = await tx
        .update(campaigns)
        .set({ campaign_status: 'archived' })
        // Only the rows locked above (still due: the lock waited for no one).
        .where(
          and(
            inArray(
              campaigns._id,
              rows.map((row) => row._id),
            ),
            due(now),
          ),
        )
        .returning({
          _id: campaigns._id,
          campaign_name: campaigns.campaign_name,
          campaign_type: campaigns.campaign_type,
        });
      for (const campaign of changed)
        await audit(tx, undefined, {
          action: 'campaign.archived',
          entity: 'campaign',
          entityId: campaign._id,
          details: {
            campaign_name: campaign.campaign_name,
            campaign_type: campaign.campaign_type,
            by: 'archive date',
          },
          actorId: null,
          locationId: location_id,
        });
      return changed.map((campaign) => campaign._id);
    });
    if (ids.length > 0) archived.set(location_id, ids);
  }
  return archived;
};

/** Every minute, one instance archives the campaigns whose archive date has passed. */
export const scheduleCampaignArchive = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('campaigns.archive-due', async () => {
    for (const [locationId, ids] of await archiveDueCampaigns(db))
      logger.info({ locationId, count: ids.length }, 'campaigns archived at their archive date');
  });
  await jobs.schedule('campaigns.archive-due', '* * * * *', {});
};
