import {
  type ConsentEvent,
  type Customer,
  type CustomerCoupon,
  type PointHistory,
  paginationOf,
} from '@avlu/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { formatDate, formatDateTime } from '../../lib/i18n/dates';
import { axeViolations } from '../../test/axe';
import { channelFixture, customerFixture, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, serveSession } from '../../test/server';
import type { CustomerProfile } from './customers.resource';

const server = installTestServer();
/** The first find waits for the lazily loaded page, which can take a while on a busy machine. */
const staff = roleWith(
  'modules:customers:customers',
  'modules:customers:customer-list',
  'modules:customers:search-by-phone-number',
  'modules:customers:customer-list:customer-import',
);

/** The list test's role also sees the channels, so the channel column is named. */
const listStaff = roleWith('modules:customers:customer-list', 'modules:customer-registration:channels');
const desk = channelFixture({
  _id: '64c0000000000000000000c1',
  channel_name: 'Danışma Masası',
  channel_exp: '',
  channel_exp_en: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const customer = customerFixture;

const people = [
  customer({ channel_id: desk._id }),
  customer({
    _id: '64c000000000000000000002',
    customer_phone: '+905559876543',
    customer_name: 'Mehmet',
    customer_surname: 'Kara',
    customer_email: null,
    customer_gender: 'male',
    customer_sms_permission: false,
  }),
];

const page = (rows: Customer[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

const serveList = () =>
  server()
    .on('POST', '/customer/filter', () => page(people))
    .on('POST', '/customer/smart-search', () => page(people.slice(0, 1)))
    .on('POST', '/customer/count', () => json({ count: 1234, customer_ids: [] }))
    .on('GET', '/data-types/channel', () => json([desk]))
    .on('GET', '/geo/cities', () => json([]));

const open = (path: string, role = staff) => {
  serveSession(server(), { role });
  return renderApp({ path, signedInAs: { role }, authClient: httpAuthClient });
};

afterEach(() => {
  vi.useRealTimers();
});

describe('customer list', () => {
  it('lists customers and sends the conditions of the filter builder to the list and the count', async () => {
    serveList();
    const { user, router } = open('/customers/filter', listStaff);

    const grid = await screen.findByRole('grid', { name: 'Müşteri Listesi' });
    const row = (await within(grid).findByText('Ayşe')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('0532 123 45 67')).toBeInTheDocument();
    expect(within(row).getByText('Kadın')).toBeInTheDocument();
    expect(await within(row).findByText('Danışma Masası')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'SMS: Verildi' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'E-posta: Verilmedi' })).toBeInTheDocument();
    expect(await screen.findByText('Toplam 1.234 müşteri')).toBeInTheDocument();
    expect(server().to('POST', '/customer/filter')[0]!.body).toEqual({
      filter: [],
      pagination: { limit: 10, currentPage: 1 },
    });

    // Queries stay inside the builder: role queries over the whole grid are slow in jsdom.
    const builder = screen.getByRole('region', { name: 'Müşteri filtresi' });
    const add = async (kind: string) => {
      await user.click(within(builder).getByRole('button', { name: 'Koşul ekle' }));
      const menu = await waitFor(() => document.querySelector('[role="menu"]') as HTMLElement);
      await user.click(within(menu).getByRole('menuitem', { name: kind }));
    };
    await add('Cinsiyet');
    await user.click(within(builder).getByRole('button', { name: 'Kadın' }));
    await add('Yaş aralığı');
    await user.type(within(builder).getByRole('spinbutton', { name: 'Yaş aralığı: en az' }), '30');
    await add('İletişim izni');
    await user.click(within(builder).getByRole('button', { name: 'Verilmemiş' }));
    await user.click(within(builder).getByRole('button', { name: 'Herhangi biri (VEYA)' }));

    const expected = [
      {
        field: 'group',
        op: 'or',
        conditions: [
          { field: 'gender', in: ['female'] },
          { field: 'age', min: 30 },
          { field: 'consent', type: 'sms', value: false },
        ],
      },
    ];
    await waitFor(() =>
      expect(server().to('POST', '/customer/filter').at(-1)!.body).toMatchObject({ filter: expected }),
    );
    await waitFor(() =>
      expect(server().to('POST', '/customer/count').at(-1)!.body).toEqual({ filter: expected }),
    );
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('filter')!)).toEqual(expected);
    // An unfinished condition (no month chosen yet) is not sent.
    await add('Doğum günü ayı');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server().to('POST', '/customer/count').at(-1)!.body).toEqual({ filter: expected });

    await user.click(within(builder).getByRole('button', { name: 'Koşulu kaldır: Cinsiyet' }));
    await user.click(within(builder).getByRole('button', { name: 'Koşulu kaldır: İletişim izni' }));
    await waitFor(() =>
      expect(server().to('POST', '/customer/count').at(-1)!.body).toEqual({
        filter: [{ field: 'age', min: 30 }],
      }),
    );

    // The menu link (no filter in the URL) empties the builder too.
    await act(() => router.navigate('/customers/filter'));
    expect(await within(builder).findByText(/Filtre yok/)).toBeInTheDocument();
    expect(await within(builder).findByText('Toplam 1.234 müşteri')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('waits 3 seconds after the last keystroke before the smart search, or searches at once on Enter', async () => {
    serveList();
    open('/customers/filter');
    const grid = await screen.findByRole('grid', { name: 'Müşteri Listesi' });
    await within(grid).findByText('Mehmet');

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const search = screen.getByRole('searchbox', { name: 'Ara' });
    await typist.type(search, 'ayşe');
    act(() => vi.advanceTimersByTime(2_900));
    expect(server().to('POST', '/customer/smart-search')).toEqual([]);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(server().to('POST', '/customer/smart-search')).toHaveLength(1));
    expect(server().to('POST', '/customer/smart-search')[0]!.body).toMatchObject({
      keyword: 'ayşe',
      filter: [],
    });
    await waitFor(() => expect(within(grid).queryByText('Mehmet')).not.toBeInTheDocument());
    // A role without the channels module is not refused (and audited) for the channel names.
    expect(server().to('GET', '/data-types/channel')).toEqual([]);

    await typist.type(search, ' y{Enter}');
    await waitFor(() => expect(server().to('POST', '/customer/smart-search')).toHaveLength(2));
    expect(server().to('POST', '/customer/smart-search')[1]!.body).toMatchObject({ keyword: 'ayşe y' });
  });
});

describe('customer detail', () => {
  it('revokes a consent after confirmation and shows it in the history', async () => {
    const granted: ConsentEvent = {
      _id: '64c0000000000000000000e1',
      type: 'sms',
      value: true,
      at: '2026-03-01T09:30:00.000Z',
      source: 'micro-site',
      staff_admin_id: null,
      staff_name: null,
      client_address: null,
      agreement_version: 'ETK-2026-01',
    };
    // An earlier change by another staff user, named by the API.
    const byColleague: ConsentEvent = {
      ...granted,
      _id: '64c0000000000000000000e0',
      type: 'email',
      at: '2026-02-01T09:30:00.000Z',
      source: 'staff',
      staff_admin_id: '64b000000000000000000009',
      staff_name: 'Murat Kaya',
      agreement_version: null,
    };
    let profile: CustomerProfile = { ...people[0]!, consent_history: [granted, byColleague] };
    server()
      .on('GET', '/customer/profile/:id', () => json(profile))
      .on('GET', '/data-types/channel', () => json([]))
      .on('POST', '/customer/profile/:id/marketing-permissions', ({ body }) => {
        const { value } = body as { type: 'sms'; value: boolean };
        profile = {
          ...profile,
          customer_sms_permission: value,
          customer_sms_permission_date: value ? '2026-05-01T10:00:00.000Z' : null,
          consent_history: [
            {
              ...granted,
              _id: '64c0000000000000000000e2',
              value,
              at: '2026-05-01T10:00:00.000Z',
              source: 'staff',
              staff_admin_id: '64b000000000000000000001',
              staff_name: 'Elif Yılmaz',
              agreement_version: null,
            },
            ...profile.consent_history,
          ],
        };
        return json(profile);
      });
    const { user } = open(`/customers/${people[0]!._id}/detail?tab=consents`);

    const sms = await screen.findByRole('switch', { name: 'SMS izni' });
    expect(sms).toBeChecked();
    const history = screen.getByRole('table', { name: 'İzin geçmişi' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('Mikro site')).toBeInTheDocument();
    expect(within(history).getAllByRole('row')[2]).toHaveTextContent('Murat Kaya');

    await user.click(sms);
    const dialog = await screen.findByRole('dialog', { name: 'SMS izni geri alınsın mı?' });
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server().to('POST', `/customer/profile/${people[0]!._id}/marketing-permissions`)).toEqual([]);

    await user.click(sms);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'SMS izni geri alınsın mı?' })).getByRole('button', {
        name: 'İzni geri al',
      }),
    );
    expect(await screen.findByText('İzin güncellendi')).toBeInTheDocument();
    expect(server().to('POST', `/customer/profile/${people[0]!._id}/marketing-permissions`)[0]!.body).toEqual(
      {
        type: 'sms',
        value: false,
      },
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SMS izni' })).not.toBeChecked());
    const rows = within(screen.getByRole('table', { name: 'İzin geçmişi' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('SMS izni');
    expect(rows[1]).toHaveTextContent('Geri çekildi');
    expect(rows[1]).toHaveTextContent('Personel');
    expect(rows[1]).toHaveTextContent('Elif Yılmaz (Siz)');
    expect(rows[2]).toHaveTextContent('Verildi');
    expect(rows[3]).toHaveTextContent('E-posta izni');
    expect(rows[3]).toHaveTextContent('Murat Kaya');
    expect(rows[3]).not.toHaveTextContent('64b000000000000000000009'.slice(-6));
    // The card says the consent was withdrawn, when and by whom, not that it was never given.
    const card = within(screen.getByTestId('consent-sms'));
    expect(card.getByText('Geri çekildi')).toBeInTheDocument();
    expect(card.getByText('01-05-2026 13:00 · Elif Yılmaz (Siz)')).toBeInTheDocument();
    expect(card.queryByText('Henüz onaylanmadı')).not.toBeInTheDocument();
    expect(card.queryByText('Verilmedi')).not.toBeInTheDocument();
    // A consent never given still says so; one withdrawn on the micro-site names the customer.
    expect(within(screen.getByTestId('consent-call')).getByText('Henüz onaylanmadı')).toBeInTheDocument();
  });

  it('names the customer when they withdrew a consent on the micro-site', async () => {
    const withdrawn: ConsentEvent = {
      _id: '64c0000000000000000000f1',
      type: 'kvkk',
      value: false,
      at: '2026-04-10T07:15:00.000Z',
      source: 'micro-site',
      staff_admin_id: null,
      staff_name: null,
      client_address: null,
      agreement_version: null,
    };
    const profile: CustomerProfile = {
      ...people[0]!,
      customer_kvkk_permission: false,
      customer_kvkk_permission_date: null,
      consent_history: [withdrawn, { ...withdrawn, _id: '64c0000000000000000000f0', value: true }],
    };
    server()
      .on('GET', '/customer/profile/:id', () => json(profile))
      .on('GET', '/data-types/channel', () => json([]));
    open(`/customers/${people[0]!._id}/detail?tab=consents`);
    const card = within(await screen.findByTestId('consent-kvkk'));
    expect(card.getByText('Geri çekildi')).toBeInTheDocument();
    expect(card.getByText('10-04-2026 10:15 · Müşteri (mikro site)')).toBeInTheDocument();
  });

  it('brings back a deleted customer from the detail', async () => {
    let profile: CustomerProfile = {
      ...people[1]!,
      customer_deletedAt: '2026-05-02T08:00:00.000Z',
      consent_history: [],
    };
    server()
      .on('GET', '/customer/profile/:id', () => json(profile))
      .on('POST', '/customer/profile/:id/reactivate', () => {
        profile = { ...profile, customer_deletedAt: null };
        return json(profile);
      });
    const { user } = open(`/customers/${people[1]!._id}/detail`);
    expect(await screen.findByText(/02-05-2026 11:00 tarihinde silindi/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Müşteriyi sil' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yeniden etkinleştir' }));
    expect(await screen.findByText('Müşteri hesabı yeniden etkinleştirildi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/tarihinde silindi/)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Müşteriyi sil' })).toBeInTheDocument();
    expect(server().to('POST', `/customer/profile/${people[1]!._id}/reactivate`)).toHaveLength(1);
  });

  it('shows one date-time format for the registration and the phone as the list does', async () => {
    server()
      .on('GET', '/customer/profile/:id', () => json({ ...people[0]!, consent_history: [] }))
      .on('GET', '/data-types/channel', () => json([]));
    open(`/customers/${people[0]!._id}/detail`);
    // 09:30 UTC is 12:30 in İstanbul, in the header as in the profile below it.
    expect(await screen.findByText(/^01-03-2026 12:30 tarihinde kaydoldu/)).toBeInTheDocument();
    expect(screen.getAllByText('01-03-2026 12:30').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/0532 123 45 67/).length).toBeGreaterThan(0);
  });

  it('writes every moment of the detail in the shared date-time format, and the birthdate in the shared date format', async () => {
    const granted: ConsentEvent = {
      _id: '64c0000000000000000000d1',
      type: 'sms',
      value: true,
      at: '2026-03-01T09:30:00.000Z',
      source: 'micro-site',
      staff_admin_id: null,
      staff_name: null,
      client_address: null,
      agreement_version: 'ETK-2026-01',
    };
    // 21:05 UTC is already the next day in İstanbul.
    const lateNight: ConsentEvent = {
      ...granted,
      _id: '64c0000000000000000000d0',
      at: '2026-01-15T21:05:00.000Z',
    };
    server()
      .on('GET', '/customer/profile/:id', () =>
        json({ ...people[0]!, consent_history: [granted, lateNight] }),
      )
      .on('GET', '/data-types/channel', () => json([]));
    const { user } = open(`/customers/${people[0]!._id}/detail`);

    // The profile: the birthdate as a date (DD MMMM YYYY), the registration as a moment (DD-MM-YYYY HH:mm).
    expect(await screen.findByText(/^01-03-2026 12:30 tarihinde kaydoldu/)).toBeInTheDocument();
    expect(screen.getByText('12 Nisan 1990')).toBeInTheDocument();
    expect(formatDate(people[0]!.customer_birthdate)).toBe('12 Nisan 1990');
    expect(formatDateTime(people[0]!.createdAt)).toBe('01-03-2026 12:30');

    // The consents: the card's approval and the history's moments in the same pattern as the registration.
    await user.click(screen.getByRole('tab', { name: 'İzinler' }));
    expect(
      within(await screen.findByTestId('consent-sms')).getByText('Onay tarihi: 01-03-2026 12:30'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'İzin geçmişi' }))
      .getAllByRole('row')
      .slice(1);
    const moments = rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(moments).toEqual(['01-03-2026 12:30', '16-01-2026 00:05']);
  });

  it('says the customer was not found for an unknown id', async () => {
    server().on('GET', '/customer/profile/:id', () =>
      json({ statusCode: 404, code: 'NOT_FOUND', message: 'Kayıt bulunamadı' }, 404),
    );
    open('/customers/64c0000000000000000000ff/detail');
    expect(await screen.findByText(/Müşteri bulunamadı/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Müşteri listesine dön' })).toHaveAttribute(
      'href',
      '/customers/filter',
    );
  });
});

