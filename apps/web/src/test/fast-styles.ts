import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Fast computed styles for jsdom, the same answers sooner.
 *
 * jsdom's getComputedStyle matches every style rule of the page against the element, and its cache
 * is dropped on every DOM change. Emotion leaves one rule per style MUI ever rendered in the file
 * (600 and more) beside jsdom's 200 rules of browser defaults, and Testing Library asks for computed
 * styles all the time (is an element hidden? its accessible name?), for the element and each of its
 * ancestors, as do MUI's TextareaAutosize and user-event: half of a screen test's time went there.
 *
 * So two things change, and nothing else:
 * - **Which rules are tried.** The page's rules are indexed once per set of style sheets by what each
 *   selector requires of the element: its last compound's class, else id, type or attribute; else,
 *   for `a > b` and `a > b ~ c`, the parent's. An element is tried against the rules under its own
 *   keys and its parent's, and those requiring none of these, in the page's order; jsdom's own
 *   matcher decides each of them as before. A rule only for a pseudo-element (`::backdrop`) is never
 *   tried: jsdom does not apply those. Selectors this does not read plainly (escapes, namespaces) are
 *   tried on every element.
 * - **How often.** A computed style is kept for as long as jsdom keeps its cascade: until the next
 *   change to the document (jsdom drops `_styleCache` then), so a query walking up a tree computes
 *   each ancestor once.
 *
 * The cascade itself mirrors jsdom 27's `style-rules.js` (the sheets, `@import` and `@media screen`
 * rules it reads, `unset`, `!important`); fast-styles.test.tsx compares every element's answer with
 * jsdom's own, so a jsdom that cascades differently fails there.
 */

type Declaration = {
  length: number;
  [index: number]: string;
  getPropertyValue: (property: string) => string;
  getPropertyPriority: (property: string) => string;
  setProperty: (property: string, value: string, priority?: string) => void;
  removeProperty: (property: string) => void;
};
type StyleRule = {
  selectorText?: string;
  style: Declaration;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<StyleRule>;
  styleSheet?: Sheet | null;
};
type Sheet = { cssRules: ArrayLike<StyleRule> };
type CheckResult = { match: boolean; pseudoElement: string | null };
/** A class list: a DOM one, or jsdom's implementation behind it (which is not iterable). */
type ClassList = { length: number; item: (index: number) => string | null };
type ElementImpl = KeyedElement & {
  style: Declaration;
  _ownerDocument: DocumentImpl;
};
type DocumentImpl = {
  _styleCache: WeakMap<ElementImpl, Declaration> | null;
  _domSelector: { check: (selector: string, element: ElementImpl) => CheckResult };
  styleSheets: { _list: Sheet[] };
};

// jsdom's own modules, as the test environment loaded them.
const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const styleRules = jsdomRequire('./jsdom/living/helpers/style-rules.js') as {
  getDeclarationForElement: (element: ElementImpl) => Declaration;
};
const { implForWrapper } = jsdomRequire('./jsdom/living/generated/utils.js') as {
  implForWrapper: (wrapper: unknown) => ElementImpl | null | undefined;
};
const { CSSStyleDeclaration } = jsdomRequire('cssstyle') as { CSSStyleDeclaration: new () => Declaration };
const cssom = jsdomRequire('@acemir/cssom') as { parse: (text: string) => Sheet };
const defaultSheet = cssom.parse(
  readFileSync(jsdomRequire.resolve('./jsdom/browser/default-stylesheet.css'), 'utf8'),
);

// A CSS name as these selectors write it (no escapes: those are left to jsdom).
const NAME = '-?[_a-zA-Z\\u00a0-\\uffff][\\w\\u00a0-\\uffff-]*';
const CLASS = new RegExp(`\\.(${NAME})`);
const ID = new RegExp(`#(${NAME})`);
const TYPE = new RegExp(`^${NAME}`);
const ATTRIBUTE = /\[([^\]]+)\]/;

/** What a compound requires of its element, as an index key: a class, an id, a type or an attribute. */
const keyOfCompound = (compound: string) => {
  const className = CLASS.exec(compound)?.[1];
  if (className) return `.${className}`;
  const id = ID.exec(compound)?.[1];
  if (id) return `#${id}`;
  const type = TYPE.exec(compound)?.[0];
  if (type) return type.toLowerCase();
  const attribute = ATTRIBUTE.exec(compound)?.[1];
  return attribute ? `[${attribute.toLowerCase()}]` : undefined;
};

/**
 * The key one selector requires of the element it matches: its last compound's; else, when the
 * element's parent is named (`a > b`, `a > b ~ c`), that parent's, marked '^'. Null for a selector
 * of a pseudo-element, which jsdom never applies to the element itself; undefined when neither.
 */
