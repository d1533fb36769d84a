import { z } from 'zod';
import { objectId } from '../common/ids';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/list-query';
import { isoDate, requiredText, singleLineText } from '../common/text';
import { customerPhone } from '../customers/phone';

/**
 * Spec §3 Lendable item and the lending filter, §4 Lending, §5 Lendable item, §7 `GET /lending`,
 * `PATCH /lending/{id}`, `GET /lending/export`, `GET`/`POST /lendible-item`, `PUT /lendible-item/{id}`
 * (issue 17 #3). A mall lends its visitors strollers, wheelchairs, power banks: an item is lent to one
 * customer at a time. A lending waits in queue, is started when the item is handed over (approved) and
 * done when it comes back.
 */

/** Whether the item may be lent at all (in service) or is kept back (broken, cleaning). */
export const lendingItemStatuses = ['active', 'inactive'] as const;
export const lendingItemStatus = z.enum(lendingItemStatuses);
export type LendingItemStatus = z.infer<typeof lendingItemStatus>;

export const LENDING_LIMITS = { itemNo: 30, itemName: 100 } as const;

/** The multipart text fields of `POST /lendible-item` and `PUT /lendible-item/{id}`; the image is `itemImage`. */
export const lendingItemFields = z.strictObject({
  itemNo: requiredText(LENDING_LIMITS.itemNo),
  itemName: requiredText(LENDING_LIMITS.itemName),
  status: lendingItemStatus,
});
export type LendingItemFields = z.input<typeof lendingItemFields>;
export const LENDING_ITEM_TEXT_FIELDS = ['itemNo', 'itemName', 'status'] as const;
export const LENDING_ITEM_IMAGE_FIELD = 'itemImage';

export const lendingItem = z.object({
  _id: objectId,
  itemNo: z.string(),
  itemName: z.string(),
  itemImage: z.string(),
  status: lendingItemStatus,
  /** The lending holding the item now (started), if any. */
  item_lent_to: z
    .object({ lending_id: objectId, customer_name: z.string(), customer_surname: z.string() })
    .nullable(),
  item_queue_length: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LendingItem = z.infer<typeof lendingItem>;

/** `GET /lendible-item`: the screen loads every item (spec §9: limit 1000). */
export const lendingItemListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(1000),
  page: z.coerce.number().int().min(1).default(1),
});

export const lendingStatuses = ['in_queue', 'started', 'done'] as const;
export const lendingStatus = z.enum(lendingStatuses);
export type LendingStatus = z.infer<typeof lendingStatus>;

/**
 * `PATCH /lending/{id}`: `approved` hands the item over (in queue → started; refused while another
 * customer has it), `done` takes it back (started → done).
 */
export const lendingStatusInput = z.strictObject({ status: z.enum(['approved', 'done']) });
export type LendingStatusInput = z.infer<typeof lendingStatusInput>;

/** `POST /lending`: the desk puts a customer of the mall, by phone, in the item's queue. */
export const lendingInput = z.strictObject({
  lending_item_id: objectId,
  customer_phone: customerPhone,
});
export type LendingInput = z.input<typeof lendingInput>;

export const lending = z.object({
  _id: objectId,
  lending_item_id: objectId,
  itemNo: z.string(),
  itemName: z.string(),
  itemImage: z.string(),
  customer_id: objectId,
  customer_name: z.string(),
  customer_surname: z.string(),
  customer_phone: z.string(),
  lending_status: lendingStatus,
  /** When the item was handed over (st) and brought back (et). */
  lending_started_at: z.string().nullable(),
  lending_ended_at: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lending = z.infer<typeof lending>;

/**
 * The lending filter of spec §3 (item name, itemNo, start and end ranges as dates, inclusive, at
 * the mall's time) with `page` and `limit` (§7, §9: page 1, limit 10); the export takes the filter alone.
 */
const lendingFilterShape = {
  item: singleLineText().max(100).optional(),
  itemNo: singleLineText().max(LENDING_LIMITS.itemNo).optional(),
  lending_status: lendingStatus.optional(),
  stStart: isoDate().optional(),
  stEnd: isoDate().optional(),
  etStart: isoDate().optional(),
  etEnd: isoDate().optional(),
};
const rangesInOrder = (
  values: Partial<Record<'stStart' | 'stEnd' | 'etStart' | 'etEnd', string>>,
  context: z.RefinementCtx,
) => {
  for (const [from, to] of [
    ['stStart', 'stEnd'],
    ['etStart', 'etEnd'],
  ] as const) {
    const start = values[from];
    const end = values[to];
    if (start && end && end < start)
      context.addIssue({ code: 'custom', path: [to], message: 'validation.dateRangeReversed' });
  }
};
export const lendingExportQuery = z.strictObject(lendingFilterShape).superRefine(rangesInOrder);
export type LendingFilter = z.infer<typeof lendingExportQuery>;
export const lendingListQuery = z
  .strictObject({
    ...lendingFilterShape,
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    page: z.coerce.number().int().min(1).default(1),
  })
  .superRefine(rangesInOrder);
export type LendingListQuery = z.input<typeof lendingListQuery>;

/** The words of lending states, on screens and in the export. */
export const lendingStatusLabels = {
  tr: { in_queue: 'Kuyrukta', started: 'Başladı', done: 'Bitti' },
  en: { in_queue: 'In queue', started: 'Started', done: 'Done' },
} as const satisfies Record<'tr' | 'en', Record<LendingStatus, string>>;

/** The export's headers and sheet name. */
export const lendingExportLabels = {
  tr: {
    sheet: 'Ödünç Verilenler',
    itemNo: 'Eşya No',
    itemName: 'Eşya Adı',
    customer_name: 'Ad',
    customer_surname: 'Soyad',
    customer_phone: 'Telefon',
    lending_status: 'Durum',
    createdAt: 'Kuyruğa Alınma',
    lending_started_at: 'Başlangıç',
    lending_ended_at: 'Bitiş',
  },
  en: {
    sheet: 'Lendings',
    itemNo: 'Item No',
    itemName: 'Item Name',
    customer_name: 'Name',
    customer_surname: 'Surname',
    customer_phone: 'Phone',
    lending_status: 'Status',
    createdAt: 'Queued',
    lending_started_at: 'Started',
    lending_ended_at: 'Ended',
  },
} as const;
