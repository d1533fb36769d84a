import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams } from '../common/list-query';
import { requiredText } from '../common/text';

// ——— External email lists (spec §3 External email list, §5, §7 `/marketing/email-external-lists`) ———

/** The upload's file at most (an xlsx of addresses in column A). */
export const EMAIL_LIST_MAX_BYTES = 10 * 1024 * 1024;
/** Rows of the file at most; a cell may hold several addresses separated by semicolons. */
export const EMAIL_LIST_MAX_ROWS = 100_000;
/** Addresses of one list at most. */
export const EMAIL_LIST_MAX_ADDRESSES = 200_000;
/** Rows of each kind the upload's answer lists (the counts cover all of them). */
export const EMAIL_LIST_REPORTED_ROWS = 100;

/** One address of an external list: as `z.email()` reads it, 6 to 265 characters (spec §9). */
export const externalAddress = z.email().min(6).max(265);

/** The text fields of the multipart `POST /marketing/email-external-lists` (with `list_file`). */
export const emailListInput = z.strictObject({ list_name: requiredText(120) });

/** A list as `GET /marketing/email-external-lists` answers it. */
export const emailList = z.object({
  _id: objectId,
  list_name: z.string(),
  list_address_count: z.number().int(),
  list_invalid_count: z.number().int(),
  list_duplicate_count: z.number().int(),
  /** Addresses of the list that unsubscribed from the mall's email: they get no commercial mail. */
  list_opted_out_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailList = z.infer<typeof emailList>;

/** A row of the file the upload did not take: its number and what it held. */
export const emailListRow = z.object({ row: z.number().int(), value: z.string() });

/** The answer of the upload: the list, and the refused addresses with their rows (the first ones). */
export const emailListUploadResult = emailList.extend({
  invalid_rows: z.array(emailListRow),
  duplicate_rows: z.array(emailListRow),
});
export type EmailListUploadResult = z.infer<typeof emailListUploadResult>;

/** `GET /marketing/email-external-lists` (limit, currentPage; keyword on the name). */
export const emailListQuery = listSearchParams({ orderBy: z.enum(['list_name', 'createdAt']) });
