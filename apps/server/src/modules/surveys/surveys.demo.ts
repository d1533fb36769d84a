import type { SurveyQuestionType } from '@avlu/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { campaigns } from '../campaigns/campaigns.tables';
import { customers } from '../customers/customers.tables';
import { type StoredSurveyAnswer, surveyAnswers, surveyQuestions, surveys } from './surveys.tables';

type DemoQuestion = {
  text: string;
  type: SurveyQuestionType;
  /** Choices with how likely each is picked (multi: each on its own). */
  choices?: readonly (readonly [string, number])[];
  /** Star ratings from 1 to 5 with their weights. */
  stars?: readonly [number, number, number, number, number];
  /** Free texts some customers write. */
  texts?: readonly string[];
};

type DemoSurvey = {
  title: string;
  description: string;
  /** Days from today of the start and the end. */
  days: readonly [number, number];
  answers: number;
  questions: readonly DemoQuestion[];
};

const demoSurveys: readonly DemoSurvey[] = [
  {
    title: 'Ziyaretçi Memnuniyet Anketi',
    description:
      'AVM’mizdeki deneyiminizi birkaç soruda anlatın; önerileriniz bir sonraki dönemi şekillendirecek.',
    days: [-90, 60],
    answers: 260,
    questions: [
      {
        text: 'AVM’mizi ne sıklıkla ziyaret ediyorsunuz?',
        type: 'single',
        choices: [
          ['Haftada birkaç kez', 3],
          ['Haftada bir', 4],
          ['Ayda birkaç kez', 3],
          ['Daha seyrek', 1],
        ],
      },
      {
        text: 'Hangi amaçlarla geliyorsunuz?',
        type: 'multi',
        choices: [
          ['Alışveriş', 0.8],
          ['Yeme-içme', 0.6],
          ['Sinema', 0.3],
          ['Çocuk oyun alanı', 0.2],
          ['Spor salonu', 0.1],
        ],
      },
      { text: 'Temizliği nasıl puanlarsınız?', type: 'star_rating', stars: [1, 1, 3, 8, 9] },
      { text: 'Otoparktan ne kadar memnunsunuz?', type: 'star_rating', stars: [3, 4, 6, 5, 3] },
      {
        text: 'Eklemek istedikleriniz',
        type: 'free_text',
        texts: [
          'Otoparkta daha fazla engelli alanı olmalı.',
          'Hafta sonları asansörler çok kalabalık.',
          'Yemek katına daha fazla oturma alanı eklenebilir.',
          'Çalışanlar çok ilgili, teşekkürler.',
          'Bebek bakım odaları daha sık temizlenmeli.',
        ],
      },
    ],
  },
  {
    title: 'Yemek Katı Anketi',
    description: 'Yemek katımızdaki restoranlar ve oturma alanı hakkındaki görüşlerinizi öğrenmek istiyoruz.',
    days: [-30, 45],
    answers: 170,
    questions: [
      {
        text: 'En çok hangi mutfakları tercih ediyorsunuz?',
        type: 'multi',
        choices: [
          ['Türk mutfağı', 0.7],
          ['Fast food', 0.5],
          ['Uzak Doğu', 0.25],
          ['Kahve ve tatlı', 0.45],
        ],
      },
      {
        text: 'Fiyatları nasıl buluyorsunuz?',
        type: 'single',
        choices: [
          ['Uygun', 2],
          ['Makul', 5],
          ['Pahalı', 3],
        ],
      },
      { text: 'Oturma alanını nasıl puanlarsınız?', type: 'star_rating', stars: [2, 3, 5, 6, 4] },
      {
        text: 'Yemek katında görmek istediğiniz bir restoran var mı?',
        type: 'free_text',
        texts: [
          'Vejetaryen seçenekler artmalı.',
          'Bir döner restoranı olsa iyi olur.',
          'Çorba salonu açılabilir.',
        ],
      },
    ],
  },
  {
    title: 'Yılbaşı Etkinlikleri Anketi',
    description: 'Geçen yılbaşı düzenlediğimiz etkinlikleri değerlendirin.',
    days: [-330, -300],
    answers: 90,
    questions: [
      {
        text: 'Hangi etkinliğe katıldınız?',
        type: 'single',
        choices: [
          ['Yılbaşı konseri', 3],
          ['Çocuk atölyesi', 2],
          ['Noel Baba ile fotoğraf', 4],
          ['Hiçbirine', 1],
        ],
      },
      { text: 'Etkinlikleri genel olarak nasıl puanlarsınız?', type: 'star_rating', stars: [1, 1, 2, 5, 6] },
    ],
  },
];

