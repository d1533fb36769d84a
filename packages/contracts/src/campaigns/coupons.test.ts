import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../i18n/format-issue';
import { languages } from '../i18n/languages';
import { messages, validationMessage } from '../i18n/messages';
import { displayCouponCode, generateCouponCode } from './coupon-code';
import { couponProviderInput } from './coupon-provider';
import { couponStatuses, couponStatusTransitions } from './coupon-status';
import {
  COUPON_GENERATE_MAX,
  codeValidationOtpBody,
  codeValidationQuery,
  codeValidationRedeemBody,
  couponCodeProblem,
  couponGenerateBody,
  couponGiveBody,
  couponImportRow,
  couponPrintBody,
  maskPersonName,
  maskPhone,
} from './coupons';
import {
  campaignFieldLabels,
  campaignParticipationLabels,
  campaignStateLabels,
  campaignStatusLabels,
  campaignTypeLabels,
  couponExportColumnLabels,
  couponProviderTypeLabels,
  couponStatusLabels,
  spendingLimitTypeLabels,
} from './labels';
import { campaignStates, campaignStatuses } from './lifecycle';
import {
  campaignCommonFields,
  campaignParticipations,
  campaignTypeFieldNames,
  campaignTypes,
  spendingLimitTypes,
} from './types';

const ID = '65a1b2c3d4e5f60718293a4b';
const fields = (result: { error?: { issues: never[] } | undefined }, lang: 'tr' | 'en' = 'en') =>
  result.error ? issuesToFields(result.error.issues, lang) : {};

describe('coupon code statuses', () => {
  it('are ready, given, used and not used, moving only forward', () => {
    expect(couponStatuses).toEqual(['ready', 'given', 'used', 'not_used']);
    expect(couponStatusTransitions).toEqual({
      ready: ['given'],
      given: ['used', 'not_used'],
      used: [],
      not_used: [],
    });
  });
});

describe('code requests', () => {
  it('generate takes a campaign and 1 to 1,000,000 codes', () => {
    expect(couponGenerateBody.safeParse({ campaignId: ID, count: COUPON_GENERATE_MAX }).success).toBe(true);
    expect(
      fields(couponGenerateBody.safeParse({ campaignId: ID, count: COUPON_GENERATE_MAX + 1 }) as never),
    ).toEqual({
      count: 'Must be at most 1000000',
    });
    expect(fields(couponGenerateBody.safeParse({ campaignId: ID, count: 0 }) as never)).toEqual({
      count: 'Must be at least 1',
    });
  });

  it('normalises a typed code before any lookup', () => {
    expect(codeValidationQuery.parse({ campaign_id: ID, coupon_code: ' abcde-fghjk ' }).coupon_code).toBe(
      'ABCDEFGHJK',
    );
    expect(
      fields(codeValidationQuery.safeParse({ campaign_id: ID, coupon_code: 'ab<script>' }) as never),
    ).toEqual({
      coupon_code: 'A code may contain only letters (A–Z) and digits',
    });
    expect(
      fields(codeValidationQuery.safeParse({ campaign_id: ID, coupon_code: '' }) as never, 'tr'),
    ).toEqual({
      coupon_code: 'Bu alan zorunludur',
    });
  });

  it('redeeming needs the 4-digit SMS code; sending it may name the holder’s phone', () => {
    expect(
      codeValidationRedeemBody.safeParse({ campaign_id: ID, coupon_code: 'ABCDEFGHJK', otp_code: '1234' })
        .success,
    ).toBe(true);
    expect(
      fields(
        codeValidationRedeemBody.safeParse({
          campaign_id: ID,
          coupon_code: 'ABCDEFGHJK',
          otp_code: '12a4',
        }) as never,
      ),
    ).toEqual({ otp_code: 'The code must be 4 digits' });
    expect(
      codeValidationOtpBody.parse({
        campaign_id: ID,
        coupon_code: 'abc12',
        customer_phone: '0532 123 45 67',
      }),
    ).toEqual({ campaign_id: ID, coupon_code: 'ABC12', customer_phone: '+905321234567' });
  });

  it('imports partner codes of 4 to 64 letters and digits, normalised', () => {
    expect(couponImportRow.parse({ coupon_code: 'sinema-ıi' }).coupon_code).toBe('SINEMAII');
    expect(couponImportRow.safeParse({ coupon_code: 'kış-2026' }).success).toBe(false);
    expect(couponImportRow.safeParse({ coupon_code: 'SINEMA-2026-0001' }).data?.coupon_code).toBe(
      'SINEMA20260001',
    );
    expect(couponImportRow.safeParse({ coupon_code: 'ABC' }).success).toBe(false);
    expect(couponImportRow.safeParse({ coupon_code: 'A'.repeat(65) }).success).toBe(false);
  });

  it('give and print count bodies name their fields', () => {
    expect(fields(couponGiveBody.safeParse({ channel_id: ID, customer_id: 'x' }) as never)).toEqual({
      campaign_id: 'This field is required',
      customer_id: 'Must be a valid id (24 hexadecimal characters)',
    });
    expect(fields(couponPrintBody.safeParse({ coupon_print_count: -1 }) as never)).toEqual({
      coupon_print_count: 'Must be at least 0',
    });
  });
});

