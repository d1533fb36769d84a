import type { SegmentCondition, SegmentFilter, SegmentNode } from '@avlu/contracts';
import { and, eq, getTableColumns, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { pointBalances } from '../loyalty/loyalty.tables';
import { receipts } from '../receipts/receipts.tables';
import { customerFacts, customers } from './customers.tables';

type Field = SegmentCondition['field'];
type Operand = Parameters<typeof gte>[0];

/**
 * The columns a segment reads, by meaning. Two tables hold them with the same names and values:
 * `customers` (lists and exports, which show whole rows) and its narrow copy `customer_facts`
 * (counts, which read every customer of the mall); the two derived ones are expressions on
 * `customers` and stored columns in the copy.
 */
export type SegmentColumns = {
  [K in
    | 'created_at'
    | 'customer_birthdate'
    | 'customer_birth_month'
    | 'customer_number_of_children'
    | 'customer_sms_permission'
    | 'customer_email_permission'
    | 'customer_call_permission'
    | 'customer_kvkk_permission'
    | 'customer_is_developer'
    | 'customer_is_parent'
    | 'customer_has_vehicle'
    | 'customer_gender'
    | 'customer_frequency'
    | 'customer_province'
    | 'customer_district'
    | 'customer_locality'
    | 'channel_id'
    | 'customer_id']: Operand;
};

export const customerColumns: SegmentColumns = {
  ...getTableColumns(customers),
  customer_birth_month: sql`extract(month from ${customers.customer_birthdate})::smallint`,
  customer_has_vehicle: sql`(${customers.customer_vehicle_plate} is not null)`,
  customer_id: customers._id,
};
export const factColumns: SegmentColumns = getTableColumns(customerFacts);

/** What a condition is compiled against: the mall's today (yyyy-mm-dd) for ages, and the table. */
export type SegmentContext = { today: string; columns: SegmentColumns };
type Compiler<F extends Field> = (
  condition: Extract<SegmentCondition, { field: F }>,
  context: SegmentContext,
) => SQL | undefined;

/** Both bounds optional: a range with neither restricts nothing. */
const between = (column: Operand, min?: unknown, max?: unknown) =>
  and(min === undefined ? undefined : gte(column, min), max === undefined ? undefined : lte(column, max));

/**
 * The date `years` before the mall's today, so age bounds become birth-date bounds and the
 * birth-date index serves them.
 */
const yearsAgo = (today: string, years: number) =>
  sql`(${today}::date - make_interval(years => ${years}))::date`;

/**
 * A customer's balance row read for the customer at hand (its primary key): one index probe per
 * customer the other conditions leave, and no row for one who never had points.
 */
const balanceRow = (expression: SQL, customerId: Operand) =>
  sql`(select ${expression} from ${pointBalances} where ${pointBalances.customer_id} = ${customerId})`;

/**
 * The customer's approved receipts issued in the period (`receipt_day`, the mall's calendar day), read
 * through `receipts_customer` (customer first): `expression` over them, e.g. their count.
 */
const approvedReceipts = (
  expression: SQL,
  customerId: Operand,
  period: { from?: string | undefined; to?: string | undefined },
) =>
  sql`(select ${expression} from ${receipts} where ${and(
    eq(receipts.customer_id, customerId),
    eq(receipts.receipt_status, 'approved'),
    period.from === undefined ? undefined : gte(receipts.receipt_day, period.from),
    period.to === undefined ? undefined : lte(receipts.receipt_day, period.to),
  )})`;

const flag = (column: Operand, value: boolean) => (value ? eq(column, true) : sql`${column} is not true`);

/**
 * One compiler per condition field. A new condition (tier, points, receipts, coupons) adds its
 * schema to contracts' segment.ts and its entry here; TypeScript refuses a field without one.
 */
const compilers: { [F in Field]: Compiler<F> } = {
  gender: (c, { columns }) => inArray(columns.customer_gender, c.in),
  age: (c, { today, columns }) =>
    and(
      c.min === undefined ? undefined : lte(columns.customer_birthdate, yearsAgo(today, c.min)),
      // Younger than max + 1 years: born after the day max + 1 years ago.
      c.max === undefined ? undefined : sql`${columns.customer_birthdate} > ${yearsAgo(today, c.max + 1)}`,
    ),
  birthdate: (c, { columns }) => between(columns.customer_birthdate, c.min, c.max),
  birthday_month: (c, { columns }) => inArray(columns.customer_birth_month, c.in),
  province: (c, { columns }) => inArray(columns.customer_province, c.in),
  district: (c, { columns }) => inArray(columns.customer_district, c.in),
  locality: (c, { columns }) => inArray(columns.customer_locality, c.in),
  channel: (c, { columns }) => inArray(columns.channel_id, c.in),
  registered_at: (c, { columns }) =>
    and(
      c.min === undefined ? undefined : sql`${columns.created_at} >= ${c.min}::date`,
      // The whole last day counts.
      c.max === undefined ? undefined : lt(columns.created_at, sql`${c.max}::date + 1`),
    ),
  consent: (c, { columns }) => eq(columns[`customer_${c.type}_permission`], c.value),
  number_of_children: (c, { columns }) => between(columns.customer_number_of_children, c.min, c.max),
  frequency: (c, { columns }) => inArray(columns.customer_frequency, c.in),
  is_parent: (c, { columns }) => flag(columns.customer_is_parent, c.value),
  has_vehicle: (c, { columns }) => eq(columns.customer_has_vehicle, c.value),
  is_developer: (c, { columns }) => eq(columns.customer_is_developer, c.value),
  loyalty_tier: (c, { columns }) =>
    inArray(balanceRow(sql`${pointBalances.loyalty_tier_id}`, columns.customer_id), c.in),
  point_balance: (c, { columns }) =>
    between(
      sql`coalesce(${balanceRow(sql`${pointBalances.point_balance}`, columns.customer_id)}, 0)`,
      c.min,
      c.max,
    ),
  receipts: (c, { columns }) => {
    const of = (expression: SQL) => approvedReceipts(expression, columns.customer_id, c);
    if (c.count === undefined && c.amount === undefined) return sql`exists ${of(sql`1`)}`;
    return and(
      c.count === undefined ? undefined : between(of(sql`count(*)`), c.count.min, c.count.max),
      c.amount === undefined
        ? undefined
        : between(of(sql`coalesce(sum(${receipts.receipt_amount}), 0)`), c.amount.min, c.amount.max),
    );
  },
};

const compileCondition = <F extends Field>(
  condition: Extract<SegmentCondition, { field: F }>,
  context: SegmentContext,
) => (compilers[condition.field] as Compiler<F>)(condition, context);

const compileNode = (node: SegmentNode, context: SegmentContext): SQL | undefined => {
  if (node.field !== 'group') return compileCondition(node, context);
  const parts = node.conditions
    .map((child) => compileNode(child, context))
    .filter((part): part is SQL => part !== undefined);
  if (parts.length === 0) return undefined; // an empty group restricts nothing
  return node.op === 'and' ? and(...parts) : or(...parts);
};

/**
 * The segment filter as a where-clause over `context.columns`' table, or undefined when it
 * restricts nothing. The caller adds the mall (and, on `customers`, the not-deleted rule): a
 * segment never crosses malls.
 */
export const segmentWhere = (filter: SegmentFilter | undefined, context: SegmentContext): SQL | undefined =>
  filter === undefined ? undefined : compileNode({ field: 'group', op: 'and', conditions: filter }, context);
