import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../i18n/format-issue';
import { type PointProviderInput, pointProviderFilterQuery, pointProviderInput } from './point-providers';

const store = '64b0000000000000000000e1';
const category = '64b0000000000000000000c1';

const valid: PointProviderInput = {
  point_provider_name: 'Giyim Mağazaları',
  point_provider_type: 'store',
  point_provider_priority: 10,
  point_provider_min_amount: 100,
  point_provider_points_multiplier: 0.05,
  point_provider_start_at: '2026-01-01',
  point_provider_end_at: '2026-12-31',
  point_provider_store_ids: [store],
};

const fieldsOf = (input: unknown, lang: 'tr' | 'en' = 'en') => {
  const result = pointProviderInput.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues, lang);
};

describe('point provider input (spec §5)', () => {
  it('accepts a store provider, completing the unused list and the currency', () => {
    expect(pointProviderInput.parse(valid)).toEqual({
      ...valid,
      point_provider_category_ids: [],
      currency: 'TRY',
    });
    // A store picked twice is one store.
    expect(
      pointProviderInput.parse({ ...valid, point_provider_store_ids: [store, store] })
        .point_provider_store_ids,
    ).toEqual([store]);
  });

  it('keeps the priority between 1 and 99, a whole number', () => {
    expect(fieldsOf({ ...valid, point_provider_priority: 0 })).toEqual({
      point_provider_priority: 'Must be at least 1',
    });
    expect(fieldsOf({ ...valid, point_provider_priority: 100 }, 'tr')).toEqual({
      point_provider_priority: 'En fazla 99 olabilir',
    });
    expect(Object.keys(fieldsOf({ ...valid, point_provider_priority: 1.5 }))).toEqual([
      'point_provider_priority',
    ]);
    expect(fieldsOf({ ...valid, point_provider_priority: 1 })).toEqual({});
    expect(fieldsOf({ ...valid, point_provider_priority: 99 })).toEqual({});
  });

  it('wants a minimum amount of at least 1', () => {
    expect(fieldsOf({ ...valid, point_provider_min_amount: 0.5 })).toEqual({
      point_provider_min_amount: 'Must be at least 1',
    });
    expect(fieldsOf({ ...valid, point_provider_min_amount: 1 })).toEqual({});
    expect(fieldsOf({ ...valid, point_provider_min_amount: undefined })).toEqual({
      point_provider_min_amount: 'This field is required',
    });
  });

  it('keeps the parameter between 0.01 and 0.9, with the spec’s words', () => {
    expect(fieldsOf({ ...valid, point_provider_points_multiplier: 0.95 })).toEqual({
      point_provider_points_multiplier: 'The parameter cannot be more than 0.9',
    });
    expect(fieldsOf({ ...valid, point_provider_points_multiplier: 0.001 })).toEqual({
      point_provider_points_multiplier: 'The parameter cannot be less than 0.01',
    });
    expect(fieldsOf({ ...valid, point_provider_points_multiplier: 0.95 }, 'tr')).toEqual({
      point_provider_points_multiplier: 'Parametre 0,9’dan fazla olamaz',
    });
    expect(fieldsOf({ ...valid, point_provider_points_multiplier: 0 }, 'tr')).toEqual({
      point_provider_points_multiplier: 'Parametre 0,01’den az olamaz',
    });
    expect(fieldsOf({ ...valid, point_provider_points_multiplier: 0.01 })).toEqual({});
    expect(fieldsOf({ ...valid, point_provider_points_multiplier: 0.9 })).toEqual({});
  });

  it('wants both dates, the end after the start', () => {
    expect(
      fieldsOf({ ...valid, point_provider_start_at: undefined, point_provider_end_at: undefined }),
    ).toEqual({
      point_provider_start_at: 'This field is required',
      point_provider_end_at: 'This field is required',
    });
    expect(fieldsOf({ ...valid, point_provider_end_at: '2026-01-01' })).toEqual({
      point_provider_end_at: 'The end date must be later than the start date',
    });
    expect(fieldsOf({ ...valid, point_provider_end_at: '2025-12-31' }, 'tr')).toEqual({
      point_provider_end_at: 'Bitiş tarihi başlangıç tarihinden sonra olmalıdır',
    });
    // Date-only: a moment is not what the spec sends.
    expect(Object.keys(fieldsOf({ ...valid, point_provider_start_at: '2026-01-01T00:00:00Z' }))).toEqual([
      'point_provider_start_at',
    ]);
  });

  it('wants stores for a store provider and categories for a category provider, neither for the others', () => {
    expect(fieldsOf({ ...valid, point_provider_store_ids: [] })).toEqual({
      point_provider_store_ids: 'Pick at least one store for a point provider of the store type',
    });
    expect(fieldsOf({ ...valid, point_provider_type: 'category' }, 'tr')).toEqual({
      point_provider_store_ids: 'Bu puan sağlayıcısı türünde kullanılmaz',
      point_provider_category_ids: 'Kategori türündeki puan sağlayıcısı için en az bir kategori seçin',
    });
    expect(
      fieldsOf({
        ...valid,
        point_provider_type: 'category',
        point_provider_store_ids: [],
        point_provider_category_ids: [category],
      }),
    ).toEqual({});
    for (const type of ['default', 'outsource'] as const) {
      expect(fieldsOf({ ...valid, point_provider_type: type, point_provider_store_ids: [] })).toEqual({});
      expect(Object.keys(fieldsOf({ ...valid, point_provider_type: type }))).toEqual([
        'point_provider_store_ids',
      ]);
    }
  });

  it('reports every broken rule at once', () => {
    expect(
      Object.keys(
        fieldsOf({
          point_provider_name: '',
          point_provider_type: 'store',
          point_provider_priority: 0,
          point_provider_min_amount: 0,
          point_provider_points_multiplier: 1,
          point_provider_start_at: '2026-02-01',
          point_provider_end_at: '2026-01-01',
          point_provider_store_ids: [],
          currency: 'GBP',
        }),
      ).sort(),
    ).toEqual(
      [
        'point_provider_name',
        'point_provider_priority',
        'point_provider_min_amount',
        'point_provider_points_multiplier',
        'point_provider_end_at',
        'point_provider_store_ids',
        'currency',
      ].sort(),
    );
  });

  it('filters the list by type', () => {
    expect(
      pointProviderFilterQuery.parse({
        filter: { point_provider_type: 'default' },
        orderBy: 'point_provider_priority',
      }),
    ).toMatchObject({ filter: { point_provider_type: 'default' }, orderBy: 'point_provider_priority' });
    expect(pointProviderFilterQuery.safeParse({ filter: { point_provider_type: 'x' } }).success).toBe(false);
  });
});
