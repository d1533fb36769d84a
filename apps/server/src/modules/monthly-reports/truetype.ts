import { readFileSync } from 'node:fs';
import { type PDFContext, PDFHexString, PDFName, type PDFRef, PDFString } from 'pdf-lib';

/**
 * A TrueType font embedded whole in a PDF as a composite font (Type0 / CIDFontType2, Identity-H), so
 * any letter the font has renders, Turkish ones among them (ç ğ ı İ ö ş ü). pdf-lib alone writes only
 * the standard fonts, whose encoding lacks ğ ı ş; its custom-font path needs fontkit, which the
 * project does not carry. Reading a TrueType file is small: the cmap's format 4 subtable (Unicode's
 * basic plane) gives glyph ids, hmtx their widths; the PDF gets the used glyphs' widths and a
 * ToUnicode map, so the text can be copied and searched.
 */

/** Fonts with Turkish letters found on Debian (fonts-liberation, fonts-dejavu-core) and elsewhere, regular then bold. */
const CANDIDATES: readonly (readonly [string, string])[] = [
  [
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  ],
  [
    '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
  ],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/dejavu/DejaVuSans.ttf', '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/TTF/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf'],
];

export type FontFiles = { regular: Uint8Array; bold: Uint8Array };
let found: FontFiles | null | undefined;
/** The first pair of candidate fonts present (read once); null when none is (the PDF route then answers 503). */
export const reportFonts = (): FontFiles | null => {
  if (found !== undefined) return found;
  found = null;
  for (const [regular, bold] of CANDIDATES) {
    try {
      found = { regular: readFileSync(regular), bold: readFileSync(bold) };
      break;
    } catch {
      // Not on this machine: the next candidate.
    }
  }
  return found;
};

export class TrueTypeFont {
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly bbox: [number, number, number, number];
  private readonly view: DataView;
  private readonly tables = new Map<string, { offset: number; length: number }>();
  private readonly advances: number[] = [];
  private readonly cmap: number;
  /** Glyph ids used, with the text each stands for (for the ToUnicode map). */
  private readonly used = new Map<number, string>();
  readonly ref: PDFRef;

  constructor(
    readonly bytes: Uint8Array,
    readonly name: string,
    context: PDFContext,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = this.u16(4);
    for (let index = 0; index < count; index++) {
      const at = 12 + index * 16;
      const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
      this.tables.set(tag, { offset: this.u32(at + 8), length: this.u32(at + 12) });
    }
    const head = this.table('head');
    this.unitsPerEm = this.u16(head + 18);
    const scale = (value: number) => Math.round((value * 1000) / this.unitsPerEm);
    this.bbox = [
      scale(this.i16(head + 36)),
      scale(this.i16(head + 38)),
      scale(this.i16(head + 40)),
      scale(this.i16(head + 42)),
    ];
    const hhea = this.table('hhea');
    this.ascent = scale(this.i16(hhea + 4));
    this.descent = scale(this.i16(hhea + 6));
    const metrics = this.u16(hhea + 34);
    const hmtx = this.table('hmtx');
    for (let index = 0; index < metrics; index++) this.advances.push(this.u16(hmtx + index * 4));
    this.cmap = this.unicodeSubtable();
    this.ref = context.nextRef();
  }

  private u16 = (at: number) => this.view.getUint16(at);
  private i16 = (at: number) => this.view.getInt16(at);
  private u32 = (at: number) => this.view.getUint32(at);
  private table(tag: string) {
    const table = this.tables.get(tag);
    if (!table) throw new Error(`font has no ${tag} table`);
    return table.offset;
  }

