import { customerCoupon, type Location, microSiteCampaign } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engineOf } from '../../../test/database';
import { useTestApp } from '../../../test/helper';
import { auditLog } from '../audit/audit.tables';
import { insertChannel } from '../channels/channels.fixtures';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { expireGivenCoupons } from './campaigns.archive';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';
import { type MechanicsCampaignOptions, mechanicsFixtures } from './mechanics.fixtures';
import { campaignParticipations } from './participations.tables';

const ctx = useTestApp();
const en = { 'accept-language': 'en' };
const tr = { 'accept-language': 'tr' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const { newCampaign, newCustomer, customerHeaders, participationsOf } = mechanicsFixtures(ctx);
let phones = 0;

const newChannel = (mallId: string, name: string) => insertChannel(ctx.database.db, mallId, name);

/** `POST /coupon-campaign/coupon` as the system admin at the desk. */
const give = (
  mallId: string,
  body: { campaign_id: string; channel_id: string; customer_id: string },
  headers = en,
) =>
  ctx.inject({
    method: 'POST',
    url: `/api/coupon-campaign/coupon?locationId=${mallId}`,
    payload: body,
    headers,
  });

/** The mall's micro-site token. */
const tokenOf = async (mallId: string) =>
  (
    await ctx.database.db
      .select({ token: locations.location_token })
      .from(locations)
      .where(eq(locations._id, mallId))
  )[0]!.token;

/** A signed-in micro-site customer: their campaigns, their codes, and joining a campaign. */
const microSite = async (mall: Location, customerId: string) => {
  const headers = await customerHeaders(mall, customerId);
  return {
    campaigns: () => ctx.inject({ method: 'GET', url: '/api/ext/app/customers/campaigns', headers }),
    coupons: () => ctx.inject({ method: 'GET', url: '/api/ext/app/customers/coupons', headers }),
    join: (campaignId: string) =>
      ctx.inject({ method: 'POST', url: `/api/ext/app/customers/campaigns/${campaignId}/coupon`, headers }),
  };
};

const countOf = async (campaignId: string) =>
  (
    await ctx.database.db
      .select({ n: campaigns.campaign_participation_count })
      .from(campaigns)
      .where(eq(campaigns._id, campaignId))
  )[0]!.n;

/** The refusal's status and code, and that nothing was written. */
const expectRefused = async (
  response: Awaited<ReturnType<typeof give>>,
  campaignId: string,
  status: number,
  code: string,
  before = 0,
) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
  expect(await participationsOf(campaignId)).toHaveLength(before);
  expect(await countOf(campaignId)).toBe(before);
};

