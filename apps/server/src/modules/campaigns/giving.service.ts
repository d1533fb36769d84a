import {
  type Campaign,
  type CustomerCoupon,
  campaignStateAt,
  campaignTypeDefinitions,
  isJoinable,
  type MicroSiteCampaign,
  type PublicCampaign,
  publicCampaign,
} from '@avlu/contracts';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { assertChannelOfMall } from '../channels/channels.service';
import { activeIn, assertCustomerOfMall } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { type Mall, mallToday } from '../customers/mall-date';
import { customerColumns, segmentWhere } from '../customers/segment-sql';
import type { Acting } from '../users/acting';
import { campaignNotFound, runningAt, toCampaign } from './campaigns.service';
import { type CampaignRow, campaigns } from './campaigns.tables';
import { type CouponCodeRow, couponCodes } from './coupons.tables';
import { campaignParticipations } from './participations.tables';

/**
 * Giving a code (issue 13 "Giving a code"; spec §7 `POST /coupon-campaign/coupon` at a desk,
 * `POST /ext/app/customers/campaigns/{id}/coupon` on the micro-site) and reading a customer's codes.
 *
 * One transaction checks every rule and gives the code; concurrent requests cannot break a rule:
 * - the customer's row is locked (`for no key update`), so one customer's requests for a campaign
 *   follow each other and the participation rule and daily limit count what the previous one wrote;
 * - the code is the first ready code of the pool that no other transaction holds
 *   (`for update skip locked`), so two requests never take the same code and never wait for each
 *   other's code;
 * - the budget is a guarded update of the campaign's participation count, the transaction's last
 *   statement (`… where count < budget`): the campaign's row is locked only from there to commit,
 *   and a request beyond the budget changes nothing and rolls back, code included.
 * Every refusal is a 4xx naming the rule (contracts' `CAMPAIGN_*` codes, worded in both languages).
 */

const PUBLIC_KEYS = Object.keys(publicCampaign.shape) as (keyof PublicCampaign)[];

/** What the micro-site and the customer's coupon lists show of a campaign. */
export const toPublicCampaign = (row: CampaignRow): PublicCampaign => {
  const full: Campaign = toCampaign(row);
  return Object.fromEntries(PUBLIC_KEYS.map((key) => [key, full[key]])) as PublicCampaign;
};

export const refused = (
  code: ConstructorParameters<typeof AppError>[0],
  params?: Record<string, string | number>,
) => new AppError(code, 409, params ? { params } : undefined);

/** A stored campaign's shown state at `now` (contracts' `campaignStateAt` over the row's moments). */
export const campaignRowState = (
  campaign: Pick<CampaignRow, 'campaign_status' | 'campaign_start_date' | 'campaign_end_date'>,
  now: Date,
) =>
  campaignStateAt(
    {
      campaign_status: campaign.campaign_status,
      campaign_start_date: campaign.campaign_start_date.toISOString(),
      campaign_end_date: campaign.campaign_end_date.toISOString(),
    },
    now,
  );

/**
 * The participation rule and the daily limit over a customer's participations in the campaign,
 * ever and on the day (a join, a play, a multiplied receipt): the refusal, or undefined.
 */
export const participationRefusal = (
  campaign: Pick<CampaignRow, 'campaign_participation' | 'campaign_daily_participation_limit'>,
  ever: number,
  onDay: number,
): AppError | undefined => {
  switch (campaign.campaign_participation) {
    case 'once':
      return ever > 0 ? refused('CAMPAIGN_ALREADY_JOINED') : undefined;
    case 'once_a_day':
      return onDay > 0 ? refused('CAMPAIGN_JOINED_TODAY') : undefined;
    default: {
      const limit = campaign.campaign_daily_participation_limit;
      return limit !== null && onDay >= limit ? refused('CAMPAIGN_DAILY_LIMIT', { limit }) : undefined;
    }
  }
};

