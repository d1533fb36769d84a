import { describe, expect, it } from 'vitest';
import {
  COUPON_CODE_ALPHABET,
  COUPON_CODE_LENGTH,
  COUPON_CODE_RANDOM_BYTES,
  COUPON_CODE_RANDOM_LENGTH,
  couponCheckSymbol,
  couponCodeFromRandom,
  displayCouponCode,
  generateCouponCode,
  isCouponCodeWellFormed,
  normaliseCouponCode,
} from './coupon-code';

/** The platform's CSPRNG (Web Crypto, as in Node and browsers); contracts have no Node types. */
const webCrypto = (
  globalThis as unknown as { crypto: { getRandomValues<T extends Uint8Array>(array: T): T } }
).crypto;
const randomBytes = (size: number) => webCrypto.getRandomValues(new Uint8Array(size));

/** A deterministic generator (xorshift32), so a failing case can be replayed. */
const seeded = (seed: number) => () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const symbolAt = (random: () => number) => COUPON_CODE_ALPHABET[Math.floor(random() * 31)]!;
const randomData = (random: () => number) =>
  Array.from({ length: COUPON_CODE_RANDOM_LENGTH }, () => symbolAt(random)).join('');
const withCheck = (data: string) => data + couponCheckSymbol(data);
const replaceAt = (code: string, index: number, symbol: string) =>
  code.slice(0, index) + symbol + code.slice(index + 1);

describe('the alphabet', () => {
  it('has 31 distinct symbols and none of the look-alikes 0, O, 1, I, L', () => {
    expect(COUPON_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(COUPON_CODE_ALPHABET).size).toBe(31);
    for (const lookAlike of '0O1IL') expect(COUPON_CODE_ALPHABET).not.toContain(lookAlike);
  });
  it('makes codes of 8 or more characters', () => {
    expect(COUPON_CODE_LENGTH).toBeGreaterThanOrEqual(8);
  });
});

describe('the check symbol', () => {
  const random = seeded(20261124);
  /** Codes whose symbols other than those under test are random: the check is linear, so the rest does not matter, but it is varied anyway. */
  const base = () => randomData(random);

  it('makes every generated code well-formed', () => {
    for (let run = 0; run < 1000; run++) expect(isCouponCodeWellFormed(withCheck(base()))).toBe(true);
  });

  it('catches every single-symbol substitution, at every position, from every symbol to every other', () => {
    let cases = 0;
    for (let position = 0; position < COUPON_CODE_LENGTH; position++) {
      for (const from of COUPON_CODE_ALPHABET) {
        // A well-formed code with `from` at `position`: choose the data so, or (for the check position) search for it.
        let code: string;
        if (position < COUPON_CODE_RANDOM_LENGTH) code = withCheck(replaceAt(base(), position, from));
        else {
          do code = withCheck(base());
          while (code[position] !== from);
        }
        expect(code[position]).toBe(from);
        expect(isCouponCodeWellFormed(code)).toBe(true);
        for (const to of COUPON_CODE_ALPHABET) {
          if (to === from) continue;
          expect(isCouponCodeWellFormed(replaceAt(code, position, to)), `${code} ${position} ${to}`).toBe(
            false,
          );
          cases++;
        }
      }
    }
    expect(cases).toBe(COUPON_CODE_LENGTH * 31 * 30);
  });

  it('catches every transposition of two different symbols, adjacent or not, including the check symbol', () => {
    let cases = 0;
    const badSetups: string[] = [];
    const missed: string[] = [];
    for (let first = 0; first < COUPON_CODE_LENGTH; first++) {
      for (let second = first + 1; second < COUPON_CODE_LENGTH; second++) {
        // Every ordered pair of different symbols (a at `first`, b at `second`), each in a well-formed code.
        for (const a of COUPON_CODE_ALPHABET) {
          for (const b of COUPON_CODE_ALPHABET) {
            if (a === b) continue;
            let code: string;
            if (second < COUPON_CODE_RANDOM_LENGTH)
              code = withCheck(replaceAt(replaceAt(base(), first, a), second, b));
            else {
              // The check symbol is `b`: choose the data with `a` at `first`, then fix one other data symbol so the check comes out as b.
              const data = replaceAt(base(), first, a);
              const free = first === 0 ? 1 : 0;
              code = '';
              for (const symbol of COUPON_CODE_ALPHABET) {
                const candidate = withCheck(replaceAt(data, free, symbol));
                if (candidate[second] === b) {
                  code = candidate;
                  break;
                }
              }
            }
            // One expectation at the end: 41,850 cases through expect() take seconds.
            if (code[first] !== a || code[second] !== b || !isCouponCodeWellFormed(code))
              badSetups.push(code);
            const swapped = replaceAt(replaceAt(code, first, b), second, a);
            if (isCouponCodeWellFormed(swapped)) missed.push(`${code} ${first}↔${second}`);
            cases++;
          }
        }
      }
    }
    expect(badSetups).toEqual([]);
    expect(missed).toEqual([]);
    expect(cases).toBe(((COUPON_CODE_LENGTH * (COUPON_CODE_LENGTH - 1)) / 2) * 31 * 30);
  });

  it('refuses codes of another length or with symbols outside the alphabet', () => {
    const code = withCheck(base());
    expect(isCouponCodeWellFormed(code.slice(1))).toBe(false);
    expect(isCouponCodeWellFormed(`${code}2`)).toBe(false);
    expect(isCouponCodeWellFormed('')).toBe(false);
    expect(isCouponCodeWellFormed(replaceAt(code, 3, '0'))).toBe(false);
    expect(isCouponCodeWellFormed(replaceAt(code, 3, 'O'))).toBe(false);
    expect(() => couponCheckSymbol('ABC0')).toThrow();
  });
});