/** A small seeded generator: the demo is the same on every first start. */
const generator = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const weighted = <T>(random: () => number, entries: readonly (readonly [T, number])[]) => {
  let left = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of entries) {
    left -= weight;
    if (left < 0) return value;
  }
  return entries[entries.length - 1]![0];
};

const DAY_MS = 86_400_000;

const answerOf = (
  random: () => number,
  question: DemoQuestion & { _id: string },
): StoredSurveyAnswer | undefined => {
  const choices = question.choices ?? [];
  switch (question.type) {
    case 'single':
      return { survey_question_id: question._id, choices: [weighted(random, choices)] };
    case 'multi': {
      const picked = choices.filter(([, chance]) => random() < chance).map(([choice]) => choice);
      return { survey_question_id: question._id, choices: picked.length ? picked : [choices[0]![0]] };
    }
    case 'star_rating':
      return {
        survey_question_id: question._id,
        stars: weighted(
          random,
          (question.stars ?? [1, 1, 1, 1, 1]).map((weight, index) => [index + 1, weight] as const),
        ),
      };
    case 'free_text':
      // About one customer in six writes something.
      return random() < 1 / 6 && question.texts?.length
        ? {
            survey_question_id: question._id,
            text: question.texts[Math.floor(random() * question.texts.length)]!,
          }
        : undefined;
  }
};

/**
 * The demo mall's surveys (first start with DEMO_DATA), after its customers and campaigns: two open
 * and one ended last winter, with Turkish questions and a few hundred answers from the mall's demo
 * customers, each answering at most once, at times within the survey's days. The survey campaign
 * offers the food court survey. `mallNo` (1, 2, …) varies the answers between the malls.
 */
export const seedDemoSurveys = async (db: Database, locationId: string, mallNo: number, now = new Date()) => {
  const random = generator(7919 * mallNo);
  const people = (
    await db
      .select({ _id: customers._id })
      .from(customers)
      .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt)))
      .orderBy(asc(customers._id))
  ).map((row) => row._id);
  const ids: string[] = [];
  for (const demo of demoSurveys) {
    const start = new Date(now.getTime() + demo.days[0] * DAY_MS);
    const end = new Date(now.getTime() + demo.days[1] * DAY_MS);
    const [row] = await db
      .insert(surveys)
      .values({
        location_id: locationId,
        survey_title: demo.title,
        survey_title_key: nameKey(demo.title),
        survey_description: demo.description,
        survey_start_at: start,
        survey_end_at: end,
      })
      .returning({ _id: surveys._id });
    const surveyId = row!._id;
    ids.push(surveyId);
    const questions = await db
      .insert(surveyQuestions)
      .values(
        demo.questions.map((question, index) => ({
          location_id: locationId,
          survey_id: surveyId,
          survey_question_text: question.text,
          survey_question_type: question.type,
          survey_question_choices: (question.choices ?? []).map(([choice]) => choice),
          survey_question_order: index + 1,
        })),
      )
      .returning({ _id: surveyQuestions._id, order: surveyQuestions.survey_question_order });
    const withIds = demo.questions.map((question, index) => ({
      ...question,
      _id: questions.find((each) => each.order === index + 1)!._id,
    }));
    // Each customer at most once: a shuffled slice of the mall's customers.
    const answering = [...people]
      .map((id) => [random(), id] as const)
      .sort((a, b) => a[0] - b[0])
      .slice(0, Math.round(demo.answers * (1 - 0.1 * (mallNo - 1))))
      .map(([, id]) => id);
    const span = Math.min(end.getTime(), now.getTime()) - start.getTime();
    const rows = answering.map((customerId) => ({
      location_id: locationId,
      survey_id: surveyId,
      customer_id: customerId,
      survey_answer_items: withIds
        .map((question) => answerOf(random, question))
        .filter((answer): answer is StoredSurveyAnswer => answer !== undefined),
      created_at: new Date(start.getTime() + Math.floor(random() * span)),
    }));
    for (let from = 0; from < rows.length; from += 500)
      await db.insert(surveyAnswers).values(rows.slice(from, from + 500));
  }
  // The survey campaign (issue 13's demo) offers the food court survey.
  await db
    .update(campaigns)
    .set({ campaign_survey_id: ids[1] })
    .where(and(eq(campaigns.location_id, locationId), eq(campaigns.campaign_type, 'survey')));
  return ids;
};
