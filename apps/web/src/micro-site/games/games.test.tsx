import type { CustomerCoupon, GamePlayResult, MicroSiteCampaign, MicroSiteGame } from '@avlu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { installTestServer } from '../../test/server';
import { renderMicroSite, serveMall, signedIn } from '../test/render';

const server = installTestServer();
const DAY = 86_400_000;
const WHEEL_ID = '6c01bfcdd1bbe8773a6cbd01';
const CARD_ID = '6c01bfcdd1bbe8773a6cbd02';
const PRIZE = '6c01bfcdd1bbe8773a6cbe01';

const campaign = (overrides: Partial<MicroSiteCampaign> = {}): MicroSiteCampaign => ({
  _id: WHEEL_ID,
  campaign_name: 'Çarkı Çevir, Hediyeni Al',
  campaign_name_en: 'Spin the Wheel',
  campaign_description: 'Çarkı çevirin, sürpriz hediyeler kazanın.',
  campaign_description_en: null,
  campaign_type: 'wheel_of_fortune',
  campaign_start_date: new Date(Date.now() - DAY).toISOString(),
  campaign_end_date: new Date(Date.now() + 10 * DAY).toISOString(),
  campaign_images: [],
  campaign_is_qrcode: false,
  campaign_participation: 'unlimited',
  campaign_session_day_count: null,
  campaign_store_ids: [],
  campaign_joinable: false,
  campaign_my_coupon_count: 0,
  ...overrides,
});

const lose = { slice_kind: 'lose' as const, prize_id: null, prize_name: null, prize_name_en: null };
const game = (overrides: Partial<MicroSiteGame> = {}): MicroSiteGame => ({
  campaign_id: WHEEL_ID,
  campaign_type: 'wheel_of_fortune',
  campaign_lottery_permit_no: 'MPİ E-2026/114',
  game_rights_left: 1,
  game_plays_left_today: null,
  wheel_slices: [
    { slice_kind: 'prize', prize_id: PRIZE, prize_name: 'Kahve', prize_name_en: 'Coffee' },
    lose,
    { slice_kind: 'prize', prize_id: PRIZE, prize_name: 'Kahve', prize_name_en: 'Coffee' },
    lose,
    { slice_kind: 'prize', prize_id: PRIZE, prize_name: 'Kahve', prize_name_en: 'Coffee' },
    lose,
  ],
  scratch_area_count: null,
  scratch_images: [],
  ...overrides,
});

const coupon = (): CustomerCoupon => {
  const { campaign_joinable: _, campaign_my_coupon_count: __, ...shown } = campaign();
  return {
    _id: '6c01bfcdd1bbe8773a6cbb09',
    campaign_id: WHEEL_ID,
    coupon_code: 'KX7M2QR9ZA',
    coupon_status: 'given',
    customer_id: '65a1b2c3d4e5f60718293a4b',
    channel_id: null,
    coupon_given_at: new Date().toISOString(),
    coupon_used_at: null,
    coupon_expires_at: new Date(Date.now() + 10 * DAY).toISOString(),
    createdAt: new Date().toISOString(),
    campaign: shown,
  };
};

const won = (overrides: Partial<GamePlayResult> = {}): GamePlayResult => ({
  _id: '6c01bfcdd1bbe8773a6cbf09',
  game_play_key: 'k',
  game_play_outcome: 'win',
  prize_id: PRIZE,
  prize_name: 'Kahve',
  prize_name_en: 'Coffee',
  coupon: coupon(),
  game_rights_left: 0,
  wheel_slice: 2,
  scratch_areas: null,
  played_at: new Date().toISOString(),
  ...overrides,
});

const serveGame = (shown: MicroSiteCampaign, state: MicroSiteGame) => {
  serveMall(server());
  signedIn(server());
  server()
    .on('GET', '/ext/app/customers/campaigns', () => json([shown]))
    .on('GET', '/ext/data/stores', () => json([]))
    .on('GET', '/ext/app/customers/campaigns/:id/game', () => json(state));
};

