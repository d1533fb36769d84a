import { SEGMENT_LIMITS, type SegmentNode } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { engineOf } from '../../../test/database';
import { useTestApp } from '../../../test/helper';
import { takeSlot } from '../../platform/db/user-slots';
import { userSlots } from '../../platform/db/user-slots.tables';
import { customers } from './customers.tables';

const ctx = useTestApp();
const LIST = 'modules:customers:customer-list';
const routes = ['/customer/filter', '/customer/count', '/customer/export'] as const;

/** A group holding a group … `levels` deep, a gender condition at the bottom. */
const nested = (levels: number): SegmentNode[] => {
  let node: SegmentNode = { field: 'gender', in: ['female'] };
  for (let level = 1; level < levels; level++) node = { field: 'group', op: 'and', conditions: [node] };
  return [node];
};

describe('segment filter limits (contracts: depth, nodes, values)', () => {
  const post = async (url: string, filter: unknown, lang = 'en') => {
    const mall = await ctx.newLocation();
    return ctx.inject({
      method: 'POST',
      url: `/api${url}?locationId=${mall._id}`,
      headers: { 'accept-language': lang },
      payload: { filter },
    });
  };

  it.each(routes)('%s answers 400 naming filter for groups 1,000 levels deep', async (url) => {
    const response = await post(url, nested(1000));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ filter: 'The filter may nest groups at most 8 levels deep' });
    const turkish = await post(url, nested(1000), 'tr');
    expect(turkish.json().fields).toEqual({ filter: 'Filtre en fazla 8 düzey iç içe grup içerebilir' });
  });

  it.each(routes)('%s answers 400 naming filter for 50,000 values', async (url) => {
    // 25 groups of 10 district lists of 200 names: 50,000 bind parameters, about 600 KiB.
    const names = Array.from({ length: 200 }, (_, index) => `İlçe ${index}`);
    const wide = Array.from({ length: 25 }, () => ({
      field: 'group',
      op: 'or',
      conditions: Array.from({ length: 10 }, () => ({ field: 'district', in: names })),
    }));
    const response = await post(url, wide);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['filter']);
    const oneList = await post(url, [{ field: 'gender', in: Array(50_000).fill('male') }]);
    expect(oneList.statusCode).toBe(400);
    expect(oneList.json().fields).toEqual({
      filter: 'The filter’s conditions may choose at most 1000 values in all',
    });
  });

  it('refuses more than 200 nodes in all, and takes the largest filter within every limit', async () => {
    const many = Array.from({ length: 5 }, () => ({
      field: 'group',
      op: 'and',
      conditions: Array.from({ length: 45 }, () => ({ field: 'is_parent', value: true })),
    }));
    const refused = await post('/customer/count', many);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      filter: 'The filter may hold at most 200 conditions and groups in all',
    });
    // 8 levels, 200 nodes and 1,000 values: the limits themselves are allowed.
    const deep = nested(SEGMENT_LIMITS.depth); // 8 nodes, 1 value
    const localities = (list: number, count: number) => ({
      field: 'locality' as const,
      in: Array.from({ length: count }, (_, index) => `Mahalle ${list}-${index}`),
    });
    const lists: SegmentNode = {
      field: 'group',
      op: 'or',
      conditions: [0, 1, 2, 3].map((list) => localities(list, 200)).concat(localities(4, 199)),
    }; // 6 nodes, 999 values
    const flags = (count: number) =>
      Array.from({ length: count }, () => ({ field: 'has_vehicle' as const, value: false }));
    const fillers: SegmentNode[] = [0, 1, 2, 3].map(() => ({
      field: 'group',
      op: 'and',
      conditions: flags(45),
    }));
    const biggest: SegmentNode[] = [...deep, lists, ...fillers, ...flags(2)]; // 8 + 6 + 184 + 2 nodes
    expect(biggest.length).toBeLessThanOrEqual(50);
    const response = await post('/customer/count', biggest);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('heavy reads per staff user (user_slots, shared by every server process)', () => {
  const staffOf = async () => {
    const mall = await ctx.newLocation();
    const staff = await ctx.newStaff({ subjects: [LIST], locations: [mall] });
    const call = (url: string, lang = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api${url}?locationId=${mall._id}`,
        headers: { ...staff.headers, 'accept-language': lang },
        payload: { filter: [{ field: 'gender', in: ['female'] }] },
      });
    return { mall, staff, call };
  };
  const slotsOf = (userId: string) =>
    ctx.database.db.select().from(userSlots).where(eq(userSlots.user_id, userId));

  it('answers 429 to an export while the user has one running elsewhere, and allows it after', async () => {
    const { staff, call } = await staffOf();
    // The running export of another server process holds the user's one export slot.
    const elsewhere = await takeSlot(ctx.database.db, staff._id, { kind: 'customers.export', limit: 1 });
    expect(elsewhere).toBeDefined();
    const refused = await call('/customer/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'OPERATION_LIMIT',
      message: 'You can run at most 1 of these at a time; try again when the running one has finished',
    });
    expect((await call('/customer/export', 'tr')).json().message).toBe(
      'Bu işlemden aynı anda en fazla 1 tane çalıştırabilirsiniz; süren işlem bitince tekrar deneyin',
    );
    // Another user, and the same user's counts, are not held back by it.
    expect((await (await staffOf()).call('/customer/export')).statusCode).toBe(200);
    expect((await call('/customer/count')).statusCode).toBe(200);
    await elsewhere!.release();
    expect((await call('/customer/export')).statusCode).toBe(200);
    // A finished export gives its slot back.
    await vi.waitFor(async () => expect(await slotsOf(staff._id)).toEqual([]));
    expect((await call('/customer/export')).statusCode).toBe(200);
  });

  it('allows two counts at once per user, a third 429, and takes over a slot left by a dead process', async () => {
    const { staff, call } = await staffOf();
    const kind = { kind: 'customers.count', limit: 2 };
    const first = await takeSlot(ctx.database.db, staff._id, kind);
    expect((await call('/customer/count')).statusCode).toBe(200);
    // A count frees its slot before it answers: only the one taken above is held.
    expect(await slotsOf(staff._id)).toHaveLength(1);
    const second = await takeSlot(ctx.database.db, staff._id, kind);
    expect(await takeSlot(ctx.database.db, staff._id, kind)).toBeUndefined();
    expect((await call('/customer/count')).statusCode).toBe(429);
    await first!.release();
    expect((await call('/customer/count')).statusCode).toBe(200);
    // A process that died holding the slot stops renewing it: once expired, it is free again.
    await ctx.database.db
      .update(userSlots)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(userSlots.user_id, staff._id));
    expect((await call('/customer/count')).statusCode).toBe(200);
    await second!.release();
  });

  it.skipIf(engineOf(process.env) !== 'postgres')(
    'refuses a second concurrent export of the same user while the first runs (PostgreSQL)',
    { timeout: 60_000 },
    async () => {
      const { mall, staff, call } = await staffOf();
      await ctx.database.db
        .insert(customers)
        .values({ location_id: mall._id, customer_phone: '+905331112233', customer_gender: 'female' });
      // Another transaction locks the customers table, so the first export waits on its first read.
      let unlock = () => {};
      const locked = new Promise<void>((resolve) => {
        unlock = resolve;
      });
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const lock = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table customers in access exclusive mode`);
        holding();
        await locked;
      });
      await held;
      const first = call('/customer/export');
      try {
        await vi.waitFor(async () => expect(await slotsOf(staff._id)).toHaveLength(1), { timeout: 30_000 });
        const second = await call('/customer/export');
        expect(second.statusCode).toBe(429);
        expect(second.json().code).toBe('OPERATION_LIMIT');
      } finally {
        unlock();
        await lock;
      }
      const done = await first;
      expect(done.statusCode).toBe(200);
      await vi.waitFor(async () => expect(await slotsOf(staff._id)).toEqual([]));
      expect((await call('/customer/export')).statusCode).toBe(200);
    },
  );
});
