import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';

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

/** Codes one statement of `expireGivenCoupons` marks, so a campaign ending with many codes out holds no long lock. */
const EXPIRE_BATCH = 5000;

/**
 * Given codes whose time is over (the campaign's end, or a session coupon's days) become `not_used`
 * (spec §4 Coupon code: ready → given → used, or not used). Batches walk `coupon_codes_given_expiry`;
 * a code being redeemed meanwhile is skipped (its redemption decides) and checked on the next run.
 * Answers how many were marked.
 */
export const expireGivenCoupons = async (db: Database, now = new Date()): Promise<number> => {
  let marked = 0;
  for (;;) {
    const rows = await db
      .update(couponCodes)
      .set({ coupon_status: 'not_used' })
      .where(
        inArray(
          couponCodes._id,
          sql`(select due._id from coupon_codes due
                where due.coupon_status = 'given' and due.coupon_expires_at <= ${now.toISOString()}
                limit ${EXPIRE_BATCH} for update skip locked)`,
        ),
      )
      .returning({ _id: couponCodes._id });
    marked += rows.length;
    if (rows.length < EXPIRE_BATCH) return marked;
  }
};

/** Every minute, one instance archives the campaigns whose archive date has passed and marks the codes whose time is over. */
export const scheduleCampaignArchive = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('campaigns.archive-due', async () => {
    for (const [locationId, ids] of await archiveDueCampaigns(db))
      logger.info({ locationId, count: ids.length }, 'campaigns archived at their archive date');
    const expired = await expireGivenCoupons(db);
    if (expired > 0) logger.info({ count: expired }, 'given codes past their time marked not used');
  });
  await jobs.schedule('campaigns.archive-due', '* * * * *', {});
};
