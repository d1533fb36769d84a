import type { PointProviderType } from '@avlu/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { storeCategories, stores } from '../stores/stores.tables';
import { pointProviders } from './point-providers.tables';

type DemoProvider = {
  name: string;
  type: PointProviderType;
  priority: number;
  minAmount: number;
  /** Points per lira. */
  multiplier: number;
  /** A store provider: the mall's open stores of these categories (Turkish names), at most `take`. */
  storesOf?: readonly string[];
  take?: number;
  /** A category provider: these categories (Turkish names). */
  categories?: readonly string[];
};

/**
 * Six earning rules, from the catch-all to the most particular: the default earns everywhere, the
 * supermarkets and fashion earn by category, electronics and the food court by store, and the
 * partner bank's card points come from outside. Where several match, the highest priority wins:
 * 1 is the highest, so the most particular rules have the smallest numbers.
 */
const demoProviders: readonly DemoProvider[] = [
  { name: 'Genel Puan Kuralı', type: 'default', priority: 90, minAmount: 50, multiplier: 0.02 },
  { name: 'Anadolu Bank Kart Puanları', type: 'outsource', priority: 80, minAmount: 1, multiplier: 0.01 },
  {
    name: 'Süpermarket Alışverişleri',
    type: 'category',
    priority: 40,
    minAmount: 100,
    multiplier: 0.01,
    categories: ['Süpermarket'],
  },
  {
    name: 'Giyim ve Ayakkabı Puanı',
    type: 'category',
    priority: 30,
    minAmount: 250,
    multiplier: 0.05,
    categories: ['Giyim', 'Ayakkabı & Çanta'],
  },
  {
    name: 'Elektronik Mağazaları',
    type: 'store',
    priority: 20,
    minAmount: 500,
    multiplier: 0.03,
    storesOf: ['Elektronik'],
    take: 4,
  },
  {
    name: 'Yeme-İçme Ekstra Puan',
    type: 'store',
    priority: 10,
    minAmount: 75,
    multiplier: 0.1,
    storesOf: ['Yeme-İçme', 'Kafe'],
    take: 5,
  },
];

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo mall's point providers (first start with DEMO_DATA), after its store directory: valid
 * from the first day of this year to the last of next year. `mallNo` (1, 2, …) shifts the second
 * mall's multipliers and minimums a little, so the two malls' rules differ.
 */
export const seedDemoPointProviders = async (db: Database, locationId: string, mallNo: number) => {
  const categories = await db
    .select({ _id: storeCategories._id, name: storeCategories.store_category_name })
    .from(storeCategories)
    .where(eq(storeCategories.location_id, locationId));
  const categoryIds = (names: readonly string[]) =>
    categories.filter((category) => names.includes(category.name)).map((category) => category._id);
  const openStores = async (names: readonly string[], take: number) =>
    (
      await db
        .select({ _id: stores._id })
        .from(stores)
        .where(
          and(
            eq(stores.location_id, locationId),
            eq(stores.store_is_active, true),
            inArray(stores.store_category_id, categoryIds(names)),
          ),
        )
        .orderBy(asc(stores.store_name))
        .limit(take)
    ).map((row) => row._id);
  const year = new Date().getUTCFullYear();
  const values: (typeof pointProviders.$inferInsert)[] = [];
  for (const provider of demoProviders) {
    const storeIds = provider.storesOf ? await openStores(provider.storesOf, provider.take ?? 3) : [];
    const ids = provider.categories ? categoryIds(provider.categories) : [];
    // A directory without the demo's categories leaves the rule out rather than saving it empty.
    if ((provider.type === 'store' && !storeIds.length) || (provider.type === 'category' && !ids.length))
      continue;
    values.push({
      location_id: locationId,
      point_provider_name: provider.name,
      point_provider_name_key: nameKey(provider.name),
      point_provider_type: provider.type,
      point_provider_priority: provider.priority + (mallNo - 1),
      point_provider_min_amount: provider.minAmount * mallNo,
      point_provider_points_multiplier: Math.min(
        0.9,
        Math.round((provider.multiplier + (mallNo - 1) * 0.01) * 100) / 100,
      ),
      point_provider_start_at: day(new Date(Date.UTC(year, 0, 1))),
      point_provider_end_at: day(new Date(Date.UTC(year + 1, 11, 31))),
      point_provider_store_ids: storeIds,
      point_provider_category_ids: ids,
      currency: 'TRY',
    });
  }
  if (values.length === 0) return [];
  const rows = await db.insert(pointProviders).values(values).returning({ _id: pointProviders._id });
  return rows.map((row) => row._id);
};