/** Published and within its dates at `now`, else 409 naming why (not started, ended, not active). */
export const assertRunning = (campaign: CampaignRow, now: Date) => {
  const state = campaignRowState(campaign, now);
  if (state === 'published') throw refused('CAMPAIGN_NOT_STARTED');
  if (state === 'ended') throw refused('CAMPAIGN_ENDED');
  if (state !== 'activated') throw refused('CAMPAIGN_NOT_ACTIVE');
};

/** Joinable, running, and given at this desk (a desk channel, or the micro-site when `channelId` is null). */
const assertOpen = (campaign: CampaignRow, channelId: string | null, now: Date) => {
  if (!isJoinable(campaign)) throw refused('CAMPAIGN_NOT_JOINABLE');
  assertRunning(campaign, now);
  if (
    channelId !== null &&
    campaign.campaign_channel_ids.length > 0 &&
    !campaign.campaign_channel_ids.includes(channelId)
  )
    throw refused('CAMPAIGN_NOT_AT_DESK');
};

/** The participation rule and the daily limit, counted on the mall's calendar day. */
const assertMayTakePart = async (tx: Database, campaign: CampaignRow, customerId: string, today: string) => {
  const [counts] = await tx
    .select({
      ever: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${campaignParticipations.participation_day} = ${today}))::int`,
    })
    .from(campaignParticipations)
    .where(
      and(
        eq(campaignParticipations.customer_id, customerId),
        eq(campaignParticipations.campaign_id, campaign._id),
      ),
    );
  const { ever = 0, today: onToday = 0 } = counts ?? {};
  const refusal = participationRefusal(campaign, ever, onToday);
  if (refusal) throw refusal;
};

/** Until when a code given at `now` may be redeemed: the campaign's end, or its session days if sooner. */
const expiryOf = (campaign: CampaignRow, now: Date): Date => {
  const end = campaign.campaign_end_date;
  const days = campaign.campaign_type === 'session_coupon' ? campaign.campaign_session_day_count : null;
  if (days === null) return end;
  const session = new Date(now.getTime() + days * 86_400_000);
  return session < end ? session : end;
};

/**
 * Gives the first ready code of the pool that no other transaction holds; undefined when none is
 * left. The subquery walks `coupon_codes_ready` (the campaign's ready codes by id).
 */
const takeReadyCode = async (
  tx: Database,
  campaign: CampaignRow,
  holder: { customerId: string; channelId: string | null },
  now: Date,
): Promise<CouponCodeRow | undefined> => {
  const [code] = await tx
    .update(couponCodes)
    .set({
      coupon_status: 'given',
      customer_id: holder.customerId,
      channel_id: holder.channelId,
      coupon_given_at: now,
      coupon_expires_at: expiryOf(campaign, now),
    })
    .where(
      eq(
        couponCodes._id,
        sql`(select ready._id from coupon_codes ready
              where ready.campaign_id = ${campaign._id} and ready.coupon_status = 'ready'
              order by ready._id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return code;
};

export type Giving = {
  campaignId: string;
  customerId: string;
  /** The desk's registration channel; null on the micro-site. */
  channelId: string | null;
};

/**
 * The mall's customer, not deleted, locked (`for no key update`) so that their requests for any
 * campaign follow each other; 404 when not found, 409 when outside the campaign's segment. Every
 * path that gives a code (join, game, survey, receipts, birthday, steps) takes this lock first.
 */
export const lockCampaignCustomer = async (
  tx: Database,
  mall: Mall,
  campaign: CampaignRow,
  customerId: string,
  today: string,
) => {
  const segment = segmentWhere(campaign.campaign_segment ?? undefined, { today, columns: customerColumns });
  const [customer] = await tx
    .select({
      _id: customers._id,
      in_segment: segment ? sql<boolean>`coalesce(${segment}, false)` : sql<boolean>`true`,
    })
    .from(customers)
    .where(and(eq(customers._id, customerId), activeIn(mall._id)))
    .for('no key update');
  if (!customer) throw notFound();
  if (!customer.in_segment) throw refused('CAMPAIGN_NOT_IN_SEGMENT');
  return customer;
};

/** Whether the customer already took part in the campaign under this key (`participation_key`). */
export const hasParticipation = async (tx: Database, campaignId: string, customerId: string, key: string) => {
  const [row] = await tx
    .select({ _id: campaignParticipations._id })
    .from(campaignParticipations)
    .where(
      and(
        eq(campaignParticipations.campaign_id, campaignId),
        eq(campaignParticipations.customer_id, customerId),
        eq(campaignParticipations.participation_key, key),
      ),
    );
  return row !== undefined;
};

export type Grant = {
  /** The desk's registration channel; null on the micro-site and for automatic gifts. */
  channelId: string | null;
  /** Once per campaign and customer under this key (`campaign_participations.participation_key`). */
  key?: string;
  /** The mall's calendar day of `now`. */
  today: string;
  now: Date;
  /** Staff giving it at a desk: audited. */
  actor?: Acting;
};

/**
 * Gives a code of the campaign to a customer whose row the transaction has locked
 * (`lockCampaignCustomer`), after the campaign's own checks (running, type): the participation rule,
 * the daily limit and the budget; a code of the pool, or the shared code. Records the participation
 * and counts it against the budget last, so the campaign's row is locked only from there to commit.
 * Every refusal is a 409 naming the rule; the caller's transaction rolls back with it, or catches it
 * where a refusal must not undo the rest (a receipt's approval).
 */
export const grantCoupon = async (
  tx: Database,
  mall: Mall,
  campaign: CampaignRow,
  customerId: string,
  grant: Grant,
): Promise<CustomerCoupon> => {
  const { now, today, channelId } = grant;
  await assertMayTakePart(tx, campaign, customerId, today);
  const budget = campaign.campaign_budget;
  if (budget !== null && campaign.campaign_participation_count >= budget)
    throw refused('CAMPAIGN_BUDGET_SPENT');

  const shared = campaignTypeDefinitions[campaign.campaign_type].codes === 'shared';
  const code = shared ? undefined : await takeReadyCode(tx, campaign, { customerId, channelId }, now);
  if (!shared && !code) throw refused('CAMPAIGN_NO_CODES_LEFT');
  const participationId = newId();
  await tx.insert(campaignParticipations).values({
    _id: participationId,
    location_id: mall._id,
    campaign_id: campaign._id,
    customer_id: customerId,
    channel_id: channelId,
    coupon_code_id: code?._id ?? null,
    participation_day: today,
    participation_key: grant.key ?? null,
    created_at: now,
  });
  const given: CustomerCoupon = code
    ? toCustomerCoupon(code, campaign)
    : sharedCoupon(campaign, { _id: participationId, customerId, channelId, at: now });
  if (grant.actor)
    await audit(tx, grant.actor, {
      action: 'coupon.given',
      entity: 'campaign',
      entityId: campaign._id,
      details: { coupon_code: given.coupon_code, customer_id: customerId, channel_id: channelId },
    });
  const [counted] = await tx
    .update(campaigns)
    .set({ campaign_participation_count: sql`${campaigns.campaign_participation_count} + 1` })
    .where(
      and(
        eq(campaigns._id, campaign._id),
        or(
          isNull(campaigns.campaign_budget),
          sql`${campaigns.campaign_participation_count} < ${campaigns.campaign_budget}`,
        ),
      ),
    )
    .returning({ _id: campaigns._id });
  if (!counted) throw refused('CAMPAIGN_BUDGET_SPENT');
  return given;
};

/** The mall's campaign by id, or 404. */
export const campaignOfMall = async (tx: Database, mallId: string, campaignId: string) => {
  const [campaign] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns._id, campaignId), eq(campaigns.location_id, mallId)));
  if (!campaign) throw campaignNotFound();
  return campaign;
};

