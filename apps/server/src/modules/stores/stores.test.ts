import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Location,
  microSiteStore,
  normalizePhone,
  type Store,
  type StoreCategory,
  store,
  storeCategory,
} from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { XLSX_CONTENT_TYPE } from '../../platform/excel/xlsx-stream';
import { multipartFile, type SheetCell, xlsxFile } from '../customers/import-fixtures';
import { microSiteFixtures } from '../micro-site/micro-site.fixtures';
import { seedDemoStores } from './stores.demo';
import { stores } from './stores.tables';

const dataDir = await mkdtemp(path.join(tmpdir(), 'avlu-stores-'));
const ctx = useTestApp({ config: { dataDir } });
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const site = microSiteFixtures(ctx);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  mall: Pick<Location, '_id'>,
  method: Method,
  path: string,
  payload?: object,
  options: { lang?: string; headers?: Record<string, string> } = {},
) =>
  ctx.inject({
    method,
    url: `/api/data/${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers: { 'accept-language': options.lang ?? 'en', ...options.headers },
    ...(payload ? { payload } : {}),
  });

const newCategory = async (mall: Pick<Location, '_id'>, tr: string, en?: string) => {
  const response = await call(mall, 'POST', 'categories', {
    store_category_name: tr,
    ...(en ? { store_category_name_en: en } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return storeCategory.strict().parse(response.json());
};

const newStore = async (mall: Pick<Location, '_id'>, values: Record<string, unknown>) => {
  const response = await call(mall, 'POST', 'stores', { store_floor: 'Zemin Kat', ...values });
  expect(response.statusCode, response.body).toBe(201);
  return store.strict().parse(response.json());
};

const uploadLogo = async () => {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const body = multipartFile('file', png, 'logo.png');
  const response = await ctx.inject({ method: 'POST', url: '/api/files', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url as string;
};

const importInto = (mall: Pick<Location, '_id'>, file: Buffer, lang = 'en') => {
  const body = multipartFile('store_data', file, 'magazalar.xlsx');
  return ctx.inject({
    method: 'POST',
    url: `/api/data/stores/import?locationId=${mall._id}`,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': lang },
  });
};

const storeNames = async (mall: Pick<Location, '_id'>, query = 'showAll=true') =>
  ((await call(mall, 'GET', `stores?${query}`)).json() as Store[]).map((row) => row.store_name);

describe('store categories', () => {
  it('creates, edits and deletes, the English name falling back to the Turkish one', async () => {
    const mall = await ctx.newLocation();
    const created = await newCategory(mall, 'Kafe');
    expect(created).toMatchObject({
      store_category_name: 'Kafe',
      store_category_name_en: 'Kafe',
      store_count: 0,
    });
    const changed = await call(mall, 'PUT', `categories/${created._id}`, {
      store_category_name: 'Kafe',
      store_category_name_en: 'Café',
    });
    expect(changed.json()).toMatchObject({ store_category_name_en: 'Café' });
    expect((await call(mall, 'GET', `categories/${created._id}`)).json()).toEqual(changed.json());
    expect((await call(mall, 'DELETE', `categories/${created._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'GET', `categories/${created._id}`)).statusCode).toBe(404);
    const actions = await ctx.database.db.query.auditLog.findMany({
      where: (log, { eq }) => eq(log.entity_id, created._id),
    });
    expect(actions.map((row) => row.action).sort()).toEqual([
      'store_category.created',
      'store_category.deleted',
      'store_category.updated',
    ]);
  });

  it('keeps names unique per mall in each language, letter case and Turkish İ/ı aside', async () => {
    const [mall, other] = [await ctx.newLocation(), await ctx.newLocation()];
    await newCategory(mall, 'Kitap & Kırtasiye', 'Books & Stationery');
    const same = await call(
      mall,
      'POST',
      'categories',
      { store_category_name: 'KİTAP & KIRTASİYE', store_category_name_en: 'books  &  stationery' },
      { lang: 'tr' },
    );
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'NAME_TAKEN',
      message: 'Bu ad zaten kullanılıyor; başka bir ad girin',
      fields: {
        store_category_name: 'Bu ad zaten kullanılıyor (büyük-küçük harf farkı gözetilmez)',
        store_category_name_en: 'Bu ad zaten kullanılıyor (büyük-küçük harf farkı gözetilmez)',
      },
    });
    // Another mall may have the same names.
    await newCategory(other, 'Kitap & Kırtasiye', 'Books & Stationery');
  });

  it('refuses to delete a category that holds stores, naming it and the count in the request’s language', async () => {
    const mall = await ctx.newLocation();
    const food = await newCategory(mall, 'Yeme-İçme', 'Food Court');
    await newStore(mall, { store_name: 'Simit Sarayı', store_category_id: food._id });
    await newStore(mall, { store_name: 'Köfteci Yusuf', store_category_id: food._id });
    const tr = await call(mall, 'DELETE', `categories/${food._id}`, undefined, { lang: 'tr' });
    expect(tr.statusCode, tr.body).toBe(409);
    expect(tr.json()).toMatchObject({
      code: 'STORE_CATEGORY_IN_USE',
      message:
        '“Yeme-İçme” kategorisinde 2 mağaza var; silmeden önce bu mağazaları başka bir kategoriye taşıyın ya da silin',
    });
    const en = await call(mall, 'DELETE', `categories/${food._id}`);
    expect(en.json().message).toBe(
      'The category “Food Court” has 2 stores; move them to another category or delete them first',
    );
    const listed = (await call(mall, 'GET', 'categories?showAll=true')).json() as StoreCategory[];
    expect(listed.map((row) => [row.store_category_name, row.store_count])).toEqual([['Yeme-İçme', 2]]);
  });

  it('never serves or changes another mall’s category', async () => {
    const [mine, theirs] = [await ctx.newLocation(), await ctx.newLocation()];
    const foreign = await newCategory(theirs, 'Optik');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { store_category_name: 'Gözlük' }],
      ['DELETE', undefined],
    ] as const)
      expect((await call(mine, method, `categories/${foreign._id}`, payload)).statusCode).toBe(404);
    expect((await call(mine, 'GET', 'categories?showAll=true')).json()).toEqual([]);
    expect((await call(theirs, 'GET', `categories/${foreign._id}`)).json()).toMatchObject({
      store_category_name: 'Optik',
    });
  });

  it('pages, searches with Turkish letters folded and sorts alphabetically in Turkish', async () => {
    const mall = await ctx.newLocation();
    for (const name of ['Optik', 'Çocuk', 'Eğlence', 'Ev & Yaşam', 'Saat & Mücevher', 'Spor'])
      await newCategory(mall, name);
    const page = await call(mall, 'GET', 'categories?limit=3&currentPage=1&orderBy=store_category_name');
    expect(page.json().pagination).toEqual({ total: 6, limit: 3, currentPage: 1, totalPages: 2 });
    expect(page.json().data.map((row: StoreCategory) => row.store_category_name)).toEqual([
      'Çocuk',
      'Eğlence',
      'Ev & Yaşam',
    ]);
    const found = await call(mall, 'GET', 'categories?keyword=YASAM');
    expect(found.json().data.map((row: StoreCategory) => row.store_category_name)).toEqual(['Ev & Yaşam']);
    const bad = await call(mall, 'GET', 'categories?showAll=yes&orderBy=store_count');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['orderBy', 'showAll']);
  });
});

