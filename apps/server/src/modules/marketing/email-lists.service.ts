import {
  EMAIL_LIST_MAX_ADDRESSES,
  EMAIL_LIST_MAX_ROWS,
  EMAIL_LIST_REPORTED_ROWS,
  type EmailList,
  type EmailListUploadResult,
  emailListInput,
  externalAddress,
  type Language,
} from '@avlu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { readSpreadsheetUpload, spreadsheetInvalid } from '../../platform/excel/spreadsheet-upload';
import type { Files } from '../../platform/files/files';
import { newId } from '../../platform/ids';
import type { Acting } from '../users/acting';
import { notifications } from './marketing.tables';
import { emailOptOuts, externalMailAddresses, externalMailLists } from './marketing-directory.tables';

/**
 * External email lists (spec §3, §5, §7 `/marketing/email-external-lists`, issue 16 #7): an xlsx
 * whose column A holds addresses, several in a cell separated by semicolons. Each address is
 * trimmed and lower-cased; one that is not an address, or that came before in the file, is
 * reported with its row and not kept. A list is written whole or not at all. An address that
 * unsubscribed (`email_opt_outs`) stays in the list but gets no commercial mail (audience.service.ts
 * and dispatch leave it out).
 */
export const EMAIL_LIST_FILE_FIELD = 'list_file';
export const EMAIL_LIST_NAME_FIELD = 'list_name';

type Row = { row: number; value: string };

/** What a file holds: the addresses to keep with their rows, and the refused ones. */
export const readEmailListFile = async (data: Buffer, lang: Language) => {
  const kept = new Map<string, number>();
  const invalid: Row[] = [];
  const duplicate: Row[] = [];
  let invalidCount = 0;
  let duplicateCount = 0;
  for await (const { number, cells } of readSpreadsheetUpload(data, {
    field: EMAIL_LIST_FILE_FIELD,
    lang,
    maxDataRows: EMAIL_LIST_MAX_ROWS,
  })) {
    const cell = cells[0];
    if (cell === undefined || cell === '') continue;
    const text = String(cell);
    // A first row without any address is the column's heading ("E-posta", "Email").
    if (number === 1 && !text.includes('@')) continue;
    for (const part of text.split(';')) {
      const value = part.trim();
      if (value === '') continue;
      const address = value.toLowerCase();
      if (!externalAddress.safeParse(address).success) {
        invalidCount++;
        if (invalid.length < EMAIL_LIST_REPORTED_ROWS)
          invalid.push({ row: number, value: value.slice(0, 300) });
      } else if (kept.has(address)) {
        duplicateCount++;
        if (duplicate.length < EMAIL_LIST_REPORTED_ROWS) duplicate.push({ row: number, value: address });
      } else {
        if (kept.size >= EMAIL_LIST_MAX_ADDRESSES)
          throw spreadsheetInvalid(EMAIL_LIST_FILE_FIELD, lang, 'emailListTooManyAddresses', {
            maximum: EMAIL_LIST_MAX_ADDRESSES,
          });
        kept.set(address, number);
      }
    }
  }
  return { kept, invalid, duplicate, invalidCount, duplicateCount };
};

const optedOutCount = sql<number>`(select count(*) from ${externalMailAddresses} a join ${emailOptOuts} o
  on o.location_id = a.location_id and o.opt_out_email = a.address_email
  where a.external_mail_list_id = "external_mail_lists"."_id")`.mapWith(Number);

const listFields = {
  _id: externalMailLists._id,
  list_name: externalMailLists.list_name,
  list_address_count: externalMailLists.list_address_count,
  list_invalid_count: externalMailLists.list_invalid_count,
  list_duplicate_count: externalMailLists.list_duplicate_count,
  list_opted_out_count: optedOutCount,
  created_at: externalMailLists.created_at,
  updated_at: externalMailLists.updated_at,
};

