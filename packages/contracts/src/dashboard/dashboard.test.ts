import { describe, expect, it } from 'vitest';
import { ageGroupOf, mallDashboardQuery } from './dashboard';

const fieldsOf = (input: unknown) => {
  const result = mallDashboardQuery.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('mall dashboard query', () => {
  it('takes the last 30 days when no period is given, and every period by name', () => {
    expect(mallDashboardQuery.parse({})).toEqual({ interval: 'last_30_days' });
    for (const interval of ['all_time', 'last_year', 'last_30_days', 'last_7_days'])
      expect(mallDashboardQuery.parse({ interval })).toEqual({ interval });
  });

  it('refuses an unknown period, a range without its days, reversed or longer than ten years', () => {
    expect(fieldsOf({ interval: 'last_week' })[0]).toMatch(/^interval:/);
    expect(fieldsOf({ interval: 'date_range' })).toEqual([
      'startDate:validation.required',
      'endDate:validation.required',
    ]);
    expect(fieldsOf({ interval: 'date_range', startDate: '2026-02-30', endDate: '2026-03-01' })[0]).toMatch(
      /^startDate:/,
    );
    expect(fieldsOf({ interval: 'date_range', startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual([
      'endDate:validation.dateRangeReversed',
    ]);
    expect(fieldsOf({ interval: 'date_range', startDate: '2010-01-01', endDate: '2026-03-01' })).toEqual([
      'endDate:validation.dateRange',
    ]);
    expect(fieldsOf({ interval: 'last_7_days', other: 1 }).length).toBe(1);
    expect(fieldsOf({ interval: 'date_range', startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual([]);
  });
});

describe('age groups', () => {
  it('puts the age reached this year in its group, no birth year in unknown', () => {
    expect(ageGroupOf(null, 2026)).toBe('unknown');
    expect(ageGroupOf(2009, 2026)).toBe('under_18');
    expect(ageGroupOf(2008, 2026)).toBe('18_24');
    expect(ageGroupOf(2002, 2026)).toBe('18_24');
    expect(ageGroupOf(2001, 2026)).toBe('25_34');
    expect(ageGroupOf(1962, 2026)).toBe('55_64');
    expect(ageGroupOf(1961, 2026)).toBe('65_plus');
    expect(ageGroupOf(1972, 2026)).toBe('45_54');
  });
});
