import type { CampaignStatus, CampaignType, CampaignValues } from '@avlu/contracts';
import { campaignFieldsFor, campaignListFields, campaignTypeFieldNames } from '@avlu/contracts';
import type { Database } from '../../platform/db/database';
import { FILES_PATH } from '../../platform/files/file-names';
import type { Files } from '../../platform/files/files';
import { campaignBanner } from './campaign-banners';
import { campaignColumns } from './campaigns.service';
import { campaigns } from './campaigns.tables';
import { seedDemoGames } from './games.demo';

const DAY_MS = 86_400_000;

type DemoCampaign = {
  type: CampaignType;
  status: CampaignStatus;
  /** Days from today (10:00 UTC, 13:00 in İstanbul) to the start, end and archive. */
  days: [start: number, end: number, archive: number];
  name: [tr: string, en: string];
  description: [tr: string, en: string];
  /** The type's own fields; those left out take the type's default or stay empty. */
  fields?: Partial<CampaignValues>;
  /** Limited to the mall's information desk (its first demo channel). */
  deskOnly?: boolean;
  /** Also needs the mall's stores / coupon providers (given when their demo data exists). */
  stores?: boolean;
  providers?: boolean;
  scratchImages?: number;
};

/**
 * The demo malls' campaigns: one or more of each of the 13 types, most running, two to be published,
 * one published and starting in a few days, two archived. Types that need records of modules still to
 * come (stores, coupon providers, a survey) get them when those modules seed theirs.
 */
