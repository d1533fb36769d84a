import { type LoyaltyTier, paginationOf, type ResetPoint } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
// The spec maps reset points to the receipts' subject (§6).
const asKeeper = { signedInAs: { role: roleWith('modules:loyalty:receipts') } };

const silver: LoyaltyTier = {
  _id: '64e0000000000000000000a2',
  loyalty_tier_title: 'Gümüş',
  loyalty_tier_title_en: 'Silver',
  loyalty_tier_min_points: 1000,
  loyalty_tier_point_multiplier: 1.25,
  loyalty_tier_priority: 2,
  loyalty_tier_customer_count: 310,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
};

const reset = (overrides: Partial<ResetPoint>): ResetPoint => ({
  _id: '64e0000000000000000000c1',
  reset_point_name: 'Yıl sonu Gümüş sıfırlaması',
  reset_point_type: 'tier',
  reset_point_related_ids: [silver._id],
  reset_point_segment: null,
  reset_point_status: 'created',
  reset_point_customer_count: 0,
  reset_point_point_total: 0,
  reset_point_queued_at: null,
  reset_point_started_at: null,
  reset_point_finished_at: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});
const waiting = reset({});
const finished = reset({
  _id: '64e0000000000000000000c2',
  reset_point_name: 'KVKK onayı olmayan hesapların puanları',
  reset_point_type: 'segment',
  reset_point_related_ids: [],
  reset_point_segment: [{ field: 'consent', type: 'kvkk', value: false }],
  reset_point_status: 'done',
  reset_point_customer_count: 31,
  reset_point_point_total: 48250,
  reset_point_queued_at: '2026-11-21T09:00:00.000Z',
  reset_point_started_at: '2026-11-21T09:00:01.000Z',
  reset_point_finished_at: '2026-11-21T09:00:02.000Z',
});
const page = (rows: ResetPoint[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });
const rowOf = async (text: string) =>
  (await screen.findByText(text, { exact: true })).closest('[role="row"]') as HTMLElement;

