import { type Language, type LendingFilter, lendingExportLabels, lendingStatusLabels } from '@avlu/contracts';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { type ExportColumn, labelsOf, sendExport } from '../../platform/excel/xlsx-export';
import type { Mall } from '../customers/mall-date';
import { lendingRows, lendingWhere } from './lending.service';
import { lendings } from './lending.tables';

type Row = Awaited<ReturnType<ReturnType<typeof lendingRows>['limit']>>[number];

const PAGE = 1000;

/** The filtered lendings, oldest first, in keyset pages of (created_at, _id): memory stays flat. */
async function* rowsOf(db: Database, mall: Mall, filter: LendingFilter): AsyncGenerator<Row> {
  const where = lendingWhere(mall, filter);
  let after: { created_at: Date; _id: string } | undefined;
  for (;;) {
    const page = await lendingRows(
      db,
      and(
        where,
        after
          ? or(
              gt(lendings.created_at, after.created_at),
              and(eq(lendings.created_at, after.created_at), gt(lendings._id, after._id)),
            )
          : undefined,
      )!,
    )
      .orderBy(asc(lendings.created_at), asc(lendings._id))
      .limit(PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1];
  }
}

const label = (key: keyof (typeof lendingExportLabels)['tr']) => labelsOf(lendingExportLabels, key);

const columns: readonly ExportColumn<Row>[] = [
  { header: label('itemNo'), kind: 'text', value: (row) => row.itemNo, width: 12 },
  { header: label('itemName'), kind: 'text', value: (row) => row.itemName, width: 24 },
  { header: label('customer_name'), kind: 'text', value: (row) => row.customer_name, width: 16 },
  { header: label('customer_surname'), kind: 'text', value: (row) => row.customer_surname, width: 16 },
  { header: label('customer_phone'), kind: 'phone', value: (row) => row.customer_phone, width: 16 },
  {
    header: label('lending_status'),
    kind: 'enum',
    value: (row) => row.lending_status,
    labels: lendingStatusLabels,
    width: 14,
  },
  { header: label('createdAt'), kind: 'datetime', value: (row) => row.created_at, width: 18 },
  {
    header: label('lending_started_at'),
    kind: 'datetime',
    value: (row) => row.lending_started_at,
    width: 18,
  },
  { header: label('lending_ended_at'), kind: 'datetime', value: (row) => row.lending_ended_at, width: 18 },
];

/** GET /lending/export: the lendings the filter finds as an xlsx, times at the mall's clock, in the request's language. */
export const exportLendings = (
  db: Database,
  mall: Mall,
  filter: LendingFilter,
  lang: Language,
  reply: FastifyReply,
) =>
  sendExport(reply, {
    filename: 'lendings.xlsx',
    sheetName: label('sheet'),
    lang,
    timezone: mall.location_meta.timezone,
    columns,
    rows: rowsOf(db, mall, filter),
  });
