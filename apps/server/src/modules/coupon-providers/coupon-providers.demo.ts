import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { stores } from '../stores/stores.tables';
import { couponProviders } from './coupon-providers.tables';

/** Parties outside the directory that honour codes: the partners of the demo's code campaigns first. */
const demoOthers = ['Anadolu Bank Kart Programı', 'Yemeksepeti Partner', 'Otopark İşletmesi'];

/**
 * The demo mall's coupon providers (first start with DEMO_DATA): three parties outside the
 * directory and the first five open stores, named after their store. Answers their ids, the other
 * parties first, for the demo campaigns to name.
 */
export const seedDemoCouponProviders = async (
  db: Database,
  locationId: string,
  storeIds: readonly string[],
) => {
  const named = await db
    .select({ _id: stores._id, store_name: stores.store_name })
    .from(stores)
    .where(inArray(stores._id, [...storeIds.slice(0, 5)]));
  const rows = await db
    .insert(couponProviders)
    .values([
      ...demoOthers.map((name) => ({
        location_id: locationId,
        coupon_provider_name: name,
        coupon_provider_name_key: nameKey(name),
        coupon_provider_type: 'other' as const,
      })),
      ...named.map((store) => ({
        location_id: locationId,
        coupon_provider_name: store.store_name,
        coupon_provider_name_key: nameKey(store.store_name),
        coupon_provider_type: 'store' as const,
        coupon_provider_store_id: store._id,
      })),
    ])
    .returning({ _id: couponProviders._id });
  return rows.map((row) => row._id);
};
