import { consentTypes } from '@avlu/contracts';
import type { Database } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { customerConsentEvents, customers } from './customers.tables';
import { emailHosts, femaleNames, maleNames, mobilePrefixes, surnames } from './turkish-people';

/** Per demo mall; enough to page, filter and segment with believable numbers. */
export const DEMO_CUSTOMERS_PER_MALL = 2000;
const BATCH = 500;

/** Provinces with a few of their districts; most customers live near the mall. */
const places: Record<string, string[]> = {
  İstanbul: ['Kadıköy', 'Beşiktaş', 'Üsküdar', 'Şişli', 'Bakırköy', 'Ataşehir', 'Sarıyer'],
  İzmir: ['Konak', 'Karşıyaka', 'Bornova', 'Buca', 'Çiğli'],
  Ankara: ['Çankaya', 'Keçiören', 'Yenimahalle'],
  Bursa: ['Nilüfer', 'Osmangazi'],
  Antalya: ['Muratpaşa', 'Konyaaltı'],
};
const localities = [
  'Cumhuriyet Mah.',
  'Atatürk Mah.',
  'Fatih Mah.',
  'Yenidoğan Mah.',
  'Gültepe Mah.',
  'Bahçelievler Mah.',
];
const frequencies = ['first_visit', 'several_per_year', 'once_a_month', 'once_a_week'] as const;

/** mulberry32: a small deterministic generator, so every demo database holds the same customers. */
const seededRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const ascii = (text: string) =>
  text
    .replace(/[İIı]/g, 'i')
    .replace(/[Şş]/g, 's')
    .replace(/[Ğğ]/g, 'g')
    .replace(/[Üü]/g, 'u')
    .replace(/[Öö]/g, 'o')
    .replace(/[Çç]/g, 'c')
    .toLowerCase();

/**
 * How the demo customers registered, by the mall's demo channels in their order (desk, app, website,
 * event stand, car park kiosk); the rest signed up on the micro-site, which has no channel.
 */
const channelShares = [0.35, 0.25, 0.15, 0.1, 0.05];

/**
 * Demo customers for one mall, inserted in batches with their consents and an 'import' history row
 * for each granted consent, registered through the mall's `channelIds` (seedDemoChannels) in the
 * shares above. Deterministic per `seed`; numbers are unique within the mall.
 */
export const seedDemoCustomers = async (
  db: Database,
  locationId: string,
  seed: number,
  channelIds: readonly string[] = [],
  count = DEMO_CUSTOMERS_PER_MALL,
) => {
  const random = seededRandom(seed);
  // A stream of its own, so the customers are the same with or without channels.
  const channelRandom = seededRandom(seed * 7919 + 1);
  const channelOf = () => {
    let roll = channelRandom();
    for (const [index, share] of channelShares.entries()) {
      if (roll < share) return channelIds[index] ?? null;
      roll -= share;
    }
    return null;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // The first demo mall is in İstanbul, the second in İzmir.
  const home = seed % 2 === 1 ? 'İstanbul' : 'İzmir';
  const phones = new Set<string>();
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const rows: (typeof customers.$inferInsert)[] = [];
    const events: (typeof customerConsentEvents.$inferInsert)[] = [];
    for (let index = start; index < Math.min(count, start + BATCH); index++) {
      const gender = random() < 0.48 ? 'female' : random() < 0.93 ? 'male' : 'unknown';
      const name = pick(
        gender === 'female' ? femaleNames : gender === 'male' ? maleNames : [...femaleNames, ...maleNames],
      );
      const surname = pick(surnames);
      let phone: string;
      do phone = `+90${pick(mobilePrefixes)}${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`;
      while (phones.has(phone));
      phones.add(phone);
      const province = random() < 0.75 ? home : pick(Object.keys(places));
      const year = 1950 + Math.floor(random() * 57);
      const birthdate = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const children = random() < 0.45 ? 0 : 1 + Math.floor(random() * 3);
      // Registered over the last two years; consents granted on the day of registration.
      const createdAt = new Date(now - Math.floor(random() * 730 * 86_400_000));
      const _id = newId(createdAt.getTime());
      const consents = Object.fromEntries(
        consentTypes.map((type) => [type, type === 'kvkk' ? random() < 0.97 : random() < 0.6]),
      ) as Record<(typeof consentTypes)[number], boolean>;
      for (const type of consentTypes)
        if (consents[type])
          events.push({ customer_id: _id, channel: type, granted: true, at: createdAt, source: 'import' });
      const dateOf = (granted: boolean) => (granted ? createdAt : null);
      rows.push({
        _id,
        location_id: locationId,
        channel_id: channelOf(),
        customer_phone: phone,
        customer_name: name,
        customer_surname: surname,
        customer_email:
          random() < 0.7 ? `${ascii(name)}.${ascii(surname)}${index}@${pick(emailHosts)}` : null,
        customer_gender: gender,
        customer_birthdate: birthdate,
        customer_province: province,
        customer_district: pick(places[province]!),
        customer_locality: pick(localities),
        customer_number_of_children: children,
        customer_is_parent: children > 0,
        customer_frequency: pick(frequencies),
        customer_vehicle_plate:
          random() < 0.35
            ? `${province === 'İzmir' ? '35' : '34'}${String.fromCharCode(65 + Math.floor(random() * 26))}${String.fromCharCode(65 + Math.floor(random() * 26))}${100 + Math.floor(random() * 900)}`
            : null,
        customer_sms_permission: consents.sms,
        customer_sms_permission_date: dateOf(consents.sms),
        customer_email_permission: consents.email,
        customer_email_permission_date: dateOf(consents.email),
        customer_call_permission: consents.call,
        customer_call_permission_date: dateOf(consents.call),
        customer_kvkk_permission: consents.kvkk,
        customer_kvkk_permission_date: dateOf(consents.kvkk),
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    await db.insert(customers).values(rows);
    await db.insert(customerConsentEvents).values(events);
  }
};
