import type { Campaign, CouponCodeCounts } from '@avlu/contracts';
import { paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { campaignFixture, roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const counts = (ready: number, given: number, used: number, not_used = 0): CouponCodeCounts => ({
  ready,
  given,
  used,
  not_used,
});

const campaign = (overrides: Partial<Campaign> = {}): Campaign =>
  campaignFixture({
    campaign_status: 'published',
    campaign_code_counts: counts(1200, 300, 45, 5),
    ...overrides,
  });

const coupon = campaign();
const partner = campaign({
  _id: '64b00000000000000000c002',
  campaign_name: 'Sinema Ortaklığı',
  campaign_name_en: 'Cinema Partnership',
  campaign_type: 'third_party',
  campaign_third_party_id: 'CINE-1',
  campaign_provider_ids: ['64b00000000000000000b001'],
  campaign_code_counts: counts(0, 0, 0),
});
const basic = campaign({
  _id: '64b00000000000000000c003',
  campaign_name: 'Kahve Kampanyası',
  campaign_name_en: 'Coffee Deal',
  campaign_type: 'basic',
  campaign_participation: null,
  campaign_code_counts: undefined,
});

const serve = (row: Campaign) => server().on('GET', `/campaign/${row._id}`, () => json(row));
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Record<string, unknown>;
const countOf = (status: string) =>
  within(screen.getByRole('list', { name: 'Kod durumu' })).getByRole('listitem', { name: status });
const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
const section = (name: string) => screen.getByRole('region', { name });
const paste = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
};

describe('the code pool screen', () => {
  it('shows the campaign, its type and its codes by status, and generates codes with the contracts’ limit', async () => {
    serve(coupon);
    let answer: () => Response | Promise<Response> = () =>
      json({ campaignId: coupon._id, generated: 1000, codes: counts(2200, 300, 45, 5) });
    server().on('POST', '/coupons/cache/generate', () => answer());
    const { user } = renderApp({ path: `/campaigns/add-coupons/${coupon._id}`, ...asAdmin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kodlar: Bahar İndirimi' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Kampanya türü: Kupon')).toBeInTheDocument();
    expect(countOf('Hazır')).toHaveTextContent('1.200');
    expect(countOf('Verildi')).toHaveTextContent('300');
    expect(countOf('Kullanıldı')).toHaveTextContent('45');
    expect(countOf('Kullanılmadı')).toHaveTextContent('5');
    // A generated pool: no import section.
    expect(screen.queryByRole('region', { name: 'Kod yükle' })).toBeNull();

    const generate = section('Kod üret');
    const count = within(generate).getByRole('spinbutton', { name: 'Üretilecek kod sayısı' });
    await paste(user, count, '2000000');
    await user.click(within(generate).getByRole('button', { name: 'Kodları üret' }));
    expect(await within(generate).findByText('En fazla 1000000 olabilir')).toBeInTheDocument();
    expect(server().to('POST', '/coupons/cache/generate')).toHaveLength(0);

    // While the server works, the page says so and every button waits.
    let release = () => {};
    const answered = answer;
    answer = () =>
      new Promise<Response>((resolve) => {
        release = () => resolve(answered());
      });
    await paste(user, count, '1000');
    await user.click(within(generate).getByRole('button', { name: 'Kodları üret' }));
    expect(await within(generate).findByText(/Kodlar üretiliyor/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel’e aktar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Hazır kodları sil' })).toBeDisabled();
    release();
    expect(await within(generate).findByText('1.000 kod üretildi ve havuza eklendi.')).toBeInTheDocument();
    expect(bodyOf(server().to('POST', '/coupons/cache/generate')[0])).toEqual({
      campaignId: coupon._id,
      count: 1000,
    });
    expect(countOf('Hazır')).toHaveTextContent('2.200');
    expect(screen.getByRole('button', { name: 'Excel’e aktar' })).toBeEnabled();
  });

  it('imports a partner’s file: refused rows listed by row number, nothing added, then the file accepted', async () => {
    serve(partner);
    server().on('POST', '/coupons/code-parser', () =>
      json({
        campaignId: partner._id,
        added: 0,
        error_count: 2,
        error_list: [
          { row: 3, coupon_code: 'SİNEMA', message: 'Kupon kodu yalnızca harf ve rakam içerebilir' },
          { row: 4, coupon_code: 'SINEMA0001', message: 'Bu kod dosyanın 2. satırında da var' },
        ],
        codes: counts(0, 0, 0),
      }),
    );
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Kodlar');
    for (const cells of [['Kupon kodu'], ['SINEMA0001'], ['SİNEMA'], ['SINEMA0001']]) sheet.addRow(cells);
    const file = new File([new Uint8Array(await book.xlsx.writeBuffer())], 'sinema.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const { user, container } = renderApp({ path: `/campaigns/add-coupons/${partner._id}`, ...asAdmin });
    const upload = await screen.findByRole('region', { name: 'Kod yükle' });
    expect(screen.queryByRole('region', { name: 'Kod üret' })).toBeNull();
    expect(within(upload).getByText('Kupon kodu (zorunlu)')).toBeInTheDocument();
    expect(within(upload).getByText(/“Kupon kodu” başlıklı sütundan/)).toBeInTheDocument();
    const input = container.ownerDocument.querySelector(
      'input[type="file"][name="file"]',
    ) as HTMLInputElement;
    expect(input.accept).toContain('.csv');
    await user.upload(input, file);
    await user.click(within(upload).getByRole('button', { name: 'İçe aktar' }));

    const result = await screen.findByRole('region', { name: 'Aktarım sonucu' });
    expect(within(result).getByTestId('import-success')).toHaveTextContent('0');
    expect(within(result).getByTestId('import-error')).toHaveTextContent('2');
    expect(within(result).getByText(/2 satır hatalı olduğu için hiçbir kod eklenmedi/)).toBeInTheDocument();
    const errors = within(result).getByRole('grid', { name: 'Hatalı satırlar' });
    const row = (await within(errors).findByText('Bu kod dosyanın 2. satırında da var')).closest(
      '[role="row"]',
    );
    expect(row).toHaveTextContent('4');
    expect(row).toHaveTextContent('Kupon kodu');
    const sent = server().to('POST', '/coupons/code-parser')[0]!.body as FormData;
    expect(sent.get('campaignId')).toBe(partner._id);
    expect((sent.get('file') as File).name).toBe('sinema.xlsx');

    // The refused rows come back as the uploaded cells with their reasons.
    const created = vi.fn((_: Blob) => 'blob:errors');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    await user.click(within(result).getByRole('button', { name: 'Hatalı satırları indir' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await blobBytes(created.mock.calls[0]![0]));
    const values = (number: number) => (back.worksheets[0]!.getRow(number).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Kupon kodu', 'Aktarım hatası']);
    expect(values(2)).toEqual(['SİNEMA', 'Kupon kodu: Kupon kodu yalnızca harf ve rakam içerebilir']);

    server().on('POST', '/coupons/code-parser', () =>
      json({ campaignId: partner._id, added: 2, error_count: 0, error_list: [], codes: counts(2, 0, 0) }),
    );
    await user.upload(input, file);
    await user.click(within(upload).getByRole('button', { name: 'İçe aktar' }));
    expect(await screen.findByText('2 kod havuza eklendi.')).toBeInTheDocument();
    expect(countOf('Hazır')).toHaveTextContent('2');
  });

  it('removes the ready codes only after a question naming how many go, and exports the pool', async () => {
    serve(coupon);
    server()
      .on('DELETE', '/coupons/remove-codes', () => json({ removed: 1200, codes: counts(0, 300, 45, 5) }))
      .on('POST', `/campaign/${coupon._id}/coupons/export`, () => new Response(new Blob(['PK'])));
    const { user } = renderApp({ path: `/campaigns/add-coupons/${coupon._id}`, ...asAdmin });
    const remove = await screen.findByRole('button', { name: 'Hazır kodları sil' });

    await user.click(remove);
    let question = await screen.findByRole('dialog', { name: 'Hazır kodlar silinsin mi?' });
    expect(question).toHaveTextContent('“Bahar İndirimi” kampanyasının 1.200 hazır kodu silinecek');
    await user.click(within(question).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server().to('DELETE', '/coupons/remove-codes')).toHaveLength(0);

    await user.click(remove);
    question = await screen.findByRole('dialog', { name: 'Hazır kodlar silinsin mi?' });
    await user.click(within(question).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('1.200 hazır kod silindi.')).toBeInTheDocument();
    expect(bodyOf(server().to('DELETE', '/coupons/remove-codes')[0])).toEqual({ campaignId: coupon._id });
    // The dialog's exit hides the page from the accessibility tree for a moment.
    await waitFor(() => expect(countOf('Hazır')).toHaveTextContent('0'));
    expect(screen.getByRole('button', { name: 'Hazır kodları sil' })).toBeDisabled();

    const created = vi.fn((_: Blob) => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    expect(screen.queryByRole('button', { name: /Otopark sistemi dosyası/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Excel’e aktar' }));
    expect(await screen.findByText('Kod listesi indirildi')).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
    expect(server().to('POST', `/campaign/${coupon._id}/coupons/export`)).toHaveLength(1);
  });

  it('offers a parking campaign’s codes as the car park system’s file, and no other campaign’s', async () => {
    const parking = campaign({
      _id: '64b00000000000000000c004',
      campaign_type: 'parking',
      campaign_store_ids: [],
      campaign_code_counts: counts(10, 4, 0),
    });
    serve(parking);
    server().on('GET', '/skidata/ticket/info', () => new Response(new Blob(['ticket_code;status'])));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:tickets', revokeObjectURL: () => {} }),
    );
    const { user } = renderApp({ path: `/campaigns/add-coupons/${parking._id}`, ...asAdmin });
    const file = await screen.findByRole('button', { name: 'Otopark sistemi dosyası (SKIDATA)' });
    expect(screen.getByText(/otoparkın bilet sistemine yüklenecek CSV dosyası/)).toBeInTheDocument();
    await user.click(file);
    expect(await screen.findByText('Otopark sistemi dosyası indirildi')).toBeInTheDocument();
    const [request] = server().to('GET', '/skidata/ticket/info');
    expect(request!.query.get('campaignId')).toBe(parking._id);
  });

  it('saves the printed coupon count, and shows the server’s refusal under the field', async () => {
    serve(coupon);
    server().on('PUT', `/coupon-campaign/${coupon._id}`, () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Geçersiz değer',
          fields: { coupon_print_count: 'Çok büyük' },
        },
        400,
      ),
    );
    const { user } = renderApp({ path: `/campaigns/add-coupons/${coupon._id}`, ...asAdmin });
    const print = await screen.findByRole('region', { name: 'Basılan kupon sayısı' });
    const field = within(print).getByRole('spinbutton', { name: 'Basılan kupon sayısı' });
    expect(field).toHaveValue(0);
    await paste(user, field, '250');
    await user.click(within(print).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Çok büyük'));

    server().on('PUT', `/coupon-campaign/${coupon._id}`, ({ body }) =>
      json({ ...coupon, ...(body as object) }),
    );
    await user.click(within(print).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Basılan kupon sayısı kaydedildi')).toBeInTheDocument();
    expect(server().to('PUT', `/coupon-campaign/${coupon._id}`).map(bodyOf)).toEqual([
      { coupon_print_count: 250 },
      { coupon_print_count: 250 },
    ]);
  });

  it('says a basic campaign has no code pool and offers nothing', async () => {
    serve(basic);
    renderApp({ path: `/campaigns/add-coupons/${basic._id}`, ...asAdmin });
    expect(await screen.findByText('Bu kampanyanın kod havuzu yok')).toBeInTheDocument();
    expect(screen.getByText(/Temel kampanya yalnızca bilgilendirme içindir/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Kod durumu' })).toBeNull();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Excel’e aktar|Hazır kodları sil|Kaydet/ })).toBeNull();
  });

  it('speaks English', async () => {
    serve(coupon);
    await i18n.changeLanguage('en');
    renderApp({ path: `/campaigns/add-coupons/${coupon._id}`, ...asAdmin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Codes: Spring Sale' })).toBeInTheDocument();
    expect(screen.getByText('Campaign type: Coupon')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Codes by status' })).getByRole('listitem', { name: 'Ready' }),
    ).toHaveTextContent('1,200');
    expect(screen.getByRole('button', { name: 'Generate codes' })).toBeInTheDocument();
    expect(screen.getByText('At most 1,000,000 codes at a time.')).toBeInTheDocument();
  });
});

describe('the campaign list’s way in', () => {
  const page = (rows: Campaign[]) =>
    json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

  it('offers “Kodlar” on types with a pool to a role that may open the screen', async () => {
    server().on('POST', '/campaign/filter', () => page([coupon, basic]));
    const { user, router, unmount } = renderApp({ path: '/campaigns/list', ...asAdmin });
    const row = (await screen.findByText('Bahar İndirimi')).closest('[role="row"]') as HTMLElement;
    const other = (await screen.findByText('Kahve Kampanyası')).closest('[role="row"]') as HTMLElement;
    expect(within(other).queryByRole('button', { name: 'Kodlar: Kahve Kampanyası' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Kodlar: Bahar İndirimi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/campaigns/add-coupons/${coupon._id}`));
    unmount();

    renderApp({ path: '/campaigns/list', signedInAs: { role: roleWith('modules:campaigns:campaigns') } });
    const only = (await screen.findByText('Bahar İndirimi')).closest('[role="row"]') as HTMLElement;
    expect(within(only).getByRole('button', { name: 'Arşivle: Bahar İndirimi' })).toBeInTheDocument();
    expect(within(only).queryByRole('button', { name: 'Kodlar: Bahar İndirimi' })).toBeNull();
  });
});