describe('search by phone', () => {
  it('finds a customer by a phone written with spaces, and clears them when the next one is unknown', async () => {
    server().on('POST', '/customer/check/phone', ({ body }) =>
      (body as { customer_phone: string }).customer_phone === '+905321234567'
        ? json(people[0])
        : json(
            {
              statusCode: 404,
              code: 'CUSTOMER_NOT_FOUND',
              message: 'Bu telefon numarasıyla kayıtlı müşteri bulunamadı',
            },
            404,
          ),
    );
    const { user } = open('/customers/search-by-phone');
    const phone = await screen.findByRole('textbox', { name: 'Telefon numarası' });
    await user.type(phone, '0532 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Müşteriyi bul' }));
    const found = await screen.findByRole('region', { name: 'Müşteri bulundu' });
    expect(within(found).getByText('Ayşe Yıldız')).toBeInTheDocument();
    expect(within(found).getByRole('link', { name: 'Müşteri detayını aç' })).toHaveAttribute(
      'href',
      `/customers/${people[0]!._id}/detail`,
    );
    expect(server().to('POST', '/customer/check/phone')[0]!.body).toEqual({
      customer_phone: '+905321234567',
    });

    await user.clear(phone);
    await user.type(phone, '0555 000 00 00');
    await user.click(screen.getByRole('button', { name: 'Müşteriyi bul' }));
    expect(
      await screen.findByText('0555 000 00 00 numarasıyla bu AVM’de kayıtlı müşteri yok.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Müşteri bulundu' })).not.toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(screen.getByRole('button', { name: 'Müşteriyi bul' }));
    expect(await screen.findByText('Geçerli bir telefon numarası girin')).toBeInTheDocument();
  });
});