  /** The offset of the cmap's Unicode BMP subtable (format 4). */
  private unicodeSubtable() {
    const cmap = this.table('cmap');
    const count = this.u16(cmap + 2);
    let best = -1;
    for (let index = 0; index < count; index++) {
      const at = cmap + 4 + index * 8;
      const platform = this.u16(at);
      const encoding = this.u16(at + 2);
      const offset = cmap + this.u32(at + 4);
      if (this.u16(offset) !== 4) continue;
      if (platform === 3 && encoding === 1) return offset;
      if (platform === 0) best = offset;
    }
    if (best < 0) throw new Error('font has no Unicode cmap');
    return best;
  }

  /** The glyph of a character of the basic plane; 0 (.notdef) when the font lacks it. */
  glyphOf(code: number): number {
    if (code > 0xffff) return 0;
    const at = this.cmap;
    const segments = this.u16(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let index = 0; index < segments; index++) {
      if (this.u16(ends + index * 2) < code) continue;
      const start = this.u16(starts + index * 2);
      if (start > code) return 0;
      const delta = this.i16(deltas + index * 2);
      const rangeOffset = this.u16(rangeOffsets + index * 2);
      if (rangeOffset === 0) return (code + delta) & 0xffff;
      const glyph = this.u16(rangeOffsets + index * 2 + rangeOffset + (code - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  }

  has(char: string) {
    return this.glyphOf(char.codePointAt(0) ?? 0) !== 0;
  }

  private advanceOf(glyph: number) {
    return this.advances[Math.min(glyph, this.advances.length - 1)] ?? 0;
  }

  /** The width of a text at a size, in points. */
  widthOf(text: string, size: number) {
    let units = 0;
    for (const char of text) units += this.advanceOf(this.glyphOf(char.codePointAt(0) ?? 0));
    return (units * size) / this.unitsPerEm;
  }

  /** The text as the hex string of its glyph ids, noting each glyph for the PDF's width and ToUnicode tables. */
  encode(text: string): PDFHexString {
    let hex = '';
    for (const char of text) {
      const glyph = this.glyphOf(char.codePointAt(0) ?? 0);
      if (!this.used.has(glyph)) this.used.set(glyph, char);
      hex += glyph.toString(16).padStart(4, '0');
    }
    return PDFHexString.of(hex);
  }

  /** Writes the font's objects under `ref` (after the pages are drawn: the widths are the used glyphs'). */
  embed(context: PDFContext) {
    const glyphs = [...this.used.keys()].sort((a, b) => a - b);
    const widths: (number | number[])[] = [];
    for (const glyph of glyphs)
      widths.push(glyph, [Math.round((this.advanceOf(glyph) * 1000) / this.unitsPerEm)]);
    const file = context.register(context.flateStream(this.bytes, { Length1: this.bytes.length }));
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: this.name,
        Flags: 32,
        FontBBox: this.bbox,
        ItalicAngle: 0,
        Ascent: this.ascent,
        Descent: this.descent,
        CapHeight: this.ascent,
        StemV: 80,
        FontFile2: file,
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: this.name,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: widths,
        CIDToGIDMap: 'Identity',
      }),
    );
    const utf16 = (text: string) =>
      [...text]
        .map((char) => {
          const code = char.codePointAt(0) ?? 0;
          if (code <= 0xffff) return code.toString(16).padStart(4, '0');
          const high = 0xd800 + ((code - 0x10000) >> 10);
          const low = 0xdc00 + ((code - 0x10000) & 0x3ff);
          return high.toString(16) + low.toString(16);
        })
        .join('');
    const entries = glyphs.map(
      (glyph) => `<${glyph.toString(16).padStart(4, '0')}> <${utf16(this.used.get(glyph)!)}>`,
    );
    const chunks: string[] = [];
    for (let index = 0; index < entries.length; index += 100) {
      const part = entries.slice(index, index + 100);
      chunks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
    }
    const cmap = [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <ffff>',
      'endcodespacerange',
      ...chunks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
    const toUnicode = context.register(context.flateStream(cmap));
    context.assign(
      this.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: this.name,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }

  /** The name this font has in a page's resources. */
  static key = (font: TrueTypeFont) => PDFName.of(font.name);
}
