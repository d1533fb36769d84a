import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery, listSearchParams, paginationOf } from './list-query';
import { requiredText } from './text';

describe('listQuery', () => {
  it('defaults to the first page of ten', () => {
    expect(listQuery().parse({})).toEqual({ pagination: { limit: 10, currentPage: 1 } });
  });

  it('narrows orderBy to the columns a feature sorts by', () => {
    const query = listQuery({ orderBy: z.enum(['location_name']) });
    expect(query.parse({ orderBy: 'location_name', order: 'desc' })).toMatchObject({ order: 'desc' });
    expect(query.safeParse({ orderBy: 'password' }).success).toBe(false);
  });

  it('rejects unknown fields and bad pages', () => {
    expect(listQuery().safeParse({ page: 2 }).success).toBe(false);
    expect(listQuery().safeParse({ pagination: { limit: 0 } }).success).toBe(false);
    expect(listQuery().safeParse({ pagination: { currentPage: 1.5 } }).success).toBe(false);
  });
});

describe('paginationOf', () => {
  it('counts whole pages', () => {
    expect(paginationOf(21, { limit: 10, currentPage: 3 })).toEqual({
      total: 21,
      limit: 10,
      currentPage: 3,
      totalPages: 3,
    });
    expect(paginationOf(0, { limit: 10, currentPage: 1 }).totalPages).toBe(0);
  });
});

describe('listSearchParams', () => {
  const params = listSearchParams({
    orderBy: z.enum(['location_name']),
    filter: { hasMobileApp: z.enum(['true', 'false']).optional() },
  });

  it('reads flat query-string values into the list query shape', () => {
    expect(params.parse({ limit: '25', currentPage: '2', keyword: 'park', hasMobileApp: 'true' })).toEqual({
      pagination: { limit: 25, currentPage: 2 },
      keyword: 'park',
      order: undefined,
      orderBy: undefined,
      filter: { hasMobileApp: 'true' },
    });
    expect(params.parse({}).pagination).toEqual({ limit: 10, currentPage: 1 });
  });

  it('names a bad parameter as it was sent', () => {
    const issues = params.safeParse({ limit: '0', size: '5' }).error!.issues;
    expect(issues.map((issue) => issue.path.join('.') || issue.code)).toEqual(['limit', 'unrecognized_keys']);
  });
});

describe('requiredText', () => {
  it('calls a blank value required, in the words of the catalogue', () => {
    const issue = requiredText(10).safeParse('   ').error!.issues[0]!;
    expect(issue.message).toBe('validation.required');
    expect(requiredText(10).parse('  Ayşe ')).toBe('Ayşe');
    expect(requiredText(3).safeParse('Ayşe').success).toBe(false);
  });
});
