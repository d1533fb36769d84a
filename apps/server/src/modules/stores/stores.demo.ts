import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { storeCategoryColumns } from './stores.service';
import { storeCategories, stores } from './stores.tables';

type DemoCategory = { tr: string; en: string; floors: readonly string[]; brands: readonly string[] };

/**
 * The demo malls' store directory: 15 categories of well-known Turkish and international mall
 * brands, each category on the floors such shops usually take. Every mall takes its own selection,
 * floors and unit numbers from these, so the two demo directories differ.
 */
const demoCategories: DemoCategory[] = [
  {
    tr: 'Giyim',
    en: 'Clothing',
    floors: ['Zemin Kat', '1. Kat'],
    brands: [
      'LC Waikiki',
      'Koton',
      'DeFacto',
      'Mavi',
      'Zara',
      'H&M',
      'Mango',
      'Bershka',
      'Pull&Bear',
      'Stradivarius',
      'Colin’s',
      'İpekyol',
      'Vakko',
      'Network',
      'Beymen Club',
      'Kiğılı',
      'Altınyıldız Classics',
    ],
  },
  {
    tr: 'Ayakkabı & Çanta',
    en: 'Shoes & Bags',
    floors: ['Zemin Kat', '1. Kat'],
    brands: [
      'FLO',
      'Hotiç',
      'Derimod',
      'Ziya Deri',
      'Desa',
      'Skechers',
      'Instreet',
      'Polaris',
      'Deichmann',
      'Camper',
    ],
  },
  {
    tr: 'Elektronik',
    en: 'Electronics',
    floors: ['-1. Kat', 'Zemin Kat'],
    brands: [
      'MediaMarkt',
      'Teknosa',
      'Vatan Bilgisayar',
      'Apple Store',
      'Samsung',
      'Xiaomi',
      'Turkcell',
      'Vodafone',
      'Türk Telekom',
      'Arçelik',
      'Vestel',
    ],
  },
  {
    tr: 'Kozmetik',
    en: 'Cosmetics',
    floors: ['Zemin Kat'],
    brands: [
      'Gratis',
      'Watsons',
      'Sephora',
      'MAC',
      'Flormar',
      'Golden Rose',
      'Rossmann',
      'The Body Shop',
      'Kiko Milano',
    ],
  },
  {
    tr: 'Yeme-İçme',
    en: 'Food Court',
    floors: ['2. Kat'],
    brands: [
      'Köfteci Yusuf',
      'Simit Sarayı',
      'Burger King',
      'McDonald’s',
      'Popeyes',
      'Sbarro',
      'Tavuk Dünyası',
      'HD İskender',
      'Baydöner',
      'Domino’s Pizza',
      'Usta Dönerci',
      'Big Chefs',
    ],
  },
  {
    tr: 'Kafe',
    en: 'Café',
    floors: ['Zemin Kat', '2. Kat'],
    brands: [
      'Starbucks',
      'Kahve Dünyası',
      'Gloria Jean’s',
      'Caribou Coffee',
      'Mado',
      'Özsüt',
      'Tchibo',
      'Espressolab',
    ],
  },
  {
    tr: 'Ev & Yaşam',
    en: 'Home & Living',
    floors: ['-1. Kat', '1. Kat'],
    brands: [
      'English Home',
      'Madame Coco',
      'Karaca',
      'Paşabahçe',
      'IKEA Tasarım Noktası',
      'Koçtaş',
      'Zara Home',
      'Yataş',
      'Bellona',
      'Linens',
    ],
  },
  {
    tr: 'Spor',
    en: 'Sports',
    floors: ['1. Kat'],
    brands: [
      'Decathlon',
      'Nike',
      'Adidas',
      'Puma',
      'New Balance',
      'Columbia',
      'The North Face',
      'Sportive',
      'Intersport',
    ],
  },
  {
    tr: 'Çocuk',
    en: 'Kids',
    floors: ['1. Kat'],
    brands: [
      'Chicco',
      'Ebebek',
      'Toyzz Shop',
      'Mothercare',
      'LC Waikiki Kids',
      'Koton Kids',
      'Joker',
      'Eğlence Fabrikası Oyuncak',
    ],
  },
  {
    tr: 'Saat & Mücevher',
    en: 'Watches & Jewellery',
    floors: ['Zemin Kat'],
    brands: ['Atasay', 'Altınbaş', 'Swarovski', 'Pandora', 'Saat&Saat', 'Tous', 'Fossil', 'Swatch'],
  },
  {
    tr: 'Optik',
    en: 'Optics',
    floors: ['Zemin Kat', '1. Kat'],
    brands: ['Atasun Optik', 'Solaris', 'Göz Grup Optik', 'Ray-Ban', 'Optimar'],
  },
  {
    tr: 'Kitap & Kırtasiye',
    en: 'Books & Stationery',
    floors: ['1. Kat', '2. Kat'],
    brands: ['D&R', 'Remzi Kitabevi', 'Pandora Kitabevi', 'Nezih', 'Mephisto', 'Faber-Castell'],
  },
  {
    tr: 'Eğlence',
    en: 'Entertainment',
    floors: ['2. Kat', '3. Kat'],
    brands: ['Cinemaximum', 'Paribu Cineverse', 'Joypark', 'Bowling Park', 'Fun Lab', 'Kidzania Oyun Alanı'],
  },
  {
    tr: 'Hizmetler',
    en: 'Services',
    floors: ['-1. Kat', 'Zemin Kat'],
    brands: [
      'Garanti BBVA ATM',
      'İş Bankası',
      'Ziraat Bankası',
      'PTT',
      'Kuru Temizleme Ütü',
      'Anahtarcı & Kunduracı',
      'Döviz Bürosu',
      'Eczane',
      'Oto Yıkama',
    ],
  },
  {
    tr: 'Süpermarket',
    en: 'Supermarket',
    floors: ['-1. Kat'],
    brands: ['Migros', 'CarrefourSA', 'Macrocenter', 'A101', 'BİM', 'Şok'],
  },
];

