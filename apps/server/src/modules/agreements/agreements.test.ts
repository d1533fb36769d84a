import type { Location } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestStaff, useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import { microSiteFixtures } from '../micro-site/micro-site.fixtures';
import { isPdf } from './agreements.admin';
import { agreements } from './agreements.tables';

const ctx = useTestApp();
const AGREEMENTS = 'modules:agreements';

/** A small real PDF: header, one empty page, cross-reference table and trailer. */
export const samplePdf = (title = 'Sözleşme') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Title (${title}) >> endobj\nxref\n0 4\n0000000000 65535 f \ntrailer << /Size 4 /Root 1 0 R >>\nstartxref\n0\n%%EOF\n`,
    'latin1',
  );

const pdfForm = (data: Buffer, field = 'file') =>
  multipartForm({}, { field, data, filename: 'metin.pdf', type: 'application/pdf' });

let mall: Location;
let otherMall: Location;
let staff: TestStaff;

beforeAll(async () => {
  mall = await ctx.newLocation();
  otherMall = await ctx.newLocation();
  staff = await ctx.newStaff({ subjects: [AGREEMENTS], locations: [mall, otherMall] });
});

const call = (
  location: Location,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
  lang = 'en',
) =>
  ctx.app.inject({
    method,
    url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${location._id}`,
    headers: { ...staff.headers, 'accept-language': lang },
    ...(payload && { payload }),
  });

