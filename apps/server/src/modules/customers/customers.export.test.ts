import {
  type Customer,
  customerColumnLabels,
  customerExportOnlyLabels,
  customerImportColumns,
  type Location,
} from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { readFirstSheet, type XlsxCell } from '../../platform/excel/xlsx-read';
import { channels } from '../channels/channels.tables';
import { customers } from './customers.tables';
import { multipartFile } from './import-fixtures';

const ctx = useTestApp();

/** The rows of a file as our import reads them: a date cell is its day number. */
const sheetRows = async (payload: Buffer) => {
  const rows: XlsxCell[][] = [];
  for await (const row of readFirstSheet(payload)) rows.push(row.cells);
  return rows;
};

const exportOf = (mall: Location, lang: 'tr' | 'en', payload: object = {}) =>
  ctx.inject({
    method: 'POST',
    url: `/api/customer/export?locationId=${mall._id}`,
    headers: { 'accept-language': lang },
    payload,
  });

const importInto = (mall: Location, file: Buffer, lang: 'tr' | 'en') => {
  const body = multipartFile('customer_data', file);
  return ctx.inject({
    method: 'POST',
    url: `/api/customer/import?locationId=${mall._id}`,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': lang },
  });
};

/** What the import sets of each customer of a mall, through the list API, by phone. */
const importedFields = async (mall: Location) => {
  const response = await ctx.inject({
    method: 'POST',
    url: `/api/customer/filter?locationId=${mall._id}`,
    payload: { pagination: { limit: 100, currentPage: 1 } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Customer[])
    .map((row) => Object.fromEntries(customerImportColumns.map((column) => [column, row[column]])))
    .sort((a, b) => String(a.customer_phone).localeCompare(String(b.customer_phone)));
};

/** Excel's day number of a wall-clock time (1899-12-30 is day 0). */
const excelDay = (wallClock: string) => Date.parse(`${wallClock}Z`) / 86_400_000 + 25_569;

describe('POST /api/customer/export', () => {
  it('writes the import’s columns as people read them, and the file imports back unchanged in either language', async () => {
    const mall = await ctx.newLocation({ location_meta: { timezone: 'America/New_York' } });
    const [desk] = await ctx.database.db
      .insert(channels)
      .values({
        location_id: mall._id,
        channel_name: 'AVM Danışma',
        channel_name_key: nameKey('AVM Danışma'),
        channel_name_en: 'Information Desk',
        channel_name_en_key: nameKey('Information Desk'),
        channel_exp: 'Danışma',
        channel_exp_en: 'Desk',
      })
      .returning();
    await ctx.database.db.insert(customers).values([
      {
        location_id: mall._id,
        channel_id: desk!._id,
        customer_phone: '+905328906124',
        customer_name: 'Ayşe',
        customer_surname: 'Işık',
        customer_email: 'ayse@ornek.com',
        customer_gender: 'female',
        customer_birthdate: '1990-05-17',
        customer_province: 'İstanbul',
        customer_district: 'Kadıköy',
        customer_locality: 'Caferağa Mah.',
        customer_address: 'Moda Cad. 5\nDaire 3',
        customer_number_of_children: 2,
        customer_frequency: 'once_a_month',
        customer_vehicle_plate: '34ABC123',
        customer_is_parent: true,
        customer_is_developer: true,
        customer_sms_permission: true,
        customer_call_permission: true,
        customer_kvkk_permission: true,
        // Winter in New York: five hours behind UTC.
        created_at: new Date('2026-01-15T12:00:00Z'),
      },
      {
        location_id: mall._id,
        customer_phone: '+4915112345678',
        customer_name: 'Hans',
        customer_surname: 'Müller',
        customer_gender: 'unknown',
        customer_number_of_children: 0,
        // Summer: four hours behind.
        created_at: new Date('2026-07-15T12:00:00Z'),
      },
    ]);

    const tr = await exportOf(mall, 'tr');
    expect(tr.statusCode).toBe(200);
    const [header, ayse, hans] = await sheetRows(tr.rawPayload);
    const extra = customerExportOnlyLabels.tr;
    expect(header).toEqual([
      ...customerImportColumns.map((column) => customerColumnLabels.tr[column]),
      extra.channel_id,
      extra.age,
      extra.customer_is_developer,
      extra.createdAt,
    ]);
    expect(ayse).toEqual([
      '0532 890 61 24',
      'Ayşe',
      'Işık',
      'ayse@ornek.com',
      'Kadın',
      excelDay('1990-05-17T00:00'),
      'İstanbul',
      'Kadıköy',
      'Caferağa Mah.',
      'Moda Cad. 5\nDaire 3',
      2,
      'Ayda bir',
      '34ABC123',
      'Evet',
      'Evet',
      'Hayır',
      'Evet',
      'Evet',
      'AVM Danışma',
      expect.any(Number),
      'Evet',
      excelDay('2026-01-15T07:00'),
    ]);
    // Empty cells stay empty; the summer date-time moves by the summer offset.
    const hansCells = Object.fromEntries(header!.map((name, index) => [name, hans![index]]));
    expect(hansCells).toEqual({
      Telefon: '+4915112345678',
      Ad: 'Hans',
      Soyad: 'Müller',
      Cinsiyet: 'Belirtilmemiş',
      'Çocuk sayısı': 0,
      'SMS izni': 'Hayır',
      'E-posta izni': 'Hayır',
      'Arama izni': 'Hayır',
      'KVKK onayı': 'Hayır',
      'Geliştirici hesabı': 'Hayır',
      'Kayıt tarihi': excelDay('2026-07-15T08:00'),
    });

    // Dates are date cells, shown as the back-office shows them; phones are text.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(tr.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Müşteriler');
    const cell = (column: string) => sheet.getRow(2).getCell(header!.indexOf(column) + 1);
    expect(cell('Doğum tarihi').value).toEqual(new Date('1990-05-17T00:00:00Z'));
    expect(cell('Doğum tarihi').numFmt).toBe('[$-41F]dd mmmm yyyy');
    expect(cell('Kayıt tarihi').value).toEqual(new Date('2026-01-15T07:00:00Z'));
    expect(cell('Kayıt tarihi').numFmt).toBe('dd-mm-yyyy hh:mm');
    expect(cell('Telefon').numFmt).toBe('@');

    // Into another mall, then that mall's English export into a third: the same customers each time.
    const [copy, englishCopy] = [await ctx.newLocation(), await ctx.newLocation()];
    const imported = await importInto(copy, tr.rawPayload, 'tr');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added_data: 2, already_exist: 0, error_count: 0 });

    const en = await exportOf(copy, 'en');
    const [enHeader, enAyse] = await sheetRows(en.rawPayload);
    expect(enHeader!.slice(0, 5)).toEqual(['Phone', 'Name', 'Surname', 'Email', 'Gender']);
    expect(enAyse!.slice(10, 15)).toEqual([2, 'Once a month', '34ABC123', 'Yes', 'Yes']);
    const englishImport = await importInto(englishCopy, en.rawPayload, 'en');
    expect(englishImport.json()).toMatchObject({ added_data: 2, already_exist: 0, error_count: 0 });

    const original = await importedFields(mall);
    expect(original).toHaveLength(2);
    expect(await importedFields(copy)).toEqual(original);
    expect(await importedFields(englishCopy)).toEqual(original);
    // Importing the file again into its own mall adds no one.
    expect((await importInto(mall, tr.rawPayload, 'tr')).json()).toMatchObject({
      added_data: 0,
      already_exist: 2,
    });
  });

  it('streams the filtered customers of the mall, across query pages, readable by exceljs', async () => {
    const [mall, other] = [await ctx.newLocation(), await ctx.newLocation()];
    // More than one keyset page (1000 rows) of women, and some men the filter leaves out.
    const rows = Array.from({ length: 1203 }, (_, index) => ({
      location_id: mall._id,
      customer_phone: `+90533${String(1_000_000 + index)}`,
      customer_name: index % 3 === 0 ? 'Ahmet' : 'Şule',
      customer_surname: `Kaya ${index}`,
      customer_gender: index % 3 === 0 ? ('male' as const) : ('female' as const),
      customer_birthdate: '1992-07-04',
    }));
    await ctx.database.db.insert(customers).values(rows);
    await ctx.database.db
      .insert(customers)
      .values({ location_id: other._id, customer_phone: '+905339999999', customer_gender: 'female' });

    const response = await exportOf(mall, 'tr', {
      filter: [{ field: 'gender', in: ['female'] }],
      download: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const [header, ...data] = await sheetRows(response.rawPayload);
    expect(header!.slice(0, 3)).toEqual(['Telefon', 'Ad', 'Soyad']);
    expect(data).toHaveLength(rows.filter((row) => row.customer_gender === 'female').length);
    expect(new Set(data.map((row) => row[0])).size).toBe(data.length);
    expect(data.every((row) => row[1] === 'Şule' && row[4] === 'Kadın')).toBe(true);
  });

  it('neutralises text that would run as a formula, keeps phones as text, and imports back unchanged', async () => {
    const [mall, target] = [await ctx.newLocation(), await ctx.newLocation()];
    await ctx.database.db.insert(customers).values({
      location_id: mall._id,
      customer_phone: '+905321234567',
      // Names hold only letters, spaces, apostrophes, hyphens and dots, so a name can start a
      // formula only with a hyphen; other text columns take anything.
      customer_name: '-Ayşe',
      customer_surname: '-Kaya',
      customer_locality: '=HYPERLINK("http://x","y")',
      customer_district: '@SUM(1)',
    });
    const response = await exportOf(mall, 'tr');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    const [phone, name, surname, district, locality] = [1, 2, 3, 8, 9].map((column) => row.getCell(column));
    // Excel's quote prefix in the text itself, and the text format, so an edit never turns it into a formula.
    expect(name!.value).toBe("'-Ayşe");
    expect(surname!.value).toBe("'-Kaya");
    expect(locality!.value).toBe('\'=HYPERLINK("http://x","y")');
    expect(district!.value).toBe("'@SUM(1)");
    for (const cell of [name, surname, locality, district]) {
      expect(cell!.type).toBe(ExcelJS.ValueType.String);
      expect(cell!.numFmt).toBe('@');
    }
    // A phone as the back-office shows it, as text (the text format keeps Excel from making it a number).
    expect(phone!.value).toBe('0532 123 45 67');
    expect(phone!.numFmt).toBe('@');
    const imported = await importInto(target, response.rawPayload, 'tr');
    expect(imported.statusCode, imported.body).toBe(200);
    const [copy] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.location_id, target._id));
    expect(copy).toMatchObject({
      customer_phone: '+905321234567',
      customer_name: '-Ayşe',
      customer_surname: '-Kaya',
      customer_locality: '=HYPERLINK("http://x","y")',
      customer_district: '@SUM(1)',
    });
  });

  it('answers 400 naming a bad filter before any byte of the file', async () => {
    const mall = await ctx.newLocation();
    const response = await exportOf(mall, 'tr', { filter: [{ field: 'gender', in: ['robot'] }] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)[0]).toMatch(/^filter\.0/);
  });
});
