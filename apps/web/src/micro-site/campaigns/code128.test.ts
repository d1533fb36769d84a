import { describe, expect, it } from 'vitest';
import { code128Modules, isCode128Text } from './code128';

describe('code128Modules', () => {
  it('writes a coupon code as Code 128 B: start, symbols, check symbol and stop', () => {
    // As JsBarcode's CODE128B encoder writes it.
    expect(code128Modules('KX7M2QR9ZA')).toBe(
      '1101001000010110001110111000101101110110111010111011000110011100101101000111011000101110111001011001110110001010100011000111001101001100011101011',
    );
  });

  it('has 11 modules a symbol and 13 for the stop', () => {
    for (const text of ['A', 'ABCD2345', 'x y-z']) {
      const modules = code128Modules(text);
      expect(modules).toHaveLength(11 * (text.length + 2) + 13);
      expect(modules.startsWith('11010010000')).toBe(true);
      expect(modules.endsWith('1100011101011')).toBe(true);
    }
  });

  it('refuses what code set B cannot write', () => {
    expect(isCode128Text('ÇAĞ')).toBe(false);
    expect(() => code128Modules('')).toThrow(RangeError);
    expect(() => code128Modules('Ğ1')).toThrow(RangeError);
  });
});
