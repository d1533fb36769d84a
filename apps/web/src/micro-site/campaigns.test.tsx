import type { CustomerCoupon, MicroSiteCampaign, MicroSiteStore } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../lib/api/test-server';
import { installTestServer } from '../test/server';
import { currentPath, renderMicroSite, serveMall, signedIn } from './test/render';

const server = installTestServer();

const DAY = 86_400_000;
const STORE_A = '6c01bfcdd1bbe8773a6cba01';
const STORE_B = '6c01bfcdd1bbe8773a6cba02';
const COUPON_ID = '6c01bfcdd1bbe8773a6cbb01';
const IMAGE = '/api/files/6c01bfcdd1bbe8773a6cbf01/kis-indirimi.webp';

const campaign = (overrides: Partial<MicroSiteCampaign> = {}): MicroSiteCampaign => ({
  _id: '6c01bfcdd1bbe8773a6cbc01',
  campaign_name: 'Kış İndirimi',
  campaign_name_en: 'Winter Sale',
  campaign_description: 'Katılımcı mağazalarda 500 TL ve üzeri alışverişe 100 TL indirim.',
  campaign_description_en: '100 TRY off purchases of 500 TRY or more at the participating stores.',
  campaign_type: 'coupon',
  campaign_start_date: new Date(Date.now() - 2 * DAY).toISOString(),
  campaign_end_date: new Date(Date.now() + 10 * DAY).toISOString(),
  campaign_images: [IMAGE],
  campaign_is_qrcode: false,
  campaign_participation: 'once',
  campaign_session_day_count: null,
  campaign_store_ids: [STORE_A, STORE_B],
  campaign_joinable: true,
  campaign_my_coupon_count: 0,
  ...overrides,
});

const BASIC = campaign({
  _id: '6c01bfcdd1bbe8773a6cbc02',
  campaign_name: 'Yılbaşı Konserleri',
  campaign_name_en: 'New Year Concerts',
  campaign_description: 'Her cumartesi saat 19.00’da orta avluda ücretsiz konser.',
  campaign_description_en: null,
  campaign_type: 'basic',
  campaign_participation: null,
  campaign_store_ids: [],
  campaign_joinable: false,
});

const stores: MicroSiteStore[] = [
  {
    _id: STORE_A,
    store_name: 'Mavi Kitap',
    store_category_name: 'Kitap',
    store_category_name_en: 'Books',
    store_floor: '1',
    store_unit_no: '112',
    store_phone: null,
    store_logo: null,
    store_website: null,
  },
  {
    _id: STORE_B,
    store_name: 'Kordon Kahve',
    store_category_name: 'Kafe',
    store_category_name_en: 'Café',
    store_floor: 'Zemin',
    store_unit_no: null,
    store_phone: null,
    store_logo: '/api/files/6c01bfcdd1bbe8773a6cbf02/kordon.png',
    store_website: null,
  },
];

const coupon = (overrides: Partial<CustomerCoupon> = {}): CustomerCoupon => {
  const { campaign_joinable: _, campaign_my_coupon_count: __, ...shown } = campaign();
  return {
    _id: COUPON_ID,
    campaign_id: shown._id,
    coupon_code: 'KX7M2QR9ZA',
    coupon_status: 'given',
    customer_id: '65a1b2c3d4e5f60718293a4b',
    channel_id: null,
    coupon_given_at: '2026-11-20T09:30:00.000Z',
    coupon_used_at: null,
    coupon_expires_at: '2026-12-31T20:59:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    campaign: shown,
    ...overrides,
  };
};

const serveCampaigns = (campaigns: MicroSiteCampaign[]) => {
  serveMall(server());
  signedIn(server());
  server()
    .on('GET', '/ext/app/customers/campaigns', () => json(campaigns))
    .on('GET', '/ext/data/stores', () => json(stores));
};

