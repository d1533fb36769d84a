import { describe, expect, it } from 'vitest';
import { turkishDisplayedRows } from './mui-locales';

describe('turkishDisplayedRows', () => {
  it('counts rows in Turkish, with Turkish digit grouping', () => {
    expect(turkishDisplayedRows({ from: 1, to: 10, count: 25 })).toBe('1–10 / 25');
    expect(turkishDisplayedRows({ from: 1001, to: 1010, count: 1000000 })).toBe('1.001–1.010 / 1.000.000');
  });

  it('says "over" or "about" when the total is not known', () => {
    expect(turkishDisplayedRows({ from: 1, to: 10, count: -1 })).toBe('1–10 / 10 üzeri');
    expect(turkishDisplayedRows({ from: 1, to: 10, count: -1, estimated: 200 })).toBe('1–10 / yaklaşık 200');
  });
});
