/**
 * jsdom's getComputedStyle matches every CSS rule of the page against the element, and its cache
 * is dropped on every DOM change. Emotion leaves one rule per style MUI ever rendered in the file
 * (600 and more) beside jsdom's 200 rules of browser defaults, and Testing Library asks for computed
 * styles all the time (is an element hidden? its accessible name?), as do MUI's TextareaAutosize and
 * user-event: half of a screen test's time went to matching rules that name a class or an element
 * type the element does not have.
 *
 * So the matcher jsdom calls per rule first checks what each selector's last compound requires of the
 * element itself: its type and its classes. A rule none of whose selectors the element can satisfy
 * cannot match; every other rule goes to jsdom's own matcher as before, so what matches is unchanged,
 * only found sooner. Selectors this does not read plainly (escapes, namespaces) also go to jsdom.
 */

type CheckResult = { match: boolean; pseudoElement: string | null; ast?: unknown };
type StyledElement = {
  localName: string;
  namespaceURI: string | null;
  classList: { contains: (token: string) => boolean };
};
type DomSelector = { check: (selector: string, element: StyledElement, options?: object) => CheckResult };
/** What one selector of a list requires of the element it matches (its subject). */
type Subject = { type: string | undefined; classes: string[] };

const HTML = 'http://www.w3.org/1999/xhtml';
const noMatch: CheckResult = { match: false, pseudoElement: null };

/**
 * The subjects of a selector list, or undefined when it is not read here. Quoted, bracketed and
 * parenthesised parts (attribute conditions, :not(…), :has(…)) only narrow a match, so they are dropped.
 */
const subjectsOf = (selectorList: string): Subject[] | undefined => {
  if (/[\\|]/.test(selectorList)) return undefined;
  let plain = selectorList.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, '');
  for (let previous = ''; previous !== plain; ) {
    previous = plain;
    plain = plain.replace(/\([^()]*\)/g, '');
  }
  if (/[()[\]]/.test(plain)) return undefined;
  return plain.split(',').map((selector) => {
    const compound =
      selector
        .trim()
        .split(/\s*[\s>+~]\s*/)
        .at(-1) ?? '';
    return {
      type: /^[a-zA-Z][\w-]*/.exec(compound)?.[0]?.toLowerCase(),
      classes: [...compound.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!),
    };
  });
};

const subjects = new Map<string, Subject[] | undefined>();

/** False when the element cannot match the selector list; true when it may (jsdom then decides). */
export const mayMatch = (element: StyledElement, selectorList: string): boolean => {
  if (!subjects.has(selectorList)) subjects.set(selectorList, subjectsOf(selectorList));
  const list = subjects.get(selectorList);
  return (
    !list ||
    list.some(
      ({ type, classes }) =>
        (type === undefined || element.namespaceURI !== HTML || element.localName === type) &&
        classes.every((name) => element.classList.contains(name)),
    )
  );
};

/** jsdom's implementation object behind a DOM wrapper (its `impl` symbol), if this jsdom has one. */
const implOf = (wrapper: object): Record<string, unknown> | undefined => {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  return symbol ? (wrapper as Record<symbol, Record<string, unknown>>)[symbol] : undefined;
};

let installed: { selector: DomSelector; check: DomSelector['check'] } | undefined;

/** Puts `mayMatch` before jsdom's matcher of style rules (once per document). */
export const installFastStyles = () => {
  const selector = implOf(document)?._domSelector as DomSelector | undefined;
  // In quirks mode class names match regardless of case; leave that to jsdom.
  if (installed || document.compatMode !== 'CSS1Compat' || typeof selector?.check !== 'function') return;
  const { check } = selector;
  installed = { selector, check };
  selector.check = (text, element, options) =>
    mayMatch(element, text) ? check.call(selector, text, element, options) : noMatch;
};

/** Gives jsdom its own matcher back; false when there was nothing to take away. */
export const uninstallFastStyles = () => {
  if (!installed) return false;
  installed.selector.check = installed.check;
  installed = undefined;
  return true;
};
