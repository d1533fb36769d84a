import type { z } from 'zod';

/**
 * Valid-looking values of a route's Zod schema, and copies of them with one text or date field made
 * hostile, so a test can send every field of every route a NUL or year 0 without listing the fields:
 * a route added later is covered by being registered.
 */
type Schema = z.core.$ZodType;
type Def = Record<string, unknown> & { type: string };

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;
const accepts = (schema: Schema, value: unknown) => (schema as unknown as z.ZodType).safeParse(value).success;

/** Texts tried in turn for a string field; the first its schema accepts is its sample. */
const TEXT_CANDIDATES = [
  'Deneme',
  // Before the date: a password field (8 characters or more) must not look like a date field.
  'Deneme-Sifre-2026',
  '65a1b2c3d4e5f60718293a4b',
  '2000-01-01',
  '2000-01-01T10:00:00+03:00',
  'deneme@avlu.test',
  '+905321234567',
  '0532 123 45 67',
  '34 ABC 123',
  'https://avlu.test/a.png',
  'Europe/Istanbul',
  '1234',
  'a'.repeat(43),
  `${'a'.repeat(43)}.png`,
];
const DATE = '2000-01-01';

/** The wrapper kinds whose value is their inner type's. */
const innerOf = (schema: Schema): Schema | undefined => {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType as Schema;
    case 'lazy':
      return (def.getter as () => Schema)();
    case 'pipe': {
      // A preprocess is a pipe from a transform: what is sent is what its output schema takes.
      const input = def.in as Schema;
      return defOf(input).type === 'transform' ? (def.out as Schema) : input;
    }
    default:
      return undefined;
  }
};

const MAX_DEPTH = 12;

/** A value the schema accepts, as far as its shape tells (refinements across fields may still refuse it). */
export const sampleOf = (schema: Schema, depth = 0): unknown => {
  const def = defOf(schema);
  const inner = innerOf(schema);
  if (inner) return depth > MAX_DEPTH ? undefined : sampleOf(inner, depth + 1);
  switch (def.type) {
    case 'string':
      return TEXT_CANDIDATES.find((candidate) => accepts(schema, candidate)) ?? 'x';
    case 'number':
    case 'int':
      return [1, 0, 10, 2000].find((value) => accepts(schema, value)) ?? 1;
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      return Object.fromEntries(Object.keys(shape).map((key) => [key, sampleOf(shape[key]!, depth + 1)]));
    }
    case 'array':
      return [sampleOf(def.element as Schema, depth + 1)];
    case 'union': {
      let first: unknown;
      for (const [index, option] of (def.options as Schema[]).entries()) {
        const sample = sampleOf(option, depth + 1);
        if (accepts(schema, sample)) return sample;
        if (index === 0) first = sample;
      }
      return first;
    }
    case 'record':
      return {};
    default:
      return undefined;
  }
};

export type Mutant = { path: string[]; value: unknown };
export type Hostility = 'text' | 'date';

/**
 * For each text field (or date field) reachable in the schema, its sample with only that field made
 * hostile: a NUL inside the field's own sample text, or the date 0000-01-01.
 */
export const mutantsOf = (schema: Schema, hostility: Hostility, depth = 0): Mutant[] => {
  if (depth > MAX_DEPTH) return [];
  const def = defOf(schema);
  const inner = innerOf(schema);
  if (inner) return mutantsOf(inner, hostility, depth + 1);
  switch (def.type) {
    case 'string': {
      const sample = sampleOf(schema) as string;
      const isDate =
        accepts(schema, DATE) && !accepts(schema, 'Deneme') && !accepts(schema, 'Deneme-Sifre-2026');
      if (hostility === 'date') return isDate ? [{ path: [], value: '0000-01-01' }] : [];
      return [{ path: [], value: `${sample.slice(0, 1)}\u0000${sample.slice(1)}` }];
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const base = sampleOf(schema, depth) as Record<string, unknown>;
      return Object.keys(shape).flatMap((key) =>
        mutantsOf(shape[key]!, hostility, depth + 1).map((mutant) => ({
          path: [key, ...mutant.path],
          value: { ...base, [key]: mutant.value },
        })),
      );
    }
    case 'array':
      return mutantsOf(def.element as Schema, hostility, depth + 1).map((mutant) => ({
        path: ['0', ...mutant.path],
        value: [mutant.value],
      }));
    case 'union':
      return (def.options as Schema[]).flatMap((option) => mutantsOf(option, hostility, depth + 1));
    default:
      return [];
  }
};

/** An object as a query string with brackets, as axios writes it (`filter[gender]=x`, `ids[0]=a`). */
export const toQueryString = (value: Record<string, unknown>): string => {
  const parts: string[] = [];
  const add = (prefix: string, item: unknown) => {
    if (item === undefined) return;
    if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) add(`${prefix}[${key}]`, child);
    } else parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(item ?? ''))}`);
  };
  for (const [key, item] of Object.entries(value)) add(key, item);
  return parts.join('&');
};
