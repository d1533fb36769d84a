/**
 * Code 128 (ISO/IEC 15417), code set B, for a coupon code's barcode on "my coupons": a till's
 * scanner reads it as the code's text. Codes are A–Z and digits, so set B (ASCII 32–126) covers
 * every one; written here rather than a barcode library, which would bring a dozen symbologies.
 */

/** The bar and space widths (6 modules each, bar first) of symbol values 0–105; start B is 104. */
const WIDTHS =
  '212222222122222221121223121322131222122213122312132212221213221312231212112232122132122231113222123122123221223211221132221231213212223112312131311222321122321221312212322112322211212123212321232121111323131123131321112313132113132311211313231113231311112133112331132131113123113321133121313121211331231131213113213311213131311123311321331121312113312311332111314111221411431111111224111422121124121421141122141221112214112412122114122411142112142211241211221114413111241112134111111242121142121241114212124112124211411212421112421211212141214121412121111143111341131141114113114311411113411311113141114131311141411131211412211214211232';
const STOP = '2331112';
const START_B = 104;

/** Whether `text` can be written in code set B (printable ASCII). */
export const isCode128Text = (text: string) => /^[\x20-\x7e]+$/.test(text);

/**
 * The barcode of `text` as its modules, '1' a bar and '0' a space, from the start symbol to the
 * stop pattern (the quiet zones around it are the renderer's).
 */
export const code128Modules = (text: string): string => {
  if (!isCode128Text(text)) throw new RangeError(`Code 128 B cannot write ${JSON.stringify(text)}`);
  const values = [START_B, ...Array.from(text, (char) => char.charCodeAt(0) - 32)];
  // The check symbol: the start's value plus each symbol's value times its position, modulo 103.
  values.push(values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103);
  const widths = values.map((value) => WIDTHS.slice(value * 6, value * 6 + 6)).join('') + STOP;
  return Array.from(widths, (width, index) => (index % 2 === 0 ? '1' : '0').repeat(Number(width))).join('');
};
