/**
 * Spreadsheet formula injection: a text cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is a formula to Excel and LibreOffice once someone edits it, or once the sheet is saved as
 * CSV and opened again (`=HYPERLINK(…)`, `-2+3+cmd|' /C calc'!A0`). Every export writes its text
 * cells through `neutraliseFormula` (sendXlsx does it for every column), and every upload reads them
 * back through `restoreNeutralised` (the upload reader does it), so a file exported here imports
 * again with the values it was made from.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** A sign and then only digits and number punctuation (`+90 532 123 45 67`, `-12.5`): nothing a spreadsheet can run. */
const SIGNED_NUMBER = /^[+-][\d\s().,/-]*$/;

/** Whether a text cell would start a formula: such a cell is written with the text format ('@'). */
export const startsFormula = (text: string): boolean => FORMULA_START.test(text);

/**
 * The text to write for a cell: one that would run as a formula gets Excel's quote prefix `'`
 * (shown, and kept as text when edited or saved as CSV); a phone or signed number stays as it is
 * (the text format keeps it from turning into a number).
 */
export const neutraliseFormula = (text: string): string =>
  startsFormula(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;

/** The inverse of `neutraliseFormula`, for uploaded cells: `'=…` reads as `=…`. */
export const restoreNeutralised = (text: string): string =>
  text.charCodeAt(0) === 39 && startsFormula(text.slice(1)) ? text.slice(1) : text;
