import { z } from 'zod';
import type { Language } from './languages';
import { type MessageParams, validationMessage } from './messages';

/**
 * Zod reports a missing value as a plain type error, and an empty text as too short or badly
 * formed; this marks both as `validation.required`, so that the server and the forms say "required"
 * rather than "must be text", "at least 6 characters" or "enter a valid email" for a field left
 * empty. Schemas in this package give their own messages as `validation.<key>` keys.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'validation.required';
    // A number field emptied in a form holds null (the web's NumberField).
    if (issue.code === 'invalid_type' && issue.input === null && issue.expected === 'number')
      return 'validation.required';
    if ((issue.code === 'too_small' || issue.code === 'invalid_format') && issue.input === '')
      return 'validation.required';
    return undefined;
  },
});

type Issue = z.core.$ZodIssue;

const typeKey = (expected: string) =>
  ['string', 'number', 'int', 'boolean', 'array', 'object', 'date'].includes(expected) ? expected : 'other';

const sizeKey = (issue: Extract<Issue, { code: 'too_small' | 'too_big' }>) => {
  const base = issue.code === 'too_small' ? 'tooSmall' : 'tooBig';
  switch (issue.origin) {
    case 'string':
      return `${base}.string`;
    case 'array':
    case 'set':
      return `${base}.array`;
    case 'date':
      return `${base}.date`;
    default:
      return issue.inclusive === false ? `${base}.numberExclusive` : `${base}.number`;
  }
};

const keyOf = (issue: Issue): [string, MessageParams?] => {
  switch (issue.code) {
    case 'invalid_type':
      return [`type.${typeKey(issue.expected)}`];
    case 'too_small':
      // "At least 1 character / item" is what "required" says.
      if (Number(issue.minimum) === 1 && (issue.origin === 'string' || issue.origin === 'array'))
        return ['required'];
      return [sizeKey(issue), { minimum: String(issue.minimum) }];
    case 'too_big':
      return [sizeKey(issue), { maximum: String(issue.maximum) }];
    case 'invalid_format':
      return [
        ['email', 'url', 'date', 'datetime'].includes(issue.format)
          ? `format.${issue.format}`
          : 'format.other',
      ];
    case 'invalid_value':
      return ['oneOf', { values: issue.values.map(String).join(', ') }];
    case 'not_multiple_of':
      return ['multipleOf', { divisor: String(issue.divisor) }];
    case 'unrecognized_keys':
      return ['unknownField'];
    default:
      return ['invalid'];
  }
};

/** The issue's message in the given language: its own `validation.*` key when it has one, else by issue code. */
export const formatIssue = (issue: Issue, lang: Language): string => {
  // A custom issue may carry the numbers its text names (`{{maximum}}`) in its params.
  const ownParams = issue.code === 'custom' ? (issue.params as MessageParams | undefined) : undefined;
  const own = issue.message.startsWith('validation.')
    ? validationMessage(lang, issue.message, ownParams)
    : undefined;
  if (own) return own;
  const [key, params] = keyOf(issue);
  return validationMessage(lang, key, params) ?? issue.message;
};

/**
 * Field path → message for every issue; an unknown key is reported under its own name. The path of
 * a field is its keys joined by dots (`pagination.limit`, `items.0.name`).
 */
export const issuesToFields = (
  issues: readonly Issue[],
  lang: Language,
  prefix?: string,
): Record<string, string> => {
  const fields: Record<string, string> = {};
  const put = (path: PropertyKey[], message: string) => {
    const name = [prefix, ...path.map(String)].filter(Boolean).join('.') || (prefix ?? 'body');
    // An own property even for a hostile key such as `__proto__`, which plain assignment would drop.
    if (!Object.hasOwn(fields, name)) {
      Object.defineProperty(fields, name, {
        value: message,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) put([...issue.path, key], formatIssue(issue, lang));
    } else put(issue.path, formatIssue(issue, lang));
  }
  return fields;
};