describe('micro-site campaigns', () => {
  it('lists the running campaigns with image, last day and stores, reached from the main page', async () => {
    serveCampaigns([campaign({ campaign_my_coupon_count: 1 }), BASIC]);
    const { user } = renderMicroSite('');
    await user.click(await screen.findByRole('link', { name: /Kampanyalar/ }));
    expect(await screen.findByRole('heading', { name: 'Kampanyalar', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/campaigns');

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Kış İndirimi' })).toBeInTheDocument();
    expect(first.getByText('Katıldınız')).toBeInTheDocument();
    expect(first.getByText(/Son gün \d{2} \S+ \d{4}/)).toBeInTheDocument();
    expect(first.getByText(/10 gün kaldı/)).toBeInTheDocument();
    expect(await first.findByText('Mavi Kitap, Kordon Kahve')).toBeInTheDocument();
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe(IMAGE);
    expect(within(cards[1]!).getByText('Bilgilendirme')).toBeInTheDocument();

    // Each call once, StrictMode's second mount included; with the customer's headers.
    expect(server().to('GET', '/ext/app/customers/campaigns')).toHaveLength(1);
    expect(server().to('GET', '/ext/data/stores')).toHaveLength(1);
    expect(server().to('GET', '/ext/app/customers/campaigns')[0]!.headers['customer-token']).toBe(
      'mobile-token-abc',
    );

    await user.click(first.getByRole('link', { name: 'Kış İndirimi' }));
    expect(await screen.findByRole('heading', { name: 'Kış İndirimi', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe(`/campaigns/${campaign()._id}`);
  });

  it('joins from a campaign’s page and shows the code at once as text, QR code and barcode', async () => {
    serveCampaigns([campaign()]);
    server().on('POST', '/ext/app/customers/campaigns/:id/coupon', () => json(coupon()));
    const { user } = renderMicroSite(`/campaigns/${campaign()._id}`);
    expect(await screen.findByRole('heading', { name: 'Kış İndirimi', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/500 TL ve üzeri/)).toBeInTheDocument();
    expect(screen.getByText('Kampanya başına bir kez')).toBeInTheDocument();
    const storeList = within(await screen.findByRole('region', { name: 'Geçerli mağazalar' }));
    expect(await storeList.findByText('Mavi Kitap')).toBeInTheDocument();
    expect(storeList.getByText('Kitap · Kat: 1 · No: 112')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kampanyaya Katıl' }));
    expect(await screen.findByRole('heading', { name: 'Kodunuz hazır!' })).toHaveFocus();
    const posted = server().to('POST', `/ext/app/customers/campaigns/${campaign()._id}/coupon`);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toBeUndefined();

    expect(screen.getByTestId('coupon-code')).toHaveTextContent('KX7M2QR9ZA');
    const qr = screen.getByRole('img', { name: 'QR kod: KX7M2QR9ZA' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const barcode = screen.getByRole('img', { name: 'Barkod: KX7M2QR9ZA' });
    expect(barcode.tagName.toLowerCase()).toBe('svg');
    // Start, ten symbols, check symbol, stop: 3 bars each, 4 in the stop.
    expect(barcode.querySelectorAll('rect[fill="#000"]')).toHaveLength(3 * 12 + 4);
    expect(screen.getByText('Kullanılabilir')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kuponlarıma Git' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/coupons$/),
    );
  });

  it('shows the server’s message when it refuses the join', async () => {
    serveCampaigns([campaign({ campaign_participation: 'once_a_day' })]);
    server().on('POST', '/ext/app/customers/campaigns/:id/coupon', () =>
      json(
        {
          statusCode: 409,
          code: 'CAMPAIGN_JOINED_TODAY',
          message: 'Bu kampanyaya bugün zaten katıldınız; yarın yeniden katılabilirsiniz',
        },
        409,
      ),
    );
    const { user } = renderMicroSite(`/campaigns/${campaign()._id}`);
    await user.click(await screen.findByRole('button', { name: 'Kampanyaya Katıl' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bu kampanyaya bugün zaten katıldınız; yarın yeniden katılabilirsiniz',
    );
    expect(screen.queryByTestId('coupon-code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kampanyaya Katıl' })).toBeEnabled();
  });

  it('shows a campaign customers cannot join from the site without a join button', async () => {
    serveCampaigns([campaign(), BASIC]);
    renderMicroSite(`/campaigns/${BASIC._id}`);
    expect(await screen.findByRole('heading', { name: 'Yılbaşı Konserleri', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/orta avluda ücretsiz konser/)).toBeInTheDocument();
    expect(screen.getByText(/bu sayfadan katılım yapılmıyor/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kampanyaya Katıl' })).not.toBeInTheDocument();
  });

  it('offers my coupons instead of the join button once a campaign joined once has given its code', async () => {
    serveCampaigns([campaign({ campaign_my_coupon_count: 1 })]);
    renderMicroSite(`/campaigns/${campaign()._id}`);
    expect(await screen.findByText('Bu kampanyadan 1 kodunuz var.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kuponlarıma Git' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kampanyaya Katıl' })).not.toBeInTheDocument();
  });

  it('says so for a campaign that is not running', async () => {
    serveCampaigns([campaign()]);
    renderMicroSite('/campaigns/6c01bfcdd1bbe8773a6cbcff');
    expect(await screen.findByRole('heading', { name: 'Kampanya bulunamadı' })).toBeInTheDocument();
  });
});

describe('micro-site my coupons', () => {
  it('shows each code with its status and validity, on the mall’s clock', async () => {
    serveMall(server());
    signedIn(server());
    server().on('GET', '/ext/app/customers/coupons', () =>
      json([
        coupon(),
        coupon({
          _id: '6c01bfcdd1bbe8773a6cbb02',
          coupon_code: 'PW4HT7CNE3',
          coupon_status: 'used',
          coupon_used_at: '2026-11-21T14:05:00.000Z',
        }),
        coupon({
          _id: '6c01bfcdd1bbe8773a6cbb03',
          coupon_code: 'ZUV8XF6JDB',
          coupon_status: 'given',
          coupon_expires_at: '2026-11-01T20:59:00.000Z',
        }),
      ]),
    );
    renderMicroSite('/coupons');
    expect(await screen.findByRole('heading', { name: 'Kuponlarım', level: 1 })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);

    const usable = within(cards[0]!);
    expect(usable.getByText('Kullanılabilir')).toBeInTheDocument();
    // 20 Nov 09:30 UTC is 12:30 in Istanbul; the end 20:59 UTC is 23:59 there.
    expect(usable.getByText('20-11-2026 12:30')).toBeInTheDocument();
    expect(usable.getByText('Son kullanma').nextSibling).toHaveTextContent('31-12-2026 23:59');
    expect(usable.getByTestId('coupon-code')).toHaveTextContent('KX7M2QR9ZA');
    expect(usable.getByRole('img', { name: 'QR kod: KX7M2QR9ZA' })).toBeInTheDocument();
    expect(usable.getByRole('img', { name: 'Barkod: KX7M2QR9ZA' })).toBeInTheDocument();

    const used = within(cards[1]!);
    expect(used.getByText('Kullanıldı', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(used.getByText('21-11-2026 17:05')).toBeInTheDocument();
    expect(used.getByRole('img', { name: 'Barkod: PW4HT7CNE3' })).toBeInTheDocument();

    // Given, but its validity has passed: expired, whatever the stored status says.
    expect(within(cards[2]!).getByText('Süresi doldu')).toBeInTheDocument();
    expect(server().to('GET', '/ext/app/customers/coupons')).toHaveLength(1);
  });

  it('shows the coupons in English when chosen', async () => {
    serveMall(server());
    signedIn(server());
    server().on('GET', '/ext/app/customers/coupons', () => json([coupon()]));
    const { user } = renderMicroSite('/coupons');
    await screen.findByRole('heading', { name: 'Kuponlarım', level: 1 });
    await user.click(screen.getByRole('button', { name: /^Dil:/ }));
    await user.click(await screen.findByRole('menuitem', { name: /English/ }));
    expect(await screen.findByRole('heading', { name: 'My coupons', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Winter Sale' })).toBeInTheDocument();
    expect(screen.getByText('Ready to use')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code: KX7M2QR9ZA' })).toBeInTheDocument();
  });

  it('invites a customer without coupons to the campaigns', async () => {
    serveMall(server());
    signedIn(server());
    server().on('GET', '/ext/app/customers/coupons', () => json([]));
    renderMicroSite('/coupons');
    expect(await screen.findByText('Henüz kuponunuz yok')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kampanyalara Göz At' })).toBeInTheDocument();
    await waitFor(() => expect(server().to('GET', '/ext/app/customers/coupons')).toHaveLength(1));
  });
});
