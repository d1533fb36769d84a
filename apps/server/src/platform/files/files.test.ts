import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestStaff, testConfig, useTestApp } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { admins } from '../../modules/admins/admins.tables';
import { newFileName } from './file-names';
import { removeOrphanFiles } from './file-references';
import { storedFiles } from './files.tables';

const dataDir = await mkdtemp(path.join(tmpdir(), 'avlu-files-'));
const UPLOADS_PER_DAY = 6;
const ctx = useTestApp({
  config: { dataDir, files: { ...testConfig().files, uploadsPerDay: UPLOADS_PER_DAY } },
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const image = (format: 'png' | 'jpeg' | 'webp', width = 16, height = 12) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
const PNG = await image('png');
const JPEG = await image('jpeg');
const WEBP = await image('webp');

const upload = async (
  parts: Parameters<typeof multipart>[0],
  as: TestStaff | null | undefined = undefined,
  lang = 'en',
) => {
  const body = multipart(parts);
  const staff = as === undefined ? await ctx.newStaff() : as;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: body.payload,
    headers: { ...body.headers, ...(staff ? staff.headers : {}), 'accept-language': lang },
  });
};
const uploadImage = async (data: Buffer, as?: TestStaff) => {
  const response = await upload([{ name: 'file', filename: 'photo.jpg', data }], as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url as string;
};

describe('POST /api/files', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpg', JPEG, 'image/jpeg'],
    ['webp', WEBP, 'image/webp'],
  ])(
    'stores a %s found by its bytes, whatever its name says, and serves it publicly',
    async (extension, data, type) => {
      const response = await upload([
        { name: 'file', filename: 'photo.gif', type: 'application/octet-stream', data },
      ]);
      expect(response.statusCode).toBe(201);
      const { url } = response.json();
      expect(url).toMatch(new RegExp(`^/api/files/[A-Za-z0-9_-]{43}\\.${extension}$`));
      const read = await ctx.app.inject({ url });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe(type);
      expect(read.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stored = await sharp(read.rawPayload).metadata();
      expect([stored.width, stored.height]).toEqual([16, 12]);
    },
  );

  it('names files with 256 random bits: 43 base64url characters, nothing shared between uploads', async () => {
    const staff = await ctx.newStaff();
    const names = [];
    for (let i = 0; i < UPLOADS_PER_DAY; i++) names.push((await uploadImage(PNG, staff)).slice(11, 54));
    for (const name of names) expect(Buffer.from(name, 'base64url')).toHaveLength(32);
    // A time-and-counter id shares its leading characters with the next upload's; random names do not.
    expect(new Set(names.map((name) => name.slice(0, 6))).size).toBe(names.length);
    expect(new Set(names.map((name) => name.slice(-6))).size).toBe(names.length);
  });

  it('re-encodes images: EXIF (GPS) and anything appended are gone, large images are scaled down', async () => {
    const withExif = await sharp(await image('jpeg', 3000, 100))
      .withExif({ IFD0: { Copyright: 'secret camera owner' }, IFD3: { GPSLatitudeRef: 'N' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const polyglot = Buffer.concat([withExif, Buffer.from('<script>alert(1)</script>')]);
    const url = await uploadImage(polyglot);
    const read = await ctx.app.inject({ url });
    const stored = await sharp(read.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([2048, 68]);
    expect(read.rawPayload.includes('secret camera owner')).toBe(false);
    expect(read.rawPayload.includes('<script>')).toBe(false);
  });

  it('answers 415 for a file that is not a JPEG, PNG or WebP, even named .png, and for one that does not decode', async () => {
    const svg = await upload([
      { name: 'file', filename: 'evil.png', type: 'image/png', data: '<svg onload="alert(1)"/>' },
    ]);
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 1)]);
    expect((await upload([{ name: 'file', filename: 'a.png', data: broken }])).statusCode).toBe(415);
  });

  it('answers 413 for an image over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload([{ name: 'file', filename: 'big.png', type: 'image/png', data: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 400 without a file, and for a second part', async () => {
    const none = await upload([]);
    expect(none.statusCode).toBe(400);
    const field = await upload([{ name: 'note', data: 'hello' }]);
    expect(field.statusCode).toBe(400);
    expect(field.json().fields).toEqual({ note: 'Unknown field' });
    const two = await upload([
      { name: 'file', filename: 'a.png', data: PNG },
      { name: 'file', filename: 'b.png', data: PNG },
    ]);
    expect(two.statusCode).toBe(413);
  });

  it('answers 415 for a JSON body and 401 without sign-in', async () => {
    const staff = await ctx.newStaff();
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: { file: 'x' },
      headers: staff.headers,
    });
    expect(json.statusCode).toBe(415);
    expect((await upload([{ name: 'file', filename: 'a.png', data: PNG }], null)).statusCode).toBe(401);
  });

  it('answers 429 in the caller’s language once a user used the daily quota; others still upload', async () => {
    const staff = await ctx.newStaff();
    for (let i = 0; i < UPLOADS_PER_DAY; i++) await uploadImage(PNG, staff);
    const refused = await upload([{ name: 'file', filename: 'a.png', data: PNG }], staff, 'tr');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message: `Yükleme sınırına ulaştınız: 24 saatte en fazla ${UPLOADS_PER_DAY} dosya ve 200 MB; lütfen daha sonra tekrar deneyin`,
    });
    expect(
      (
        await ctx.database.db
          .select()
          .from(storedFiles)
          .where(eq(storedFiles.owner, `admin:${staff._id}`))
      ).length,
    ).toBe(UPLOADS_PER_DAY);
    await uploadImage(PNG);
  });
});

