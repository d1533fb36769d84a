import {
  type LoyaltyCustomerSummary,
  type LoyaltyCustomersFilter,
  type LoyaltyCustomersSortKey,
  loyaltyCustomerSummary,
  type SortOrder,
} from '@avlu/contracts';
import { defineResource, filterList } from '../../lib/resource';

type LoyaltyCustomersQuery = {
  pagination: { limit: number; currentPage: number };
  keyword?: string;
  order?: SortOrder;
  orderBy?: LoyaltyCustomersSortKey;
  filter?: LoyaltyCustomersFilter;
};

/** Spec §7 "Loyalty customers": the mall's customers with points, `POST /loyalty-customer/customers/filter`. */
export const loyaltyCustomers = defineResource<LoyaltyCustomerSummary, never, LoyaltyCustomersQuery>({
  name: 'loyalty-customers',
  path: '/loyalty-customer/customers',
  item: loyaltyCustomerSummary,
  list: filterList('/loyalty-customer/customers/filter'),
});