/** A web site for a brand: its letters folded to ASCII, `.example.com` so no real shop is linked. */
const siteOf = (brand: string) =>
  `https://www.${nameKey(brand)
    .replace(/[çğıöşü]/g, (letter) => ({ ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' })[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '')}.example.com`;

/** Area codes of the demo malls (İstanbul Avrupa, İzmir), by the mall's place in the demo list. */
const AREA_CODES = ['212', '232'];

/**
 * The demo mall's stores and categories (first start with DEMO_DATA): about 120 stores in 15
 * categories. `mallNo` (1, 2, …) picks the selection, so each mall's directory is its own: a mall
 * leaves out a different few brands of each category, puts shops on its own floors and numbers, and
 * has a few inactive (closed for renovation) stores.
 */
export const seedDemoStores = async (db: Database, locationId: string, mallNo: number) => {
  const areaCode = AREA_CODES[(mallNo - 1) % AREA_CODES.length]!;
  const categoryRows = await db
    .insert(storeCategories)
    .values(
      demoCategories.map((category) => ({
        ...storeCategoryColumns({ store_category_name: category.tr, store_category_name_en: category.en }),
        location_id: locationId,
      })),
    )
    .returning({ _id: storeCategories._id });
  const values: (typeof stores.$inferInsert)[] = [];
  let serial = 0;
  demoCategories.forEach((category, categoryIndex) => {
    const keep = Math.max(5, category.brands.length - 1);
    // Each mall starts its selection at another brand of the category.
    const offset = (mallNo * 3 + categoryIndex) % category.brands.length;
    for (let pick = 0; pick < keep; pick++) {
      const brand = category.brands[(offset + pick) % category.brands.length]!;
      serial++;
      const floor = category.floors[(pick + mallNo) % category.floors.length]!;
      const floorCode = floor.startsWith('-') ? 'B' : floor.startsWith('Zemin') ? 'Z' : floor[0];
      const local = String(3_000_000 + ((serial * 7919 * mallNo) % 6_999_999)).padStart(7, '0');
      values.push({
        location_id: locationId,
        store_name: brand,
        store_name_key: nameKey(brand),
        store_category_id: categoryRows[categoryIndex]!._id,
        store_floor: floor,
        store_unit_no: `${floorCode}-${String(((serial * (mallNo + 4)) % 180) + 1).padStart(3, '0')}`,
        // Every fifth store has no phone of its own listed; the rest a landline of the mall's city.
        store_phone: serial % 5 === 0 ? null : `+90${areaCode}${local}`,
        store_website: serial % 4 === 0 ? null : siteOf(brand),
        store_cms_id: `CMS-${mallNo}${String(serial).padStart(4, '0')}`,
        store_is_active: (serial + mallNo) % 17 !== 0,
      });
    }
  });
  const inserted = await db
    .insert(stores)
    .values(values)
    .returning({ _id: stores._id, active: stores.store_is_active });
  return {
    categories: categoryRows.length,
    stores: values.length,
    /** The open stores, in the order above: campaigns and coupon providers of the demo name them. */
    activeStoreIds: inserted.filter((row) => row.active).map((row) => row._id),
  };
};