/**
 * Gives the customer a code of the campaign, checking in one transaction (see above): the campaign
 * is the mall's, of a joinable type, running, given at this desk; the customer is the mall's and in
 * the campaign's segment; the participation rule, the daily limit and the budget allow it; a code is
 * left (a regular code campaign gives its shared code). A desk's gift is audited with the staff user.
 */
export const giveCoupon = async (
  db: Database,
  mall: Mall,
  giving: Giving,
  actor?: Acting,
  now = new Date(),
): Promise<CustomerCoupon> =>
  db.transaction(async (tx) => {
    const campaign = await campaignOfMall(tx, mall._id, giving.campaignId);
    if (giving.channelId !== null) await assertChannelOfMall(tx, mall._id, giving.channelId);
    assertOpen(campaign, giving.channelId, now);
    const today = mallToday(mall, now);
    const customer = await lockCampaignCustomer(tx, mall, campaign, giving.customerId, today);
    return grantCoupon(tx, mall, campaign, customer._id, {
      channelId: giving.channelId,
      today,
      now,
      ...(actor ? { actor } : {}),
    });
  });

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const toCustomerCoupon = (code: CouponCodeRow, campaign: CampaignRow): CustomerCoupon => ({
  _id: code._id,
  campaign_id: code.campaign_id,
  coupon_code: code.coupon_code,
  coupon_status: code.coupon_status,
  customer_id: code.customer_id,
  channel_id: code.channel_id,
  coupon_given_at: iso(code.coupon_given_at),
  coupon_used_at: iso(code.coupon_used_at),
  coupon_expires_at: iso(code.coupon_expires_at),
  createdAt: code.created_at.toISOString(),
  campaign: toPublicCampaign(campaign),
});

