import {
  CUSTOMER_LIST_TOTAL_CAP,
  type ListResponse,
  type LoyaltyCustomerSummary,
  type LoyaltyCustomersListQuery,
  loyaltyCustomersListQuery,
  paginationOf,
} from '@avlu/contracts';
import { and, count, eq, exists, gt, gte, inArray, isNull, lte, max, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { listOrder } from '../../platform/db/list';
import { keywordWhere } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { receipts } from '../receipts/receipts.tables';
import { loyaltyTiers, pointBalances } from './loyalty.tables';

/**
 * The loyalty customers' sorts. Each is a column of the balance row with an index that starts with the
 * mall and ends with the customer (`point_balances_mall_balance`, `point_balances_mall_earned`), so a
 * page of a million customers sorted either way is read in order from the index and stops after the
 * page; the customer (not deleted, the keyword) is checked by primary key for the rows read. Filtered
 * by one tier and sorted by balance, the page is read in order from `point_balances_tier_balance`.
 * No sort by the last receipt: it is an aggregate of the customer's receipts, and no index orders the
 * mall's customers by it, so a page would aggregate every approved receipt of the mall first.
 */
const loyaltyCustomerList = {
  sortable: {
    point_balance: pointBalances.point_balance,
    point_earned_total: pointBalances.point_earned_total,
  },
  uniqueKey: pointBalances.customer_id,
  defaultSort: { orderBy: 'point_balance', order: 'desc' },
} as const;

/**
 * The latest approved receipt issued within [from, to]: one such receipt, and (with an end) none after
 * it. EXISTS rather than comparing a max() lets the planner either probe `receipts_customer` for the
 * balance rows it reads (a page stops after its rows) or join the mall's approved receipts once.
 */
const lastReceiptWhere = (db: Database, locationId: string, from?: string, to?: string) => {
  if (from === undefined && to === undefined) return undefined;
  const approvedOfCustomer = and(
    eq(receipts.customer_id, pointBalances.customer_id),
    eq(receipts.location_id, locationId),
    eq(receipts.receipt_status, 'approved'),
  );
  const within = and(
    approvedOfCustomer,
    from === undefined ? undefined : gte(receipts.receipt_date, new Date(from)),
    to === undefined ? undefined : lte(receipts.receipt_date, new Date(to)),
  );
  return and(
    exists(db.select({ one: sql`1` }).from(receipts).where(within)),
    to === undefined
      ? undefined
      : notExists(
          db
            .select({ one: sql`1` })
            .from(receipts)
            .where(and(approvedOfCustomer, gt(receipts.receipt_date, new Date(to)))),
        ),
  );
};

/**
 * `POST /loyalty-customer/customers/filter`: a page of the mall's customers who have a balance row,
 * with their tier and the issue date of their latest approved receipt. The total counts up to one past
 * the customer list's cap, as the customer list does.
 */
export const listLoyaltyCustomers = async (
  db: Database,
  locationId: string,
  input: LoyaltyCustomersListQuery,
): Promise<ListResponse<LoyaltyCustomerSummary>> => {
  const query = loyaltyCustomersListQuery.parse(input);
  const filter = query.filter ?? {};
  const where = and(
    eq(pointBalances.location_id, locationId),
    eq(customers.location_id, locationId),
    isNull(customers.customer_deletedAt),
    filter.loyalty_tier_id ? inArray(pointBalances.loyalty_tier_id, filter.loyalty_tier_id) : undefined,
    filter.point_balance_min === undefined
      ? undefined
      : gte(pointBalances.point_balance, filter.point_balance_min),
    filter.point_balance_max === undefined
      ? undefined
      : lte(pointBalances.point_balance, filter.point_balance_max),
    filter.point_earned_total_min === undefined
      ? undefined
      : gte(pointBalances.point_earned_total, filter.point_earned_total_min),
    filter.point_earned_total_max === undefined
      ? undefined
      : lte(pointBalances.point_earned_total, filter.point_earned_total_max),
    lastReceiptWhere(db, locationId, filter.last_receipt_date_from, filter.last_receipt_date_to),
    keywordWhere(query.keyword),
  );
  const { limit, currentPage } = query.pagination;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        customer_id: pointBalances.customer_id,
        customer_name: customers.customer_name,
        customer_surname: customers.customer_surname,
        customer_phone: customers.customer_phone,
        point_balance: pointBalances.point_balance,
        point_tier_points: pointBalances.point_tier_points,
        point_earned_total: pointBalances.point_earned_total,
        loyalty_tier_id: pointBalances.loyalty_tier_id,
        loyalty_tier_title: loyaltyTiers.loyalty_tier_title,
        loyalty_tier_title_en: loyaltyTiers.loyalty_tier_title_en,
      })
      .from(pointBalances)
      .innerJoin(customers, eq(customers._id, pointBalances.customer_id))
      .leftJoin(loyaltyTiers, eq(loyaltyTiers._id, pointBalances.loyalty_tier_id))
      .where(where)
      .orderBy(...listOrder(loyaltyCustomerList, query))
      .limit(limit)
      .offset((currentPage - 1) * limit),
    db.select({ count: count() }).from(
      db
        .select({ one: sql`1` })
        .from(pointBalances)
        .innerJoin(customers, eq(customers._id, pointBalances.customer_id))
        .where(where)
        .limit(CUSTOMER_LIST_TOTAL_CAP + 1)
        .as('counted'),
    ),
  ]);
  // The last receipts of the page's customers only, by `receipts_customer`: a subquery in the page's
  // select would run for every row an offset skips too.
  const ids = rows.map((row) => row.customer_id);
  const lastReceipts =
    ids.length === 0
      ? []
      : await db
          .select({ customer_id: receipts.customer_id, last: max(receipts.receipt_date) })
          .from(receipts)
          .where(
            and(
              inArray(receipts.customer_id, ids),
              eq(receipts.location_id, locationId),
              eq(receipts.receipt_status, 'approved'),
            ),
          )
          .groupBy(receipts.customer_id);
  const lastOf = new Map(lastReceipts.map((row) => [row.customer_id, row.last]));
  return {
    data: rows.map((row) => {
      const last = lastOf.get(row.customer_id);
      return { ...row, last_receipt_date: last ? new Date(last).toISOString() : null };
    }),
    pagination: paginationOf(total?.count ?? 0, query.pagination, CUSTOMER_LIST_TOTAL_CAP),
  };
};
