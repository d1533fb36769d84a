import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { yesNoLabels } from '../i18n/labels';
import { customerFrequencies, customerGenders } from './customer';
import {
  customerImportColumns,
  customerImportHeaderMap,
  customerImportRow,
  customerImportSkippedHeaders,
  foldLabel,
} from './import';
import {
  customerColumnLabels,
  customerExportOnlyLabels,
  customerFrequencyLabels,
  customerGenderLabels,
} from './labels';
import { normalizePhone } from './phone';

describe('normalizePhone’s Turkish block cache', () => {
  it('answers what libphonenumber answers, for many numbers in every writing', { timeout: 30_000 }, () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Few blocks, many numbers each: the cached answers are the ones compared.
    const blocks = Array.from({ length: 300 }, (_, index) =>
      index < 100
        ? `5${String(Math.floor(random() * 1e5)).padStart(5, '0')}`
        : `${1 + Math.floor(random() * 9)}${String(Math.floor(random() * 1e5)).padStart(5, '0')}`,
    );
    for (let index = 0; index < 6_000; index++) {
      const national = `${blocks[index % blocks.length]}${String(Math.floor(random() * 1e4)).padStart(4, '0')}`;
      const parsed = parsePhoneNumberFromString(national, 'TR');
      const expected = parsed?.isValid() ? parsed.number : undefined;
      for (const written of [national, `0${national}`, `+90${national}`, `0090${national}`, `90${national}`])
        expect(normalizePhone(written), written).toBe(expected);
    }
  });
});

describe('customerImportRow', () => {
  it('maps labels in both languages, folded, to their columns', () => {
    expect(customerImportHeaderMap.get(foldLabel('DOĞUM TARİHİ'))).toBe('customer_birthdate');
    expect(customerImportHeaderMap.get(foldLabel('E-Mail'))).toBe('customer_email');
    expect(customerImportHeaderMap.get(foldLabel('Ayakkabı'))).toBeUndefined();
    expect(customerImportHeaderMap.get(foldLabel('Email'))).toBe('customer_email');
    expect(customerImportHeaderMap.get(foldLabel('customer_phone'))).toBe('customer_phone');
  });

  it('reads yes/no words, genders and dates as sheets write them', () => {
    const row = customerImportRow.parse({
      customer_phone: '0532 123 45 67',
      customer_name: 'Ayşe',
      customer_surname: 'Yılmaz',
      customer_gender: 'KADIN',
      customer_birthdate: '7.5.1990',
      customer_sms_permission: 'Evet',
      customer_kvkk_permission: 'HAYIR',
      customer_is_parent: '1',
      customer_frequency: 'Ayda bir',
    });
    expect(row).toMatchObject({
      customer_phone: '+905321234567',
      customer_gender: 'female',
      customer_birthdate: '1990-05-07',
      customer_sms_permission: true,
      customer_kvkk_permission: false,
      customer_is_parent: true,
      customer_frequency: 'once_a_month',
    });
  });

  it('reads back every word the export writes, in either language, and earlier headers', () => {
    const { tr, en } = customerColumnLabels;
    for (const lang of [tr, en])
      for (const column of customerImportColumns)
        expect(customerImportHeaderMap.get(foldLabel(lang[column]))).toBe(column);
    expect(customerImportHeaderMap.get(foldLabel('Locality'))).toBe('customer_locality');
    for (const label of [
      ...Object.values(customerExportOnlyLabels.tr),
      ...Object.values(customerExportOnlyLabels.en),
    ])
      expect(customerImportSkippedHeaders.has(foldLabel(label))).toBe(true);
    const base = { customer_phone: '0532 890 61 24', customer_name: 'Ayşe', customer_surname: 'Işık' };
    for (const lang of ['tr', 'en'] as const) {
      for (const gender of customerGenders)
        expect(
          customerImportRow.parse({ ...base, customer_gender: customerGenderLabels[lang][gender] })
            .customer_gender,
        ).toBe(gender);
      for (const frequency of customerFrequencies)
        expect(
          customerImportRow.parse({ ...base, customer_frequency: customerFrequencyLabels[lang][frequency] })
            .customer_frequency,
        ).toBe(frequency);
      expect(
        customerImportRow.parse({
          ...base,
          customer_sms_permission: yesNoLabels[lang].yes,
          customer_call_permission: yesNoLabels[lang].no,
        }),
      ).toMatchObject({ customer_sms_permission: true, customer_call_permission: false });
    }
  });

  it('names each bad cell', () => {
    const result = customerImportRow.safeParse({ customer_name: 'Ali', customer_birthdate: '1990-02-30' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'customer_phone',
      'customer_surname',
      'customer_birthdate',
    ]);
  });
});