describe('couponCodeProblem', () => {
  it('refuses a mistyped generated code before any lookup, and lets other codes through to the lookup', () => {
    const code = generateCouponCode((size) => Uint8Array.from({ length: size }, (_, index) => index * 7));
    expect(couponCodeProblem('coupon', code)).toBeUndefined();
    expect(couponCodeProblem('coupon', displayCouponCode(code).toLowerCase())).toBeUndefined();
    const typo = code.slice(0, 3) + (code[3] === 'A' ? 'B' : 'A') + code.slice(4);
    expect(couponCodeProblem('session_coupon', typo)).toBe('validation.couponCodeMalformed');
    expect(couponCodeProblem('third_party', 'PARTNER2026')).toBeUndefined();
    expect(couponCodeProblem('regular_code', 'YAZ2026')).toBeUndefined();
  });
});

describe('masking the holder for the clerk', () => {
  it('keeps the first letters of each word of a name', () => {
    expect(maskPersonName('Ayşe Nur Yılmaz')).toBe('Ay** N** Yı****');
    expect(maskPersonName('  İsmail   Öz ')).toBe('İs**** Ö*');
  });
  it('keeps the first four and last two digits of a phone', () => {
    expect(maskPhone('+905328906124')).toBe('0532 *** ** 24');
    expect(maskPhone('+4915123456789')).toBe('+4915*******89');
  });
});

describe('coupon provider', () => {
  it('requires the store exactly when the type is store', () => {
    expect(
      couponProviderInput.parse({ coupon_provider_name: 'Sinema', coupon_provider_type: 'other' }),
    ).toEqual({
      coupon_provider_name: 'Sinema',
      coupon_provider_type: 'other',
      coupon_provider_store_id: null,
    });
    expect(
      couponProviderInput.parse({
        coupon_provider_name: 'Mavi',
        coupon_provider_type: 'store',
        coupon_provider_store_id: ID,
      }).coupon_provider_store_id,
    ).toBe(ID);
    expect(
      fields(
        couponProviderInput.safeParse({ coupon_provider_name: '', coupon_provider_type: 'store' }) as never,
        'tr',
      ),
    ).toEqual({ coupon_provider_name: 'Bu alan zorunludur', coupon_provider_store_id: 'Bu alan zorunludur' });
    expect(
      fields(
        couponProviderInput.safeParse({
          coupon_provider_name: 'Sinema',
          coupon_provider_type: 'other',
          coupon_provider_store_id: ID,
        }) as never,
      ),
    ).toEqual({ coupon_provider_store_id: 'A store is chosen only for a provider of the store type' });
  });
});

describe('labels', () => {
  const tables: Array<[string, Record<'tr' | 'en', Record<string, string>>, readonly string[]]> = [
    ['types', campaignTypeLabels, campaignTypes],
    ['states', campaignStateLabels, campaignStates],
    ['statuses', campaignStatusLabels, campaignStatuses],
    ['participations', campaignParticipationLabels, campaignParticipations],
    ['spending limit types', spendingLimitTypeLabels, spendingLimitTypes],
    ['coupon statuses', couponStatusLabels, couponStatuses],
    ['provider types', couponProviderTypeLabels, ['store', 'other']],
    [
      'fields',
      campaignFieldLabels,
      [...campaignCommonFields.map((rule) => rule.field), ...campaignTypeFieldNames],
    ],
  ];
  it.each(tables)('name every %s in Turkish and English, each word once', (_, table, values) => {
    for (const lang of languages) {
      expect(Object.keys(table[lang]).sort()).toEqual([...values].sort());
      const words = Object.values(table[lang]);
      expect(new Set(words).size).toBe(words.length);
    }
  });
  it('give the code export headers in both languages', () => {
    expect(Object.keys(couponExportColumnLabels.tr)).toEqual(Object.keys(couponExportColumnLabels.en));
    expect(couponExportColumnLabels.tr.coupon_code).toBe('Kupon kodu');
  });
});

describe('messages', () => {
  it('word every validation key the campaign schemas use, in both languages', () => {
    // Vite's glob import reads the sources as text (contracts have no Node types for fs).
    const sources = (
      import.meta as unknown as {
        glob: (pattern: string[], options: object) => Record<string, string>;
      }
    ).glob(['./*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true });
    const used = new Set<string>();
    for (const source of Object.values(sources))
      for (const match of source.matchAll(/'validation\.([\w.]+)'/g)) used.add(match[1]!);
    expect(used.size).toBeGreaterThan(10);
    for (const key of used)
      for (const lang of languages) expect(validationMessage(lang, key), `${lang} ${key}`).toBeDefined();
  });
  it('have a Turkish and an English text for every campaign and coupon error code', () => {
    const codes = Object.keys(messages.en.errors).filter((code) => /^(CAMPAIGN|COUPON)_/.test(code));
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes)
      expect(messages.tr.errors[code as never]).not.toBe(messages.en.errors[code as never]);
  });
});
