import {
  type MallDashboard,
  type MonthlyReport,
  type MonthlyReportDetail,
  paginationOf,
} from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asStaff = { signedInAs: { role: roleWith('modules:reports', 'modules:reports:monthly-reports') } };

const october: MonthlyReport = {
  _id: '64f0000000000000000000a1',
  monthly_report_month: '2026-10-01',
  monthly_report_pretty_date: 'Ekim 2026',
  createdAt: '2026-10-31T21:07:00.000Z',
};
const september: MonthlyReport = {
  _id: '64f0000000000000000000a2',
  monthly_report_month: '2026-09-01',
  monthly_report_pretty_date: 'Eylül 2026',
  createdAt: '2026-09-30T21:07:00.000Z',
};

const figure = (value: number, previous: number) => ({ value, previous });
const figures: MallDashboard = {
  dashboard_interval: 'date_range',
  dashboard_from: '2026-10-01',
  dashboard_to: '2026-10-31',
  dashboard_previous_from: '2026-09-01',
  dashboard_previous_to: '2026-09-30',
  dashboard_timezone: 'Europe/Istanbul',
  location_currency: 'TRY',
  dashboard_customers: figure(1234, 1000),
  dashboard_customers_by_gender: [
    { gender: 'male', ...figure(600, 500) },
    { gender: 'female', ...figure(634, 500) },
    { gender: 'unknown', ...figure(0, 0) },
  ],
  dashboard_customers_by_age_group: [{ age_group: '25_34', ...figure(1234, 1000) }],
  dashboard_customers_by_month: [{ month: '2026-10', value: 1234 }],
  dashboard_customers_by_year: [{ year: 2026, value: 1234 }],
  dashboard_consents: [{ channel: 'sms', ...figure(900, 800) }],
  dashboard_receipts: figure(2500, 2000),
  dashboard_receipt_amount: figure(1234567.5, 1000000),
  dashboard_top_campaigns: [],
  dashboard_top_stores: [],
  dashboard_points_earned: figure(10, 0),
  dashboard_points_burned: figure(5, 5),
  dashboard_gifts_given: figure(3, 2),
  dashboard_sms_sent: figure(100, 50),
  dashboard_email_sent: figure(0, 0),
  dashboard_push_sent: figure(0, 0),
  dashboard_reservations: figure(7, 7),
  dashboard_lendings: figure(1, 0),
};
const detail: MonthlyReportDetail = {
  ...october,
  location_name: 'Avlu Park',
  monthly_report_data: {
    figures,
    campaigns: [
      {
        campaign_id: '64f0000000000000000000c1',
        campaign_name: 'Hafta Sonu Şöleni',
        campaign_name_en: 'Weekend Feast',
        receipts: 40,
        receipt_amount: 12000,
        previous_receipts: 30,
        previous_receipt_amount: 10000,
      },
    ],
    stores: [
      {
        store_id: '64f0000000000000000000d1',
        store_name: 'Mavi',
        receipts: 120,
        receipt_amount: 45678.9,
        previous_receipts: 100,
        previous_receipt_amount: 40000,
      },
    ],
  },
};

const list = (rows: MonthlyReport[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

describe('monthly reports', () => {
  it('lists the saved reports newest first with their downloads, and downloads the Excel file', async () => {
    server()
      .on('GET', '/reports/monthly-reports', () => list([october, september]))
      .on(
        'GET',
        `/reports/monthly-reports/${october._id}/xlsx`,
        () =>
          new Response(new Uint8Array([80, 75, 3, 4]), {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': 'attachment; filename="Aylik Rapor Ekim 2026.xlsx"',
            },
          }),
      );
    const { user } = renderApp({ path: '/reports/monthly-reports', ...asStaff });
    expect(await screen.findByRole('heading', { name: 'Aylık Raporlar', level: 1 })).toBeInTheDocument();
    const first = await screen.findByRole('row', { name: /Ekim 2026/ });
    expect(within(first).getByText('01-11-2026 00:07')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText(/2026$/)?.textContent)).toEqual([
      'Ekim 2026',
      'Eylül 2026',
    ]);
    expect(within(first).getByRole('button', { name: 'PDF indir: Ekim 2026' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Ekim 2026' })).toHaveAttribute(
      'href',
      `/reports/monthly-reports/${october._id}`,
    );
    await user.click(within(first).getByRole('button', { name: 'Excel indir: Ekim 2026' }));
    await waitFor(() =>
      expect(server().to('GET', `/reports/monthly-reports/${october._id}/xlsx`)).toHaveLength(1),
    );
    expect(await screen.findByText('Ekim 2026 raporu indirildi')).toBeInTheDocument();
  });

  it('sends /reports to the monthly reports of a role given only them', async () => {
    server().on('GET', '/reports/monthly-reports', () => list([october]));
    const { router } = renderApp({
      path: '/reports',
      signedInAs: { role: roleWith('modules:reports:monthly-reports') },
    });
    expect(await screen.findByRole('heading', { name: 'Aylık Raporlar', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports/monthly-reports');
    expect(await screen.findByRole('row', { name: /Ekim 2026/ })).toBeInTheDocument();
  });

  it('says what the list is for while no report is saved', async () => {
    server().on('GET', '/reports/monthly-reports', () => list([]));
    renderApp({ path: '/reports/monthly-reports', ...asStaff });
    expect(await screen.findByText(/Henüz kaydedilmiş aylık rapor yok/)).toBeInTheDocument();
  });

  it('shows a report’s figures beside the month before, its campaigns and stores, in Turkish number formats', async () => {
    server().on('GET', `/reports/monthly-reports/${october._id}`, () => json(detail));
    renderApp({ path: `/reports/monthly-reports/${october._id}`, ...asStaff });
    expect(await screen.findByRole('heading', { name: 'Ekim 2026', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText(/^Avlu Park · 01 Ekim 2026 – 31 Ekim 2026 · önceki ay: 01 Eylül 2026/),
    ).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Özet' });
    const customers = within(summary).getByRole('row', { name: /^Yeni müşteriler 1/ });
    expect(customers).toHaveTextContent('1.234');
    expect(customers).toHaveTextContent('1.000');
    expect(customers).toHaveTextContent('%23,4');
    const amount = within(summary).getByRole('row', { name: /^Fiş tutarı/ });
    expect(amount).toHaveTextContent('₺1.234.567,50');
    const stores = screen.getByRole('table', { name: 'Mağaza' });
    expect(within(stores).getByRole('row', { name: /Mavi/ })).toHaveTextContent('₺45.678,90');
    expect(screen.getByRole('table', { name: 'Kampanya' })).toHaveTextContent('Hafta Sonu Şöleni');
    expect(screen.getByRole('button', { name: 'Excel indir' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'PDF indir' })).toBeEnabled();
  });

  it('says report not found for a report that is not there, with the way back', async () => {
    server().on('GET', `/reports/monthly-reports/${september._id}`, () =>
      json({ statusCode: 404, code: 'REPORT_NOT_FOUND', message: 'Rapor bulunamadı' }, 404),
    );
    renderApp({ path: `/reports/monthly-reports/${september._id}`, ...asStaff });
    expect(
      await screen.findByText('Rapor bulunamadı', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aylık raporlara dön' })).toHaveAttribute(
      'href',
      '/reports/monthly-reports',
    );
  });
});
