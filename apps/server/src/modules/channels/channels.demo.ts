import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { channelNameKeys } from './channels.service';
import { channelChannelTypes, channels, channelTypes } from './channels.tables';

const demoTypes = [
  {
    key: 'physical',
    channel_type_name: 'Fiziksel Nokta',
    channel_type_exp: 'AVM içindeki masa, stant ve kiosklar',
  },
  { key: 'digital', channel_type_name: 'Dijital', channel_type_exp: 'Mobil uygulama ve web sitesi' },
  {
    key: 'event',
    channel_type_name: 'Etkinlik',
    channel_type_exp: 'Dönemsel etkinlik ve kampanya stantları',
  },
] as const;
type TypeKey = (typeof demoTypes)[number]['key'];

type DemoChannel = Omit<
  typeof channels.$inferInsert,
  'location_id' | 'channel_name_key' | 'channel_name_en_key'
> & { types: TypeKey[] };

const demoChannels: DemoChannel[] = [
  {
    channel_name: 'AVM Danışma',
    channel_name_en: 'Information Desk',
    channel_exp: 'Giriş katındaki danışma masasında personel eşliğinde kayıt',
    channel_exp_en: 'Staff-assisted sign-up at the ground-floor information desk',
    channel_cdp_data_entry: true,
    channel_cdp_receipt_entry: true,
    channel_payment_form_allowed: true,
    types: ['physical'],
  },
  {
    channel_name: 'Mobil Uygulama',
    channel_name_en: 'Mobile App',
    channel_exp: 'AVM mobil uygulamasından kendi kendine kayıt',
    channel_exp_en: 'Self sign-up in the mall’s mobile app',
    channel_ui_allowed: true,
    types: ['digital'],
  },
  {
    channel_name: 'Web Sitesi',
    channel_name_en: 'Website',
    channel_exp: 'AVM web sitesindeki üyelik formu',
    channel_exp_en: 'The membership form on the mall’s website',
    channel_ui_allowed: true,
    types: ['digital'],
  },
  {
    channel_name: 'Etkinlik Standı',
    channel_name_en: 'Event Stand',
    channel_exp: 'Hafta sonu etkinliklerinde kurulan kayıt standı',
    channel_exp_en: 'The sign-up stand set up at weekend events',
    channel_single_participation: true,
    channel_cdp_data_entry: true,
    tags: ['etkinlik', 'hafta sonu'],
    types: ['event', 'physical'],
  },
  {
    channel_name: 'Otopark Kiosku',
    channel_name_en: 'Car Park Kiosk',
    channel_exp: 'Otopark girişindeki dokunmatik kiosk',
    channel_exp_en: 'The touch-screen kiosk at the car park entrance',
    channel_ui_allowed: true,
    channel_cdp_receipt_entry: true,
    tags: ['otopark'],
    types: ['physical'],
  },
];

/**
 * The demo malls' registration channels and their types (first start with DEMO_DATA); answers each
 * mall's channel ids in the order above, for its demo customers.
 */
export const seedDemoChannels = async (db: Database, locationIds: readonly string[]) => {
  const channelIds = new Map<string, string[]>();
  for (const location_id of locationIds) {
    const ids: string[] = [];
    channelIds.set(location_id, ids);
    const typeIds = new Map<TypeKey, string>();
    for (const { key, ...type } of demoTypes) {
      const [row] = await db
        .insert(channelTypes)
        .values({ ...type, channel_type_name_key: nameKey(type.channel_type_name), location_id })
        .returning();
      typeIds.set(key, row!._id);
    }
    for (const { types, ...values } of demoChannels) {
      const [row] = await db
        .insert(channels)
        .values({ ...values, ...channelNameKeys(values), location_id })
        .returning();
      ids.push(row!._id);
      await db.insert(channelChannelTypes).values(
        types.map((key, position) => ({
          channel_id: row!._id,
          channel_type_id: typeIds.get(key)!,
          position,
        })),
      );
    }
  }
  return channelIds;
};
