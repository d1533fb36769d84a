import { and, asc, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { FILES_PATH } from '../../platform/files/file-names';
import type { Files } from '../../platform/files/files';
import { customers } from '../customers/customers.tables';
import { lendingItems, lendings } from './lending.tables';

const demoItems = [
  { itemNo: 'BA-01', itemName: 'Bebek Arabası', colour: '#5b8def' },
  { itemNo: 'BA-02', itemName: 'Bebek Arabası', colour: '#5b8def' },
  { itemNo: 'BA-03', itemName: 'Bebek Arabası', colour: '#5b8def' },
  { itemNo: 'TS-01', itemName: 'Tekerlekli Sandalye', colour: '#22a06b' },
  { itemNo: 'TS-02', itemName: 'Tekerlekli Sandalye', colour: '#22a06b' },
  { itemNo: 'PB-01', itemName: 'Taşınabilir Şarj Cihazı', colour: '#f5a524' },
  { itemNo: 'SM-01', itemName: 'Şemsiye', colour: '#c0392b', inactive: true },
] as const;

const HOUR = 3_600_000;

/**
 * The mall's lendable items (one out of service), each with an image of our file store, and their
 * lendings: done ones over the past weeks, items out now, and customers waiting in queue.
 */
export const seedDemoLending = async (
  db: Database,
  files: Pick<Files, 'save'>,
  locationId: string,
  now = new Date(),
) => {
  const images = new Map<string, string>();
  for (const colour of new Set(demoItems.map((item) => item.colour))) {
    const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: colour } })
      .png()
      .toBuffer();
    images.set(
      colour,
      `${FILES_PATH}${(await files.save(db, png, { extension: 'png', visibility: 'public' })).name}`,
    );
  }
  const items = await db
    .insert(lendingItems)
    .values(
      demoItems.map((item) => ({
        location_id: locationId,
        itemNo: item.itemNo,
        itemNo_key: nameKey(item.itemNo),
        itemName: item.itemName,
        itemImage: images.get(item.colour)!,
        status: 'inactive' in item ? ('inactive' as const) : ('active' as const),
      })),
    )
    .returning({ _id: lendingItems._id });
  const people = (
    await db
      .select({ _id: customers._id })
      .from(customers)
      .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt)))
      .orderBy(asc(customers._id))
      .limit(24)
  ).map((row) => row._id);
  if (people.length < 17) return;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const rows: (typeof lendings.$inferInsert)[] = [];
  // Done: two weeks of lendings, three hours each.
  for (let index = 0; index < 12; index++) {
    const start = at(24 * (14 - index) + 5);
    rows.push({
      location_id: locationId,
      lending_item_id: items[index % 6]!._id,
      customer_id: people[index]!,
      lending_status: 'done',
      lending_started_at: start,
      lending_ended_at: new Date(start.getTime() + 3 * HOUR),
      created_at: new Date(start.getTime() - HOUR / 4),
    });
  }
  // Out now: a stroller and a wheelchair; waiting: two customers for the stroller, one for the other.
  rows.push(
    {
      location_id: locationId,
      lending_item_id: items[0]!._id,
      customer_id: people[12]!,
      lending_status: 'started',
      lending_started_at: at(1),
      created_at: at(1.2),
    },
    {
      location_id: locationId,
      lending_item_id: items[3]!._id,
      customer_id: people[13]!,
      lending_status: 'started',
      lending_started_at: at(2),
      created_at: at(2.1),
    },
    {
      location_id: locationId,
      lending_item_id: items[0]!._id,
      customer_id: people[14]!,
      created_at: at(0.5),
    },
    {
      location_id: locationId,
      lending_item_id: items[0]!._id,
      customer_id: people[15]!,
      created_at: at(0.2),
    },
    {
      location_id: locationId,
      lending_item_id: items[5]!._id,
      customer_id: people[16]!,
      created_at: at(0.1),
    },
  );
  await db.insert(lendings).values(rows);
};
