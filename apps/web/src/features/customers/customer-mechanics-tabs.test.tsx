import type { GameRightsBalance, StepCounter } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { axeViolations } from '../../test/axe';
import { customerFixture, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, serveSession } from '../../test/server';

const server = installTestServer();

const customerId = '64c000000000000000000001';
const customer = customerFixture({ _id: customerId });
const rightsUrl = `/customer/wof-rights/${customerId}`;

const balance = (overrides: Partial<GameRightsBalance>): GameRightsBalance => ({
  campaign_id: '64f0000000000000000000c1',
  campaign_name: 'Yılbaşı Çarkı',
  campaign_name_en: 'New Year Wheel',
  campaign_type: 'wheel_of_fortune',
  campaign_end_date: '2099-12-31T20:59:59.000Z',
  game_rights_earned: 3,
  game_rights_given: 0,
  game_rights_spent: 2,
  game_rights_left: 1,
  game_plays: 2,
  game_wins: 1,
  ...overrides,
});
const wheel = balance({});
const scratch = balance({
  campaign_id: '64f0000000000000000000c2',
  campaign_name: 'Kazı Kazan Bahar',
  campaign_name_en: 'Spring Scratch',
  campaign_type: 'scratch_card',
  game_rights_earned: 0,
  game_rights_spent: 0,
  game_rights_left: 0,
  game_plays: 0,
  game_wins: 0,
});

