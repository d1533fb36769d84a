import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { customers } from '../customers/customers.tables';
import { feedbackReplies, feedbacks, feedbackTypes } from './feedbacks.tables';

const demoTypes = [
  ['Şikâyet', 'Complaint', true],
  ['Öneri', 'Suggestion', true],
  ['Teşekkür', 'Thanks', true],
  ['Kayıp Eşya', 'Lost property', true],
  ['Eski Kampanya Görüşleri', 'Old campaign feedback', false],
] as const;

type DemoFeedback = {
  type: number;
  title: string;
  text: string;
  /** A demo customer's details (by index), or anonymous. */
  from: number | 'anonymous';
  status: 'new' | 'viewed' | 'informed';
  reply?: { channel: 'sms' | 'mail'; title: string; text: string };
  daysAgo: number;
};

const demoFeedbacks: readonly DemoFeedback[] = [
  {
    type: 0,
    title: 'Otopark çok kalabalık',
    text: 'Hafta sonu akşamları B2 katında yer bulmak neredeyse imkânsız. Yönlendirme tabelaları da yetersiz.',
    from: 0,
    status: 'informed',
    daysAgo: 9,
    reply: {
      channel: 'mail',
      title: 'Otopark hakkında',
      text: 'Merhaba,\n\nHafta sonları B3 katını da açtık ve doluluk tabelalarını yeniledik. İlginiz için teşekkür ederiz.',
    },
  },
  {
    type: 1,
    title: 'Çocuk oyun alanı',
    text: 'Oyun alanı küçük çocuklar için harika ama 6 yaş üstü için de bir bölüm olsa çok iyi olur.',
    from: 1,
    status: 'viewed',
    daysAgo: 6,
  },
  {
    type: 2,
    title: 'Güvenlik görevlisine teşekkürler',
    text: 'Kaybolan oğlumu beş dakikada bulan güvenlik ekibinize çok teşekkür ederim.',
    from: 2,
    status: 'informed',
    daysAgo: 12,
    reply: {
      channel: 'sms',
      title: 'Teşekkürümüz',
      text: 'Güzel sözleriniz için teşekkür ederiz; ekibimize ilettik. Sağlıklı günler dileriz.',
    },
  },
  {
    type: 3,
    title: 'Siyah cüzdan kayboldu',
    text: 'Cumartesi öğleden sonra yemek katında siyah deri bir cüzdan kaybettim. İçinde kimliğim var.',
    from: 3,
    status: 'new',
    daysAgo: 1,
  },
  {
    type: 0,
    title: 'Tuvaletlerin temizliği',
    text: 'İkinci kattaki tuvaletler akşam saatlerinde yeterince temiz değil.',
    from: 'anonymous',
    status: 'new',
    daysAgo: 2,
  },
  {
    type: 1,
    title: 'Daha fazla şarj istasyonu',
    text: 'Elektrikli araçlar için otoparkta daha fazla şarj istasyonu olmalı.',
    from: 4,
    status: 'new',
    daysAgo: 3,
  },
  {
    type: 0,
    title: 'Müzik sesi yüksek',
    text: 'Orta alandaki müzik sesi konuşmayı zorlaştıracak kadar yüksek.',
    from: 'anonymous',
    status: 'viewed',
    daysAgo: 4,
  },
  {
    type: 2,
    title: 'Bebek arabası hizmeti',
    text: 'Ödünç bebek arabası hizmeti çok işimize yaradı, teşekkürler.',
    from: 5,
    status: 'viewed',
    daysAgo: 5,
  },
];

/** The mall's feedback types (one closed) and feedback in every status, named and anonymous, with answers sent. */
export const seedDemoFeedbacks = async (db: Database, locationId: string, now = new Date()) => {
  const types = await db
    .insert(feedbackTypes)
    .values(
      demoTypes.map(([name, nameEn, active]) => ({
        location_id: locationId,
        feedback_type_name: name,
        feedback_type_name_key: nameKey(name),
        feedback_type_name_en: nameEn,
        feedback_type_name_en_key: nameKey(nameEn),
        feedback_type_is_active: active,
      })),
    )
    .returning({ _id: feedbackTypes._id });
  const people = await db
    .select({
      _id: customers._id,
      name: customers.customer_name,
      surname: customers.customer_surname,
      gender: customers.customer_gender,
      email: customers.customer_email,
      phone: customers.customer_phone,
    })
    .from(customers)
    .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt)))
    .orderBy(asc(customers._id))
    .limit(6);
  for (const demo of demoFeedbacks) {
    const person = demo.from === 'anonymous' ? undefined : people[demo.from];
    const created = new Date(now.getTime() - demo.daysAgo * 86_400_000);
    const [row] = await db
      .insert(feedbacks)
      .values({
        location_id: locationId,
        feedback_title: demo.title,
        feedback_anonymous: !person,
        feedback_name: person?.name ?? null,
        feedback_surname: person?.surname ?? null,
        feedback_gender: person?.gender ?? null,
        feedback_email: person
          ? (person.email ?? `${nameKey(person.name ?? 'musteri').replace(/[^a-z]/g, '')}@example.com`)
          : null,
        feedback_phone_number: person?.phone ?? null,
        feedback_type: types[demo.type]!._id,
        feedback_text: demo.text,
        feedback_status: demo.status,
        feedback_source: person && demo.from !== 0 ? 'micro_site' : 'back_office',
        customer_id: person && demo.from !== 0 ? person._id : null,
        created_at: created,
        updated_at: created,
      })
      .returning({
        _id: feedbacks._id,
        phone: feedbacks.feedback_phone_number,
        email: feedbacks.feedback_email,
      });
    if (demo.reply)
      await db.insert(feedbackReplies).values({
        feedback_id: row!._id,
        feedback_reply_channel: demo.reply.channel,
        feedback_reply_title: demo.reply.title,
        feedback_reply_text: demo.reply.text,
        feedback_reply_to: (demo.reply.channel === 'sms' ? row!.phone : row!.email) ?? '',
        sent_at: new Date(created.getTime() + 86_400_000),
      });
  }
};
