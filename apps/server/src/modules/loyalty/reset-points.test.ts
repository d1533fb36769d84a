import { type ResetPoint, resetPoint } from '@avlu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import type { Job, Jobs } from '../../platform/jobs';
import { customers } from '../customers/customers.tables';
import { postPoints } from './ledger.service';
import { pointBalances, pointEntries } from './loyalty.tables';
import { resetPointBatch, runResetPoint, scheduleResetPoints } from './reset-points.job';
import { resetPoints } from './reset-points.tables';

// The queue as main.ts wires it, kept in the test's hands: what is sent is recorded, the worker run on demand.
const sent: unknown[] = [];
let worker: ((job: Job<'loyalty.reset-points'>) => Promise<void>) | undefined;
const schedules: string[] = [];
const jobs = {
  send: async (queue: string, data: unknown, options: unknown) => {
    sent.push({ queue, data, options });
    return 'job-id';
  },
  work: async (_queue: string, handler: typeof worker) => {
    worker = handler;
  },
  schedule: async (queue: string, cron: string) => {
    schedules.push(`${queue} ${cron}`);
  },
  running: () => true,
  stop: async () => {},
} as unknown as Jobs;

const ctx = useTestApp({ jobs });
const db = () => ctx.database.db;

const call = (
  mallId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  lang = 'tr',
) =>
  ctx.inject({
    method,
    url: `/api/${path}?locationId=${mallId}`,
    headers: { 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

let phones = 0;
const newCustomer = async (mallId: string, gender: 'male' | 'female' = 'male') => {
  const [row] = await db()
    .insert(customers)
    .values({
      location_id: mallId,
      customer_phone: `+90555${String(++phones).padStart(7, '0')}`,
      customer_name: 'Deniz',
      customer_gender: gender,
    })
    .returning({ _id: customers._id });
  return row!._id;
};

const earn = (mallId: string, customerId: string, amount: number) =>
  db().transaction((tx) =>
    postPoints(tx, {
      locationId: mallId,
      customerId,
      kind: 'earn',
      amount,
      cause: 'receipt',
      actor: 'system',
      idempotencyKey: `earn:${customerId}:${Math.random()}`,
    }),
  );
const spend = (mallId: string, customerId: string, amount: number) =>
  db().transaction((tx) =>
    postPoints(tx, {
      locationId: mallId,
      customerId,
      kind: 'burn',
      amount: -amount,
      cause: 'gift_redemption',
      actor: 'system',
      idempotencyKey: `burn:${customerId}:${Math.random()}`,
    }),
  );

const balanceOf = async (customerId: string) => {
  const [row] = await db().select().from(pointBalances).where(eq(pointBalances.customer_id, customerId));
  return row;
};
const resetEntriesOf = (customerId: string) =>
  db()
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.customer_id, customerId), eq(pointEntries.point_entry_kind, 'reset')));
/** Every balance row of the mall equals the sum of its entries. */
const ledgerHolds = async (mallId: string) =>
  db()
    .select({ customer: pointBalances.customer_id })
    .from(pointBalances)
    .where(
      and(
        eq(pointBalances.location_id, mallId),
        sql`${pointBalances.point_balance} <> (select coalesce(sum(e.point_entry_amount), 0) from point_entries e where e.customer_id = ${pointBalances.customer_id})`,
      ),
    );

/**
 * A mall with tiers Bronz (0) and Gümüş (1000) and customers:
 * a (female, 500, Bronz), b (male, 1500, Gümüş), c (female, 2000 earned then 2000 spent: balance 0, Gümüş),
 * d (male, no points at all); and a customer of another mall with 700.
 */
const population = async () => {
  const mall = await ctx.newLocation();
  const tier = async (title: string, min: number, priority: number) =>
    (
      await call(mall._id, 'POST', 'loyalty-tier', {
        loyalty_tier_title: title,
        loyalty_tier_min_points: min,
        loyalty_tier_point_multiplier: 1,
        loyalty_tier_priority: priority,
      })
    ).json()._id as string;
  const bronze = await tier('Bronz', 0, 2);
  const silver = await tier('Gümüş', 1000, 1);
  const a = await newCustomer(mall._id, 'female');
  const b = await newCustomer(mall._id, 'male');
  const c = await newCustomer(mall._id, 'female');
  const d = await newCustomer(mall._id, 'male');
  await earn(mall._id, a, 500);
  await earn(mall._id, b, 1500);
  await earn(mall._id, c, 2000);
  await spend(mall._id, c, 2000);
  const other = await ctx.newLocation();
  const stranger = await newCustomer(other._id);
  await earn(other._id, stranger, 700);
  return { mall, other, bronze, silver, a, b, c, d, stranger };
};

