import { describe, expect, it } from 'vitest';
import { PRINT_SIZE, qrSvg } from './qr-image';

const VALUE =
  'https://avlu.example.com/redirect?qrCodeId=64f0000000000000000000a1&locationId=64f0000000000000000000b1';
/** A 1×1 red PNG: the mall's logo as the page reads it (a data: URL). */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;

describe('the QR code image', () => {
  it('is drawn at print size with the mall’s logo on a white square in its middle', () => {
    const svg = parse(qrSvg(VALUE, LOGO));
    expect(svg.getAttribute('width')).toBe(String(PRINT_SIZE));
    expect(svg.getAttribute('height')).toBe(String(PRINT_SIZE));
    const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const logo = svg.querySelector('image')!;
    expect(logo.getAttribute('href')).toBe(LOGO);
    const size = Number(logo.getAttribute('width'));
    const x = Number(logo.getAttribute('x'));
    // Centred, and small enough for the high error correction to read through it (under 30 %).
    expect(x + size / 2).toBeCloseTo(modules / 2);
    expect(Number(logo.getAttribute('y'))).toBe(x);
    expect(size / modules).toBeGreaterThan(0.15);
    expect(size / modules).toBeLessThan(0.3);
    const backing = svg.querySelectorAll('rect')[1]!;
    expect(backing.getAttribute('fill')).toBe('#fff');
    expect(Number(backing.getAttribute('width'))).toBeGreaterThan(size);
  });

  it('escapes the logo’s address so it cannot break out of the attribute', () => {
    const svg = qrSvg(VALUE, 'data:image/svg+xml,"><script>alert(1)</script>');
    expect(svg).not.toContain('<script>');
    expect(parse(svg).querySelector('image')!.getAttribute('href')).toBe(
      'data:image/svg+xml,"><script>alert(1)</script>',
    );
  });

  it('has no logo when the mall has none', () => {
    expect(parse(qrSvg(VALUE, null)).querySelector('image')).toBeNull();
  });
});
