import {
  type PointAdjustmentInput,
  type PointHistory,
  pointAdjustmentInput,
  pointBalance,
  pointHistory,
} from '@avlu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiError, api } from '../../lib/api';
import { tiers } from './tiers.resource';

/** A customer's points: every page of their history under one key, refreshed by an adjustment. */
export const pointKeys = {
  all: (customerId: string) => ['customer-points', customerId] as const,
  page: (customerId: string, page: number, limit: number) =>
    ['customer-points', customerId, page, limit] as const,
};

/** `GET /loyalty-customer/points/{customerId}`: the balance, the tier and a page of the history. */
export const useCustomerPoints = (customerId: string, page: number, limit = 10) =>
  useQuery<PointHistory, ApiError>({
    queryKey: pointKeys.page(customerId, page, limit),
    queryFn: ({ signal }) =>
      api.get(`/loyalty-customer/points/${customerId}`, {
        query: { limit, currentPage: page },
        schema: pointHistory,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The adjustment dialog's fields: the customer is the page's. */
export const pointAdjustmentForm = pointAdjustmentInput.omit({ customer_id: true });

/**
 * `POST /loyalty-customer/adjust-points` with the dialog's `Idempotency-Key` (one per opening), so a
 * retry after a lost answer adds nothing; the tiers' counts change with it.
 */
export const useAdjustPoints = () =>
  tiers.useAction(
    ({ input, key }: { input: PointAdjustmentInput; key: string }) =>
      api.post('/loyalty-customer/adjust-points', input, {
        headers: { 'idempotency-key': key },
        schema: pointBalance,
        dedupe: false,
      }),
    {
      invalidates: ({ input }) => [pointKeys.all(input.customer_id), tiers.keys.all],
      success: 'loyalty:points.adjusted',
      error: false,
    },
  );
