import { type SegmentCondition, type SegmentFilter, segmentCondition, segmentFilter } from '@avlu/contracts';

/** Every condition the builder offers, in the order of its "add" menu (contracts' segment.ts). */
export const conditionKinds = [
  'gender',
  'age',
  'birthdate',
  'birthday_month',
  'province',
  'district',
  'locality',
  'channel',
  'registered_at',
  'consent',
  'number_of_children',
  'frequency',
  'is_parent',
  'has_vehicle',
  'is_developer',
  'loyalty_tier',
  'point_balance',
  'receipts',
] as const satisfies readonly SegmentCondition['field'][];
export type ConditionKind = (typeof conditionKinds)[number];

export type Match = 'and' | 'or';

/** A condition being edited: the contracts shape, possibly not filled in yet. */
export type DraftCondition = { id: string; condition: SegmentCondition };
export type Draft = { match: Match; conditions: DraftCondition[] };

let nextId = 0;
const newId = () => `c${++nextId}`;

/** A new condition of a kind, with nothing chosen yet (booleans start as "yes"). */
export const blankCondition = (field: ConditionKind): SegmentCondition => {
  switch (field) {
    case 'gender':
    case 'birthday_month':
    case 'province':
    case 'district':
    case 'locality':
    case 'channel':
    case 'frequency':
    case 'loyalty_tier':
      return { field, in: [] } as unknown as SegmentCondition;
    case 'receipts':
      return { field, count: { min: 1 } };
    case 'age':
    case 'birthdate':
    case 'registered_at':
    case 'number_of_children':
    case 'point_balance':
      return { field };
    case 'consent':
      return { field, type: 'sms', value: true };
    case 'is_parent':
    case 'has_vehicle':
    case 'is_developer':
      return { field, value: true };
  }
};

export const draftCondition = (condition: SegmentCondition): DraftCondition => ({ id: newId(), condition });

type Range = { min?: number | string; max?: number | string };
const isRange = (condition: SegmentCondition): condition is SegmentCondition & Range =>
  !('in' in condition) && !('value' in condition) && condition.field !== 'receipts';
const reversed = (range: Range | undefined) =>
  range?.min !== undefined && range.max !== undefined && range.min > range.max;

/** Why a condition cannot be sent yet: nothing chosen, or a range whose start is after its end. */
export const problemOf = (condition: SegmentCondition): 'empty' | 'reversed' | 'invalid' | undefined => {
  if ('in' in condition && condition.in.length === 0) return 'empty';
  if (isRange(condition)) {
    if (condition.min === undefined && condition.max === undefined) return 'empty';
    if (condition.min !== undefined && condition.max !== undefined && condition.min > condition.max)
      return 'reversed';
  }
  // Receipts: a period and how many or how much; with neither, at least one receipt in the period.
  if (condition.field === 'receipts') {
    if (reversed(condition.count) || reversed(condition.amount)) return 'reversed';
    if (condition.from !== undefined && condition.to !== undefined && condition.from > condition.to)
      return 'reversed';
  }
  return segmentCondition.safeParse(condition).success ? undefined : 'invalid';
};

/**
 * The filter the API takes: the finished conditions, ANDed at the top, or one OR group. Unfinished
 * conditions are left out, so the list always shows what the finished part of the builder says.
 */
export const compileDraft = ({ match, conditions }: Draft): SegmentFilter => {
  const done = conditions.map((draft) => draft.condition).filter((condition) => !problemOf(condition));
  if (match === 'or' && done.length > 1) return [{ field: 'group', op: 'or', conditions: done }];
  return done;
};

/** The builder's state from a filter read back (the URL): the reverse of `compileDraft`. */
export const draftOf = (filter: SegmentFilter): Draft => {
  const [only] = filter;
  if (filter.length === 1 && only?.field === 'group') {
    const flat = only.conditions.filter((node): node is SegmentCondition => node.field !== 'group');
    return { match: only.op, conditions: flat.map(draftCondition) };
  }
  const flat = filter.filter((node): node is SegmentCondition => node.field !== 'group');
  return { match: 'and', conditions: flat.map(draftCondition) };
};

/** The filter kept in the URL's `filter` parameter; anything unreadable is no filter. */
export const parseFilterParam = (raw: string | null): SegmentFilter => {
  if (!raw) return [];
  try {
    const parsed = segmentFilter.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};
