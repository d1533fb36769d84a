import type { MessageState, NotificationState, SegmentFilter } from '@avlu/contracts';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { FILES_PATH } from '../../platform/files/file-names';
import type { Files } from '../../platform/files/files';
import { campaignBanner } from '../campaigns/campaign-banners';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { notificationMessages, notifications } from './marketing.tables';
import { mallPosts, mobilePages } from './marketing-directory.tables';

const DAY = 86_400_000;
type Insert = typeof notifications.$inferInsert;

const demoPages = [
  { title: 'Ana sayfa', name: 'Home', type: 'main' },
  { title: 'Kampanyalar', name: 'Campaigns', type: 'main' },
  { title: 'Kampanya detayı', name: 'CampaignDetail', type: 'detail' },
  { title: 'Etkinlik detayı', name: 'EventDetail', type: 'detail' },
] as const;

const demoPosts = [
  {
    kind: 'event',
    title: 'Çocuk Tiyatrosu: Pinokyo',
    days: [3, 3],
    art: 'survey',
    description: 'Cumartesi 14.00’te çocuk tiyatrosu, giriş ücretsiz.',
  },
  {
    kind: 'event',
    title: 'Yılbaşı Konseri',
    days: [20, 20],
    art: 'birthday',
    description: 'Orta avluda canlı müzikle yeni yıla merhaba.',
  },
  {
    kind: 'event',
    title: 'Hafta Sonu Atölyeleri',
    days: [-2, 25],
    art: 'scratch_card',
    description: 'Seramik, resim ve origami atölyeleri her hafta sonu.',
  },
  {
    kind: 'promotion',
    title: 'Kış İndirimleri',
    days: [-5, 30],
    art: 'coupon',
    description: 'Katılımcı mağazalarda %50’ye varan indirim.',
  },
  {
    kind: 'promotion',
    title: 'Otopark 2 Saat Ücretsiz',
    days: [0, 60],
    art: 'parking',
    description: '250 TL ve üzeri alışverişe 2 saat ücretsiz otopark.',
  },
  {
    kind: 'promotion',
    title: 'Yeni Mağaza Açılışı',
    days: [7, 21],
    art: 'basic',
    description: 'Açılışa özel ilk 100 müşteriye hediye.',
  },
] as const;

/**
 * The demo's marketing of one mall (first start with DEMO_DATA): mobile pages, events and promotions
 * (images drawn like the campaign banners), and a few notifications of each kind in different states;
 * the sent ones with their messages to consenting customers, mostly delivered; and the mall's İYS
 * brand code (a made-up one, 6 digits of the mall's number) in its marketing settings.
 */
