import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { qrCodeScans, qrCodes } from './qr-codes.tables';

const DAY = 86_400_000;

type DemoCode = Pick<
  typeof qrCodes.$inferInsert,
  'qr_code_title' | 'qr_code_type' | 'qr_code_generation' | 'qr_code_content'
> & { campaign: number; dailyScans: number };

const demoCodes: DemoCode[] = [
  {
    qr_code_title: 'Giriş-Kapısı-Afişi',
    qr_code_type: 'campaign_detail',
    qr_code_generation: 'automatic',
    campaign: 0,
    dailyScans: 24,
  },
  {
    qr_code_title: 'Otopark-Asansörü',
    qr_code_type: 'join_campaign',
    qr_code_generation: 'automatic',
    campaign: 1,
    dailyScans: 11,
  },
  {
    qr_code_title: 'Yemek-Katı-Masa-Kartı',
    qr_code_type: 'campaign_detail',
    qr_code_generation: 'automatic',
    campaign: 2,
    dailyScans: 6,
  },
  {
    qr_code_title: 'Mağaza-Rehberi-Broşürü',
    qr_code_type: 'campaign_detail',
    qr_code_generation: 'manual',
    qr_code_content: 'https://avm.example.com/magaza-rehberi',
    campaign: 0,
    dailyScans: 0,
  },
];

const platforms = ['android', 'android', 'android', 'ios', 'ios', 'desktop'] as const;
const languages = ['tr-tr', 'tr-tr', 'tr-tr', 'tr', 'en-us', null] as const;

/**
 * The demo mall's QR codes on its campaigns (posters, lift stickers, table cards, a brochure's
 * manual code) and 30 days of scans of the automatic ones, more at weekends, with the counts the
 * list shows. `campaignIds`: the demo campaigns, in their seeding order.
 */
export const seedDemoQrCodes = async (
  db: Database,
  locationId: string,
  campaignIds: string[],
  now = new Date(),
) => {
  for (const demo of demoCodes) {
    const campaignId = campaignIds[demo.campaign % campaignIds.length];
    if (!campaignId) return;
    const scans: (typeof qrCodeScans.$inferInsert)[] = [];
    const [code] = await db
      .insert(qrCodes)
      .values({
        location_id: locationId,
        qr_code_title: demo.qr_code_title,
        qr_code_type: demo.qr_code_type,
        qr_code_generation: demo.qr_code_generation,
        qr_code_content: demo.qr_code_content ?? null,
        qr_code_campaign_id: campaignId,
        created_at: new Date(now.getTime() - 31 * DAY),
      })
      .returning({ _id: qrCodes._id });
    for (let day = 30; day >= 1; day--) {
      const date = new Date(now.getTime() - day * DAY);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      const count = Math.round(demo.dailyScans * (weekend ? 1.6 : 1) * (0.7 + ((day * 7) % 10) / 16));
      for (let index = 0; index < count; index++)
        scans.push({
          qr_code_id: code!._id,
          // Between 10:00 and 22:00, the mall's opening hours (UTC+3).
          scan_at: new Date(
            date.getTime() -
              (date.getTime() % DAY) +
              (7 + ((index * 5 + day) % 12)) * 3_600_000 +
              index * 61_000,
          ),
          scan_platform: platforms[(index + day) % platforms.length]!,
          scan_language: languages[(index * 3 + day) % languages.length]!,
        });
    }
    for (let start = 0; start < scans.length; start += 1000)
      await db.insert(qrCodeScans).values(scans.slice(start, start + 1000));
    if (scans.length)
      await db.update(qrCodes).set({ qr_code_scan_count: scans.length }).where(eq(qrCodes._id, code!._id));
  }
};