const open = (tab: string, rights: () => Response, role = roleWith('modules:customers:customer-list')) => {
  serveSession(server(), { role });
  server()
    .on('GET', '/customer/profile/:id', () => json({ ...customer, consent_history: [] }))
    .on('GET', rightsUrl, rights);
  return renderApp({
    path: `/customers/${customerId}/detail?tab=${tab}`,
    signedInAs: { role },
    authClient: httpAuthClient,
  });
};

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(name) })
    .closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('customer detail game rights tab', () => {
  it('lists each running game’s rights: earned, given, spent, left, plays and wins', async () => {
    open('games', () => json([wheel, scratch]));
    expect(await screen.findByRole('tab', { name: 'Oyun hakları' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Müşterinin oyun hakları' });
    expect(cells(rowOf(table, 'Yılbaşı Çarkı'))).toEqual(['Çarkıfelek', '3', '0', '2', '1', '2 / 1']);
    expect(cells(rowOf(table, 'Kazı Kazan Bahar'))).toEqual(['Kazı kazan', '0', '0', '0', '0', '0 / 0']);
    expect(screen.getByRole('button', { name: 'Hak ver' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('gives rights to the campaign picked with a reason, then shows the new balance', async () => {
    let given = false;
    const { user } = open('games', () =>
      json([given ? { ...wheel, game_rights_given: 2, game_rights_left: 3 } : wheel, scratch]),
    );
    server().on('POST', rightsUrl, () => {
      given = true;
      return json({ ...wheel, game_rights_given: 2, game_rights_left: 3 });
    });
    await user.click(await screen.findByRole('button', { name: 'Hak ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oyun hakkı ver' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kampanya' }));
    await user.click(await screen.findByRole('option', { name: 'Yılbaşı Çarkı (Çarkıfelek)' }));
    const count = within(dialog).getByRole('spinbutton', { name: 'Hak sayısı' });
    await user.clear(count);
    await user.type(count, '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Gerekçe' }), 'Çark dönerken bağlantı koptu');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Hak ver' }));

    expect(await screen.findByText('Oyun hakkı verildi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server().to('POST', rightsUrl)[0]!.body).toEqual({
      campaign_id: wheel.campaign_id,
      game_right_count: 2,
      game_right_reason: 'Çark dönerken bağlantı koptu',
    });
    await waitFor(() =>
      expect(
        cells(rowOf(screen.getByRole('table', { name: 'Müşterinin oyun hakları' }), 'Yılbaşı Çarkı')),
      ).toEqual(['Çarkıfelek', '3', '2', '2', '3', '2 / 1']),
    );
  });

  it('says a refusal under its field: the reason by the server’s validation, the campaign by its state', async () => {
    const { user } = open('games', () => json([wheel]));
    let reply = json(
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Gönderilen bilgiler geçersiz: game_right_reason',
        fields: { game_right_reason: 'En fazla 200 karakter olabilir' },
      },
      400,
    );
    server().on('POST', rightsUrl, () => reply);
    await user.click(await screen.findByRole('button', { name: 'Hak ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oyun hakkı ver' });
    // One game running: it is already chosen.
    expect(within(dialog).getByRole('combobox', { name: 'Kampanya' })).toHaveTextContent('Yılbaşı Çarkı');
    const reason = within(dialog).getByRole('textbox', { name: 'Gerekçe' });
    await user.type(reason, 'Telafi');
    await user.click(within(dialog).getByRole('button', { name: 'Hak ver' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('En fazla 200 karakter olabilir'));

    reply = json({ statusCode: 409, code: 'CAMPAIGN_ENDED', message: 'Bu kampanya sona erdi' }, 409);
    await user.click(within(dialog).getByRole('button', { name: 'Hak ver' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Kampanya' })).toHaveAccessibleDescription(
        'Bu kampanya sona erdi',
      ),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Oyun hakkı ver' })).toBeInTheDocument();
  });

  it('asks for the reason before sending anything', async () => {
    const { user } = open('games', () => json([wheel]));
    await user.click(await screen.findByRole('button', { name: 'Hak ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oyun hakkı ver' });
    await user.click(within(dialog).getByRole('button', { name: 'Hak ver' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Gerekçe' })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    expect(server().to('POST', rightsUrl)).toHaveLength(0);
  });

  it('says so when no game is running, and offers nothing to give', async () => {
    open('games', () => json([]));
    expect(
      await screen.findByText(/şu an süren bir çarkıfelek ya da kazı kazan kampanyası yok/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hak ver' })).toBeNull();
  });
});

describe('customer detail steps tab', () => {
  const counter: StepCounter = {
    customer_id: customerId,
    today: '2026-11-27',
    today_step_count: 6000,
    days: [
      { step_day: '2026-11-27', step_count: 6000, updated_at: '2026-11-27T15:00:00.000Z' },
      { step_day: '2026-11-26', step_count: 12450, updated_at: '2026-11-26T20:30:00.000Z' },
    ],
    goals: [
      {
        campaign_id: '64f0000000000000000000d1',
        campaign_name: 'Günde 8.000 Adım, Kahve Bizden',
        campaign_name_en: '8,000 Steps a Day, Coffee on Us',
        campaign_step_goal: 8000,
        reached: false,
        coupon_given: false,
      },
      {
        campaign_id: '64f0000000000000000000d2',
        campaign_name: 'Sabah Yürüyüşü',
        campaign_name_en: 'Morning Walk',
        campaign_step_goal: 5000,
        reached: true,
        coupon_given: true,
      },
    ],
  };

  it('shows today’s steps toward each step goal and the reported days, newest first', async () => {
    serveSession(server(), { role: roleWith('modules:customers:customer-list') });
    server().on('GET', '/step-counter', () => json(counter));
    const role = roleWith('modules:customers:customer-list');
    server().on('GET', '/customer/profile/:id', () => json({ ...customer, consent_history: [] }));
    const { user } = renderApp({
      path: `/customers/${customerId}/detail`,
      signedInAs: { role },
      authClient: httpAuthClient,
    });
    await user.click(await screen.findByRole('tab', { name: 'Adımlar' }));
    expect(
      within(await screen.findByRole('group', { name: 'Bugün' })).getByText('6.000 adım'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Günde 8.000 Adım, Kahve Bizden: hedefin %75 kadarı' }),
    ).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByText('2.000 adım kaldı')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Sabah Yürüyüşü: hedefin %100 kadarı' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Hedefe ulaştı')).toBeInTheDocument();
    expect(screen.getByText('Bugünün kuponu verildi')).toBeInTheDocument();
    // A goal not reached has no coupon to speak of.
    expect(screen.queryByText('Kupon verilmedi')).toBeNull();
    const days = screen.getByRole('table', { name: 'Son 30 günün adımları' });
    const rows = within(days).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '27 Kasım 2026',
      '26 Kasım 2026',
    ]);
    expect(within(rows[1]!).getByText('12.450')).toBeInTheDocument();
    expect(server().to('GET', '/step-counter')[0]!.query.get('customer_id')).toBe(customerId);
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when no steps were reported', async () => {
    const role = roleWith('modules:customers:customer-list');
    serveSession(server(), { role });
    server()
      .on('GET', '/customer/profile/:id', () => json({ ...customer, consent_history: [] }))
      .on('GET', '/step-counter', () => json({ ...counter, today_step_count: 0, days: [], goals: [] }));
    renderApp({
      path: `/customers/${customerId}/detail?tab=steps`,
      signedInAs: { role },
      authClient: httpAuthClient,
    });
    expect(await screen.findByText(/Son 30 günde adım bildirilmedi/)).toBeInTheDocument();
    expect(screen.getByText('Şu an süren bir adım hedefi kampanyası yok.')).toBeInTheDocument();
  });
});
