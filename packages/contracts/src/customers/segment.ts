import { z } from 'zod';
import { objectId } from '../common/ids';
import { isoDate as isoDateOf, singleLineText } from '../common/text';

/**
 * The one segment filter language (issue 4): used by the customer list, count, export and later by
 * notifications and campaigns. A filter is a list of nodes combined with AND; a node is a condition
 * keyed by `field`, or a `group` of nodes combined with `op`. A later feature adds a condition here
 * and its compiler on the server; callers pass filters through untouched.
 */
const MAX_NODES = 50;
const range = <Bound extends z.ZodType>(value: Bound) => ({
  min: value.optional(),
  max: value.optional(),
});
const isoDate = isoDateOf();
const names = z.array(singleLineText().min(1).max(100)).min(1).max(200);

export const segmentCondition = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('gender'), in: z.array(z.enum(['male', 'female', 'unknown'])).min(1) }),
  z.strictObject({ field: z.literal('age'), ...range(z.number().int().min(0).max(150)) }),
  z.strictObject({ field: z.literal('birthdate'), ...range(isoDate) }),
  z.strictObject({
    field: z.literal('birthday_month'),
    in: z.array(z.number().int().min(1).max(12)).min(1).max(12),
  }),
  z.strictObject({ field: z.literal('province'), in: names }),
  z.strictObject({ field: z.literal('district'), in: names }),
  z.strictObject({ field: z.literal('locality'), in: names }),
  z.strictObject({ field: z.literal('channel'), in: z.array(objectId).min(1).max(200) }),
  z.strictObject({ field: z.literal('registered_at'), ...range(isoDate) }),
  z.strictObject({
    field: z.literal('consent'),
    type: z.enum(['sms', 'email', 'call', 'kvkk']),
    value: z.boolean(),
  }),
  z.strictObject({ field: z.literal('number_of_children'), ...range(z.number().int().min(0).max(30)) }),
  z.strictObject({
    field: z.literal('frequency'),
    in: z.array(z.enum(['first_visit', 'several_per_year', 'once_a_month', 'once_a_week'])).min(1),
  }),
  z.strictObject({ field: z.literal('is_parent'), value: z.boolean() }),
  z.strictObject({ field: z.literal('has_vehicle'), value: z.boolean() }),
  z.strictObject({ field: z.literal('is_developer'), value: z.boolean() }),
  // Loyalty (issue 14 #7): the customer's tier, their spendable points (no balance row is 0), and
  // their approved receipts issued in a period (days inclusive, the mall's calendar): how many and for
  // how much. A receipts condition with neither range means at least one such receipt.
  z.strictObject({ field: z.literal('loyalty_tier'), in: z.array(objectId).min(1).max(200) }),
  z.strictObject({ field: z.literal('point_balance'), ...range(z.number().int().min(0).max(1_000_000_000)) }),
  z.strictObject({
    field: z.literal('receipts'),
    from: isoDate.optional(),
    to: isoDate.optional(),
    count: z.strictObject(range(z.number().int().min(0).max(1_000_000))).optional(),
    amount: z.strictObject(range(z.number().min(0).max(10_000_000_000))).optional(),
  }),
]);
export type SegmentCondition = z.infer<typeof segmentCondition>;

export type SegmentGroup = { field: 'group'; op: 'and' | 'or'; conditions: SegmentNode[] };
export type SegmentNode = SegmentCondition | SegmentGroup;

export const segmentGroup: z.ZodType<SegmentGroup> = z.strictObject({
  field: z.literal('group'),
  op: z.enum(['and', 'or']),
  get conditions() {
    return z.array(segmentNode).max(MAX_NODES);
  },
});

export const segmentNode: z.ZodType<SegmentNode> = z.lazy(() => z.union([segmentGroup, segmentCondition]));

/**
 * How large a filter may be in all (issue 10): every node and bound value is a bind parameter and a
 * condition the database evaluates per customer, and each group level a recursion of the parser and
 * the compiler. The back-office builder makes one level of up to 50 conditions; these leave room for
 * saved segments of later modules while a hostile filter (50,000 values, 1,000 levels) is refused.
 */
export const SEGMENT_LIMITS = { depth: 8, nodes: 200, values: 1000 } as const;

/** Levels, nodes and `in` values of a filter as sent, counted without recursion (any depth is safe). */
export const measureSegment = (filter: unknown) => {
  const size = { depth: 0, nodes: 0, values: 0 };
  const pending: Array<[unknown, number]> = [[filter, 1]];
  while (pending.length > 0) {
    const [list, level] = pending.pop()!;
    if (!Array.isArray(list)) continue;
    size.depth = Math.max(size.depth, level);
    // A filter this far over the limits has been measured enough to refuse it.
    if (size.depth > SEGMENT_LIMITS.depth || size.nodes > SEGMENT_LIMITS.nodes) break;
    for (const node of list) {
      size.nodes++;
      if (node === null || typeof node !== 'object') continue;
      const { in: values, conditions } = node as { in?: unknown; conditions?: unknown };
      if (Array.isArray(values)) size.values += values.length;
      if (Array.isArray(conditions)) pending.push([conditions, level + 1]);
    }
  }
  return size;
};

const segmentNodes = z.array(segmentNode).max(MAX_NODES);

/**
 * A whole filter: its nodes must all hold (spec §7 sends `filter[]`). Its size is checked before its
 * nodes are parsed, so a deep or huge filter answers 400 naming `filter` before any work is done.
 */
export const segmentFilter = z.preprocess((filter, context) => {
  const size = measureSegment(filter);
  const over = (
    [
      ['depth', 'segmentTooDeep'],
      ['nodes', 'segmentTooManyNodes'],
      ['values', 'segmentTooManyValues'],
    ] as const
  ).find(([limit]) => size[limit] > SEGMENT_LIMITS[limit]);
  if (over)
    context.addIssue({
      code: 'custom',
      message: `validation.${over[1]}`,
      params: { maximum: SEGMENT_LIMITS[over[0]] },
      input: filter,
    });
  return filter;
}, segmentNodes);
export type SegmentFilter = z.infer<typeof segmentFilter>;
