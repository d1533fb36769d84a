import { normalizePhone } from '@avlu/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { DEMO_CUSTOMERS_PER_MALL, seedDemoCustomers } from './customers.demo';
import { customerConsentEvents, customers } from './customers.tables';

const ctx = useTestApp();

describe('demo customers', () => {
  it('seeds a mall with valid, deterministic customers and their consent history quickly', async () => {
    const [first, second] = [await ctx.newLocation(), await ctx.newLocation()];
    const started = performance.now();
    await seedDemoCustomers(ctx.database.db, first._id, 1);
    const elapsed = performance.now() - started;
    // Spec target is ~2 s on PGlite; the bound leaves room for a loaded test machine.
    expect(elapsed).toBeLessThan(8000);
    await seedDemoCustomers(ctx.database.db, second._id, 1);

    const db = ctx.database.db;
    const rowsOf = (locationId: string) =>
      db
        .select({
          name: customers.customer_name,
          phone: customers.customer_phone,
          birthdate: customers.customer_birthdate,
          sms: customers.customer_sms_permission,
        })
        .from(customers)
        .where(eq(customers.location_id, locationId))
        .orderBy(asc(customers.customer_phone));
    const rows = await rowsOf(first._id);
    expect(rows).toHaveLength(DEMO_CUSTOMERS_PER_MALL);
    expect(await rowsOf(second._id)).toEqual(rows);
    for (const row of rows) expect(normalizePhone(row.phone)).toBe(row.phone);

    const [granted] = await db
      .select({ count: count() })
      .from(customers)
      .where(and(eq(customers.location_id, first._id), eq(customers.customer_sms_permission, true)));
    const [events] = await db
      .select({ count: count() })
      .from(customerConsentEvents)
      .innerJoin(customers, eq(customers._id, customerConsentEvents.customer_id))
      .where(
        and(
          eq(customers.location_id, first._id),
          eq(customerConsentEvents.channel, 'sms'),
          eq(customerConsentEvents.source, 'import'),
        ),
      );
    expect(events!.count).toBe(granted!.count);
    expect(granted!.count).toBeGreaterThan(DEMO_CUSTOMERS_PER_MALL / 3);
  });
});
