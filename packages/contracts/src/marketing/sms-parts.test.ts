import { describe, expect, it } from 'vitest';
import { SMS_PART_ROOM, smsEncodingOf, smsLength, smsLookalikes } from './sms-parts';

const repeat = (text: string, times: number) => text.repeat(times);

describe('SMS encoding', () => {
  it('is GSM-7 for the default alphabet, its extension characters included', () => {
    expect(smsEncodingOf('Merhaba! 50% indirim @ Avlu AVM, 10:00-22:00.')).toBe('gsm7');
    // Ç ö ü Ö Ü é à Ñ are letters of the default alphabet; € { } [ ] \ ^ ~ | of its extension table.
    expect(smsEncodingOf('Çok güzel ÖÜ öü é à Ñ')).toBe('gsm7');
    expect(smsEncodingOf('€ { } [ ] \\ ^ ~ |')).toBe('gsm7');
    expect(smsEncodingOf('')).toBe('gsm7');
  });

  it('is GSM-7 with the Turkish single shift for ç ğ ı ş Ğ İ Ş, and UCS-2 without that table', () => {
    for (const letter of ['ç', 'ğ', 'ı', 'ş', 'Ğ', 'İ', 'Ş']) {
      expect(smsEncodingOf(`Kampanya ${letter}`)).toBe('gsm7-turkish');
      expect(smsEncodingOf(`Kampanya ${letter}`, { turkishShift: false })).toBe('ucs2');
    }
    expect(smsEncodingOf('İndirim € {kod}')).toBe('gsm7-turkish');
  });

  it('is UCS-2 for anything in neither table', () => {
    expect(smsEncodingOf('Şapka â')).toBe('ucs2');
    expect(smsEncodingOf('it’s')).toBe('ucs2');
    expect(smsEncodingOf('Hoş geldiniz 🎉')).toBe('ucs2');
    expect(smsEncodingOf('مرحبا')).toBe('ucs2');
    // A Turkish letter written with a combining cedilla is not the precomposed ş.
    expect(smsEncodingOf('s\u0327')).toBe('ucs2');
  });
});

