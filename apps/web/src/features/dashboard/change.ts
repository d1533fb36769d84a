/** How a figure moved against the previous period; null when there is none (all time). */
export type Change = { direction: 'same' } | { direction: 'up' | 'down'; ratio: number | null } | null;

/** `ratio` is the relative change, null when the previous period had none (no percentage of zero). */
export const changeOf = (value: number, previous: number | null): Change => {
  if (previous === null) return null;
  if (value === previous) return { direction: 'same' };
  return {
    direction: value > previous ? 'up' : 'down',
    ratio: previous === 0 ? null : Math.abs(value - previous) / previous,
  };
};