describe('micro-site games', () => {
  it('spins the wheel and shows the server’s outcome with the code won and the MPİ number', async () => {
    serveGame(campaign(), game());
    server().on('POST', '/ext/app/customers/campaigns/:id/play', () => json(won()));
    const { user } = renderMicroSite(`/campaigns/${WHEEL_ID}`);
    expect(await screen.findByText('1 hakkınız var')).toBeInTheDocument();
    expect(screen.getByText('MPİ E-2026/114')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Çarkı Çevir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tebrikler, kazandınız!' });
    expect(within(dialog).getByText(/Kahve kazandınız/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('coupon-code')).toHaveTextContent('KX7M2QR9ZA');
    const posted = server().to('POST', `/ext/app/customers/campaigns/${WHEEL_ID}/play`);
    expect(posted).toHaveLength(1);
    expect((posted[0]!.body as { game_play_key: string }).game_play_key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tamam' }));
    expect(await screen.findByText(/Oynama hakkınız yok/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Çarkı Çevir' })).toBeDisabled();
  });

  it('disables play without rights', async () => {
    serveGame(campaign(), game({ game_rights_left: 0 }));
    renderMicroSite(`/campaigns/${WHEEL_ID}`);
    expect(await screen.findByText(/Oynama hakkınız yok/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Çarkı Çevir' })).toBeDisabled();
  });

  it('retries a play that got no answer with the same key', async () => {
    serveGame(campaign(), game({ game_rights_left: 2 }));
    let calls = 0;
    server().on('POST', '/ext/app/customers/campaigns/:id/play', () =>
      ++calls === 1
        ? json(
            { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Hizmet şu anda kullanılamıyor' },
            503,
          )
        : json(
            won({
              game_play_outcome: 'lose',
              prize_id: null,
              prize_name: null,
              prize_name_en: null,
              coupon: null,
              wheel_slice: 1,
              game_rights_left: 1,
            }),
          ),
    );
    const { user } = renderMicroSite(`/campaigns/${WHEEL_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Çarkı Çevir' }));
    expect(await screen.findByText('Hizmet şu anda kullanılamıyor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yeniden Dene' }));
    expect(await screen.findByRole('dialog', { name: 'Bu sefer olmadı' })).toBeInTheDocument();
    const keys = server()
      .to('POST', `/ext/app/customers/campaigns/${WHEEL_ID}/play`)
      .map((request) => (request.body as { game_play_key: string }).game_play_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await user.click(screen.getByRole('button', { name: 'Tamam' }));
    expect(await screen.findByText('1 hakkınız var')).toBeInTheDocument();
    // The next play is a new one, with a new key.
    await user.click(await screen.findByRole('button', { name: 'Çarkı Çevir' }));
    await screen.findByRole('dialog', { name: 'Bu sefer olmadı' });
    const third = server().to('POST', `/ext/app/customers/campaigns/${WHEEL_ID}/play`)[2]!;
    expect((third.body as { game_play_key: string }).game_play_key).not.toBe(keys[0]);
  });

  it('scratch card: reveal all shows the areas the server chose, then the outcome', async () => {
    const card = campaign({ _id: CARD_ID, campaign_type: 'scratch_card', campaign_name: 'Kazı Kazan' });
    serveGame(
      card,
      game({
        campaign_id: CARD_ID,
        campaign_type: 'scratch_card',
        wheel_slices: [],
        scratch_area_count: 3,
        scratch_images: ['/api/files/a.png', '/api/files/b.png'],
      }),
    );
    server().on('POST', '/ext/app/customers/campaigns/:id/play', () =>
      json(
        won({
          game_play_outcome: 'lose',
          prize_id: null,
          prize_name: null,
          prize_name_en: null,
          coupon: null,
          wheel_slice: null,
          scratch_areas: ['/api/files/a.png', null, '/api/files/b.png'],
        }),
      ),
    );
    const { user } = renderMicroSite(`/campaigns/${CARD_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Kart Al ve Kazı' }));
    const areas = await screen.findByRole('list', { name: 'Kazı kazan kartı' });
    expect(within(areas).getAllByRole('listitem')).toHaveLength(3);
    expect(within(areas).getByRole('listitem', { name: 'Alan 2: Kazınmadı' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hepsini Aç' }));
    expect(await screen.findByRole('dialog', { name: 'Bu sefer olmadı' })).toBeInTheDocument();
    // Behind the result (the modal hides the rest of the page from assistive technology meanwhile).
    const hidden = { hidden: true };
    expect(within(areas).getByRole('img', { name: 'Alan 1', ...hidden })).toHaveAttribute(
      'src',
      '/api/files/a.png',
    );
    expect(within(areas).getByRole('listitem', { name: 'Alan 2: Boş', ...hidden })).toBeInTheDocument();
    expect(within(areas).getByRole('img', { name: 'Alan 3', ...hidden })).toHaveAttribute(
      'src',
      '/api/files/b.png',
    );
  });
});
