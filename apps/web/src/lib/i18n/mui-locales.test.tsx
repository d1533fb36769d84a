import { listQuery, paginationOf } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { enUS } from '@mui/x-data-grid/locales';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { installTestServer } from '../../test/server';
import { json } from '../api/test-server';
import { DataTable } from '../data-table';
import { defineResource, filterList } from '../resource';
import { turkishDisplayedRows } from './mui-locales';

type Row = { _id: string; customer_name: string };
const rows = defineResource<Row>({
  name: 'rows',
  path: '/customer/profile',
  list: filterList('/customer/filter'),
});
const columns: GridColDef<Row>[] = [{ field: 'customer_name', headerName: 'Ad', flex: 1 }];
const people = Array.from({ length: 12 }, (_, i) => ({
  _id: i.toString(16).padStart(24, '0'),
  customer_name: `Kişi ${i + 1}`,
}));

const server = installTestServer();
const serve = (countedUpTo?: number) =>
  server().on('POST', '/customer/filter', ({ body }) => {
    const query = listQuery().parse(body);
    return json({
      data: people.slice(0, 10),
      pagination: paginationOf(people.length, query.pagination, countedUpTo),
    });
  });

/** MUI X's English grid texts (its default), with the functions' words called with samples. */
const englishTexts = (() => {
  const texts = enUS.components.MuiDataGrid.defaultProps.localeText as Record<string, unknown>;
  return Object.values(texts).flatMap((text) => {
    if (typeof text === 'string') return text.length > 3 ? [text] : [];
    if (typeof text !== 'function') return [];
    const sample = String((text as (...args: unknown[]) => unknown)('Ad', 'Ad', 'Ad'));
    // The part around the sample: "Ad column menu" → "column menu".
    return sample
      .split('Ad')
      .map((part) => part.trim())
      .filter((part) => part.length > 3 && /[a-z]/.test(part));
  });
})();

/** Every text a screen reader or a tooltip gets from the grid and its pager. */
const gridTexts = () =>
  [...document.querySelectorAll('.MuiDataGrid-root, .MuiDataGrid-root :not(style)')].flatMap((element) => [
    ...['aria-label', 'title', 'aria-roledescription', 'placeholder'].flatMap((name) => {
      const value = element.getAttribute(name);
      return value ? [value] : [];
    }),
    ...(element.children.length === 0 && element.textContent?.trim() ? [element.textContent.trim()] : []),
  ]);

const englishIn = (texts: string[]) =>
  texts.filter((text) => englishTexts.some((english) => text.toLowerCase().includes(english.toLowerCase())));

/** Issue 12 #11: a Turkish screen's grid says nothing in English to a screen reader. */
describe('the data grid on a Turkish screen', () => {
  it('labels its column menus, pager and sorting in Turkish', async () => {
    serve();
    renderWithProviders(<DataTable resource={rows} columns={columns} label="Kişiler" />);
    await screen.findByText('Kişi 1', {});
    expect(gridTexts()).toEqual(expect.arrayContaining(['Ad sütun menüsü', 'Sırala', 'Sonraki sayfaya git']));
    expect(englishIn(gridTexts())).toEqual([]);
  });

  it('keeps its Turkish texts when the server stopped counting and the pager says “10+”', async () => {
    serve(10);
    renderWithProviders(<DataTable resource={rows} columns={columns} label="Kişiler" />);
    await screen.findByText('Kişi 1', {});
    expect(screen.getByText('1–10 / 10+')).toBeInTheDocument();
    expect(gridTexts()).toEqual(expect.arrayContaining(['Ad sütun menüsü', 'Sonraki sayfaya git']));
    expect(englishIn(gridTexts())).toEqual([]);
  });
});

describe('turkishDisplayedRows', () => {
  it('counts rows in Turkish, with Turkish digit grouping', () => {
    expect(turkishDisplayedRows({ from: 1, to: 10, count: 25 })).toBe('1–10 / 25');
    expect(turkishDisplayedRows({ from: 1001, to: 1010, count: 1000000 })).toBe('1.001–1.010 / 1.000.000');
  });

  it('says "over" or "about" when the total is not known', () => {
    expect(turkishDisplayedRows({ from: 1, to: 10, count: -1 })).toBe('1–10 / 10 üzeri');
    expect(turkishDisplayedRows({ from: 1, to: 10, count: -1, estimated: 200 })).toBe('1–10 / yaklaşık 200');
  });
});
