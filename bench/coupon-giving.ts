import { performance } from 'node:perf_hooks';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { prepareFirstStart } from '../apps/server/src/db/first-start';
import { admins } from '../apps/server/src/modules/admins/admins.tables';
import { auditLog } from '../apps/server/src/modules/audit/audit.tables';
import { rateLimitCounters } from '../apps/server/src/modules/auth/rate-limits.tables';
import { createSession } from '../apps/server/src/modules/auth/sessions.service';
import { campaigns } from '../apps/server/src/modules/campaigns/campaigns.tables';
import { couponCodes } from '../apps/server/src/modules/campaigns/coupons.tables';
import { channels } from '../apps/server/src/modules/channels/channels.tables';
import { customers } from '../apps/server/src/modules/customers/customers.tables';
import { locations } from '../apps/server/src/modules/locations/locations.tables';
import { nameKey } from '../apps/server/src/platform/db/unique-names';
import { createFiles } from '../apps/server/src/platform/files/files';
import { smsOutbox } from '../apps/server/src/platform/sms/sms-outbox.tables';
import { benchApp, benchConfig } from './lib/app';
import type { BenchEngine } from './lib/engines';
import type { Figure } from './lib/timing';

const JOINS = 500;
const POOL = 200;
const REDEEMED_CODES = 50;
const REDEMPTIONS = 200;
const DAY = 86_400_000;

/**
 * Issue 13, giving and redeeming under concurrency, through the HTTP API:
 * - 500 customers join a coupon campaign of 200 codes at once (`POST /api/coupon-campaign/coupon`
 *   at a desk): exactly 200 are given, no code twice; joins/s over the whole burst;
 * - 200 redemptions of 50 held codes at once (`PUT /api/code-validation/`, four for each code with
 *   its holder's SMS code): each code redeemed once; redemptions/s.
 * Lookups and SMS codes are prepared one by one beforehand, from one address per code; the lookup
 * counters (30 a minute per user) are cleared between codes, since one bench user looks up more
 * codes than a clerk may. Throws when a count is not exact.
 */
