import { paginationOf, type ReceiptDetail, type Store } from '@avlu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { LOCATIONS, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
// Spec §6: the receipts and their review are `modules:loyalty:receipts`.
const asReviewer = { signedInAs: { role: roleWith('modules:loyalty:receipts') } };
const page = <Row,>(rows: Row[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

const mavi: Store = {
  _id: '64d0000000000000000000b2',
  store_name: 'Mavi',
  store_category_id: '64d0000000000000000000c1',
  store_category_name: 'Giyim',
  store_category_name_en: 'Clothing',
  store_floor: 'Zemin Kat',
  store_unit_no: null,
  store_phone: null,
  store_logo: null,
  store_website: null,
  store_cms_id: null,
  store_is_active: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};
const lcw: Store = { ...mavi, _id: '64d0000000000000000000b3', store_name: 'LC Waikiki' };

const receiptId = '64f0000000000000000000a1';
const nextId = '64f0000000000000000000a2';
const receipt = (overrides: Partial<ReceiptDetail> = {}): ReceiptDetail => ({
  _id: receiptId,
  receipt_no: 'F-004217',
  receipt_amount: 1234.5,
  currency: 'TRY',
  receipt_date: '2026-11-20T12:30:00.000Z',
  store_id: mavi._id,
  store_name: 'Mavi',
  customer_id: '64e0000000000000000000c1',
  customer_name: 'Ayşe',
  customer_surname: 'Yılmaz',
  customer_phone: '+905328906124',
  campaign_id: '64e0000000000000000000e1',
  campaign_name: 'Kasım fiş kampanyası',
  channel_id: null,
  receipt_status: 'pending',
  receipt_rejection_reason: null,
  receipt_rejection_message: null,
  receipt_calculated_points: null,
  receipt_photo_type: 'jpg',
  receipt_photo_url: '/files/receipts/a1.jpg?sig=1',
  receipt_thumbnail_url: '/files/receipts/a1-thumb.jpg?sig=1',
  receipt_source: 'micro_site',
  send_sms: true,
  receipt_is_duplicate: false,
  receipt_duplicate_of: null,
  receipt_duplicate_kind: null,
  receipt_approved_at: null,
  createdAt: '2026-11-20T12:35:00.000Z',
  updatedAt: '2026-11-20T12:35:00.000Z',
  receipt_points_calculation: {
    point_provider_id: '64e0000000000000000000f1',
    point_provider_name: 'Giyim mağazaları',
    point_provider_type: 'category',
    point_provider_priority: 2,
    point_provider_points_multiplier: 0.1,
    receipt_amount: 1234.5,
    base_points: 123.45,
    loyalty_tier_title: 'Gümüş',
    tier_multiplier: 1.25,
    campaign_multiplier: 2,
    total_points: 308,
  },
  ...overrides,
});
const listed = (overrides: Partial<ReceiptDetail> = {}) => {
  const { receipt_points_calculation: _, ...row } = receipt(overrides);
  return row;
};
const filterOf = (index: number) =>
  (server().to('POST', '/shopping-receipts/filter')[index]?.body as { filter?: unknown } | undefined)?.filter;
const lastFilter = () => filterOf(server().to('POST', '/shopping-receipts/filter').length - 1);

/** The review screen of the pending receipt, with another one waiting after it. */
const serveReview = (current: ReceiptDetail, queue: string[] = [current._id, nextId]) =>
  server()
    .on('GET', '/data/stores', () => json([mavi, lcw]))
    .on('GET', `/shopping-receipts/${current._id}`, () => json(current))
    .on('GET', `/shopping-receipts/${nextId}`, () =>
      json(receipt({ _id: nextId, receipt_no: 'F-004300', store_name: 'LC Waikiki', store_id: lcw._id })),
    )
    .on('POST', '/shopping-receipts/filter', () => page(queue.map((_id) => listed({ _id }))));

describe('loyalty receipts', () => {
  it('lists the pending receipts first with their photo, amount in lira, status and duplicate flag, and filters them', async () => {
    server()
      .on('GET', '/data/stores', () => json([mavi, lcw]))
      .on('POST', '/shopping-receipts/filter', () =>
        page([
          listed({ receipt_is_duplicate: true, receipt_duplicate_kind: 'details' }),
          listed({
            _id: nextId,
            receipt_no: 'F-000010',
            receipt_status: 'approved',
            receipt_calculated_points: 1250,
            receipt_source: 'desk',
            receipt_photo_type: 'pdf',
            receipt_thumbnail_url: null,
          }),
        ]),
      );
    const { user, router } = renderApp({ path: '/loyalty/receipts', ...asReviewer });
    const grid = await screen.findByRole('grid', { name: 'Fişler' });
    const row = (await within(grid).findByText('F-004217')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'F-004217 numaralı fişin küçük resmi' })).toHaveAttribute(
      'src',
      '/files/receipts/a1-thumb.jpg?sig=1',
    );
    expect(within(row).getByText('Ayşe Yılmaz')).toBeInTheDocument();
    expect(within(row).getByText('Mavi')).toBeInTheDocument();
    expect(row).toHaveTextContent(/1\.234,50/);
    expect(row).toHaveTextContent('₺');
    expect(within(row).getByText('Beklemede')).toBeInTheDocument();
    expect(within(row).getByText('Mikro site')).toBeInTheDocument();
    expect(within(row).getByText('Sistemde kayıtlı')).toBeInTheDocument();
    const approved = within(grid).getByText('F-000010').closest('[role="row"]') as HTMLElement;
    expect(within(approved).getByText('Onaylandı')).toBeInTheDocument();
    expect(within(approved).getByText('Danışma')).toBeInTheDocument();
    expect(approved).toHaveTextContent('1.250');
    expect(within(approved).queryByText('Sistemde kayıtlı')).not.toBeInTheDocument();
    // The review queue is what staff meet first.
    expect(filterOf(0)).toEqual({ receipt_status: ['pending'] });

    await user.click(screen.getByRole('combobox', { name: 'Durum' }));
    await user.click(await screen.findByRole('option', { name: 'Tüm durumlar' }));
    await waitFor(() => expect(lastFilter()).toEqual({}));
    await user.click(screen.getByRole('combobox', { name: 'Mağaza' }));
    await user.click(await screen.findByRole('option', { name: 'LC Waikiki' }));
    await user.click(screen.getByRole('combobox', { name: 'Kaynak' }));
    await user.click(await screen.findByRole('option', { name: 'Danışma' }));
    // Days typed as the mall's staff write them: DD/MM/YYYY.
    for (const [label, typed] of [
      ['Fiş tarihi (başlangıç)', '01112026'],
      ['Fiş tarihi (bitiş)', '30112026'],
    ] as const) {
      await user.click(within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton')[0]!);
      await user.keyboard(typed);
    }
    fireEvent.change(screen.getByRole('spinbutton', { name: 'En az tutar (₺)' }), {
      target: { value: '100' },
    });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'En çok tutar (₺)' }), {
      target: { value: '2500.5' },
    });
    // Days are the mall's (Istanbul, UTC+3): from its first moment to its last.
    const filter = {
      store_id: lcw._id,
      receipt_source: 'desk',
      receipt_date_from: '2026-10-31T21:00:00.000Z',
      receipt_date_to: '2026-11-30T20:59:59.999Z',
      receipt_amount_min: 100,
      receipt_amount_max: 2500.5,
    };
    await waitFor(() => expect(lastFilter()).toEqual(filter));

    const created = vi.fn((_: Blob) => 'blob:receipts');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    server().on(
      'POST',
      '/shopping-receipts/export',
      () =>
        new Response(new Blob(['xlsx']), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="fisler.xlsx"',
          },
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Excel’e aktar' }));
    expect(await screen.findByText('Fişler indirildi')).toBeInTheDocument();
    expect(server().to('POST', '/shopping-receipts/export')[0]?.body).toEqual({ filter });
    expect(created).toHaveBeenCalledTimes(1);

    await user.click(within(grid).getByRole('link', { name: /F-004217|Ayşe|fotoğraf|küçük/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/loyalty/receipts/${receiptId}`));
  });

  it('bounds the filter’s days in the current mall’s time zone, not Istanbul’s', async () => {
    server()
      .on('GET', '/data/stores', () => json([mavi, lcw]))
      .on('POST', '/shopping-receipts/filter', () => page([]))
      .on('GET', '/core/location', () =>
        json(
          LOCATIONS.map((mall, index) => ({
            ...mall,
            // The current mall (the first) keeps Berlin's clock (UTC+1 in November), the other Istanbul's.
            location_meta: { timezone: index === 0 ? 'Europe/Berlin' : 'Europe/Istanbul' },
            hasMobileApp: false,
          })),
        ),
      );
    renderApp({ path: '/loyalty/receipts?status=all&from=2026-11-01&to=2026-11-30', ...asReviewer });
    await waitFor(() =>
      expect(lastFilter()).toEqual({
        receipt_date_from: '2026-10-31T23:00:00.000Z',
        receipt_date_to: '2026-11-30T22:59:59.999Z',
      }),
    );
  });

  it('shows the photo beside the form and the points calculation, approves with the changed amount and opens the next pending receipt', async () => {
    serveReview(receipt()).on('PUT', `/shopping-receipts/${receiptId}`, () =>
      json(receipt({ receipt_status: 'approved', receipt_calculated_points: 308 })),
    );
    const { user, router } = renderApp({ path: `/loyalty/receipts/${receiptId}`, ...asReviewer });
    const photo = await screen.findByRole('img', { name: 'F-004217 numaralı fişin fotoğrafı' });
    expect(photo).toHaveAttribute('src', '/files/receipts/a1.jpg?sig=1');
    // Fitted at first (the whole receipt in the frame), then multiples of the frame's width.
    expect(photo.style.maxHeight).toBe('100%');
    await user.click(screen.getByRole('button', { name: 'Yakınlaştır' }));
    await user.click(screen.getByRole('button', { name: 'Yakınlaştır' }));
    expect(screen.getByText('%150')).toBeInTheDocument();
    expect(photo.style.width).toBe('150%');
    await user.click(screen.getByRole('button', { name: 'Sağa döndür' }));
    expect(photo.style.transform).toBe('rotate(90deg)');

    const points = screen.getByRole('region', { name: 'Onaylanırsa kazanacağı puan' });
    expect(
      within(points).getByText('Giyim mağazaları (öncelik 2, lira başına 0,1 puan)'),
    ).toBeInTheDocument();
    expect(within(points).getByRole('rowheader', { name: 'Temel puan' }).nextSibling).toHaveTextContent(
      /₺1\.234,50 × 0,1 = 123,45/,
    );
    expect(within(points).getByText('× 1,25 (Gümüş)')).toBeInTheDocument();
    expect(within(points).getByText('× 2 (Kasım fiş kampanyası)')).toBeInTheDocument();
    expect(within(points).getByText('308 puan')).toBeInTheDocument();

    const amount = screen.getByRole('spinbutton', { name: 'Tutar (₺)' });
    expect(amount).toHaveValue(1234.5);
    fireEvent.change(amount, { target: { value: '1243.5' } });
    await user.click(screen.getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/loyalty/receipts/${nextId}`));
    expect(
      server()
        .to('PUT', `/shopping-receipts/${receiptId}`)
        .map((request) => request.body),
    ).toEqual([{ receipt_amount: 1243.5, receipt_status: 'approved' }]);
    expect(await screen.findByText('Fiş onaylandı, puanı müşteriye yazıldı')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'F-004300 Numaralı Fiş' })).toBeInTheDocument();
    // The next one is found in the queue of pending receipts, oldest first.
    expect(server().to('POST', '/shopping-receipts/filter')[0]?.body).toMatchObject({
      orderBy: 'createdAt',
      order: 'asc',
      filter: { receipt_status: ['pending'] },
    });
  });

  it('rejects only with a reason, and for “Diğer” with a message to the customer', async () => {
    serveReview(receipt(), [receiptId]).on('PUT', `/shopping-receipts/${receiptId}`, () =>
      json(receipt({ receipt_status: 'rejected', receipt_rejection_reason: 'other' })),
    );
    const { user, router } = renderApp({ path: `/loyalty/receipts/${receiptId}`, ...asReviewer });
    await user.click(await screen.findByRole('button', { name: 'Reddet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fiş reddedilsin mi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    expect(await within(dialog).findByText('Reddedilen fiş için bir ret nedeni seçin')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Ret nedeni' }));
    const reasons = await screen.findAllByRole('option');
    expect(reasons.map((option) => option.textContent)).toEqual([
      'Sistemde zaten var',
      'Fotoğraf net değil / okunamıyor',
      'AVM’ye ait değil',
      'Marka adı okunamıyor',
      'Fiş yerine kredi kartı slipi',
      'Hediye kartıyla ödenmiş',
      'Diğer',
    ]);
    await user.click(screen.getByRole('option', { name: 'Diğer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    expect(
      await within(dialog).findByRole('textbox', { name: /Müşteriye açıklama/ }),
    ).toHaveAccessibleDescription('Bu ret nedeni için müşteriye bir açıklama yazın');
    expect(server().to('PUT', `/shopping-receipts/${receiptId}`)).toHaveLength(0);

    const message = within(dialog).getByRole('textbox', { name: /Müşteriye açıklama/ });
    expect(message).toHaveAttribute('maxlength', '75');
    await user.type(message, 'Fiş başka bir AVM’nin otoparkına ait');
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    // Nothing else waits: back to the list, said so.
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/receipts'));
    expect(server().to('PUT', `/shopping-receipts/${receiptId}`)[0]?.body).toEqual({
      receipt_status: 'rejected',
      receipt_rejection_reason: 'other',
      receipt_rejection_message: 'Fiş başka bir AVM’nin otoparkına ait',
    });
    expect(await screen.findByText('Bekleyen başka fiş yok')).toBeInTheDocument();
  });

  it('reviews from the keyboard: U marks uncertain, N skips to the next pending, letters typed in a field stay there', async () => {
    serveReview(receipt()).on('PUT', `/shopping-receipts/${receiptId}`, () =>
      json(receipt({ receipt_status: 'uncertain' })),
    );
    const { user, router } = renderApp({ path: `/loyalty/receipts/${receiptId}`, ...asReviewer });
    const approve = await screen.findByRole('button', { name: /Onayla/ });
    expect(approve).toHaveAttribute('aria-keyshortcuts', 'A');
    expect(approve).toHaveTextContent('OnaylaA');
    expect(screen.getByRole('button', { name: /Reddet/ })).toHaveAttribute('aria-keyshortcuts', 'R');
    expect(
      screen.getByText('Kısayollar: A onayla, R reddet, U belirsiz, N sonraki bekleyen fiş.'),
    ).toBeInTheDocument();

    // Typing a receipt number with an A in it approves nothing.
    const number = screen.getByRole('textbox', { name: 'Fiş numarası' });
    await user.type(number, 'A');
    expect(number).toHaveValue('F-004217A');
    await user.clear(number);
    await user.type(number, 'F-004217');
    number.blur();
    expect(server().to('PUT', `/shopping-receipts/${receiptId}`)).toHaveLength(0);

    await user.keyboard('u');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/loyalty/receipts/${nextId}`));
    expect(server().to('PUT', `/shopping-receipts/${receiptId}`)[0]?.body).toEqual({
      receipt_status: 'uncertain',
    });

    // N only moves on: from the next receipt, back to the first one still waiting in the queue.
    await screen.findByRole('heading', { name: 'F-004300 Numaralı Fiş' });
    await user.keyboard('n');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/loyalty/receipts/${receiptId}`));
    expect(server().to('PUT', `/shopping-receipts/${nextId}`)).toHaveLength(0);
  });

  it('reviews from the keyboard: R opens the rejection, which sends nothing until a reason is chosen', async () => {
    serveReview(receipt(), [receiptId]).on('PUT', `/shopping-receipts/${receiptId}`, () =>
      json(receipt({ receipt_status: 'rejected', receipt_rejection_reason: 'picture_not_clear' })),
    );
    const { user, router } = renderApp({ path: `/loyalty/receipts/${receiptId}`, ...asReviewer });
    await screen.findByRole('button', { name: /Reddet/ });

    // An R typed in a field stays there.
    const number = screen.getByRole('textbox', { name: 'Fiş numarası' });
    await user.type(number, 'R');
    expect(number).toHaveValue('F-004217R');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(number);
    await user.type(number, 'F-004217');
    number.blur();

    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Fiş reddedilsin mi?' });
    expect(server().to('PUT', `/shopping-receipts/${receiptId}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Ret nedeni' }));
    await user.click(await screen.findByRole('option', { name: 'Fotoğraf net değil / okunamıyor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/receipts'));
    expect(server().to('PUT', `/shopping-receipts/${receiptId}`)[0]?.body).toMatchObject({
      receipt_status: 'rejected',
      receipt_rejection_reason: 'picture_not_clear',
    });
  });

  it('shows an approved receipt read-only with what it earned', async () => {
    serveReview(
      receipt({
        receipt_status: 'approved',
        receipt_calculated_points: 308,
        receipt_approved_at: '2026-11-20T13:00:00.000Z',
        receipt_photo_type: 'pdf',
        receipt_photo_url: '/files/receipts/a1.pdf?sig=1',
        receipt_thumbnail_url: null,
      }),
    );
    const { user } = renderApp({ path: `/loyalty/receipts/${receiptId}`, ...asReviewer });
    expect(
      await screen.findByText(
        'Bu fiş onaylandı ve puanı müşterinin hesabına yazıldı; onaylı fiş değiştirilemez.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Fiş numarası' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Tutar (₺)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Onayla/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reddet/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kazandığı puan' })).toHaveTextContent('308 puan');
    expect(screen.getByTitle('F-004217 numaralı fişin fotoğrafı')).toHaveAttribute(
      'src',
      '/files/receipts/a1.pdf?sig=1',
    );
    expect(screen.getByRole('link', { name: 'PDF’i yeni sekmede aç' })).toHaveAttribute(
      'href',
      '/files/receipts/a1.pdf?sig=1',
    );
    await user.keyboard('a');
    expect(server().to('PUT', `/shopping-receipts/${receiptId}`)).toHaveLength(0);
  });

  it('is offered in the sidebar’s Sadakat group to a role with the receipts’ subject', async () => {
    server()
      .on('GET', '/data/stores', () => json([]))
      .on('POST', '/shopping-receipts/filter', () => page([]));
    renderApp({ path: '/loyalty/receipts', ...asReviewer });
    expect(await screen.findByRole('heading', { name: 'Fişler' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(menu).getByRole('link', { name: 'Fişler' })).toHaveAttribute('href', '/loyalty/receipts');
  });
});
