import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from './unique-names';

const ctx = useTestApp();

/**
 * Issue 12 #7: every record people pick by name (a mall, a role, a channel, a channel tag) refuses a
 * name another one of its scope has, letter case, Turkish İ/I/ı/i and extra spaces aside, with a
 * localised 409 naming the field, on create and on update; the unique index holds it under
 * concurrent creates (run on PostgreSQL too, where they really run at once).
 */
type Entity = {
  name: string;
  /** The collection's path; a mall's records get `?locationId`. */
  path: string;
  field: string;
  /** Whether the name is unique per mall (the same name in another mall is fine). */
  perMall: boolean;
  body: (name: string) => object;
  /** Status of a successful create. */
  created: number;
};

const entities: Entity[] = [
  {
    name: 'channel tag',
    path: '/api/data-types/channel-type',
    field: 'channel_type_name',
    perMall: true,
    body: (name) => ({ channel_type_name: name }),
    created: 201,
  },
  {
    name: 'channel',
    path: '/api/data-types/channel',
    field: 'channel_name',
    perMall: true,
    body: (name) => ({ channel_name: name }),
    created: 201,
  },
  {
    name: 'role',
    path: '/api/core/role',
    field: 'role_name',
    perMall: false,
    body: (name) => ({ role_name: name, menu_items: [{ subject: 'modules:dashboard' }] }),
    created: 201,
  },
  {
    name: 'mall',
    path: '/api/core/locations',
    field: 'location_name',
    perMall: false,
    body: (name) => ({ location_name: name }),
    created: 201,
  },
];

let serial = 0;
/** A name no other test of this file uses, with Turkish letters whose case folding is the point. */
const freshName = (base: string) => `${base} ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[serial++ % 26]}${serial}`;

describe.each(entities)('a $name’s name', (entity) => {
  const send = (method: 'POST' | 'PUT', mallId: string, name: string, id?: string, lang = 'tr') =>
    ctx.inject({
      method,
      url: `${entity.path}${id ? `/${id}` : ''}?locationId=${mallId}`,
      headers: { 'accept-language': lang },
      payload: entity.body(name),
    });

  it('is refused when another one has it, letter case, Turkish i’s and spaces aside, with a 409 naming the field', async () => {
    const mall = await ctx.newLocation();
    const name = freshName('Işıklı İç Kapı');
    const first = await send('POST', mall._id, name);
    expect(first.statusCode, first.body).toBe(entity.created);

    for (const [variant, lang] of [
      [name.toLocaleUpperCase('tr'), 'tr'],
      [name.toLocaleLowerCase('tr'), 'tr'],
      [`  ${name.toUpperCase().replace(/ /g, '   ')} `, 'en'],
    ] as const) {
      const again = await send('POST', mall._id, variant, undefined, lang);
      expect(again.statusCode, variant).toBe(409);
      expect(again.json()).toEqual({
        statusCode: 409,
        code: 'NAME_TAKEN',
        message:
          lang === 'tr'
            ? 'Bu ad zaten kullanılıyor; başka bir ad girin'
            : 'This name is already in use; enter another one',
        fields: {
          [entity.field]:
            lang === 'tr'
              ? 'Bu ad zaten kullanılıyor (büyük-küçük harf farkı gözetilmez)'
              : 'This name is already in use (letter case aside)',
        },
      });
    }
  });

  it('is refused on an update to a taken name, and an update keeping its own name passes', async () => {
    const mall = await ctx.newLocation();
    const [taken, mine] = [freshName('Şişli Stant'), freshName('Ödül Masası')];
    expect((await send('POST', mall._id, taken)).statusCode).toBe(entity.created);
    const created = await send('POST', mall._id, mine);
    const id = created.json()._id as string;

    const clash = await send('PUT', mall._id, taken.toLocaleLowerCase('tr'), id, 'en');
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'NAME_TAKEN',
      fields: { [entity.field]: expect.any(String) },
    });

    const same = await send('PUT', mall._id, mine.toLocaleUpperCase('tr'), id);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()[entity.field]).toBe(mine.toLocaleUpperCase('tr'));
  });

  it(`is ${entity.perMall ? 'free in another mall' : 'unique across malls'}`, async () => {
    const [mall, other] = [await ctx.newLocation(), await ctx.newLocation()];
    const name = freshName('Çarşı');
    expect((await send('POST', mall._id, name)).statusCode).toBe(entity.created);
    expect((await send('POST', other._id, name)).statusCode).toBe(entity.perMall ? entity.created : 409);
  });

  it('is given to one of several concurrent creates', async () => {
    const mall = await ctx.newLocation();
    const name = freshName('Aynı Anda');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        send('POST', mall._id, index % 2 ? name : name.toLocaleUpperCase('tr')),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([entity.created, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409))
      expect(answer.json().fields).toEqual({ [entity.field]: expect.any(String) });
  });
});

describe('a channel’s English name', () => {
  it('is unique in the mall too; one taken over from the Turkish name is named as the Turkish field', async () => {
    const mall = await ctx.newLocation();
    const post = (payload: object) =>
      ctx.inject({ method: 'POST', url: `/api/data-types/channel?locationId=${mall._id}`, payload });
    expect((await post({ channel_name: 'Danışma', channel_name_en: 'Info Desk' })).statusCode).toBe(201);
    const english = await post({ channel_name: 'Bilgi Masası', channel_name_en: 'INFO DESK' });
    expect(english.statusCode).toBe(409);
    expect(english.json().fields).toEqual({ channel_name_en: expect.any(String) });
    // No English name: it is the Turkish one, which another channel has in English.
    const fallback = await post({ channel_name: 'info desk' });
    expect(fallback.statusCode).toBe(409);
    expect(fallback.json().fields).toEqual({ channel_name: expect.any(String) });
  });
});

describe('nameKey', () => {
  it('folds letter case with the Turkish i’s as one letter, NFKC, invisible characters and spaces', () => {
    expect(nameKey('  IŞIK   İzmir\u200b ')).toBe('işik izmir');
    expect(nameKey('ışık izmir')).toBe(nameKey('ISIK İZMİR'.replace('S', 'Ş')));
    expect(nameKey('Ｋｉｏｓｋ')).toBe('kiosk');
    expect(nameKey('Şişli')).not.toBe(nameKey('Sisli'));
  });
});
