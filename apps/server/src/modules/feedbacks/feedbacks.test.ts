import { feedback, feedbackDetail, feedbackType, type Location } from '@avlu/contracts';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { insertCustomer } from '../customers/customers.fixtures';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { feedbacks } from './feedbacks.tables';

const ctx = useTestApp();
type Mall = Pick<Location, '_id'>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

const call = (mall: Mall, method: Method, path: string, payload?: object, lang = 'en') =>
  ctx.inject({
    method,
    url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers: { 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const expectStatus = (response: { statusCode: number; body: string }, status: number) =>
  expect(response.statusCode, response.body).toBe(status);

let typeCount = 0;
const newType = async (mall: Mall, name = `Şikâyet ${++typeCount}`, active = true) => {
  const response = await call(mall, 'POST', '/feedback-types', {
    feedback_type_name: name,
    feedback_type_name_en: `${name} en`,
    feedback_type_is_active: active,
  });
  expectStatus(response, 201);
  return feedbackType.strict().parse(response.json());
};

const named = (type: string) => ({
  feedback_title: 'Otopark çok kalabalık',
  feedback_anonymous: false,
  feedback_name: 'Ayşe',
  feedback_surname: 'Yılmaz',
  feedback_gender: 'female',
  feedback_email: 'ayse@example.com',
  feedback_phone_number: '0532 111 22 33',
  feedback_type: type,
  feedback_text: 'Akşam saatlerinde B2 katında yer bulmak çok zor.',
});

const newFeedback = async (mall: Mall, body: object) => {
  const response = await call(mall, 'POST', '/core/feedback', body);
  expectStatus(response, 201);
  return feedback.strict().parse(response.json());
};

describe('feedback types', () => {
  it('creates, lists and changes types; names are unique per mall; patches are applied one after another', async () => {
    const mall = await ctx.newLocation();
    const type = await newType(mall, 'Öneri');
    expect(type).toMatchObject({
      feedback_type_name: 'Öneri',
      feedback_type_is_active: true,
      feedback_type_count: 0,
    });
    const taken = await call(mall, 'POST', '/feedback-types', {
      feedback_type_name: 'ÖNERİ',
      feedback_type_name_en: 'Other',
    });
    expectStatus(taken, 409);
    expect(Object.keys(taken.json().fields)).toEqual(['feedback_type_name']);

    const patches = await Promise.all([
      call(mall, 'PATCH', `/feedback-types/${type._id}`, { feedback_type_name_en: 'Suggestion' }),
      call(mall, 'PATCH', `/feedback-types/${type._id}`, { feedback_type_is_active: false }),
    ]);
    for (const patch of patches) expectStatus(patch, 200);
    const list = await call(mall, 'GET', '/feedback-types');
    expect(list.json()).toEqual([
      expect.objectContaining({ feedback_type_name_en: 'Suggestion', feedback_type_is_active: false }),
    ]);
    const empty = await call(mall, 'PATCH', `/feedback-types/${type._id}`, {}, 'tr');
    expectStatus(empty, 400);
    const other = await ctx.newLocation();
    expectStatus(
      await call(other, 'PATCH', `/feedback-types/${type._id}`, { feedback_type_is_active: true }),
      404,
    );
    expect((await call(other, 'GET', '/feedback-types')).json()).toEqual([]);
  });
});

describe('feedback', () => {
  it('takes a named feedback with every field and an image, lists, filters and reads it', async () => {
    const mall = await ctx.newLocation();
    const type = await newType(mall);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#09c' } })
      .png()
      .toBuffer();
    const body = multipartForm({}, { data: png, filename: 'foto.png', type: 'image/png' });
    const upload = await ctx.inject({ method: 'POST', url: '/api/files', ...body });
    expectStatus(upload, 201);
    const created = await newFeedback(mall, { ...named(type._id), feedback_file: upload.json().url });
    expect(created).toMatchObject({
      feedback_name: 'Ayşe',
      feedback_phone_number: '+905321112233',
      feedback_status: 'new',
      feedback_source: 'back_office',
      feedback_file: upload.json().url,
      feedback_type_name: type.feedback_type_name,
    });
    await newFeedback(mall, {
      feedback_title: 'Teşekkürler',
      feedback_anonymous: true,
      feedback_type: type._id,
      feedback_text: 'Güvenlik görevlileri çok yardımcı oldu.',
    });
    const list = await call(mall, 'GET', '/core/feedback?limit=10&page=1&filter=otopark');
    expectStatus(list, 200);
    expect(list.json()).toMatchObject({ data: [{ _id: created._id }], pagination: { total: 1 } });
    const all = await call(mall, 'GET', '/core/feedback');
    expect(all.json().data.map((row: { feedback_title: string }) => row.feedback_title)).toEqual([
      'Teşekkürler',
      'Otopark çok kalabalık',
    ]);
    const detail = await call(mall, 'GET', `/core/feedback/${created._id}`);
    expect(feedbackDetail.strict().parse(detail.json()).feedback_replies).toEqual([]);
  });

  it('refuses what is missing or wrong, naming each field in the request’s language, and saves nothing', async () => {
    const mall = await ctx.newLocation();
    const type = await newType(mall);
    const inactive = await newType(mall, 'Kapalı tür', false);
    const missing = await call(mall, 'POST', '/core/feedback', { feedback_anonymous: false }, 'tr');
    expectStatus(missing, 400);
    expect(missing.json().fields).toMatchObject({
      feedback_title: expect.any(String),
      feedback_type: expect.any(String),
      feedback_text: expect.any(String),
    });
    const anonymousWithName = await call(mall, 'POST', '/core/feedback', {
      ...named(type._id),
      feedback_anonymous: true,
    });
    expectStatus(anonymousWithName, 400);
    expect(anonymousWithName.json().fields.feedback_name).toBe(
      'An anonymous feedback keeps no personal details; leave this field empty',
    );
    const namedWithoutName = await call(
      mall,
      'POST',
      '/core/feedback',
      { ...named(type._id), feedback_name: undefined },
      'tr',
    );
    expect(namedWithoutName.json().fields).toEqual({ feedback_name: 'Bu alan zorunludur' });
    const closedType = await call(mall, 'POST', '/core/feedback', named(inactive._id));
    expect(closedType.json().fields).toEqual({ feedback_type: 'This mall has no such feedback type' });
    const notOurs = await call(mall, 'POST', '/core/feedback', {
      ...named(type._id),
      feedback_file: `/api/files/${'a'.repeat(43)}.png`,
    });
    expect(notOurs.json().fields).toEqual({ feedback_file: 'Image not found; please upload it again' });
    const other = await ctx.newLocation();
    const foreignType = await call(other, 'POST', '/core/feedback', named(type._id));
    expect(foreignType.json().fields).toEqual({ feedback_type: 'This mall has no such feedback type' });
    const rows = await ctx.database.db.select().from(feedbacks).where(eq(feedbacks.location_id, mall._id));
    expect(rows).toEqual([]);
  });

  it('answers by SMS and email through the outboxes; informed cannot be undone', async () => {
    const mall = await ctx.newLocation();
    const type = await newType(mall);
    const created = await newFeedback(mall, named(type._id));
    const viewed = await call(mall, 'PUT', `/core/feedback/${created._id}`, { feedback_status: 'viewed' });
    expect(viewed.json().feedback_status).toBe('viewed');

    const short = await call(
      mall,
      'PUT',
      `/feedback/${created._id}/send-sms`,
      { sms_title: 'Kısa', sms_text: 'Çok kısa' },
      'tr',
    );
    expectStatus(short, 400);
    expect(Object.keys(short.json().fields).sort()).toEqual(['sms_text', 'sms_title']);

    const sms = await call(mall, 'PUT', `/feedback/${created._id}/send-sms`, {
      sms_title: 'Otopark yanıtı',
      sms_text: 'Akşamları B3 katını da açtık; ilginiz için teşekkür ederiz.',
    });
    expectStatus(sms, 200);
    expect(sms.json()).toMatchObject({
      feedback_status: 'informed',
      feedback_replies: [{ channel: 'sms', to: '+905321112233', title: 'Otopark yanıtı' }],
    });
    const [sent] = await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+905321112233'));
    expect(sent?.text).toBe('Akşamları B3 katını da açtık; ilginiz için teşekkür ederiz.');

    const mail = await call(mall, 'PUT', `/feedback/${created._id}/send-mail`, {
      mail_title: 'Otopark hakkında',
      mail_text: 'Merhaba Ayşe Hanım,\n\nAkşamları B3 katını da açtık. <b>Teşekkürler</b>',
    });
    expectStatus(mail, 200);
    expect(mail.json().feedback_replies).toHaveLength(2);
    const [letter] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'ayse@example.com'))
      .orderBy(desc(mailOutbox.created_at));
    expect(letter?.subject).toContain('Otopark hakkında');
    expect(letter?.html).toContain('&lt;b&gt;Teşekkürler&lt;/b&gt;');
    expect(letter?.text).toContain('Akşamları B3 katını da açtık.');

    const undo = await call(
      mall,
      'PUT',
      `/core/feedback/${created._id}`,
      { feedback_status: 'viewed' },
      'tr',
    );
    expectStatus(undo, 409);
    expect(undo.json()).toMatchObject({ code: 'FEEDBACK_INFORMED' });
    expectStatus(
      await call(mall, 'PUT', `/core/feedback/${created._id}`, { feedback_status: 'informed' }),
      200,
    );
  });

  it('cannot answer an anonymous feedback, and never serves another mall’s', async () => {
    const mall = await ctx.newLocation();
    const type = await newType(mall);
    const anonymous = await newFeedback(mall, {
      feedback_title: 'Tuvaletler',
      feedback_anonymous: true,
      feedback_type: type._id,
      feedback_text: 'Temizlik daha sık yapılmalı.',
    });
    const sms = await call(mall, 'PUT', `/feedback/${anonymous._id}/send-sms`, {
      sms_title: 'Yanıtımız',
      sms_text: 'Temizlik sıklığını artırdık, teşekkürler.',
    });
    expectStatus(sms, 400);
    expect(sms.json().fields).toEqual({
      feedback_phone_number: 'This feedback has no phone number; it cannot be answered by SMS',
    });
    const mail = await call(mall, 'PUT', `/feedback/${anonymous._id}/send-mail`, {
      mail_title: 'Yanıtımız',
      mail_text: 'Temizlik sıklığını artırdık, teşekkürler.',
    });
    expect(mail.json().fields).toEqual({
      feedback_email: 'This feedback has no email address; it cannot be answered by email',
    });
    const still = await call(mall, 'GET', `/core/feedback/${anonymous._id}`);
    expect(still.json()).toMatchObject({ feedback_status: 'new', feedback_replies: [] });

    const other = await ctx.newLocation();
    expectStatus(await call(other, 'GET', `/core/feedback/${anonymous._id}`), 404);
    expectStatus(
      await call(other, 'PUT', `/core/feedback/${anonymous._id}`, { feedback_status: 'viewed' }),
      404,
    );
    expectStatus(
      await call(other, 'PUT', `/feedback/${anonymous._id}/send-mail`, {
        mail_title: 'Başlık',
        mail_text: 'Yeterince uzun bir metin',
      }),
      404,
    );
    expect((await call(other, 'GET', '/core/feedback')).json().data).toEqual([]);
  });

  it('takes a customer’s feedback from the micro-site, named with their details or anonymous', async () => {
    const mall = await ctx.newLocation();
    const type = await newType(mall, 'Öneri');
    await newType(mall, 'Kapalı', false);
    const customer = await insertCustomer(ctx.database.db, mall._id, {
      customer_email: 'musteri@example.com',
    });
    const headers = await signedInHeaders(ctx.database.db, mall as Location, customer._id, 'tr');
    const types = await ctx.app.inject({ method: 'GET', url: '/api/ext/app/feedback-types', headers });
    expectStatus(types, 200);
    expect(types.json()).toEqual([
      { _id: type._id, feedback_type_name: 'Öneri', feedback_type_name_en: 'Öneri en' },
    ]);

    const send = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/ext/app/feedback', headers, payload: body });
    const namedOne = await send({
      feedback_title: 'Çocuk alanı',
      feedback_type: type._id,
      feedback_text: 'Daha büyük olsun.',
    });
    expectStatus(namedOne, 201);
    const anonymousOne = await send({
      feedback_title: 'Müzik',
      feedback_type: type._id,
      feedback_text: 'Ses çok yüksek.',
      feedback_anonymous: true,
    });
    expectStatus(anonymousOne, 201);
    const bad = await send({ feedback_title: '', feedback_type: type._id, feedback_text: '' });
    expectStatus(bad, 400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['feedback_text', 'feedback_title']);

    const stored = await call(mall, 'GET', `/core/feedback/${namedOne.json()._id}`);
    expect(stored.json()).toMatchObject({
      feedback_name: customer.customer_name,
      feedback_phone_number: customer.customer_phone,
      feedback_email: 'musteri@example.com',
      feedback_source: 'micro_site',
      customer_id: customer._id,
    });
    const hidden = await call(mall, 'GET', `/core/feedback/${anonymousOne.json()._id}`);
    expect(hidden.json()).toMatchObject({
      feedback_anonymous: true,
      feedback_name: null,
      feedback_phone_number: null,
      customer_id: null,
    });
    const other = await ctx.newLocation();
    const foreign = await send({
      feedback_title: 'X başlık',
      feedback_type: (await newType(other))._id,
      feedback_text: 'Metin',
    });
    expect(foreign.json().fields).toEqual({ feedback_type: 'Bu AVM’de böyle bir geri bildirim türü yok' });
  });
});