const keyOfSelector = (selector: string): string | null | undefined => {
  const parts = selector.trim().split(/\s*([>+~])\s*|\s+/);
  const compounds = parts.filter((_, i) => i % 2 === 0);
  const combinators = parts.filter((_, i) => i % 2 === 1).map((combinator) => combinator ?? ' ');
  const subject = compounds.at(-1) ?? '';
  if (subject.includes('::')) return null;
  const own = keyOfCompound(subject);
  if (own) return own;
  let i = combinators.length - 1;
  while (i >= 0 && (combinators[i] === '~' || combinators[i] === '+')) i--;
  if (combinators[i] !== '>') return undefined;
  const parent = keyOfCompound(compounds[i]!);
  return parent && `^${parent}`;
};

/**
 * The index keys an element must have one of for a selector list to match it (none: the list never
 * styles an element); undefined when some selector requires nothing read here. Quoted and
 * parenthesised parts (:not(…), :has(…), :is(…)) only narrow a match, so they are dropped, as are
 * attribute conditions beyond the attribute's name.
 */
const keysCache = new Map<string, string[] | undefined>();
export const keysOf = (selectorList: string) => {
  if (!keysCache.has(selectorList)) keysCache.set(selectorList, readKeys(selectorList));
  return keysCache.get(selectorList);
};

const readKeys = (selectorList: string) => {
  if (/[\\|]/.test(selectorList)) return undefined;
  let plain = selectorList.replace(/"[^"]*"|'[^']*'/g, '""').replace(/\[\s*([\w-]+)[^\]]*\]/g, '[$1]');
  for (let previous = ''; previous !== plain; ) {
    previous = plain;
    plain = plain.replace(/\([^()]*\)/g, '');
  }
  if (/[()]|\[[^\]]*[^\w\]-]/.test(plain)) return undefined;
  const keys = plain.split(',').map(keyOfSelector);
  if (keys.includes(undefined)) return undefined;
  return [...new Set(keys.filter((key) => key !== null) as string[])];
};

type KeyedElement = {
  localName: string;
  classList: ClassList;
  getAttributeNames: () => string[];
  getAttribute: (name: string) => string | null;
  parentElement: KeyedElement | null;
};

const ownKeys = (element: KeyedElement, prefix: string, keys: string[]) => {
  keys.push(prefix + element.localName.toLowerCase());
  const { classList } = element;
  for (let i = 0; i < classList.length; i++) keys.push(`${prefix}.${classList.item(i)}`);
  for (const name of element.getAttributeNames()) keys.push(`${prefix}[${name.toLowerCase()}]`);
  const id = element.getAttribute('id');
  if (id) keys.push(`${prefix}#${id}`);
};

/** The keys an element has: its type, classes, attributes and id, and its parent's marked '^'. */
export const keysOfElement = (element: KeyedElement) => {
  const keys: string[] = [];
  ownKeys(element, '', keys);
  if (element.parentElement) ownKeys(element.parentElement, '^', keys);
  return keys;
};

/** jsdom reads the selector after a stray ';' (a cssstyle workaround in its `matches`). */
const selectorOf = (rule: StyleRule) => rule.selectorText?.split(';').pop()?.trim();

const { indexOf } = Array.prototype;

/** The style rules jsdom reads from a sheet, in order: `@import` and `@media screen` rules opened. */
const styleRulesOf = (sheet: Sheet): StyleRule[] =>
  Array.from(sheet.cssRules).flatMap((rule) => {
    if (!rule.media) return [rule];
    if ('styleSheet' in rule)
      return rule.styleSheet && (rule.media.length === 0 || indexOf.call(rule.media, 'screen') !== -1)
        ? Array.from(rule.styleSheet.cssRules)
        : [];
    return indexOf.call(rule.media, 'screen') !== -1 ? Array.from(rule.cssRules ?? []) : [];
  });

/** The rules of a document's sheets, by position, and the positions of those each key may match. */
class RuleIndex {
  /** Each rule with its selector as jsdom reads it, read once here rather than on every match. */
  private readonly rules: { rule: StyleRule; selector: string }[] = [];
  private readonly everywhere: number[] = [];
  private readonly byKey = new Map<string, number[]>();
  /** The sheets read, and how many rules each had then. */
  private readonly sheets: { sheet: Sheet; count: number }[] = [];

  constructor(sheets: Sheet[]) {
    for (const sheet of [defaultSheet, ...sheets]) this.add(sheet);
  }

  /** True when the document's sheets are those read, each as long as then, in the same order. */
  isFor(sheets: Sheet[]) {
    return (
      sheets.length === this.sheets.length - 1 &&
      sheets.every((sheet, i) => {
        const read = this.sheets[i + 1]!;
        return read.sheet === sheet && read.count === sheet.cssRules.length;
      })
    );
  }

  /** Only appended sheets are new (Emotion adds a sheet per rule): the index grows. */
  growsTo(sheets: Sheet[]) {
    const known = this.sheets.length - 1;
    if (sheets.length <= known || !this.isFor(sheets.slice(0, known))) return false;
    for (const sheet of sheets.slice(known)) this.add(sheet);
    return true;
  }

