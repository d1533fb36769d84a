import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { dayFromToday, everyDay, reservationFixtures } from './reservations.fixtures';
import { reservationSlots, reservations } from './reservations.tables';

/** Bookings racing for a slot (issue 17: "concurrent bookings never exceed a slot's maximum"), on PostgreSQL. */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent bookings', () => {
  const ctx = useTestApp();
  const { newArea, book, call } = reservationFixtures(ctx);

  it('100 concurrent bookings of a slot of 10: exactly 10 reservations, the other 90 told it is full', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall, { reservation_area_hours_by_days: everyDay({ '10:00-12:00': 10 }) });
    const date = dayFromToday(3);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        book(mall, area, {
          reservation_request_date: date,
          reservation_customer_phone: `0532${String(1_000_000 + index)}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(90);
    for (const answer of refused)
      expect(answer.json().fields).toEqual({
        reservation_request_hour: 'This time range is full; pick another one',
      });
    const rows = await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.reservation_area_id, area._id));
    expect(rows).toHaveLength(10);
    const [slot] = await ctx.database.db
      .select()
      .from(reservationSlots)
      .where(eq(reservationSlots.reservation_area_id, area._id));
    expect(slot!.slot_taken).toBe(10);
    const offered = (
      await call(
        mall,
        'GET',
        `/reservation-areas/valid-dates?reservation_area=${encodeURIComponent(area.reservation_area)}&reservation_area_type=other`,
      )
    ).json();
    expect(offered.find((entry: { date: string }) => entry.date === date)).toBeUndefined();
  });

  it('cancellations racing bookings for the freed places never leave the slot over its maximum', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall, { reservation_area_hours_by_days: everyDay({ '14:00-16:00': 5 }) });
    const date = dayFromToday(4);
    const first = [];
    for (let index = 0; index < 5; index++)
      first.push(
        (
          await book(mall, area, { reservation_request_date: date, reservation_request_hour: '14:00-16:00' })
        ).json(),
      );
    const answers = await Promise.all([
      ...first.map((row) =>
        call(mall, 'PUT', `/reservations/${row._id}/update-status`, { reservation_status: 'cancelled' }),
      ),
      ...Array.from({ length: 20 }, () =>
        book(mall, area, { reservation_request_date: date, reservation_request_hour: '14:00-16:00' }),
      ),
    ]);
    const cancelled = answers.slice(0, 5);
    for (const answer of cancelled) expect(answer.statusCode).toBe(200);
    const booked = answers.slice(5).filter((answer) => answer.statusCode === 201).length;
    expect(booked).toBeLessThanOrEqual(5);
    const rows = await ctx.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.reservation_area_id, area._id));
    const holding = rows.filter((row) => row.reservation_status === 'pending').length;
    expect(holding).toBe(booked);
    const [slot] = await ctx.database.db
      .select()
      .from(reservationSlots)
      .where(eq(reservationSlots.reservation_area_id, area._id));
    expect(slot!.slot_taken).toBe(holding);
  });
});