describe('stores', () => {
  it('creates with a logo of our file store, a phone in any writing and a web site; edits; deletes', async () => {
    const mall = await ctx.newLocation();
    const clothing = await newCategory(mall, 'Giyim', 'Clothing');
    const shoes = await newCategory(mall, 'Ayakkabı & Çanta', 'Shoes & Bags');
    const logo = await uploadLogo();
    const created = await newStore(mall, {
      store_name: 'İpekyol',
      store_category_id: clothing._id,
      store_floor: '1. Kat',
      store_unit_no: '1-024',
      store_phone: '0212 345 67 89',
      store_logo: logo,
      store_website: 'https://www.ipekyol.example.com',
      store_cms_id: 'CMS-1001',
    });
    expect(created).toMatchObject({
      store_name: 'İpekyol',
      store_category_id: clothing._id,
      store_category_name: 'Giyim',
      store_category_name_en: 'Clothing',
      store_phone: '+902123456789',
      store_logo: logo,
      store_is_active: true,
    });
    const changed = await call(mall, 'PUT', `stores/${created._id}`, {
      store_name: 'İpekyol',
      store_category_id: shoes._id,
      store_floor: 'Zemin Kat',
      store_unit_no: '',
      store_phone: '',
      store_website: '',
      store_is_active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      store_category_name: 'Ayakkabı & Çanta',
      store_unit_no: null,
      store_phone: null,
      store_logo: null,
      store_website: null,
      store_cms_id: null,
      store_is_active: false,
    });
    expect((await call(mall, 'GET', `stores/${created._id}`)).json()).toEqual(changed.json());
    expect((await call(mall, 'DELETE', `stores/${created._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'GET', `stores/${created._id}`)).statusCode).toBe(404);
  });

  it('names every bad field, in Turkish and in English', async () => {
    const mall = await ctx.newLocation();
    const category = await newCategory(mall, 'Elektronik');
    const bad = {
      store_name: '   ',
      store_category_id: 'nope',
      store_floor: '',
      store_phone: '12',
      store_logo: 'https://tracker.example.com/logo.png',
      store_website: 'javascript:alert(1)',
      store_is_active: 'yes',
    };
    const tr = await call(mall, 'POST', 'stores', bad, { lang: 'tr' });
    expect(tr.statusCode).toBe(400);
    expect(tr.json().fields).toEqual({
      store_name: 'Bu alan zorunludur',
      store_category_id: 'Geçerli bir kimlik olmalıdır (24 onaltılık karakter)',
      store_floor: 'Bu alan zorunludur',
      store_phone: 'Geçerli bir telefon numarası girin',
      store_logo: 'Bu sunucuya yüklenmiş bir görsel olmalıdır',
      store_website: 'http:// ya da https:// ile başlayan bir web adresi olmalıdır',
      store_is_active: 'Doğru ya da yanlış olmalıdır',
    });
    const en = await call(mall, 'POST', 'stores', {
      ...bad,
      store_category_id: category._id,
      store_name: 'x',
    });
    expect(en.json().fields).toMatchObject({
      store_website: 'Must be a web address starting with http:// or https://',
      store_phone: 'Enter a valid phone number',
    });
    expect(en.json().fields).not.toHaveProperty('store_name');
    // A well-formed logo URL of a file that is not there.
    const missing = await call(mall, 'POST', 'stores', {
      store_name: 'Teknosa',
      store_category_id: category._id,
      store_floor: '-1',
      store_logo: `/api/files/${'a'.repeat(43)}.png`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ store_logo: 'Image not found; please upload it again' });
    expect(await storeNames(mall)).toEqual([]);
  });

  it('keeps store names unique per mall, letter case and Turkish İ/ı aside', async () => {
    const [mall, other] = [await ctx.newLocation(), await ctx.newLocation()];
    const category = await newCategory(mall, 'Kozmetik');
    const first = await newStore(mall, { store_name: 'Işık Parfümeri', store_category_id: category._id });
    for (const name of ['IŞIK PARFÜMERİ', 'ışık  parfümeri', 'Işık Parfümeri ']) {
      const response = await call(mall, 'POST', 'stores', {
        store_name: name,
        store_category_id: category._id,
        store_floor: 'Zemin',
      });
      expect(response.statusCode, name).toBe(409);
      expect(response.json().fields).toEqual({
        store_name: 'This name is already in use (letter case aside)',
      });
    }
    // The store itself keeps its name on edit; another mall may use it.
    const kept = await call(mall, 'PUT', `stores/${first._id}`, {
      store_name: 'IŞIK PARFÜMERİ',
      store_category_id: category._id,
      store_floor: 'Zemin',
    });
    expect(kept.statusCode).toBe(200);
    await newStore(other, {
      store_name: 'Işık Parfümeri',
      store_category_id: (await newCategory(other, 'Kozmetik'))._id,
    });
  });

  it('never serves, changes or files under another mall’s stores and categories', async () => {
    const [mine, theirs] = [await ctx.newLocation(), await ctx.newLocation()];
    const theirCategory = await newCategory(theirs, 'Spor');
    const foreign = await newStore(theirs, { store_name: 'Decathlon', store_category_id: theirCategory._id });
    const myCategory = await newCategory(mine, 'Spor');
    const values = { store_name: 'Decathlon', store_category_id: myCategory._id, store_floor: '1' };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', values],
      ['DELETE', undefined],
    ] as const)
      expect((await call(mine, method, `stores/${foreign._id}`, payload)).statusCode).toBe(404);
    const intoTheirs = await call(mine, 'POST', 'stores', {
      ...values,
      store_category_id: theirCategory._id,
    });
    expect(intoTheirs.statusCode).toBe(400);
    expect(intoTheirs.json().fields).toEqual({ store_category_id: 'This mall has no such store category' });
    expect(await storeNames(mine)).toEqual([]);
    expect(await storeNames(theirs)).toEqual(['Decathlon']);
  });

  it('lets any signed-in staff of the mall read the directory, and only the system admin manage it', async () => {
    const [mall, other] = [await ctx.newLocation(), await ctx.newLocation()];
    const category = await newCategory(mall, 'Optik');
    await newStore(mall, { store_name: 'Atasun Optik', store_category_id: category._id });
    const clerk = await ctx.newStaff({ subjects: [], locations: [mall] });
    const as = (method: Method, url: string, payload?: object) =>
      ctx.inject({ method, url, headers: clerk.headers, ...(payload ? { payload } : {}) });
    const stores = await as('GET', `/api/data/stores?showAll=true&locationId=${mall._id}`);
    expect(stores.statusCode).toBe(200);
    expect(stores.json().map((row: Store) => row.store_name)).toEqual(['Atasun Optik']);
    expect((await as('GET', `/api/data/categories?locationId=${mall._id}`)).json().data).toHaveLength(1);
    expect((await as('GET', `/api/data/stores?locationId=${other._id}`)).statusCode).toBe(403);
    expect(
      (await as('POST', `/api/data/categories?locationId=${mall._id}`, { store_category_name: 'X' }))
        .statusCode,
    ).toBe(403);
    expect((await as('POST', `/api/data/stores/filter?locationId=${mall._id}`, {})).statusCode).toBe(403);
  });

  it('lists with keyword, category and active filters and orders, as pages or all at once', async () => {
    const mall = await ctx.newLocation();
    const cafe = await newCategory(mall, 'Kafe', 'Café');
    const books = await newCategory(mall, 'Kitap & Kırtasiye', 'Books & Stationery');
    await newStore(mall, { store_name: 'Starbucks', store_category_id: cafe._id, store_floor: '2. Kat' });
    await newStore(mall, {
      store_name: 'Kahve Dünyası',
      store_category_id: cafe._id,
      store_floor: 'Zemin Kat',
      store_is_active: false,
    });
    await newStore(mall, { store_name: 'D&R', store_category_id: books._id, store_floor: '1. Kat' });
    await newStore(mall, { store_name: 'Çikolata Evi', store_category_id: cafe._id, store_floor: '2. Kat' });

    const filter = (body: object) => call(mall, 'POST', 'stores/filter', body);
    const names = async (body: object) =>
      (await filter(body)).json().data.map((row: Store) => row.store_name);
    expect(await names({})).toEqual(['Çikolata Evi', 'D&R', 'Kahve Dünyası', 'Starbucks']);
    expect(await names({ filter: { store_category_id: cafe._id } })).toEqual([
      'Çikolata Evi',
      'Kahve Dünyası',
      'Starbucks',
    ]);
    expect(await names({ filter: { store_is_active: false } })).toEqual(['Kahve Dünyası']);
    expect(await names({ keyword: 'dunya' })).toEqual(['Kahve Dünyası']);
    expect(await names({ keyword: 'KIRTASIYE' })).toEqual(['D&R']);
    expect(await names({ orderBy: 'store_category_name', order: 'desc' })).toEqual([
      'D&R',
      'Çikolata Evi',
      'Kahve Dünyası',
      'Starbucks',
    ]);
    const page = await filter({ pagination: { limit: 2, currentPage: 2 } });
    expect(page.json().pagination).toEqual({ total: 4, limit: 2, currentPage: 2, totalPages: 2 });
    const wrong = await filter({ filter: { store_is_active: 'yes', colour: 1 }, orderBy: 'store_phone' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields).sort()).toEqual([
      'filter.colour',
      'filter.store_is_active',
      'orderBy',
    ]);

    expect(await storeNames(mall, `showAll=true&store_is_active=true&store_category_id=${cafe._id}`)).toEqual(
      ['Çikolata Evi', 'Starbucks'],
    );
    const paged = await call(mall, 'GET', 'stores?limit=1&keyword=star');
    expect(paged.json().data.map((row: Store) => row.store_name)).toEqual(['Starbucks']);
  });
});

describe('the micro-site’s store directory', () => {
  it('answers the mall’s active stores with both category names, and nothing without the mall’s token', async () => {
    const mall = await site.newMall();
    const other = await site.newMall();
    const cafe = await newCategory(mall, 'Kafe', 'Café');
    await newStore(mall, {
      store_name: 'Starbucks',
      store_category_id: cafe._id,
      store_phone: '02123456789',
      store_cms_id: 'CMS-7',
    });
    await newStore(mall, { store_name: 'Mado', store_category_id: cafe._id, store_is_active: false });
    await newStore(other, {
      store_name: 'Tchibo',
      store_category_id: (await newCategory(other, 'Kafe'))._id,
    });

    const answer = await ctx.app.inject({
      url: '/api/ext/data/stores',
      headers: { authorization: `Bearer ${mall.token}` },
    });
    expect(answer.statusCode).toBe(200);
    const rows = answer.json() as unknown[];
    expect(rows).toHaveLength(1);
    const [starbucks] = rows.map((row) => microSiteStore.strict().parse(row));
    expect(starbucks).toMatchObject({
      store_name: 'Starbucks',
      store_category_name: 'Kafe',
      store_category_name_en: 'Café',
      store_phone: '+902123456789',
    });
    expect(starbucks).not.toHaveProperty('store_cms_id');

    for (const authorization of [undefined, 'Bearer nope', `Bearer ${'A'.repeat(43)}`]) {
      const refused = await ctx.app.inject({
        url: '/api/ext/data/stores',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'LOCATION_TOKEN_INVALID' });
    }
    // A staff token opens no micro-site route.
    const staff = await ctx.newStaff({ locations: [mall] });
    expect((await ctx.app.inject({ url: '/api/ext/data/stores', headers: staff.headers })).statusCode).toBe(
      401,
    );
  });
});

describe('import and export', () => {
  const header = [
    'Mağaza adı',
    'Kategori',
    'Kat',
    'Birim no',
    'Telefon',
    'Web sitesi',
    'CMS kimliği',
    'Aktif',
  ];

  it('refuses a file with bad rows and duplicates, listing each by row, and saves nothing of it', async () => {
    const mall = await ctx.newLocation();
    const cafe = await newCategory(mall, 'Kafe', 'Café');
    await newCategory(mall, 'Giyim', 'Clothing');
    await newStore(mall, { store_name: 'Starbucks', store_category_id: cafe._id });
    const rows: SheetCell[][] = [
      header,
      ['Mavi', 'Giyim', '1. Kat', '1-12', '0212 444 55 66', 'https://mavi.example.com', 'C-1', 'Evet'],
      ['Koton', 'clothing', 'Zemin', null, 2_124_445_567, null, null, 'hayır'],
      ['STARBUCKS', 'Kafe', '2. Kat', null, null, null, null, null],
      ['', 'Yok Böyle', null, null, '12', 'ftp://x', null, 'belki'],
      ['MAVİ', 'Giyim', '1. Kat', null, null, null, null, null],
    ];
    const response = await importInto(mall, await xlsxFile(rows), 'tr');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.added_data).toBe(0);
    expect(result.error_rows).toEqual([4, 5, 6]);
    expect(result.error_list).toEqual([
      { row: 4, field: 'store_name', reason: 'Bu adla bir mağaza AVM’de zaten kayıtlı' },
      { row: 5, field: 'store_name', reason: 'Bu alan zorunludur' },
      { row: 5, field: 'store_floor', reason: 'Bu alan zorunludur' },
      { row: 5, field: 'store_phone', reason: 'Geçerli bir telefon numarası girin' },
      {
        row: 5,
        field: 'store_website',
        reason: 'http:// ya da https:// ile başlayan bir web adresi olmalıdır',
      },
      { row: 5, field: 'store_is_active', reason: 'Evet ya da hayır olmalıdır (evet/hayır, yes/no, 1/0)' },
      { row: 6, field: 'store_name', reason: 'Bu ad dosyanın 2. satırında da var' },
    ]);
    expect(result.error_count).toBe(7);
    expect(await storeNames(mall)).toEqual(['Starbucks']);

    // The unknown category is named once the row's cells are otherwise good.
    const unknown = await importInto(mall, await xlsxFile([header, ['Zara', 'Moda', '1']]));
    expect(unknown.json().error_list).toEqual([
      { row: 2, field: 'store_category', reason: 'This mall has no store category named “Moda”' },
    ]);

    // Fixed, the same file saves every row; the category by either name, phones as E.164.
    const fixed = await importInto(mall, await xlsxFile(rows.slice(0, 3)));
    expect(fixed.json()).toEqual({ added_data: 2, error_list: [], error_count: 0, error_rows: [] });
    const saved = (await call(mall, 'GET', 'stores?showAll=true')).json() as Store[];
    expect(
      saved.map((row) => [row.store_name, row.store_category_name, row.store_phone, row.store_is_active]),
    ).toEqual([
      ['Koton', 'Giyim', '+902124445567', false],
      ['Mavi', 'Giyim', '+902124445566', true],
      ['Starbucks', 'Kafe', null, true],
    ]);
  });

  it('refuses a file it cannot read as a whole, naming store_data', async () => {
    const mall = await ctx.newLocation();
    const missing = await importInto(
      mall,
      await xlsxFile([
        ['Store name', 'Colour'],
        ['Mavi', 'blue'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
    expect(missing.json().fields.store_data).toBe('Unknown column headers: Colour');
    const notXlsx = await importInto(mall, Buffer.from('name,category\nMavi,Giyim\n'));
    expect(notXlsx.json().fields).toEqual({ store_data: 'The file is not an Excel (xlsx) file' });
  });

  it('exports the list as the import reads it, and the file imports into another mall as the same stores', async () => {
    const [mall, other] = [await ctx.newLocation(), await ctx.newLocation()];
    const cafe = await newCategory(mall, 'Kafe', 'Café');
    const sport = await newCategory(mall, 'Spor', 'Sports');
    await newStore(mall, {
      store_name: 'Starbucks',
      store_category_id: cafe._id,
      store_floor: '2. Kat',
      store_unit_no: '2-07',
      store_phone: '+902123456789',
      store_website: 'https://www.starbucks.example.com',
      store_cms_id: 'CMS-77',
    });
    await newStore(mall, {
      store_name: '=Formül Spor',
      store_category_id: sport._id,
      store_is_active: false,
    });
    for (const lang of ['tr', 'en'] as const) {
      const exported = await call(mall, 'POST', 'stores/export', {}, { lang });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const values = (number: number) => (sheet.getRow(number).values as unknown[]).slice(1);
      if (lang === 'tr') {
        expect(sheet.name).toBe('Mağazalar');
        expect(values(1)).toEqual(header);
        expect(values(3)).toEqual([
          'Starbucks',
          'Kafe',
          '2. Kat',
          '2-07',
          '0212 345 67 89',
          'https://www.starbucks.example.com',
          'CMS-77',
          'Evet',
        ]);
        // Formula-like text is written as text, not as a formula.
        expect(values(2)[0]).toBe("'=Formül Spor");
      } else {
        expect(values(1)).toEqual([
          'Store name',
          'Category',
          'Floor',
          'Unit no',
          'Phone',
          'Website',
          'CMS id',
          'Active',
        ]);
        expect(values(2).slice(1, 3)).toEqual(['Sports', 'Zemin Kat']);
        expect(values(2).at(-1)).toBe('No');
      }
      // Into another mall with the same categories: the same stores.
      const target = lang === 'tr' ? other : await ctx.newLocation();
      await newCategory(target, 'Kafe', 'Café');
      await newCategory(target, 'Spor', 'Sports');
      const imported = await importInto(target, exported.rawPayload);
      expect(imported.json()).toMatchObject({ added_data: 2, error_count: 0 });
      const shape = async (of: Pick<Location, '_id'>) =>
        ((await call(of, 'GET', 'stores?showAll=true')).json() as Store[]).map(
          ({ _id, store_category_id, createdAt, updatedAt, ...row }) => row,
        );
      expect(await shape(target)).toEqual(await shape(mall));
    }
    const filtered = await call(mall, 'POST', 'stores/export', { filter: { store_is_active: true } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(2);
  });
});

describe('demo stores', () => {
  it('gives each demo mall about 120 stores in 15 categories, valid and different per mall', async () => {
    const [first, second] = [await ctx.newLocation(), await ctx.newLocation()];
    const one = await seedDemoStores(ctx.database.db, first._id, 1);
    const two = await seedDemoStores(ctx.database.db, second._id, 2);
    expect(one.categories).toBe(15);
    expect(one.stores).toBeGreaterThanOrEqual(110);
    expect(one.stores).toBeLessThanOrEqual(130);
    const rowsOf = (mall: Location) =>
      ctx.database.db.select().from(stores).where(eq(stores.location_id, mall._id));
    const [a, b] = [await rowsOf(first), await rowsOf(second)];
    expect(b).toHaveLength(two.stores);
    const key = (row: (typeof a)[number]) => `${row.store_name}|${row.store_floor}|${row.store_unit_no}`;
    expect(a.map(key).sort()).not.toEqual(b.map(key).sort());
    for (const row of [...a, ...b])
      if (row.store_phone) expect(normalizePhone(row.store_phone)).toBe(row.store_phone);
    expect(a.filter((row) => !row.store_is_active).length).toBeGreaterThan(0);
    // Readable through the API like any other store.
    const listed = await call(first, 'POST', 'stores/filter', {
      pagination: { limit: 1000, currentPage: 1 },
    });
    expect(listed.json().pagination.total).toBe(one.stores);
  });
});
