/**
 * Issue 16: how long an SMS is and how many parts (and so how much money) it costs, the same way
 * in the SMS editor (live, as the text is typed) and on the server (the cost before sending, the
 * parts in the report). Free of zod, so the web app imports it by path
 * (`@avlu/contracts/marketing/sms-parts`).
 *
 * A message goes in the first encoding of these three that can carry every character of it, as a
 * provider sending with NetGSM's `encoding: 'TR'` chooses:
 *
 * - `gsm7`: the GSM 7-bit default alphabet of 3GPP TS 23.038 §6.2.1, each character one septet; a
 *   character of its extension table (`€ { } [ ] \ ^ ~ |` and form feed) is an escape and the
 *   character, two septets.
 * - `gsm7-turkish`: the same alphabet with the Turkish national language single shift table
 *   (TS 23.038 A.2.1) in place of the extension table, chosen only when the text needs one of the
 *   letters that table adds: `ç ğ ı ş Ğ İ Ş` (each an escape and the character, two septets; the
 *   table also holds every default extension character, two septets too). `Ç ö ü Ö Ü é` and the
 *   other default letters stay one septet. The receiver is told of the table by a National Language
 *   Single Shift information element in the user data header (TS 23.040 §9.2.3.24.15: IEI, length,
 *   language; 3 octets), which costs room in every part.
 * - `ucs2`: anything else (`â`, `û`, `’`, Arabic, emoji…): 16-bit units of UTF-16, so a
 *   character outside the Basic Multilingual Plane (most emoji) is a surrogate pair, two units.
 *
 * An SMS carries 140 octets of user data. The parts and their room, in septets (GSM-7) or 16-bit
 * units (UCS-2):
 *
 * | encoding       | user data header, octets                     | one part | each of several |
 * | -------------- | -------------------------------------------- | -------- | --------------- |
 * | `gsm7`         | none; concatenation UDHL 1 + IE 5 = 6         | 160      | 153             |
 * | `gsm7-turkish` | shift 1 + 3 = 4; concatenation + shift 1 + 5 + 3 = 9 | 155 | 149            |
 * | `ucs2`         | none; concatenation 6                         | 70       | 67              |
 *
 * (140 − 6) × 8 / 7 = 153.1 → 153; (140 − 4) × 8 / 7 = 155.4 → 155; (140 − 9) × 8 / 7 = 149.7 →
 * 149; (140 − 6) / 2 = 67: the septets after a header start at the next septet boundary (fill
 * bits), so the fraction is lost. A locking shift table as well would cost 3 more octets (146 per
 * part); NetGSM's Turkish mode uses the single shift only, so it is not modelled.
 *
 * An escape and its character, and the two halves of a surrogate pair, are never split between
 * parts: a part that cannot hold the whole character ends one unit short and the character starts
 * the next, as handsets and SMSCs segment.
 */

export type SmsEncoding = 'gsm7' | 'gsm7-turkish' | 'ucs2';

/** The room of one part, in septets (GSM-7) or 16-bit units (UCS-2): alone, or each of several. */
export const SMS_PART_ROOM: Readonly<Record<SmsEncoding, { single: number; concatenated: number }>> = {
  gsm7: { single: 160, concatenated: 153 },
  'gsm7-turkish': { single: 155, concatenated: 149 },
  ucs2: { single: 70, concatenated: 67 },
};

export type SmsLength = {
  encoding: SmsEncoding;
  /** The characters as people count them (Unicode code points). */
  characters: number;
  /** What the parts are filled with: septets (an extension or shift character counts 2) or UTF-16 units. */
  units: number;
  /** How many SMS the text is sent (and billed) as; 0 for an empty text. */
  parts: number;
  /** The room of each part for this many parts (`single` for one, else `concatenated`). */
  perPart: number;
  /** Units left in the last part before the text needs one more part. */
  remaining: number;
};

/** The 3GPP TS 23.038 default alphabet, one septet each (0x1B, the escape, is not a character). */
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The default extension table: an escape and the character, two septets. */
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');
/**
 * What the Turkish single shift table holds besides every default extension character: these need
 * the table (and its header), two septets each.
 */
const TURKISH_SINGLE_SHIFT = new Set('ĞİŞçğış');

export type SmsLengthOptions = {
  /**
   * Whether the provider may use the Turkish single shift table (NetGSM's `encoding: 'TR'`, the
   * default). Without it a Turkish letter outside the default alphabet makes the text UCS-2.
   */
  turkishShift?: boolean;
};

/** The encoding a provider would send `text` in (see the module's comment). */
export const smsEncodingOf = (text: string, options: SmsLengthOptions = {}): SmsEncoding => {
  const turkishShift = options.turkishShift ?? true;
  let encoding: SmsEncoding = 'gsm7';
  for (const character of text) {
    if (GSM7_BASIC.has(character) || GSM7_EXTENSION.has(character)) continue;
    if (turkishShift && TURKISH_SINGLE_SHIFT.has(character)) encoding = 'gsm7-turkish';
    else return 'ucs2';
  }
  return encoding;
};

const unitsOf = (character: string, encoding: SmsEncoding) =>
  encoding === 'ucs2' ? character.length : GSM7_BASIC.has(character) ? 1 : 2;

/** The encoding, length and parts of an SMS text, as the provider will count and bill it. */
export const smsLength = (text: string, options: SmsLengthOptions = {}): SmsLength => {
  const encoding = smsEncodingOf(text, options);
  const room = SMS_PART_ROOM[encoding];
  let characters = 0;
  let units = 0;
  for (const character of text) {
    characters += 1;
    units += unitsOf(character, encoding);
  }
  if (units <= room.single) {
    return {
      encoding,
      characters,
      units,
      parts: units === 0 ? 0 : 1,
      perPart: room.single,
      remaining: room.single - units,
    };
  }
  // Several parts: fill each in turn, a character that does not fit whole starting the next.
  let parts = 1;
  let used = 0;
  for (const character of text) {
    const size = unitsOf(character, encoding);
    if (used + size > room.concatenated) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return {
    encoding,
    characters,
    units,
    parts,
    perPart: room.concatenated,
    remaining: room.concatenated - used,
  };
};

/**
 * Characters people type (or paste from a word processor) that look like GSM ones but are not, each
 * of which alone makes a whole text UCS-2 (70 characters a part instead of 155 or 160), and the GSM
 * character that stands in for it: typographic quotes and apostrophes, dashes, the ellipsis, special
 * spaces, and the circumflex vowels of Turkish (kâr, hâlâ), which no GSM table holds.
 */
const SMS_LOOKALIKES: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u2032': "'",
  '\u00b4': "'",
  '`': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\ufeff': '',
  '\u2022': '*',
  â: 'a',
  Â: 'A',
  î: 'i',
  Î: 'I',
  û: 'u',
  Û: 'U',
};

/**
 * The text with look-alike characters replaced by GSM ones, and how many were replaced, for the
 * editor to offer when they cost parts ("replace 3 characters to send in 1 part instead of 3").
 * What is saved is what is sent: a caller that takes the suggestion saves the new text.
 */
export const smsLookalikes = (text: string): { text: string; replaced: number } => {
  let replaced = 0;
  let result = '';
  for (const character of text) {
    const stand = SMS_LOOKALIKES[character];
    if (stand === undefined) result += character;
    else {
      replaced += 1;
      result += stand;
    }
  }
  return { text: result, replaced };
};
