import type { Location, SegmentFilter } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { channelNameKeys } from '../channels/channels.service';
import { channels } from '../channels/channels.tables';
import { locations } from '../locations/locations.tables';
import { allowConsentErasure } from './consents.service';
import { customerFacts, customers } from './customers.tables';
import { eraseDeletedCustomers } from './retention';

/**
 * customer_facts is a copy kept by triggers (customer-facts.sql), and counts read it while lists read
 * customers: these tests hold the copy to its one definition after every kind of write, and the
 * count to the list's total for every condition.
 */
const ctx = useTestApp();
let mall: Location;
let channelId: string;
let phone = 0;

const newChannel = async (location: Location) => {
  const [row] = await ctx.database.db
    .insert(channels)
    .values({
      location_id: location._id,
      channel_name: 'Stant',
      channel_name_en: 'Stand',
      ...channelNameKeys({ channel_name: 'Stant', channel_name_en: 'Stand' }),
      channel_exp: '',
      channel_exp_en: '',
    })
    .returning({ _id: channels._id });
  return row!._id;
};

const addCustomers = (location: Location, rows: Partial<typeof customers.$inferInsert>[]) =>
  ctx.database.db
    .insert(customers)
    .values(
      rows.map((row) => ({
        location_id: location._id,
        customer_phone: `+90536${String(1_000_000 + ++phone)}`,
        ...row,
      })),
    )
    .returning({ _id: customers._id });

/** Rows of the copy that differ from what the view makes of `customers` now, both ways. */
const drift = async () => {
  const result = (await ctx.database.db.execute(sql`
    select count(*)::int as n from (
      (select * from customer_facts except all select * from customer_facts_source)
      union all
      (select * from customer_facts_source except all select * from customer_facts)
    ) d`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

const post = (path: string, payload: object, location = mall) =>
  ctx.inject({ method: 'POST', url: `/api${path}?locationId=${location._id}`, payload });
const countOf = async (filter: SegmentFilter, location = mall) => {
  const response = await post('/customer/count', { filter }, location);
  expect(response.statusCode).toBe(200);
  return response.json() as { count: number; customer_ids: string[] };
};
const listTotal = async (filter: SegmentFilter) =>
  (await post('/customer/filter', { filter, pagination: { limit: 100, currentPage: 1 } })).json().pagination
    .total as number;

beforeAll(async () => {
  mall = await ctx.newLocation();
  channelId = await newChannel(mall);
  await addCustomers(mall, [
    {
      customer_gender: 'female',
      customer_birthdate: '1990-05-14',
      customer_province: 'İstanbul',
      customer_district: 'Kadıköy',
      customer_sms_permission: true,
      customer_kvkk_permission: true,
      customer_vehicle_plate: '34ABC123',
      customer_number_of_children: 2,
      customer_is_parent: true,
      customer_frequency: 'once_a_week',
      channel_id: channelId,
    },
    {
      customer_gender: 'male',
      customer_birthdate: '1975-06-01',
      customer_province: 'İzmir',
      customer_email_permission: true,
    },
    { customer_gender: 'unknown', customer_call_permission: true, customer_is_developer: true },
    {
      customer_gender: 'female',
      customer_birthdate: '2004-12-31',
      customer_locality: 'Moda',
      channel_id: channelId,
    },
  ]);
});

describe('customer_facts', () => {
  it('holds one row per live customer, as the view defines it', async () => {
    const [facts] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerFacts)
      .innerJoin(locations, eq(locations.location_no, customerFacts.location_no))
      .where(eq(locations._id, mall._id));
    expect(facts?.n).toBe(4);
    expect(await drift()).toBe(0);
  });

  it('counts what the list shows, condition by condition', async () => {
    const filters: SegmentFilter[] = [
      [],
      [{ field: 'gender', in: ['female'] }],
      [{ field: 'age', min: 18, max: 40 }],
      [{ field: 'birthdate', min: '1980-01-01' }],
      [{ field: 'birthday_month', in: [5, 12] }],
      [{ field: 'province', in: ['İstanbul', 'İzmir'] }],
      [{ field: 'district', in: ['Kadıköy'] }],
      [{ field: 'locality', in: ['Moda'] }],
      [{ field: 'channel', in: [channelId] }],
      [{ field: 'registered_at', min: '2020-01-01' }],
      [{ field: 'consent', type: 'call', value: true }],
      [{ field: 'consent', type: 'kvkk', value: false }],
      [{ field: 'number_of_children', min: 1 }],
      [{ field: 'frequency', in: ['once_a_week'] }],
      [{ field: 'is_parent', value: false }],
      [{ field: 'has_vehicle', value: true }],
      [{ field: 'has_vehicle', value: false }],
      [{ field: 'is_developer', value: true }],
      [
        {
          field: 'group',
          op: 'or',
          conditions: [
            { field: 'consent', type: 'email', value: true },
            { field: 'birthday_month', in: [12] },
          ],
        },
        { field: 'gender', in: ['male', 'female'] },
      ],
    ];
    const counts = [];
    for (const filter of filters) {
      const { count, customer_ids } = await countOf(filter);
      expect(customer_ids).toHaveLength(count);
      expect(count, JSON.stringify(filter)).toBe(await listTotal(filter));
      counts.push(count);
    }
    // The battery is not vacuous: conditions select different, non-trivial parts of the mall.
    expect(counts.slice(0, 6)).toEqual([4, 2, 2, 2, 2, 2]);
  });

  it('follows updates, deletion, reactivation, erasure and a removed channel', async () => {
    const other = await ctx.newLocation();
    const [first, second] = await addCustomers(other, [
      { customer_gender: 'female', customer_sms_permission: false },
      { customer_gender: 'male', customer_vehicle_plate: '06XY1234' },
    ]);
    const otherChannel = await newChannel(other);
    await ctx.database.db
      .update(customers)
      .set({ channel_id: otherChannel })
      .where(eq(customers._id, first!._id));
    const sms: SegmentFilter = [{ field: 'consent', type: 'sms', value: true }];
    expect((await countOf(sms, other)).count).toBe(0);

    const granted = await post(
      `/customer/profile/${first!._id}/marketing-permissions`,
      { type: 'sms', value: true },
      other,
    );
    expect(granted.statusCode).toBe(200);
    expect(await countOf(sms, other)).toEqual({ count: 1, customer_ids: [first!._id] });

    const deleted = await ctx.inject({
      method: 'DELETE',
      url: `/api/customer/profile/${first!._id}?locationId=${other._id}`,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await countOf([], other)).customer_ids).toEqual([second!._id]);
    expect(await drift()).toBe(0);

    expect((await post(`/customer/profile/${first!._id}/reactivate`, {}, other)).statusCode).toBe(200);
    expect((await countOf(sms, other)).count).toBe(1);

    await ctx.database.db.delete(channels).where(eq(channels._id, otherChannel));
    expect((await countOf([{ field: 'channel', in: [otherChannel] }], other)).count).toBe(0);

    await ctx.database.db
      .update(customers)
      .set({ customer_deletedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(customers._id, second!._id));
    await eraseDeletedCustomers(ctx.database.db, 30);
    expect((await countOf([], other)).customer_ids).toEqual([first!._id]);
    expect(await drift()).toBe(0);

    // Removing a mall takes its consent history with it: only as a conscious erasure (consent-events.sql).
    await ctx.database.db.transaction(async (tx) => {
      await allowConsentErasure(tx);
      await tx.delete(locations).where(eq(locations._id, other._id));
    });
    expect(await drift()).toBe(0);
    // The first mall's customers are untouched by all of this.
    expect((await countOf([], mall)).count).toBe(4);
  });
});
