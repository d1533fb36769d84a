import type { Language } from '../i18n/languages';
import type { StoreImportColumn } from './import';

/**
 * The words people read for store fields, in each language: the export writes them, the import
 * reads them back (in either language), and the back-office's `stores` catalogue shows the same.
 */
export const storeColumnLabels: Record<Language, Record<StoreImportColumn, string>> = {
  tr: {
    store_name: 'Mağaza adı',
    store_category: 'Kategori',
    store_floor: 'Kat',
    store_unit_no: 'Birim no',
    store_phone: 'Telefon',
    store_website: 'Web sitesi',
    store_cms_id: 'CMS kimliği',
    store_is_active: 'Aktif',
  },
  en: {
    store_name: 'Store name',
    store_category: 'Category',
    store_floor: 'Floor',
    store_unit_no: 'Unit no',
    store_phone: 'Phone',
    store_website: 'Website',
    store_cms_id: 'CMS id',
    store_is_active: 'Active',
  },
};

/** Other headers sheets write for the same columns, still read by the import. */
export const storeColumnAliases: Partial<Record<StoreImportColumn, readonly string[]>> = {
  store_name: ['Mağaza', 'Store', 'Ad', 'Name'],
  store_category: ['Kategori adı', 'Category name', 'store_category_name', 'store_category_name_en'],
  store_unit_no: ['Birim', 'Dükkan no', 'Unit'],
  store_website: ['Web', 'Web sitesi adresi', 'Website address'],
  store_is_active: ['Durum', 'Status', 'Aktif mi'],
};

/** The sheet's name in each language. */
export const storeSheetLabels: Record<Language, string> = { tr: 'Mağazalar', en: 'Stores' };
