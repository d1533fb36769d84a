/**
 * Text folded for matching the way the server's search folds it: Turkish lower case, then the
 * Turkish letters without their marks, so "sisli" finds "Şişli" and "istanbul" finds "İstanbul".
 */
export const foldTurkish = (text: string) =>
  text.toLocaleLowerCase('tr').normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');

/** Whether `text` contains `query`, both folded. */
export const matchesFolded = (text: string, query: string) => foldTurkish(text).includes(foldTurkish(query));
