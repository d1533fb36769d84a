import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { customers } from '../customers/customers.tables';
import { lendings } from '../lending/lending.tables';
import { reservations } from '../reservations/reservations.tables';
import { reminders } from './reminders.tables';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The first admin's reminders in a demo mall (issue 17 #8): two due (the bell shows them), about a
 * customer and an item out on loan; waiting ones about a reservation and the monthly report; one done.
 */
export const seedDemoReminders = async (
  db: Database,
  locationId: string,
  adminId: string,
  now = new Date(),
) => {
  const [customer] = await db
    .select({ _id: customers._id })
    .from(customers)
    .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt)))
    .orderBy(asc(customers._id))
    .limit(1);
  const [reservation] = await db
    .select({ _id: reservations._id })
    .from(reservations)
    .where(
      and(
        eq(reservations.location_id, locationId),
        inArray(reservations.reservation_status, ['pending', 'accepted']),
      ),
    )
    .orderBy(asc(reservations.reservation_request_date), asc(reservations._id))
    .limit(1);
  const [lending] = await db
    .select({ _id: lendings._id })
    .from(lendings)
    .where(and(eq(lendings.location_id, locationId), eq(lendings.lending_status, 'started')))
    .limit(1);
  const at = (offset: number) => new Date(now.getTime() + offset);
  const rows: Omit<typeof reminders.$inferInsert, 'location_id' | 'admin_id'>[] = [
    {
      reminder_date: at(-2 * HOUR),
      reminder_text: 'Müşteriyi arayıp kayıp eşya başvurusunun sonucunu bildir.',
      reminder_status: 'due',
      reminder_customer_id: customer?._id ?? null,
    },
    {
      reminder_date: at(-30 * MINUTE),
      reminder_text: 'Bebek arabasının iade saati geçti; müşteriye ulaşıp ne zaman getireceğini sor.',
      reminder_status: 'due',
      reminder_lending_id: lending?._id ?? null,
    },
    {
      reminder_date: at(DAY),
      reminder_text: 'Rezervasyon öncesi alanın hazır olduğunu ve ikramların geldiğini kontrol et.',
      reminder_status: 'waiting',
      reminder_reservation_id: reservation?._id ?? null,
    },
    {
      reminder_date: at(3 * DAY),
      reminder_text: 'Aylık kampanya özetini yönetime gönder.',
      reminder_status: 'waiting',
    },
    {
      reminder_date: at(-DAY),
      reminder_text: 'Danışma masası için yeni broşürleri sipariş et.',
      reminder_status: 'done',
      reminder_done_at: at(-20 * HOUR),
    },
  ];
  await db
    .insert(reminders)
    .values(rows.map((row) => ({ ...row, location_id: locationId, admin_id: adminId })));
};
