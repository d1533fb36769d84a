import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { customers } from './customers.tables';
import { multipartFile } from './import-fixtures';

const ctx = useTestApp();

const readSheet = async (payload: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
};

describe('POST /api/customer/export', () => {
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

    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/export?locationId=${mall._id}`,
      payload: { filter: [{ field: 'gender', in: ['female'] }], download: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.name).toBe('Müşteriler');
    expect(sheet.rows[0]?.slice(0, 4)).toEqual(['_id', 'Telefon', 'Ad', 'Soyad']);
    const data = sheet.rows.slice(1);
    expect(data).toHaveLength(rows.filter((row) => row.customer_gender === 'female').length);
    expect(new Set(data.map((row) => row[1])).size).toBe(data.length);
    expect(data.every((row) => row[2] === 'Şule' && row[5] === 'female')).toBe(true);
  });

  it('neutralises text that would run as a formula, keeps phones as they are, and imports back unchanged', async () => {
    const [mall, target] = [await ctx.newLocation(), await ctx.newLocation()];
    await ctx.database.db.insert(customers).values({
      location_id: mall._id,
      customer_phone: '+905321234567',
      customer_name: '=HYPERLINK("http://x","y")',
      customer_surname: '@SUM(1)',
      customer_locality: "-2+3+cmd|' /C calc'!A0",
      customer_district: '\t=1+1',
    });
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/export?locationId=${mall._id}`,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    const [phone, name, surname, district, locality] = [2, 3, 4, 10, 11].map((column) => row.getCell(column));
    // Excel's quote prefix in the text itself, and the text format, so an edit never turns it into a formula.
    expect(name!.value).toBe('\'=HYPERLINK("http://x","y")');
    expect(surname!.value).toBe("'@SUM(1)");
    expect(locality!.value).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(district!.value).toBe("'\t=1+1");
    for (const cell of [name, surname, locality, district]) {
      expect(cell!.type).toBe(ExcelJS.ValueType.String);
      expect(cell!.numFmt).toBe('@');
    }
    // A phone is no formula: kept as it is, as text (the text format keeps Excel from making it a number).
    expect(phone!.value).toBe('+905321234567');
    expect(phone!.numFmt).toBe('@');
    const imported = await ctx.inject({
      method: 'POST',
      url: `/api/customer/import?locationId=${target._id}`,
      ...multipartFile('customer_data', response.rawPayload),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [copy] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.location_id, target._id));
    expect(copy).toMatchObject({
      customer_phone: '+905321234567',
      customer_name: '=HYPERLINK("http://x","y")',
      customer_surname: '@SUM(1)',
    });
  });

  it('answers 400 naming a bad filter before any byte of the file', async () => {
    const mall = await ctx.newLocation();
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/export?locationId=${mall._id}`,
      payload: { filter: [{ field: 'gender', in: ['robot'] }] },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)[0]).toMatch(/^filter\.0/);
  });
});
