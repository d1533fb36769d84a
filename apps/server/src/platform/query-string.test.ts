import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('parseQueryString', () => {
  it('nests bracket keys as axios sends them', () => {
    expect(
      plain(parseQueryString('pagination[limit]=5&pagination[currentPage]=2&keyword=%C5%9Fi%C5%9Fli')),
    ).toEqual({
      pagination: { limit: '5', currentPage: '2' },
      keyword: 'şişli',
    });
  });

  it('collects lists from [] and from repeated keys', () => {
    expect(plain(parseQueryString('ids[]=a&ids[]=b&tag=x&tag=y&f[s][]=1'))).toEqual({
      ids: ['a', 'b'],
      tag: ['x', 'y'],
      f: { s: ['1'] },
    });
  });

  it('keeps __proto__ as an ordinary key and never touches a prototype', () => {
    const query = parseQueryString('__proto__[polluted]=1&constructor[prototype][polluted]=1');
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps keys nested too deep or malformed as they are', () => {
    expect(Object.keys(parseQueryString('a[1][2][3][4][5][6]=x&b]=y&[c]=z'))).toEqual([
      'a[1][2][3][4][5][6]',
      'b]',
      '[c]',
    ]);
  });
});
