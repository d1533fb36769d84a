import {
  CUSTOMER_IDS_CAP,
  CUSTOMER_LIST_TOTAL_CAP,
  type Customer,
  type CustomerListQuery,
  type CustomerSearchType,
  type ListResponse,
  type MarketingPermission,
  paginationOf,
  type SegmentFilter,
} from '@avlu/contracts';
import { and, count, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { keptSelect, pageParams, partQuery } from '../../platform/db/kept-select';
import { listOrder, listSource } from '../../platform/db/list';
import { alphabetical, foldedColumn, foldText } from '../../platform/db/search';
import { AppError, notFound } from '../../platform/errors';
import { locations } from '../locations/locations.tables';
import { revokeCustomerSessions } from '../micro-site/customer-sessions.service';
import { applyConsent, consentHistory } from './consents.service';
import { customerFacts, customers } from './customers.tables';
import { type Mall, mallToday } from './mall-date';
import { customerColumns, factColumns, segmentWhere } from './segment-sql';

const {
  customer_search: _search,
  location_id: _location,
  created_at,
  updated_at: _updated,
  ...columns
} = getTableColumns(customers);

/** Age in whole years on `today` (the mall's date, see mall-date.ts). */
export const ageOn = (today: string | SQL) =>
  sql<number | null>`date_part('year', age(${today}::date, ${customers.customer_birthdate}))::int`;

export const customerList = listSource({
  table: customers,
  fields: {
    ...columns,
    created_at,
    age: ageOn(sql`current_date`),
  },
  uniqueKey: customers._id,
  // The keyword is matched by `keywordWhere` below, on the indexed search column.
  search: [],
  // Names and provinces in Turkish alphabetical order (İzmir among the I's, not after Zonguldak).
  sortable: {
    createdAt: customers.created_at,
    customer_name: alphabetical(customers.customer_name),
    customer_surname: alphabetical(customers.customer_surname),
    customer_birthdate: customers.customer_birthdate,
    // Days lived: the same order as the age column, finer within a year; unknown birthdates last.
    age: sql`current_date - ${customers.customer_birthdate}`,
    customer_province: alphabetical(customers.customer_province),
  },
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

/** The list's fields with the age on the mall's today. */
export const customerFields = (today: string) => ({ ...customerList.fields, age: ageOn(today) });

type CustomerListRow = { [K in keyof typeof customerList.fields]: unknown } & Record<string, unknown>;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** A row of `customerList.fields` as the API answers it. */
export const toCustomer = (row: CustomerListRow): Customer => {
  const { created_at: createdAt, age, ...rest } = row;
  return {
    ...(rest as unknown as Customer),
    age: age === null || age === undefined ? null : Number(age),
    customer_sms_permission_date: iso(row.customer_sms_permission_date),
    customer_email_permission_date: iso(row.customer_email_permission_date),
    customer_call_permission_date: iso(row.customer_call_permission_date),
    customer_kvkk_permission_date: iso(row.customer_kvkk_permission_date),
    customer_deletedAt: iso(row.customer_deletedAt),
    createdAt: iso(createdAt) ?? '',
  };
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const PHONE_LIKE = /^[+\d\s()-]+$/;

/**
 * A keyword as a where-clause. Digits are matched against the stored E.164 number: '0532 12'
 * becomes '53212', since a national 0 is not part of it. Letters are folded like the search column
 * (Turkish letters to ASCII, lower case), so 'ışık' finds 'IŞIK' and 'İSTANBUL' finds 'istanbul'.
 */
export const keywordWhere = (keyword: string | undefined, searchType: CustomerSearchType = 'all') => {
  const text = keyword?.trim();
  if (!text) return undefined;
  if (PHONE_LIKE.test(text) && /\d/.test(text) && (searchType === 'all' || searchType === 'phone')) {
    const digits = `%${escapeLike(text.replace(/\D/g, '').replace(/^0(?!0)/, ''))}%`;
    // The search column holds the phone too, so its trigram index finds the candidates; the phone
    // itself decides (an email with the same digits is not a match).
    return sql`(${customers.customer_search} like ${digits} and ${customers.customer_phone} like ${digits})`;
  }
  const pattern = `%${escapeLike(foldText(text))}%`;
  // Name, surname and email are folded into the search column, so whatever one of them contains the
  // search column contains too: it comes first, for the trigram index; the column itself decides.
  const indexed = sql`${customers.customer_search} like ${pattern}`;
  switch (searchType) {
    case 'name':
      return sql`(${indexed} and (${foldedColumn(customers.customer_name)} like ${pattern} or ${foldedColumn(customers.customer_surname)} like ${pattern} or ${foldedColumn(sql`${customers.customer_name} || ' ' || ${customers.customer_surname}`)} like ${pattern}))`;
    case 'email':
      return sql`(${indexed} and ${foldedColumn(customers.customer_email)} like ${pattern})`;
    case 'phone':
      return sql`false`;
    default:
      return indexed;
  }
};

/** Customers of one mall that are not deleted: every list, count and segment starts here. */
export const activeIn = (locationId: string) =>
  and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt));

/**
 * A live customer of the mall, else 404 (another mall's or a deleted customer is not served). With
 * `deleted`, a deleted customer of the mall too (staff still read a deleted customer's codes and rights).
 */
export const assertCustomerOfMall = async (
  db: Database,
  locationId: string,
  customerId: string,
  { deleted = false }: { deleted?: boolean } = {},
) => {
  const [row] = await db
    .select({ _id: customers._id })
    .from(customers)
    .where(
      and(
        eq(customers._id, customerId),
        deleted ? eq(customers.location_id, locationId) : activeIn(locationId),
      ),
    );
  if (!row) throw notFound();
};

/** A segment of the mall's live customers as a where-clause on `customers`; `today` is the mall's date (mallToday). */
export const segmentOf = (locationId: string, filter: SegmentFilter | undefined, today: string): SQL =>
  and(activeIn(locationId), segmentWhere(filter, { today, columns: customerColumns })) as SQL;

/**
 * The same segment on `customer_facts`, the narrow copy that holds live customers only: what counts
 * and audiences read. The mall's number is looked up once per query.
 */
export const segmentFactsOf = (locationId: string, filter: SegmentFilter | undefined, today: string): SQL =>
  and(
    eq(
      customerFacts.location_no,
      sql`(select ${locations.location_no} from ${locations} where ${locations._id} = ${locationId})`,
    ),
    segmentWhere(filter, { today, columns: factColumns }),
  ) as SQL;

/** What the list's page and total keep their statements under (kept-select.ts). */
const customerPage = {};
const customerTotal = { count: count() };

export const listCustomers = async (
  db: Database,
  mall: Mall,
  query: CustomerListQuery,
): Promise<ListResponse<Customer>> => {
  const today = mallToday(mall);
  const where = and(segmentOf(mall._id, query.filter, today), keywordWhere(query.keyword, query.searchType));
  const { limit, currentPage } = query.pagination;
  const offset = (currentPage - 1) * limit;
  const filter = partQuery(where);
  const order = listOrder(customerList, query);
  const fields = customerFields(today);
  // The page and its total as two queries, side by side on PostgreSQL's pool, each statement kept per
  // shape (kept-select.ts). The total counts up to one past the cap: an exact count of a broad
  // segment reads a million rows for a 25-row page.
  const pageParameters = [today, ...filter.params, ...partQuery(order).params, ...pageParams(limit, offset)];
  const [rows, [total]] = await Promise.all([
    keptSelect(
      db,
      {
        owner: customerPage,
        fields,
        shape: `${query.orderBy ?? ''} ${query.order ?? ''} ${pageParameters.length} ${filter.sql}`,
        params: pageParameters,
      },
      () =>
        db
          .select(fields)
          .from(customers)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
    ),
    keptSelect(
      db,
      {
        owner: customerTotal,
        fields: customerTotal,
        shape: filter.sql,
        params: [...filter.params, CUSTOMER_LIST_TOTAL_CAP + 1],
      },
      () =>
        db.select(customerTotal).from(
          db
            .select({ one: sql`1` })
            .from(customers)
            .where(where)
            .limit(CUSTOMER_LIST_TOTAL_CAP + 1)
            .as('counted'),
        ),
    ),
  ]);
  return {
    data: rows.map((row) => toCustomer(row as CustomerListRow)),
    pagination: paginationOf(total?.count ?? 0, query.pagination, CUSTOMER_LIST_TOTAL_CAP),
  };
};

/**
 * The exact size of a segment and up to CUSTOMER_IDS_CAP of its ids, reading the mall's customers
 * at most once: the ids come first, and a segment with fewer than the cap is counted by them; only
 * a larger one (whose ids stopped the read early) is counted on its own.
 */
export const countCustomers = async (db: Database, mall: Mall, filter: SegmentFilter | undefined) => {
  const where = segmentFactsOf(mall._id, filter, mallToday(mall));
  const rows = await db
    .select({ _id: customerFacts.customer_id })
    .from(customerFacts)
    .where(where)
    .limit(CUSTOMER_IDS_CAP + 1);
  const ids = rows.slice(0, CUSTOMER_IDS_CAP).map((row) => row._id);
  if (rows.length <= CUSTOMER_IDS_CAP) return { count: rows.length, customer_ids: ids };
  const [total] = await db.select({ count: count() }).from(customerFacts).where(where);
  return { count: total?.count ?? 0, customer_ids: ids };
};

/** The first customer matching `where`, its age on the mall's `today`. */
export const findCustomer = async (db: Database, where: SQL | undefined, today: string) => {
  const [row] = await db.select(customerFields(today)).from(customers).where(where).limit(1);
  return row ? toCustomer(row as CustomerListRow) : undefined;
};

/** A customer of the mall with its consent history; a deleted one too, so staff can see the marker. */
export const getCustomerProfile = async (db: Database, mall: Mall, id: string) => {
  const customer = await findCustomer(
    db,
    and(eq(customers._id, id), eq(customers.location_id, mall._id)),
    mallToday(mall),
  );
  if (!customer) throw notFound();
  return { ...customer, consent_history: await consentHistory(db, id) };
};

export const findCustomerByPhone = async (db: Database, mall: Mall, phone: string) => {
  const customer = await findCustomer(
    db,
    and(activeIn(mall._id), eq(customers.customer_phone, phone)),
    mallToday(mall),
  );
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', 404);
  return customer;
};

/** Soft delete (spec §3 customer_deletedAt): the record stays for reactivation within the retention period. */
export const deleteCustomer = async (db: Database, locationId: string, id: string, request: AuditRequest) =>
  db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(customers)
      .set({ customer_deletedAt: new Date() })
      .where(and(eq(customers._id, id), activeIn(locationId)))
      .returning({ _id: customers._id });
    if (!deleted) throw notFound();
    // Signed out everywhere for good: reactivating the customer later must not revive old sessions.
    await revokeCustomerSessions(tx, id);
    await audit(tx, request, { action: 'customer.deleted', entity: 'customer', entityId: id });
  });