export const seedDemoMarketing = async (
  db: Database,
  files: Pick<Files, 'save'>,
  locationId: string,
  now = new Date(),
) => {
  const [mall] = await db
    .update(locations)
    .set({ marketing_iys_brand_code: sql`lpad((700000 + ${locations.location_no})::text, 6, '0')` })
    .where(eq(locations._id, locationId))
    .returning({ no: locations.location_no });
  if (!mall) return;
  const save = async (png: Buffer) =>
    `${FILES_PATH}${(await files.save(db, png, { extension: 'png', visibility: 'public' })).name}`;
  const pages = await db
    .insert(mobilePages)
    .values(
      demoPages.map((page) => ({
        location_id: locationId,
        mobile_page_title: page.title,
        mobile_page_title_key: nameKey(page.title),
        mobile_page_name: page.name,
        mobile_page_name_key: nameKey(page.name),
        mobile_page_type: page.type,
      })),
    )
    .returning({ _id: mobilePages._id, name: mobilePages.mobile_page_name });
  const pageId = (name: string) => pages.find((page) => page.name === name)!._id;

  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const posts: { _id: string; kind: string }[] = [];
  for (const [index, post] of demoPosts.entries()) {
    const [row] = await db
      .insert(mallPosts)
      .values({
        location_id: locationId,
        post_kind: post.kind,
        post_title: post.title,
        post_title_key: nameKey(post.title),
        post_description: post.description,
        post_start_date: day(post.days[0]),
        post_end_date: day(post.days[1]),
        post_image: await save(await campaignBanner(post.art, index + 7)),
        post_link: 'https://avlu.example.com/etkinlikler',
      })
      .returning({ _id: mallPosts._id, kind: mallPosts.post_kind });
    posts.push(row!);
  }
  const eventIds = posts.filter((post) => post.kind === 'event').map((post) => post._id);
  const promotionIds = posts.filter((post) => post.kind === 'promotion').map((post) => post._id);

  const at = (days: number, hour = 10) => {
    const date = new Date(now.getTime() + days * DAY);
    date.setUTCHours(hour - 3, 0, 0, 0);
    return date;
  };
  const women: SegmentFilter = [{ field: 'gender', in: ['female'] }];
  const young: SegmentFilter = [{ field: 'age', min: 18, max: 35 }];
  const state = (notification_state: NotificationState, scheduled?: Date): Partial<Insert> => ({
    notification_state,
    notification_scheduled_for: scheduled ?? null,
  });
  const sent = (days: number): Partial<Insert> => ({
    notification_state: 'sent',
    notification_send_requested_at: at(days, 10),
    notification_send_started_at: at(days, 10),
    notification_send_finished_at: at(days, 11),
    notification_recipients_written_at: at(days, 10),
    notification_report_fetched_at: at(days, 12),
  });
  const demos: { kind: 'push' | 'sms' | 'email'; values: Partial<Insert>; consent?: SQL }[] = [
    {
      kind: 'sms',
      values: {
        ...state('created'),
        notification_filters: women,
        sms_notification_title: 'Kış indirimleri',
        sms_notification_text:
          'Kış indirimleri başladı! Katılımcı mağazalarda %50’ye varan indirimler sizi bekliyor. SMS almak istemiyorsanız RET yazıp 3542’ye gönderin.',
      },
    },
    {
      kind: 'sms',
      values: {
        ...state('scheduled', at(3)),
        sms_notification_title: 'Yılbaşı konseri',
        sms_notification_text: 'Yılbaşı konserimiz orta avluda! Canlı müzikle yeni yıla birlikte girelim.',
      },
    },
    {
      kind: 'sms',
      values: {
        ...state('waiting_for_approval'),
        sms_notification_title: 'Otopark kampanyası',
        sms_notification_text:
          '250 TL ve üzeri alışverişinize 2 saat ücretsiz otopark. Fişinizi danışmaya gösterin.',
        notification_send_requested_at: at(0, 9),
      },
    },
    {
      kind: 'sms',
      values: {
        ...sent(-14),
        notification_filters: young,
        sms_notification_title: 'Hafta sonu atölyeleri',
        sms_notification_text: 'Bu hafta sonu seramik ve resim atölyelerimize bekliyoruz. Katılım ücretsiz.',
      },
      consent: eq(customers.customer_sms_permission, true),
    },
    {
      kind: 'sms',
      values: {
        ...state('error'),
        sms_notification_title: 'Bayram kutlaması',
        sms_notification_text: 'Bayramınız kutlu olsun! Bayram boyunca AVM’miz 10.00–22.00 arası açık.',
        notification_send_started_at: at(-30, 10),
        notification_error: 'SMS hesabı tanımlı değil',
      },
    },
    {
      kind: 'push',
      values: {
        ...state('created'),
        push_notification_type: 'BROADCAST',
        push_notification_text_tr: 'Yeni kampanyalar yayında, hemen göz atın!',
        push_notification_text_en: 'New campaigns are live, have a look!',
        push_notification_mobile_page_id: pageId('Campaigns'),
      },
    },
    {
      kind: 'push',
      values: {
        ...state('scheduled', at(5, 12)),
        notification_filters: young,
        push_notification_type: 'FILTER',
        push_notification_text_tr: 'Hafta sonu atölyelerinde yerinizi ayırtın.',
        push_notification_text_en: 'Book your place at the weekend workshops.',
        push_notification_mobile_page_id: pageId('EventDetail'),
        push_notification_redirect_page_value: eventIds[2] ?? null,
      },
    },
    {
      kind: 'push',
      values: {
        ...sent(-7),
        push_notification_type: 'BROADCAST',
        push_notification_text_tr: 'Kış indirimleri başladı!',
        push_notification_text_en: 'The winter sale has started!',
        push_notification_mobile_page_id: pageId('Home'),
      },
    },
    {
      kind: 'email',
      values: {
        ...state('created'),
        email_notification_subject: 'Aralık ayında AVM’mizde neler var?',
        email_notification_preview_text: 'Etkinlikler ve kampanyalar bir arada',
        email_notification_showing_logo: true,
        email_notification_content_type: 'HTML',
        html_content:
          '<h1>Aralık ayı</h1><p>Konserler, atölyeler ve indirimler bu ay AVM’mizde. Sizi bekliyoruz!</p>',
      },
    },
    {
      kind: 'email',
      values: {
        ...state('scheduled', at(2, 9)),
        notification_filters: women,
        email_notification_subject: 'Haftanın bülteni',
        email_notification_preview_text: 'Bu hafta kaçırmamanız gerekenler',
        email_notification_showing_logo: true,
        email_notification_content_type: 'NEWSLETTER',
        newsletter_content_image: await save(await campaignBanner('receipt', 13)),
        newsletter_content_title: 'Bu hafta AVM’de',
        newsletter_content_link: 'https://avlu.example.com/bulten',
        newsletter_content_description: 'Etkinliklerimiz ve kampanyalarımız bu bültende.',
        newsletter_content_events: eventIds,
        newsletter_content_promotions: promotionIds,
      },
    },
    {
      kind: 'email',
      values: {
        ...sent(-21),
        email_notification_subject: 'Yeni mağazamız açıldı',
        email_notification_preview_text: 'Açılışa özel hediyeler',
        email_notification_showing_logo: false,
        email_notification_content_type: 'SINGLE',
        single_content_image: await save(await campaignBanner('basic', 14)),
        single_content_link: 'https://avlu.example.com/yeni-magaza',
      },
      consent: and(eq(customers.customer_email_permission, true)),
    },
  ];
  for (const demo of demos) {
    const [row] = await db
      .insert(notifications)
      .values({ ...demo.values, location_id: locationId, notification_kind: demo.kind })
      .returning({
        _id: notifications._id,
        state: notifications.notification_state,
        sentAt: notifications.notification_send_started_at,
      });
    if (row!.state === 'sent')
      await seedMessages(db, locationId, row!._id, row!.sentAt!, demo.kind, demo.consent);
  }
};

