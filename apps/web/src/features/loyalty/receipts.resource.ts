import {
  type Receipt,
  type ReceiptDetail,
  type ReceiptExportBody,
  type ReceiptFilter,
  type ReceiptSortKey,
  type ReceiptUpdateInput,
  receipt,
  receiptDetail,
  type SortOrder,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import { type ApiError, api, type DownloadProgress } from '../../lib/api';
import { defineResource, filterList } from '../../lib/resource';

dayjs.extend(utc);
dayjs.extend(timezone);

export const RECEIPTS_PATH = '/loyalty/receipts';

type ReceiptQuery = {
  pagination: { limit: number; currentPage: number };
  keyword?: string;
  order?: SortOrder;
  orderBy?: ReceiptSortKey;
  filter?: ReceiptFilter;
};

/**
 * Spec §7 "Receipts": the list is `POST /shopping-receipts/filter`, one receipt `GET`/`PUT`/`DELETE
 * /shopping-receipts/{id}`. Receipts are entered at the desk or uploaded on the micro-site, never here.
 */
export const receipts = defineResource<Receipt, never, ReceiptQuery, ReceiptUpdateInput>({
  name: 'receipts',
  path: '/shopping-receipts',
  item: receipt,
  list: filterList('/shopping-receipts/filter'),
  messages: { removed: 'loyalty:receipts.removed' },
});

/** `GET /shopping-receipts/{id}`: the receipt, its signed photo URLs and its points calculation. */
export const useReceipt = (id: string | undefined) =>
  useQuery<ReceiptDetail, ApiError>({
    queryKey: receipts.keys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get(`/shopping-receipts/${id}`, { schema: receiptDetail, signal }),
    enabled: Boolean(id),
  });

/** `PUT /shopping-receipts/{id}`: changed fields and the review (approve earns the points once). */
export const useReviewReceipt = () =>
  receipts.useAction(
    ({ id, input }: { id: string; input: ReceiptUpdateInput }) =>
      api.put(`/shopping-receipts/${id}`, input, { schema: receiptDetail }),
    {
      invalidates: ({ id }) => [receipts.keys.lists(), receipts.keys.detail(id)],
      success: (result: ReceiptDetail) => `loyalty:receipts.reviewed.${result.receipt_status}`,
      error: false,
    },
  );

/** The review queue: the oldest pending receipts first. */
const QUEUE_SIZE = 50;

/**
 * The pending receipt after `currentId` in the queue (oldest first), or the first pending one when
 * the current is no longer pending (just reviewed); undefined when nothing waits.
 */
export const nextPendingReceipt = async (currentId: string): Promise<string | undefined> => {
  const page = await receipts.calls.list({
    pagination: { limit: QUEUE_SIZE, currentPage: 1 },
    orderBy: 'createdAt',
    order: 'asc',
    filter: { receipt_status: ['pending'] },
  });
  const ids = page.data.map((row) => row._id);
  const at = ids.indexOf(currentId);
  return [...ids.slice(at + 1), ...ids.slice(0, Math.max(at, 0))].find((id) => id !== currentId);
};

/**
 * A day typed in the filter (YYYY-MM-DD) as the first or last moment of that day at the mall, in the
 * mall's time zone (`useMallTimezone`).
 */
export const dayBound = (day: string, end: 'start' | 'end', timezone: string) => {
  const moment = dayjs.tz(day, timezone);
  return (end === 'start' ? moment.startOf('day') : moment.endOf('day')).toISOString();
};

/** `POST /shopping-receipts/export`: the receipts the list's filter and keyword find, as an xlsx. */
export const exportReceipts = (body: ReceiptExportBody, onProgress: (progress: DownloadProgress) => void) =>
  api.download('POST', '/shopping-receipts/export', { body, onProgress, filename: 'fisler.xlsx' });

/** The customer detail's receipts tab: `GET /customer/receipt/{customerId}`, newest first. */
export const useCustomerReceipts = (customerId: string) =>
  useQuery<Receipt[], ApiError>({
    queryKey: [...receipts.keys.all, 'customer', customerId],
    queryFn: ({ signal }) => api.get(`/customer/receipt/${customerId}`, { schema: z.array(receipt), signal }),
  });
