import type { DashboardCampaign, DashboardDay, DashboardReport, DashboardStats } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();

/** The props each daily chart was drawn with (the real chart still draws). */
const charts = vi.hoisted(
  () =>
    [] as {
      series: { curve?: string; showMark?: unknown; label?: string }[];
      xAxis: { tickInterval?: Date[] }[];
    }[],
);
vi.mock('@mui/x-charts/LineChart', async (importOriginal) => {
  const real = await importOriginal<typeof import('@mui/x-charts/LineChart')>();
  return {
    ...real,
    LineChart: (props: Parameters<typeof real.LineChart>[0]) => {
      charts.push(props as (typeof charts)[number]);
      return createElement(real.LineChart, props);
    },
  };
});
const asAdmin = { signedInAs: { role: systemAdminRole } };

const wheel: DashboardCampaign = {
  _id: '64f0000000000000000000c1',
  campaign_name: 'Çarkıfelek Şenliği',
  campaign_name_en: 'Wheel Festival',
  campaign_type: 'wheel_of_fortune',
  campaign_start_date: '2026-01-01T06:00:00.000Z',
  campaign_end_date: '2099-12-31T20:00:00.000Z',
  campaign_state: 'activated',
};
const receipts: DashboardCampaign = {
  ...wheel,
  _id: '64f0000000000000000000c2',
  campaign_name: 'Fiş Kampanyası',
  campaign_name_en: 'Receipt Campaign',
  campaign_type: 'receipt',
};

const stats = (overrides: Partial<DashboardStats> = {}): DashboardStats => ({
  participants: 0,
  participations: 0,
  codes_given: 0,
  codes_used: 0,
  conversion: null,
  receipts: 0,
  receipt_amount: 0,
  points: 0,
  plays: 0,
  wins: 0,
  ...overrides,
});
const days = (from: string, values: Partial<DashboardStats>[]): DashboardDay[] =>
  values.map((value, index) => ({
    day: new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    ...stats(value),
  }));

const weekDays = days('2026-03-01', [
  {},
  {},
  {},
  {},
  {},
  { participants: 2, participations: 3, codes_given: 2, codes_used: 1, conversion: 0.5, plays: 4, wins: 1 },
  { participants: 1, participations: 2, codes_given: 2, codes_used: 2, conversion: 1, plays: 3, wins: 2 },
]);
const totals = stats({
  participants: 3,
  participations: 5,
  codes_given: 4,
  codes_used: 3,
  conversion: 0.75,
  receipts: 2,
  receipt_amount: 1234.56,
  points: 120,
  plays: 7,
  wins: 3,
});
const report: DashboardReport = {
  from: '2026-03-01',
  to: '2026-03-07',
  timezone: 'Europe/Istanbul',
  totals,
  days: weekDays,
  campaigns: [{ ...wheel, totals, days: weekDays }],
};

describe('campaign dashboard', () => {
  it('shows the figures of a picked campaign and period, with its table, and downloads the excel report', async () => {
    const created = vi.fn((_: Blob) => 'blob:dashboard');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    server()
      .on('GET', '/reports/campaign-dashboard-campaign-list', () => json([wheel, receipts]))
      .on('POST', '/reports/campaign-dashboard-report', () => json(report))
      .on(
        'POST',
        '/reports/campaigns-excel-report',
        () =>
          new Response(new Blob(['PK']), {
            headers: { 'content-disposition': 'attachment; filename="kampanya-raporu.xlsx"' },
          }),
      );
    const { user } = renderApp({ path: '/campaigns/dashboard', ...asAdmin });
    expect(await screen.findByRole('heading', { name: 'Kampanya Panosu', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Rakamları görmek için en az bir kampanya seçin.')).toBeInTheDocument();
    expect(server().to('POST', '/reports/campaign-dashboard-report')).toHaveLength(0);

    // Pick the period, then the campaign.
    await user.click(screen.getByRole('combobox', { name: 'Dönem' }));
    await user.click(await screen.findByRole('option', { name: 'Son 7 gün' }));
    await user.click(screen.getByRole('combobox', { name: 'Kampanyalar' }));
    await user.click(await screen.findByRole('option', { name: /Çarkıfelek Şenliği/ }));

    await waitFor(() => expect(server().to('POST', '/reports/campaign-dashboard-report')).toHaveLength(1));
    expect(server().to('POST', '/reports/campaign-dashboard-report')[0]!.body).toEqual({
      campaignId: [wheel._id],
      interval: 'last_7_days',
    });

    // KPI cards, Turkish numbers and lira.
    const receiptsCard = await screen.findByRole('region', { name: 'Fiş' });
    expect(within(receiptsCard).getByText('2')).toBeInTheDocument();
    expect(within(receiptsCard).getByText('₺1.234,56 tutarında')).toBeInTheDocument();
    const codes = screen.getByRole('region', { name: 'Verilen / kullanılan kod' });
    expect(within(codes).getByText('4 / 3')).toBeInTheDocument();
    expect(within(codes).getByText('Dönüşüm %75')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Oyun / kazanan' })).getByText('7 / 3'),
    ).toBeInTheDocument();
    expect(screen.getByText('01 Mart 2026 – 07 Mart 2026 (Europe/Istanbul saatiyle)')).toBeInTheDocument();

    // Each chart has its table of days; the campaign table has the campaign's totals.
    const participation = screen.getByRole('table', { name: 'Günlük katılım: günlük rakamlar' });
    const lastDay = within(participation).getByRole('rowheader', { name: '07 Mart 2026' }).closest('tr')!;
    expect(
      within(lastDay)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1']);
    const byCampaign = screen.getByRole('table', { name: 'Seçilen kampanyaların dönem toplamları' });
    const row = within(byCampaign).getByRole('rowheader', { name: 'Çarkıfelek Şenliği' }).closest('tr')!;
    expect(within(row).getByText('₺1.234,56')).toBeInTheDocument();
    expect(within(row).getByText('%75')).toBeInTheDocument();

    // The excel report of the same choice.
    await user.click(screen.getByRole('button', { name: 'Excel’e aktar' }));
    expect(await screen.findByText('Kampanya raporu indirildi')).toBeInTheDocument();
    expect(server().to('POST', '/reports/campaigns-excel-report')[0]!.body).toEqual({
      campaignId: [wheel._id],
      interval: 'last_7_days',
    });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('draws the daily series as straight segments between the days, each day marked', async () => {
    server()
      .on('GET', '/reports/campaign-dashboard-campaign-list', () => json([wheel]))
      .on('POST', '/reports/campaign-dashboard-report', () => json(report));
    const { user } = renderApp({ path: '/campaigns/dashboard', ...asAdmin });
    await user.click(await screen.findByRole('combobox', { name: 'Kampanyalar' }));
    await user.click(await screen.findByRole('option', { name: /Çarkıfelek Şenliği/ }));
    await screen.findByRole('region', { name: 'Günlük katılım' });
    const drawn = charts.slice(-4);
    const series = drawn.flatMap((chart) => chart.series);
    expect(series.map((each) => each.label)).toEqual([
      'Katılım',
      'Yeni katılımcı',
      'Verilen kod',
      'Kullanılan kod',
      'Fiş tutarı',
      'Oyun',
      'Kazanan',
    ]);
    for (const each of series) expect(each).toMatchObject({ curve: 'linear', showMark: true });
    // A tick on each of the seven days.
    for (const chart of drawn)
      expect(chart.xAxis[0]!.tickInterval?.map((day) => day.toISOString().slice(0, 10))).toEqual(
        weekDays.map((day) => day.day),
      );
  });
});
