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

/**
 * A text column as a key that sorts in Turkish alphabetical order under the C collation: case aside,
 * Ç after C, Ğ after G, I (ı) between H and İ (i), Ö after O, Ş after S, Ü after U, and â î û as their
 * plain letters. Each Turkish letter becomes its base letter and '~', which sorts after every letter,
 * so "Cide" < "Çanakkale" < "Çorum" < "Denizli". Empty stays empty (null), for lists to put last.
 */
export const alphabetical = (column: AnyColumn | SQL): SQL => {
  // COLLATE "C" whatever the database's default: the key's order is its bytes, and lower() folds ASCII only.
  const lowered = sql`lower(translate(${column} collate "C", ${'IİÇĞÖŞÜÂÎÛâîû'}, ${'ıiçğöşüaiuaiu'}))`;
  return [
    ['ç', 'c~'],
    ['ğ', 'g~'],
    ['ı', 'h~'],
    ['ö', 'o~'],
    ['ş', 's~'],
    ['ü', 'u~'],
  ].reduce((key, [letter, stand]) => sql`replace(${key}, ${letter}, ${stand})`, lowered);
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * True when any of the columns contains the keyword, letter case and Turkish letters aside. In
 * parentheses: drizzle's `and()` does not wrap its operands, and `mall = $1 and a like $2 or b like $3`
 * would find other malls' rows by `b`.
 */
export const containsKeyword = (columns: readonly (AnyColumn | SQL)[], keyword: string): SQL =>
  sql`(${sql.join(
    columns.map((column) => sql`${foldedColumn(column)} like ${`%${escapeLike(foldText(keyword))}%`}`),
    sql` or `,
  )})`;
