import { type ChannelType, channel, channelType } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { XLSX_CONTENT_TYPE } from '../../platform/excel/xlsx-stream';
import { customers } from '../customers/customers.tables';
import { multipartFile } from '../customers/import-fixtures';
import { seedDemoChannels } from './channels.demo';

const ctx = useTestApp();
const en = { 'accept-language': 'en' };

const call = (mallId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  ctx.inject({
    method,
    url: `/api/data-types/${path}${path.includes('?') ? '&' : '?'}locationId=${mallId}`,
    headers: en,
    ...(payload ? { payload } : {}),
  });

const newType = async (mallId: string, channel_type_name: string) =>
  channelType.parse((await call(mallId, 'POST', 'channel-type', { channel_type_name })).json());

describe('channels', () => {
  it('creates with the permission and form flags off and the texts filled from the Turkish name; edits may turn them on', async () => {
    const mall = await ctx.newLocation();
    const kiosk = await newType(mall._id, 'Kiosk');
    const created = await call(mall._id, 'POST', 'channel', {
      channel_name: 'Otopark Kiosku',
      channel_types: [kiosk._id],
      tags: ['otopark'],
      channel_permission_allow: true,
      channel_teacher_form_allowed: true,
      channel_detail_payment_form_allowed: true,
      channel_payment_form_allowed: true,
      channel_cdp_data_entry: true,
    });
    expect(created.statusCode).toBe(201);
    const body = channel.strict().parse(created.json());
    expect(body).toMatchObject({
      channel_name: 'Otopark Kiosku',
      channel_name_en: 'Otopark Kiosku',
      channel_exp: 'Otopark Kiosku',
      channel_exp_en: 'Otopark Kiosku',
      channel_types: [kiosk._id],
      tags: ['otopark'],
      event_id: null,
      channel_permission_allow: false,
      channel_teacher_form_allowed: false,
      channel_detail_payment_form_allowed: false,
      channel_payment_form_allowed: true,
      channel_cdp_data_entry: true,
      channel_cdp_receipt_entry: false,
      channel_status: true,
    });

    const changed = await call(mall._id, 'PUT', `channel/${body._id}`, {
      channel_name: 'Otopark Kiosku',
      channel_name_en: 'Car Park Kiosk',
      channel_permission_allow: true,
      channel_teacher_form_allowed: true,
      channel_status: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      channel_name_en: 'Car Park Kiosk',
      channel_exp_en: 'Car Park Kiosk',
      channel_types: [],
      channel_permission_allow: true,
      channel_teacher_form_allowed: true,
      channel_status: false,
    });
    expect((await call(mall._id, 'GET', `channel/${body._id}`)).json()).toEqual(changed.json());

    expect((await call(mall._id, 'DELETE', `channel/${body._id}`)).statusCode).toBe(204);
    expect((await call(mall._id, 'GET', `channel/${body._id}`)).statusCode).toBe(404);
    const actions = await ctx.database.db.query.auditLog.findMany({
      where: (log, { eq }) => eq(log.entity_id, body._id),
    });
    expect(actions.map((row) => row.action).sort()).toEqual([
      'channel.created',
      'channel.deleted',
      'channel.updated',
    ]);
  });

  it('answers every channel with showAll and one page otherwise, searching with Turkish letters folded', async () => {
    const mall = await ctx.newLocation();
    for (const name of ['Web Sitesi', 'AVM Danışma', 'Mobil Uygulama', 'Etkinlik Standı'])
      expect((await call(mall._id, 'POST', 'channel', { channel_name: name })).statusCode).toBe(201);
    const all = await call(mall._id, 'GET', 'channel?showAll=true');
    expect(all.json().map((row: { channel_name: string }) => row.channel_name)).toEqual([
      'AVM Danışma',
      'Etkinlik Standı',
      'Mobil Uygulama',
      'Web Sitesi',
    ]);
    const page = await call(mall._id, 'GET', 'channel?limit=2&currentPage=2&order=desc&orderBy=channel_name');
    expect(page.json().pagination).toEqual({ total: 4, limit: 2, currentPage: 2, totalPages: 2 });
    expect(page.json().data.map((row: { channel_name: string }) => row.channel_name)).toEqual([
      'Etkinlik Standı',
      'AVM Danışma',
    ]);
    const found = await call(mall._id, 'GET', 'channel?keyword=DANISMA');
    expect(found.json().data.map((row: { channel_name: string }) => row.channel_name)).toEqual([
      'AVM Danışma',
    ]);
    const bad = await call(mall._id, 'GET', 'channel?showAll=yes&orderBy=channel_status');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['orderBy', 'showAll']);
  });

  it('exports the channel’s customers as the customer export writes them, named after it, and the file imports back', async () => {
    const mall = await ctx.newLocation();
    const desk = channel.parse(
      (await call(mall._id, 'POST', 'channel', { channel_name: 'AVM Danışma' })).json(),
    );
    const web = channel.parse(
      (await call(mall._id, 'POST', 'channel', { channel_name: 'Web Sitesi' })).json(),
    );
    const base = { location_id: mall._id, customer_province: 'İstanbul', customer_district: 'Kadıköy' };
    await ctx.database.db.insert(customers).values([
      {
        ...base,
        channel_id: desk._id,
        customer_phone: '+905321112233',
        customer_name: 'Ayşe',
        customer_surname: 'Işık',
        customer_kvkk_permission: true,
      },
      {
        ...base,
        channel_id: desk._id,
        customer_phone: '+905321112234',
        customer_name: 'Gone',
        customer_deletedAt: new Date(),
      },
      { ...base, channel_id: web._id, customer_phone: '+905321112235', customer_name: 'Web' },
    ]);
    const response = await call(mall._id, 'POST', `channel/export/${desk._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''AVM%20Dan%C4%B1%C5%9Fma.xlsx",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // The customer export's file, of the channel's customers: its words in the request's language.
    expect(sheet.name).toBe('Customers');
    expect(sheet.rowCount).toBe(2);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cells = Object.fromEntries(
      headers.map((header, index) => [header, sheet.getRow(2).getCell(index + 1).value]),
    );
    expect(cells).toMatchObject({
      Phone: '0532 111 22 33',
      Name: 'Ayşe',
      Surname: 'Işık',
      Province: 'İstanbul',
      District: 'Kadıköy',
      'SMS permission': 'No',
      'KVKK consent': 'Yes',
      'Registration channel': 'AVM Danışma',
    });
    expect(cells['Registered on']).toBeInstanceOf(Date);
    // It imports into another mall as it is.
    const other = await ctx.newLocation();
    const body = multipartFile('customer_data', response.rawPayload);
    const imported = await ctx.inject({
      method: 'POST',
      url: `/api/customer/import?locationId=${other._id}`,
      payload: body.payload,
      headers: { ...body.headers, ...en },
    });
    expect(imported.json()).toMatchObject({ added_data: 1, error_count: 0 });
    const [copy] = await ctx.database.db.select().from(customers).where(eq(customers.location_id, other._id));
    expect(copy).toMatchObject({
      customer_phone: '+905321112233',
      customer_name: 'Ayşe',
      customer_surname: 'Işık',
      customer_kvkk_permission: true,
    });

    const missing = await call(mall._id, 'POST', 'channel/export/0123456789abcdef01234567');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('exports only to a role that also holds the customer list: the file lists customers', async () => {
    const mall = await ctx.newLocation();
    const desk = channel.parse(
      (await call(mall._id, 'POST', 'channel', { channel_name: 'AVM Danışma' })).json(),
    );
    await ctx.database.db.insert(customers).values({
      location_id: mall._id,
      channel_id: desk._id,
      customer_phone: '+905321112299',
      customer_name: 'Gizli',
    });
    const exportAs = async (subjects: string[]) => {
      const staff = await ctx.newStaff({ subjects, locations: [mall] });
      return ctx.app.inject({
        method: 'POST',
        url: `/api/data-types/channel/export/${desk._id}?locationId=${mall._id}`,
        headers: staff.headers,
      });
    };
    const channelsOnly = await exportAs(['modules:customer-registration:channels']);
    expect(channelsOnly.statusCode).toBe(403);
    expect(channelsOnly.json().code).toBe('FORBIDDEN');
    expect(channelsOnly.body).not.toContain('Gizli');
    expect((await exportAs(['modules:customers:customer-list'])).statusCode).toBe(403);
    const both = await exportAs([
      'modules:customer-registration:channels',
      'modules:customers:customer-list',
    ]);
    expect(both.statusCode).toBe(200);
    expect(both.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
  });

  it('neutralises formula-like text in the export and writes phones as the back-office shows them', async () => {
    const mall = await ctx.newLocation();
    const sum = channel.parse((await call(mall._id, 'POST', 'channel', { channel_name: '@SUM(1)' })).json());
    await ctx.database.db.insert(customers).values({
      location_id: mall._id,
      channel_id: sum._id,
      customer_phone: '+905321234567',
      customer_name: '=HYPERLINK("http://x","y")',
      customer_surname: '+cmd|calc',
    });
    const response = await call(mall._id, 'POST', `channel/export/${sum._id}`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect([1, 2, 3].map((column) => row.getCell(column).value)).toEqual([
      '0532 123 45 67',
      '\'=HYPERLINK("http://x","y")',
      "'+cmd|calc",
    ]);
    expect([1, 2, 3].map((column) => row.getCell(column).numFmt)).toEqual(['@', '@', '@']);
  });

  it('keeps the customers of a deleted channel, registered with no channel', async () => {
    const mall = await ctx.newLocation();
    const desk = channel.parse(
      (await call(mall._id, 'POST', 'channel', { channel_name: 'AVM Danışma' })).json(),
    );
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ location_id: mall._id, channel_id: desk._id, customer_phone: '+905321112299' })
      .returning();
    expect((await call(mall._id, 'DELETE', `channel/${desk._id}`)).statusCode).toBeLessThan(300);
    const [after] = await ctx.database.db.select().from(customers).where(eq(customers._id, customer!._id));
    expect(after).toMatchObject({ _id: customer!._id, channel_id: null, customer_deletedAt: null });
  });

  it('takes a deleted type off the channels that carry it, in the same transaction', async () => {
    const mall = await ctx.newLocation();
    const event = await newType(mall._id, 'Etkinlik');
    const digital = await newType(mall._id, 'Dijital');
    const stand = channel.parse(
      (
        await call(mall._id, 'POST', 'channel', {
          channel_name: 'Etkinlik Standı',
          channel_types: [digital._id, event._id],
        })
      ).json(),
    );
    expect(stand.channel_types).toEqual([digital._id, event._id]);
    const renamed = await call(mall._id, 'PUT', `channel-type/${event._id}`, {
      channel_type_name: 'Etkinlikler',
      channel_type_exp: 'Dönemsel stantlar',
    });
    expect(renamed.json()).toEqual({
      _id: event._id,
      channel_type_name: 'Etkinlikler',
      channel_type_exp: 'Dönemsel stantlar',
    });

    expect((await call(mall._id, 'DELETE', `channel-type/${event._id}`)).statusCode).toBe(204);
    expect((await call(mall._id, 'GET', `channel/${stand._id}`)).json().channel_types).toEqual([digital._id]);
    expect((await call(mall._id, 'GET', 'channel-type?showAll=true')).json()).toEqual([digital]);
    const [deleted] = await ctx.database.db.query.auditLog.findMany({
      where: (log, { and, eq }) => and(eq(log.entity_id, event._id), eq(log.action, 'channel_type.deleted')),
    });
    expect(deleted?.details).toMatchObject({ removed_from_channels: [stand._id] });
    expect((await call(mall._id, 'DELETE', `channel-type/${event._id}`)).statusCode).toBe(404);

    const paged = await call(mall._id, 'GET', 'channel-type');
    expect(paged.json()).toEqual({
      data: [digital],
      pagination: { total: 1, limit: 10, currentPage: 1, totalPages: 1 },
    });
  });

  it('keeps each mall to its own channels and types', async () => {
    const mine = await ctx.newLocation();
    const other = await ctx.newLocation();
    const theirType = await newType(other._id, 'Başka');
    const theirChannel = channel.parse(
      (await call(other._id, 'POST', 'channel', { channel_name: 'Web Sitesi' })).json(),
    );
    expect((await call(mine._id, 'GET', `channel/${theirChannel._id}`)).statusCode).toBe(404);
    expect(
      (await call(mine._id, 'PUT', `channel/${theirChannel._id}`, { channel_name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(mine._id, 'DELETE', `channel/${theirChannel._id}`)).statusCode).toBe(404);
    expect((await call(mine._id, 'POST', `channel/export/${theirChannel._id}`)).statusCode).toBe(404);
    expect(
      (await call(mine._id, 'PUT', `channel-type/${theirType._id}`, { channel_type_name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(mine._id, 'DELETE', `channel-type/${theirType._id}`)).statusCode).toBe(404);
    expect((await call(mine._id, 'GET', 'channel?showAll=true')).json()).toEqual([]);

    const borrowed = await call(mine._id, 'POST', 'channel', {
      channel_name: 'AVM Danışma',
      channel_types: [theirType._id],
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().fields).toEqual({ 'channel_types.0': 'This mall has no such channel tag' });
  });

  it('lets channel staff and channel-tag staff each use only their own part', async () => {
    const mall = await ctx.newLocation();
    const tagStaff = await ctx.newStaff({
      subjects: ['modules:customer-registration:channel-tags'],
      locations: [mall],
    });
    const asTagStaff = (url: string) =>
      ctx.app.inject({ url: `${url}?locationId=${mall._id}`, headers: tagStaff.headers });
    expect((await asTagStaff('/api/data-types/channel-type')).statusCode).toBe(200);
    expect((await asTagStaff('/api/data-types/channel')).statusCode).toBe(403);

    const channelStaff = await ctx.newStaff({
      subjects: ['modules:customer-registration:channels'],
      locations: [mall],
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/data-types/channel?locationId=${mall._id}`,
      headers: channelStaff.headers,
      payload: { channel_name: 'Mobil Uygulama' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('demo channels', () => {
  it('gives a mall the five demo channels with their types', async () => {
    const mall = await ctx.newLocation();
    await seedDemoChannels(ctx.database.db, [mall._id]);
    const types = (await call(mall._id, 'GET', 'channel-type?showAll=true')).json() as ChannelType[];
    expect(types.map((row) => row.channel_type_name)).toEqual(['Dijital', 'Etkinlik', 'Fiziksel Nokta']);
    const rows = channel.array().parse((await call(mall._id, 'GET', 'channel?showAll=true')).json());
    expect(rows.map((row) => row.channel_name)).toEqual([
      'AVM Danışma',
      'Etkinlik Standı',
      'Mobil Uygulama',
      'Otopark Kiosku',
      'Web Sitesi',
    ]);
    const byId = new Map(types.map((row) => [row._id, row.channel_type_name]));
    expect(rows[1]!.channel_types.map((id) => byId.get(id))).toEqual(['Etkinlik', 'Fiziksel Nokta']);
  });
});
