import {
  type Location,
  type SurveyInput,
  type SurveyQuestionInput,
  survey,
  surveyQuestion,
  surveyQuestionWithCounts,
} from '@avlu/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../../test/helper';
import { customers } from '../customers/customers.tables';
import { recordSurveyAnswers } from './surveys.service';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Lang = 'tr' | 'en';
const call = (
  mall: Pick<Location, '_id'>,
  method: Method,
  path: string,
  payload?: object,
  headers: Record<string, string> = { 'accept-language': 'en' },
) =>
  ctx.inject({
    method,
    url: `/api/survey${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers,
    ...(payload ? { payload } : {}),
  });

const input = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  survey_title: 'Ziyaretçi Memnuniyeti',
  survey_description: 'AVM deneyiminizi birkaç soruda anlatın.',
  survey_start_at: '2020-01-01T09:00:00+03:00',
  survey_end_at: '2099-12-31T23:00:00+03:00',
  ...overrides,
});

const create = async (mall: Pick<Location, '_id'>, overrides: Partial<SurveyInput> = {}) => {
  const response = await call(mall, 'POST', '', input(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return survey.strict().parse(response.json());
};

const addQuestion = async (mall: Pick<Location, '_id'>, surveyId: string, question: SurveyQuestionInput) => {
  const response = await call(mall, 'POST', `/${surveyId}/questions`, question);
  expect(response.statusCode, response.body).toBe(201);
  return surveyQuestion.strict().parse(response.json());
};

const questionsOf = async (mall: Pick<Location, '_id'>, surveyId: string) => {
  const response = await call(mall, 'GET', `/${surveyId}/questions`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { survey_question_text: string; survey_question_order: number }[]).map(
    (question) => `${question.survey_question_order}:${question.survey_question_text}`,
  );
};

let phones = 0;
const newCustomers = async (mallId: string, count: number) =>
  (
    await ctx.database.db
      .insert(customers)
      .values(
        Array.from({ length: count }, (_, index) => ({
          location_id: mallId,
          customer_phone: `+90534${(1_000_000 + ++phones).toString().slice(-7)}`,
          customer_name: `Müşteri${index + 1}`,
          customer_surname: 'Anketçi',
        })),
      )
      .returning({ _id: customers._id })
  ).map((row) => row._id);

/** A survey of the four question types: a single choice, a multiple choice, stars and free text. */
const fourQuestions = async (mall: Pick<Location, '_id'>, survey_title?: string) => {
  const created = await create(mall, survey_title ? { survey_title } : {});
  const visit = await addQuestion(mall, created._id, {
    survey_question_text: 'AVM’mizi ne sıklıkla ziyaret ediyorsunuz?',
    survey_question_type: 'single',
    survey_question_choices: ['Her gün', 'Haftada bir', 'Ayda bir'],
  });
  const reasons = await addQuestion(mall, created._id, {
    survey_question_text: 'Hangi amaçlarla geliyorsunuz?',
    survey_question_type: 'multi',
    survey_question_choices: ['Alışveriş', 'Yemek', 'Sinema'],
  });
  const stars = await addQuestion(mall, created._id, {
    survey_question_text: 'Temizliği nasıl puanlarsınız?',
    survey_question_type: 'star_rating',
  });
  const note = await addQuestion(mall, created._id, {
    survey_question_text: 'Eklemek istedikleriniz',
    survey_question_type: 'free_text',
  });
  return { survey: created, visit, reasons, stars, note };
};

describe('surveys', () => {
  it('creates, lists, changes and deletes a survey', async () => {
    const mall = await ctx.newLocation();
    const created = await create(mall);
    expect(created).toMatchObject({
      survey_title: 'Ziyaretçi Memnuniyeti',
      survey_start_at: '2020-01-01T06:00:00.000Z',
      survey_end_at: '2099-12-31T20:00:00.000Z',
      survey_question_count: 0,
      survey_answer_count: 0,
    });
    await create(mall, { survey_title: 'Otopark Anketi' });

    const list = await call(mall, 'GET', '?limit=1&orderBy=survey_title&order=asc');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ survey_title: 'Otopark Anketi' }],
      pagination: { total: 2, limit: 1, currentPage: 1, totalPages: 2 },
    });
    const found = await call(mall, 'GET', '?keyword=ziyaretci');
    expect(found.json().data.map((row: { _id: string }) => row._id)).toEqual([created._id]);

    const changed = await call(mall, 'PUT', `/${created._id}`, input({ survey_title: 'Memnuniyet 2026' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ _id: created._id, survey_title: 'Memnuniyet 2026' });

    const taken = await call(mall, 'PUT', `/${created._id}`, input({ survey_title: 'otopark  anketi' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NAME_TAKEN', fields: { survey_title: expect.any(String) } });

    expect((await call(mall, 'DELETE', `/${created._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'PUT', `/${created._id}`, input())).statusCode).toBe(404);
    expect((await call(mall, 'GET', '')).json().pagination.total).toBe(1);
  });

  it.each<[string, Record<string, unknown>, string, Record<Lang, string>]>([
    [
      'title',
      { survey_title: '' },
      'survey_title',
      { tr: 'Bu alan zorunludur', en: 'This field is required' },
    ],
    [
      'short title',
      { survey_title: 'AB' },
      'survey_title',
      { tr: 'En az 3 karakter', en: 'at least 3 characters' },
    ],
    [
      'description',
      { survey_description: ' ' },
      'survey_description',
      { tr: 'Bu alan zorunludur', en: 'This field is required' },
    ],
    [
      'long description',
      { survey_description: 'x'.repeat(301) },
      'survey_description',
      { tr: 'En fazla 300 karakter', en: 'at most 300 characters' },
    ],
    [
      'end before start',
      { survey_end_at: '2019-01-01T00:00:00Z' },
      'survey_end_at',
      { tr: 'başlangıç tarihinden sonra', en: 'later than the start date' },
    ],
    [
      'a date that is not one',
      { survey_start_at: '2026-13-01' },
      'survey_start_at',
      { tr: 'Geçerli bir tarih ve saat', en: 'valid date and time' },
    ],
    [
      'an unknown field',
      { survey_colour: 'red' },
      'survey_colour',
      { tr: 'Bilinmeyen alan', en: 'Unknown field' },
    ],
  ])(
    'refuses a survey with a bad %s, naming the field in Turkish and English',
    async (_, body, field, words) => {
      const mall = await ctx.newLocation();
      for (const lang of ['tr', 'en'] as const) {
        const response = await call(mall, 'POST', '', { ...input(), ...body }, { 'accept-language': lang });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields[field]).toContain(words[lang]);
        expect(response.json().message).toContain(field);
      }
    },
  );

  it.each<[string, Record<string, unknown>, string, Record<Lang, string>]>([
    [
      'question text',
      { survey_question_text: '' },
      'survey_question_text',
      { tr: 'Bu alan zorunludur', en: 'This field is required' },
    ],
    [
      'type',
      { survey_question_type: 'ranking' },
      'survey_question_type',
      { tr: 'Şunlardan biri', en: 'one of' },
    ],
    [
      'single choice without choices',
      { survey_question_type: 'single', survey_question_choices: [] },
      'survey_question_choices',
      { tr: 'en az 2 seçenek', en: 'at least 2 choices' },
    ],
    [
      'multiple choice of one choice',
      { survey_question_type: 'multi', survey_question_choices: ['Evet'] },
      'survey_question_choices',
      { tr: 'en az 2 seçenek', en: 'at least 2 choices' },
    ],
    [
      'choice left blank',
      { survey_question_type: 'single', survey_question_choices: ['Evet', ' '] },
      'survey_question_choices.1',
      { tr: 'Bu alan zorunludur', en: 'This field is required' },
    ],
    [
      'choice repeated',
      { survey_question_type: 'single', survey_question_choices: ['Evet', 'EVET'] },
      'survey_question_choices.1',
      { tr: 'birden fazla kez', en: 'more than once' },
    ],
    [
      'star rating with choices',
      { survey_question_type: 'star_rating', survey_question_choices: ['1', '2'] },
      'survey_question_choices',
      { tr: 'seçenek olmaz', en: 'have no choices' },
    ],
  ])(
    'refuses a question with a bad %s, naming the field in Turkish and English',
    async (_, body, field, words) => {
      const mall = await ctx.newLocation();
      const created = await create(mall);
      for (const lang of ['tr', 'en'] as const) {
        const response = await call(
          mall,
          'POST',
          `/${created._id}/questions`,
          { survey_question_text: 'Bir soru', survey_question_type: 'free_text', ...body },
          { 'accept-language': lang },
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().fields[field]).toContain(words[lang]);
      }
    },
  );

  it('keeps questions in order: added last or at a place, moved, deleted, always 1…n', async () => {
    const mall = await ctx.newLocation();
    const created = await create(mall);
    const text = (survey_question_text: string, survey_question_order?: number): SurveyQuestionInput => ({
      survey_question_text,
      survey_question_type: 'free_text',
      ...(survey_question_order === undefined ? {} : { survey_question_order }),
    });
    const a = await addQuestion(mall, created._id, text('Soru A'));
    const b = await addQuestion(mall, created._id, text('Soru B'));
    const c = await addQuestion(mall, created._id, text('Soru C'));
    expect(await questionsOf(mall, created._id)).toEqual(['1:Soru A', '2:Soru B', '3:Soru C']);
    await addQuestion(mall, created._id, text('Soru D', 1));
    expect(await questionsOf(mall, created._id)).toEqual(['1:Soru D', '2:Soru A', '3:Soru B', '4:Soru C']);

    // Dragging C to the top, then A to the bottom (an order past the end is the end).
    const moved = await call(mall, 'PUT', `/${created._id}/questions/${c._id}`, text('Soru C', 1));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ _id: c._id, survey_question_order: 1 });
    expect(await questionsOf(mall, created._id)).toEqual(['1:Soru C', '2:Soru D', '3:Soru A', '4:Soru B']);
    await call(mall, 'PUT', `/${created._id}/questions/${a._id}`, text('Soru A', 50));
    expect(await questionsOf(mall, created._id)).toEqual(['1:Soru C', '2:Soru D', '3:Soru B', '4:Soru A']);
    // Without an order an edit stays where it is.
    await call(mall, 'PUT', `/${created._id}/questions/${b._id}`, {
      survey_question_text: 'Soru B?',
      survey_question_type: 'single',
      survey_question_choices: ['Evet', 'Hayır'],
    });
    expect(await questionsOf(mall, created._id)).toEqual(['1:Soru C', '2:Soru D', '3:Soru B?', '4:Soru A']);

    expect((await call(mall, 'DELETE', `/${created._id}/questions/${c._id}`)).statusCode).toBe(204);
    expect(await questionsOf(mall, created._id)).toEqual(['1:Soru D', '2:Soru B?', '3:Soru A']);
    expect((await call(mall, 'DELETE', `/${created._id}/questions/${c._id}`)).statusCode).toBe(404);
    const listed = await call(mall, 'GET', '');
    expect(listed.json().data[0]).toMatchObject({ survey_question_count: 3 });
  });

  it('answers 404 for another mall’s survey and its questions, and 403 without the module', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const { survey: theirs, visit } = await fourQuestions(other);
    const paths: [Method, string, object?][] = [
      ['GET', `/${theirs._id}`],
      ['PUT', `/${theirs._id}`, input()],
      ['DELETE', `/${theirs._id}`],
      ['GET', `/${theirs._id}/questions`],
      [
        'POST',
        `/${theirs._id}/questions`,
        { survey_question_text: 'Soru', survey_question_type: 'free_text' },
      ],
      [
        'PUT',
        `/${theirs._id}/questions/${visit._id}`,
        { survey_question_text: 'Soru', survey_question_type: 'free_text' },
      ],
      ['DELETE', `/${theirs._id}/questions/${visit._id}`],
      ['GET', `/${theirs._id}/export`],
    ];
    for (const [method, path, body] of paths) {
      const response = await call(mall, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(mall, 'GET', '')).json().pagination.total).toBe(0);
    expect((await call(other, 'GET', `/${theirs._id}/questions`)).json()).toHaveLength(4);
    expect((await call(other, 'GET', `/${theirs._id}`)).json()).toMatchObject({
      _id: theirs._id,
      survey_question_count: 4,
      survey_answer_count: 0,
    });

    const staff = await ctx.newStaff({ subjects: ['modules:campaigns:campaigns'], locations: [mall] });
    const refused = await ctx.inject({ url: `/api/survey?locationId=${mall._id}`, headers: staff.headers });
    expect(refused.statusCode).toBe(403);
    const allowed = await ctx.newStaff({ subjects: ['modules:survey'], locations: [mall] });
    const listed = await ctx.inject({ url: `/api/survey?locationId=${mall._id}`, headers: allowed.headers });
    expect(listed.statusCode).toBe(200);
  });

  it('records one answer set per customer, checked against the questions', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const { survey: created, visit, reasons, stars, note } = await fourQuestions(mall);
    const [first, second] = await newCustomers(mall._id, 2);
    const [stranger] = await newCustomers(other._id, 1);
    const db = ctx.database.db;
    const good = [
      { survey_question_id: visit._id, survey_answer_choices: ['Haftada bir'] },
      { survey_question_id: reasons._id, survey_answer_choices: ['Yemek', 'Sinema'] },
      { survey_question_id: stars._id, survey_answer_stars: 4 },
      { survey_question_id: note._id, survey_answer_text: 'Otopark daha geniş olsun.' },
    ];
    const refusal = async (answers: object[], customer = first!) => {
      const error = await recordSurveyAnswers(db, mall._id, created._id, customer, {
        survey_answers: answers,
      }).catch((caught: unknown) => caught);
      return error as { statusCode: number; code: string; options: { fields?: Record<string, string> } };
    };
    const replace = (index: number, item: object) => good.map((each, at) => (at === index ? item : each));

    expect(
      (await refusal(replace(0, { ...good[0], survey_answer_choices: ['Haftada bir', 'Her gün'] }))).options
        .fields,
    ).toEqual({
      'survey_answers.0.survey_answer_choices': 'surveyAnswerOneChoice',
    });
    expect((await refusal(replace(1, { ...good[1], survey_answer_choices: [] }))).options.fields).toEqual({
      'survey_answers.1.survey_answer_choices': 'surveyAnswerRequired',
    });
    expect(
      (await refusal(replace(1, { ...good[1], survey_answer_choices: ['Yemek', 'Spor'] }))).options.fields,
    ).toEqual({
      'survey_answers.1.survey_answer_choices.1': 'surveyAnswerChoiceUnknown',
    });
    expect((await refusal(replace(2, { ...good[2], survey_answer_stars: 6 }))).statusCode).toBe(400);
    expect(
      (await refusal(replace(2, { survey_question_id: stars._id, survey_answer_text: 'iyi' }))).options
        .fields,
    ).toEqual({
      'survey_answers.2.survey_answer_text': 'surveyAnswerNotForType',
    });
    expect((await refusal(replace(3, { ...good[3], survey_answer_text: 'x'.repeat(1001) }))).statusCode).toBe(
      400,
    );
    expect((await refusal(good.slice(0, 2))).options.fields).toEqual({
      survey_answers: 'surveyAnswerRequired',
    });
    expect((await refusal([...good, good[0]!])).options.fields).toEqual({
      'survey_answers.4.survey_question_id': 'surveyQuestionRepeated',
    });
    expect((await refusal(good, stranger)).options.fields).toEqual({ customer_id: 'surveyCustomerNotFound' });
    const closed = await recordSurveyAnswers(
      db,
      mall._id,
      created._id,
      first!,
      { survey_answers: good },
      new Date('2019-06-01T00:00:00Z'),
    ).catch((caught: unknown) => caught as { code: string });
    expect(closed).toMatchObject({ code: 'SURVEY_NOT_OPEN', statusCode: 409 });
    const elsewhere = await recordSurveyAnswers(db, other._id, created._id, stranger!, {
      survey_answers: good,
    }).catch((caught: unknown) => caught as { code: string });
    expect(elsewhere).toMatchObject({ statusCode: 404 });

    const saved = await recordSurveyAnswers(db, mall._id, created._id, first!, {
      survey_answers: [...good].reverse(),
    });
    expect(saved.survey_answer_items.map((item) => item.survey_question_id)).toEqual([
      visit._id,
      reasons._id,
      stars._id,
      note._id,
    ]);
    // Free text may be left out.
    await recordSurveyAnswers(db, mall._id, created._id, second!, { survey_answers: good.slice(0, 3) });
    const again = await refusal(good);
    expect(again).toMatchObject({ code: 'SURVEY_ALREADY_ANSWERED', statusCode: 409 });

    // Two submissions of one customer at once save one.
    const [third] = await newCustomers(mall._id, 1);
    const racing = await Promise.allSettled(
      [1, 2, 3].map(() => recordSurveyAnswers(db, mall._id, created._id, third!, { survey_answers: good })),
    );
    expect(racing.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await call(mall, 'GET', '')).json().data[0]).toMatchObject({ survey_answer_count: 3 });
  });

  it('keeps an answered survey’s questions and the survey itself, naming it in the refusal', async () => {
    const mall = await ctx.newLocation();
    const { survey: created, visit, note } = await fourQuestions(mall);
    const [customer] = await newCustomers(mall._id, 1);
    await recordSurveyAnswers(ctx.database.db, mall._id, created._id, customer!, {
      survey_answers: [
        { survey_question_id: visit._id, survey_answer_choices: ['Her gün'] },
        {
          survey_question_id: (await call(mall, 'GET', `/${created._id}/questions`)).json()[1]._id,
          survey_answer_choices: ['Yemek'],
        },
        {
          survey_question_id: (await call(mall, 'GET', `/${created._id}/questions`)).json()[2]._id,
          survey_answer_stars: 5,
        },
      ],
    });
    for (const lang of ['tr', 'en'] as const) {
      const refused = await call(mall, 'DELETE', `/${created._id}`, undefined, { 'accept-language': lang });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'SURVEY_HAS_ANSWERS' });
      expect(refused.json().message).toContain('“Ziyaretçi Memnuniyeti”');
      expect(refused.json().message).toContain(lang === 'tr' ? '1 yanıtı var' : 'has 1 answers');
    }
    const added = await call(mall, 'POST', `/${created._id}/questions`, {
      survey_question_text: 'Yeni soru',
      survey_question_type: 'free_text',
    });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toMatchObject({ code: 'SURVEY_ANSWERED' });
    const reshaped = await call(mall, 'PUT', `/${created._id}/questions/${visit._id}`, {
      survey_question_text: visit.survey_question_text,
      survey_question_type: 'single',
      survey_question_choices: ['Her gün', 'Hiç'],
    });
    expect(reshaped.json()).toMatchObject({ code: 'SURVEY_ANSWERED' });
    expect((await call(mall, 'DELETE', `/${created._id}/questions/${note._id}`)).statusCode).toBe(409);
    // The text may be corrected and the order changed.
    const corrected = await call(mall, 'PUT', `/${created._id}/questions/${visit._id}`, {
      survey_question_text: 'AVM’mize ne sıklıkla geliyorsunuz?',
      survey_question_type: 'single',
      survey_question_choices: visit.survey_question_choices,
      survey_question_order: 4,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ survey_question_order: 4 });
  });

  it('counts the answers of each question in its list: per choice, per star with the average, written answers', async () => {
    const mall = await ctx.newLocation();
    const { survey: created, visit, reasons, stars, note } = await fourQuestions(mall);
    const db = ctx.database.db;
    const counted = async () => {
      const response = await call(mall, 'GET', `/${created._id}/questions`);
      expect(response.statusCode, response.body).toBe(200);
      return z.array(surveyQuestionWithCounts.strict()).parse(response.json());
    };
    const none = await counted();
    expect(none.map((question) => question.survey_question_answer_count)).toEqual([0, 0, 0, 0]);
    expect(none[0]!.survey_question_counts).toEqual([
      { choice: 'Her gün', count: 0 },
      { choice: 'Haftada bir', count: 0 },
      { choice: 'Ayda bir', count: 0 },
    ]);
    expect(none[2]).toMatchObject({
      survey_question_counts: [],
      survey_question_star_counts: [1, 2, 3, 4, 5].map((each) => ({ stars: each, count: 0 })),
      survey_question_star_average: null,
    });

    // Six customers: visits 3 × Her gün, 2 × Ayda bir, 1 × Haftada bir; reasons as pairs; stars 5, 5, 4, 2, 2, 1.
    const visits = ['Her gün', 'Her gün', 'Her gün', 'Ayda bir', 'Ayda bir', 'Haftada bir'];
    const picks = [
      ['Alışveriş', 'Yemek'],
      ['Yemek'],
      ['Yemek', 'Sinema'],
      ['Alışveriş'],
      ['Yemek'],
      ['Yemek'],
    ];
    const ratings = [5, 5, 4, 2, 2, 1];
    for (const [index, customer] of (await newCustomers(mall._id, 6)).entries())
      await recordSurveyAnswers(db, mall._id, created._id, customer, {
        survey_answers: [
          { survey_question_id: visit._id, survey_answer_choices: [visits[index]!] },
          { survey_question_id: reasons._id, survey_answer_choices: picks[index]! },
          { survey_question_id: stars._id, survey_answer_stars: ratings[index]! },
          ...(index < 2 ? [{ survey_question_id: note._id, survey_answer_text: `Not ${index + 1}` }] : []),
        ],
      });
    // Another survey's answers are not counted.
    const elsewhere = await fourQuestions(mall, 'Otopark Anketi');
    const [outsider] = await newCustomers(mall._id, 1);
    await recordSurveyAnswers(db, mall._id, elsewhere.survey._id, outsider!, {
      survey_answers: [
        { survey_question_id: elsewhere.visit._id, survey_answer_choices: ['Her gün'] },
        { survey_question_id: elsewhere.reasons._id, survey_answer_choices: ['Yemek'] },
        { survey_question_id: elsewhere.stars._id, survey_answer_stars: 3 },
      ],
    });

    const [first, second, third, fourth] = await counted();
    expect(first).toMatchObject({
      _id: visit._id,
      survey_question_answer_count: 6,
      survey_question_counts: [
        { choice: 'Her gün', count: 3 },
        { choice: 'Haftada bir', count: 1 },
        { choice: 'Ayda bir', count: 2 },
      ],
      survey_question_star_counts: [],
      survey_question_star_average: null,
    });
    expect(second).toMatchObject({
      survey_question_answer_count: 6,
      survey_question_counts: [
        { choice: 'Alışveriş', count: 2 },
        { choice: 'Yemek', count: 5 },
        { choice: 'Sinema', count: 1 },
      ],
    });
    expect(third).toMatchObject({
      survey_question_answer_count: 6,
      survey_question_counts: [],
      survey_question_star_counts: [
        { stars: 1, count: 1 },
        { stars: 2, count: 2 },
        { stars: 3, count: 0 },
        { stars: 4, count: 1 },
        { stars: 5, count: 2 },
      ],
      survey_question_star_average: 19 / 6,
    });
    expect(fourth).toMatchObject({
      survey_question_answer_count: 2,
      survey_question_counts: [],
      survey_question_star_counts: [],
      survey_question_star_average: null,
    });
    expect((await call(mall, 'GET', `/${created._id}`)).json()).toMatchObject({ survey_answer_count: 6 });
  });

  it('exports a row per answer set and the counts per choice', async () => {
    const mall = await ctx.newLocation();
    const { survey: created, visit, reasons, stars, note } = await fourQuestions(mall);
    const people = await newCustomers(mall._id, 7);
    const db = ctx.database.db;
    for (const [index, customer] of people.entries())
      await recordSurveyAnswers(db, mall._id, created._id, customer, {
        survey_answers: [
          { survey_question_id: visit._id, survey_answer_choices: [index < 4 ? 'Her gün' : 'Ayda bir'] },
          {
            survey_question_id: reasons._id,
            survey_answer_choices: index % 2 ? ['Alışveriş', 'Yemek'] : ['Yemek'],
          },
          { survey_question_id: stars._id, survey_answer_stars: index < 5 ? 5 : 2 },
          ...(index === 0
            ? [{ survey_question_id: note._id, survey_answer_text: '=1+1 daha çok bank' }]
            : []),
        ],
      });
    const file = await call(mall, 'GET', `/${created._id}/export`, undefined, { 'accept-language': 'tr' });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('Ziyaret');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Yanıtlar', 'Seçenek sayıları']);
    const [answers, counts] = book.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(answers.rowCount).toBe(1 + 7);
    const header = (answers.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Yanıt zamanı',
      'Ad',
      'Soyad',
      'Telefon',
      '1. AVM’mizi ne sıklıkla ziyaret ediyorsunuz?',
      '2. Hangi amaçlarla geliyorsunuz?',
      '3. Temizliği nasıl puanlarsınız?',
      '4. Eklemek istedikleriniz',
    ]);
    const firstRow = (answers.getRow(2).values as unknown[]).slice(2);
    expect(firstRow).toEqual([
      'Müşteri1',
      'Anketçi',
      expect.stringMatching(/^0534/),
      'Her gün',
      'Yemek',
      5,
      "'=1+1 daha çok bank",
    ]);

    const table = Array.from({ length: counts.rowCount - 1 }, (_, index) =>
      (counts.getRow(index + 2).values as unknown[]).slice(1).join('|'),
    );
    const q1 = '1|AVM’mizi ne sıklıkla ziyaret ediyorsunuz?|Tek seçim';
    const q2 = '2|Hangi amaçlarla geliyorsunuz?|Çoklu seçim';
    const q3 = '3|Temizliği nasıl puanlarsınız?|Yıldız puanı';
    expect(table).toEqual([
      `${q1}|Her gün|4`,
      `${q1}|Haftada bir|0`,
      `${q1}|Ayda bir|3`,
      `${q2}|Alışveriş|3`,
      `${q2}|Yemek|7`,
      `${q2}|Sinema|0`,
      `${q3}|1 yıldız|0`,
      `${q3}|2 yıldız|2`,
      `${q3}|3 yıldız|0`,
      `${q3}|4 yıldız|0`,
      `${q3}|5 yıldız|5`,
      '4|Eklemek istedikleriniz|Serbest metin|Yazılı yanıt|1',
    ]);

    const english = await call(mall, 'GET', `/${created._id}/export`);
    const englishBook = new ExcelJS.Workbook();
    await englishBook.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(englishBook.worksheets.map((sheet) => sheet.name)).toEqual(['Answers', 'Choice counts']);
  });
});
