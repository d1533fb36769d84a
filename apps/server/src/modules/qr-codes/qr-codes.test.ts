import type { Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestStaff, useTestApp } from '../../../test/helper';
import { insertCampaign } from '../campaigns/campaign.fixtures';
import { locations } from '../locations/locations.tables';
import { flushQrCodeScans } from './qr-codes.routes';
import { qrCodeScans } from './qr-codes.tables';
import { createDeepLinks, scanLanguage, scanPlatform } from './qr-redirect';

const ctx = useTestApp();
const QR = 'modules:qrcode';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const links = {
  androidApp: 'egepark://home',
  androidStore: 'https://play.google.com/store/apps/details?id=com.egepark',
  iosApp: 'egepark://home?from=qr',
  iosStore: 'https://apps.apple.com/tr/app/egepark/id100',
  fallbackUrl: 'https://egepark.example.com',
};

let mall: Location;
let otherMall: Location;
let staff: TestStaff;
let campaignId: string;
let otherCampaignId: string;

beforeAll(async () => {
  mall = await ctx.newLocation();
  await ctx.database.db
    .update(locations)
    .set({
      android_app: links.androidApp,
      android_store: links.androidStore,
      ios_app: links.iosApp,
      ios_store: links.iosStore,
      fallback_url: links.fallbackUrl,
    })
    .where(eq(locations._id, mall._id));
  otherMall = await ctx.newLocation();
  staff = await ctx.newStaff({ subjects: [QR], locations: [mall, otherMall] });
  campaignId = (await insertCampaign(ctx.database.db, mall._id))._id;
  otherCampaignId = (await insertCampaign(ctx.database.db, otherMall._id))._id;
});

const call = (
  location: Location,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  lang = 'en',
  as: TestStaff = staff,
) =>
  ctx.app.inject({
    method,
    url: `/api/qrcode${path}${path.includes('?') ? '&' : '?'}locationId=${location._id}`,
    headers: { ...as.headers, 'accept-language': lang },
    ...(payload && { payload }),
  });

const valid = (overrides: object = {}) => ({
  qr_code_title: 'Giris-Afisi',
  qr_code_type: 'campaign_detail',
  qr_code_campaign_id: campaignId,
  qr_code_generation: 'automatic',
  ...overrides,
});

const deepLink = (qrCodeId: string, locationId: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/qrcode/deeplink/${qrCodeId}?locationId=${locationId}`,
    headers,
  });

describe('QR codes', () => {
  it('creates, reads, changes and deletes a code; an automatic one holds its redirect page address', async () => {
    const created = await call(mall, 'POST', '', valid());
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json();
    expect(code).toMatchObject({
      qr_code_title: 'Giris-Afisi',
      qr_code_campaign_id: campaignId,
      qr_code_campaign_name: expect.stringMatching(/^Kampanya/),
      qr_code_content: null,
      qr_code_scan_count: 0,
    });
    expect(code.qr_code_value).toBe(
      `${ctx.config.publicUrl.replace(/\/+$/, '')}/redirect?qrCodeId=${code._id}&locationId=${mall._id}`,
    );
    const manual = await call(
      mall,
      'PUT',
      `/${code._id}`,
      valid({
        qr_code_generation: 'manual',
        qr_code_content: 'https://egepark.example.com/yaz',
        qr_code_type: 'join_campaign',
      }),
    );
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json()).toMatchObject({
      qr_code_type: 'join_campaign',
      qr_code_value: 'https://egepark.example.com/yaz',
    });
    expect((await call(mall, 'GET', `/${code._id}`)).json().qr_code_generation).toBe('manual');
    const page = await call(mall, 'GET', '?limit=10&currentPage=1');
    expect(page.json().data.map((row: { _id: string }) => row._id)).toContain(code._id);
    const all = await call(mall, 'GET', '?showAll=true');
    expect(Array.isArray(all.json())).toBe(true);
    expect((await call(mall, 'DELETE', `/${code._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'GET', `/${code._id}`)).statusCode).toBe(404);
  });

  it('refuses a bad code naming each field, in the caller’s language, and saves nothing', async () => {
    const before = (await call(mall, 'GET', '?showAll=true')).json().length;
    const spaces = await call(mall, 'POST', '', valid({ qr_code_title: 'Giriş afişi' }), 'tr');
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().fields).toEqual({ qr_code_title: 'QR kod başlığı boşluk içeremez' });
    const long = await call(mall, 'POST', '', valid({ qr_code_title: 'x'.repeat(51) }));
    expect(Object.keys(long.json().fields)).toEqual(['qr_code_title']);
    expect((await call(mall, 'POST', '', valid({ qr_code_title: 'x'.repeat(50) }))).statusCode).toBe(201);
    const missing = await call(mall, 'POST', '', { qr_code_generation: 'automatic' }, 'tr');
    expect(missing.json().fields).toMatchObject({
      qr_code_title: 'Bu alan zorunludur',
      qr_code_type: expect.any(String),
      qr_code_campaign_id: expect.any(String),
    });
    const manual = await call(mall, 'POST', '', valid({ qr_code_generation: 'manual' }));
    expect(manual.json().fields).toEqual({
      qr_code_content: 'Type the content of a manually generated QR code',
    });
    const theirs = await call(mall, 'POST', '', valid({ qr_code_campaign_id: otherCampaignId }), 'tr');
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().fields).toEqual({ qr_code_campaign_id: 'Bu AVM’de böyle bir kampanya yok' });
    expect((await call(mall, 'GET', '?showAll=true')).json().length).toBe(before + 1);
  });

  it('never serves another mall’s code, and needs the QR module', async () => {
    const code = (await call(mall, 'POST', '', valid({ qr_code_title: 'Otopark' }))).json();
    for (const [method, body] of [
      ['GET'],
      ['PUT', valid({ qr_code_campaign_id: otherCampaignId })],
      ['DELETE'],
    ] as const) {
      const response = await call(otherMall, method, `/${code._id}`, body);
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
    }
    expect((await call(otherMall, 'GET', '?showAll=true')).json()).toEqual([]);
    expect((await deepLink(code._id, otherMall._id)).statusCode).toBe(404);
    const clerk = await ctx.newStaff({ subjects: ['modules:reservation'], locations: [mall] });
    expect((await call(mall, 'GET', '?showAll=true', undefined, 'en', clerk)).statusCode).toBe(403);
  });
});