export const setDeveloper = async (
  db: Database,
  mall: Mall,
  id: string,
  value: boolean,
  request: AuditRequest,
) =>
  db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customers)
      .set({ customer_is_developer: value })
      .where(and(eq(customers._id, id), activeIn(mall._id)))
      .returning({ _id: customers._id });
    if (!updated) throw notFound();
    await audit(tx, request, {
      action: 'customer.developer_marked',
      entity: 'customer',
      entityId: id,
      details: { value },
    });
    return getCustomerProfile(tx, mall, id);
  });

/** A staff member changes a consent from the back-office (source 'staff'); no-op changes are not audited. */
export const setMarketingPermission = async (
  db: Database,
  mall: Mall,
  id: string,
  permission: MarketingPermission,
  request: AuditRequest,
) =>
  db.transaction(async (tx) => {
    const changed = await applyConsent(tx, {
      customerId: id,
      locationId: mall._id,
      type: permission.type,
      value: permission.value,
      source: 'staff',
      staffAdminId: request.staff?._id ?? null,
      clientAddress: request.ip,
    });
    if (changed)
      await audit(tx, request, {
        action: 'customer.consent_changed',
        entity: 'customer',
        entityId: id,
        details: { ...permission },
      });
    return getCustomerProfile(tx, mall, id);
  });
