import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { loyaltyTiers } from './loyalty.tables';
import { runResetPoint } from './reset-points.job';
import { resetPoints } from './reset-points.tables';

/**
 * The demo mall's reset points (after seedDemoLoyalty): one done, which really ran (the points of the
 * customers who never gave KVKK consent, reset entry by entry as a queued run would), and one created,
 * the year-end reset of the Bronz tier, waiting for staff to look at its preview and queue it.
 */
export const seedDemoResetPoints = async (db: Database, locationId: string) => {
  const [done] = await db
    .insert(resetPoints)
    .values({
      location_id: locationId,
      reset_point_name: 'KVKK onayı olmayan hesapların puanları',
      reset_point_type: 'segment',
      reset_point_segment: [{ field: 'consent', type: 'kvkk', value: false }],
      reset_point_status: 'in_queue',
      reset_point_queued_at: sql`now()`,
    })
    .returning({ _id: resetPoints._id });
  await runResetPoint(db, done!._id);
  const [bronze] = await db
    .select({ _id: loyaltyTiers._id })
    .from(loyaltyTiers)
    .where(and(eq(loyaltyTiers.location_id, locationId), eq(loyaltyTiers.loyalty_tier_title, 'Bronz')));
  await db.insert(resetPoints).values({
    location_id: locationId,
    reset_point_name: 'Yıl sonu Bronz seviye puan sıfırlaması',
    reset_point_type: 'tier',
    reset_point_related_ids: bronze ? [bronze._id] : [],
  });
};
