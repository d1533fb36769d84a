import { z } from 'zod';
import { objectId } from '../common/ids';

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
const isoDate = z.iso.date({ message: 'validation.format.date' });
const names = z.array(z.string().trim().min(1).max(100)).min(1).max(200);

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

/** A whole filter: its nodes must all hold (spec §7 sends `filter[]`). */
export const segmentFilter = z.array(segmentNode).max(MAX_NODES);
export type SegmentFilter = z.infer<typeof segmentFilter>;
