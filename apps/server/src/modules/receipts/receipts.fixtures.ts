import type { Location } from '@avlu/contracts';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';

/** The stores receipts are issued at: a new mall's category Giyim with Mavi and Koton in it. */
export const mallWithStores = async (
  db: Database,
  newLocation: () => Promise<Location>,
): Promise<{ mall: Location; mavi: string; koton: string }> => {
  const mall = await newLocation();
  const [category] = await db
    .insert(storeCategories)
    .values({
      location_id: mall._id,
      ...storeCategoryColumns({ store_category_name: 'Giyim', store_category_name_en: 'Fashion' }),
    })
    .returning();
  const rows = await db
    .insert(stores)
    .values(
      ['Mavi', 'Koton'].map((store_name) => ({
        location_id: mall._id,
        store_name,
        store_name_key: nameKey(store_name),
        store_category_id: category!._id,
        store_floor: 'Zemin Kat',
      })),
    )
    .returning();
  return { mall, mavi: rows[0]!._id, koton: rows[1]!._id };
};
