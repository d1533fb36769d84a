import { type LoyaltyTier, paginationOf } from '@avlu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const tier = (overrides: Partial<LoyaltyTier>): LoyaltyTier => ({
  _id: '64e0000000000000000000a1',
  loyalty_tier_title: 'Bronz',
  loyalty_tier_title_en: 'Bronze',
  loyalty_tier_min_points: 0,
  loyalty_tier_point_multiplier: 1,
  loyalty_tier_priority: 3,
  loyalty_tier_customer_count: 620,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});
const bronze = tier({});
const gold = tier({
  _id: '64e0000000000000000000a3',
  loyalty_tier_title: 'Altın',
  loyalty_tier_title_en: 'Gold',
  loyalty_tier_min_points: 5000,
  loyalty_tier_point_multiplier: 1.5,
  loyalty_tier_priority: 1,
  loyalty_tier_customer_count: 1,
});
const page = (rows: LoyaltyTier[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });
/**
 * A number field's text replaced. jsdom has no selection in a number input, so user-event can
 * neither clear nor overwrite its text: the new text is one change event.
 */
const replace = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
const rowOf = async (text: string) =>
  (await screen.findByText(text, { exact: true })).closest('[role="row"]') as HTMLElement;

describe('membership tiers', () => {
  it('lists the tiers with their points, multiplier and customers, and deletes one after a question saying where its customers go', async () => {
    let rows = [gold, bronze];
    server()
      .on('POST', '/loyalty-tier/filter', () => page(rows))
      .on('DELETE', `/loyalty-tier/${gold._id}`, () => {
        rows = [bronze];
        return new Response(null, { status: 204 });
      });
    const { user } = renderApp({ path: '/loyalty/tiers', ...asAdmin });
    const row = await rowOf('Altın');
    expect(within(row).getByText('5.000')).toBeInTheDocument();
    expect(within(row).getByText('1,50')).toBeInTheDocument();
    expect(within(await rowOf('Bronz')).getByText('620')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Sil: Altın' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Üyelik seviyesi silinsin mi?');
    expect(dialog).toHaveTextContent(
      '“Altın” silinecek; bu seviyedeki 1 müşteri, puanının yettiği bir alt seviyeye geçer.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Üyelik seviyesi silindi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Altın', { exact: true })).toBeNull());
  });

  it('creates a tier, showing the server’s refusal of a used priority under the field', async () => {
    let attempts = 0;
    server()
      .on('POST', '/loyalty-tier/filter', () => page([bronze]))
      .on('POST', '/loyalty-tier', () =>
        ++attempts === 1
          ? json(
              {
                statusCode: 400,
                code: 'VALIDATION_FAILED',
                message: 'Gönderilen bilgiler geçersiz: loyalty_tier_priority',
                fields: { loyalty_tier_priority: 'Bu öncelik başka bir üyelik seviyesinde kullanılıyor' },
              },
              400,
            )
          : json(gold, 201),
      );
    const { user, router } = renderApp({ path: '/loyalty/tiers/new', ...asAdmin });
    await user.type(await screen.findByRole('textbox', { name: 'Seviye adı (Türkçe)' }), 'Altın');
    await user.type(screen.getByRole('textbox', { name: 'Seviye adı (İngilizce)' }), 'Gold');
    replace(screen.getByRole('spinbutton', { name: 'Gereken puan' }), '5000');
    replace(screen.getByRole('spinbutton', { name: 'Puan çarpanı' }), '1.5');
    const priority = screen.getByRole('spinbutton', { name: 'Öncelik' });
    replace(priority, '3');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(priority).toHaveAccessibleDescription('Bu öncelik başka bir üyelik seviyesinde kullanılıyor'),
    );
    replace(priority, '1');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/tiers'));
    expect(server().to('POST', '/loyalty-tier').at(-1)?.body).toEqual({
      loyalty_tier_title: 'Altın',
      loyalty_tier_title_en: 'Gold',
      loyalty_tier_min_points: 5000,
      loyalty_tier_point_multiplier: 1.5,
      loyalty_tier_priority: 1,
    });
    expect(await screen.findByText('Üyelik seviyesi eklendi')).toBeInTheDocument();
  });

  it('loads a tier into its form and saves the change', async () => {
    server()
      .on('GET', `/loyalty-tier/${gold._id}`, () => json(gold))
      .on('PUT', `/loyalty-tier/${gold._id}`, () => json({ ...gold, loyalty_tier_min_points: 6000 }))
      .on('POST', '/loyalty-tier/filter', () => page([gold]));
    const { user, router } = renderApp({ path: `/loyalty/tiers/${gold._id}/edit`, ...asAdmin });
    const points = await screen.findByRole('spinbutton', { name: 'Gereken puan' });
    expect(points).toHaveValue(5000);
    replace(points, '6000');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/tiers'));
    expect(server().to('PUT', `/loyalty-tier/${gold._id}`)[0]?.body).toMatchObject({
      loyalty_tier_min_points: 6000,
    });
  });

  it('is linked in the sidebar for a role with the tiers module only', async () => {
    server().on('POST', '/loyalty-tier/filter', () => page([bronze]));
    renderApp({ path: '/loyalty/tiers', signedInAs: { role: roleWith('modules:loyalty:loyalty-tier') } });
    expect(await screen.findByRole('link', { name: 'Üyelik Seviyeleri' })).toHaveAttribute(
      'href',
      '/loyalty/tiers',
    );
  });
});
