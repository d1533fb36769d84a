import { describe, expect, it } from 'vitest';
import { customerListQuery, marketingPermission } from './customer';
import { normalizePhone } from './phone';
import { segmentFilter } from './segment';
import { isValidPlate, normalizePlate } from './vehicle-plate';

describe('normalizePhone', () => {
  it('stores Turkish mobiles in E.164 however they are written', () => {
    for (const written of ['0532 123 45 67', '+90 532 123 4567', '5321234567', '(0532) 123-45-67'])
      expect(normalizePhone(written)).toBe('+905321234567');
  });
  it('keeps foreign numbers with their country code', () => {
    expect(normalizePhone('+49 1512 3456789')).toBe('+4915123456789');
  });
  it('refuses what is not a phone number', () => {
    for (const bad of ['', '123', 'abc', '0532 123', '+90 000 000 00 00'])
      expect(normalizePhone(bad)).toBeUndefined();
  });
});

describe('vehicle plates', () => {
  it('accepts Turkish plates with province codes 01-81, ignoring spaces and case', () => {
    for (const plate of ['34 ABC 123', '06 a 1234', '81 AB 12', '01ABC1234'])
      expect(isValidPlate(plate)).toBe(true);
    expect(normalizePlate('34 abc 123')).toBe('34ABC123');
  });
  it('refuses Turkish-looking plates with a province code outside 01-81', () => {
    for (const plate of ['00 ABC 123', '82 ABC 123', '99 A 1234']) expect(isValidPlate(plate)).toBe(false);
  });
  it('accepts the listed foreign formats', () => {
    for (const plate of ['B MW 1234', 'CA 1234 AB', 'AB 123 CD', 'B 123 ABC', '10 AB 123', 'W 12345 A'])
      expect(isValidPlate(plate)).toBe(true);
  });
  it('refuses nonsense', () => {
    for (const plate of ['', '!!!', 'ABCDEFGHIJK1234567']) expect(isValidPlate(plate)).toBe(false);
  });
});

describe('segment filter', () => {
  it('parses nested AND/OR groups of conditions', () => {
    const filter = [
      { field: 'gender', in: ['female'] },
      {
        field: 'group',
        op: 'or',
        conditions: [
          { field: 'age', min: 18, max: 30 },
          { field: 'consent', type: 'sms', value: true },
        ],
      },
    ];
    expect(segmentFilter.parse(filter)).toEqual(filter);
  });
  it('refuses an unknown field and unknown keys', () => {
    expect(segmentFilter.safeParse([{ field: 'shoe_size', in: [42] }]).success).toBe(false);
    expect(segmentFilter.safeParse([{ field: 'is_parent', value: true, extra: 1 }]).success).toBe(false);
  });
  it('parses the loyalty conditions: tier ids, a balance range and receipts in a period', () => {
    const filter = [
      { field: 'loyalty_tier', in: ['65a000000000000000000001'] },
      { field: 'point_balance', min: 100, max: 5000 },
      { field: 'receipts', from: '2026-01-01', to: '2026-03-31', count: { min: 2 }, amount: { max: 1500.5 } },
      { field: 'receipts' },
    ];
    expect(segmentFilter.parse(filter)).toEqual(filter);
  });
  it('refuses loyalty conditions out of shape', () => {
    for (const condition of [
      { field: 'loyalty_tier', in: [] },
      { field: 'loyalty_tier', in: ['not-an-id'] },
      { field: 'point_balance', min: -1 },
      { field: 'point_balance', max: 1.5 },
      { field: 'receipts', from: '2026-02-30' },
      { field: 'receipts', count: { min: 1, extra: 2 } },
      { field: 'receipts', amount: { min: -5 } },
    ])
      expect(segmentFilter.safeParse([condition]).success, JSON.stringify(condition)).toBe(false);
  });
  it('rides in the customer list query', () => {
    const query = customerListQuery.parse({
      filter: [{ field: 'birthday_month', in: [3] }],
      searchType: 'name',
    });
    expect(query.pagination).toEqual({ limit: 10, currentPage: 1 });
  });
});

it('marketing permission body is type and value', () => {
  expect(marketingPermission.safeParse({ type: 'kvkk', value: false }).success).toBe(true);
  expect(marketingPermission.safeParse({ type: 'push', value: false }).success).toBe(false);
});