/** A Blob's bytes, through FileReader: jsdom's Blob has no arrayBuffer(). */
const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('customer import', () => {
  it('uploads the file, shows the counts and the refused rows, and gives those rows back as uploaded', async () => {
    server().on('POST', '/customer/import', () =>
      json({
        added_data: 2,
        already_exist: 1,
        error_list: [
          { row: 4, field: 'customer_phone', reason: 'Geçerli bir telefon numarası girin' },
          { row: 6, field: 'customer_name', reason: 'Bu alan zorunludur' },
          { row: 6, field: 'customer_surname', reason: 'Bu alan zorunludur' },
          {
            row: 6,
            field: 'customer_sms_permission',
            reason: 'Evet ya da hayır olmalıdır (evet/hayır, yes/no, 1/0)',
          },
        ],
        error_count: 4,
        error_rows: [4, 6],
      }),
    );
    // The file as a spreadsheet program writes it: compressed, shared strings, a date cell, a
    // phone typed as a number, an empty row, a column the server skips.
    const upload = new ExcelJS.Workbook();
    const sheet = upload.addWorksheet('Müşteriler');
    sheet.addRow(['Telefon', 'Ad', 'Soyad', 'Doğum tarihi', 'Yaş', 'SMS izni']);
    sheet.addRow(['0532 111 22 33', 'Ayşe', 'Yıldız', new Date(Date.UTC(1990, 3, 12)), 36, 'Evet']);
    sheet.addRow([5_321_112_234, 'Mehmet', 'Kaya', null, null, 'hayır']);
    sheet.addRow(['12', 'Hatalı', 'Numara', new Date(Date.UTC(1985, 11, 24)), 40, 'evet']);
    sheet.addRow([]);
    sheet.addRow([5_329_998_877, null, null, null, null, 'belki']);
    sheet.getColumn(4).numFmt = 'dd.mm.yyyy';
    const file = new File([new Uint8Array(await upload.xlsx.writeBuffer())], 'musteriler.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });

    const { user, container } = open('/customers/import');
    await screen.findByRole('heading', { name: 'Müşteri Aktarımı' });
    await user.upload(container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(screen.getByRole('button', { name: 'İçe aktar' }));

    const result = await screen.findByRole('region', { name: 'Aktarım sonucu' });
    expect(within(result).getByTestId('import-success')).toHaveTextContent('2');
    expect(within(result).getByTestId('import-info')).toHaveTextContent('1');
    expect(within(result).getByTestId('import-error')).toHaveTextContent('2');
    expect(within(result).getByText(/2 satır aktarılamadı/)).toBeInTheDocument();
    const errors = within(result).getByRole('grid', { name: 'Hatalı satırlar' });
    const row = (await within(errors).findByText('Geçerli bir telefon numarası girin')).closest(
      '[role="row"]',
    );
    expect(row).toHaveTextContent('4');
    expect(row).toHaveTextContent('Telefon');
    const sent = server().to('POST', '/customer/import')[0]!.body as FormData;
    expect((sent.get('customer_data') as File).name).toBe('musteriler.xlsx');

    const created = vi.fn((_: Blob) => 'blob:errors');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    await user.click(within(result).getByRole('button', { name: 'Hatalı satırları indir' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const blob = created.mock.calls[0]![0];
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await blobBytes(blob));
    const refused = back.worksheets[0]!;
    const values = (number: number) => (refused.getRow(number).values as unknown[]).slice(1);
    // The uploaded header and cells where they were, then the reasons in the screen's language.
    expect(values(1)).toEqual([
      'Telefon',
      'Ad',
      'Soyad',
      'Doğum tarihi',
      'Yaş',
      'SMS izni',
      'Aktarım hatası',
    ]);
    expect(values(2)).toEqual([
      '12',
      'Hatalı',
      'Numara',
      new Date(Date.UTC(1985, 11, 24)),
      40,
      'evet',
      'Telefon: Geçerli bir telefon numarası girin',
    ]);
    expect(values(3)).toEqual([
      5_329_998_877,
      undefined,
      undefined,
      undefined,
      undefined,
      'belki',
      'Ad: Bu alan zorunludur; Soyad: Bu alan zorunludur; SMS izni: Evet ya da hayır olmalıdır (evet/hayır, yes/no, 1/0)',
    ]);
    expect(refused.rowCount).toBe(3);
  });

  it('explains each column in words on hover and in the template, never by its API key', async () => {
    const { user } = open('/customers/import');
    await screen.findByRole('heading', { name: 'Müşteri Aktarımı' });
    const gender = screen.getByText('Cinsiyet');
    await user.hover(gender);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Şunlardan biri: Erkek, Kadın, Belirtilmemiş',
    );
    await user.unhover(gender);
    await user.hover(screen.getByText('KVKK onayı'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Evet ya da Hayır');
    expect(document.body.innerHTML).not.toMatch(/customer_(gender|kvkk_permission)/);

    const created = vi.fn((_: Blob) => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    await user.click(screen.getByRole('button', { name: 'Şablonu indir' }));
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(await blobBytes(created.mock.calls[0]![0]));
    const [columns, guide] = template.worksheets;
    expect((columns!.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Telefon', 'Ad', 'Soyad']);
    const rows: unknown[][] = [];
    guide!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Sütun', 'Zorunlu', 'Nasıl yazılır']);
    expect(rows).toContainEqual([
      'Ziyaret sıklığı',
      'Hayır',
      'Şunlardan biri: İlk ziyaret, Yılda birkaç kez, Ayda bir, Haftada bir',
    ]);
    expect(JSON.stringify(rows)).not.toContain('customer_');
  });
});

const springSale = {
  _id: '64c00000000000000000c001',
  campaign_name: 'Bahar İndirimi',
  campaign_name_en: 'Spring Sale',
  campaign_description: 'Bütün mağazalarda bahar indirimi',
  campaign_description_en: null,
  campaign_type: 'coupon',
  campaign_start_date: '2026-03-01T09:00:00.000Z',
  campaign_end_date: '2030-06-30T18:00:00.000Z',
  campaign_images: [],
  campaign_is_qrcode: false,
  campaign_participation: 'once',
  campaign_session_day_count: null,
  campaign_store_ids: [],
} satisfies CustomerCoupon['campaign'];

const couponOf = (overrides: Partial<CustomerCoupon>): CustomerCoupon => ({
  _id: '64c0000000000000000000d1',
  campaign_id: springSale._id,
  coupon_code: 'KPN7QX2M',
  coupon_status: 'given',
  customer_id: people[0]!._id,
  channel_id: desk._id,
  coupon_given_at: '2026-11-20T10:00:00.000Z',
  coupon_used_at: null,
  coupon_expires_at: springSale.campaign_end_date,
  createdAt: '2026-03-01T09:00:00.000Z',
  campaign: springSale,
  ...overrides,
});

describe('customer detail coupons tab', () => {
  const serveProfile = (codes: CustomerCoupon[]) =>
    server()
      .on('GET', '/customer/profile/:id', () => json({ ...people[0]!, consent_history: [] }))
      .on('GET', '/data-types/channel', () => json([desk]))
      .on('GET', `/customer/coupons/${people[0]!._id}`, () => json(codes));

  it('lists every code with its campaign, status, desk and dates', async () => {
    serveProfile([
      couponOf({}),
      couponOf({
        _id: '64c0000000000000000000d2',
        coupon_code: 'HT4MZ9RA',
        coupon_status: 'used',
        channel_id: null,
        coupon_given_at: '2026-11-01T08:00:00.000Z',
        coupon_used_at: '2026-11-02T12:15:00.000Z',
      }),
    ]);
    const { user } = open(`/customers/${people[0]!._id}/detail`, listStaff);
    await user.click(await screen.findByRole('tab', { name: 'Kuponlar' }));
    const table = await screen.findByRole('table', { name: 'Müşterinin kuponları' });
    const [, atDesk, online] = within(table).getAllByRole('row');
    expect(within(atDesk!).getByText('KPN7QX2M')).toBeInTheDocument();
    expect(within(atDesk!).getByText('Bahar İndirimi')).toBeInTheDocument();
    expect(within(atDesk!).getByText('Verildi')).toBeInTheDocument();
    expect(within(atDesk!).getByText('Danışma Masası')).toBeInTheDocument();
    expect(within(atDesk!).getByText('20-11-2026 13:00')).toBeInTheDocument();
    expect(within(atDesk!).getByText('30-06-2030 21:00')).toBeInTheDocument();
    expect(within(online!).getByText('HT4MZ9RA')).toBeInTheDocument();
    expect(within(online!).getByText('Kullanıldı')).toBeInTheDocument();
    expect(within(online!).getByText('Mikro site')).toBeInTheDocument();
    expect(within(online!).getByText('02-11-2026 15:15')).toBeInTheDocument();
    // All desks: no channel asked for.
    expect(server().to('GET', `/customer/coupons/${people[0]!._id}`)[0]!.query.has('channelId')).toBe(false);
    // A role without the campaigns screens reads the campaign's name without a link to it.
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('links the campaign for a role that edits campaigns', async () => {
    serveProfile([couponOf({})]);
    open(
      `/customers/${people[0]!._id}/detail?tab=coupons`,
      roleWith('modules:customers:customer-list', 'modules:campaigns:campaigns'),
    );
    const table = await screen.findByRole('table', { name: 'Müşterinin kuponları' });
    expect(within(table).getByRole('link', { name: 'Bahar İndirimi' })).toHaveAttribute(
      'href',
      `/campaigns/${springSale._id}/edit`,
    );
    // Without the channels screen the desk stays unnamed.
    expect(within(table).getByText('Bilinmeyen kanal')).toBeInTheDocument();
  });

  it('explains what the tab will hold while the customer has no code', async () => {
    serveProfile([]);
    open(`/customers/${people[0]!._id}/detail?tab=coupons`, listStaff);
    const empty = await screen.findByRole('region', { name: 'Müşterinin kuponları' });
    expect(within(empty).getByRole('heading', { name: 'Liste boş' })).toBeInTheDocument();
    expect(within(empty).getByText(/Bu müşteriye henüz kod verilmedi/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('customer detail points tab', () => {
  const customerId = people[0]!._id;
  const history: PointHistory = {
    balance: {
      customer_id: customerId,
      point_balance: 1000,
      point_tier_points: 1250,
      point_earned_total: 1400,
      loyalty_tier_id: '64e0000000000000000000a2',
      loyalty_tier_title: 'Gümüş',
      loyalty_tier_title_en: 'Silver',
    },
    data: [
      {
        _id: '64f0000000000000000000e3',
        point_entry_kind: 'burn',
        point_entry_amount: -150,
        point_entry_balance_after: 1000,
        point_entry_cause: 'gift_redemption',
        point_entry_cause_id: '64f0000000000000000000f2',
        point_entry_note: null,
        point_entry_actor: 'customer',
        point_entry_admin_name: null,
        createdAt: '2026-11-22T10:00:00.000Z',
      },
      {
        _id: '64f0000000000000000000e2',
        point_entry_kind: 'adjust',
        point_entry_amount: -100,
        point_entry_balance_after: 1150,
        point_entry_cause: 'adjustment',
        point_entry_cause_id: null,
        point_entry_note: 'Mükerrer fiş',
        point_entry_actor: 'staff',
        point_entry_admin_name: 'Zeynep Kaya',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      {
        _id: '64f0000000000000000000e1',
        point_entry_kind: 'earn',
        point_entry_amount: 1250,
        point_entry_balance_after: 1250,
        point_entry_cause: 'receipt',
        point_entry_cause_id: '64f0000000000000000000f1',
        point_entry_note: null,
        point_entry_actor: 'system',
        point_entry_admin_name: null,
        createdAt: '2026-11-18T09:00:00.000Z',
      },
    ],
    total: 3,
  };
  const loyaltyStaff = roleWith('modules:customers:customer-list', 'modules:loyalty:loyalty-customer');
  const serveProfile = () =>
    server()
      .on('GET', '/customer/profile/:id', () => json({ ...people[0]!, consent_history: [] }))
      .on('GET', '/data-types/channel', () => json([desk]))
      .on('GET', `/loyalty-customer/points/${customerId}`, () => json(history));

  it('shows the balance, the tier and the ledger, and corrects points once with a reason', async () => {
    serveProfile();
    server().on('POST', '/loyalty-customer/adjust-points', () =>
      json({ ...history.balance, point_balance: 1400 }),
    );
    const { user } = open(`/customers/${customerId}/detail?tab=points`, loyaltyStaff);
    const table = await screen.findByRole('table', { name: 'Puan hareketleri' });
    expect(screen.getByRole('group', { name: 'Puan bakiyesi' })).toHaveTextContent('1.000');
    expect(screen.getByRole('group', { name: 'Üyelik seviyesi' })).toHaveTextContent('Gümüş');
    expect(screen.getByRole('group', { name: 'Seviye puanı' })).toHaveTextContent('1.250');
    const [, claimed, correction, earned] = within(table).getAllByRole('row');
    expect(within(claimed!).getByText('-150')).toBeInTheDocument();
    expect(within(claimed!).getByText('Müşteri')).toBeInTheDocument();
    expect(within(correction!).getByText('Düzeltme')).toBeInTheDocument();
    expect(within(correction!).getByText('-100')).toBeInTheDocument();
    expect(within(correction!).getByText('Mükerrer fiş')).toBeInTheDocument();
    expect(within(correction!).getByText('Zeynep Kaya')).toBeInTheDocument();
    expect(within(earned!).getByText('Fişten kazanım')).toBeInTheDocument();
    expect(within(earned!).getByText('+1.250')).toBeInTheDocument();
    expect(within(earned!).getByText('Sistem')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Puan düzelt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Puan düzeltme' });
    await user.click(within(dialog).getByRole('spinbutton', { name: 'Puan değişikliği' }));
    await user.paste('250');
    await user.type(within(dialog).getByRole('textbox', { name: 'Gerekçe' }), 'Kayıp fiş telafisi');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Puan düzeltildi')).toBeInTheDocument();
    const [sent] = server().to('POST', '/loyalty-customer/adjust-points');
    expect(sent!.body).toEqual({
      customer_id: customerId,
      point_entry_amount: 250,
      point_entry_note: 'Kayıp fiş telafisi',
    });
    expect(sent!.headers['idempotency-key']).toMatch(/^adjust-[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await axeViolations()).toEqual([]);
  });

  it('is not offered to a role without the loyalty customers module', async () => {
    serveProfile();
    open(`/customers/${customerId}/detail?tab=points`, listStaff);
    expect(await screen.findByRole('tab', { name: 'Profil' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Puanlar' })).toBeNull();
    expect(server().to('GET', `/loyalty-customer/points/${customerId}`)).toHaveLength(0);
  });
});
