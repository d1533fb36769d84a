import { SYSTEM_ADMIN_ROLE_NAME } from '@avlu/contracts';
import { verify } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, testConfig } from '../../test/helper';
import { adminLocations, admins, roles } from '../modules/admins/admins.tables';
import { channels } from '../modules/channels/channels.tables';
import { DEMO_CUSTOMERS_PER_MALL } from '../modules/customers/customers.demo';
import { customers } from '../modules/customers/customers.tables';
import { locations } from '../modules/locations/locations.tables';
import type { DatabaseHandle } from '../platform/db/database';
import { createFiles } from '../platform/files/files';
import { generatedPasswordNotice, prepareFirstStart } from './first-start';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const fresh = async () => {
  database = await openDatabase();
  return database.db;
};

describe('first start', () => {
  it('seeds the demo malls and the system admin working for all of them, once', async () => {
    const db = await fresh();
    const config = testConfig({
      demoData: true,
      admin: { email: 'yonetici@avm.example.com', password: 'gizli-parola' },
    });
    expect(await prepareFirstStart(db, config, await createFiles(config, db))).toEqual({
      admin: { email: 'yonetici@avm.example.com', generatedPassword: undefined },
    });

    const malls = await db.select().from(locations);
    expect(malls.map((mall) => mall.location_name).sort()).toEqual([
      'Kordonboyu Yaşam AVM İzmir',
      'Çınaraltı Park AVM İstanbul',
    ]);
    const [role] = await db.select().from(roles);
    expect(role).toMatchObject({ role_name: SYSTEM_ADMIN_ROLE_NAME, menu_items: [] });
    const [admin] = await db.select().from(admins);
    expect(admin).toMatchObject({ admin_email: 'yonetici@avm.example.com', admin_role_id: role!._id });
    expect(await verify(admin!.admin_password_hash, 'gizli-parola')).toBe(true);
    const links = await db.select().from(adminLocations);
    expect(links.map((link) => link.location_id).sort()).toEqual(malls.map((mall) => mall._id).sort());

    // Every demo mall's customers registered through its own channels, every channel with some
    // (the channel column, filter and export show something on a new machine), a few through none.
    const registrations = await db
      .select({
        mall: customers.location_id,
        channelMall: channels.location_id,
        channel: channels.channel_name,
        count: count(),
      })
      .from(customers)
      .leftJoin(channels, eq(channels._id, customers.channel_id))
      .groupBy(customers.location_id, channels.location_id, channels.channel_name);
    for (const mall of malls) {
      const own = registrations.filter((row) => row.mall === mall._id);
      expect(own.every((row) => row.channelMall === null || row.channelMall === mall._id)).toBe(true);
      expect(
        own
          .filter((row) => row.channel !== null)
          .map((row) => row.channel)
          .sort(),
      ).toEqual(['AVM Danışma', 'Etkinlik Standı', 'Mobil Uygulama', 'Otopark Kiosku', 'Web Sitesi']);
      const through = (name: string | null) => own.find((row) => row.channel === name)?.count ?? 0;
      expect(through('Otopark Kiosku')).toBeGreaterThan(0);
      expect(through('AVM Danışma')).toBeGreaterThan(through('Web Sitesi'));
      expect(through(null)).toBeGreaterThan(0);
      expect(through(null)).toBeLessThan(DEMO_CUSTOMERS_PER_MALL / 4);
    }

    expect(await prepareFirstStart(db, config, await createFiles(config, db))).toBeUndefined();
    expect(await db.$count(locations)).toBe(2);
    expect(await db.$count(admins)).toBe(1);
    expect(await db.$count(roles)).toBe(1);
  });

  it('generates a strong password when none is configured, and seeds no mall without demo data', async () => {
    const db = await fresh();
    const config = testConfig({ demoData: false, admin: { email: 'admin@avlu.local', password: undefined } });
    const result = await prepareFirstStart(db, config, await createFiles(config, db));
    const password = result?.admin.generatedPassword ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{20}$/);
    const [admin] = await db.select().from(admins);
    expect(await verify(admin!.admin_password_hash, password)).toBe(true);
    expect(await db.$count(locations)).toBe(0);
    expect(await db.$count(adminLocations)).toBe(0);
    expect(generatedPasswordNotice('admin@avlu.local', password)).toContain(`password: ${password}`);
  });

  it('keeps admin emails unique whatever their letter case', async () => {
    const db = await fresh();
    await prepareFirstStart(db, testConfig(), await createFiles(testConfig(), db));
    const [admin] = await db.select().from(admins);
    await expect(
      db.insert(admins).values({ ...admin!, _id: undefined, admin_email: admin!.admin_email.toUpperCase() }),
    ).rejects.toThrow();
  });
});
