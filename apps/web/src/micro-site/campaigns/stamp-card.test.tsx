import type { CampaignStampProgress, MicroSiteCampaign } from '@avlu/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { installTestServer } from '../../test/server';
import { renderMicroSite, serveMall, signedIn } from '../test/render';

const server = installTestServer();
const DAY = 86_400_000;
const ID = '6c01bfcdd1bbe8773a6cbd11';

const campaign: MicroSiteCampaign = {
  _id: ID,
  campaign_name: 'Harca Kazan',
  campaign_name_en: 'Spend and Win',
  campaign_description: 'Üç damga bir kupon.',
  campaign_description_en: null,
  campaign_type: 'over_limit_coupon',
  campaign_start_date: new Date(Date.now() - DAY).toISOString(),
  campaign_end_date: new Date(Date.now() + 10 * DAY).toISOString(),
  campaign_images: [],
  campaign_is_qrcode: false,
  campaign_participation: 'unlimited',
  campaign_session_day_count: null,
  campaign_store_ids: [],
  campaign_joinable: false,
  campaign_my_coupon_count: 1,
};

const card: CampaignStampProgress = {
  campaign_id: ID,
  campaign_name: campaign.campaign_name,
  campaign_name_en: campaign.campaign_name_en,
  campaign_end_date: campaign.campaign_end_date,
  campaign_spending_limit: 500,
  campaign_spending_limit_type: 'day_based',
  stamps_per_card: 3,
  stamps_on_card: 1,
  stamps_to_go: 2,
  stamps_total: 4,
  cards_completed: 1,
  coupons_given: 1,
  today_amount: 200,
  today_to_go: 300,
};

describe('a stamp card campaign on the micro-site', () => {
  it('tells the customer the stamps on the card, the stamps to go and today’s sum', async () => {
    serveMall(server());
    signedIn(server());
    server()
      .on('GET', '/ext/app/customers/campaigns', () => json([campaign]))
      .on('GET', '/ext/data/stores', () => json([]))
      .on('GET', '/ext/app/customers/campaigns/:id/stamps', () => json(card));
    renderMicroSite(`/campaigns/${ID}`);
    expect(await screen.findByText('Kuponunuza 2 damga kaldı')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 damgalık kartta 1 damga' })).toBeInTheDocument();
    expect(
      screen.getByText(/Bugün ₺200,00 harcadınız; bugünün damgası için ₺300,00 daha/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Bu kampanyadan 1 kupon kazandınız\./)).toBeInTheDocument();
    // The codes the full cards gave are on the customer's coupons page.
    expect(screen.getByRole('link', { name: 'Kuponlarım' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/micro-site\/[^/]+\/coupons$/),
    );
    expect(screen.getByRole('link', { name: 'Fiş Yükle' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/receipts$/),
    );
  });

  it('offers no way to coupons while no card is full yet', async () => {
    serveMall(server());
    signedIn(server());
    server()
      .on('GET', '/ext/app/customers/campaigns', () => json([{ ...campaign, campaign_my_coupon_count: 0 }]))
      .on('GET', '/ext/data/stores', () => json([]))
      .on('GET', '/ext/app/customers/campaigns/:id/stamps', () =>
        json({ ...card, stamps_total: 1, cards_completed: 0, coupons_given: 0 }),
      );
    renderMicroSite(`/campaigns/${ID}`);
    expect(await screen.findByText('Kuponunuza 2 damga kaldı')).toBeInTheDocument();
    expect(screen.queryByText(/kupon kazandınız/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Kuponlarım' })).toBeNull();
  });
});