const lists = listSource({
  table: externalMailLists,
  fields: listFields,
  uniqueKey: externalMailLists._id,
  search: [externalMailLists.list_name],
  sortable: { list_name: alphabetical(externalMailLists.list_name), createdAt: externalMailLists.created_at },
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

type ListRow = Omit<EmailList, 'createdAt' | 'updatedAt'> & { created_at: Date; updated_at: Date };
const toList = ({ created_at, updated_at, ...row }: ListRow): EmailList =>
  ({ ...row, createdAt: created_at.toISOString(), updatedAt: updated_at.toISOString() }) as EmailList;

const inMall = (locationId: string) => eq(externalMailLists.location_id, locationId);

/** GET /marketing/email-external-lists: one page of the mall's lists, newest first. */
export const listEmailLists = async (
  db: Database,
  locationId: string,
  query: ListRequest<'list_name' | 'createdAt'>,
) => {
  const page = await listPage(db, lists, query, inMall(locationId));
  return { ...page, data: page.data.map(toList) };
};

const getEmailList = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(listFields)
    .from(externalMailLists)
    .where(and(eq(externalMailLists._id, id), inMall(locationId)));
  if (!row) throw notFound();
  return toList(row);
};

const namesTaken = rethrowNameTaken({ external_mail_lists_name_key: EMAIL_LIST_NAME_FIELD });

/**
 * POST /marketing/email-external-lists: the name and the file are both required (a 400 names each
 * that is missing or wrong); a file without one valid address is refused; otherwise the list and
 * its addresses are written in one transaction, and the answer reports the refused rows.
 */
export const createEmailList = async (
  db: Database,
  files: Pick<Files, 'save'>,
  locationId: string,
  form: { fields: Record<string, string>; data: Buffer | undefined },
  actor: Acting,
): Promise<EmailListUploadResult> => {
  const parsed = emailListInput.safeParse({ list_name: form.fields[EMAIL_LIST_NAME_FIELD] ?? '' });
  const problems: Record<string, string> = {};
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    problems[EMAIL_LIST_NAME_FIELD] =
      form.fields[EMAIL_LIST_NAME_FIELD] === undefined
        ? 'required'
        : (issue?.message.replace(/^validation\./, '') ?? 'invalid');
  }
  if (!form.data || form.data.length === 0) problems[EMAIL_LIST_FILE_FIELD] = 'required';
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const name = parsed.data!.list_name;
  const file = await readEmailListFile(form.data!, actor.lang);
  if (file.kept.size === 0) throw spreadsheetInvalid(EMAIL_LIST_FILE_FIELD, actor.lang, 'emailListEmpty');
  const addresses = [...file.kept.entries()];
  const listId = await db
    .transaction(async (tx) => {
      await assertNamesFree(
        tx,
        externalMailLists,
        externalMailLists._id,
        [{ key: externalMailLists.list_name_key, name, field: EMAIL_LIST_NAME_FIELD }],
        { scope: inMall(locationId) },
      );
      // The file as uploaded, private, kept for the record.
      const stored = await files.save(tx, form.data!, { extension: 'xlsx', visibility: 'private' });
      const [list] = await tx
        .insert(externalMailLists)
        .values({
          location_id: locationId,
          list_name: name,
          list_name_key: nameKey(name),
          list_file: stored.name,
          list_address_count: addresses.length,
          list_invalid_count: file.invalidCount,
          list_duplicate_count: file.duplicateCount,
          list_created_by: actor.staff._id,
        })
        .returning({ _id: externalMailLists._id });
      for (let at = 0; at < addresses.length; at += 10_000) {
        const chunk = addresses.slice(at, at + 10_000);
        await tx.execute(
          bulkInsert(externalMailAddresses, [
            { column: externalMailAddresses._id, values: chunk.map(() => newId()) },
            { column: externalMailAddresses.location_id, value: locationId },
            { column: externalMailAddresses.external_mail_list_id, value: list!._id },
            { column: externalMailAddresses.address_email, values: chunk.map(([address]) => address) },
            { column: externalMailAddresses.address_row, values: chunk.map(([, row]) => row) },
          ]),
        );
      }
      await audit(tx, actor, {
        action: 'external_mail_list.created',
        entity: 'external_mail_list',
        entityId: list!._id,
        details: {
          name,
          addresses: addresses.length,
          invalid: file.invalidCount,
          duplicates: file.duplicateCount,
        },
      });
      return list!._id;
    })
    .catch(namesTaken);
  return {
    ...(await getEmailList(db, locationId, listId)),
    invalid_rows: file.invalid,
    duplicate_rows: file.duplicate,
  };
};

const foreignKeyViolated = (error: unknown) => {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 3; depth++) {
    if ((cause as { code?: unknown }).code === '23503') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * DELETE /marketing/email-external-lists/{id}: refused with 409 EXTERNAL_LIST_IN_USE while any
 * notification names the list (its record and report need the addresses); the notification's
 * foreign key settles a race with a concurrent save the same way, never as a 500.
 */
export const deleteEmailList = async (db: Database, locationId: string, id: string, actor: Acting) => {
  const list = await getEmailList(db, locationId, id);
  const inUse = () => new AppError('EXTERNAL_LIST_IN_USE', 409, { params: { name: list.list_name } });
  await db
    .transaction(async (tx) => {
      const [user] = await tx
        .select({ _id: notifications._id })
        .from(notifications)
        .where(eq(notifications.external_mail_list, id))
        .limit(1);
      if (user) throw inUse();
      await tx.delete(externalMailLists).where(and(eq(externalMailLists._id, id), inMall(locationId)));
      await audit(tx, actor, {
        action: 'external_mail_list.deleted',
        entity: 'external_mail_list',
        entityId: id,
        details: { name: list.list_name },
      });
    })
    .catch((error: unknown) => {
      if (foreignKeyViolated(error)) throw inUse();
      throw error;
    });
};
