import type { SegmentCondition, SegmentFilter, SegmentNode } from '@avlu/contracts';
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { customers } from './customers.tables';

type Field = SegmentCondition['field'];
/** What a condition is compiled against: the mall's today (yyyy-mm-dd) for ages. */
export type SegmentContext = { today: string };
type Compiler<F extends Field> = (
  condition: Extract<SegmentCondition, { field: F }>,
  context: SegmentContext,
) => SQL | undefined;

const consentColumns = {
  sms: customers.customer_sms_permission,
  email: customers.customer_email_permission,
  call: customers.customer_call_permission,
  kvkk: customers.customer_kvkk_permission,
} as const;

/** Both bounds optional: a range with neither restricts nothing. */
const between = (column: Parameters<typeof gte>[0], min?: unknown, max?: unknown) =>
  and(min === undefined ? undefined : gte(column, min), max === undefined ? undefined : lte(column, max));

/**
 * The date `years` before the mall's today, so age bounds become birth-date bounds and the
 * birth-date index serves them.
 */
const yearsAgo = (today: string, years: number) =>
  sql`(${today}::date - make_interval(years => ${years}))::date`;

const flag = (column: typeof customers.customer_is_parent, value: boolean) =>
  value ? eq(column, true) : sql`${column} is not true`;

/**
 * One compiler per condition field. A new condition (tier, points, receipts, coupons) adds its
 * schema to contracts' segment.ts and its entry here; TypeScript refuses a field without one.
 */
const compilers: { [F in Field]: Compiler<F> } = {
  gender: (c) => inArray(customers.customer_gender, c.in),
  age: (c, { today }) =>
    and(
      c.min === undefined ? undefined : lte(customers.customer_birthdate, yearsAgo(today, c.min)),
      // Younger than max + 1 years: born after the day max + 1 years ago.
      c.max === undefined ? undefined : sql`${customers.customer_birthdate} > ${yearsAgo(today, c.max + 1)}`,
    ),
  birthdate: (c) => between(customers.customer_birthdate, c.min, c.max),
  birthday_month: (c) => inArray(sql`extract(month from ${customers.customer_birthdate})::int`, c.in),
  province: (c) => inArray(customers.customer_province, c.in),
  district: (c) => inArray(customers.customer_district, c.in),
  locality: (c) => inArray(customers.customer_locality, c.in),
  channel: (c) => inArray(customers.channel_id, c.in),
  registered_at: (c) =>
    and(
      c.min === undefined ? undefined : sql`${customers.created_at} >= ${c.min}::date`,
      // The whole last day counts.
      c.max === undefined ? undefined : lt(customers.created_at, sql`${c.max}::date + 1`),
    ),
  consent: (c) => eq(consentColumns[c.type], c.value),
  number_of_children: (c) => between(customers.customer_number_of_children, c.min, c.max),
  frequency: (c) => inArray(customers.customer_frequency, c.in),
  is_parent: (c) => flag(customers.customer_is_parent, c.value),
  has_vehicle: (c) =>
    c.value ? isNotNull(customers.customer_vehicle_plate) : isNull(customers.customer_vehicle_plate),
  is_developer: (c) => eq(customers.customer_is_developer, c.value),
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
 * The segment filter as a where-clause over `customers`, or undefined when it restricts nothing.
 * The caller adds the mall and the not-deleted rule: a segment never crosses malls.
 */
export const segmentWhere = (filter: SegmentFilter | undefined, context: SegmentContext): SQL | undefined =>
  filter === undefined ? undefined : compileNode({ field: 'group', op: 'and', conditions: filter }, context);