/** A regular code campaign's shared code as one of the customer's codes: given until the campaign ends. */
const sharedCoupon = (
  campaign: CampaignRow,
  participation: { _id: string; customerId: string; channelId: string | null; at: Date },
  now = new Date(),
): CustomerCoupon => ({
  _id: participation._id,
  campaign_id: campaign._id,
  coupon_code: campaign.campaign_regular_code ?? '',
  coupon_status: campaign.campaign_end_date <= now ? 'not_used' : 'given',
  customer_id: participation.customerId,
  channel_id: participation.channelId,
  coupon_given_at: participation.at.toISOString(),
  coupon_used_at: null,
  coupon_expires_at: campaign.campaign_end_date.toISOString(),
  createdAt: participation.at.toISOString(),
  campaign: toPublicCampaign(campaign),
});

/** The most codes one customer's list shows, newest first. */
export const CUSTOMER_COUPONS_MAX = 500;

/**
 * A customer's codes, newest first (the customer detail's coupons tab, the micro-site's "my
 * coupons"): every code of a pool given to them, and each regular code campaign they joined, once.
 * With `channelId`, only those given at that desk. Another mall's customer is 404.
 */
export const customerCoupons = async (
  db: Database,
  mallId: string,
  customerId: string,
  { channelId }: { channelId?: string | undefined } = {},
  now = new Date(),
): Promise<CustomerCoupon[]> => {
  await assertCustomerOfMall(db, mallId, customerId, { deleted: true });
  const [pool, shared] = await Promise.all([
    db
      .select({ code: couponCodes, campaign: campaigns })
      .from(couponCodes)
      .innerJoin(campaigns, eq(campaigns._id, couponCodes.campaign_id))
      .where(
        and(
          eq(couponCodes.customer_id, customerId),
          eq(couponCodes.location_id, mallId),
          channelId ? eq(couponCodes.channel_id, channelId) : undefined,
        ),
      )
      .orderBy(desc(couponCodes.coupon_given_at), desc(couponCodes._id))
      .limit(CUSTOMER_COUPONS_MAX),
    db
      .selectDistinctOn([campaignParticipations.campaign_id], {
        participation: campaignParticipations,
        campaign: campaigns,
      })
      .from(campaignParticipations)
      .innerJoin(campaigns, eq(campaigns._id, campaignParticipations.campaign_id))
      .where(
        and(
          eq(campaignParticipations.customer_id, customerId),
          eq(campaignParticipations.location_id, mallId),
          isNull(campaignParticipations.coupon_code_id),
          eq(campaigns.campaign_type, 'regular_code'),
          channelId ? eq(campaignParticipations.channel_id, channelId) : undefined,
        ),
      )
      .orderBy(campaignParticipations.campaign_id, desc(campaignParticipations.created_at)),
  ]);
  return [
    ...pool.map(({ code, campaign }) => toCustomerCoupon(code, campaign)),
    ...shared.map(({ participation, campaign }) =>
      sharedCoupon(
        campaign,
        {
          _id: participation._id,
          customerId,
          channelId: participation.channel_id,
          at: participation.created_at,
        },
        now,
      ),
    ),
  ]
    .sort((a, b) => (b.coupon_given_at ?? '').localeCompare(a.coupon_given_at ?? ''))
    .slice(0, CUSTOMER_COUPONS_MAX);
};

