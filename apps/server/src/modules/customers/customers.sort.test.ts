import type { Location } from '@avlu/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { customers } from './customers.tables';

/** The customer list's sorts, through POST /api/customer/filter (the shared listOrder and alphabetical). */
const ctx = useTestApp();
let mall: Location;

type Row = { name: string; surname: string | null; province: string | null; birthdate: string | null };
const rows: Row[] = [
  { name: 'Zeynep', surname: 'Şahin', province: 'İstanbul', birthdate: '1990-06-01' },
  { name: 'Ali', surname: 'Çelik', province: 'Ankara', birthdate: '1960-01-15' },
  { name: 'Işıl', surname: 'Ural', province: 'Iğdır', birthdate: '2004-11-30' },
  { name: 'Ömer', surname: 'Cengiz', province: 'Çanakkale', birthdate: null },
  { name: 'İpek', surname: null, province: 'Zonguldak', birthdate: '1990-06-02' },
  { name: 'Umut', surname: 'Sarı', province: null, birthdate: '1975-03-20' },
  { name: 'Cem', surname: 'Öz', province: 'Bursa', birthdate: '1983-09-09' },
];

beforeAll(async () => {
  mall = await ctx.newLocation();
  await ctx.database.db.insert(customers).values(
    rows.map((row, index) => ({
      location_id: mall._id,
      customer_phone: `+9053200000${String(index).padStart(2, '0')}`,
      customer_name: row.name,
      customer_surname: row.surname,
      customer_province: row.province,
      customer_birthdate: row.birthdate,
    })),
  );
});

const sorted = async (orderBy: string, order: 'asc' | 'desc') => {
  const response = await ctx.inject({
    method: 'POST',
    url: `/api/customer/filter?locationId=${mall._id}`,
    payload: { orderBy, order },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { customer_name: string }[]).map((row) => row.customer_name);
};

describe('customer list sorting', () => {
  it('sorts by province in Turkish alphabetical order, unknown provinces last either way', async () => {
    // Ankara, Bursa, Çanakkale, Iğdır, İstanbul, Zonguldak, then Umut without a province.
    expect(await sorted('customer_province', 'asc')).toEqual([
      'Ali',
      'Cem',
      'Ömer',
      'Işıl',
      'Zeynep',
      'İpek',
      'Umut',
    ]);
    expect(await sorted('customer_province', 'desc')).toEqual([
      'İpek',
      'Zeynep',
      'Işıl',
      'Ömer',
      'Cem',
      'Ali',
      'Umut',
    ]);
  });

  it('sorts by age, youngest or oldest first, unknown birthdates last either way', async () => {
    // Within one year of birth the day decides: İpek (2 June 1990) is younger than Zeynep (1 June).
    expect(await sorted('age', 'asc')).toEqual(['Işıl', 'İpek', 'Zeynep', 'Cem', 'Umut', 'Ali', 'Ömer']);
    expect(await sorted('age', 'desc')).toEqual(['Ali', 'Umut', 'Cem', 'Zeynep', 'İpek', 'Işıl', 'Ömer']);
  });

  it('sorts names and surnames in Turkish alphabetical order, letter case aside', async () => {
    // I (ı) after H and before İ (i); Ö after O; Ç after C; Ş after S.
    expect(await sorted('customer_name', 'asc')).toEqual([
      'Ali',
      'Cem',
      'Işıl',
      'İpek',
      'Ömer',
      'Umut',
      'Zeynep',
    ]);
    // Ural, Şahin, Sarı, Öz, Çelik, Cengiz, then İpek without a surname.
    expect(await sorted('customer_surname', 'desc')).toEqual([
      'Işıl',
      'Zeynep',
      'Umut',
      'Cem',
      'Ali',
      'Ömer',
      'İpek',
    ]);
  });
});