/** Messages of a sent demo notification to some of the mall's consenting customers: mostly delivered, a few failed. */
const seedMessages = async (
  db: Database,
  locationId: string,
  notificationId: string,
  sentAt: Date,
  kind: 'push' | 'sms' | 'email',
  consent: SQL | undefined,
) => {
  const recipients = await db
    .select({ _id: customers._id })
    .from(customers)
    .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt), consent))
    .orderBy(asc(customers._id))
    .limit(kind === 'push' ? 60 : 150);
  const stateOf = (index: number): MessageState =>
    index % 23 === 5
      ? 'failed'
      : index % 17 === 3
        ? 'skipped'
        : kind === 'push' || index % 9 === 4
          ? 'sent'
          : 'delivered';
  const rows = recipients.map((customer, index) => {
    const state = stateOf(index);
    return {
      location_id: locationId,
      notification_id: notificationId,
      customer_id: customer._id,
      message_state: state,
      message_is_commercial: true,
      message_batch: Math.floor(index / 50) + 1,
      message_attempts: state === 'skipped' ? 0 : 1,
      message_provider_job_id:
        kind === 'sms' && state !== 'skipped' ? `demo-${Math.floor(index / 50) + 1}` : null,
      message_parts: kind === 'sms' && state !== 'skipped' ? 1 : null,
      message_error_code: state === 'failed' ? (kind === 'sms' ? 'UNREACHABLE' : 'REJECTED') : null,
      message_error: state === 'failed' ? 'Alıcıya ulaşılamadı' : null,
      message_sent_at: state === 'skipped' ? null : new Date(sentAt.getTime() + index * 1000),
      message_delivered_at: state === 'delivered' ? new Date(sentAt.getTime() + index * 1000 + 60_000) : null,
    };
  });
  if (rows.length > 0) await db.insert(notificationMessages).values(rows);
  const count = (...states: MessageState[]) =>
    rows.filter((row) => states.includes(row.message_state)).length;
  await db
    .update(notifications)
    .set({
      notification_recipient_count: rows.length,
      notification_sent_count: count('sent', 'delivered'),
      notification_delivered_count: count('delivered'),
      notification_failed_count: count('failed'),
      notification_skipped_count: count('skipped'),
      notification_parts_count: rows.reduce((sum, row) => sum + (row.message_parts ?? 0), 0),
    })
    .where(eq(notifications._id, notificationId));
};
