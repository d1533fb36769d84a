/**
 * The format of the coupon codes the mall generates (issue 13, "Code pools"; spec §3 Coupon code).
 * Free of zod and of any other import, so any side (server, back-office, micro-site) can use it.
 *
 * - Alphabet: the 31 symbols `23456789ABCDEFGHJKMNPQRSTUVWXYZ`, without the look-alikes 0/O and 1/I/L,
 *   so a code read off a phone screen or a paper coupon is typed back right.
 * - Length: `COUPON_CODE_LENGTH` (10): 9 random symbols (31⁹ ≈ 2.6·10¹³, about 44.6 bits, so a
 *   million codes in a mall leave one guess in 26 million a hit) and 1 check symbol.
 * - Check symbol: a weighted sum modulo the prime 31 (the ISBN-10 scheme over GF(31), whose size
 *   equals the alphabet's, so every check value is a symbol). Position i (0-based, the check symbol
 *   last) has weight i + 1, and a well-formed code has Σ (i + 1)·value(i) ≡ 0 (mod 31). Because 31 is
 *   prime and the weights 1…10 are distinct and non-zero modulo 31:
 *     - changing one symbol from a to b changes the sum by w·(b − a) ≢ 0, so every single-symbol
 *       substitution is caught;
 *     - swapping the symbols at positions i and j changes it by (wᵢ − wⱼ)·(b − a) ≢ 0, so every
 *       transposition, adjacent or not, is caught.
 *   `coupon-code.test.ts` checks both exhaustively for every position and every pair of symbols.
 *   Luhn mod N was not chosen: over 31 symbols it misses swapping the adjacent symbols '2' and 'Z'
 *   (values 0 and 30), as Luhn mod 10 misses 09 ↔ 90.
 *
 * Codes imported from partners (third-party, code and parking campaigns) keep their own format;
 * they are compared after `normaliseCouponCode` too, but only generated codes carry a check symbol.
 */

/** Codes one `POST /coupons/cache/generate` may ask for (issue 13: a million codes for one campaign). */
export const COUPON_GENERATE_MAX = 1_000_000;

export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const BASE = COUPON_CODE_ALPHABET.length; // 31, a prime
/** Random symbols of a generated code. */
export const COUPON_CODE_RANDOM_LENGTH = 9;
/** Symbols of a generated code: the random ones and the check symbol. */
export const COUPON_CODE_LENGTH = COUPON_CODE_RANDOM_LENGTH + 1;
/**
 * Random bytes `couponCodeFromRandom` is given for one code: enough that running out (more than 7
 * rejected bytes among 16, each rejected with probability 8/256) happens about once in 10⁸ codes.
 */
export const COUPON_CODE_RANDOM_BYTES = 16;

const VALUE_OF: ReadonlyMap<string, number> = new Map(
  Array.from(COUPON_CODE_ALPHABET, (symbol, value) => [symbol, value]),
);

const mod = (value: number) => ((value % BASE) + BASE) % BASE;

/** The multiplicative inverse modulo the prime 31 (Fermat: a^(p−2)). */
const inverse = (value: number) => {
  let result = 1;
  let base = mod(value);
  for (let exponent = BASE - 2; exponent > 0; exponent >>= 1) {
    if (exponent & 1) result = (result * base) % BASE;
    base = (base * base) % BASE;
  }
  return result;
};

/** Σ (i + 1)·value(i) mod 31 over the symbols given; undefined if one is not of the alphabet. */
const weightedSum = (symbols: string): number | undefined => {
  let sum = 0;
  for (let index = 0; index < symbols.length; index++) {
    const value = VALUE_OF.get(symbols[index]!);
    if (value === undefined) return undefined;
    sum = (sum + (index + 1) * value) % BASE;
  }
  return sum;
};

/**
 * The check symbol that makes `data` followed by it a well-formed code (position `data.length`,
 * weight `data.length + 1`). Throws for a symbol outside the alphabet or a length the scheme does
 * not cover (the weights must stay distinct and non-zero modulo 31: at most 30 symbols in all).
 */
export const couponCheckSymbol = (data: string): string => {
  const sum = weightedSum(data);
  if (sum === undefined) throw new Error('coupon code data must use the coupon code alphabet');
  if (data.length + 1 >= BASE) throw new Error('coupon code too long for its check symbol');
  return COUPON_CODE_ALPHABET[mod(-sum * inverse(data.length + 1))]!;
};

/** Characters people and files put inside a code that are not part of it: spaces of any kind, dashes, zero-width characters. */
const SEPARATORS = /[\s\u00ad\u200b-\u200d\u2060\ufeff\-\u2010-\u2015\u2212]/gu;

/**
 * A code as typed, pasted or imported, in the one form codes are compared and stored in: NFKC
 * (full-width Ａ is A), upper case with Turkish dotless ı and dotted i/İ all read as I, spaces and
 * dashes removed (`abcde-fghjk`, `ABCDE FGHJK` and `ABCDEFGHJK` are one code). Any code, generated
 * or imported, goes through this before it is looked up or saved.
 */
export const normaliseCouponCode = (input: string): string =>
  input
    .normalize('NFKC')
    .replace(/[ıiİ]/g, 'I')
    .toUpperCase()
    .replace(/I\u0307/g, 'I')
    .replace(SEPARATORS, '');

/**
 * Whether a code, once normalised, is a generated code: `COUPON_CODE_LENGTH` symbols of the alphabet
 * whose check symbol agrees. A mistyped generated code fails here, before any database lookup.
 */
export const isCouponCodeWellFormed = (input: string): boolean => {
  const code = normaliseCouponCode(input);
  return code.length === COUPON_CODE_LENGTH && weightedSum(code) === 0;
};

/** Largest multiple of 31 within a byte (248): bytes at or above it are skipped, so `byte % 31` is uniform. */
const UNBIASED_LIMIT = BASE * Math.floor(256 / BASE);

/**
 * A generated code from CSPRNG bytes (the server passes `crypto.randomBytes(COUPON_CODE_RANDOM_BYTES)`):
 * each byte below 248 gives one symbol (`byte % 31`), bytes 248–255 are skipped (rejection
 * sampling, so every symbol is equally likely: no modulo bias), then the check symbol is appended.
 * Answers undefined when the bytes run out before 9 symbols; `generateCouponCode` then asks for more.
 */
export const couponCodeFromRandom = (bytes: Uint8Array): string | undefined => {
  let data = '';
  for (const byte of bytes) {
    if (byte >= UNBIASED_LIMIT) continue;
    data += COUPON_CODE_ALPHABET[byte % BASE];
    if (data.length === COUPON_CODE_RANDOM_LENGTH) return data + couponCheckSymbol(data);
  }
  return undefined;
};

/** A generated code from a source of random bytes such as `crypto.randomBytes`; retries in the rare case the bytes run out. */
export const generateCouponCode = (randomBytes: (size: number) => Uint8Array): string => {
  for (;;) {
    const code = couponCodeFromRandom(randomBytes(COUPON_CODE_RANDOM_BYTES));
    if (code !== undefined) return code;
  }
};

/**
 * A code as shown to people: a generated code in two groups of five (`ABCDE-FGHJK`, easier to read
 * aloud and to type; the dash is dropped again by `normaliseCouponCode`); any other code as stored.
 */
export const displayCouponCode = (code: string): string =>
  isCouponCodeWellFormed(code) && code.length === COUPON_CODE_LENGTH
    ? `${code.slice(0, 5)}-${code.slice(5)}`
    : code;