const demoCampaigns: DemoCampaign[] = [
  {
    type: 'basic',
    status: 'published',
    days: [-7, 30, 37],
    name: ['Yaz Festivali Başlıyor', 'The Summer Festival Begins'],
    description: [
      'Hafta sonu boyunca avlumuzda canlı müzik, çocuk atölyeleri ve sokak lezzetleri sizi bekliyor. Giriş ücretsiz!',
      'Live music, children’s workshops and street food all weekend long in our courtyard. Free entry!',
    ],
  },
  {
    type: 'code',
    status: 'published',
    days: [-3, 25, 32],
    name: ['Sahil Kahvecisi’nde İkinci Kahve Bizden', 'Second Coffee on Us at Sahil Kahvecisi'],
    description: [
      'Aldığınız her kahvenin yanında ikincisi hediye. Kodunuzu kasada gösterin, ikinci kahveniz hazır.',
      'With every coffee you buy, the second is free. Show your code at the till and your second coffee is ready.',
    ],
    fields: { campaign_budget: 2000 },
    providers: true,
  },
  {
    type: 'coupon',
    status: 'published',
    days: [-10, 20, 27],
    name: ['Okula Dönüş: Kırtasiyede %20 İndirim', 'Back to School: 20% Off Stationery'],
    description: [
      'Defterden sırt çantasına tüm okul alışverişinizde %20 indirim kuponu. Her müşteri bir kez yararlanabilir.',
      'A 20% discount coupon on all your school shopping, from notebooks to backpacks. Once per customer.',
    ],
    fields: { campaign_budget: 500 },
    deskOnly: true,
    stores: true,
  },
  {
    type: 'over_limit_coupon',
    status: 'published',
    days: [-14, 40, 47],
    name: ['1.000 TL Alışverişe 100 TL Hediye Kupon', 'A ₺100 Gift Coupon for ₺1,000 of Shopping'],
    description: [
      'Aynı gün içindeki fişleriniz 1.000 TL’yi geçtiğinde bir damga kazanırsınız; üç damga dolduğunda 100 TL’lik hediye kuponunuz hesabınıza tanımlanır.',
      'When your receipts of one day pass ₺1,000 you earn a stamp; three stamps add a ₺100 gift coupon to your account.',
    ],
    fields: {
      campaign_spending_limit: 1000,
      campaign_spending_limit_type: 'day_based',
      campaign_stamp_count: 3,
      campaign_budget: 300,
    },
    stores: true,
  },
  {
    type: 'session_coupon',
    status: 'published',
    days: [3, 33, 40],
    name: ['Hafta Sonu Sinema Kuponu', 'Weekend Cinema Coupon'],
    description: [
      'Sinema biletinizde geçerli 2 al 1 öde kuponu. Kupon alındıktan sonra 7 gün geçerlidir.',
      'A buy-two-pay-for-one coupon for cinema tickets, valid for 7 days after you get it.',
    ],
    fields: { campaign_session_day_count: 7, campaign_budget: 400 },
    stores: true,
  },
  {
    type: 'third_party',
    status: 'published',
    days: [-14, 45, 52],
    name: ['Yolcu Kart Üyelerine Ücretsiz Müze Girişi', 'Free Museum Entry for Yolcu Kart Members'],
    description: [
      'İş ortağımız Yolcu Kart ile kent müzesine ücretsiz giriş kodu. Kodlar iş ortağımızın sisteminden gelir.',
      'A free entry code for the city museum with our partner Yolcu Kart. The codes come from our partner’s system.',
    ],
    fields: { campaign_third_party_id: 'YK-2026-114' },
    providers: true,
  },
  {
    type: 'scratch_card',
    status: 'published',
    days: [-2, 28, 35],
    name: ['Kazı Kazan, Anında Kazan', 'Scratch and Win Instantly'],
    description: [
      'Üç alanı kazıyın, aynı hediyeden üç tane çıkarsa anında kazanın. Her gün bir kart hakkınız var.',
      'Scratch three areas; three of the same gift and you win on the spot. One card a day.',
    ],
    fields: { campaign_win_rate: 20, campaign_scratch_area_count: 3, campaign_participation: 'once_a_day' },
    scratchImages: 2,
  },
  {
    type: 'wheel_of_fortune',
    status: 'published',
    days: [-1, 14, 21],
    name: ['Çarkı Çevir, Hediyeni Al', 'Spin the Wheel, Take Your Gift'],
    description: [
      'Danışma masasındaki çarkı çevirin; indirim kuponlarından sinema biletine sürpriz hediyeler sizi bekliyor.',
      'Spin the wheel at the information desk: surprise gifts from discount coupons to cinema tickets await you.',
    ],
    fields: { campaign_win_rate: 35, campaign_participation: 'once_a_day' },
    deskOnly: true,
  },
  {
    // Its survey is chosen when the surveys module has the mall's surveys: still being prepared.
    type: 'survey',
    status: 'to_be_published',
    days: [5, 35, 42],
    name: ['Fikriniz Bizim İçin Değerli', 'Your Opinion Matters to Us'],
    description: [
      'Kısa memnuniyet anketimizi yanıtlayın, yemek katında geçerli 50 TL’lik indirim kodunuzu hemen alın.',
      'Answer our short satisfaction survey and get a ₺50 discount code for the food court right away.',
    ],
  },
  {
    type: 'birthday',
    status: 'published',
    days: [-30, 335, 342],
    name: ['Doğum Günün Kutlu Olsun', 'Happy Birthday'],
    description: [
      'Doğum gününüzün olduğu ay boyunca geçerli sürpriz hediye kodunuz sizi bekliyor. İyi ki doğdunuz!',
      'A surprise gift code valid all through your birthday month is waiting for you. Happy birthday!',
    ],
  },
  {
    type: 'parking',
    status: 'published',
    days: [-20, 60, 67],
    name: ['Akşam Otoparkı Ücretsiz', 'Free Evening Parking'],
    description: [
      'Saat 18.00’den sonra yapacağınız alışverişlerde otopark bizden. Kodunuzu çıkış bariyerinde okutun.',
      'Parking is on us when you shop after 6 pm. Scan your code at the exit barrier.',
    ],
    fields: { campaign_participation: 'once_a_day' },
  },
  {
    type: 'regular_code',
    status: 'published',
    days: [-4, 10, 17],
    name: ['YAZ25 Koduyla Sepette %25', '25% Off at the Till with YAZ25'],
    description: [
      'Katılımcı mağazalarda kasada YAZ25 kodunu söyleyin, seçili ürünlerde %25 indirimden yararlanın.',
      'Say the code YAZ25 at the till of participating stores for 25% off selected items.',
    ],
    fields: { campaign_regular_code: 'YAZ25', campaign_participation: 'unlimited' },
  },
  {
    type: 'receipt',
    status: 'published',
    days: [-15, 75, 82],
    name: ['Fişini Yükle, Puanları Topla', 'Upload Your Receipt, Collect Points'],
    description: [
      '250 TL ve üzeri her fişinizi yükleyin, harcadığınız her lira için 1,5 puan kazanın. Puanlarınızı hediyelere dönüştürün.',
      'Upload every receipt of ₺250 or more and earn 1.5 points for every lira spent. Turn your points into gifts.',
    ],
    fields: {
      campaign_spending_limit: 250,
      campaign_point_multiplier: 1.5,
      campaign_daily_participation_limit: 5,
    },
  },
  {
    type: 'basic',
    status: 'to_be_published',
    days: [20, 50, 57],
    name: ['Yeni Yıl Işık Şöleni', 'New Year Festival of Lights'],
    description: [
      'Avlumuz yeni yıla binlerce ışıkla hazırlanıyor. Açılış gecesinde fotoğraf köşemizde anılarınızı ölümsüzleştirin.',
      'Our courtyard is getting ready for the new year with thousands of lights. Capture the opening night at our photo corner.',
    ],
  },
  {
    type: 'basic',
    status: 'archived',
    days: [-90, -45, -40],
    name: ['Kış İndirimleri', 'Winter Sales'],
    description: [
      'Tüm mağazalarda sezon sonu indirimleri. Kampanya sona erdi; ilginiz için teşekkür ederiz.',
      'End-of-season sales in every store. The campaign is over; thank you for your interest.',
    ],
  },
  {
    type: 'coupon',
    status: 'archived',
    days: [-60, -30, -25],
    name: ['Sevgililer Günü Kuponu', 'Valentine’s Day Coupon'],
    description: [
      'Takı ve çiçek mağazalarında geçerli %15 indirim kuponu. Kampanya sona erdi.',
      'A 15% discount coupon at jewellery and flower shops. The campaign is over.',
    ],
    stores: true,
  },
];