/**
 * Which of the campaigns with a segment hold the customer today, in one query (a column per
 * campaign): the ids of those whose segment the customer is in.
 */
export const campaignsHoldingCustomer = async (
  db: Database,
  customerId: string,
  rows: readonly CampaignRow[],
  today: string,
): Promise<Set<string>> => {
  const targeted = rows.filter((campaign) => campaign.campaign_segment !== null);
  const holding = new Set<string>();
  if (targeted.length === 0) return holding;
  const checks = targeted.map(
    (campaign, index) =>
      sql`exists (select 1 from ${customers} where ${and(
        eq(customers._id, customerId),
        segmentWhere(campaign.campaign_segment ?? undefined, { today, columns: customerColumns }),
      )}) as ${sql.identifier(`in${index}`)}`,
  );
  const { rows: answers } = (await db.execute(sql`select ${sql.join(checks, sql`, `)}`)) as unknown as {
    rows: Record<string, boolean>[];
  };
  targeted.forEach((campaign, index) => {
    if (answers[0]?.[`in${index}`] === true) holding.add(campaign._id);
  });
  return holding;
};

/**
 * `GET /ext/app/customers/campaigns`: the mall's running campaigns that the customer may see (those
 * with a segment only when the customer is in it), soonest ending first, with whether the join
 * button gives a code and how many times the customer took part.
 */
export const microSiteCampaigns = async (
  db: Database,
  mall: Mall,
  customerId: string,
  now = new Date(),
): Promise<MicroSiteCampaign[]> => {
  const [rows, taken] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.location_id, mall._id), runningAt(now)))
      .orderBy(campaigns.campaign_end_date, campaigns._id),
    db
      .select({ campaign_id: campaignParticipations.campaign_id, n: sql<number>`count(*)::int` })
      .from(campaignParticipations)
      .where(
        and(
          eq(campaignParticipations.customer_id, customerId),
          eq(campaignParticipations.location_id, mall._id),
        ),
      )
      .groupBy(campaignParticipations.campaign_id),
  ]);
  const takenIn = new Map(taken.map((row) => [row.campaign_id, Number(row.n)]));
  const inSegments = await campaignsHoldingCustomer(db, customerId, rows, mallToday(mall, now));
  return rows
    .filter((campaign) => campaign.campaign_segment === null || inSegments.has(campaign._id))
    .map((campaign) => ({
      ...toPublicCampaign(campaign),
      campaign_joinable: isJoinable(campaign),
      campaign_my_coupon_count: takenIn.get(campaign._id) ?? 0,
    }));
};
