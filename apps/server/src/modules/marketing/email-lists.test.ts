import { emailList, emailListUploadResult, type Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { multipartForm } from '../../../test/multipart';
import { type SheetCell, xlsxFile } from '../customers/import-fixtures';
import { notifications } from './marketing.tables';
import { emailOptOuts, externalMailAddresses, externalMailLists } from './marketing-directory.tables';

const ctx = useTestApp();

/** A multipart body of text fields and, when given, one file (an xlsx in list_file). */
const form = (fields: Record<string, string>, file?: { data: Buffer; name?: string; field?: string }) =>
  multipartForm(
    fields,
    file && { field: file.field ?? 'list_file', data: file.data, filename: file.name ?? 'liste.xlsx' },
  );

const upload = async (
  mall: Pick<Location, '_id'>,
  fields: Record<string, string>,
  file?: Parameters<typeof form>[1],
  lang = 'en',
) => {
  const body = form(fields, file);
  return ctx.inject({
    method: 'POST',
    url: `/api/marketing/email-external-lists?locationId=${mall._id}`,
    headers: { ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
};

const sheet = (rows: SheetCell[][]) => xlsxFile(rows);

describe('external email lists', () => {
  it('keeps the valid addresses of column A, split on semicolons, and reports invalid and duplicate ones with their rows', async () => {
    const mall = await ctx.newLocation();
    const data = await sheet([
      ['E-posta', 'ignored'],
      ['Ayse@Example.com; mehmet@example.com', 'x'],
      ['not-an-address'],
      ['ayse@example.com'],
      [null],
      ['ali@example.org;;  zeynep@example.net ; broken@'],
    ]);
    const response = await upload(mall, { list_name: 'Fuar ziyaretçileri' }, { data });
    expect(response.statusCode, response.body).toBe(201);
    const result = emailListUploadResult.strict().parse(response.json());
    expect(result).toMatchObject({
      list_name: 'Fuar ziyaretçileri',
      list_address_count: 4,
      list_invalid_count: 2,
      list_duplicate_count: 1,
      list_opted_out_count: 0,
      invalid_rows: [
        { row: 3, value: 'not-an-address' },
        { row: 6, value: 'broken@' },
      ],
      duplicate_rows: [{ row: 4, value: 'ayse@example.com' }],
    });
    const [stored] = await ctx.database.db
      .select({ file: externalMailLists.list_file })
      .from(externalMailLists)
      .where(eq(externalMailLists._id, result._id));
    expect(stored!.file).toMatch(/\.xlsx$/);
    const addresses = await ctx.database.db
      .select({ email: externalMailAddresses.address_email, row: externalMailAddresses.address_row })
      .from(externalMailAddresses)
      .where(eq(externalMailAddresses.external_mail_list_id, result._id));
    expect(addresses.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'ali@example.org', row: 6 },
      { email: 'ayse@example.com', row: 2 },
      { email: 'mehmet@example.com', row: 2 },
      { email: 'zeynep@example.net', row: 6 },
    ]);

    // The list page counts the addresses that unsubscribed.
    await ctx.database.db.insert(emailOptOuts).values({
      location_id: mall._id,
      opt_out_email: 'ali@example.org',
      opt_out_source: 'unsubscribe link',
    });
    const list = await ctx.inject({
      method: 'GET',
      url: `/api/marketing/email-external-lists?locationId=${mall._id}&limit=10&currentPage=1`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: unknown) => emailList.strict().parse(row))).toMatchObject([
      { _id: result._id, list_address_count: 4, list_opted_out_count: 1 },
    ]);
    expect(list.json().pagination).toMatchObject({ total: 1, limit: 10, currentPage: 1 });
    // Another mall sees none of it.
    const other = await ctx.newLocation();
    const foreign = await ctx.inject({
      method: 'GET',
      url: `/api/marketing/email-external-lists?locationId=${other._id}`,
    });
    expect(foreign.json().data).toEqual([]);
  });

  it('requires the name and the file, naming each field, in the caller’s language', async () => {
    const mall = await ctx.newLocation();
    const neither = await upload(mall, {}, undefined, 'tr');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toEqual({
      list_name: 'Bu alan zorunludur',
      list_file: 'Bu alan zorunludur',
    });
    const noFile = await upload(mall, { list_name: 'Liste' });
    expect(noFile.statusCode).toBe(400);
    expect(Object.keys(noFile.json().fields)).toEqual(['list_file']);
    const blankName = await upload(mall, { list_name: '   ' }, { data: await sheet([['a@example.com']]) });
    expect(blankName.statusCode).toBe(400);
    expect(Object.keys(blankName.json().fields)).toEqual(['list_name']);
  });

  it('refuses a file that is not an xlsx, and one without a valid address, saving nothing', async () => {
    const mall = await ctx.newLocation();
    const csv = await upload(
      mall,
      { list_name: 'CSV' },
      { data: Buffer.from('a@example.com;b@example.com\n'), name: 'liste.csv' },
      'tr',
    );
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      fields: { list_file: 'Dosya bir Excel (xlsx) dosyası değil' },
    });
    const empty = await upload(
      mall,
      { list_name: 'Boş' },
      { data: await sheet([['E-posta'], ['yok'], ['']]) },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ list_file: 'Column A of the file holds no valid email address' });
    const list = await ctx.inject({
      method: 'GET',
      url: `/api/marketing/email-external-lists?locationId=${mall._id}`,
    });
    expect(list.json().data).toEqual([]);
  });

  it('keeps list names unique in a mall (409 naming the field)', async () => {
    const mall = await ctx.newLocation();
    const data = await sheet([['a@example.com']]);
    expect((await upload(mall, { list_name: 'Basın' }, { data })).statusCode).toBe(201);
    const again = await upload(mall, { list_name: 'BASIN' }, { data });
    expect(again.statusCode).toBe(409);
    expect(Object.keys(again.json().fields)).toEqual(['list_name']);
  });

  it('deletes a list no notification uses, and answers 409 for one a notification uses', async () => {
    const mall = await ctx.newLocation();
    const data = await sheet([['a@example.com;b@example.com']]);
    const used = (await upload(mall, { list_name: 'Kullanılan' }, { data })).json();
    const free = (await upload(mall, { list_name: 'Boşta' }, { data })).json();
    const mail = await ctx.inject({
      method: 'POST',
      url: `/api/marketing/email-notifications?locationId=${mall._id}`,
      payload: {
        email_notification_subject: 'Yaz indirimleri',
        email_notification_preview_text: 'Yaz indirimleri başladı',
        email_notification_content_type: 'HTML',
        html_content: '<p>Merhaba</p>',
        email_notification_filters: '',
        external_mail_list: used._id,
      },
    });
    expect(mail.statusCode, mail.body).toBe(201);
    const refused = await ctx.inject({
      method: 'DELETE',
      url: `/api/marketing/email-external-lists/${used._id}?locationId=${mall._id}`,
      headers: { 'accept-language': 'tr' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EXTERNAL_LIST_IN_USE' });
    expect(refused.json().message).toContain('Kullanılan');
    const other = await ctx.newLocation();
    const foreign = await ctx.inject({
      method: 'DELETE',
      url: `/api/marketing/email-external-lists/${free._id}?locationId=${other._id}`,
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await ctx.inject({
      method: 'DELETE',
      url: `/api/marketing/email-external-lists/${free._id}?locationId=${mall._id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const left = await ctx.database.db
      .select({ id: externalMailAddresses._id })
      .from(externalMailAddresses)
      .where(eq(externalMailAddresses.external_mail_list_id, free._id));
    expect(left).toEqual([]);
    // Once the notification is gone, the list can go.
    await ctx.database.db.delete(notifications).where(eq(notifications.external_mail_list, used._id));
    const now = await ctx.inject({
      method: 'DELETE',
      url: `/api/marketing/email-external-lists/${used._id}?locationId=${mall._id}`,
    });
    expect(now.statusCode).toBe(204);
  });
});
