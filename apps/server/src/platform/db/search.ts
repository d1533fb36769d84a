import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Both engines use the C collation, which folds neither İ/ı nor the Turkish letters. Keywords and
 * columns are folded the same way instead: Turkish letters to their ASCII base, then lower case, so
 * "sisli", "ŞİŞLİ" and "Şişli" find each other.
 */
const TURKISH = 'İIıŞşĞğÜüÖöÇç';
const ASCII = 'iiissgguuoocc';

const table = new Map([...TURKISH].map((letter, index) => [letter, ASCII[index] ?? letter]));

export const foldText = (text: string): string =>
  [...text]
    .map((letter) => table.get(letter) ?? letter)
    .join('')
    .toLowerCase();

/** The folded form of a column in SQL; immutable, so a later migration can index it (pg_trgm). */
export const foldedColumn = (column: AnyColumn | SQL): SQL =>
  sql`lower(translate(${column}, ${TURKISH}, ${ASCII}))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** True when any of the columns contains the keyword, letter case and Turkish letters aside. */
export const containsKeyword = (columns: readonly (AnyColumn | SQL)[], keyword: string): SQL =>
  sql.join(
    columns.map((column) => sql`${foldedColumn(column)} like ${`%${escapeLike(foldText(keyword))}%`}`),
    sql` or `,
  );
