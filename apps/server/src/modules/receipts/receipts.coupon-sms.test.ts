import type { Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { type CampaignInsert, DAY, insertCampaign } from '../campaigns/campaign.fixtures';
import { couponCodes } from '../campaigns/coupons.tables';
import { campaignParticipations } from '../campaigns/participations.tables';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { mallWithStores } from './receipts.fixtures';
import { receipts } from './receipts.tables';

const ctx = useTestApp();
const db = () => ctx.database.db;
const newCampaign = (mallId: string, columns: Partial<CampaignInsert> = {}) =>
  insertCampaign(db(), mallId, { start: new Date(Date.now() - 10 * DAY), participation: 'once', columns });

let phones = 0;
const newCustomer = async (mallId: string) => {
  const phone = `+90534${(1_000_000 + ++phones).toString().slice(-7)}`;
  const [row] = await db()
    .insert(customers)
    .values({ location_id: mallId, customer_phone: phone, customer_name: 'Elif', customer_surname: 'Kaya' })
    .returning();
  return { _id: row!._id, phone };
};

/** A mall whose coupon campaign gave its customer the code `code`. */
const newMall = async (code: string) => {
  const { mall, mavi } = await mallWithStores(db(), () => ctx.newLocation());
  const campaign = await newCampaign(mall._id);
  const customer = await newCustomer(mall._id);
  await db().insert(couponCodes).values({
    location_id: mall._id,
    campaign_id: campaign._id,
    coupon_code: code,
    coupon_status: 'given',
    customer_id: customer._id,
    coupon_given_at: new Date(),
    coupon_source: 'generated',
  });
  return { mall, mavi, campaign, customer };
};

const send = (mall: Pick<Location, '_id'>, query: string, headers: Record<string, string> = {}) =>
  ctx.inject({ method: 'GET', url: `/api/shopping-receipts/sms?${query}&locationId=${mall._id}`, headers });

const outboxTo = (phone: string) => db().select().from(smsOutbox).where(eq(smsOutbox.to, phone));

describe('GET /shopping-receipts/sms: the desk sends a customer their coupon code', () => {
  it('sends one SMS naming the campaign and the code, however the code is typed', async () => {
    const { mall, campaign, customer } = await newMall('HT4MZ9RAKP');
    const response = await send(mall, `customerId=${customer._id}&couponCode=ht4mz-9rakp`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: true });
    const sent = await outboxTo(customer.phone);
    expect(sent).toHaveLength(1);
    // Turkish: the customer's language is not known.
    expect(sent[0]!.text).toBe(
      `${mall.location_name}: “${campaign.campaign_name}” kampanyası kupon kodunuz: HT4MZ9RAKP.`,
    );
  });

  it('writes in English to a customer who uploaded receipts in English', async () => {
    const { mall, mavi, campaign, customer } = await newMall('ENGLISHCODE1');
    await db()
      .insert(receipts)
      .values({
        location_id: mall._id,
        customer_id: customer._id,
        store_id: mavi,
        receipt_no: 'E-1',
        receipt_no_key: 'E1',
        receipt_amount: 100,
        receipt_date: new Date(Date.now() - DAY),
        receipt_day: new Date(Date.now() - DAY).toISOString().slice(0, 10),
        receipt_photo: 'receipts/e1.jpg',
        receipt_photo_type: 'jpg',
        receipt_photo_hash: 'e'.repeat(64),
        receipt_source: 'micro_site',
        receipt_language: 'en',
      });
    expect((await send(mall, `customerId=${customer._id}&couponCode=ENGLISHCODE1`)).statusCode).toBe(200);
    expect((await outboxTo(customer.phone))[0]!.text).toBe(
      `${mall.location_name}: your coupon code for “${campaign.campaign_name_en}” is ENGLISHCODE1.`,
    );
  });

  it('sends the shared code of a regular code campaign the customer joined', async () => {
    const { mall, customer } = await newMall('UNUSED0001');
    const regular = await newCampaign(mall._id, {
      campaign_type: 'regular_code',
      campaign_regular_code: 'AVLU2030',
    });
    const query = `customerId=${customer._id}&couponCode=avlu2030`;
    expect((await send(mall, query)).statusCode).toBe(404);
    await db()
      .insert(campaignParticipations)
      .values({
        location_id: mall._id,
        campaign_id: regular._id,
        customer_id: customer._id,
        participation_day: new Date().toISOString().slice(0, 10),
      });
    expect((await send(mall, query)).statusCode).toBe(200);
    expect((await outboxTo(customer.phone))[0]!.text).toContain('AVLU2030');
  });

  it('answers 404 for an unknown code, another customer’s, and another mall’s customer or code', async () => {
    const { mall, customer } = await newMall('OWNCODE001');
    const other = await newMall('THEIRCODE1');
    const stranger = await newCustomer(mall._id);
    for (const [where, query] of [
      [mall, `customerId=${customer._id}&couponCode=NOSUCHCODE`],
      [mall, `customerId=${stranger._id}&couponCode=OWNCODE001`],
      [mall, `customerId=${customer._id}&couponCode=THEIRCODE1`],
      [mall, `customerId=${other.customer._id}&couponCode=THEIRCODE1`],
      [other.mall, `customerId=${customer._id}&couponCode=OWNCODE001`],
    ] as const) {
      const response = await send(where, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await outboxTo(customer.phone)).toEqual([]);
    expect(await outboxTo(other.customer.phone)).toEqual([]);
  });

  it('refuses missing or malformed query fields naming them', async () => {
    const { mall, customer } = await newMall('QUERYCODE1');
    const fields = async (query: string) => {
      const response = await send(mall, query, { 'accept-language': 'en' });
      expect(response.statusCode, response.body).toBe(400);
      return Object.keys(response.json().fields ?? {}).sort();
    };
    expect(await fields('')).toEqual(['couponCode', 'customerId']);
    expect(await fields(`customerId=${customer._id}`)).toEqual(['couponCode']);
    expect(await fields('couponCode=QUERYCODE1')).toEqual(['customerId']);
    expect(await fields('customerId=12&couponCode=QUERYCODE1')).toEqual(['customerId']);
    expect(await outboxTo(customer.phone)).toEqual([]);
  });

  it('answers the SMS budget’s refusal and sends nothing once the mall’s hourly budget is spent', async () => {
    const { mall, customer } = await newMall('BUDGETCODE');
    await db().update(locations).set({ sms_hourly_budget: 0 }).where(eq(locations._id, mall._id));
    const response = await send(mall, `customerId=${customer._id}&couponCode=BUDGETCODE`);
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe('SMS_BUDGET_EXCEEDED');
    expect(await outboxTo(customer.phone)).toEqual([]);
  });

  it('is the receipt desk’s and the receipts module’s, not any staff’s', async () => {
    const { mall, customer } = await newMall('ACCESSCODE');
    const query = `customerId=${customer._id}&couponCode=ACCESSCODE`;
    for (const [subject, status] of [
      ['modules:customer-registration:customer-registration', 200],
      ['modules:loyalty:receipts', 200],
      ['modules:customers:customer-list', 403],
    ] as const) {
      const staff = await ctx.newStaff({ subjects: [subject], locations: [mall] });
      expect((await send(mall, query, staff.headers)).statusCode, subject).toBe(status);
    }
  });
});
