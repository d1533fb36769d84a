import type { Location } from '@avlu/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestStaff, useTestApp } from '../../../test/helper';
import { auditLog } from '../audit/audit.tables';
import { customerConsentEvents, customers } from './customers.tables';
import {
  handmadeXlsx,
  inlineRow,
  largeFile,
  multipartFile,
  type SheetCell,
  xlsxFile,
} from './import-fixtures';

const ctx = useTestApp();
const IMPORT = 'modules:customers:customer-list:customer-import';
let mall: Location;
let otherMall: Location;
let staff: TestStaff;

beforeAll(async () => {
  mall = await ctx.newLocation();
  otherMall = await ctx.newLocation();
  staff = await ctx.newStaff({ subjects: [IMPORT], locations: [mall] });
});

const upload = async (
  file: Buffer,
  options: { location?: Location; lang?: string; as?: TestStaff; field?: string } = {},
) => {
  const body = multipartFile(options.field ?? 'customer_data', file);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/customer/import?locationId=${(options.location ?? mall)._id}`,
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(options.as ?? staff).headers,
      'accept-language': options.lang ?? 'tr',
    },
  });
};

const customersOf = (location: Location) =>
  ctx.database.db
    .select()
    .from(customers)
    .where(eq(customers.location_id, location._id))
    .orderBy(asc(customers.customer_phone));

const HEADER = [
  'customer_phone',
  'customer_name',
  'customer_surname',
  'customer_email',
  'customer_birthdate',
  'customer_vehicle_plate',
  'customer_sms_permission',
];

describe('POST /api/customer/import', () => {
  it('saves the good rows and lists each bad one with its sheet row, field and reason in Turkish and English', async () => {
    const local = await ctx.newLocation();
    const manager = await ctx.newStaff({ subjects: [IMPORT], locations: [local] });
    const rows: SheetCell[][] = [
      HEADER,
      ['0532 111 22 33', 'Ayşe', 'Yılmaz', 'ayse@ornek.com', '1990-05-17', '34 abc 123', 'evet'],
      ['12345', 'Bozuk', 'Telefon', null, null, null, null],
      ['+90 532 111 22 44', 'Mehmet', 'Kaya', 'posta-degil', '1985-13-40', 'XYZ', 'belki'],
      ['5321112255', 'Zeynep', 'Demir', null, new Date(Date.UTC(1999, 11, 31)), null, 'hayır'],
    ];
    const tr = await upload(await xlsxFile(rows), { location: local, as: manager });
    expect(tr.statusCode, tr.body).toBe(200);
    expect(tr.json()).toEqual({
      added_data: 2,
      already_exist: 0,
      error_list: [
        { row: 3, field: 'customer_phone', reason: 'Geçerli bir telefon numarası girin' },
        { row: 4, field: 'customer_email', reason: 'Geçerli bir e-posta adresi girin' },
        { row: 4, field: 'customer_birthdate', reason: 'Geçerli bir tarih girin' },
        { row: 4, field: 'customer_vehicle_plate', reason: 'Geçerli bir araç plakası girin' },
        {
          row: 4,
          field: 'customer_sms_permission',
          reason: 'Evet ya da hayır olmalıdır (evet/hayır, yes/no, 1/0)',
        },
      ],
      error_count: 5,
      error_rows: [3, 4],
    });
    const saved = await customersOf(local);
    expect(saved.map((row) => [row.customer_phone, row.customer_name, row.customer_birthdate])).toEqual([
      ['+905321112233', 'Ayşe', '1990-05-17'],
      ['+905321112255', 'Zeynep', '1999-12-31'],
    ]);
    expect(saved[0]).toMatchObject({ customer_vehicle_plate: '34ABC123', customer_sms_permission: true });
    expect(saved[0]!.customer_sms_permission_date).toBeInstanceOf(Date);
    expect(saved[1]).toMatchObject({ customer_sms_permission: false, customer_sms_permission_date: null });

    const en = await upload(await xlsxFile(rows), { location: local, as: manager, lang: 'en' });
    expect(en.json().added_data).toBe(0);
    expect(en.json().already_exist).toBe(2);
    expect(en.json().error_list.map((error: { reason: string }) => error.reason)).toEqual([
      'Enter a valid phone number',
      'Enter a valid email address',
      'Enter a valid date',
      'Enter a valid vehicle plate',
      'Must be yes or no (evet/hayır, yes/no, 1/0)',
    ]);
  });

  it('adds nothing when the same file is imported again, and counts repeated phones as existing', async () => {
    const local = await ctx.newLocation();
    const file = await xlsxFile([
      ['customer_phone', 'customer_name', 'customer_surname'],
      ['05321000001', 'Ali', 'Veli'],
      ['+905321000002', 'Can', 'Cem'],
      ['0532 100 00 01', 'Ali', 'Tekrar'],
      ['05321000003', 'Efe', 'Ege'],
    ]);
    const first = await ctx.inject({
      method: 'POST',
      url: `/api/customer/import?locationId=${local._id}`,
      ...multipartFile('customer_data', file),
    });
    expect(first.json()).toEqual({
      added_data: 3,
      already_exist: 1,
      error_list: [],
      error_count: 0,
      error_rows: [],
    });
    const again = await ctx.inject({
      method: 'POST',
      url: `/api/customer/import?locationId=${local._id}`,
      ...multipartFile('customer_data', file),
    });
    expect(again.json()).toEqual({
      added_data: 0,
      already_exist: 4,
      error_list: [],
      error_count: 0,
      error_rows: [],
    });
    const saved = await customersOf(local);
    expect(saved).toHaveLength(3);
    // The first row with a phone wins.
    expect(saved.find((row) => row.customer_phone === '+905321000001')?.customer_surname).toBe('Veli');
  });

  it('reads Turkish and English labels in any case, booleans in both languages and day.month.year dates', async () => {
    const local = await ctx.newLocation();
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/import?locationId=${local._id}`,
      ...multipartFile(
        'customer_data',
        await xlsxFile([
          [
            'TELEFON',
            'ad',
            'SOYAD',
            'doğum tarihi',
            'CİNSİYET',
            'Kvkk Onayı',
            'Email permission',
            'Çocuk sayısı',
          ],
          [5321000011, 'Işıl', 'Öz', '17.05.1990', 'Kadın', 'EVET', 'yes', 2],
          ['05321000012', 'Can', 'Er', 33000, 'male', 1, 'HAYIR', null],
          ['05321000013', 'Ece', 'Su', null, 'robot', 'true', 'no', 'üç'],
        ]),
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().added_data).toBe(2);
    expect(response.json().error_list).toEqual([
      { row: 4, field: 'customer_gender', reason: expect.stringContaining('male, female, unknown') },
      { row: 4, field: 'customer_number_of_children', reason: 'Sayı olmalıdır' },
    ]);
    const [isil, can] = await customersOf(local);
    expect(isil).toMatchObject({
      customer_phone: '+905321000011',
      customer_birthdate: '1990-05-17',
      customer_gender: 'female',
      customer_kvkk_permission: true,
      customer_email_permission: true,
      customer_number_of_children: 2,
    });
    // 33000 is an Excel day serial: 7 May 1990.
    expect(can).toMatchObject({
      customer_birthdate: '1990-05-07',
      customer_gender: 'male',
      customer_kvkk_permission: true,
    });
  });

  it('records a consent history row with source import, the staff user and the address per granted consent', async () => {
    const local = await ctx.newLocation();
    const manager = await ctx.newStaff({ subjects: [IMPORT], locations: [local] });
    await upload(
      await xlsxFile([
        ['customer_phone', 'customer_name', 'customer_surname', 'SMS izni', 'KVKK onayı', 'Arama izni'],
        ['05321000021', 'Nur', 'Ak', 'evet', 'evet', 'hayır'],
        ['05321000022', 'Naz', 'Ak', 'hayır', null, null],
      ]),
      { location: local, as: manager },
    );
    const [nur, naz] = await customersOf(local);
    const events = await ctx.database.db
      .select()
      .from(customerConsentEvents)
      .where(eq(customerConsentEvents.customer_id, nur!._id));
    expect(events.map((event) => event.channel).sort()).toEqual(['kvkk', 'sms']);
    for (const event of events)
      expect(event).toMatchObject({
        granted: true,
        source: 'import',
        staff_admin_id: manager._id,
        client_address: '127.0.0.1',
      });
    expect(
      await ctx.database.db
        .select()
        .from(customerConsentEvents)
        .where(eq(customerConsentEvents.customer_id, naz!._id)),
    ).toEqual([]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.imported'), eq(auditLog.entity_id, local._id)));
    expect(entry).toMatchObject({
      actor_admin_id: manager._id,
      details: { rows: 2, added_data: 2, already_exist: 0, errors: 0 },
    });
  });

  it('imports an exported file into another mall: the export’s own columns are skipped', async () => {
    const source = await ctx.newLocation();
    const target = await ctx.newLocation();
    await ctx.database.db.insert(customers).values([
      {
        location_id: source._id,
        customer_phone: '+905321000031',
        customer_name: 'Şule',
        customer_surname: 'Işık',
      },
      {
        location_id: source._id,
        customer_phone: '+905321000032',
        customer_name: 'Ömer',
        customer_surname: 'Çınar',
        customer_birthdate: '1970-01-02',
        customer_is_parent: true,
        customer_frequency: 'once_a_week',
      },
    ]);
    for (const lang of ['tr', 'en']) {
      const exported = await ctx.inject({
        method: 'POST',
        url: `/api/customer/export?locationId=${source._id}`,
        payload: {},
        headers: { 'accept-language': lang },
      });
      const response = await ctx.inject({
        method: 'POST',
        url: `/api/customer/import?locationId=${target._id}`,
        ...multipartFile('customer_data', exported.rawPayload),
      });
      expect(response.json(), lang).toEqual({
        added_data: lang === 'tr' ? 2 : 0,
        already_exist: lang === 'tr' ? 0 : 2,
        error_list: [],
        error_count: 0,
        error_rows: [],
      });
    }
    const omer = (await customersOf(target)).find((row) => row.customer_name === 'Ömer');
    expect(omer).toMatchObject({
      customer_birthdate: '1970-01-02',
      customer_is_parent: true,
      customer_frequency: 'once_a_week',
    });
  });

  it('imports a corrected refused-rows file: the reason column the web app adds is skipped', async () => {
    const local = await ctx.newLocation();
    const manager = await ctx.newStaff({ subjects: [IMPORT], locations: [local] });
    for (const [index, reason] of ['Aktarım hatası', 'Import error'].entries()) {
      const response = await upload(
        await xlsxFile([
          ['Telefon', 'Ad', 'Soyad', reason],
          [`0532 100 00 4${index}`, 'Deniz', 'Aksoy', 'Telefon: Geçerli bir telefon numarası girin'],
        ]),
        { location: local, as: manager },
      );
      expect(response.json(), reason).toEqual({
        added_data: 1,
        already_exist: 0,
        error_list: [],
        error_count: 0,
        error_rows: [],
      });
    }
  });

  it('keeps malls apart: a phone of another mall is a new customer here, and nothing lands in the other mall', async () => {
    await ctx.database.db
      .insert(customers)
      .values({ location_id: otherMall._id, customer_phone: '+905321000041', customer_name: 'Başka' });
    const response = await upload(
      await xlsxFile([
        ['customer_phone', 'customer_name', 'customer_surname'],
        ['05321000041', 'Bu', 'AVM'],
      ]),
    );
    expect(response.json()).toMatchObject({ added_data: 1, already_exist: 0 });
    expect((await customersOf(otherMall)).map((row) => row.customer_name)).toEqual(['Başka']);
    // Staff of this mall cannot import into the other one.
    const refused = await upload(await xlsxFile([['customer_phone', 'customer_name', 'customer_surname']]), {
      location: otherMall,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('counts a deleted, not yet erased customer as existing rather than adding a second one', async () => {
    const local = await ctx.newLocation();
    await ctx.database.db.insert(customers).values({
      location_id: local._id,
      customer_phone: '+905321000051',
      customer_name: 'Silinmiş',
      customer_deletedAt: new Date(),
    });
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/import?locationId=${local._id}`,
      ...multipartFile(
        'customer_data',
        await xlsxFile([
          ['customer_phone', 'customer_name', 'customer_surname'],
          ['05321000051', 'Yeni', 'Kayıt'],
        ]),
      ),
    });
    expect(response.json()).toMatchObject({ added_data: 0, already_exist: 1 });
    expect(await customersOf(local)).toHaveLength(1);
  });

  describe('refuses the whole file, saving nothing', () => {
    const refused = async (file: Buffer, lang = 'en', field?: string) => {
      const local = await ctx.newLocation();
      const response = await ctx.inject({
        method: 'POST',
        url: `/api/customer/import?locationId=${local._id}`,
        ...multipartFile(field ?? 'customer_data', file),
        headers: { ...multipartFile(field ?? 'customer_data', file).headers, 'accept-language': lang },
      });
      expect(await customersOf(local)).toEqual([]);
      return response;
    };

    it('when it is not an xlsx file', async () => {
      for (const file of [
        Buffer.from('customer_phone;customer_name\n05321;Ali\n'),
        Buffer.from('PK\u0003\u0004 broken zip'),
      ]) {
        const response = await refused(file);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'IMPORT_FILE_INVALID',
          fields: { customer_data: 'The file is not an Excel (xlsx) file' },
        });
      }
      const tr = await refused(Buffer.from('merhaba'), 'tr');
      expect(tr.json().fields).toEqual({ customer_data: 'Dosya bir Excel (xlsx) dosyası değil' });
      expect(tr.json().message).toMatch(/^Dosya içe aktarılamadı/);
    });

    it('when a required column is missing, a header is unknown or given twice, or the sheet is empty', async () => {
      const missing = await refused(
        await xlsxFile([
          ['Telefon', 'Ad', 'E-posta'],
          ['05321000061', 'Ali', 'ali@ornek.com'],
        ]),
      );
      expect(missing.json().fields).toEqual({
        customer_data: 'Required columns are missing: Surname (customer_surname)',
      });
      const unknown = await refused(
        await xlsxFile([
          ['Telefon', 'Ad', 'Soyad', 'Ayakkabı no'],
          ['05321000062', 'Ali', 'Veli', 42],
        ]),
        'tr',
      );
      expect(unknown.json().fields).toEqual({ customer_data: 'Tanınmayan sütun başlıkları: Ayakkabı no' });
      const twice = await refused(await xlsxFile([['Telefon', 'Ad', 'Soyad', 'phone']]));
      expect(twice.json().fields).toEqual({ customer_data: 'Columns given more than once: phone' });
      const empty = await refused(await xlsxFile([]));
      expect(empty.json()).toMatchObject({
        code: 'IMPORT_FILE_INVALID',
        fields: { customer_data: expect.any(String) },
      });
    });

    it('when the file comes in another field, or not at all', async () => {
      const file = await xlsxFile([['Telefon', 'Ad', 'Soyad']]);
      const other = await refused(file, 'en', 'file');
      expect(other.statusCode).toBe(400);
      expect(other.json().fields).toEqual({ file: 'Unknown field' });
      const json = await ctx.inject({
        method: 'POST',
        url: `/api/customer/import?locationId=${mall._id}`,
        payload: { customer_data: 'x' },
      });
      expect(json.statusCode).toBe(415);
    });
  });

  describe('limits every spreadsheet upload: refused with 400 naming customer_data, nothing saved', () => {
    const HEAD = inlineRow(1, ['Telefon', 'Ad', 'Soyad']);
    const GOOD = inlineRow(2, ['05321000071', 'Ali', 'Veli']);
    const importInto = async (file: Buffer, lang = 'en') => {
      const local = await ctx.newLocation();
      const body = multipartFile('customer_data', file);
      const response = await ctx.inject({
        method: 'POST',
        url: `/api/customer/import?locationId=${local._id}`,
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': lang },
      });
      expect(await customersOf(local), 'nothing saved').toEqual([]);
      return response;
    };

    it('refuses a zip bomb sheet after its inflated-bytes cap, quickly and in little memory', async () => {
      // About 300 MiB of sheet XML in a file of about 1 MB: rows of one 1 MiB cell in a column nobody reads.
      const cell = 'a'.repeat(1024 * 1024);
      const file = await handmadeXlsx({
        before: HEAD + GOOD,
        block: `<row><c r="Z3" t="inlineStr"><is><t>${cell}</t></is></c></row>`,
        times: 300,
        after: '',
      });
      expect(file.length).toBeLessThan(3 * 1024 * 1024);
      let peak = process.memoryUsage().rss;
      const before = peak;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const response = await importInto(file);
      clearInterval(sampler);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'IMPORT_FILE_INVALID',
        fields: { customer_data: 'The file’s content is too large: unpacked, it may be at most 256 MB' },
      });
      // Generous for a busy machine: the reviewer's 1 GiB bomb froze the server for 72 s.
      expect(performance.now() - started).toBeLessThan(30_000);
      expect(peak - before).toBeLessThan(250 * 1024 * 1024);
    });

    it('refuses a shared-strings bomb', async () => {
      const file = await handmadeXlsx(`${HEAD}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`, {
        before: '',
        block: `<si><t>${'b'.repeat(1024)}</t></si>`,
        times: 80 * 1024,
        after: '',
      });
      const response = await importInto(file, 'tr');
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({
        customer_data: 'Dosyanın içeriği çok büyük: açıldığında en fazla 64 MB olabilir',
      });
    });

    it('counts every <row> toward the row cap, also rows whose cells are all in unknown columns', async () => {
      const file = await handmadeXlsx({
        before: HEAD + GOOD,
        block: '<row><c r="Z1"><v>1</v></c></row>',
        times: 200_000,
        after: '',
      });
      const response = await importInto(file);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({ customer_data: 'The file may hold at most 200000 data rows' });
    });

    // A good row first: the file is refused whole, so it is not saved either.
    const SHARED_A3 = '<row r="3"><c r="A3" t="s"><v>0</v></c></row>';
    it.each([
      ['a NUL reference in the sheet', inlineRow(3, ['05321000072', 'A&#0;li', 'Veli']), undefined],
      ['a reference past Unicode in the sheet', inlineRow(3, ['05321000072', '&#x110000;', 'V']), undefined],
      ['a lone surrogate', inlineRow(3, ['05321000072', '&#xD800;', 'Veli']), undefined],
      ['an escaped NUL', inlineRow(3, ['05321000072', 'A_x0000_li', 'Veli']), undefined],
      ['a NUL reference in the shared strings', SHARED_A3, '<si><t>&#0;</t></si>'],
      ['a reference past Unicode in the shared strings', SHARED_A3, '<si><t>&#x110000;</t></si>'],
      [
        'a row number past the sheet',
        '<row r="99999999999"><c t="inlineStr"><is><t>x</t></is></c></row>',
        undefined,
      ],
      [
        'a column past the sheet',
        '<row r="3"><c r="ZZZZ3" t="inlineStr"><is><t>x</t></is></c></row>',
        undefined,
      ],
    ])('answers 400, never 500, for malformed XML: %s', async (_, row, shared) => {
      const response = await importInto(await handmadeXlsx(HEAD + GOOD + row, shared));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'IMPORT_FILE_INVALID',
        fields: { customer_data: 'The file is damaged: its Excel (xlsx) content cannot be read' },
      });
    });

    it('lists the first 1,000 errors, counts them all and gives every refused row', async () => {
      const local = await ctx.newLocation();
      const rows: SheetCell[][] = [['Telefon', 'Ad', 'Soyad', 'E-posta']];
      for (let index = 0; index < 5000; index++) rows.push([`bozuk${index}`, 'Ali', 'Veli', 'posta-degil']);
      rows.push(['05321000081', 'Son', 'Satır', null]);
      const response = await ctx.inject({
        method: 'POST',
        url: `/api/customer/import?locationId=${local._id}`,
        ...multipartFile('customer_data', await xlsxFile(rows)),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.added_data).toBe(1);
      expect(body.error_list).toHaveLength(1000);
      expect(body.error_list[0]).toMatchObject({ row: 2, field: 'customer_phone' });
      expect(body.error_list[999]).toMatchObject({ row: 501, field: 'customer_email' });
      expect(body.error_count).toBe(10_000);
      expect(body.error_rows).toEqual(Array.from({ length: 5000 }, (_, index) => index + 2));
    });
  });

  // A measurement rather than a regular test (a 10 MB file): AVLU_IMPORT_BENCH=1 runs it.
  it.runIf(process.env.AVLU_IMPORT_BENCH)(
    'imports 100,000 rows within the time and memory budget',
    { timeout: 300_000 },
    async () => {
      const local = await ctx.newLocation();
      const file = await largeFile(100_000);
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      const response = await ctx.inject({
        method: 'POST',
        url: `/api/customer/import?locationId=${local._id}`,
        ...multipartFile('customer_data', file),
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      console.log(
        `import of 100,000 rows (${(file.length / 1e6).toFixed(1)} MB) on ${process.env.TEST_ENGINE}: ${seconds.toFixed(1)} s, peak RSS ${(peak / 1e6).toFixed(0)} MB`,
      );
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.json()).toMatchObject({ added_data: 99_000, already_exist: 0 });
      expect(response.json().error_list).toHaveLength(1000);
      expect(response.json().error_rows).toHaveLength(1000);
      expect(seconds).toBeLessThan(process.env.TEST_ENGINE === 'postgres' ? 20 : 60);
      expect(peak).toBeLessThan(400e6);
    },
  );
});
