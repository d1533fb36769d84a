import {
  type BurnPointsInput,
  type BurnPreparation,
  burnPreparation,
  type CancelRedemptionInput,
  type LoyaltyCustomer,
  type LoyaltyCustomerExportQuery,
  type LoyaltyCustomerFilter,
  type LoyaltyGift,
  type LoyaltyGiftFilter,
  type LoyaltyGiftInput,
  loyaltyCustomer,
  loyaltyGift,
  loyaltyGiftInput,
  type SentAndSaveInput,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ApiError, api, type DownloadProgress } from '../../lib/api';
import { defineResource, filterList } from '../../lib/resource';
import { pointKeys } from './points.resource';

type Page = { pagination: { limit: number; currentPage: number } };

/**
 * Spec §7 "Gifts": the list is `POST /loyalty-gift/filter`, one gift `GET`/`PUT`/`DELETE
 * /loyalty-gift/{id}`, a new one `POST /loyalty-gift`.
 */
export const gifts = defineResource<
  LoyaltyGift,
  LoyaltyGiftInput,
  Page & { keyword?: string; filter?: LoyaltyGiftFilter }
>({
  name: 'loyalty-gifts',
  path: '/loyalty-gift',
  item: loyaltyGift,
  input: loyaltyGiftInput,
  list: filterList('/loyalty-gift/filter'),
  messages: {
    created: 'loyalty:gifts.created',
    updated: 'loyalty:gifts.updated',
    removed: 'loyalty:gifts.removed',
  },
});
export const GIFTS_PATH = '/loyalty/gifts';

/** The gifted customers (redemptions): `POST /loyalty-customer/filter`; changed by send and cancel. */
export const redemptions = defineResource<
  LoyaltyCustomer,
  never,
  Page & { keyword?: string; filter?: LoyaltyCustomerFilter }
>({
  name: 'loyalty-redemptions',
  path: '/loyalty-customer',
  item: loyaltyCustomer,
  list: filterList('/loyalty-customer/filter'),
});

const burnKeys = { of: (customerId: string) => ['burn-preparation', customerId] as const };

/** `GET /loyalty-customer/burn-points/{customerId}`: balance, history, redemptions and affordable gifts. */
export const useBurnPreparation = (customerId: string | undefined) =>
  useQuery<BurnPreparation, ApiError>({
    queryKey: burnKeys.of(customerId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/loyalty-customer/burn-points/${customerId}`, { schema: burnPreparation, signal }),
    enabled: Boolean(customerId),
  });

/**
 * `POST /loyalty-customer/burn-points` with the dialog's `Idempotency-Key` (one per opening): a
 * retried confirmation redeems once. The customer's page, points, the gifts' stock and the gifted
 * list follow.
 */
export const useBurnPoints = () =>
  gifts.useAction(
    ({ input, key }: { input: BurnPointsInput; key: string }) =>
      api.post('/loyalty-customer/burn-points', input, {
        headers: { 'idempotency-key': key },
        schema: loyaltyCustomer,
        dedupe: false,
      }),
    {
      invalidates: ({ input }) => [
        burnKeys.of(input.loyalty_customer),
        pointKeys.all(input.loyalty_customer),
        gifts.keys.all,
        redemptions.keys.all,
      ],
      success: 'loyalty:redeem.done',
      error: false,
    },
  );

const afterChange = (row: LoyaltyCustomer) => [
  redemptions.keys.all,
  gifts.keys.all,
  burnKeys.of(row.loyalty_customer),
  pointKeys.all(row.loyalty_customer),
];

/** `POST /loyalty-customer/{id}/sent-and-save`: new → waiting. */
export const useSendRedemption = () =>
  redemptions.useAction(
    ({ row, input }: { row: LoyaltyCustomer; input: SentAndSaveInput }) =>
      api.post(`/loyalty-customer/${row._id}/sent-and-save`, input, { schema: loyaltyCustomer }),
    { invalidates: ({ row }) => afterChange(row), success: 'loyalty:gifted.sent', error: false },
  );

/** `POST /loyalty-customer/{id}/cancel`: the points and the stock come back. */
export const useCancelRedemption = () =>
  redemptions.useAction(
    ({ row, input }: { row: LoyaltyCustomer; input: CancelRedemptionInput }) =>
      api.post(`/loyalty-customer/${row._id}/cancel`, input, { schema: loyaltyCustomer }),
    { invalidates: ({ row }) => afterChange(row), success: 'loyalty:gifted.cancelled', error: false },
  );

/**
 * `GET /loyalty-customer/export`: the gifted customers the list's filter and keyword find, as an
 * xlsx; the filter's fields go flat in the query string beside the keyword.
 */
export const exportRedemptions = (
  { filter, keyword }: { filter: LoyaltyCustomerFilter; keyword?: string | undefined },
  onProgress: (progress: DownloadProgress) => void,
) =>
  api.download('GET', '/loyalty-customer/export', {
    query: { ...filter, keyword } satisfies LoyaltyCustomerExportQuery,
    onProgress,
    filename: 'hediye-verilen-musteriler.xlsx',
  });
