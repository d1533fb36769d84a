import type { Campaign } from '@avlu/contracts';
import { paginationOf } from '@avlu/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest } from '../../lib/api/test-server';
import { campaignFixture, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

// The report pages load lazily with their routes. Loading them here, before the first test, keeps
// their first transform (the data grid, the date pickers: tens of seconds on a busy machine) out of
// the 30 s a query waits for the page's button.
await Promise.all([import('./CodeReportPage'), import('./CarparkReportPage')]);

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Record<string, unknown>;

const serve = (row: Campaign) =>
  server()
    .on('GET', `/campaign/${row._id}`, () => json(row))
    .on('POST', `/campaign/${row._id}/coupons/filter`, () =>
      json({ data: [], pagination: paginationOf(0, { limit: 10, currentPage: 1 }) }),
    )
    .on('POST', `/campaign/${row._id}/coupons/export`, () => new Response(new Blob(['PK'])));

/** Exports and answers the export call's body beside the list call's. */
const exportFrom = async (row: Campaign, path: string) => {
  serve(row);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:codes', revokeObjectURL: () => {} }),
  );
  const { user } = renderApp({ path, ...asAdmin });
  await user.click(await screen.findByRole('button', { name: 'Excel’e aktar' }));
  expect(await screen.findByText('Kod listesi indirildi')).toBeInTheDocument();
  const list = server().to('POST', `/campaign/${row._id}/coupons/filter`).at(-1);
  const file = server().to('POST', `/campaign/${row._id}/coupons/export`);
  expect(file).toHaveLength(1);
  return { list: bodyOf(list), file: bodyOf(file[0]) };
};

describe('the code and carpark reports’ exports', () => {
  it('export the codes the code report lists: its status, dates and keyword', async () => {
    const row = campaignFixture({ campaign_status: 'published' });
    const { list, file } = await exportFrom(
      row,
      `/campaigns/${row._id}/code-report?status=used&date=used&from=2026-03-01&to=2026-03-31&keyword=ayse`,
    );
    expect(file).toEqual({ download: true, filter: list.filter, keyword: 'ayse' });
    expect(file.filter).toMatchObject({ coupon_status: ['used'], date_field: 'used' });
    expect(Object.keys(file.filter as object)).toEqual(expect.arrayContaining(['date_from', 'date_to']));
  });

  it('export a parking campaign’s codes handed out, as its carpark report lists them', async () => {
    const row = campaignFixture({
      _id: '64b00000000000000000c004',
      campaign_status: 'published',
      campaign_type: 'parking',
    });
    const { list, file } = await exportFrom(row, `/campaigns/${row._id}/carpark-report`);
    expect(file).toEqual({ download: true, filter: list.filter });
    expect((file.filter as { coupon_status: string[] }).coupon_status).not.toContain('ready');
    // The car park system's file stays beside it.
    expect(screen.getByRole('button', { name: /Otopark sistemi dosyası/ })).toBeInTheDocument();
  });
});