describe('GET /api/qrcode/deeplink/{qrCodeId}', () => {
  it('answers the mall’s app links without sign-in, the app opening the code’s campaign', async () => {
    const code = (await call(mall, 'POST', '', valid({ qr_code_title: 'Vitrin' }))).json();
    const response = await deepLink(code._id, mall._id, { 'user-agent': ANDROID_UA });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      ...links,
      androidApp: `egepark://home?campaignId=${campaignId}`,
      iosApp: `egepark://home?from=qr&campaignId=${campaignId}`,
    });
  });

  it('answers 404 for an unknown code and 400 for a malformed id or mall', async () => {
    expect((await deepLink('0123456789abcdef01234567', mall._id)).statusCode).toBe(404);
    const badCode = await ctx.app.inject({
      method: 'GET',
      url: `/api/qrcode/deeplink/nope?locationId=${mall._id}`,
    });
    expect(badCode.statusCode).toBe(400);
    expect(Object.keys(badCode.json().fields)).toEqual(['qrCodeId']);
    for (const query of ['?locationId=x', '']) {
      const badMall = await ctx.app.inject({
        method: 'GET',
        url: `/api/qrcode/deeplink/0123456789abcdef01234567${query}`,
      });
      expect(badMall.statusCode, query).toBe(400);
      expect(Object.keys(badMall.json().fields)).toEqual(['locationId']);
    }
  });

  it('counts each scan with its time, platform and language; the list shows the scans', async () => {
    const code = (await call(mall, 'POST', '', valid({ qr_code_title: 'Asansor' }))).json();
    const started = Date.now();
    await deepLink(code._id, mall._id, { 'user-agent': ANDROID_UA, 'accept-language': 'tr-TR,tr;q=0.9' });
    await deepLink(code._id, mall._id, { 'user-agent': IPHONE_UA, 'accept-language': 'en-US' });
    await deepLink(code._id, mall._id, { 'user-agent': DESKTOP_UA });
    // Not counted: another mall's address of the code, and an unknown code.
    await deepLink(code._id, otherMall._id, { 'user-agent': DESKTOP_UA });
    await flushQrCodeScans(ctx.database.db);
    const scans = await ctx.database.db
      .select()
      .from(qrCodeScans)
      .where(eq(qrCodeScans.qr_code_id, code._id));
    expect(scans.map((scan) => [scan.scan_platform, scan.scan_language]).sort()).toEqual([
      ['android', 'tr-tr'],
      ['desktop', null],
      ['ios', 'en-us'],
    ]);
    for (const scan of scans) expect(scan.scan_at.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect((await call(mall, 'GET', `/${code._id}`)).json().qr_code_scan_count).toBe(3);
    const page = await call(mall, 'GET', '?orderBy=qr_code_scan_count&order=desc');
    expect(page.json().data[0]).toMatchObject({ _id: code._id, qr_code_scan_count: 3 });
  });

  it('keeps scans of a code deleted before their flush out, without failing the others', async () => {
    const gone = (await call(mall, 'POST', '', valid({ qr_code_title: 'Gecici' }))).json();
    const kept = (await call(mall, 'POST', '', valid({ qr_code_title: 'Kalici' }))).json();
    await deepLink(gone._id, mall._id);
    await deepLink(kept._id, mall._id);
    await call(mall, 'DELETE', `/${gone._id}`);
    await flushQrCodeScans(ctx.database.db);
    expect((await call(mall, 'GET', `/${kept._id}`)).json().qr_code_scan_count).toBe(1);
  });

  it('answers from memory: a crowd scanning one code reads the database once; a changed code is read again', async () => {
    const code = (await call(mall, 'POST', '', valid({ qr_code_title: 'Kalabalik' }))).json();
    let queries = 0;
    const counting = new Proxy(ctx.database.db, {
      get(target, property, receiver) {
        if (property === 'select') queries++;
        return Reflect.get(target, property, receiver);
      },
    });
    const deepLinks = await createDeepLinks(counting);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deepLinks.find(code._id, mall._id)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await deepLinks.find(code._id, mall._id);
    expect(queries).toBe(1);
    // Past its time an answer is read again; a forgotten code at once.
    await deepLinks.find(code._id, mall._id, Date.now() + 31_000);
    expect(queries).toBe(2);
    deepLinks.forget(code._id);
    await deepLinks.find(code._id, mall._id);
    expect(queries).toBe(3);
  });
});

describe('scan platform and language', () => {
  it('reads the platform from the user agent and the language from Accept-Language', () => {
    expect(scanPlatform(ANDROID_UA)).toBe('android');
    expect(scanPlatform(IPHONE_UA)).toBe('ios');
    expect(scanPlatform(DESKTOP_UA)).toBe('desktop');
    expect(scanPlatform(undefined)).toBe('other');
    expect(scanPlatform('curl/8.0')).toBe('other');
    expect(scanLanguage('tr-TR,tr;q=0.9,en;q=0.8')).toBe('tr-tr');
    expect(scanLanguage('*')).toBeNull();
    expect(scanLanguage(undefined)).toBeNull();
  });
});