  private add(sheet: Sheet) {
    this.sheets.push({ sheet, count: sheet.cssRules.length });
    for (const rule of styleRulesOf(sheet)) {
      const selector = selectorOf(rule);
      // jsdom's `matches` answers false for a rule without a selector (@font-face, @keyframes).
      if (!selector) continue;
      const position = this.rules.push({ rule, selector }) - 1;
      const keys = keysOf(selector);
      if (!keys) this.everywhere.push(position);
      else
        for (const key of keys) {
          const positions = this.byKey.get(key);
          if (positions) positions.push(position);
          else this.byKey.set(key, [position]);
        }
    }
  }

  /** The rules that may match the element, in the page's order. */
  candidates(element: ElementImpl) {
    const lists = [this.everywhere];
    for (const key of keysOfElement(element)) {
      const positions = this.byKey.get(key);
      if (positions) lists.push(positions);
    }
    const positions = lists.length === 1 ? lists[0]! : [...new Set(lists.flat())].sort((a, b) => a - b);
    return positions.map((position) => this.rules[position]!);
  }
}

const cascadeOf = (document: DocumentImpl) => {
  if (!document._styleCache) document._styleCache = new WeakMap();
  return document._styleCache;
};

const indexes = new WeakMap<DocumentImpl, RuleIndex>();

/** The cascade each index was last checked for: jsdom drops it when a sheet comes or goes. */
const checkedFor = new WeakMap<RuleIndex, object>();

const indexFor = (document: DocumentImpl) => {
  const cascade = cascadeOf(document);
  let index = indexes.get(document);
  if (index && checkedFor.get(index) === cascade) return index;
  const sheets = document.styleSheets._list;
  if (!index || !(index.isFor(sheets) || index.growsTo(sheets))) {
    index = new RuleIndex(sheets);
    indexes.set(document, index);
  }
  checkedFor.set(index, cascade);
  return index;
};

/** jsdom's `matches`: its selector engine decides; a pseudo-element's rule never styles the element. */
const matches = (selector: string, element: ElementImpl) => {
  try {
    const { match, pseudoElement } = element._ownerDocument._domSelector.check(selector, element);
    return match && !pseudoElement;
  } catch {
    return false;
  }
};

/** jsdom's `getDeclarationForElement`, trying only the rules the index gives. */
const declarationFor = (element: ElementImpl): Declaration => {
  const cascade = cascadeOf(element._ownerDocument);
  const cached = cascade.get(element);
  if (cached) return cached;
  const declaration = new CSSStyleDeclaration();
  const apply = (style: Declaration) => {
    for (let i = 0; i < style.length; i++) {
      const property = style[i]!;
      const value = style.getPropertyValue(property);
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    }
  };
  for (const { rule, selector } of indexFor(element._ownerDocument).candidates(element))
    if (matches(selector, element)) apply(rule.style);
  apply(element.style);
  cascade.set(element, declaration);
  return declaration;
};

/** Computed styles, kept per jsdom cascade: a new cascade (after any change) starts afresh. */
const computed = new WeakMap<object, WeakMap<ElementImpl, Declaration>>();

let installed:
  | { window: Window; getComputedStyle: Window['getComputedStyle']; getDeclaration: typeof declarationFor }
  | undefined;

/** Puts the index and the kept styles in front of jsdom's cascade (once). */
export const installFastStyles = () => {
  // In quirks mode class names match regardless of case; leave that to jsdom.
  if (installed || document.compatMode !== 'CSS1Compat') return;
  const { getComputedStyle } = window;
  installed = { window, getComputedStyle, getDeclaration: styleRules.getDeclarationForElement };
  // jsdom reaches an ancestor's cascade through its module's export (inherited values).
  styleRules.getDeclarationForElement = declarationFor;
  window.getComputedStyle = function fastComputedStyle(element, pseudoElement) {
    const impl = pseudoElement ? undefined : implForWrapper(element);
    if (!impl?._ownerDocument) return getComputedStyle.call(this, element, pseudoElement);
    const cascade = cascadeOf(impl._ownerDocument);
    let styles = computed.get(cascade);
    if (!styles) {
      styles = new WeakMap();
      computed.set(cascade, styles);
    }
    let style = styles.get(impl);
    if (!style) {
      // jsdom's getComputedStyle then finds the element's cascade made.
      declarationFor(impl);
      style = getComputedStyle.call(this, element) as unknown as Declaration;
      styles.set(impl, style);
    }
    return style as unknown as CSSStyleDeclaration;
  };
};

/** Gives jsdom its own cascade back; false when there was nothing to take away. */
export const uninstallFastStyles = () => {
  if (!installed) return false;
  installed.window.getComputedStyle = installed.getComputedStyle;
  styleRules.getDeclarationForElement = installed.getDeclaration;
  installed = undefined;
  return true;
};
