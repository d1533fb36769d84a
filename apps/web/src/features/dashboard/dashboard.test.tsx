import type { MallDashboard } from '@avlu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, never } from '../../lib/api/test-server';
import { changeLanguage } from '../../lib/i18n';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const figure = (value: number, previous: number | null) => ({ value, previous });

/** The last 30 days up to 28 November 2026, beside the 30 days before. */
const answer = (overrides: Partial<MallDashboard> = {}): MallDashboard => ({
  dashboard_interval: 'last_30_days',
  dashboard_from: '2026-10-30',
  dashboard_to: '2026-11-28',
  dashboard_previous_from: '2026-09-30',
  dashboard_previous_to: '2026-10-29',
  dashboard_timezone: 'Europe/Istanbul',
  location_currency: 'TRY',
  dashboard_customers: figure(1_234_567, 987_654),
  dashboard_customers_by_gender: [
    { gender: 'male', ...figure(1_000, 1_250) },
    { gender: 'female', ...figure(1_200, 1_000) },
    { gender: 'unknown', ...figure(7, 0) },
  ],
  dashboard_customers_by_age_group: [
    { age_group: 'under_18', ...figure(3, 3) },
    { age_group: '18_24', ...figure(120, 100) },
    { age_group: '25_34', ...figure(900, 800) },
    { age_group: '35_44', ...figure(700, 650) },
    { age_group: '45_54', ...figure(300, 320) },
    { age_group: '55_64', ...figure(150, 140) },
    { age_group: '65_plus', ...figure(30, 40) },
    { age_group: 'unknown', ...figure(4, 197) },
  ],
  dashboard_customers_by_month: [
    { month: '2026-10', value: 240 },
    { month: '2026-11', value: 1_967 },
  ],
  dashboard_customers_by_year: [{ year: 2026, value: 2_207 }],
  dashboard_consents: [
    { channel: 'sms', ...figure(1_500, 1_400) },
    { channel: 'email', ...figure(1_100, 1_100) },
    { channel: 'call', ...figure(400, 500) },
    { channel: 'kvkk', ...figure(2_100, 2_000) },
  ],
  dashboard_receipts: figure(4_321, 4_000),
  dashboard_receipt_amount: figure(2_345_678.9, 2_000_000),
  dashboard_top_campaigns: [
    {
      campaign_id: '64f0000000000000000000c1',
      campaign_name: 'Kasım Fiş Şenliği',
      campaign_name_en: 'November Receipt Festival',
      receipts: 1_200,
      receipt_amount: 654_321.5,
      previous_receipts: 1_000,
      previous_receipt_amount: 500_000,
    },
  ],
  dashboard_top_stores: [
    {
      store_id: '64f0000000000000000000d1',
      store_name: 'Çiçekçi Güler',
      receipts: 2_345,
      receipt_amount: 12_345.6,
      previous_receipts: 0,
      previous_receipt_amount: 0,
    },
    {
      store_id: '64f0000000000000000000d2',
      store_name: 'Kahve Durağı',
      receipts: 900,
      receipt_amount: 9_000,
      previous_receipts: 1_000,
      previous_receipt_amount: 12_000,
    },
  ],
  dashboard_points_earned: figure(55_000, 50_000),
  dashboard_points_burned: figure(12_000, 16_000),
  dashboard_gifts_given: figure(37, 37),
  dashboard_sms_sent: figure(8_765, 9_000),
  dashboard_email_sent: figure(3_210, 0),
  dashboard_push_sent: figure(15_000, 12_000),
  dashboard_reservations: figure(42, 40),
  dashboard_lendings: figure(18, 24),
  ...overrides,
});

const allTime = (): MallDashboard => {
  const base = answer({
    dashboard_interval: 'all_time',
    dashboard_from: null,
    dashboard_previous_from: null,
    dashboard_previous_to: null,
  });
  const strip = <T extends { previous: number | null }>(row: T) => ({ ...row, previous: null });
  return {
    ...base,
    dashboard_customers: strip(base.dashboard_customers),
    dashboard_customers_by_gender: base.dashboard_customers_by_gender.map(strip),
    dashboard_customers_by_age_group: base.dashboard_customers_by_age_group.map(strip),
    dashboard_consents: base.dashboard_consents.map(strip),
    dashboard_receipts: strip(base.dashboard_receipts),
    dashboard_receipt_amount: strip(base.dashboard_receipt_amount),
    dashboard_points_earned: strip(base.dashboard_points_earned),
    dashboard_top_campaigns: [],
    dashboard_top_stores: base.dashboard_top_stores.map((row) => ({
      ...row,
      previous_receipts: null,
      previous_receipt_amount: null,
    })),
  };
};

const requests = () => server().to('GET', '/data/dashboard');
const lastQuery = () => Object.fromEntries(requests().at(-1)!.query);

