import type { ErrorCode } from '@avlu/contracts';
import { and, eq, gt, notExists, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { customerFacts } from '../customers/customers.tables';
import { type Mall, mallToday } from '../customers/mall-date';
import { factColumns, segmentWhere } from '../customers/segment-sql';
import { locations } from '../locations/locations.tables';
import { runningAt } from './campaigns.service';
import { type CampaignRow, campaigns } from './campaigns.tables';
import { assertRunning, grantCoupon, hasParticipation, lockCampaignCustomer } from './giving.service';
import { campaignParticipations } from './participations.tables';

declare module '../../platform/jobs' {
  interface JobQueues {
    'campaigns.birthday-coupons': Record<string, never>;
  }
}

/**
 * Birthday coupons (issue 15 #3): at each mall's midnight (its own time zone), every running
 * `birthday` campaign gives each eligible customer born in the mall's current month their code, once
 * (`participation_key` `birthday:<year>`; the type's participation rule is `once`).
 *
 * - Customers are read in keyset batches of `customer_facts` (live customers only) over its primary
 *   key, the mall and the birth month as filters, the campaign's segment compiled on the same table,
 *   leaving out those who already took part. `customer_facts` has no index on the birth month (only
 *   `customer_facts_location`), so a run walks the mall's facts once in key order; an index on
 *   (location_no, customer_birth_month, customer_id) would make each batch an index range.
 * - Each code is given in its own small transaction through `lockCampaignCustomer` + `grantCoupon`,
 *   which re-check the customer (live, in the segment) and the rules under the customer's lock, so a
 *   run that overlaps another, or one run again after a crash, gives nobody two: the unique
 *   participation key is the last word.
 * - A refusal of the campaign as a whole (no codes left, budget spent, no longer running) is logged
 *   and stops that campaign's run; a refusal of one customer (left the segment, deleted meanwhile)
 *   skips them.
 */

/** Customers read per batch (each then gets a transaction of their own). */
export const BIRTHDAY_BATCH = 500;

const CAMPAIGN_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'CAMPAIGN_NO_CODES_LEFT',
  'CAMPAIGN_BUDGET_SPENT',
  'CAMPAIGN_ENDED',
  'CAMPAIGN_NOT_ACTIVE',
  'CAMPAIGN_NOT_STARTED',
]);

export type BirthdayRunOptions = {
  now?: Date;
  logger?: Pick<Logger, 'info' | 'warn'>;
  batchSize?: number;
  /** Stop each campaign after this many batches (tests: a run killed midway). */
  maxBatches?: number;
  /** Only malls whose clock reads 00:xx (the scheduled job); tests run every mall. */
  onlyAtMidnight?: boolean;
  /** Only this mall's campaigns (the demo's first start). */
  locationId?: string;
};

export type BirthdayRunOutcome = {
  locationId: string;
  campaignId: string;
  given: number;
  /** Why the campaign's run stopped early, if it did. */
  stopped?: ErrorCode;
  /** Every batch was read (no batch limit cut it short, no refusal stopped it). */
  complete: boolean;
};

const hourFormatters = new Map<string, Intl.DateTimeFormat>();
/** The hour (0–23) on the clock of a time zone at `now`. */
export const hourIn = (timezone: string, now: Date) => {
  let formatter = hourFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timezone, formatter);
  }
  return Number(formatter.format(now));
};

const runningBirthdayCampaigns = (db: Database, now: Date, locationId?: string) =>
  db
    .select({
      campaign: campaigns,
      location_no: locations.location_no,
      timezone: locations.timezone,
    })
    .from(campaigns)
    .innerJoin(locations, eq(locations._id, campaigns.location_id))
    .where(
      and(
        eq(campaigns.campaign_type, 'birthday'),
        locationId === undefined ? undefined : eq(campaigns.location_id, locationId),
        runningAt(now),
      ),
    )
    .orderBy(campaigns.location_id, campaigns._id);