describe('giving a code at the desk', () => {
  it('gives the next ready code, records the participation with the desk and audits it; the customer’s tab lists it', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const campaign = await newCampaign(mall._id, { codes: 3 });
    const customer = await newCustomer(mall._id);
    const response = await give(mall._id, {
      campaign_id: campaign._id,
      channel_id: desk,
      customer_id: customer._id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const given = customerCoupon.parse(response.json());
    expect(given).toMatchObject({
      campaign_id: campaign._id,
      coupon_status: 'given',
      customer_id: customer._id,
      channel_id: desk,
      coupon_used_at: null,
      coupon_expires_at: campaign.campaign_end_date.toISOString(),
      campaign: { _id: campaign._id, campaign_name: campaign.campaign_name },
    });
    expect(given.campaign).not.toHaveProperty('campaign_budget');
    const [stored] = await ctx.database.db.select().from(couponCodes).where(eq(couponCodes._id, given._id));
    expect(stored).toMatchObject({ coupon_status: 'given', customer_id: customer._id, channel_id: desk });
    const [participation] = await participationsOf(campaign._id);
    expect(participation).toMatchObject({
      customer_id: customer._id,
      channel_id: desk,
      coupon_code_id: given._id,
    });
    expect(await countOf(campaign._id)).toBe(1);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.given'), eq(auditLog.entity_id, campaign._id)));
    expect(entry?.details).toMatchObject({ coupon_code: given.coupon_code, customer_id: customer._id });

    const tab = await ctx.inject({
      method: 'GET',
      url: `/api/customer/coupons/${customer._id}?locationId=${mall._id}`,
    });
    expect(tab.statusCode, tab.body).toBe(200);
    expect(tab.json().map((code: { _id: string }) => code._id)).toEqual([given._id]);
    const otherDesk = await newChannel(mall._id, 'Otopark');
    const atOtherDesk = await ctx.inject({
      method: 'GET',
      url: `/api/customer/coupons/${customer._id}?locationId=${mall._id}&channelId=${otherDesk}`,
    });
    expect(atOtherDesk.json()).toEqual([]);
  });

  it('gives a session coupon for its days, or until the campaign ends if that is sooner', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const short = await newCampaign(mall._id, { type: 'session_coupon', sessionDays: 2 });
    const long = await newCampaign(mall._id, { type: 'session_coupon', sessionDays: 30 });
    const customer = await newCustomer(mall._id);
    const before = Date.now();
    const first = (
      await give(mall._id, { campaign_id: short._id, channel_id: desk, customer_id: customer._id })
    ).json();
    const expires = Date.parse(first.coupon_expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 2 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 2 * DAY);
    const second = (
      await give(mall._id, { campaign_id: long._id, channel_id: desk, customer_id: customer._id })
    ).json();
    expect(second.coupon_expires_at).toBe(long.campaign_end_date.toISOString());
  });

  it('refuses, saving nothing, with the rule that refused', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const customer = await newCustomer(mall._id);
    const attempt = async (options: MechanicsCampaignOptions, status: number, code: string) => {
      const campaign = await newCampaign(mall._id, options);
      await expectRefused(
        await give(mall._id, { campaign_id: campaign._id, channel_id: desk, customer_id: customer._id }),
        campaign._id,
        status,
        code,
      );
    };
    await attempt({ type: 'basic', codes: 0 }, 409, 'CAMPAIGN_NOT_JOINABLE');
    // A game's mechanics come later: not joined by the button.
    await attempt({ type: 'wheel_of_fortune' }, 409, 'CAMPAIGN_NOT_JOINABLE');
    await attempt({ status: 'to_be_published' }, 409, 'CAMPAIGN_NOT_ACTIVE');
    await attempt({ status: 'archived' }, 409, 'CAMPAIGN_NOT_ACTIVE');
    await attempt({ start: new Date(Date.now() + HOUR) }, 409, 'CAMPAIGN_NOT_STARTED');
    await attempt(
      { start: new Date(Date.now() - 2 * DAY), end: new Date(Date.now() - HOUR) },
      409,
      'CAMPAIGN_ENDED',
    );
    await attempt(
      { columns: { campaign_channel_ids: [await newChannel(mall._id, 'Otopark')] } },
      409,
      'CAMPAIGN_NOT_AT_DESK',
    );
    await attempt({ segment: [{ field: 'gender', in: ['male'] }] }, 409, 'CAMPAIGN_NOT_IN_SEGMENT');
    await attempt({ codes: 0 }, 409, 'CAMPAIGN_NO_CODES_LEFT');
  });

  it('keeps the participation rule, the daily limit and the budget', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const customer = await newCustomer(mall._id);
    const other = await newCustomer(mall._id);
    const giveTo = (campaignId: string, customerId = customer._id) =>
      give(mall._id, { campaign_id: campaignId, channel_id: desk, customer_id: customerId });

    const once = await newCampaign(mall._id, { participation: 'once' });
    expect((await giveTo(once._id)).statusCode).toBe(200);
    await expectRefused(await giveTo(once._id), once._id, 409, 'CAMPAIGN_ALREADY_JOINED', 1);

    const daily = await newCampaign(mall._id, { participation: 'once_a_day' });
    expect((await giveTo(daily._id)).statusCode).toBe(200);
    await expectRefused(await giveTo(daily._id), daily._id, 409, 'CAMPAIGN_JOINED_TODAY', 1);
    // Yesterday's participation (the mall's calendar day) does not count today.
    await ctx.database.db
      .update(campaignParticipations)
      .set({ participation_day: '2000-01-01' })
      .where(eq(campaignParticipations.campaign_id, daily._id));
    expect((await giveTo(daily._id)).statusCode).toBe(200);

    const limited = await newCampaign(mall._id, { participation: 'unlimited', dailyLimit: 2 });
    expect((await giveTo(limited._id)).statusCode).toBe(200);
    expect((await giveTo(limited._id)).statusCode).toBe(200);
    const third = await giveTo(limited._id);
    await expectRefused(third, limited._id, 409, 'CAMPAIGN_DAILY_LIMIT', 2);
    expect(third.json().message).toContain('2');

    const budget = await newCampaign(mall._id, { participation: 'once', budget: 1 });
    expect((await giveTo(budget._id)).statusCode).toBe(200);
    await expectRefused(await giveTo(budget._id, other._id), budget._id, 409, 'CAMPAIGN_BUDGET_SPENT', 1);
    const turkish = await give(
      mall._id,
      { campaign_id: budget._id, channel_id: desk, customer_id: other._id },
      tr,
    );
    expect(turkish.json().message).toBe('Bu kampanyanın bütçesi doldu; yeni katılım alınmıyor');
  });

  it('gives a regular code campaign’s shared code, listed once however often it was joined', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const customer = await newCustomer(mall._id);
    const campaign = await newCampaign(mall._id, {
      type: 'regular_code',
      participation: 'unlimited',
      columns: { campaign_regular_code: 'YAZ2026' },
      codes: 0,
    });
    for (let time = 0; time < 2; time++) {
      const response = await give(mall._id, {
        campaign_id: campaign._id,
        channel_id: desk,
        customer_id: customer._id,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ coupon_code: 'YAZ2026', coupon_status: 'given' });
    }
    expect(await countOf(campaign._id)).toBe(2);
    const tab = await ctx.inject({
      method: 'GET',
      url: `/api/customer/coupons/${customer._id}?locationId=${mall._id}`,
    });
    expect(tab.json().map((code: { coupon_code: string }) => code.coupon_code)).toEqual(['YAZ2026']);
  });

  it('never serves another mall’s campaign, desk or customer', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const foreignDesk = await newChannel(other._id, 'Danışma');
    const campaign = await newCampaign(mall._id);
    const foreignCampaign = await newCampaign(other._id);
    const customer = await newCustomer(mall._id);
    const foreignCustomer = await newCustomer(other._id);
    const cases = [
      {
        campaign_id: foreignCampaign._id,
        channel_id: desk,
        customer_id: customer._id,
        code: 'CAMPAIGN_NOT_FOUND',
      },
      { campaign_id: campaign._id, channel_id: foreignDesk, customer_id: customer._id, code: 'NOT_FOUND' },
      { campaign_id: campaign._id, channel_id: desk, customer_id: foreignCustomer._id, code: 'NOT_FOUND' },
    ];
    for (const { code, ...body } of cases) {
      const response = await give(mall._id, body);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe(code);
    }
    expect(await participationsOf(campaign._id)).toHaveLength(0);
    expect(await participationsOf(foreignCampaign._id)).toHaveLength(0);
    const tab = await ctx.inject({
      method: 'GET',
      url: `/api/customer/coupons/${foreignCustomer._id}?locationId=${mall._id}`,
    });
    expect(tab.statusCode).toBe(404);
  });

  it('gives at the desk to the registration desk’s subject only, whose clerk reads the desk’s campaigns and codes', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const campaign = await newCampaign(mall._id);
    const customer = await newCustomer(mall._id);
    const staff = await ctx.newStaff({ subjects: ['modules:customers:customer-list'], locations: [mall] });
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/coupon-campaign/coupon?locationId=${mall._id}`,
      headers: staff.headers,
      payload: { campaign_id: campaign._id, channel_id: desk, customer_id: customer._id },
    });
    expect(response.statusCode).toBe(403);

    // The desk's clerk, holding only the registration desk, reads the desk's campaigns, gives and reads the codes.
    const clerk = await ctx.newStaff({
      subjects: ['modules:customer-registration:customer-registration'],
      locations: [mall],
    });
    const asClerk = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.inject({
        method,
        url: `/api/${url}?locationId=${mall._id}`,
        headers: clerk.headers,
        ...(payload && { payload }),
      });
    const listed = await asClerk('GET', `campaign/${desk}/bychannel`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((item: { _id: string }) => item._id)).toContain(campaign._id);
    const given = await asClerk('POST', 'coupon-campaign/coupon', {
      campaign_id: campaign._id,
      channel_id: desk,
      customer_id: customer._id,
    });
    expect(given.statusCode, given.body).toBe(200);
    const codes = await asClerk('GET', `customer/coupons/${customer._id}`);
    expect(codes.json().map((code: { _id: string }) => code._id)).toEqual([given.json()._id]);
  });
});

describe('joining on the micro-site', () => {
  it('lists the running campaigns the customer may see, joins one and shows the code in my coupons', async () => {
    const mall = await ctx.newLocation();
    const customer = await newCustomer(mall._id);
    const coupon = await newCampaign(mall._id, { end: new Date(Date.now() + 3 * DAY) });
    const info = await newCampaign(mall._id, {
      type: 'basic',
      codes: 0,
      end: new Date(Date.now() + 5 * DAY),
    });
    const forWomen = await newCampaign(mall._id, { segment: [{ field: 'gender', in: ['female'] }] });
    const forMen = await newCampaign(mall._id, { segment: [{ field: 'gender', in: ['male'] }] });
    const notYet = await newCampaign(mall._id, { start: new Date(Date.now() + DAY) });
    const draft = await newCampaign(mall._id, { status: 'to_be_published' });
    const foreign = await newCampaign((await ctx.newLocation())._id);
    const site = await microSite(mall, customer._id);

    const listed = await site.campaigns();
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().map((item: unknown) => microSiteCampaign.parse(item));
    expect(items.map((item: { _id: string }) => item._id)).toEqual([coupon._id, info._id, forWomen._id]);
    expect(items.map((item: { campaign_joinable: boolean }) => item.campaign_joinable)).toEqual([
      true,
      false,
      true,
    ]);
    expect(items[0]).not.toHaveProperty('campaign_segment');
    for (const hidden of [forMen, notYet, draft, foreign])
      expect(items.some((item: { _id: string }) => item._id === hidden._id)).toBe(false);

    const joined = await site.join(coupon._id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      campaign_id: coupon._id,
      coupon_status: 'given',
      channel_id: null,
    });
    const again = await site.join(coupon._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CAMPAIGN_ALREADY_JOINED',
      message: 'Bu kampanyaya yalnızca bir kez katılınabilir ve bu müşteri zaten katıldı',
    });
    expect((await site.join(forMen._id)).json().code).toBe('CAMPAIGN_NOT_IN_SEGMENT');
    expect((await site.join(foreign._id)).statusCode).toBe(404);

    const mine = (await site.coupons()).json();
    expect(mine.map((code: { coupon_code: string }) => code.coupon_code)).toEqual([
      joined.json().coupon_code,
    ]);
    const after = (await site.campaigns()).json();
    expect(after.find((item: { _id: string }) => item._id === coupon._id).campaign_my_coupon_count).toBe(1);
  });

  it('refuses without a customer session', async () => {
    const mall = await ctx.newLocation();
    const campaign = await newCampaign(mall._id);
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/ext/app/customers/campaigns/${campaign._id}/coupon`,
      headers: { authorization: `Bearer ${await tokenOf(mall._id)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(await participationsOf(campaign._id)).toHaveLength(0);
  });
});

describe('codes whose time is over', () => {
  it('become not used, while used codes and codes still valid stay', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const campaign = await newCampaign(mall._id, { participation: 'unlimited', codes: 3 });
    const customer = await newCustomer(mall._id);
    const ids: string[] = [];
    for (let time = 0; time < 3; time++)
      ids.push(
        (
          await give(mall._id, { campaign_id: campaign._id, channel_id: desk, customer_id: customer._id })
        ).json()._id,
      );
    const past = new Date(Date.now() - HOUR);
    await ctx.database.db
      .update(couponCodes)
      .set({ coupon_expires_at: past })
      .where(eq(couponCodes._id, ids[0]!));
    await ctx.database.db
      .update(couponCodes)
      .set({ coupon_expires_at: past, coupon_status: 'used', coupon_used_at: past })
      .where(eq(couponCodes._id, ids[1]!));
    expect(await expireGivenCoupons(ctx.database.db)).toBe(1);
    const statuses = await ctx.database.db
      .select({ _id: couponCodes._id, status: couponCodes.coupon_status })
      .from(couponCodes)
      .where(eq(couponCodes.campaign_id, campaign._id));
    expect(Object.fromEntries(statuses.map((row) => [row._id, row.status]))).toEqual({
      [ids[0]!]: 'not_used',
      [ids[1]!]: 'used',
      [ids[2]!]: 'given',
    });
    expect(await expireGivenCoupons(ctx.database.db)).toBe(0);
  });
});

describe.skipIf(engineOf(process.env) !== 'postgres')('giving under concurrency (PostgreSQL)', () => {
  const customersOf = async (mallId: string, count: number) =>
    (
      await ctx.database.db
        .insert(customers)
        .values(
          Array.from({ length: count }, () => ({
            location_id: mallId,
            customer_phone: `+90533${(1_000_000 + ++phones).toString().slice(-7)}`,
          })),
        )
        .returning({ _id: customers._id })
    ).map((row) => row._id);
  const codesOf = (response: { statusCode: number; json: () => { code?: string } }[]) => {
    const outcome: Record<string, number> = {};
    for (const each of response) {
      const key = each.statusCode === 200 ? 'given' : (each.json().code ?? String(each.statusCode));
      outcome[key] = (outcome[key] ?? 0) + 1;
    }
    return outcome;
  };

  /**
   * Every call started at once, `inFlight` at a time at most: the server's pool has 10 connections
   * and answers 503 to a request that waits 5 s for one, so 500 requests queued together on a busy
   * machine would test that wait instead of the rules.
   */
  const inParallel = async <T, R>(items: readonly T[], inFlight: number, call: (item: T) => Promise<R>) => {
    const results: R[] = new Array(items.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < items.length) {
          const index = next++;
          results[index] = await call(items[index]!);
        }
      }),
    );
    return results;
  };

  it('300 customers joining a campaign of 120 codes, 50 at a time, get exactly the 120 codes, none twice', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const campaign = await newCampaign(mall._id, { codes: 120 });
    const ids = await customersOf(mall._id, 300);
    const answers = await inParallel(ids, 50, (customer_id) =>
      give(mall._id, { campaign_id: campaign._id, channel_id: desk, customer_id }),
    );
    expect(codesOf(answers)).toEqual({ given: 120, CAMPAIGN_NO_CODES_LEFT: 180 });
    const given = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json());
    expect(new Set(given.map((code) => code.coupon_code)).size).toBe(120);
    expect(new Set(given.map((code) => code.customer_id)).size).toBe(120);
    const rows = await ctx.database.db
      .select()
      .from(couponCodes)
      .where(eq(couponCodes.campaign_id, campaign._id));
    expect(rows.filter((row) => row.coupon_status === 'given')).toHaveLength(120);
    expect(await participationsOf(campaign._id)).toHaveLength(120);
    expect(await countOf(campaign._id)).toBe(120);
  });

  it('one customer’s simultaneous requests keep the participation rule and the daily limit; many keep the budget', async () => {
    const mall = await ctx.newLocation();
    const desk = await newChannel(mall._id, 'Danışma');
    const [customer] = await customersOf(mall._id, 1);
    const burst = (campaignId: string, count: number, customerIds?: string[]) =>
      Promise.all(
        Array.from({ length: count }, (_, index) =>
          give(mall._id, {
            campaign_id: campaignId,
            channel_id: desk,
            customer_id: customerIds?.[index] ?? customer!,
          }),
        ),
      );
    const once = await newCampaign(mall._id, { participation: 'once', codes: 30 });
    expect(codesOf(await burst(once._id, 20))).toEqual({ given: 1, CAMPAIGN_ALREADY_JOINED: 19 });
    const daily = await newCampaign(mall._id, { participation: 'once_a_day', codes: 30 });
    expect(codesOf(await burst(daily._id, 20))).toEqual({ given: 1, CAMPAIGN_JOINED_TODAY: 19 });
    const limited = await newCampaign(mall._id, { participation: 'unlimited', dailyLimit: 3, codes: 30 });
    expect(codesOf(await burst(limited._id, 20))).toEqual({ given: 3, CAMPAIGN_DAILY_LIMIT: 17 });
    const budget = await newCampaign(mall._id, { participation: 'once', budget: 50, codes: 200 });
    const many = await customersOf(mall._id, 120);
    expect(codesOf(await burst(budget._id, 120, many))).toEqual({ given: 50, CAMPAIGN_BUDGET_SPENT: 70 });
    expect(await countOf(budget._id)).toBe(50);
    const left = await ctx.database.db
      .select()
      .from(couponCodes)
      .where(and(eq(couponCodes.campaign_id, budget._id), eq(couponCodes.coupon_status, 'ready')));
    expect(left).toHaveLength(150);
  });
});