describe('SMS length and parts', () => {
  it('GSM-7: 160 septets are one part, 161 two of 153', () => {
    expect(smsLength(repeat('a', 160))).toEqual({
      encoding: 'gsm7',
      characters: 160,
      units: 160,
      parts: 1,
      perPart: 160,
      remaining: 0,
    });
    expect(smsLength(repeat('a', 161))).toEqual({
      encoding: 'gsm7',
      characters: 161,
      units: 161,
      parts: 2,
      perPart: 153,
      remaining: 145,
    });
    expect(smsLength(repeat('a', 306))).toMatchObject({ parts: 2, remaining: 0 });
    expect(smsLength(repeat('a', 307))).toMatchObject({ parts: 3, remaining: 152 });
    expect(smsLength('a')).toMatchObject({ parts: 1, remaining: 159 });
  });

  it('an empty text is no part, with a whole part left', () => {
    expect(smsLength('')).toEqual({
      encoding: 'gsm7',
      characters: 0,
      units: 0,
      parts: 0,
      perPart: 160,
      remaining: 160,
    });
  });

  it('€ and { count two septets each', () => {
    expect(smsLength('€')).toMatchObject({ encoding: 'gsm7', characters: 1, units: 2, remaining: 158 });
    expect(smsLength('{')).toMatchObject({ units: 2 });
    // 80 euro signs are 160 septets: one part; one more letter makes two.
    expect(smsLength(repeat('€', 80))).toMatchObject({ characters: 80, units: 160, parts: 1, remaining: 0 });
    expect(smsLength(`${repeat('€', 80)}a`)).toMatchObject({ units: 161, parts: 2 });
  });

  it('an escape and its character are never split between parts', () => {
    // 152 letters then '{': the first part has room for one septet only, so '{' opens the second.
    const text = `${repeat('a', 152)}{${repeat('a', 10)}`;
    expect(smsLength(text)).toMatchObject({ units: 164, parts: 2, perPart: 153, remaining: 153 - 12 });
    // 153 euro signs are 306 septets, but 76 fit a part of 153 (the 77th would be split): three parts.
    expect(smsLength(repeat('€', 153))).toMatchObject({ units: 306, parts: 3 });
    expect(smsLength(`${repeat('a', 151)}€`)).toMatchObject({ units: 153, parts: 1 });
  });

  it('Turkish single shift: 155 septets in one part, 149 in each of several, its letters two septets', () => {
    expect(SMS_PART_ROOM['gsm7-turkish']).toEqual({ single: 155, concatenated: 149 });
    expect(smsLength('ş')).toMatchObject({
      encoding: 'gsm7-turkish',
      characters: 1,
      units: 2,
      remaining: 153,
    });
    // ğ + 153 letters = 155 septets: one part; one more letter and it is two parts of 149.
    expect(smsLength(`ğ${repeat('a', 153)}`)).toMatchObject({ units: 155, parts: 1, remaining: 0 });
    expect(smsLength(`ğ${repeat('a', 154)}`)).toMatchObject({
      units: 156,
      parts: 2,
      perPart: 149,
      remaining: 149 - 7,
    });
    // Ç ö ü stay one septet inside a Turkish-shift text.
    expect(smsLength('ıÇöü')).toMatchObject({ units: 5 });
    // 77 × ı = 154 septets fit one part (155); 78 are two parts, 74 letters (148 septets) in the first.
    expect(smsLength(repeat('ı', 77))).toMatchObject({ units: 154, parts: 1 });
    expect(smsLength(repeat('ı', 78))).toMatchObject({ units: 156, parts: 2, remaining: 149 - 8 });
    // A text of Turkish letters only: 149 × 2 = 298 septets, 74 letters to a part.
    expect(smsLength(repeat('ş', 148))).toMatchObject({ parts: 2, remaining: 149 - 148 });
    expect(smsLength(repeat('ş', 149))).toMatchObject({ parts: 3, remaining: 149 - 2 });
  });

  it('a realistic Turkish campaign text', () => {
    const text =
      'Sevgili müşterimiz, hafta sonu Avlu AVM mağazalarında %50 indirim! Çekilişe katılmak için fişinizi yükleyin.';
    const length = smsLength(text);
    expect(length.encoding).toBe('gsm7-turkish');
    expect(length.characters).toBe(text.length);
    // The letters of the shift table count twice; Ç ü ö once.
    const shifted = [...text].filter((c) => 'çğışĞİŞ'.includes(c)).length;
    expect(length.units).toBe(text.length + shifted);
    expect(length.parts).toBe(1);
  });

  it('UCS-2: 70 units are one part, 71 two of 67', () => {
    expect(smsLength(repeat('â', 70))).toEqual({
      encoding: 'ucs2',
      characters: 70,
      units: 70,
      parts: 1,
      perPart: 70,
      remaining: 0,
    });
    expect(smsLength(repeat('â', 71))).toEqual({
      encoding: 'ucs2',
      characters: 71,
      units: 71,
      parts: 2,
      perPart: 67,
      remaining: 63,
    });
    expect(smsLength(repeat('â', 134))).toMatchObject({ parts: 2, remaining: 0 });
    expect(smsLength(repeat('â', 135))).toMatchObject({ parts: 3 });
    // In UCS-2 every character is one unit: € and { no longer count twice, nor do Turkish letters.
    expect(smsLength('â€{ş')).toMatchObject({ units: 4 });
  });

  it('emoji are surrogate pairs: two units each, never split between parts', () => {
    expect(smsLength('🎉')).toMatchObject({ encoding: 'ucs2', characters: 1, units: 2, remaining: 68 });
    expect(smsLength(repeat('🎉', 35))).toMatchObject({ characters: 35, units: 70, parts: 1, remaining: 0 });
    expect(smsLength(repeat('🎉', 36))).toMatchObject({ units: 72, parts: 2 });
    // 66 letters then an emoji: the first part has one unit left, so the pair opens the second.
    expect(smsLength(`${repeat('a', 66)}🎉${repeat('a', 3)}â`)).toMatchObject({
      units: 72,
      parts: 2,
      remaining: 67 - 6,
    });
    // 35 emoji and a letter: 33 emoji (66 units) fill the first part, the 34th opens the second.
    expect(smsLength(`${repeat('🎉', 35)}a`)).toMatchObject({ units: 71, parts: 2, remaining: 67 - 5 });
  });

  it('the spec’s longest SMS, 947 characters, is 7 GSM-7 parts or 15 UCS-2 parts', () => {
    expect(smsLength(repeat('a', 947))).toMatchObject({ parts: 7 });
    expect(smsLength(repeat('â', 947))).toMatchObject({ parts: 15 });
    expect(smsLength(`ş${repeat('a', 946)}`)).toMatchObject({ parts: 7 });
  });
});

describe('look-alike characters', () => {
  it('replaces typographic punctuation, special spaces and circumflex vowels with GSM characters', () => {
    const typed = 'Kampanya’da “%50” indirim – hâlâ geçerli…\u00a0Kâr sizin!';
    expect(smsLength(typed).encoding).toBe('ucs2');
    const { text, replaced } = smsLookalikes(typed);
    expect(text).toBe(
      'Kampanya\'da "%50" indirim - hala gecerli... Kar sizin!'.replace('gecerli', 'geçerli'),
    );
    expect(replaced).toBe(9);
    expect(smsLength(text).encoding).toBe('gsm7-turkish');
  });

  it('leaves a text without look-alikes as it is, emoji included', () => {
    expect(smsLookalikes('Merhaba 🎉 ş')).toEqual({ text: 'Merhaba 🎉 ş', replaced: 0 });
  });

  it('can save parts: 100 characters with one curly apostrophe are 2 UCS-2 parts, 1 part once replaced', () => {
    const typed = `${'a'.repeat(99)}’`;
    expect(smsLength(typed)).toMatchObject({ encoding: 'ucs2', parts: 2 });
    expect(smsLength(smsLookalikes(typed).text)).toMatchObject({ encoding: 'gsm7', parts: 1 });
  });
});
