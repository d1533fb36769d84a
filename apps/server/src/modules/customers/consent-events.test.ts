import type { Location } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { admins } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';
import { allowConsentErasure, consentHistory } from './consents.service';
import { customerConsentEvents, customers } from './customers.tables';
import { eraseDeletedCustomers } from './retention';

// Issue 10, point 24: the consent history is append-only in the database itself (consent-events.sql).
const ctx = useTestApp();
let mall: Location;
let phoneCount = 0;

beforeAll(async () => {
  mall = await ctx.newLocation();
});

/** A customer with one consent event given from an address by a staff user. */
const withHistory = async (location: Location = mall) => {
  const staff = await ctx.newStaff({ locations: [location] });
  const [customer] = await ctx.database.db
    .insert(customers)
    .values({ location_id: location._id, customer_phone: `+90536${String(1_000_000 + ++phoneCount)}` })
    .returning();
  const [event] = await ctx.database.db
    .insert(customerConsentEvents)
    .values({
      customer_id: customer!._id,
      channel: 'kvkk',
      granted: true,
      source: 'registration',
      staff_admin_id: staff._id,
      client_address: '203.0.113.7',
      agreement_version: '2026-11',
    })
    .returning();
  return { customer: customer!, event: event!, staff };
};

const eventOf = async (id: string) =>
  (await ctx.database.db.select().from(customerConsentEvents).where(eq(customerConsentEvents._id, id)))[0];

/** The engine's refusal, whichever way the driver wraps it. */
const refused = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (failure: unknown) => failure as Error & { cause?: Error },
  );
  expect(error, 'the statement was not refused').toBeDefined();
  expect(`${error?.message} ${error?.cause?.message}`).toContain('append-only');
};

describe('customer_consent_events', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { event } = await withHistory();
    const db = ctx.database.db;
    await refused(
      db.execute(sql`update customer_consent_events set consent_granted = false where _id = ${event._id}`),
    );
    await refused(
      db
        .update(customerConsentEvents)
        .set({ agreement_version: '1999-01' })
        .where(eq(customerConsentEvents._id, event._id)),
    );
    await refused(
      db
        .update(customerConsentEvents)
        .set({ at: new Date(0) })
        .where(eq(customerConsentEvents._id, event._id)),
    );
    // Clearing the address is erasure's, and only erasure's.
    await refused(
      db
        .update(customerConsentEvents)
        .set({ client_address: null })
        .where(eq(customerConsentEvents._id, event._id)),
    );
    await refused(db.execute(sql`delete from customer_consent_events where _id = ${event._id}`));
    await refused(db.execute(sql`truncate customer_consent_events`));
    expect(await eventOf(event._id)).toEqual(event);
  });

  it('lets erasure clear the address, and nothing more', async () => {
    const { event } = await withHistory();
    const db = ctx.database.db;
    await refused(
      db.transaction(async (tx) => {
        await allowConsentErasure(tx);
        await tx
          .update(customerConsentEvents)
          .set({ granted: false })
          .where(eq(customerConsentEvents._id, event._id));
      }),
    );
    await db.transaction(async (tx) => {
      await allowConsentErasure(tx);
      await tx
        .update(customerConsentEvents)
        .set({ client_address: null })
        .where(eq(customerConsentEvents._id, event._id));
    });
    expect(await eventOf(event._id)).toEqual({ ...event, client_address: null });
    // The permission ends with its transaction.
    await refused(db.execute(sql`delete from customer_consent_events where _id = ${event._id}`));
  });

  it('still lets the retention job erase a deleted customer', async () => {
    const { customer, event } = await withHistory();
    await ctx.database.db
      .update(customers)
      .set({ customer_deletedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(customers._id, customer._id));
    expect(await eraseDeletedCustomers(ctx.database.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await eventOf(event._id)).toEqual({ ...event, client_address: null });
  });

  it('keeps the history when a staff user is deleted, without the user', async () => {
    const { customer, event, staff } = await withHistory();
    await ctx.database.db.delete(admins).where(eq(admins._id, staff._id));
    expect(await eventOf(event._id)).toEqual({ ...event, staff_admin_id: null });
    expect((await consentHistory(ctx.database.db, customer._id))[0]).toMatchObject({ staff_name: null });
  });

  it('refuses to delete a mall with consent history, unless as a conscious erasure', async () => {
    const other = await ctx.newLocation();
    const { event } = await withHistory(other);
    await refused(ctx.database.db.delete(locations).where(eq(locations._id, other._id)));
    expect(await eventOf(event._id)).toBeDefined();
    await ctx.database.db.transaction(async (tx) => {
      await allowConsentErasure(tx);
      await tx.delete(locations).where(eq(locations._id, other._id));
    });
    expect(await eventOf(event._id)).toBeUndefined();
  });
});
