import { describe, expect, it } from 'vitest';
import { customerImportRow } from '../customers/import';
import { formatIssue } from '../i18n/format-issue';
import { isoDate, multilineText, personName, safeUrl, singleLineText, verbatimText } from './text';

const messageOf = (result: { error?: { issues: readonly unknown[] } }, lang: 'tr' | 'en' = 'en') =>
  formatIssue(result.error!.issues[0] as never, lang);

describe('text building blocks', () => {
  it('refuse NUL and other C0 control characters on one line, in both languages', () => {
    for (const value of ['a\u0000b', 'a\u001bb', 'a\nb', 'a\tb', 'a\u007fb']) {
      const result = singleLineText().safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(messageOf(result)).toBe('Must not contain control characters (such as NUL)');
      expect(messageOf(result, 'tr')).toBe('Kontrol karakterleri (ör. NUL) içeremez');
    }
    expect(singleLineText().parse('  Şişli  ')).toBe('Şişli');
    expect(verbatimText().parse(' gizli ')).toBe(' gizli ');
    expect(verbatimText().safeParse('gizli\u0000').success).toBe(false);
    expect(safeUrl().safeParse('https://avlu.test/\u0000').success).toBe(false);
  });

  it('keep tab and line breaks in multi-line text, and refuse NUL there too', () => {
    expect(multilineText().parse('Kat 2\r\n\tNo 5')).toBe('Kat 2\r\n\tNo 5');
    expect(multilineText().safeParse('Kat 2\u0000').success).toBe(false);
    expect(multilineText().safeParse('Kat \u00072').success).toBe(false);
  });

  it('strip zero-width and direction-changing characters from person names, after NFC', () => {
    const name = personName(50);
    expect(name.parse('\u202eAyşe\u200b\u2066 \ufeff')).toBe('Ayşe');
    expect(name.parse('Ays\u0327e')).toBe('Ayşe');
    expect(name.safeParse('\u200b\u200f').error?.issues[0]?.message).toBe('validation.required');
    expect(name.safeParse('Ay\u0000şe').success).toBe(false);
  });

  it('take letters of any script, spaces, apostrophes, hyphens and dots as a name, and nothing else', () => {
    const name = personName(50);
    for (const value of [
      'Şükrü Öztürk-Çelik',
      "O'Neil",
      'O’Neil',
      'Ayşe Nur',
      'İlkay Işık',
      'J. R.',
      'Zoë',
      'Łukasz',
      'Дмитрий',
      'محمد',
      '李小龍',
      'Nguyễn Văn',
    ])
      expect(name.safeParse(value).success, value).toBe(true);
    expect(name.parse('  Ayşe   Nur ')).toBe('Ayşe Nur');
    for (const value of [
      '0533 444 55 66',
      'Ali2',
      'ali@avlu.test',
      '#Ali',
      'Ali_Veli',
      '...',
      "-'",
      '(Ayşe)',
    ]) {
      const result = name.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(messageOf(result, 'tr')).toBe(
        'Yalnızca harf, boşluk, kesme işareti (’), kısa çizgi (-) ve nokta içerebilir',
      );
      expect(messageOf(result)).toBe(
        'May contain only letters, spaces, apostrophes (’), hyphens (-) and dots',
      );
    }
    // Blank says required, once.
    const blank = name.safeParse('   ');
    expect(blank.error?.issues).toHaveLength(1);
    expect(messageOf(blank, 'tr')).toBe('Bu alan zorunludur');
  });

  it('take dates from 1900 to 2100 only', () => {
    expect(isoDate().parse('1900-01-01')).toBe('1900-01-01');
    expect(isoDate().parse('2100-12-31')).toBe('2100-12-31');
    for (const value of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      const result = isoDate().safeParse(value);
      expect(result.success, value).toBe(false);
      expect(messageOf(result)).toBe('Must be a date from 1900-01-01 to 2100-12-31');
      expect(messageOf(result, 'tr')).toBe('1900-01-01 ile 2100-12-31 arasında bir tarih olmalıdır');
    }
  });

  it('apply to imported rows as to the API', () => {
    const row = customerImportRow.safeParse({
      customer_phone: '0532 123 45 67',
      customer_name: 'Ay\u0000şe',
      customer_surname: 'Kaya\u200b',
      customer_birthdate: '01.01.0000',
    });
    expect(row.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'customer_name',
      'customer_birthdate',
    ]);
  });
});
