import {
  type Lending,
  type LendingFilter,
  type LendingInput,
  type LendingItem,
  type ListQuery,
  lending,
  lendingInput,
  lendingItem,
  lendingItemFields,
} from '@avlu/contracts';
import { z } from 'zod';
import { api, type DownloadProgress } from '../../lib/api';
import { defineResource, type RequestSpec } from '../../lib/resource';
import { imageValue } from '../account/upload-image';

/** The spec's lending lists page with `page` and `limit` (§7), not `currentPage`. */
const pagedList =
  (path: string) =>
  ({ pagination, filter }: ListQuery): RequestSpec => ({
    method: 'GET',
    path,
    query: {
      limit: pagination.limit,
      page: pagination.currentPage,
      ...Object.fromEntries(
        Object.entries((filter ?? {}) as Record<string, string>).filter(([, value]) => value),
      ),
    },
  });

/** Lendable items: GET /lendible-item (all of them, limit 1000); POST and PUT are multipart (see saveItem). */
export const lendingItems = defineResource<LendingItem, never>({
  name: 'lending-items',
  path: '/lendible-item',
  item: lendingItem,
  list: pagedList('/lendible-item'),
});

/** Lendings: GET /lending with the §3 filter, POST /lending (queue a customer), PATCH /lending/{id}. */
export const lendings = defineResource<Lending, LendingInput>({
  name: 'lendings',
  path: '/lending',
  item: lending,
  input: lendingInput,
  list: pagedList('/lending'),
  messages: { created: 'lending:queued' },
});

/** The item form: the contracts fields and the image, a chosen file (required for a new item). */
export const lendingItemForm = lendingItemFields.extend({ itemImage: imageValue });
export type LendingItemFormInput = z.input<typeof lendingItemForm>;
export type LendingItemFormValues = z.output<typeof lendingItemForm>;

/** POST /lendible-item or PUT /lendible-item/{id} as multipart (itemNo, itemName, status, itemImage). */
export const saveItem = (id: string | undefined, values: LendingItemFormValues) => {
  const body = new FormData();
  body.append('itemNo', values.itemNo);
  body.append('itemName', values.itemName);
  body.append('status', values.status);
  if (values.itemImage instanceof File) body.append('itemImage', values.itemImage);
  return api.upload<LendingItem>(id ? 'PUT' : 'POST', id ? `/lendible-item/${id}` : '/lendible-item', body, {
    schema: lendingItem,
  });
};

/** PATCH /lending/{id}: approved hands the item over, done takes it back. */
export const changeLending = ({ id, status }: { id: string; status: 'approved' | 'done' }) =>
  api.patch(`/lending/${id}`, { status }, { schema: lending });

/** GET /lending/export with the list's filter, as an xlsx. */
export const exportLendings = (filter: LendingFilter, onProgress: (progress: DownloadProgress) => void) =>
  api.download('GET', '/lending/export', {
    query: Object.fromEntries(Object.entries(filter).filter(([, value]) => value)),
    onProgress,
    filename: 'lendings.xlsx',
  });

export const allItemsQuery = { pagination: { limit: 1000, currentPage: 1 } };
export const itemsList = z.array(lendingItem);