/** One batch of the month's customers who may still get the campaign's code, after `after` in key order. */
const nextBatch = (
  db: Database,
  campaign: CampaignRow,
  at: { locationNo: number; month: number; today: string; key: string },
  after: string,
  size: number,
) => {
  const taken = db
    .select({ one: sql`1` })
    .from(campaignParticipations)
    .where(
      and(
        eq(campaignParticipations.customer_id, customerFacts.customer_id),
        eq(campaignParticipations.campaign_id, campaign._id),
        // Birthday campaigns are `once`: any participation counts; otherwise this year's.
        campaign.campaign_participation === 'once'
          ? undefined
          : eq(campaignParticipations.participation_key, at.key),
      ),
    );
  return db
    .select({ customer_id: customerFacts.customer_id })
    .from(customerFacts)
    .where(
      and(
        eq(customerFacts.location_no, at.locationNo),
        eq(customerFacts.customer_birth_month, at.month),
        gt(customerFacts.customer_id, after),
        segmentWhere(campaign.campaign_segment ?? undefined, { today: at.today, columns: factColumns }),
        notExists(taken),
      ),
    )
    .orderBy(customerFacts.customer_id)
    .limit(size);
};

const runCampaign = async (
  db: Database,
  mall: Mall & { location_no: number },
  campaignId: string,
  options: Required<Pick<BirthdayRunOptions, 'now' | 'batchSize'>> & BirthdayRunOptions,
): Promise<BirthdayRunOutcome> => {
  const { now, batchSize, maxBatches, logger } = options;
  const today = mallToday(mall, now);
  const at = {
    locationNo: mall.location_no,
    month: Number(today.slice(5, 7)),
    today,
    key: `birthday:${today.slice(0, 4)}`,
  };
  const outcome: BirthdayRunOutcome = { locationId: mall._id, campaignId, given: 0, complete: false };
  let after = '';
  for (let batch = 0; maxBatches === undefined || batch < maxBatches; batch++) {
    // Read again each batch: a campaign archived, ended or edited meanwhile is seen.
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns._id, campaignId));
    if (!campaign) return { ...outcome, stopped: 'CAMPAIGN_NOT_ACTIVE' };
    const ids = await nextBatch(db, campaign, at, after, batchSize);
    for (const { customer_id } of ids) {
      try {
        const given = await db.transaction(async (tx) => {
          assertRunning(campaign, now);
          await lockCampaignCustomer(tx, mall, campaign, customer_id, today);
          if (await hasParticipation(tx, campaign._id, customer_id, at.key)) return false;
          await grantCoupon(tx, mall, campaign, customer_id, { channelId: null, key: at.key, today, now });
          return true;
        });
        if (given) outcome.given++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (CAMPAIGN_REFUSALS.has(error.code)) {
          logger?.warn(
            { locationId: mall._id, campaignId, code: error.code, given: outcome.given },
            'birthday coupons stopped: the campaign refused',
          );
          return { ...outcome, stopped: error.code };
        }
        // This customer only (deleted, left the segment, took part meanwhile): the others go on.
      }
    }
    if (ids.length < batchSize) return { ...outcome, complete: true };
    after = ids.at(-1)!.customer_id;
  }
  return outcome;
};

/**
 * Gives the birthday coupons due at `now` (see above) and answers what each campaign's run did. Safe
 * to run again at any time, and after a run killed midway: nobody gets a second code.
 */
export const giveBirthdayCoupons = async (
  db: Database,
  options: BirthdayRunOptions = {},
): Promise<BirthdayRunOutcome[]> => {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? BIRTHDAY_BATCH;
  const outcomes: BirthdayRunOutcome[] = [];
  for (const { campaign, location_no, timezone } of await runningBirthdayCampaigns(
    db,
    now,
    options.locationId,
  )) {
    if (options.onlyAtMidnight && hourIn(timezone, now) !== 0) continue;
    const mall = { _id: campaign.location_id, location_meta: { timezone }, location_no };
    const outcome = await runCampaign(db, mall, campaign._id, { ...options, now, batchSize });
    if (outcome.given > 0 || outcome.stopped)
      options.logger?.info(
        { locationId: mall._id, campaignId: campaign._id, given: outcome.given, stopped: outcome.stopped },
        'birthday coupons given',
      );
    outcomes.push(outcome);
  }
  return outcomes;
};

/**
 * Every quarter of an hour, one instance gives the birthday coupons of the malls whose clock reads
 * 00:xx: each mall's midnight in its own time zone (a zone a half or quarter hour off UTC too). The
 * runs after the first in that hour find nobody left, unless one was cut short (a crash, a restart),
 * which they finish; a day missed while the server was down is caught up the next midnight, since
 * the whole birthday month is the window.
 */
export const scheduleBirthdayCoupons = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('campaigns.birthday-coupons', async () => {
    await giveBirthdayCoupons(db, { logger, onlyAtMidnight: true });
  });
  await jobs.schedule('campaigns.birthday-coupons', '*/15 * * * *', {});
};
