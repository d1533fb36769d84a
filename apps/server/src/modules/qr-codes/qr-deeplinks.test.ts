import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { insertCampaign } from '../campaigns/campaign.fixtures';
import { LOCATIONS_CHANNEL } from '../locations/locations.service';
import { locations } from '../locations/locations.tables';
import { qrCodes } from './qr-codes.tables';
import { createDeepLinks, QR_CODES_CHANNEL } from './qr-redirect';

const ctx = useTestApp();

it('forgets what it keeps when a code or its mall changes, whoever wrote it, and not when scans are counted', async () => {
  const { db, notices } = ctx.database;
  const mall = await ctx.newLocation();
  await db.update(locations).set({ android_app: 'avm://home' }).where(eq(locations._id, mall._id));
  const first = await insertCampaign(db, mall._id);
  const second = await insertCampaign(db, mall._id);
  const [code] = await db
    .insert(qrCodes)
    .values({
      location_id: mall._id,
      qr_code_title: 'Giris',
      qr_code_type: 'campaign_detail',
      qr_code_campaign_id: first._id,
      qr_code_generation: 'automatic',
    })
    .returning();
  let queries = 0;
  const counting = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') queries++;
      return Reflect.get(target, property, receiver);
    },
  });
  // A day of memory: only a notice makes it read again here.
  const deepLinks = await createDeepLinks(counting, { notices, ttlMs: 86_400_000 });
  const find = () => deepLinks.find(code!._id, mall._id);
  /** A write by another process: straight into the table, then heard here as any notice is. */
  const elsewhere = async (channel: string, write: () => Promise<unknown>) => {
    await write();
    await notices.heardAll(channel);
  };
  try {
    expect((await find())?.androidApp).toBe(`avm://home?campaignId=${first._id}`);
    await find();
    expect(queries).toBe(1);

    // Counting scans (every second while a poster is scanned) keeps what is kept.
    await elsewhere(QR_CODES_CHANNEL, () =>
      db
        .update(qrCodes)
        .set({ qr_code_scan_count: sql`${qrCodes.qr_code_scan_count} + 5` })
        .where(eq(qrCodes._id, code!._id)),
    );
    await find();
    expect(queries).toBe(1);

    await elsewhere(QR_CODES_CHANNEL, () =>
      db.update(qrCodes).set({ qr_code_campaign_id: second._id }).where(eq(qrCodes._id, code!._id)),
    );
    expect((await find())?.androidApp).toBe(`avm://home?campaignId=${second._id}`);
    expect(queries).toBe(2);

    await elsewhere(LOCATIONS_CHANNEL, () =>
      db.update(locations).set({ android_app: 'avm://yeni' }).where(eq(locations._id, mall._id)),
    );
    expect((await find())?.androidApp).toBe(`avm://yeni?campaignId=${second._id}`);
    expect(queries).toBe(3);

    await elsewhere(QR_CODES_CHANNEL, () => db.delete(qrCodes).where(eq(qrCodes._id, code!._id)));
    expect(await find()).toBeUndefined();
  } finally {
    deepLinks.close();
  }
});