/** Young adults, parents and drivers: the segments of the demo (customers' segment language). */
const segments: Partial<Record<string, CampaignValues['campaign_segment']>> = {
  'Okula Dönüş: Kırtasiyede %20 İndirim': [{ field: 'is_parent', value: true }],
  'Akşam Otoparkı Ücretsiz': [{ field: 'has_vehicle', value: true }],
  'Hafta Sonu Sinema Kuponu': [{ field: 'age', min: 18, max: 35 }],
};

export type DemoCampaignRefs = {
  /** The mall's demo channels; the first is its information desk. */
  channelIds?: readonly string[];
  storeIds?: readonly string[];
  providerIds?: readonly string[];
};

/** The values of a demo campaign as `campaignInput` completes them: the type's defaults, unused fields empty. */
const valuesOf = (
  demo: DemoCampaign,
  images: string[],
  scratch: string[],
  refs: DemoCampaignRefs,
  today: number,
) => {
  const at = (days: number) => new Date(today + days * DAY_MS).toISOString();
  const given: Record<string, unknown> = {
    ...demo.fields,
    campaign_scratch_images: scratch,
    campaign_store_ids: demo.stores ? (refs.storeIds ?? []).slice(0, 12) : [],
    campaign_provider_ids: demo.providers ? (refs.providerIds ?? []).slice(0, 2) : [],
    campaign_channel_ids: demo.deskOnly && refs.channelIds?.[0] ? [refs.channelIds[0]] : [],
    campaign_segment: segments[demo.name[0]] ?? null,
  };
  const inUse = new Map(campaignFieldsFor(demo.type, given).map((rule) => [rule.field, rule]));
  const typeFields = Object.fromEntries(
    campaignTypeFieldNames.map((field) => {
      const rule = inUse.get(field);
      const empty = campaignListFields.has(field) ? [] : null;
      return [field, rule ? (given[field] ?? rule.default ?? empty) : empty];
    }),
  );
  return {
    campaign_name: demo.name[0],
    campaign_name_en: demo.name[1],
    campaign_description: demo.description[0],
    campaign_description_en: demo.description[1],
    campaign_type: demo.type,
    campaign_start_date: at(demo.days[0]),
    campaign_end_date: at(demo.days[1]),
    campaign_archive_date: at(demo.days[2]),
    campaign_images: images,
    campaign_is_qrcode: demo.type === 'basic' && demo.status === 'published',
    ...typeFields,
  } as CampaignValues;
};

/** Each banner is drawn once per process, however many demo malls show it. */
const drawn = new Map<string, Promise<Buffer>>();
const banner = (type: CampaignType, variant: number) => {
  const key = `${type}:${variant}`;
  let png = drawn.get(key);
  if (!png) {
    png = campaignBanner(type, variant);
    drawn.set(key, png);
  }
  return png;
};

/**
 * The demo campaigns of one mall (first start with DEMO_DATA), their banners drawn with sharp and
 * saved through the file store like an upload (public, owned by the server). Answers their ids.
 */
export const seedDemoCampaigns = async (
  db: Database,
  files: Pick<Files, 'save'>,
  locationId: string,
  refs: DemoCampaignRefs = {},
  now = new Date(),
) => {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10);
  const save = async (png: Buffer) =>
    `${FILES_PATH}${(await files.save(db, png, { extension: 'png', visibility: 'public' })).name}`;
  const ids: string[] = [];
  for (const [index, demo] of demoCampaigns.entries()) {
    const images = [await save(await banner(demo.type, index))];
    const scratch: string[] = [];
    for (let variant = 1; variant <= (demo.scratchImages ?? 0); variant++)
      scratch.push(await save(await banner(demo.type, index + variant)));
    const values = valuesOf(demo, images, scratch, refs, today);
    const [row] = await db
      .insert(campaigns)
      .values({ ...campaignColumns(values), campaign_status: demo.status, location_id: locationId })
      .returning({ _id: campaigns._id });
    ids.push(row!._id);
  }
  await seedDemoGames(db, locationId, ids, now);
  return ids;
};
