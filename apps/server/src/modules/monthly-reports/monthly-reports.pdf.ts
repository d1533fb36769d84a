import { type Language, type MonthlyReportDetail, monthlyChange, monthlyReportLabels } from '@avlu/contracts';
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  type PDFPage,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import { summaryRows } from './monthly-reports.xlsx';
import { type FontFiles, TrueTypeFont } from './truetype';

/**
 * A monthly report as an A4 PDF (`GET /reports/monthly-reports/{id}/pdf`): the mall's name, the month,
 * the summary of figures beside the month before's, then the campaigns' and the stores' tables, pages
 * numbered. Text is set in an embedded TrueType font (truetype.ts), so Turkish letters render.
 */

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
const ROW = 16;
const GREY = [0.4, 0.4, 0.4] as const;
const BLACK = [0.1, 0.1, 0.1] as const;
const LINE = rgb(0.85, 0.85, 0.85);
const HEADER_FILL = rgb(0.94, 0.95, 0.97);

type Column = { header: string; width: number; align: 'left' | 'right' };

const formatters = (lang: Language) => {
  const locale = lang === 'tr' ? 'tr-TR' : 'en-GB';
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return {
    count: (value: number) => count.format(value),
    money: (value: number) => `${money.format(value)} ₺`,
    change: (value: number, previous: number) => {
      const change = monthlyChange(value, previous);
      return change === null ? '–' : percent.format(change);
    },
  };
};

export const monthlyReportPdf = async (
  report: MonthlyReportDetail,
  lang: Language,
  fonts: FontFiles,
  timezone: string,
): Promise<Uint8Array> => {
  const words = monthlyReportLabels[lang];
  const format = formatters(lang);
  const title = `${words.title} · ${report.monthly_report_pretty_date}`;
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${report.location_name} · ${title}`);
  pdf.setAuthor('Avlu');
  pdf.setCreator('Avlu');
  pdf.setLanguage(lang === 'tr' ? 'tr-TR' : 'en-GB');
  const regular = new TrueTypeFont(fonts.regular, 'AvluSans', pdf.context);
  const bold = new TrueTypeFont(fonts.bold, 'AvluSans-Bold', pdf.context);
  // A font without the lira sign writes TL.
  const lira = (text: string) => (regular.has('₺') && bold.has('₺') ? text : text.replaceAll('₺', 'TL'));

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([A4.width, A4.height]);
    page.node.setFontDictionary(TrueTypeFont.key(regular), regular.ref);
    page.node.setFontDictionary(TrueTypeFont.key(bold), bold.ref);
    pages.push(page);
    y = A4.height - MARGIN;
  };
  const text = (
    value: string,
    x: number,
    at: number,
    options: { size?: number; font?: TrueTypeFont; colour?: readonly [number, number, number] } = {},
  ) => {
    const font = options.font ?? regular;
    const [r, g, b] = options.colour ?? BLACK;
    page.pushOperators(
      beginText(),
      setFillingRgbColor(r, g, b),
      setFontAndSize(TrueTypeFont.key(font), options.size ?? 9),
      moveText(x, at),
      showText(font.encode(lira(value))),
      endText(),
    );
  };
  /** The text cut to a width, with an ellipsis. */
  const fit = (value: string, width: number, font: TrueTypeFont, size: number) => {
    if (font.widthOf(value, size) <= width) return value;
    let cut = value;
    while (cut.length > 1 && font.widthOf(`${cut}…`, size) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const cells = (columns: Column[], values: string[], font: TrueTypeFont, fill?: boolean) => {
    if (fill)
      page.drawRectangle({
        x: MARGIN,
        y: y - 4,
        width: A4.width - 2 * MARGIN,
        height: ROW,
        color: HEADER_FILL,
      });
    let x = MARGIN + 4;
    columns.forEach((column, index) => {
      const value = fit(lira(values[index] ?? ''), column.width - 8, font, 9);
      const left = column.align === 'right' ? x + column.width - 8 - font.widthOf(value, 9) : x;
      text(value, left, y, { font });
      x += column.width;
    });
    page.drawLine({
      start: { x: MARGIN, y: y - 4 },
      end: { x: A4.width - MARGIN, y: y - 4 },
      thickness: 0.5,
      color: LINE,
    });
    y -= ROW;
  };
  /** A titled table, its header row repeated on each new page. */
  const table = (heading: string, columns: Column[], rows: string[][], empty?: string) => {
    if (y < MARGIN + ROW * 4) newPage();
    y -= 10;
    text(heading, MARGIN, y, { size: 13, font: bold });
    y -= ROW + 4;
    const header = () =>
      cells(
        columns,
        columns.map((column) => column.header),
        bold,
        true,
      );
    header();
    if (rows.length === 0 && empty) {
      text(empty, MARGIN + 4, y, { colour: GREY });
      y -= ROW;
    }
    for (const row of rows) {
      if (y < MARGIN + ROW) {
        newPage();
        header();
      }
      cells(columns, row, regular);
    }
    y -= ROW;
  };

  newPage();
  text(report.location_name, MARGIN, y - 6, { size: 20, font: bold });
  y -= 34;
  text(title, MARGIN, y, { size: 14 });
  y -= 18;
  const created = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(report.createdAt));
  text(`${words.created}: ${created.replace(/[./]/g, '-').replace(',', '')}`, MARGIN, y, {
    size: 9,
    colour: GREY,
  });
  y -= 14;

  const width = A4.width - 2 * MARGIN;
  table(
    words.summary,
    [
      { header: words.figure, width: width - 3 * 95, align: 'left' },
      { header: words.thisMonth, width: 95, align: 'right' },
      { header: words.previousMonth, width: 95, align: 'right' },
      { header: words.change, width: 95, align: 'right' },
    ],
    summaryRows(report, lang).map((row) => {
      const show = row.money ? format.money : format.count;
      return [row.label, show(row.value), show(row.previous), format.change(row.value, row.previous)];
    }),
  );
  const receiptColumns = (name: string): Column[] => [
    { header: name, width: width - 50 - 3 * 95, align: 'left' },
    { header: words.receipts, width: 50, align: 'right' },
    { header: words.amount, width: 95, align: 'right' },
    { header: words.previousAmount, width: 95, align: 'right' },
    { header: words.change, width: 95, align: 'right' },
  ];
  const receiptRow = (
    name: string,
    row: { receipts: number; receipt_amount: number; previous_receipt_amount: number },
  ) => [
    name || words.deleted,
    format.count(row.receipts),
    format.money(row.receipt_amount),
    format.money(row.previous_receipt_amount),
    format.change(row.receipt_amount, row.previous_receipt_amount),
  ];
  const data = report.monthly_report_data;
  table(
    words.campaigns,
    receiptColumns(words.campaign),
    data.campaigns.map((row) =>
      receiptRow((lang === 'en' && row.campaign_name_en) || row.campaign_name, row),
    ),
    words.none,
  );
  table(
    words.stores,
    receiptColumns(words.store),
    data.stores.map((row) => receiptRow(row.store_name, row)),
    words.none,
  );

  pages.forEach((each, index) => {
    page = each;
    const label = `${words.page} ${index + 1} / ${pages.length}`;
    text(label, A4.width - MARGIN - regular.widthOf(label, 8), MARGIN / 2, { size: 8, colour: GREY });
    text(`${report.location_name} · ${title}`, MARGIN, MARGIN / 2, { size: 8, colour: GREY });
  });
  regular.embed(pdf.context);
  bold.embed(pdf.context);
  return pdf.save();
};
