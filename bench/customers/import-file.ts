import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { customerImportColumns } from '@avlu/contracts';
import ExcelJS from 'exceljs';
import { femaleNames, generatedPhone, IMPORT_PREFIX, maleNames, places, surnames } from './data';
import { BENCH_CUSTOMERS, benchDir } from './databases';

export const IMPORT_ROWS = 100_000;
/** Of every 200 rows: 9 numbers the mall already has, 1 number that is not a phone; the rest are new. */
const EXISTING_EVERY = 200;

/**
 * The import benchmark's file: IMPORT_ROWS customers in the contract's columns (header row of column
 * keys), mostly new numbers under the import prefix, some already registered, a few invalid. Written
 * once with the streaming writer and kept in .bench/.
 */
export const importFile = async (): Promise<string> => {
  const file = path.join(benchDir, `import-${IMPORT_ROWS / 1000}k.xlsx`);
  if (existsSync(file)) return file;
  await mkdir(benchDir, { recursive: true });
  const partial = `${file}.partial`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Müşteriler');
  sheet.columns = customerImportColumns.map((key) => ({ header: key, key }));
  const placeList = places();
  for (let index = 1; index <= IMPORT_ROWS; index++) {
    const slot = index % EXISTING_EVERY;
    const phone =
      slot === 0
        ? '0212 555'
        : slot <= 9
          ? generatedPhone(1 + ((index * 37) % BENCH_CUSTOMERS))
          : `+90${IMPORT_PREFIX}${String((index * 7919 + 424_242) % 10_000_000).padStart(7, '0')}`;
    const female = index % 2 === 0;
    const names = female ? femaleNames : maleNames;
    const name = names[(index * 7) % names.length]!;
    const surname = surnames[(index * 13) % surnames.length]!;
    const place = placeList[(index * 101) % placeList.length]!;
    const year = 1955 + (index % 50);
    sheet
      .addRow({
        customer_phone: phone,
        customer_name: name,
        customer_surname: surname,
        customer_email: index % 3 === 0 ? null : `musteri${index}@example.com`,
        customer_gender: female ? 'female' : 'male',
        customer_birthdate: `${year}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
        customer_province: place.province,
        customer_district: place.district,
        customer_locality: place.locality,
        customer_address:
          index % 4 === 0 ? `${place.locality}, ${1 + (index % 90)}. Sokak No: ${1 + (index % 40)}` : null,
        customer_number_of_children: index % 4,
        customer_vehicle_plate: index % 3 === 0 ? `${place.plate} AB ${100 + (index % 900)}` : null,
        customer_sms_permission: index % 5 < 3,
        customer_email_permission: index % 5 < 2,
        customer_call_permission: index % 5 === 0,
        customer_kvkk_permission: true,
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  await rename(partial, file);
  return file;
};
