import { readFileSync } from 'node:fs';
import { receipt } from '@avlu/contracts';
import { PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import type { Database } from '../../platform/db/database';
import type { Files } from '../../platform/files/files';
import { channelNameKeys } from '../channels/channels.service';
import { channels } from '../channels/channels.tables';
import { customers } from '../customers/customers.tables';
import { decodeHevcHeic, detectReceiptFile, saveReceiptPhoto, stripPdfMetadata } from './receipt-photos';
import { mallWithStores } from './receipts.fixtures';

/**
 * A 64×48 iPhone-like HEIC: HEVC-coded (made with Debian's `heif-enc`, x265) from a JPEG whose EXIF
 * holds Make Apple, Model iPhone 15, ImageDescription "Gizli Kamera" and a GPS position (41.0082 N,
 * 28.9784 E), which libheif carried into the HEIC's Exif item.
 */
const iphoneHeic = readFileSync(new URL('../../../test/fixtures/receipt-iphone.heic', import.meta.url));

/**
 * The fixture announcing `width` × `height`: a small file claiming a huge photo. Like an iPhone's, its
 * primary image is a grid (of one 64×64 tile); its size is in the grid's `ispe` box (the second, after
 * the tile's) and in the grid descriptor in `idat` (16-bit output width and height at byte 4).
 */
const claimingSize = (width: number, height: number) => {
  const bytes = Buffer.from(iphoneHeic);
  const gridIspe = bytes.indexOf('ispe', bytes.indexOf('ispe') + 1);
  const idat = bytes.indexOf('idat');
  expect(gridIspe).toBeGreaterThan(0);
  expect(idat).toBeGreaterThan(0);
  bytes.writeUInt32BE(width, gridIspe + 8);
  bytes.writeUInt32BE(height, gridIspe + 12);
  bytes.writeUInt16BE(width, idat + 8);
  bytes.writeUInt16BE(height, idat + 10);
  return bytes;
};

/** `files.save` keeping the bytes in memory: the unit tests need no database. */
const memoryFiles = () => {
  const saved = new Map<string, Buffer>();
  const files: Pick<Files, 'save'> = {
    save: async (_db, data, options) => {
      const name = `f${saved.size}.${options.extension}`;
      saved.set(name, data);
      return { name } as Awaited<ReturnType<Files['save']>>;
    },
  };
  return { files, saved };
};

const noDb = {} as Database;

/** `saveReceiptPhoto` of `data`: its answer and the bytes it stored. */
const save = async (data: Buffer) => {
  const { files, saved } = memoryFiles();
  const result = await saveReceiptPhoto(noDb, files, data, { field: 'file', owner: 'test' });
  return {
    result,
    photo: saved.get(result.photo)!,
    thumbnail: result.thumbnail ? saved.get(result.thumbnail) : undefined,
  };
};

/** The 400 naming `file` that `saveReceiptPhoto` answers for a file that does not open. */
const unreadable = {
  statusCode: 400,
  code: 'VALIDATION_FAILED',
  options: { fields: { file: 'receiptFileUnreadable' } },
};

/** A one-page PDF that says who made it in its Info dictionary and in XMP on the catalog and the page. */
const pdfWithMetadata = async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setAuthor('Elif Kaya');
  doc.setProducer('Gizli Tarayıcı 9');
  doc.setCreator('Fiş Uygulaması');
  doc.setTitle('Fiş 42 Mavi');
  doc.setSubject('Mavi alışverişi');
  doc.setKeywords(['fiş', 'mavi']);
  doc.setCreationDate(new Date('2024-03-01T10:00:00Z'));
  const page = doc.addPage([200, 120]);
  page.drawText('TOPLAM 1250,50', { x: 10, y: 60, size: 12 });
  const xmp = (who: string) =>
    doc.context.register(
      doc.context.stream(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${who}</dc:creator></x:xmpmeta>`, {
        Type: 'Metadata',
        Subtype: 'XML',
      }),
    );
  doc.catalog.set(PDFName.of('Metadata'), xmp('Elif Kaya XMP'));
  page.node.set(PDFName.of('Metadata'), xmp('Sayfa XMP'));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
};

const streamTexts = (doc: PDFDocument) =>
  doc.context
    .enumerateIndirectObjects()
    .filter((entry): entry is [(typeof entry)[0], PDFStream] => entry[1] instanceof PDFStream)
    .map(([, stream]) =>
      stream instanceof PDFRawStream ? Buffer.from(stream.contents).toString('latin1') : '',
    );

describe('receipt photos: HEIC', () => {
  it('has a fixture that is a real HEVC HEIC with GPS in its EXIF, which sharp alone cannot decode', async () => {
    expect(iphoneHeic.length).toBeLessThan(4096);
    expect(detectReceiptFile(iphoneHeic)).toBe('heic');
    const meta = await sharp(iphoneHeic).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'hevc', width: 64, height: 48 });
    // The EXIF's GPS IFD pointer (tag 0x8825) and the camera are there to be dropped.
    expect(
      meta.exif?.includes(Buffer.from([0x88, 0x25])) || meta.exif?.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    expect(meta.exif?.includes(Buffer.from('iPhone 15'))).toBe(true);
    await expect(sharp(iphoneHeic).jpeg().toBuffer()).rejects.toThrow();
  });

  it('decodes an HEVC HEIC to RGBA in a worker', async () => {
    const image = await decodeHevcHeic(iphoneHeic);
    expect(image).toMatchObject({ width: 64, height: 48 });
    expect(image!.data.length).toBe(64 * 48 * 4);
  });

  it('keeps an iPhone HEIC as a JPEG without EXIF or GPS, with a thumbnail', async () => {
    const { result, photo, thumbnail } = await save(iphoneHeic);
    expect(result.type).toBe('jpg');
    const meta = await sharp(photo).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(photo.includes(Buffer.from('iPhone'))).toBe(false);
    expect(photo.includes(Buffer.from('Gizli Kamera'))).toBe(false);
    // Still the picture: the top-left corner is dark and blue-ish as drawn, not blank.
    const { data } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]!).toBeGreaterThan(data[0]! + 40);
    expect(thumbnail).toBeDefined();
    const small = await sharp(thumbnail!).metadata();
    expect(small).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(small.exif).toBeUndefined();
  });

  it('refuses a corrupt or truncated HEIC as unreadable, naming the file', async () => {
    const garbled = Buffer.from(iphoneHeic);
    garbled.fill(0x5a, 300);
    await expect(save(garbled)).rejects.toMatchObject(unreadable);
    await expect(save(iphoneHeic.subarray(0, 600))).rejects.toMatchObject(unreadable);
    const brandOnly = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.alloc(40, 7),
    ]);
    await expect(save(brandOnly)).rejects.toMatchObject(unreadable);
  });

  it('refuses a HEIC announcing more pixels than the limit before decoding it', async () => {
    const huge = claimingSize(10_000, 5_000);
    expect(await sharp(huge).metadata()).toMatchObject({ width: 10_000, height: 5_000 });
    // The worker reads the size from the container and decodes nothing.
    expect(await decodeHevcHeic(huge)).toBeUndefined();
    await expect(save(huge)).rejects.toMatchObject(unreadable);
  });
});

describe('receipt photos: PDF', () => {
  it('writes a PDF afresh without its Info dictionary and XMP, keeping its page', async () => {
    const original = await pdfWithMetadata();
    const before = await PDFDocument.load(original, { updateMetadata: false });
    expect(before.getAuthor()).toBe('Elif Kaya');
    expect(before.catalog.get(PDFName.of('Metadata'))).toBeDefined();

    const { result, photo, thumbnail } = await save(original);
    expect(result).toMatchObject({ type: 'pdf', thumbnail: null });
    expect(thumbnail).toBeUndefined();
    expect(detectReceiptFile(photo)).toBe('pdf');
    const after = await PDFDocument.load(photo, { updateMetadata: false });
    // Before any getter below: pdf-lib's getters make an empty Info dictionary when there is none.
    expect(after.context.trailerInfo.Info).toBeUndefined();
    expect(after.getAuthor()).toBeUndefined();
    expect(after.getProducer()).toBeUndefined();
    expect(after.getCreator()).toBeUndefined();
    expect(after.getTitle()).toBeUndefined();
    expect(after.getSubject()).toBeUndefined();
    expect(after.getKeywords()).toBeUndefined();
    expect(after.getCreationDate()).toBeUndefined();
    expect(after.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(after.getPage(0).node.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(after.getPageCount()).toBe(1);
    expect(streamTexts(after).some((text) => text.includes('xmpmeta'))).toBe(false);
    for (const words of ['Elif Kaya', 'Gizli', 'xmpmeta', '/Info', '/Producer', '/Author']) {
      expect(photo.includes(Buffer.from(words))).toBe(false);
    }
    // The hash is of the uploaded bytes: the same upload is found again as a duplicate.
    expect(result.hash).toBe((await save(original)).result.hash);
  });

  it('drops XMP that no object refers to any more (an earlier revision’s)', async () => {
    const doc = await PDFDocument.load(await pdfWithMetadata(), { updateMetadata: false });
    doc.catalog.delete(PDFName.of('Metadata'));
    const orphaned = Buffer.from(await doc.save({ useObjectStreams: false }));
    expect(orphaned.includes(Buffer.from('Elif Kaya XMP'))).toBe(true);
    const cleaned = await stripPdfMetadata(orphaned);
    expect(cleaned!.includes(Buffer.from('Elif Kaya XMP'))).toBe(false);
    const after = await PDFDocument.load(cleaned!, { updateMetadata: false });
    expect(streamTexts(after).some((text) => text.includes('xmpmeta'))).toBe(false);
  });

  it('refuses an encrypted or unparseable PDF as unreadable, naming the file', async () => {
    const encrypted = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
        'trailer << /Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) ' +
        '/U (0123456789abcdef0123456789abcdef) /P -4 >> >>\n%%EOF\n',
    );
    expect(detectReceiptFile(encrypted)).toBe('pdf');
    await expect(save(encrypted)).rejects.toMatchObject(unreadable);
    const garbage = Buffer.from('%PDF-1.4\nbu bir fiş değil\n%%EOF\n');
    expect(detectReceiptFile(garbage)).toBe('pdf');
    await expect(save(garbage)).rejects.toMatchObject(unreadable);
  });

  it('still takes the smallest PDF, a catalog and a trailer', async () => {
    const minimal = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const { result, photo } = await save(minimal);
    expect(result.type).toBe('pdf');
    expect(detectReceiptFile(photo)).toBe('pdf');
  });
});

describe('receipt photos through the desk upload', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  const newDesk = async () => {
    const { mall, mavi } = await mallWithStores(db(), () => ctx.newLocation());
    const channel_name = 'Danışma HEIC';
    const [channel] = await db()
      .insert(channels)
      .values({
        location_id: mall._id,
        channel_name,
        channel_name_en: channel_name,
        ...channelNameKeys({ channel_name, channel_name_en: channel_name }),
        channel_exp: channel_name,
        channel_exp_en: channel_name,
        channel_cdp_receipt_entry: true,
      })
      .returning();
    const [customer] = await db()
      .insert(customers)
      .values({
        location_id: mall._id,
        customer_phone: '+905331234567',
        customer_name: 'Elif',
        customer_surname: 'Kaya',
      })
      .returning();
    return { mall, mavi, channelId: channel!._id, customerId: customer!._id };
  };

  let serial = 0;
  const enter = (desk: Awaited<ReturnType<typeof newDesk>>, file: Buffer, filename: string) => {
    const fields = {
      receipt_no: `H-${++serial}`,
      receipt_amount: '99.90',
      currency: 'TRY',
      receipt_date: new Date(Date.now() - 86_400_000).toISOString(),
      store_id: desk.mavi,
    };
    const body = multipartForm(fields, { data: file, filename });
    return ctx.inject({
      method: 'POST',
      url: `/api/shopping-receipts/${desk.channelId}?customerId=${desk.customerId}&locationId=${desk.mall._id}`,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'en' },
    });
  };

  const bytesOf = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('takes an iPhone HEIC as a JPEG without EXIF, with a thumbnail, and a PDF without its metadata', async () => {
    const desk = await newDesk();
    const response = await enter(desk, iphoneHeic, 'IMG_0042.HEIC');
    expect(response.statusCode, response.body).toBe(201);
    const saved = receipt.parse(response.json());
    expect(saved.receipt_photo_type).toBe('jpg');
    const meta = await sharp(await bytesOf(saved.receipt_photo_url)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect((await sharp(await bytesOf(saved.receipt_thumbnail_url!)).metadata()).format).toBe('jpeg');

    const pdf = await enter(desk, await pdfWithMetadata(), 'fis.pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    const asPdf = receipt.parse(pdf.json());
    expect(asPdf).toMatchObject({ receipt_photo_type: 'pdf', receipt_thumbnail_url: null });
    const stored = await PDFDocument.load(await bytesOf(asPdf.receipt_photo_url), { updateMetadata: false });
    expect(stored.getAuthor()).toBeUndefined();
    expect(stored.getProducer()).toBeUndefined();
    expect(stored.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
  });

  it('answers 400 naming the file for a corrupt HEIC and an encrypted PDF, never 500', async () => {
    const desk = await newDesk();
    const garbled = Buffer.from(iphoneHeic);
    garbled.fill(0x5a, 300);
    const encrypted = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 >> >>\n%%EOF\n',
    );
    for (const [file, name] of [
      [garbled, 'IMG_0043.HEIC'],
      [encrypted, 'fis.pdf'],
    ] as const) {
      const response = await enter(desk, file, name);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toEqual({
        file: 'The receipt photo could not be opened; upload another photo',
      });
    }
  });
});