describe('reset points', () => {
  it('lists resets with their state, and queues one only after a confirmation showing whom it touches and that it cannot be undone', async () => {
    let rows = [waiting, finished];
    server()
      .on('POST', '/loyalty/reset-points/filter', () => page(rows))
      .on('GET', '/loyalty-tier', () => json([silver]))
      .on('GET', `/loyalty/reset-points/${waiting._id}/preview`, () =>
        json({ customer_count: 1250, point_total: 830000 }),
      )
      .on('POST', `/loyalty/reset-points/${waiting._id}/move-to-in-queue`, () => {
        const queued = { ...waiting, reset_point_status: 'in_queue' as const };
        rows = [queued, finished];
        return json(queued);
      });
    const { user } = renderApp({ path: '/loyalty/reset-points', ...asKeeper });

    const done = await rowOf('KVKK onayı olmayan hesapların puanları');
    expect(within(done).getByText('Tamamlandı')).toBeInTheDocument();
    expect(within(done).getByText('48.250')).toBeInTheDocument();
    expect(within(done).getByText('Müşteri kitlesi: 1 koşul')).toBeInTheDocument();
    // A reset that ran is neither queued again, changed nor deleted.
    for (const action of ['Kuyruğa al', 'Düzenle', 'Sil'])
      expect(
        within(done).getByRole('button', { name: `${action}: KVKK onayı olmayan hesapların puanları` }),
      ).toBeDisabled();

    const row = await rowOf('Yıl sonu Gümüş sıfırlaması');
    expect(within(row).getByText('Oluşturuldu')).toBeInTheDocument();
    expect(await within(row).findByText('Üyelik seviyesi: Gümüş')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Kuyruğa al: Yıl sonu Gümüş sıfırlaması' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Puan sıfırlama kuyruğa alınsın mı?');
    expect(dialog).toHaveTextContent(
      '“Yıl sonu Gümüş sıfırlaması” şu an 1.250 müşterinin toplam 830.000 puanını sıfırlayacak; seviye puanları da sıfırlanır. Bu işlem geri alınamaz.',
    );
    // The safe answer first: cancelling queues nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server().to('POST', `/loyalty/reset-points/${waiting._id}/move-to-in-queue`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Kuyruğa al: Yıl sonu Gümüş sıfırlaması' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kuyruğa al' }));
    expect(
      await screen.findByText('Puan sıfırlama kuyruğa alındı; müşteriler sırayla sıfırlanacak'),
    ).toBeInTheDocument();
    expect(server().to('POST', `/loyalty/reset-points/${waiting._id}/move-to-in-queue`)).toHaveLength(1);
    // The closing dialog hides the page from the accessibility tree until it has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const queued = await rowOf('Yıl sonu Gümüş sıfırlaması');
    expect(await within(queued).findByText('Kuyrukta')).toBeInTheDocument();
    expect(
      await within(queued).findByRole('button', { name: 'Düzenle: Yıl sonu Gümüş sıfırlaması' }),
    ).toBeDisabled();
  });

  it('creates a tier reset: the name is required, the tiers are picked by title', async () => {
    server()
      .on('POST', '/loyalty/reset-points/filter', () => page([]))
      .on('GET', '/loyalty-tier', () => json([silver]))
      .on('POST', '/loyalty/reset-points', () => json(waiting, 201));
    const { user, router } = renderApp({ path: '/loyalty/reset-points/new', ...asKeeper });
    const name = await screen.findByRole('textbox', { name: 'Sıfırlama adı' });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Bu alan zorunludur'));

    await user.type(name, 'Yıl sonu Gümüş sıfırlaması');
    await user.click(screen.getByRole('combobox', { name: 'Kapsam' }));
    await user.click(await screen.findByRole('option', { name: 'Üyelik seviyesi' }));
    const tiers = await screen.findByRole('combobox', { name: 'Üyelik seviyeleri' });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(tiers).toHaveAccessibleDescription('Sıfırlanacak en az bir üyelik seviyesi seçin'),
    );
    await user.click(tiers);
    await user.click(await screen.findByRole('option', { name: 'Gümüş' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/reset-points'));
    expect(server().to('POST', '/loyalty/reset-points')[0]!.body).toEqual({
      reset_point_name: 'Yıl sonu Gümüş sıfırlaması',
      reset_point_type: 'tier',
      reset_point_related_ids: [silver._id],
      reset_point_segment: null,
    });
    expect(await screen.findByText('Puan sıfırlama kaydedildi')).toBeInTheDocument();
  });

  it('edits a reset while created, and refuses the form once it is queued', async () => {
    const segment = reset({
      _id: '64e0000000000000000000c3',
      reset_point_name: 'Kadın müşteriler',
      reset_point_type: 'segment',
      reset_point_related_ids: [],
      reset_point_segment: [{ field: 'gender', in: ['female'] }],
    });
    const running = { ...finished, reset_point_status: 'started' as const };
    server()
      .on('GET', `/loyalty/reset-points/${segment._id}`, () => json(segment))
      .on('GET', `/loyalty/reset-points/${running._id}`, () => json(running))
      .on('PUT', `/loyalty/reset-points/${segment._id}`, () => json(segment))
      .on('POST', '/loyalty/reset-points/filter', () => page([segment]))
      .on('GET', '/loyalty-tier', () => json([silver]));
    const { user, router } = renderApp({ path: `/loyalty/reset-points/${running._id}/edit`, ...asKeeper });
    expect(
      await screen.findByText('Bu puan sıfırlama kuyruğa alındı; artık değiştirilemez ya da silinemez'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Sıfırlama adı' })).toBeNull();

    await router.navigate(`/loyalty/reset-points/${segment._id}/edit`);
    const name = await screen.findByRole('textbox', { name: 'Sıfırlama adı' });
    expect(name).toHaveValue('Kadın müşteriler');
    await user.clear(name);
    await user.type(name, 'Kadın müşteriler (yıl sonu)');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/reset-points'));
    expect(server().to('PUT', `/loyalty/reset-points/${segment._id}`)[0]!.body).toEqual({
      reset_point_name: 'Kadın müşteriler (yıl sonu)',
      reset_point_type: 'segment',
      reset_point_related_ids: [],
      reset_point_segment: [{ field: 'gender', in: ['female'] }],
    });
  });

  it('is offered in the sidebar’s Sadakat group to a role with the receipts’ subject', async () => {
    server()
      .on('POST', '/loyalty/reset-points/filter', () => page([]))
      .on('GET', '/loyalty-tier', () => json([]));
    renderApp({ path: '/loyalty/reset-points', ...asKeeper });
    expect(await screen.findByRole('heading', { name: 'Puan Sıfırlama' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(menu).getByRole('link', { name: 'Puan Sıfırlama' })).toHaveAttribute(
      'href',
      '/loyalty/reset-points',
    );
  });
});
