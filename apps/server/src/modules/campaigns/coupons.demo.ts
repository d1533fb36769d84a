import { randomBytes } from 'node:crypto';
import { type CouponStatus, campaignTypeDefinitions, generateCouponCode } from '@avlu/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { Database } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { customers } from '../customers/customers.tables';
import { dateIn } from '../customers/mall-date';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';
import { campaignParticipations } from './participations.tables';

/** Codes in each demo pool: enough to page the export and see every status. */
export const DEMO_POOL_SIZE = 240;
const HOUR = 3_600_000;

/**
 * The code pools of a demo mall's campaigns (first start with DEMO_DATA, after the campaigns and
 * customers): every campaign whose codes come from a pool gets `DEMO_POOL_SIZE` codes, generated
 * ones from the CSPRNG like `POST /coupons/cache/generate`, imported ones in a partner's own format.
 * Of a running campaign's codes about a quarter are given to demo customers (the first at the
 * mall's desk, the rest on the micro-site) and a third of those used; an ended or archived
 * campaign's given codes that were not used are `not_used`. Each given code is a participation of
 * its holder (on the mall's calendar day it was given), counted on the campaign as joining counts
 * it. Answers the codes made per campaign.
 */
export const seedDemoCouponPools = async (
  db: Database,
  locationId: string,
  campaignIds: readonly string[],
  {
    deskChannelId,
    timezone = 'Europe/Istanbul',
    now = new Date(),
  }: { deskChannelId?: string | undefined; timezone?: string; now?: Date } = {},
) => {
  if (campaignIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      _id: campaigns._id,
      type: campaigns.campaign_type,
      status: campaigns.campaign_status,
      start: campaigns.campaign_start_date,
      end: campaigns.campaign_end_date,
    })
    .from(campaigns)
    .where(and(eq(campaigns.location_id, locationId), inArray(campaigns._id, [...campaignIds])))
    .orderBy(asc(campaigns.created_at), asc(campaigns._id));
  const holders = (
    await db
      .select({ _id: customers._id })
      .from(customers)
      .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt)))
      .orderBy(asc(customers.created_at), asc(customers._id))
      .limit(400)
  ).map((row) => row._id);
  const made = new Map<string, number>();
  let customerIndex = 0;
  for (const [index, campaign] of rows.entries()) {
    const source = campaignTypeDefinitions[campaign.type].codes;
    if (source !== 'generated' && source !== 'imported') continue;
    const codes = new Set<string>();
    while (codes.size < DEMO_POOL_SIZE)
      codes.add(
        source === 'generated'
          ? generateCouponCode(randomBytes)
          : `P${index.toString().padStart(2, '0')}${campaign._id.slice(-4).toUpperCase()}${(codes.size + 1).toString().padStart(5, '0')}`,
      );
    const started = campaign.status !== 'to_be_published' && campaign.start.getTime() < now.getTime();
    const over = campaign.status === 'archived' || campaign.end.getTime() <= now.getTime();
    const list = [...codes];
    const given = started && holders.length > 0 ? Math.floor(list.length / 4) : 0;
    const status: CouponStatus[] = [];
    const customerIds: (string | null)[] = [];
    const channelIds: (string | null)[] = [];
    const givenAt: (string | null)[] = [];
    const usedAt: (string | null)[] = [];
    const expiresAt: (string | null)[] = [];
    const span = Math.max(Math.min(now.getTime(), campaign.end.getTime()) - campaign.start.getTime(), HOUR);
    for (let at = 0; at < list.length; at++) {
      if (at >= given) {
        status.push('ready');
        customerIds.push(null);
        channelIds.push(null);
        givenAt.push(null);
        usedAt.push(null);
        expiresAt.push(null);
        continue;
      }
      const when = new Date(campaign.start.getTime() + Math.floor((span * (at + 1)) / (given + 1)));
      const used = at % 3 === 0;
      status.push(used ? 'used' : over ? 'not_used' : 'given');
      customerIds.push(holders[customerIndex++ % holders.length]!);
      channelIds.push(at % 4 === 0 && deskChannelId ? deskChannelId : null);
      givenAt.push(when.toISOString());
      usedAt.push(
        used ? new Date(Math.min(when.getTime() + 26 * HOUR, now.getTime() - HOUR)).toISOString() : null,
      );
      expiresAt.push(campaign.end.toISOString());
    }
    const codeIds = list.map(() => newId());
    await db.execute(
      sql`${bulkInsert(couponCodes, [
        { column: couponCodes._id, values: codeIds },
        { column: couponCodes.location_id, value: locationId },
        { column: couponCodes.campaign_id, value: campaign._id },
        { column: couponCodes.coupon_code, values: list },
        { column: couponCodes.coupon_status, values: status },
        { column: couponCodes.customer_id, values: customerIds },
        { column: couponCodes.channel_id, values: channelIds },
        { column: couponCodes.coupon_given_at, values: givenAt },
        { column: couponCodes.coupon_used_at, values: usedAt },
        { column: couponCodes.coupon_expires_at, values: expiresAt },
        { column: couponCodes.coupon_source, value: source },
        { column: couponCodes.created_at, value: campaign.start.toISOString() },
      ])}`,
    );
    if (given > 0)
      await db.execute(
        sql`${bulkInsert(campaignParticipations, [
          { column: campaignParticipations._id, values: codeIds.slice(0, given).map(() => newId()) },
          { column: campaignParticipations.location_id, value: locationId },
          { column: campaignParticipations.campaign_id, value: campaign._id },
          { column: campaignParticipations.customer_id, values: customerIds.slice(0, given) },
          { column: campaignParticipations.channel_id, values: channelIds.slice(0, given) },
          { column: campaignParticipations.coupon_code_id, values: codeIds.slice(0, given) },
          {
            column: campaignParticipations.participation_day,
            values: givenAt.slice(0, given).map((at) => dateIn(timezone, new Date(at!))),
          },
          { column: campaignParticipations.created_at, values: givenAt.slice(0, given) },
        ])}`,
      );
    await db
      .update(campaigns)
      .set({
        coupon_pool_size: sql`${campaigns.coupon_pool_size} + ${list.length}`,
        campaign_participation_count: sql`${campaigns.campaign_participation_count} + ${given}`,
      })
      .where(eq(campaigns._id, campaign._id));
    made.set(campaign._id, list.length);
  }
  return made;
};
