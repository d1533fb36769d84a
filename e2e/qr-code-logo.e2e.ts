import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

/** The mall's logo as its address answers it: a red square, so where it is drawn can be told. */
const LOGO_PATH = '/e2e-mall-logo.png';
const RED = { r: 220, g: 20, b: 60 };

/** The colour of the PNG's pixel at (x, y). */
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
};

/**
 * Issue 17 #4: the QR code's downloads are at print size (2048 px) and carry the mall's logo in
 * their middle: the SVG embeds it, and the PNG drawn from that SVG shows it.
 */
describe('QR code downloads with the mall’s logo', () => {
  const browser = useBrowser();

  it('draws the logo in the middle of the PNG and embeds it in the SVG, both at 2048 px', async () => {
    const { page, context } = browser;
    const logo = await sharp({ create: { width: 96, height: 96, channels: 3, background: RED } })
      .png()
      .toBuffer();
    await context.route(`**${LOGO_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: logo }),
    );
    // The mall the staff work in, with that logo (the demo malls have none of their own).
    await page.evaluate((thumbnail) => {
      const location = JSON.parse(localStorage.getItem('currentLocation') ?? 'null');
      if (!location) throw new Error('no current location');
      localStorage.setItem('currentLocation', JSON.stringify({ ...location, location_logo: { thumbnail } }));
    }, LOGO_PATH);
    await browser.open('/qr-codes');
    const rows = page.getByRole('grid', { name: 'QR Kodlar' }).getByRole('row');
    await rows.nth(1).waitFor();
    await rows.nth(1).getByRole('gridcell').first().click();
    await page.waitForURL(/\/qr-codes\/[0-9a-f]{24}$/);
    await page.getByTestId('qr-code-image').waitFor();

    const pngDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PNG indir' }).click();
    const png = await readFile((await (await pngDownload).path())!);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 2048, 2048]);
    const middle = await pixel(png, 1024, 1024);
    expect(middle.r).toBeGreaterThan(180);
    expect(middle.g).toBeLessThan(80);
    // Beside the logo, the code is black and white only.
    const corner = await pixel(png, 10, 10);
    expect(corner).toEqual({ r: 255, g: 255, b: 255 });

    const svgDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'SVG indir' }).click();
    const svg = await readFile((await (await svgDownload).path())!, 'utf8');
    expect(svg).toMatch(/^<svg [^>]*width="2048" height="2048"/);
    expect(svg).toContain(`href="data:image/png;base64,${logo.toString('base64')}"`);
    await browser.screenshot('qr-code-with-logo');
  });
});
