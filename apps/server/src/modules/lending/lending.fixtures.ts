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

export const expectStatus = (response: { statusCode: number; body: string }, status: number) =>
  expect(response.statusCode, response.body).toBe(status);
