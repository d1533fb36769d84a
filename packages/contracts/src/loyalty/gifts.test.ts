import { describe, expect, it } from 'vitest';
import { burnPointsInput, loyaltyGiftInput, sentAndSaveInput } from './gifts';

const valid = {
  loyalty_gift_title: ' Sinema bileti ',
  loyalty_gift_point_quantity: 400,
  loyalty_gift_stock_quantity: 0,
  loyalty_gift_min_tier_id: '64e0000000000000000000a2',
  loyalty_gift_is_active: true,
  loyalty_gift_send_type: 'by_hand',
};
const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('loyalty gift contracts', () => {
  it('trims the title, empties a blank note, takes stock 0 and no codes', () => {
    expect(loyaltyGiftInput.parse({ ...valid, loyalty_gift_note: '   ' })).toEqual({
      ...valid,
      loyalty_gift_title: 'Sinema bileti',
      loyalty_gift_note: null,
      loyalty_gift_new_codes: [],
    });
  });

  it('refuses a point cost below 1, a negative or fractional stock, an unknown send type and a repeated code', () => {
    const result = loyaltyGiftInput.safeParse({
      ...valid,
      loyalty_gift_point_quantity: 0,
      loyalty_gift_stock_quantity: 1.5,
      loyalty_gift_send_type: 'by_post',
      loyalty_gift_new_codes: ['A-1', ' A-1 '],
    });
    expect(pathsOf(result).sort()).toEqual([
      'loyalty_gift_new_codes.1',
      'loyalty_gift_point_quantity',
      'loyalty_gift_send_type',
      'loyalty_gift_stock_quantity',
    ]);
    expect(pathsOf(loyaltyGiftInput.safeParse({ ...valid, loyalty_gift_stock_quantity: -1 }))).toEqual([
      'loyalty_gift_stock_quantity',
    ]);
  });

  it('reads empty optional texts of a redemption as null', () => {
    expect(
      burnPointsInput.parse({
        loyalty_customer: '64e0000000000000000000c1',
        loyalty_customer_gift: '64e0000000000000000000b1',
        loyalty_customer_address: '',
      }),
    ).toMatchObject({ loyalty_customer_address: null, loyalty_customer_note: null });
    expect(sentAndSaveInput.parse({ loyalty_customer_tracking_number: ' ' })).toEqual({
      loyalty_customer_tracking_number: null,
      loyalty_customer_address: null,
    });
  });
});
