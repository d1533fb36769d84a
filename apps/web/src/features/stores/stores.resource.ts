import {
  type Store,
  type StoreCategory,
  type StoreCategoryInput,
  type StoreExportBody,
  type StoreImportResult,
  type StoreInput,
  store,
  storeCategory,
  storeCategoryInput,
  storeImportResult,
  storeInput,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api, type DownloadProgress, type UploadProgress } from '../../lib/api';
import { defineResource, filterList } from '../../lib/resource';
import { imageValue } from '../account/upload-image';

/**
 * The mall's stores (issue 13 #1): the list is POST /data/stores/filter (keyword, category and
 * active filters), one store GET/PUT/DELETE /data/stores/{id}, a new one POST /data/stores.
 */
export const stores = defineResource<Store, StoreInput>({
  name: 'stores',
  path: '/data/stores',
  item: store,
  input: storeInput,
  list: filterList('/data/stores/filter'),
  messages: { created: 'stores:created', updated: 'stores:updated', removed: 'stores:removed' },
});

/** Store categories: GET (list) and POST /data/categories, GET/PUT/DELETE /data/categories/{id}. */
export const storeCategories = defineResource<StoreCategory, StoreCategoryInput>({
  name: 'store-categories',
  path: '/data/categories',
  item: storeCategory,
  input: storeCategoryInput,
  messages: {
    created: 'stores:categories.created',
    updated: 'stores:categories.updated',
    removed: 'stores:categories.removed',
  },
});

/**
 * Every store of the mall (`GET /data/stores?showAll=true`, which any staff of the mall may read):
 * the store pickers of campaigns and the other modules. Refreshed with the store lists.
 */
export const useAllStores = () =>
  useQuery<Store[], ApiError>({
    queryKey: [...stores.keys.lists(), 'all'],
    queryFn: ({ signal }) =>
      api.get('/data/stores', { query: { showAll: true }, schema: z.array(store), signal, dedupe: false }),
    staleTime: 60_000,
  });

/** Every category of the mall (`showAll=true`), for the pickers and the list's filter. */
export const useAllStoreCategories = () =>
  storeCategories.useList(
    { pagination: { limit: 1000, currentPage: 1 }, filter: { showAll: 'true' } },
    { staleTime: 60_000 },
  );

/** A category's name in the language of the screen. */
export const categoryName = (
  row: Pick<StoreCategory, 'store_category_name' | 'store_category_name_en'>,
  language: string,
) => (language === 'en' ? row.store_category_name_en || row.store_category_name : row.store_category_name);

/** POST /data/stores/export: the list as it is filtered, as an xlsx (save it with `useExport`). */
export const exportStores = (body: StoreExportBody, onProgress: (progress: DownloadProgress) => void) =>
  api.download('POST', '/data/stores/export', { body, onProgress, filename: 'stores.xlsx' });

/** POST /data/stores/import (multipart, field store_data). */
export const importStores = (file: File, onProgress: (progress: UploadProgress) => void) => {
  const body = new FormData();
  body.append('store_data', file);
  return api.upload<StoreImportResult>('POST', '/data/stores/import', body, {
    schema: storeImportResult,
    onProgress,
  });
};

/** An unpicked category is a missing one, which the form words as required. */
const blankToMissing = (value: unknown) => (value === null || value === '' ? undefined : value);

/** The store form: the contracts input, with the logo a chosen file (uploaded on save) or its URL. */
export const storeForm = storeInput.extend({
  store_category_id: z.preprocess(blankToMissing, storeInput.shape.store_category_id),
  store_logo: imageValue,
});
export type StoreFormInput = z.input<typeof storeForm>;
export type StoreFormValues = z.output<typeof storeForm>;