describe('normaliseCouponCode', () => {
  it('upper-cases, reads Turkish ı, i and İ as I, and drops spaces and dashes', () => {
    expect(normaliseCouponCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(normaliseCouponCode('ABC DE\u00a0FG\tHJ–K')).toBe('ABCDEFGHJK');
    expect(normaliseCouponCode('kış-İndirim')).toBe('KIŞINDIRIM');
    expect(normaliseCouponCode('İ'.toLowerCase())).toBe('I');
    expect(normaliseCouponCode('ＡＢＣ１２３')).toBe('ABC123');
    expect(normaliseCouponCode('ab\u200bcd')).toBe('ABCD');
  });
  it('lets a generated code typed in lower case, with spaces or with its display dash, pass', () => {
    const code = withCheck(randomData(seeded(7)));
    expect(isCouponCodeWellFormed(code.toLowerCase())).toBe(true);
    expect(isCouponCodeWellFormed(displayCouponCode(code))).toBe(true);
    expect(isCouponCodeWellFormed(code.split('').join(' '))).toBe(true);
  });
});

describe('couponCodeFromRandom', () => {
  it('maps CSPRNG bytes to well-formed codes', () => {
    for (let run = 0; run < 1000; run++) {
      const code = couponCodeFromRandom(randomBytes(COUPON_CODE_RANDOM_BYTES));
      expect(code).toBeDefined();
      expect(isCouponCodeWellFormed(code!)).toBe(true);
    }
    expect(isCouponCodeWellFormed(generateCouponCode(randomBytes))).toBe(true);
  });

  it('skips the bytes 248–255, so that each symbol comes from exactly 8 byte values (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const bytes = new Uint8Array(COUPON_CODE_RANDOM_LENGTH).fill(byte);
      const code = couponCodeFromRandom(bytes);
      if (byte >= 248) expect(code).toBeUndefined();
      else counts.set(code![0]!, (counts.get(code![0]!) ?? 0) + 1);
    }
    expect(counts.size).toBe(31);
    for (const count of counts.values()) expect(count).toBe(8);
  });

  it('uses the accepted bytes in order and answers undefined when they run out', () => {
    const bytes = Uint8Array.from([255, 0, 250, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(couponCodeFromRandom(bytes)?.slice(0, 9)).toBe('23456789A');
    expect(couponCodeFromRandom(Uint8Array.from([0, 1, 2, 255, 255]))).toBeUndefined();
    let calls = 0;
    const stingy = (size: number) => (++calls === 1 ? new Uint8Array(size).fill(255) : randomBytes(size));
    expect(isCouponCodeWellFormed(generateCouponCode(stingy))).toBe(true);
    expect(calls).toBe(2);
  });

  it('spreads symbols evenly over many codes', () => {
    const counts = new Array<number>(31).fill(0);
    const codes = 20_000;
    for (let run = 0; run < codes; run++) {
      const code = generateCouponCode(randomBytes);
      for (const symbol of code.slice(0, COUPON_CODE_RANDOM_LENGTH))
        counts[COUPON_CODE_ALPHABET.indexOf(symbol)]!++;
    }
    const expected = (codes * COUPON_CODE_RANDOM_LENGTH) / 31;
    // Chi-square with 30 degrees of freedom: above 70 happens by chance about once in 20,000 runs.
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(70);
  });
});

describe('displayCouponCode', () => {
  it('groups a generated code in fives and leaves other codes as stored', () => {
    const code = withCheck('ABCDEFGHJ');
    expect(displayCouponCode(code)).toBe(`ABCDE-FGHJ${code[9]}`);
    expect(displayCouponCode('PARTNER2026')).toBe('PARTNER2026');
  });
});