describe('the upload quota under concurrency', () => {
  it('lets concurrent uploads of one user through only up to the quota', async () => {
    const staff = await ctx.newStaff();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS_PER_DAY + 3 }, () =>
        upload([{ name: 'file', filename: 'a.png', data: PNG }], staff),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(UPLOADS_PER_DAY).fill(201), 429, 429, 429]);
  });
});

describe('GET /api/files/{name}', () => {
  it('answers 404 for an unknown file and 400 for a name the server would never make', async () => {
    expect((await ctx.app.inject({ url: `/api/files/${newFileName('png')}` })).statusCode).toBe(404);
    // The old 24-hex ids are no names any more.
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '65a1b2c3d4e5f60718293a4b.png', 'x.png'])
      expect((await ctx.app.inject({ url: `/api/files/${name}` })).statusCode, name).toBe(400);
  });

  it('serves a private file only with a valid, unexpired signature', async () => {
    const file = await ctx.app.files.save(ctx.database.db, PNG, { extension: 'png', visibility: 'private' });
    const url = `/api/files/${file.name}`;
    const refused = async (address: string) => {
      const response = await ctx.app.inject({ url: address, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, address).toBe(403);
      expect(response.json(), address).toMatchObject({
        code: 'FILE_LINK_INVALID',
        message: 'The file link is invalid or has expired',
      });
    };
    await refused(url);
    const signed = ctx.app.files.signedUrl(file.name);
    const { expires, signature } = Object.fromEntries(new URL(signed, 'http://x').searchParams);
    await refused(`${url}?expires=${expires}`);
    await refused(`${url}?expires=${expires}&signature=${'A'.repeat(43)}`);
    // Moving the expiry or using the signature for another file breaks it.
    await refused(`${url}?expires=${Number(expires) + 3600}&signature=${signature}`);
    const other = await ctx.app.files.save(ctx.database.db, PNG, { extension: 'png', visibility: 'private' });
    await refused(`/api/files/${other.name}?expires=${expires}&signature=${signature}`);
    // Signed an hour ago with a 15-minute life: expired.
    await refused(ctx.app.files.signedUrl(file.name, new Date(Date.now() - 3_600_000)));
    const read = await ctx.app.inject({ url: signed });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.rawPayload.equals(PNG)).toBe(true);
  });
});

const profile = (staff: TestStaff, photo: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/core/admin/profile',
    headers: { ...staff.headers, 'accept-language': 'en' },
    payload: { admin_name: 'Ayşe', admin_surname: 'Yılmaz', admin_profile_photo: photo },
  });

describe('admin_profile_photo', () => {
  it('accepts only an image uploaded to our file store', async () => {
    const staff = await ctx.newStaff();
    for (const photo of [
      'javascript:alert(1)',
      'https://tracker.example/x.gif',
      `data:image/png;base64,${PNG.toString('base64')}`,
      `https://evil.example/api/files/${newFileName('png')}`,
    ]) {
      const response = await profile(staff, photo);
      expect(response.statusCode, photo).toBe(400);
      expect(response.json().fields, photo).toEqual({
        admin_profile_photo: 'Must be an image uploaded to this server',
      });
    }
    // The right shape, but no such file (or a private one): refused too.
    const missing = await profile(staff, `/api/files/${newFileName('png')}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ admin_profile_photo: 'Image not found; please upload it again' });
    const hidden = await ctx.app.files.save(ctx.database.db, PNG, {
      extension: 'png',
      visibility: 'private',
    });
    expect((await profile(staff, `/api/files/${hidden.name}`)).statusCode).toBe(400);
    const url = await uploadImage(JPEG, staff);
    const saved = await profile(staff, url);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().admin_profile_photo).toBe(url);
    expect((await profile(staff, null)).json().admin_profile_photo).toBeNull();
  });
});

describe('the orphan sweep', () => {
  it('removes files no record refers to once older than the grace, and keeps referenced and recent ones', async () => {
    const staff = await ctx.newStaff();
    const kept = await uploadImage(PNG, staff);
    const orphan = await uploadImage(PNG, staff);
    expect((await profile(staff, kept)).statusCode).toBe(200);
    // A file on disk without a record (a write whose transaction failed), old enough.
    const stray = newFileName('png');
    await writeFile(path.join(dataDir, 'files', stray), PNG);
    const old = new Date(Date.now() - 48 * 3_600_000);
    await utimes(path.join(dataDir, 'files', stray), old, old);
    const grace = ctx.config.files.orphanGraceHours * 3_600_000;
    // Within the grace nothing of these goes.
    await removeOrphanFiles(ctx.database.db, ctx.app.files.store, grace);
    expect((await ctx.app.inject({ url: orphan })).statusCode).toBe(200);
    const later = new Date(Date.now() + grace + 60_000);
    expect(
      await removeOrphanFiles(ctx.database.db, ctx.app.files.store, grace, later),
    ).toBeGreaterThanOrEqual(2);
    expect((await ctx.app.inject({ url: orphan })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: kept })).statusCode).toBe(200);
    expect(await ctx.app.files.store.get(stray)).toBeUndefined();
    // The photo's user is deleted: the photo goes with the next sweep.
    await ctx.database.db.update(admins).set({ admin_profile_photo: null }).where(eq(admins._id, staff._id));
    await removeOrphanFiles(ctx.database.db, ctx.app.files.store, grace, later);
    expect((await ctx.app.inject({ url: kept })).statusCode).toBe(404);
  });
});