const create = async (mallId: string, body: object) => {
  const response = await call(mallId, 'POST', 'loyalty/reset-points', body);
  expect(response.statusCode, response.body).toBe(201);
  return resetPoint.parse(response.json());
};

const rowOf = async (id: string) =>
  (await db().select().from(resetPoints).where(eq(resetPoints._id, id)))[0]!;

describe('reset points', () => {
  beforeAll(async () => {
    await scheduleResetPoints(jobs, db(), { info: () => {} } as never);
  });

  it('refuses a missing name and type, a tier reset without tiers, fields of another type and tiers of another mall, in the caller’s language', async () => {
    const { mall, other, silver } = await population();
    const empty = await call(mall._id, 'POST', 'loyalty/reset-points', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      reset_point_name: 'Bu alan zorunludur',
      reset_point_type: 'Bu alan zorunludur',
    });
    const blank = await call(
      mall._id,
      'POST',
      'loyalty/reset-points',
      { reset_point_name: '  ', reset_point_type: 'all' },
      'en',
    );
    expect(blank.json().fields).toEqual({ reset_point_name: 'This field is required' });

    const noTiers = await call(mall._id, 'POST', 'loyalty/reset-points', {
      reset_point_name: 'Yıl sonu',
      reset_point_type: 'tier',
    });
    expect(noTiers.statusCode).toBe(400);
    expect(noTiers.json().fields).toEqual({
      reset_point_related_ids: 'Sıfırlanacak en az bir üyelik seviyesi seçin',
    });

    const noConditions = await call(mall._id, 'POST', 'loyalty/reset-points', {
      reset_point_name: 'Kitle',
      reset_point_type: 'segment',
      reset_point_segment: [],
    });
    expect(noConditions.json().fields).toEqual({
      reset_point_segment: 'Sıfırlanacak müşteri kitlesi için en az bir koşul ekleyin',
    });

    const mixed = await call(
      mall._id,
      'POST',
      'loyalty/reset-points',
      {
        reset_point_name: 'Herkes',
        reset_point_type: 'all',
        reset_point_related_ids: [silver],
        reset_point_segment: [{ field: 'gender', in: ['female'] }],
      },
      'en',
    );
    expect(mixed.json().fields).toEqual({
      reset_point_related_ids: 'Not used by a reset of this type',
      reset_point_segment: 'Not used by a reset of this type',
    });

    const foreignTier = await call(other._id, 'POST', 'loyalty/reset-points', {
      reset_point_name: 'Başka AVM',
      reset_point_type: 'tier',
      reset_point_related_ids: [silver],
    });
    expect(foreignTier.statusCode).toBe(400);
    expect(foreignTier.json().fields).toEqual({
      'reset_point_related_ids.0': 'Bu AVM’de böyle bir üyelik seviyesi yok',
    });
    expect(await db().$count(resetPoints, eq(resetPoints.location_id, other._id))).toBe(0);
  });

  it('is changed and deleted only while created; queueing is once and irreversible; another mall’s is 404', async () => {
    const { mall, other, silver } = await population();
    const created = await create(mall._id, { reset_point_name: 'Deneme', reset_point_type: 'all' });
    expect(created).toMatchObject({
      reset_point_status: 'created',
      reset_point_related_ids: [],
      reset_point_segment: null,
      reset_point_customer_count: 0,
    });
    const changed = await call(mall._id, 'PUT', `loyalty/reset-points/${created._id}`, {
      reset_point_name: 'Gümüş yıl sonu',
      reset_point_type: 'tier',
      reset_point_related_ids: [silver],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ reset_point_type: 'tier', reset_point_related_ids: [silver] });

    const listed = await call(mall._id, 'POST', 'loyalty/reset-points/filter', {
      filter: { reset_point_status: 'created' },
      keyword: 'gümüş',
    });
    expect(listed.json().data.map((row: ResetPoint) => row._id)).toEqual([created._id]);
    expect((await call(other._id, 'POST', 'loyalty/reset-points/filter', {})).json().data).toEqual([]);

    // Another mall's reset is not found, whatever the call.
    for (const [method, path, body] of [
      ['GET', `loyalty/reset-points/${created._id}`],
      ['GET', `loyalty/reset-points/${created._id}/preview`],
      ['PUT', `loyalty/reset-points/${created._id}`, { reset_point_name: 'X', reset_point_type: 'all' }],
      ['DELETE', `loyalty/reset-points/${created._id}`],
      ['POST', `loyalty/reset-points/${created._id}/move-to-in-queue`],
    ] as const)
      expect((await call(other._id, method, path, body)).statusCode, `${method} ${path}`).toBe(404);

    sent.length = 0;
    const queued = await call(mall._id, 'POST', `loyalty/reset-points/${created._id}/move-to-in-queue`);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ reset_point_status: 'in_queue' });
    expect(queued.json().reset_point_queued_at).toEqual(expect.any(String));
    expect(sent).toEqual([
      {
        queue: 'loyalty.reset-points',
        data: { resetPointId: created._id },
        options: { singletonKey: created._id },
      },
    ]);

    const again = await call(mall._id, 'POST', `loyalty/reset-points/${created._id}/move-to-in-queue`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'RESET_POINT_QUEUED',
      message: 'Bu puan sıfırlama kuyruğa alındı; artık değiştirilemez ya da silinemez',
    });
    const edit = await call(
      mall._id,
      'PUT',
      `loyalty/reset-points/${created._id}`,
      { reset_point_name: 'Sonradan', reset_point_type: 'all' },
      'en',
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This points reset is queued; it can no longer be changed or deleted');
    expect((await call(mall._id, 'DELETE', `loyalty/reset-points/${created._id}`)).statusCode).toBe(409);
    expect(await rowOf(created._id)).toMatchObject({
      reset_point_name: 'Gümüş yıl sonu',
      reset_point_status: 'in_queue',
    });
    expect(sent).toHaveLength(1);

    const spare = await create(mall._id, { reset_point_name: 'Silinecek', reset_point_type: 'all' });
    expect((await call(mall._id, 'DELETE', `loyalty/reset-points/${spare._id}`)).statusCode).toBe(204);
    expect((await call(mall._id, 'GET', `loyalty/reset-points/${spare._id}`)).statusCode).toBe(404);
  });

  it('is the receipts’ module (spec §6): a role without it gets 403', async () => {
    const { mall } = await population();
    const tiersOnly = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-tier'], locations: [mall] });
    const receipts = await ctx.newStaff({ subjects: ['modules:loyalty:receipts'], locations: [mall] });
    const as = (staff: { headers: { authorization: string } }, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/loyalty/reset-points?locationId=${mall._id}`,
        headers: staff.headers,
        payload,
      });
    expect((await as(tiersOnly, { reset_point_name: 'X', reset_point_type: 'all' })).statusCode).toBe(403);
    expect((await as(receipts, { reset_point_name: 'X', reset_point_type: 'all' })).statusCode).toBe(201);
  });

  it('previews and resets exactly one tier’s customers, leaving the others and the other mall', async () => {
    const { mall, silver, a, b, c, d, stranger } = await population();
    const reset = await create(mall._id, {
      reset_point_name: 'Gümüş sıfırlama',
      reset_point_type: 'tier',
      reset_point_related_ids: [silver],
    });
    // b holds 1500; c holds nothing to spend but 2000 tier points, which the reset ends too.
    const preview = await call(mall._id, 'GET', `loyalty/reset-points/${reset._id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ customer_count: 2, point_total: 1500 });

    await call(mall._id, 'POST', `loyalty/reset-points/${reset._id}/move-to-in-queue`);
    await worker!({ id: 'job', queue: 'loyalty.reset-points', data: { resetPointId: reset._id } });

    const done = (await call(mall._id, 'GET', `loyalty/reset-points/${reset._id}`)).json();
    expect(done).toMatchObject({
      reset_point_status: 'done',
      reset_point_customer_count: 2,
      reset_point_point_total: 1500,
    });
    expect(done.reset_point_started_at).toEqual(expect.any(String));
    expect(done.reset_point_finished_at).toEqual(expect.any(String));
    expect(await balanceOf(a)).toMatchObject({ point_balance: 500, point_tier_points: 500 });
    for (const customer of [b, c]) {
      expect(await balanceOf(customer)).toMatchObject({ point_balance: 0, point_tier_points: 0 });
      expect(await resetEntriesOf(customer)).toHaveLength(1);
    }
    expect(await resetEntriesOf(a)).toEqual([]);
    expect(await balanceOf(d)).toBeUndefined();
    expect(await balanceOf(stranger)).toMatchObject({ point_balance: 700 });
    expect(await ledgerHolds(mall._id)).toEqual([]);
    // Nothing left to touch: the preview of a finished run is empty.
    expect((await call(mall._id, 'GET', `loyalty/reset-points/${reset._id}/preview`)).json()).toEqual({
      customer_count: 0,
      point_total: 0,
    });
  });

  it('resets a segment of the customers’ filter, and everyone of the mall', async () => {
    const { mall, a, b, c, stranger } = await population();
    const women = await create(mall._id, {
      reset_point_name: 'Kadın müşteriler',
      reset_point_type: 'segment',
      reset_point_segment: [{ field: 'gender', in: ['female'] }],
    });
    expect(women.reset_point_segment).toEqual([{ field: 'gender', in: ['female'] }]);
    expect((await call(mall._id, 'GET', `loyalty/reset-points/${women._id}/preview`)).json()).toEqual({
      customer_count: 2,
      point_total: 500,
    });
    await call(mall._id, 'POST', `loyalty/reset-points/${women._id}/move-to-in-queue`);
    expect(await runResetPoint(db(), women._id)).toBe('done');
    expect((await balanceOf(a))?.point_balance).toBe(0);
    expect((await balanceOf(b))?.point_balance).toBe(1500);
    expect(await rowOf(women._id)).toMatchObject({
      reset_point_customer_count: 2,
      reset_point_point_total: 500,
    });

    const everyone = await create(mall._id, { reset_point_name: 'Herkes', reset_point_type: 'all' });
    expect((await call(mall._id, 'GET', `loyalty/reset-points/${everyone._id}/preview`)).json()).toEqual({
      customer_count: 1,
      point_total: 1500,
    });
    await call(mall._id, 'POST', `loyalty/reset-points/${everyone._id}/move-to-in-queue`);
    // The minute's sweep runs whatever is queued.
    await worker!({ id: 'sweep', queue: 'loyalty.reset-points', data: {} });
    expect((await balanceOf(b))?.point_balance).toBe(0);
    expect(await resetEntriesOf(c)).toHaveLength(1);
    expect(await rowOf(everyone._id)).toMatchObject({
      reset_point_status: 'done',
      reset_point_customer_count: 1,
      reset_point_point_total: 1500,
    });
    expect((await balanceOf(stranger))?.point_balance).toBe(700);
    expect(await ledgerHolds(mall._id)).toEqual([]);
  });

  it('killed after its first batch and run again, even with its progress lost, resets nobody twice', async () => {
    const mall = await ctx.newLocation();
    const people = [];
    for (const points of [100, 200, 300, 400, 500]) {
      const id = await newCustomer(mall._id);
      await earn(mall._id, id, points);
      people.push(id);
    }
    const reset = await create(mall._id, { reset_point_name: 'Toplu', reset_point_type: 'all' });
    await call(mall._id, 'POST', `loyalty/reset-points/${reset._id}/move-to-in-queue`);

    expect(await resetPointBatch(db(), reset._id, 2)).toBe('more');
    expect(await rowOf(reset._id)).toMatchObject({
      reset_point_status: 'started',
      reset_point_customer_count: 2,
    });
    // The batch walks customers in id order: the first two are reset, the rest not yet.
    const sorted = [...people].sort();
    expect(await resetEntriesOf(sorted[1]!)).toHaveLength(1);
    expect(await resetEntriesOf(sorted[2]!)).toEqual([]);
    // The process dies; the worst case, its cursor is gone too. One already reset earns again meanwhile.
    await db().update(resetPoints).set({ reset_point_cursor: null }).where(eq(resetPoints._id, reset._id));
    await earn(mall._id, sorted[0]!, 250);

    expect(await runResetPoint(db(), reset._id, 2)).toBe('done');
    for (const id of people) expect(await resetEntriesOf(id)).toHaveLength(1);
    expect((await balanceOf(sorted[0]!))?.point_balance).toBe(250);
    for (const id of sorted.slice(1)) expect((await balanceOf(id))?.point_balance).toBe(0);
    expect(await rowOf(reset._id)).toMatchObject({
      reset_point_status: 'done',
      reset_point_customer_count: 5,
      reset_point_point_total: 1500,
    });
    expect(await ledgerHolds(mall._id)).toEqual([]);
    // A finished run does nothing more.
    expect(await resetPointBatch(db(), reset._id, 2)).toBe('not-running');
  });

  it('a reset not queued is not run by the job', async () => {
    const { mall, b } = await population();
    const reset = await create(mall._id, { reset_point_name: 'Bekleyen', reset_point_type: 'all' });
    expect(await resetPointBatch(db(), reset._id, 10)).toBe('not-running');
    expect((await balanceOf(b))?.point_balance).toBe(1500);
    expect(schedules).toEqual(['loyalty.reset-points * * * * *']);
  });
});
