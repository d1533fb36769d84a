import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../../platform/db/database';
import { customers } from '../customers/customers.tables';

let phones = 0;

/** Live customers of a mall with distinct Turkish mobile numbers (answered in E.164). */
export const newLendingCustomers = async (db: Database, mallId: string, count: number) =>
  db
    .insert(customers)
    .values(
      Array.from({ length: count }, (_, index) => ({
        location_id: mallId,
        customer_phone: `+90535${(2_000_000 + process.pid * 1000 + ++phones).toString().slice(-7)}`,
        customer_name: `Ödünç${index + 1}`,
        customer_surname: 'Alıcı',
      })),
    )
    .returning({ _id: customers._id, customer_phone: customers.customer_phone });

export const pngImage = () =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** A multipart body of text fields and an optional file, as the web's FormData sends it. */
export const multipartForm = (
  fields: Record<string, string>,
  file?: { field: string; data: Buffer; name: string },
) => {
  const boundary = 'avluLendingBoundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const expectStatus = (response: { statusCode: number; body: string }, status: number) =>
  expect(response.statusCode, response.body).toBe(status);