/** The texts of a table row's cells, found by its row header. */
const rowOf = (table: HTMLElement, header: string) =>
  within(within(table).getByRole('rowheader', { name: header }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const card = (name: string) => screen.findByRole('region', { name });

describe('the mall dashboard', () => {
  it('shows the period’s figures in Turkish format, each with its change against the previous period', async () => {
    server().on('GET', '/data/dashboard', () => json(answer()));
    // In StrictMode, as main.tsx renders the app: the figures are still asked for once.
    renderApp({ path: '/app', ...asAdmin, strict: true });

    const customers = await card('Yeni müşteri');
    expect(within(customers).getByText('1.234.567')).toBeInTheDocument();
    expect(within(customers).getByText('+%25')).toBeInTheDocument();
    expect(within(customers).getByText('Önceki döneme göre %25 artış')).toBeInTheDocument();
    expect(within(customers).getByText('Önceki dönem: 987.654')).toBeInTheDocument();

    const amount = await card('Fiş tutarı');
    expect(within(amount).getByText('₺2.345.679')).toBeInTheDocument();
    expect(within(amount).getByText('Önceki dönem: ₺2.000.000')).toBeInTheDocument();

    const burned = await card('Harcanan puan');
    expect(within(burned).getByText('12.000')).toBeInTheDocument();
    expect(within(burned).getByText('-%25')).toBeInTheDocument();
    expect(within(burned).getByText('Önceki döneme göre %25 azalış')).toBeInTheDocument();

    expect(within(await card('Verilen hediye')).getByText('Önceki dönemle aynı')).toBeInTheDocument();
    const email = await card('Gönderilen e-posta');
    expect(within(email).getByText('+3.210')).toBeInTheDocument();
    expect(within(email).getByText('Önceki dönemde hiç yoktu')).toBeInTheDocument();
    for (const name of ['Onaylı fiş', 'Kazanılan puan', 'Gönderilen SMS', 'Gönderilen anlık bildirim'])
      expect(await card(name)).toBeInTheDocument();
    expect(within(await card('Rezervasyon')).getByText('42')).toBeInTheDocument();
    expect(within(await card('Ödünç verme')).getByText('-%25')).toBeInTheDocument();

    expect(
      screen.getByText(
        '30 Ekim 2026 – 28 Kasım 2026 (Europe/Istanbul saatiyle) · Önceki dönem: 30 Eylül 2026 – 29 Ekim 2026',
      ),
    ).toBeInTheDocument();
    // The default period leaves the address bare and is asked for once.
    expect(lastQuery()).toMatchObject({ interval: 'last_30_days' });
    expect(requests()).toHaveLength(1);
  });

  it('holds every chart’s figures in a table, shown on demand', async () => {
    server().on('GET', '/data/dashboard', () => json(answer()));
    const { user } = renderApp({ path: '/app', ...asAdmin });

    const gender = await screen.findByRole('table', { name: 'Cinsiyete göre yeni müşteriler' });
    expect(rowOf(gender, 'Kadın')).toEqual(['1.200', '1.000', '+%20']);
    expect(rowOf(gender, 'Erkek')).toEqual(['1.000', '1.250', '-%20']);
    expect(rowOf(gender, 'Belirtilmemiş')).toEqual(['7', '0', '+7']);
    const ages = screen.getByRole('table', { name: 'Yaş gruplarına göre yeni müşteriler' });
    expect(rowOf(ages, '65 ve üzeri')).toEqual(['30', '40', '-%25']);
    expect(rowOf(screen.getByRole('table', { name: 'Aylara göre yeni müşteriler' }), 'Kasım 2026')).toEqual([
      '1.967',
    ]);
    expect(rowOf(screen.getByRole('table', { name: 'Yıllara göre yeni müşteriler' }), '2026')).toEqual([
      '2.207',
    ]);
    expect(rowOf(screen.getByRole('table', { name: 'Kanallara göre izinler' }), 'KVKK')).toEqual([
      '2.100',
      '2.000',
      '+%5',
    ]);
    const campaigns = screen.getByRole('table', { name: 'Fiş tutarına göre öne çıkan kampanyalar' });
    expect(rowOf(campaigns, 'Kasım Fiş Şenliği')).toEqual(['1.200', '₺654.321,50', '₺500.000,00', '+%30,9']);
    const stores = screen.getByRole('table', { name: 'Fiş tutarına göre öne çıkan mağazalar' });
    expect(rowOf(stores, 'Çiçekçi Güler')).toEqual(['2.345', '₺12.345,60', '₺0,00', '+12.346']);
    expect(rowOf(stores, 'Kahve Durağı')).toEqual(['900', '₺9.000,00', '₺12.000,00', '-%25']);

    // The drawings are hidden from screen readers, and nothing in them takes the focus (axe's aria-hidden-focus).
    const region = screen.getByRole('region', { name: 'Cinsiyete göre yeni müşteriler' });
    expect(region.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
    expect(document.querySelectorAll('[aria-hidden="true"] [tabindex="0"]')).toHaveLength(0);
    // Hidden until asked for (screen readers read them all along).
    const container = gender.parentElement!;
    expect(container).toHaveStyle({ position: 'absolute' });
    await user.click(screen.getByRole('switch', { name: 'Grafiklerin tablolarını göster' }));
    expect(container).not.toHaveStyle({ position: 'absolute' });
  });

  it('asks for the chosen period and keeps it in the address', async () => {
    server().on('GET', '/data/dashboard', ({ query }) =>
      json(answer({ dashboard_interval: (query.get('interval') ?? 'last_30_days') as 'last_7_days' })),
    );
    const { user, router } = renderApp({ path: '/app', ...asAdmin });
    await card('Yeni müşteri');

    await user.click(screen.getByRole('combobox', { name: 'Dönem' }));
    await user.click(await screen.findByRole('option', { name: 'Son 7 gün' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ interval: 'last_7_days', locationId: expect.any(String) }),
    );
    expect(router.state.location.search).toBe('?interval=last_7_days');

    // A date range waits for both days, then asks for them.
    await user.click(screen.getByRole('combobox', { name: 'Dönem' }));
    await user.click(await screen.findByRole('option', { name: 'Tarih aralığı' }));
    expect(
      await screen.findByText('Rakamları görmek için tarih aralığının ilk ve son gününü seçin.'),
    ).toBeInTheDocument();
    const sent = requests().length;
    fireEvent.change(screen.getByLabelText('Başlangıç'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '2026-11-01' } });
    // The end before the start is said under the end, and nothing is asked.
    expect(screen.getByLabelText('Bitiş')).toHaveAccessibleDescription(
      'Bitiş tarihi başlangıç tarihinden önce olamaz',
    );
    expect(requests()).toHaveLength(sent);
    fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        interval: 'date_range',
        startDate: '2026-11-10',
        endDate: '2026-11-20',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('startDate')).toBe('2026-11-10');

    // Back to the default: the address is bare again.
    await user.click(screen.getByRole('combobox', { name: 'Dönem' }));
    await user.click(await screen.findByRole('option', { name: 'Son 30 gün' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens with the period in the address', async () => {
    server().on('GET', '/data/dashboard', () => json(allTime()));
    renderApp({ path: '/app?interval=all_time', ...asAdmin });
    const customers = await card('Yeni müşteri');
    expect(lastQuery()).toMatchObject({ interval: 'all_time' });
    expect(screen.getByRole('combobox', { name: 'Dönem' })).toHaveTextContent('Tüm zamanlar');
    // All time is compared with nothing: no chip, no previous column.
    expect(within(customers).queryByText(/Önceki/)).not.toBeInTheDocument();
    expect(screen.getByText(/28 Kasım 2026 tarihine kadar/)).toHaveTextContent(
      'Tüm zamanlar önceki bir dönemle karşılaştırılmaz',
    );
    const gender = screen.getByRole('table', { name: 'Cinsiyete göre yeni müşteriler' });
    expect(
      within(gender)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Cinsiyet', 'Müşteri']);
    // A top list without receipts says so in its table.
    const campaigns = screen.getByRole('table', { name: 'Fiş tutarına göre öne çıkan kampanyalar' });
    expect(within(campaigns).getByRole('cell')).toHaveTextContent('Bu dönemde veri yok');
  });

  it('shows placeholders while loading, and an error with a retry that loads the figures', async () => {
    let fail = true;
    server().on('GET', '/data/dashboard', () =>
      fail
        ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Sunucuda bir hata oluştu' }, 500)
        : json(answer()),
    );
    const { user } = renderApp({ path: '/app', ...asAdmin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Özet yüklenemedi');
    expect(screen.queryByRole('region', { name: 'Yeni müşteri' })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(within(await card('Yeni müşteri')).getByText('1.234.567')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests()).toHaveLength(2);
  });

  it('shows placeholders until the first answer comes', async () => {
    server().on('GET', '/data/dashboard', () => never());
    const { container } = renderApp({ path: '/app', ...asAdmin });
    expect(await screen.findByText('Özet yükleniyor…')).toBeInTheDocument();
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(10);
    expect(screen.queryByRole('region', { name: 'Yeni müşteri' })).not.toBeInTheDocument();
  });

  it('speaks English with English numbers', async () => {
    await changeLanguage('en');
    server().on('GET', '/data/dashboard', () => json(answer()));
    renderApp({ path: '/app', ...asAdmin });
    const customers = await card('New customers');
    expect(within(customers).getByText('1,234,567')).toBeInTheDocument();
    expect(within(customers).getByText('Up 25% on the previous period')).toBeInTheDocument();
    expect(within(await card('Receipt amount')).getByText('₺2,345,679')).toBeInTheDocument();
    const campaigns = screen.getByRole('table', { name: 'Top campaigns by receipt amount' });
    expect(rowOf(campaigns, 'November Receipt Festival')[1]).toBe('₺654,321.50');
  });
});

describe('the root path', () => {
  it('opens the dashboard for a role that may use it', async () => {
    server().on('GET', '/data/dashboard', () => json(answer()));
    const { router } = renderApp({
      path: '/',
      signedInAs: { role: roleWith('modules:dashboard', 'modules:loyalty:receipts') },
    });
    expect(await card('Yeni müşteri')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('opens the first screen the role may use otherwise, without asking for the figures', async () => {
    const { router } = renderApp({
      path: '/',
      signedInAs: { role: roleWith('modules:customer-registration:channel-tags', 'modules:survey') },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/channel-tags'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanal Etiketleri' })).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });
});
