import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../../platform/db/database';
import { insertCustomer } from '../customers/customers.fixtures';

/** Live customers of a mall, named Ödünç1, Ödünç2… (answered in E.164, as every customer's phone). */
export const newLendingCustomers = (db: Database, mallId: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      insertCustomer(db, mallId, { customer_name: `Ödünç${index + 1}`, customer_surname: 'Alıcı' }),
    ),
  );

export const pngImage = () =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

export const expectStatus = (response: { statusCode: number; body: string }, status: number) =>
  expect(response.statusCode, response.body).toBe(status);
