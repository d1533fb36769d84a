import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { objectId } from '../common/ids';
import { issuesToFields } from './format-issue';
import { pickLanguage } from './languages';
import { errorMessage, messages } from './messages';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'tr'],
    ['', 'tr'],
    ['en', 'en'],
    ['en-US,en;q=0.9,tr;q=0.8', 'en'],
    ['tr-TR,tr;q=0.9,en;q=0.8', 'tr'],
    ['de-DE, en;q=0.5, tr;q=0.7', 'tr'],
    ['fr, de', 'tr'],
    ['EN-gb', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('issuesToFields', () => {
  const schema = z.strictObject({
    name: z.string().min(3),
    email: z.email(),
    id: objectId,
    score: z.number().gt(0).lt(100),
    pagination: z.strictObject({ limit: z.number().int().min(1) }),
  });
  const issues = schema.safeParse({
    name: 'ab',
    email: 'not-an-email',
    id: 'zz',
    score: 100,
    pagination: { limit: 0 },
    extra: 1,
  }).error!.issues;

  it('names every bad field by its path, in Turkish', () => {
    expect(issuesToFields(issues, 'tr')).toEqual({
      name: 'En az 3 karakter olmalıdır',
      email: 'Geçerli bir e-posta adresi girin',
      id: 'Geçerli bir kimlik olmalıdır (24 onaltılık karakter)',
      score: '100 değerinden küçük olmalıdır',
      'pagination.limit': 'En az 1 olmalıdır',
      extra: 'Bilinmeyen alan',
    });
  });

  it('says the same in English, with a prefix for the part of the request', () => {
    expect(issuesToFields(issues, 'en', 'query')).toMatchObject({
      'query.name': 'Must be at least 3 characters',
      'query.extra': 'Unknown field',
      'query.pagination.limit': 'Must be at least 1',
    });
  });

  it('reports a missing value as required rather than as a type error', () => {
    const missing = schema.safeParse({ name: 'Ayşe', email: 'a@b.co', score: 5, pagination: { limit: 1 } });
    expect(issuesToFields(missing.error!.issues, 'tr')).toEqual({ id: 'Bu alan zorunludur' });
    const wrongType = schema.safeParse({ name: 5 });
    expect(issuesToFields(wrongType.error!.issues, 'en').name).toBe('Must be text');
    // An emptied number field (null) is missing too; a number that may be unset takes null.
    const numbers = z.strictObject({ priority: z.number(), budget: z.number().nullable() });
    expect(issuesToFields(numbers.safeParse({ priority: null, budget: null }).error!.issues, 'tr')).toEqual({
      priority: 'Bu alan zorunludur',
    });
  });

  it('says required, not "at least 1 character" or "enter a valid email", for a field left empty', () => {
    const form = z.strictObject({
      note: z.string().trim().min(1),
      email: z.email().min(6),
      code: z.string().min(4),
      tags: z.array(z.string()).min(1),
    });
    const empty = form.safeParse({ note: '   ', email: '', code: '', tags: [] });
    expect(issuesToFields(empty.error!.issues, 'tr')).toEqual({
      note: 'Bu alan zorunludur',
      email: 'Bu alan zorunludur',
      code: 'Bu alan zorunludur',
      tags: 'Bu alan zorunludur',
    });
    // Something typed is judged by its rule.
    const typed = form.safeParse({ note: 'a', email: 'a@b', code: '12', tags: ['x'] });
    expect(issuesToFields(typed.error!.issues, 'en')).toEqual({
      email: 'Enter a valid email address',
      code: 'Must be at least 4 characters',
    });
  });
});

describe('message catalogues', () => {
  it('have the same keys in Turkish and English, and different texts', () => {
    for (const part of ['errors', 'validation'] as const) {
      expect(Object.keys(messages.en[part]).sort()).toEqual(Object.keys(messages.tr[part]).sort());
    }
    expect(errorMessage('tr', 'NOT_FOUND')).not.toBe(errorMessage('en', 'NOT_FOUND'));
  });

  it('fills parameters and leaves unknown ones visible', () => {
    expect(errorMessage('en', 'ROUTE_NOT_FOUND', { method: 'GET', url: '/api/x' })).toBe(
      'The requested address was not found: GET /api/x',
    );
    expect(errorMessage('en', 'ROUTE_NOT_FOUND', { method: 'GET' })).toContain('{{url}}');
  });
});
