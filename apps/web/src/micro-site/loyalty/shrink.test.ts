import { describe, expect, it } from 'vitest';
import { fitWithin, RECEIPT_PHOTO_MAX_SIDE, shrinkReceiptPhoto } from './shrink';

describe('the receipt photo’s size before upload', () => {
  it('brings the longer side of a phone photo down to the limit, keeping its proportions', () => {
    expect(RECEIPT_PHOTO_MAX_SIDE).toBe(2000);
    // A 12-megapixel portrait photo.
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000, scaled: true });
    expect(fitWithin(4032, 3024)).toEqual({ width: 2000, height: 1500, scaled: true });
    expect(fitWithin(4000, 4000)).toEqual({ width: 2000, height: 2000, scaled: true });
    // A long thin receipt: the short side rounds and never vanishes.
    expect(fitWithin(600, 9000)).toEqual({ width: 133, height: 2000, scaled: true });
    expect(fitWithin(1, 100_000)).toEqual({ width: 1, height: 2000, scaled: true });
  });

  it('keeps a photo already small enough, the limit itself included', () => {
    expect(fitWithin(1200, 1600)).toEqual({ width: 1200, height: 1600, scaled: false });
    expect(fitWithin(2000, 1000)).toEqual({ width: 2000, height: 1000, scaled: false });
    expect(fitWithin(2001, 1000)).toEqual({ width: 2000, height: 1000, scaled: true });
    expect(fitWithin(800, 600, 400)).toEqual({ width: 400, height: 300, scaled: true });
  });

  it('sends a PDF as it is, and a photo the browser cannot decode as it is', async () => {
    const pdf = new File(['%PDF-1.7'], 'fis.pdf', { type: 'application/pdf' });
    expect(await shrinkReceiptPhoto(pdf)).toBe(pdf);
    const heic = new File(['not decodable here'], 'IMG_0001.HEIC', { type: 'image/heic' });
    expect(await shrinkReceiptPhoto(heic)).toBe(heic);
  });
});