export const couponGiving = async (engine: BenchEngine): Promise<Figure[]> => {
  const database = await engine.open();
  const { db } = database;
  try {
    await database.migrate();
    await prepareFirstStart(db, benchConfig(), await createFiles(benchConfig(), db));
    const [mall] = await db.select().from(locations).orderBy(asc(locations.created_at)).limit(1);
    const mallId = mall!._id;
    const [desk] = await db
      .select({ _id: channels._id })
      .from(channels)
      .where(eq(channels.location_id, mallId));
    const [campaign] = await db
      .insert(campaigns)
      .values({
        location_id: mallId,
        campaign_name: 'Eşzamanlı katılım',
        campaign_name_en: 'Concurrent joins',
        campaign_name_key: nameKey('Eşzamanlı katılım'),
        campaign_name_en_key: nameKey('Concurrent joins'),
        campaign_description: 'Kıyaslama',
        campaign_type: 'coupon',
        campaign_status: 'published',
        campaign_participation: 'once',
        campaign_start_date: new Date(Date.now() - DAY),
        campaign_end_date: new Date(Date.now() + 30 * DAY),
        campaign_archive_date: new Date(Date.now() + 60 * DAY),
      })
      .returning();
    const joiners = await db
      .insert(customers)
      .values(
        Array.from({ length: JOINS }, (_, index) => ({
          location_id: mallId,
          customer_phone: `+90534${String(index + 1).padStart(7, '0')}`,
          customer_name: 'Bench',
          customer_surname: 'Katılımcı',
        })),
      )
      .returning({ _id: customers._id });
    const [admin] = await db.select({ _id: admins._id }).from(admins).limit(1);
    const { token } = await createSession(db, admin!._id, { remember: true });
    const headers = { 'accept-language': 'tr', authorization: `Bearer ${token.value}` };
    const app = await benchApp(database);
    try {
      const generated = await app.inject({
        method: 'POST',
        url: `/api/coupons/cache/generate?locationId=${mallId}`,
        headers,
        payload: { campaignId: campaign!._id, count: POOL },
      });
      if (generated.statusCode !== 200) throw new Error(`generate answered ${generated.body}`);

      // 500 joins at once.
      let began = performance.now();
      const joins = await Promise.all(
        joiners.map(({ _id }) =>
          app.inject({
            method: 'POST',
            url: `/api/coupon-campaign/coupon?locationId=${mallId}`,
            headers,
            payload: { campaign_id: campaign!._id, channel_id: desk!._id, customer_id: _id },
          }),
        ),
      );
      const joinSeconds = (performance.now() - began) / 1000;
      const given = joins.filter((answer) => answer.statusCode === 200).map((answer) => answer.json());
      const refusals = new Map<string, number>();
      for (const answer of joins.filter((each) => each.statusCode !== 200)) {
        const code = answer.json().code as string;
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
      const distinct = new Set(given.map((code) => code.coupon_code)).size;
      if (given.length !== POOL || distinct !== POOL)
        throw new Error(`${given.length} given, ${distinct} distinct: ${JSON.stringify([...refusals])}`);

      // 50 codes held with their SMS codes, then 200 redemptions at once.
      const chosen = given.slice(0, REDEEMED_CODES);
      const phones = new Map(
        (
          await db
            .select({ _id: customers._id, phone: customers.customer_phone })
            .from(customers)
            .where(
              inArray(
                customers._id,
                chosen.map((code) => code.customer_id),
              ),
            )
        ).map((row) => [row._id, row.phone]),
      );
      const prepared: { code: string; otp: string; ip: string }[] = [];
      for (const [index, code] of chosen.entries()) {
        await db.delete(rateLimitCounters).where(sql`true`);
        const ip = `10.20.${Math.floor(index / 200)}.${(index % 200) + 1}`;
        const query = `campaign_id=${campaign!._id}&coupon_code=${code.coupon_code}&locationId=${mallId}`;
        const lookup = await app.inject({ url: `/api/code-validation?${query}`, headers, remoteAddress: ip });
        if (lookup.statusCode !== 200) throw new Error(`lookup answered ${lookup.body}`);
        const sent = await app.inject({
          method: 'POST',
          url: `/api/code-validation/sendOtp?locationId=${mallId}`,
          headers,
          remoteAddress: ip,
          payload: { campaign_id: campaign!._id, coupon_code: code.coupon_code },
        });
        if (sent.statusCode !== 200) throw new Error(`sendOtp answered ${sent.body}`);
        const [sms] = await db
          .select({ text: smsOutbox.text })
          .from(smsOutbox)
          .where(eq(smsOutbox.to, phones.get(code.customer_id)!))
          .orderBy(sql`${smsOutbox.created_at} desc`)
          .limit(1);
        const otp = /(\d{4})\./.exec(sms?.text ?? '')?.[1];
        if (!otp) throw new Error('no SMS code');
        prepared.push({ code: code.coupon_code, otp, ip });
      }
      began = performance.now();
      const redemptions = await Promise.all(
        Array.from({ length: REDEMPTIONS }, (_, index) => {
          const { code, otp, ip } = prepared[index % REDEEMED_CODES]!;
          return app.inject({
            method: 'PUT',
            url: `/api/code-validation/?locationId=${mallId}`,
            headers,
            remoteAddress: ip,
            payload: { campaign_id: campaign!._id, coupon_code: code, otp_code: otp },
          });
        }),
      );
      const redeemSeconds = (performance.now() - began) / 1000;
      const redeemed = redemptions
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => answer.json());
      const used = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(couponCodes)
        .where(and(eq(couponCodes.campaign_id, campaign!._id), eq(couponCodes.coupon_status, 'used')));
      const audited = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, 'coupon.redeemed'));
      const once = new Set(redeemed.map((answer) => answer.coupon_code)).size;
      if (redeemed.length !== REDEEMED_CODES || once !== REDEEMED_CODES || used[0]!.n !== REDEEMED_CODES)
        throw new Error(`${redeemed.length} redeemed, ${once} distinct, ${used[0]!.n} used`);
      return [
        {
          engine: engine.name,
          benchmark: `${JOINS} concurrent joins, ${POOL} codes (desk)`,
          value: `${given.length} given, none twice; ${(JOINS / joinSeconds).toFixed(0)} joins/s (${joinSeconds.toFixed(2)} s); refused: ${[...refusals].map(([code, n]) => `${n} ${code}`).join(', ')}`,
        },
        {
          engine: engine.name,
          benchmark: `${REDEMPTIONS} concurrent redemptions of ${REDEEMED_CODES} codes`,
          value: `each redeemed once (${audited[0]!.n} audited); ${(REDEMPTIONS / redeemSeconds).toFixed(0)} answers/s (${redeemSeconds.toFixed(2)} s)`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};