const uploadPdf = async (location: Location, data: Buffer, lang = 'en') => {
  const body = pdfForm(data);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/core/agreement/pdf?locationId=${location._id}`,
    headers: { ...staff.headers, ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
};

const valid = (overrides: object = {}) => ({
  agreement_title: 'Üyelik Sözleşmesi',
  agreement_text: 'Madde 1. Taraflar…\n\nMadde 2. Konu…',
  agreement_target: 'mobileapp',
  agreement_type: 'terms_and_conditions',
  ...overrides,
});

const inUse = async (location: Location, type: 'kvkk' | 'terms_and_conditions', target = 'mobileapp') =>
  (
    await ctx.database.db
      .select({ version: agreements.agreement_version })
      .from(agreements)
      .where(
        and(
          eq(agreements.location_id, location._id),
          eq(agreements.agreement_type, type),
          eq(agreements.agreement_target, target as 'mobileapp'),
          eq(agreements.agreement_in_use, true),
        ),
      )
  ).map((row) => row.version);

describe('agreements', () => {
  it('creates a text with its PDFs in Turkish and English, each a new version, and lists every version', async () => {
    const tr = await uploadPdf(mall, samplePdf('TR'));
    expect(tr.statusCode, tr.body).toBe(201);
    expect(tr.json().url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{43}\.pdf$/);
    const en = (await uploadPdf(mall, samplePdf('EN'))).json().url;
    const first = await call(
      mall,
      'POST',
      '/core/agreement',
      valid({ agreement_text_pdf_tr: tr.json().url, agreement_text_pdf_en: en }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      agreement_title: 'Üyelik Sözleşmesi',
      agreement_in_use: false,
      agreement_version: 'terms-and-conditions-mobileapp-1',
      agreement_text_pdf_tr: tr.json().url,
      agreement_text_pdf_en: en,
    });
    const second = (await call(mall, 'POST', '/core/agreement', valid())).json();
    expect(second.agreement_version).toBe('terms-and-conditions-mobileapp-2');
    expect(second.agreement_text_pdf_tr).toBeNull();
    // The PDF reads back as it was uploaded.
    const file = await ctx.app.inject({ method: 'GET', url: tr.json().url });
    expect(file.rawPayload.equals(samplePdf('TR'))).toBe(true);
    const page = await call(mall, 'GET', '/core/agreement?agreement_type=terms_and_conditions');
    expect(page.json().data.map((row: { _id: string }) => row._id)).toEqual([second._id, first.json()._id]);
    expect((await call(mall, 'GET', `/core/agreement/${second._id}`)).json()._id).toBe(second._id);
  });

  it('keeps one text of a type and target in use: putting one in use takes the other out', async () => {
    const [seeded] = await inUse(mall, 'kvkk');
    expect(seeded).toBeDefined();
    const kvkk = await call(
      mall,
      'POST',
      '/core/agreement',
      valid({ agreement_type: 'kvkk', agreement_in_use: true }),
    );
    expect(kvkk.statusCode, kvkk.body).toBe(201);
    expect(await inUse(mall, 'kvkk')).toEqual([kvkk.json().agreement_version]);
    const again = await ctx.database.db
      .select({ _id: agreements._id })
      .from(agreements)
      .where(and(eq(agreements.location_id, mall._id), eq(agreements.agreement_version, seeded!)));
    const back = await call(mall, 'PATCH', `/agreement/${again[0]!._id}`, { agreement_in_use: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().agreement_in_use).toBe(true);
    expect(await inUse(mall, 'kvkk')).toEqual([seeded]);
    // Another target is another text: both are in use.
    const web = await call(
      mall,
      'POST',
      '/core/agreement',
      valid({ agreement_type: 'kvkk', agreement_target: 'web', agreement_in_use: true }),
    );
    expect(await inUse(mall, 'kvkk', 'web')).toEqual([web.json().agreement_version]);
    expect(await inUse(mall, 'kvkk')).toEqual([seeded]);
    const off = await call(mall, 'PATCH', `/agreement/${web.json()._id}`, { agreement_in_use: false });
    expect(off.json().agreement_in_use).toBe(false);
    expect(await inUse(mall, 'kvkk', 'web')).toEqual([]);
  });

  it('the database refuses a second text of a type and target in use, whatever writes it', async () => {
    const local = await ctx.newLocation();
    await expect(
      ctx.database.db.insert(agreements).values({
        location_id: local._id,
        agreement_type: 'kvkk',
        agreement_target: 'mobileapp',
        agreement_in_use: true,
        agreement_version: 'elle-eklenen',
        agreement_title: 'KVKK',
        agreement_text: '…',
      }),
    ).rejects.toThrow();
  });

  it('puts texts in use one after another when asked at once: exactly one is in use', async () => {
    const local = await ctx.newLocation();
    const clerk = await ctx.newStaff({ subjects: [AGREEMENTS], locations: [local] });
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/core/agreement?locationId=${local._id}`,
          headers: clerk.headers,
          payload: valid({ agreement_title: `Sürüm ${index}`, agreement_in_use: true }),
        }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(created.map((response) => response.json().agreement_version)).size).toBe(6);
    expect(await inUse(local, 'terms_and_conditions')).toHaveLength(1);
    const switched = await Promise.all(
      created.map((response) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/agreement/${response.json()._id}?locationId=${local._id}`,
          headers: clerk.headers,
          payload: { agreement_in_use: true },
        }),
      ),
    );
    expect(switched.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await inUse(local, 'terms_and_conditions')).toHaveLength(1);
  });

  it('removes a text from the list and from use but keeps its version for the consents', async () => {
    const created = (
      await call(
        mall,
        'POST',
        '/core/agreement',
        valid({ agreement_type: 'etk_permissions', agreement_in_use: true }),
      )
    ).json();
    const removed = await call(mall, 'DELETE', `/core/agreement/${created._id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(mall, 'GET', `/core/agreement/${created._id}`)).statusCode).toBe(404);
    const page = await call(mall, 'GET', '/core/agreement?agreement_type=etk_permissions');
    expect(page.json().data.map((row: { _id: string }) => row._id)).not.toContain(created._id);
    const [kept] = await ctx.database.db.select().from(agreements).where(eq(agreements._id, created._id));
    expect(kept).toMatchObject({ agreement_in_use: false, agreement_version: created.agreement_version });
    expect(kept!.agreement_deleted_at).toBeInstanceOf(Date);
    expect(
      (await call(mall, 'PATCH', `/agreement/${created._id}`, { agreement_in_use: true })).statusCode,
    ).toBe(404);
  });

  it('refuses bad input naming each field in the caller’s language, and saves nothing', async () => {
    const count = async () =>
      (await ctx.database.db.select().from(agreements).where(eq(agreements.location_id, mall._id))).length;
    const before = await count();
    const empty = await call(
      mall,
      'POST',
      '/core/agreement',
      { agreement_title: ' ', agreement_text: '' },
      'tr',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      agreement_title: 'Bu alan zorunludur',
      agreement_text: 'Bu alan zorunludur',
      agreement_type: expect.any(String),
      agreement_target: expect.any(String),
    });
    const badType = await call(mall, 'POST', '/core/agreement', valid({ agreement_type: 'gizlilik' }));
    expect(Object.keys(badType.json().fields)).toEqual(['agreement_type']);
    const notOurs = await call(
      mall,
      'POST',
      '/core/agreement',
      valid({ agreement_text_pdf_tr: 'https://example.com/a.pdf' }),
    );
    expect(Object.keys(notOurs.json().fields)).toEqual(['agreement_text_pdf_tr']);
    const missing = await call(
      mall,
      'POST',
      '/core/agreement',
      valid({ agreement_text_pdf_en: `/api/files/${'a'.repeat(43)}.pdf` }),
      'tr',
    );
    expect(missing.json().fields).toEqual({
      agreement_text_pdf_en: 'Bu PDF dosyası bulunamadı; yeniden yükleyin',
    });
    const unknown = await call(mall, 'POST', '/core/agreement', valid({ agreement_version: 'x' }));
    expect(Object.keys(unknown.json().fields)).toEqual(['agreement_version']);
    expect(await count()).toBe(before);
  });

  it('takes only PDFs, known by their bytes', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refused = await uploadPdf(mall, png, 'tr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ file: 'Dosya bir PDF belgesi değil' });
    // A PDF's name on a file that is not one is not enough, nor a header without its end.
    expect((await uploadPdf(mall, Buffer.from('%PDF-1.4 kesik'))).statusCode).toBe(400);
    expect(isPdf(samplePdf())).toBe(true);
    expect(isPdf(Buffer.from('<html>%PDF-%%EOF'))).toBe(false);
  });

  it('never serves another mall’s agreement, and needs the agreements module', async () => {
    const theirs = (await call(otherMall, 'POST', '/core/agreement', valid())).json();
    expect((await call(mall, 'GET', `/core/agreement/${theirs._id}`)).statusCode).toBe(404);
    expect(
      (await call(mall, 'PATCH', `/agreement/${theirs._id}`, { agreement_in_use: true })).statusCode,
    ).toBe(404);
    expect((await call(mall, 'DELETE', `/core/agreement/${theirs._id}`)).statusCode).toBe(404);
    const page = await call(mall, 'GET', '/core/agreement?limit=100');
    expect(page.json().data.map((row: { _id: string }) => row._id)).not.toContain(theirs._id);
    const clerk = await ctx.newStaff({ subjects: ['modules:qrcode'], locations: [mall] });
    const denied = await ctx.app.inject({
      method: 'GET',
      url: `/api/core/agreement?locationId=${mall._id}`,
      headers: clerk.headers,
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('the micro-site’s agreements', () => {
  it('shows only the text in use of each type and target, with its PDFs', async () => {
    const local = await microSiteFixtures(ctx).newMall();
    const clerk = await ctx.newStaff({ subjects: [AGREEMENTS], locations: [local] });
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/core/agreement?locationId=${local._id}`,
        headers: clerk.headers,
        payload,
      });
    await post(valid({ agreement_title: 'Eski', agreement_in_use: true }));
    const current = (await post(valid({ agreement_title: 'Yeni', agreement_in_use: true }))).json();
    const site = await ctx.app.inject({
      method: 'POST',
      url: '/api/ext/app/agreements',
      headers: { authorization: `Bearer ${local.token}` },
      payload: { filter: { agreement_type: 'terms_and_conditions', agreement_target: 'mobileapp' } },
    });
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().map((row: { _id: string }) => row._id)).toEqual([current._id]);
  });
});
