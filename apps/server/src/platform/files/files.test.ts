import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';

const dataDir = await mkdtemp(path.join(tmpdir(), 'avlu-files-'));
const ctx = useTestApp({ config: { dataDir } });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 3),
]);

const multipart = (
  parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>,
) => {
  const boundary = 'avluTestBoundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const upload = async (parts: Parameters<typeof multipart>[0], signedIn = true) => {
  const body = multipart(parts);
  const staff = await ctx.newStaff();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: body.payload,
    headers: { ...body.headers, ...(signedIn ? staff.headers : {}), 'accept-language': 'en' },
  });
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
      expect(url).toMatch(new RegExp(`^/api/files/[0-9a-f]{24}\\.${extension}$`));
      const read = await ctx.app.inject({ url });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe(type);
      expect(read.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(read.rawPayload.equals(data)).toBe(true);
    },
  );

  it('answers 415 for a file that is not a JPEG, PNG or WebP, even named .png', async () => {
    const response = await upload([
      { name: 'file', filename: 'evil.png', type: 'image/png', data: '<svg onload="alert(1)"/>' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
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
    expect((await upload([{ name: 'file', filename: 'a.png', data: PNG }], false)).statusCode).toBe(401);
  });
});

describe('GET /api/files/{name}', () => {
  it('answers 404 for an unknown file and 400 for a name the server would never make', async () => {
    expect((await ctx.app.inject({ url: '/api/files/65a1b2c3d4e5f60718293a4b.png' })).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '65a1b2c3d4e5f60718293a4b.svg', 'x.png'])
      expect((await ctx.app.inject({ url: `/api/files/${name}` })).statusCode, name).toBe(400);
  });
});
