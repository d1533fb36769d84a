/**
 * Parses a query string with bracket nesting as axios writes it (`pagination[limit]=10`,
 * `ids[]=a&ids[]=b`), so a GET list takes the same `listQuery` shape as a POST filter body and a bad
 * value is named `pagination.limit` either way. Objects have no prototype: a `__proto__` key is an
 * ordinary unknown field that strict schemas reject, never a prototype write.
 */
type QueryValue = string | QueryValue[] | QueryObject;
type QueryObject = { [key: string]: QueryValue };

const MAX_PARAMS = 1000;
const MAX_DEPTH = 5;
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

const newObject = (): QueryObject => Object.create(null);
const isObject = (value: QueryValue | undefined): value is QueryObject =>
  typeof value === 'object' && !Array.isArray(value);

const segmentsOf = (key: string): string[] => {
  const match = KEY.exec(key);
  if (!match?.[1]) return [key];
  const nested = match[2] ? match[2].slice(1, -1).split('][') : [];
  return nested.length > MAX_DEPTH ? [key] : [match[1], ...nested];
};

const assign = (target: QueryObject, segments: string[], value: string) => {
  const [head, ...rest] = segments as [string, ...string[]];
  const current = target[head];
  if (rest.length === 0) {
    // A repeated key (`a=1&a=2`) becomes a list, as in the default parser.
    target[head] = current === undefined ? value : [...(Array.isArray(current) ? current : [current]), value];
  } else if (rest.length === 1 && rest[0] === '') {
    target[head] = [...(Array.isArray(current) ? current : current === undefined ? [] : [current]), value];
  } else {
    const child = isObject(current) ? current : newObject();
    target[head] = child;
    assign(child, rest, value);
  }
};

export const parseQueryString = (text: string): QueryObject => {
  const result = newObject();
  let count = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++count > MAX_PARAMS) break;
    if (key !== '') assign(result, segmentsOf(key), value);
  }
  return result;
};
