import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countingSelects, useTestApp } from '../../../test/helper';
import type { Notices } from '../../platform/db/notices';
import { keptLocations, LOCATIONS_CHANNEL } from './locations.service';
import { locations } from './locations.tables';

const ctx = useTestApp();

const countingDb = () => countingSelects(ctx.database.db);
// A write's notice comes back through the listening connection on PostgreSQL; on PGlite before the answer.
const heard = () => ctx.database.notices.heardAll(LOCATIONS_CHANNEL);

describe('malls kept in memory', () => {
  it('are read once, then served from memory, and read again as soon as any mall changes or goes', async () => {
    const { db, reads } = countingDb();
    const malls = await keptLocations(db, ctx.database.notices);
    try {
      const mall = await ctx.newLocation({ location_name: 'Kordon AVM' });
      expect((await malls.find(mall._id))?.location_name).toBe('Kordon AVM');
      expect((await malls.find(mall._id))?.location_name).toBe('Kordon AVM');
      expect(reads.count).toBe(1);

      // Changed behind the app's back, by hand: the trigger's notice drops what was kept.
      await ctx.database.db
        .update(locations)
        .set({ location_name: 'Kordon Park AVM' })
        .where(eq(locations._id, mall._id));
      await heard();
      expect((await malls.find(mall._id))?.location_name).toBe('Kordon Park AVM');
      expect(reads.count).toBe(2);

      await ctx.database.db.delete(locations).where(eq(locations._id, mall._id));
      await heard();
      expect(await malls.find(mall._id)).toBeUndefined();
    } finally {
      malls.close();
    }
  });

  it('never keep a miss, so a new mall is found at once', async () => {
    const { db, reads } = countingDb();
    const malls = await keptLocations(db, ctx.database.notices);
    try {
      const unknown = '64b00000000000000000ffff';
      expect(await malls.find(unknown)).toBeUndefined();
      expect(await malls.find(unknown)).toBeUndefined();
      expect(reads.count).toBe(2);
    } finally {
      malls.close();
    }
  });

  it('keep nothing while the notice connection is down', async () => {
    const { db, reads } = countingDb();
    const down: Notices = { ...ctx.database.notices, live: () => false };
    const malls = await keptLocations(db, down);
    try {
      const mall = await ctx.newLocation();
      for (let call = 0; call < 3; call++) expect((await malls.find(mall._id))?._id).toBe(mall._id);
      expect(reads.count).toBe(3);
    } finally {
      malls.close();
    }
  });

  it('answer a mall-scoped call for a mall removed a moment ago with 404', async () => {
    const mall = await ctx.newLocation();
    const list = () =>
      ctx.inject({
        method: 'POST',
        url: `/api/customer/filter?locationId=${mall._id}`,
        payload: { pagination: { limit: 1, currentPage: 1 } },
      });
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    await ctx.database.db.delete(locations).where(eq(locations._id, mall._id));
    await heard();
    expect((await list()).statusCode).toBe(404);
  });
});
