import { and, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { admins } from '../../modules/admins/admins.tables';
import { agreements } from '../../modules/agreements/agreements.tables';
import { campaigns } from '../../modules/campaigns/campaigns.tables';
import { feedbacks } from '../../modules/feedbacks/feedbacks.tables';
import { lendingItems } from '../../modules/lending/lending.tables';
import { locations } from '../../modules/locations/locations.tables';
import { notifications } from '../../modules/marketing/marketing.tables';
import { externalMailLists, mallPosts } from '../../modules/marketing/marketing-directory.tables';
import { receipts } from '../../modules/receipts/receipts.tables';
import { stores } from '../../modules/stores/stores.tables';
import type { Database } from '../db/database';
import { FILES_PATH } from './file-names';
import type { FileStore } from './file-store';
import { storedFiles } from './files.tables';

/**
 * A column that refers to stored files: by their public URL (`/api/files/<name>`) or by bare name;
 * `list`: the column is an array of them (a campaign's images).
 */
export type FileReference = { column: AnyPgColumn; holds: 'url' | 'name'; list?: boolean };

/**
 * Every column that may refer to a stored file. A module that keeps a file in a record (a receipt's
 * image, a feedback attachment, an agreement's PDF) adds its column here; the orphan sweep removes
 * files that none of them refers to, so a column left out here loses its files after the grace.
 */
export const fileReferences: FileReference[] = [
  { column: admins.admin_profile_photo, holds: 'url' },
  { column: locations.logo_thumbnail, holds: 'url' },
  { column: stores.store_logo, holds: 'url' },
  { column: campaigns.campaign_images, holds: 'url', list: true },
  { column: campaigns.campaign_scratch_images, holds: 'url', list: true },
  { column: receipts.receipt_photo, holds: 'name' },
  { column: receipts.receipt_thumbnail, holds: 'name' },
  { column: mallPosts.post_image, holds: 'url' },
  { column: notifications.single_content_image, holds: 'url' },
  { column: notifications.newsletter_content_image, holds: 'url' },
  { column: externalMailLists.list_file, holds: 'name' },
  { column: agreements.agreement_text_pdf_tr, holds: 'url' },
  { column: agreements.agreement_text_pdf_en, holds: 'url' },
  { column: lendingItems.itemImage, holds: 'url' },
  { column: feedbacks.feedback_file, holds: 'url' },
];

const isReferenced = (references: readonly FileReference[]): SQL =>
  or(
    ...references.map(({ column, holds, list }) => {
      const value = holds === 'url' ? sql`${FILES_PATH} || ${storedFiles.name}` : sql`${storedFiles.name}`;
      const refers = list ? sql`(${value}) = any(${column})` : sql`${column} = ${value}`;
      return sql`exists (select 1 from ${column.table} where ${refers})`;
    }),
  ) ?? sql`false`;

const BATCH = 500;

/**
 * Removes stored files older than `graceMs` that no record refers to: the upload a form never saved,
 * a replaced profile photo. Files on disk without a record (a write whose transaction failed) go too.
 * The grace leaves time between an upload and the save of the form that uses it. Answers how many.
 */
export const removeOrphanFiles = async (
  db: Database,
  store: FileStore,
  graceMs: number,
  now = new Date(),
  references: readonly FileReference[] = fileReferences,
): Promise<number> => {
  const cutoff = new Date(now.getTime() - graceMs);
  const orphans = await db
    .delete(storedFiles)
    .where(and(lt(storedFiles.created_at, cutoff), not(isReferenced(references))))
    .returning({ name: storedFiles.name });
  // After the rows are gone: a file whose delete fails is found again below next time.
  for (const { name } of orphans) await store.delete(name);
  let removed = orphans.length;
  let batch: string[] = [];
  const sweepUnrecorded = async () => {
    const recorded = new Set(
      (
        await db.select({ name: storedFiles.name }).from(storedFiles).where(inArray(storedFiles.name, batch))
      ).map((row) => row.name),
    );
    for (const name of batch.filter((name) => !recorded.has(name))) {
      await store.delete(name);
      removed++;
    }
    batch = [];
  };
  for await (const file of store.list()) {
    if (file.modifiedAt >= cutoff) continue;
    batch.push(file.name);
    if (batch.length === BATCH) await sweepUnrecorded();
  }
  if (batch.length > 0) await sweepUnrecorded();
  return removed;
};
