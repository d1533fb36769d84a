import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../i18n/format-issue';
import { resetPointInput } from './reset-points';

const tier = '64b0000000000000000000a1';

const fieldsOf = (input: unknown, lang: 'tr' | 'en' = 'tr') => {
  const result = resetPointInput.safeParse(input);
  return result.success ? {} : issuesToFields(result.error.issues, lang);
};

describe('reset point input (spec §5: name and type required)', () => {
  it('completes what a type does not use: no tiers, no segment', () => {
    expect(resetPointInput.parse({ reset_point_name: ' Yıl sonu ', reset_point_type: 'all' })).toEqual({
      reset_point_name: 'Yıl sonu',
      reset_point_type: 'all',
      reset_point_related_ids: [],
      reset_point_segment: null,
    });
    expect(
      resetPointInput.parse({
        reset_point_name: 'Gümüş',
        reset_point_type: 'tier',
        reset_point_related_ids: [tier, tier],
      }).reset_point_related_ids,
    ).toEqual([tier]);
  });

  it('says "required" for a missing or blank name and a missing or unpicked type', () => {
    expect(fieldsOf({})).toEqual({
      reset_point_name: 'Bu alan zorunludur',
      reset_point_type: 'Bu alan zorunludur',
    });
    expect(fieldsOf({ reset_point_name: '   ', reset_point_type: '' }, 'en')).toEqual({
      reset_point_name: 'This field is required',
      reset_point_type: 'This field is required',
    });
    expect(fieldsOf({ reset_point_name: 'X', reset_point_type: 'store' }, 'en').reset_point_type).toMatch(
      /all, tier, segment/,
    );
  });

  it('needs tiers for a tier reset and conditions for a segment reset, and refuses them elsewhere', () => {
    expect(fieldsOf({ reset_point_name: 'X', reset_point_type: 'tier' })).toEqual({
      reset_point_related_ids: 'Sıfırlanacak en az bir üyelik seviyesi seçin',
    });
    expect(
      fieldsOf({ reset_point_name: 'X', reset_point_type: 'segment', reset_point_segment: null }),
    ).toEqual({
      reset_point_segment: 'Sıfırlanacak müşteri kitlesi için en az bir koşul ekleyin',
    });
    expect(
      fieldsOf({
        reset_point_name: 'X',
        reset_point_type: 'tier',
        reset_point_related_ids: [tier],
        reset_point_segment: [{ field: 'gender', in: ['female'] }],
      }),
    ).toEqual({ reset_point_segment: 'Bu sıfırlama türünde kullanılmaz' });
    expect(
      fieldsOf({
        reset_point_name: 'X',
        reset_point_type: 'segment',
        reset_point_segment: [{ field: 'gender', in: ['female'] }],
      }),
    ).toEqual({});
  });
});
