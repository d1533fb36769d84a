import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { installTestServer } from '../../test/server';
import { renderMicroSite, serveMall } from '../test/render';

const server = installTestServer();

const IZMIR = '64b0000000000000000c0035';
const ISTANBUL = '64b0000000000000000c0034';
const KONAK = '64b0000000000000000d0003';
const BORNOVA = '64b0000000000000000d0004';

const serveGeo = () =>
  server()
    .on('GET', '/ext/geo/cities', () =>
      json([
        { _id: ISTANBUL, name: 'İstanbul' },
        { _id: IZMIR, name: 'İzmir' },
      ]),
    )
    .on('GET', `/ext/geo/cities/${IZMIR}/towns`, () =>
      json([
        { _id: BORNOVA, name: 'Bornova' },
        { _id: KONAK, name: 'Konak' },
      ]),
    )
    .on('GET', `/ext/geo/cities/${ISTANBUL}/towns`, () => json([{ _id: 'x'.repeat(24), name: 'Kadıköy' }]))
    .on('GET', `/ext/geo/towns/${KONAK}/neighborhoods`, () =>
      json([{ _id: '64b0000000000000000e0001', name: 'Alsancak', district: 'Konak', zip_code: '35220' }]),
    );

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('the registration address (spec §4 cascade)', () => {
  it('waits for each parent, and a new province or district clears what hangs below it', async () => {
    serveMall(server());
    serveGeo();
    const { user } = renderMicroSite('/register');
    expect(await screen.findByRole('option', { name: 'İzmir' })).toBeInTheDocument();
    expect(select('İlçe')).toBeDisabled();
    expect(select('Mahalle')).toBeDisabled();
    expect(screen.getByText('Önce il seçin')).toBeInTheDocument();

    await user.selectOptions(select('İl'), 'İzmir');
    await waitFor(() => expect(select('İlçe')).toBeEnabled());
    expect(select('Mahalle')).toBeDisabled();
    await user.selectOptions(await waitFor(() => select('İlçe')), 'Konak');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Alsancak' })).toBeInTheDocument());
    await user.selectOptions(select('Mahalle'), 'Alsancak');
    expect(select('Mahalle').value).toBe('Alsancak');

    await user.selectOptions(select('İlçe'), 'Bornova');
    expect(select('Mahalle').value).toBe('');
    await user.selectOptions(select('İl'), 'İstanbul');
    expect(select('İlçe').value).toBe('');
    expect(select('Mahalle').value).toBe('');
    expect(select('Mahalle')).toBeDisabled();
    const cities = server().to('GET', '/ext/geo/cities')[0]!;
    expect(cities.query.get('fields')).toBe('name');
    expect(cities.headers.authorization).toMatch(/^Bearer /);
  });

  it('falls back to plain text fields when the lookups are not available', async () => {
    serveMall(server());
    renderMicroSite('/register');
    expect(await screen.findByRole('textbox', { name: 'İl' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'İlçe' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mahalle' })).toBeInTheDocument();
  });
});
