import { z } from 'zod';
import { objectId } from '../common/ids';
import { listQuery } from '../common/list-query';
import { requiredText } from '../common/text';
import { segmentFilter, segmentNode } from '../customers/segment';

/**
 * Spec §3 Reset point, §4 its states, §5 its rules, §7 "Reset points" (issue 14 #6): a one-off run
 * that takes the whole balance of a group of the mall's customers and ends the points that place
 * them in a tier, each as one `reset` entry of the ledger.
 *
 * Who it touches, by `reset_point_type`:
 * - `all`: every customer of the mall holding points (deleted accounts within their retention too:
 *   points follow the account if it comes back);
 * - `tier`: the customers in one of the tiers `reset_point_related_ids` names, when the run reaches them;
 * - `segment`: the live customers the customers' segment filter `reset_point_segment` holds (the same
 *   language as the customer list and `POST /customer/count`).
 * `reset_point_related_ids` keeps the spec's name and holds ids only (the tiers); a segment is not a
 * list of ids but a filter, so it has its own field. A field the type does not use is refused
 * (`validation.resetPointFieldNotForType`), so nothing hidden in the form is saved.
 * A customer with neither balance nor tier points has nothing to reset and gets no entry.
 */
export const resetPointTypes = ['all', 'tier', 'segment'] as const;
export const resetPointType = z.enum(resetPointTypes);
export type ResetPointType = z.infer<typeof resetPointType>;

/**
 * §4: created → in_queue (by `move-to-in-queue`, irreversible: from then on it is neither changed nor
 * deleted) → started (the job's first batch) → done (every targeted customer reset).
 */
export const resetPointStatuses = ['created', 'in_queue', 'started', 'done'] as const;
export const resetPointStatus = z.enum(resetPointStatuses);
export type ResetPointStatus = z.infer<typeof resetPointStatus>;

export const RESET_POINT_LIMITS = { name: 120, tiers: 50 } as const;

const NOT_FOR_TYPE = 'validation.resetPointFieldNotForType';

/**
 * The body of `POST /loyalty/reset-points` and `PUT /loyalty/reset-points/{id}`, and the form's schema.
 * §5: name and type required. A tier reset names at least one tier; a segment reset needs a filter
 * with at least one condition (an empty one would be every customer: that is the `all` type).
 */
export const resetPointInput = z
  .strictObject({
    reset_point_name: requiredText(RESET_POINT_LIMITS.name),
    // Left out or unpicked in the form, the type is "required" (§5), not "one of all, tier, segment".
    reset_point_type: z.enum(resetPointTypes, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.required' : undefined),
    }),
    reset_point_related_ids: z
      .array(objectId)
      .max(RESET_POINT_LIMITS.tiers)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    reset_point_segment: segmentFilter.nullish().transform((filter) => filter ?? null),
  })
  .superRefine(
    (values, context) => {
      if (values === null || typeof values !== 'object') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      if (failed.has('reset_point_type') || !resetPointTypes.includes(values.reset_point_type)) return;
      const type = values.reset_point_type;
      if (!failed.has('reset_point_related_ids')) {
        const ids = Array.isArray(values.reset_point_related_ids) ? values.reset_point_related_ids : [];
        if (type === 'tier' && ids.length === 0)
          context.addIssue({
            code: 'custom',
            path: ['reset_point_related_ids'],
            message: 'validation.resetPointTiersRequired',
          });
        if (type !== 'tier' && ids.length > 0)
          context.addIssue({ code: 'custom', path: ['reset_point_related_ids'], message: NOT_FOR_TYPE });
      }
      if (!failed.has('reset_point_segment')) {
        const filter = values.reset_point_segment;
        const empty = !Array.isArray(filter) || filter.length === 0;
        if (type === 'segment' && empty)
          context.addIssue({
            code: 'custom',
            path: ['reset_point_segment'],
            message: 'validation.resetPointSegmentRequired',
          });
        if (type !== 'segment' && !empty)
          context.addIssue({ code: 'custom', path: ['reset_point_segment'], message: NOT_FOR_TYPE });
      }
    },
    { when: () => true },
  );
export type ResetPointInput = z.input<typeof resetPointInput>;
export type ResetPointValues = z.output<typeof resetPointInput>;

/** One reset point as answered; the counts are what its run has reset so far (all of it once done). */
export const resetPoint = z.object({
  _id: objectId,
  reset_point_name: z.string(),
  reset_point_type: resetPointType,
  reset_point_related_ids: z.array(objectId),
  reset_point_segment: z.array(segmentNode).nullable(),
  reset_point_status: resetPointStatus,
  /** Customers given a reset entry by the run. */
  reset_point_customer_count: z.number().int(),
  /** Points the run took, in all. */
  reset_point_point_total: z.number().int(),
  reset_point_queued_at: z.string().nullable(),
  reset_point_started_at: z.string().nullable(),
  reset_point_finished_at: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResetPoint = z.infer<typeof resetPoint>;

/**
 * `GET /loyalty/reset-points/{id}/preview`: whom the reset would touch if it ran now, for the
 * confirmation before `move-to-in-queue` (customers with points to reset, and those points).
 */
export const resetPointPreview = z.object({
  customer_count: z.number().int(),
  point_total: z.number().int(),
});
export type ResetPointPreview = z.infer<typeof resetPointPreview>;

export const resetPointSortKeys = [
  'reset_point_name',
  'reset_point_type',
  'reset_point_status',
  'createdAt',
] as const;
export type ResetPointSortKey = (typeof resetPointSortKeys)[number];

export const resetPointFilter = z.strictObject({
  reset_point_type: resetPointType.optional(),
  reset_point_status: resetPointStatus.optional(),
});
export type ResetPointFilter = z.infer<typeof resetPointFilter>;

/** `POST /loyalty/reset-points/filter`: pagination, keyword (the name), order, filter by type and status. */
export const resetPointFilterQuery = listQuery({
  orderBy: z.enum(resetPointSortKeys),
  filter: resetPointFilter,
});
export type ResetPointFilterQuery = z.input<typeof resetPointFilterQuery>;
