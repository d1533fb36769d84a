import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  calculateReceiptPoints,
  type LoyaltyCustomer,
  type LoyaltyGift,
  type PointBalance,
  type PointProviderRule,
  type ReceiptDetail,
} from '@avlu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import {
  adminToken,
  api,
  fillReceiptUpload,
  firstMall,
  fitsThePhone,
  signInOnMicroSite,
  writeReceiptPhoto,
  yesterday,
} from './support/micro-site';

/** Digits from the clock: a second run on the same database uploads a receipt of its own. */
const stamp = String(Date.now()).slice(-6);
const RECEIPT_NO = `E2E-${stamp}`;
const TRACKING = `YK${stamp}0042`;
const ADDRESS = 'Moda Cad. No: 18 D: 3, Kadıköy, İstanbul';
/** The demo's food-court rule (a store provider, 0.1 points per lira) and one of its restaurants. */
const PROVIDER = 'Yeme-İçme Ekstra Puan';
const STORE = 'Big Chefs';
/** The demo's receipt campaign (points × 1.5), the campaign the customer uploads for. */
const CAMPAIGN = 'Fişini Yükle, Puanları Topla';
/** A Gümüş gift sent to an address (out of reach in Bronz), and a Bronz one handed over at the desk. */
const PARCEL_GIFT = 'Hediye çeki 100 ₺';
const DESK_GIFT = 'Kahve';

type Tier = { _id: string; loyalty_tier_title: string; loyalty_tier_min_points: number };
type Store = { _id: string; store_name: string; store_category_id: string | null };
type Campaign = {
  _id: string;
  campaign_name: string;
  campaign_type: string;
  campaign_point_multiplier: number;
};
type Customer = {
  _id: string;
  customer_phone: string;
  customer_name: string;
  customer_surname: string | null;
  customer_kvkk_permission: boolean;
};

/** The number as the Turkish screens write it (1.234). */
const tr = (value: number) => new Intl.NumberFormat('tr-TR').format(value);

/**
 * Issue 14's "Done when" journey, against the real built server with the demo data: a demo customer
 * in the lowest tier uploads a receipt photo on the micro-site at a phone's size; staff review it,
 * see the points calculation and approve it with the A shortcut; the customer's balance and tier
 * change (Bronz → Gümüş) and a Gümüş gift opens; the customer claims it (to an address) and a coffee;
 * staff send the first with a tracking number and cancel the second, which gives its points back.
 */
describe('loyalty journey', () => {
  let staff: Browser;
  let phone: Browser;
  let token = '';
  let mall: Awaited<ReturnType<typeof firstMall>>;
  let customer: Customer;
  let tiers: Tier[] = [];
  let before: PointBalance;
  let afterApproval: PointBalance;
  let amount = 0;
  let expectedPoints = 0;
  let parcelGift: LoyaltyGift;
  let deskGift: LoyaltyGift;
  const files = mkdtempSync(join(tmpdir(), 'avlu-loyalty-journey-'));

  const staffApi = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    api<T>(`${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`, { token, ...init });
  const balanceOf = async (customerId: string) =>
    (
      await staffApi<{ balance: PointBalance }>(
        `/loyalty-customer/points/${customerId}?limit=1&currentPage=1`,
      )
    ).balance;
  const tierFor = (points: number) =>
    tiers
      .filter((tier) => tier.loyalty_tier_min_points <= points)
      .sort((a, b) => b.loyalty_tier_min_points - a.loyalty_tier_min_points)[0]?.loyalty_tier_title ?? null;
  const redemptionsOf = async () =>
    (
      await staffApi<{ data: LoyaltyCustomer[] }>('/loyalty-customer/filter', {
        method: 'POST',
        body: { filter: { loyalty_customer: customer._id }, pagination: { limit: 20, currentPage: 1 } },
      })
    ).data;
  const giftNamed = async (title: string) =>
    (await staffApi<{ data: LoyaltyGift[] }>('/loyalty-gift/filter', {
      method: 'POST',
      body: { keyword: title, pagination: { limit: 10, currentPage: 1 } },
    }).then((page) => page.data.find((gift) => gift.loyalty_gift_title === title)))!;

  beforeAll(async () => {
    token = await adminToken();
    mall = await firstMall(token);
    tiers = await staffApi<Tier[]>('/loyalty-tier');
    const lowest = [...tiers].sort((a, b) => a.loyalty_tier_min_points - b.loyalty_tier_min_points)[0]!;
    const next = [...tiers]
      .filter((tier) => tier.loyalty_tier_min_points > lowest.loyalty_tier_min_points)
      .sort((a, b) => a.loyalty_tier_min_points - b.loyalty_tier_min_points)[0]!;
    const top = [...tiers].sort((a, b) => b.loyalty_tier_min_points - a.loyalty_tier_min_points)[0]!;
    expect(next.loyalty_tier_title).toBe('Gümüş');

    // A demo customer with the KVKK notice accepted (signing in asks nothing else) who is in the
    // lowest tier; the first few are left to the other journeys, and one a run before moved up.
    const listed = await staffApi<{ data: Customer[] }>('/customer/filter', {
      method: 'POST',
      body: { pagination: { limit: 100, currentPage: 1 } },
    });
    for (const candidate of listed.data.filter((row) => row.customer_kvkk_permission).slice(5)) {
      const balance = await balanceOf(candidate._id);
      if (
        balance.loyalty_tier_id === lowest._id &&
        balance.point_tier_points < next.loyalty_tier_min_points
      ) {
        customer = candidate;
        before = balance;
        break;
      }
    }
    expect(customer, 'a demo customer in the lowest tier').toBeDefined();

    // The receipt earns enough to reach Gümüş (not Altın) and to buy both gifts.
    parcelGift = await giftNamed(PARCEL_GIFT);
    deskGift = await giftNamed(DESK_GIFT);
    const stores = await staffApi<Store[]>('/data/stores?showAll=true');
    const store = stores.find((each) => each.store_name === STORE)!;
    const providers = (await staffApi<{ data: PointProviderRule[] }>('/point-providers')).data;
    const campaigns = await staffApi<{ data: Campaign[] }>('/campaign/filter', {
      method: 'POST',
      body: { keyword: CAMPAIGN, pagination: { limit: 10, currentPage: 1 } },
    });
    const campaign = campaigns.data.find((each) => each.campaign_name === CAMPAIGN)!;
    const needed =
      Math.max(
        next.loyalty_tier_min_points - before.point_tier_points,
        parcelGift.loyalty_gift_point_quantity + deskGift.loyalty_gift_point_quantity - before.point_balance,
      ) + 120;
    const pointsFor = (value: number) =>
      calculateReceiptPoints({
        receipt: {
          receipt_amount: value,
          currency: 'TRY',
          receipt_day: yesterday(),
          store_id: store._id,
          store_category_id: store.store_category_id,
        },
        providers,
        tier: { title: lowest.loyalty_tier_title, multiplier: 1 },
        campaignMultiplier: campaign.campaign_point_multiplier,
      });
    const perLira = pointsFor(1000).total_points / 1000;
    amount = Math.ceil(needed / perLira / 10) * 10;
    const calculation = pointsFor(amount);
    expect(calculation.point_provider_name).toBe(PROVIDER);
    expectedPoints = calculation.total_points;
    expect(before.point_tier_points + expectedPoints).toBeLessThan(top.loyalty_tier_min_points);

    // A till receipt of its own colour each run: the same photo twice is flagged as a duplicate.
    await writeReceiptPhoto(join(files, 'fis.jpg'), `#f${stamp.slice(0, 5)}`);

    staff = await openBrowser();
    await staff.signIn();
    phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await staff?.close();
    await phone?.close();
  });

  it('lets the customer upload a receipt photo on the micro-site at a phone’s size', async () => {
    const { page } = phone;
    await phone.open(`/micro-site/${mall.location_token}`, { language: 'tr' });
    await signInOnMicroSite(page, customer);
    const card = page.getByRole('region', { name: 'Puan bakiyeniz' });
    await card.getByText(`${tr(before.point_balance)} puan`).waitFor();
    await card.getByText(`Üyelik seviyesi: ${before.loyalty_tier_title}`).waitFor();

    // The Gümüş gift is out of reach in Bronz.
    await page
      .getByRole('link', { name: /Hediyeler/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Hediyeler', level: 1 }).waitFor();
    await page.getByRole('article', { name: DESK_GIFT }).waitFor();
    expect(await page.getByRole('article', { name: PARCEL_GIFT }).count()).toBe(0);

    await phone.open(`/micro-site/${mall.location_token}/receipts`);
    await page.getByRole('heading', { name: 'Fişlerim', level: 1 }).waitFor();
    await page.getByRole('link', { name: `Fiş Yükle · ${CAMPAIGN}` }).click();
    await fillReceiptUpload(page, {
      store: STORE,
      receiptNo: RECEIPT_NO,
      amount: amount,
      photo: join(files, 'fis.jpg'),
    });
    await page.getByText(`Kampanya: ${CAMPAIGN}`).waitFor();
    await page.getByText('Seçilen: fis.jpg').waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('loyalty-journey-micro-site-upload');
    await expectAccessible(page, 'the micro-site receipt upload form, filled in');

    await page.getByRole('button', { name: 'Fişi Gönder' }).click();
    await page.getByRole('heading', { name: 'Fişiniz alındı!' }).waitFor();
    const sent = page.getByRole('article').filter({ hasText: `Fiş no: ${RECEIPT_NO}` });
    await sent.getByText('Beklemede').waitFor();
    await sent.getByText('İnceleniyor; onaylandığında puanınız eklenecek.').waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('loyalty-journey-micro-site-uploaded');
  });

  it('shows staff the points calculation and approves the receipt with the A shortcut', async () => {
    const { page } = staff;
    await staff.open(`/loyalty/receipts?keyword=${RECEIPT_NO}`);
    const grid = page.getByRole('grid', { name: 'Fişler' });
    const row = grid.getByRole('row').filter({ hasText: RECEIPT_NO });
    await row.getByText('Beklemede').waitFor();
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/loyalty\/receipts\/[0-9a-f]{24}$/);
    const receiptId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: `${RECEIPT_NO} Numaralı Fiş`, level: 1 }).waitFor();
    await page.getByRole('img', { name: `${RECEIPT_NO} numaralı fişin fotoğrafı` }).waitFor();

    const points = page.getByRole('region', { name: 'Onaylanırsa kazanacağı puan' });
    const line = (label: string) => points.getByRole('row', { name: new RegExp(`^${label}`) });
    await line('Puan sağlayıcı').getByText(`${PROVIDER} (öncelik 10, lira başına 0,1 puan)`).waitFor();
    await line('Temel puan')
      .getByText(/ × 0,1 = /)
      .waitFor();
    await line('Seviye çarpanı').getByText(`× 1 (${before.loyalty_tier_title})`).waitFor();
    await line('Kampanya çarpanı').getByText(`× 1,5 (${CAMPAIGN})`).waitFor();
    await line('Toplam')
      .getByText(`${tr(expectedPoints)} puan`)
      .waitFor();
    await page.getByText('Kısayollar: A onayla, R reddet, U belirsiz, N sonraki bekleyen fiş.').waitFor();
    await staff.screenshot('loyalty-journey-review');
    await expectAccessible(page, 'the receipt review page with the points calculation');

    // Staff review hundreds a day: A approves without reaching for the mouse.
    await page.getByRole('heading', { name: `${RECEIPT_NO} Numaralı Fiş`, level: 1 }).click();
    await page.keyboard.press('a');
    await page.getByText('Fiş onaylandı, puanı müşteriye yazıldı').waitFor();

    const receipt = await staffApi<ReceiptDetail>(`/shopping-receipts/${receiptId}`);
    expect(receipt.receipt_status).toBe('approved');
    expect(receipt.receipt_calculated_points).toBe(expectedPoints);
    afterApproval = await balanceOf(customer._id);
    expect(afterApproval.point_balance).toBe(before.point_balance + expectedPoints);
    expect(afterApproval.point_tier_points).toBe(before.point_tier_points + expectedPoints);
    expect(afterApproval.loyalty_tier_title).toBe(tierFor(afterApproval.point_tier_points));
    expect(afterApproval.loyalty_tier_title).toBe('Gümüş');

    await staff.open(`/loyalty/receipts/${receiptId}`);
    await page
      .getByRole('region', { name: 'Kazandığı puan' })
      .getByText(`${tr(expectedPoints)} puan`)
      .waitFor();
    await page.getByText('Bu fiş onaylandı ve puanı müşterinin hesabına yazıldı').waitFor();
    await staff.screenshot('loyalty-journey-review-approved');

    // The desk sees the same: the new balance and tier, the receipt's entry first in the history.
    await staff.open('/loyalty/customer-loyalty');
    await page.getByRole('textbox', { name: /Cep telefonu/ }).fill(`0${customer.customer_phone.slice(3)}`);
    await page.getByRole('button', { name: 'Müşteriyi bul' }).click();
    const summary = page.getByRole('region', {
      name: [customer.customer_name, customer.customer_surname].filter(Boolean).join(' '),
    });
    await summary.getByRole('group', { name: 'Üyelik seviyesi' }).getByText('Gümüş').waitFor();
    await summary
      .getByRole('group', { name: 'Puan bakiyesi' })
      .getByText(tr(afterApproval.point_balance), { exact: true })
      .waitFor();
    const earned = summary.getByRole('row').filter({ hasText: 'Fişten kazanım' }).first();
    await earned.getByText(`+${tr(expectedPoints)}`, { exact: true }).waitFor();
    await staff.screenshot('loyalty-journey-customer-loyalty');
  });

  it('shows the customer the new balance and tier and lets them claim gifts', async () => {
    const { page } = phone;
    await phone.open(`/micro-site/${mall.location_token}/receipts`);
    const receipt = page.getByRole('article').filter({ hasText: `Fiş no: ${RECEIPT_NO}` });
    await receipt.getByText('Onaylandı', { exact: true }).waitFor();
    await receipt.getByText(`+${tr(expectedPoints)} puan kazandınız`).waitFor();
    await phone.screenshot('loyalty-journey-micro-site-approved');

    await phone.open(`/micro-site/${mall.location_token}`);
    const card = page.getByRole('region', { name: 'Puan bakiyeniz' });
    await card.getByText(`${tr(afterApproval.point_balance)} puan`).waitFor();
    await card.getByText('Üyelik seviyesi: Gümüş').waitFor();
    await phone.screenshot('loyalty-journey-micro-site-main');

    await page
      .getByRole('link', { name: /Hediyeler/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Hediyeler', level: 1 }).waitFor();
    const parcel = page.getByRole('article', { name: PARCEL_GIFT });
    await parcel.getByText('Adresinize gönderilir').waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('loyalty-journey-micro-site-gifts');
    await expectAccessible(page, 'the micro-site gifts page');

    await parcel.getByRole('button', { name: 'Hediyeyi Al' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hediyeyi almak istiyor musunuz?' });
    const rest = afterApproval.point_balance - parcelGift.loyalty_gift_point_quantity;
    await dialog.getByText(`Kalan bakiyeniz: ${tr(rest)} puan.`).waitFor();
    await dialog.getByLabel(/Teslimat adresi/).fill(ADDRESS);
    await phone.screenshot('loyalty-journey-micro-site-claim');
    await expectAccessible(page, 'the micro-site gift claim dialog');
    await dialog.getByRole('button', { name: 'Evet, Al' }).click();
    await page
      .getByRole('status')
      .getByText(
        `${PARCEL_GIFT} sizin! Bakiyenizden ${tr(parcelGift.loyalty_gift_point_quantity)} puan düşüldü.`,
      )
      .waitFor();
    await page
      .getByRole('region', { name: 'Puan bakiyeniz' })
      .getByText(`${tr(rest)} puan`)
      .waitFor();

    await page.getByRole('article', { name: DESK_GIFT }).getByRole('button', { name: 'Hediyeyi Al' }).click();
    await page
      .getByRole('dialog', { name: 'Hediyeyi almak istiyor musunuz?' })
      .getByRole('button', { name: 'Evet, Al' })
      .click();
    await page.getByRole('status').getByText(`${DESK_GIFT} sizin!`, { exact: false }).waitFor();
    const left = rest - deskGift.loyalty_gift_point_quantity;
    await page
      .getByRole('region', { name: 'Puan bakiyeniz' })
      .getByText(`${tr(left)} puan`)
      .waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('loyalty-journey-micro-site-claimed');

    expect((await balanceOf(customer._id)).point_balance).toBe(left);
    const claimed = await redemptionsOf();
    const mine = claimed.filter((row) => row.loyalty_customer_status === 'new');
    expect(mine.map((row) => row.loyalty_customer_gift_title).sort()).toEqual(
      [DESK_GIFT, PARCEL_GIFT].sort(),
    );
    expect(mine.every((row) => row.loyalty_customer_source === 'micro_site')).toBe(true);
    expect(
      mine.find((row) => row.loyalty_customer_gift_title === PARCEL_GIFT)?.loyalty_customer_address,
    ).toBe(ADDRESS);
  });

  it('lets staff send the parcel with a tracking number', async () => {
    const { page } = staff;
    await staff.open(`/loyalty/gifted-customer-list?keyword=${customer.customer_phone.slice(3)}`);
    const grid = page.getByRole('grid', { name: 'Hediye Alan Müşteriler' });
    const row = grid.getByRole('row').filter({ hasText: PARCEL_GIFT }).filter({ hasText: 'Yeni' });
    await row.getByText('Adrese gönderim').waitFor();
    await staff.screenshot('loyalty-journey-gifted-list');
    await row.getByRole('button', { name: 'Gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hediye gönderildi olarak kaydedilsin mi?' });
    await dialog.getByRole('textbox', { name: 'Kargo takip numarası' }).fill(TRACKING);
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Adres' }).inputValue()).toBe(ADDRESS);
    await staff.screenshot('loyalty-journey-send-dialog');
    await expectAccessible(page, 'the send dialog of the gifted customers list');
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await page.getByText('Hediye gönderildi olarak kaydedildi').waitFor();
    const sentRow = grid.getByRole('row').filter({ hasText: TRACKING });
    await sentRow.getByText('Gönderildi').waitFor();
    await staff.screenshot('loyalty-journey-gifted-sent');

    const parcel = (await redemptionsOf()).find((row) => row.loyalty_customer_tracking_number === TRACKING);
    expect(parcel?.loyalty_customer_status).toBe('waiting');
    expect(parcel?.loyalty_customer_gift_title).toBe(PARCEL_GIFT);
    expect(parcel?.loyalty_customer_address).toBe(ADDRESS);
  });

  it('gives the points and the stock back when staff cancel a redemption', async () => {
    const { page } = staff;
    const balanceBefore = (await balanceOf(customer._id)).point_balance;
    const stockBefore = (await giftNamed(DESK_GIFT)).loyalty_gift_stock_quantity;
    const grid = page.getByRole('grid', { name: 'Hediye Alan Müşteriler' });
    const row = grid.getByRole('row').filter({ hasText: DESK_GIFT }).filter({ hasText: 'Yeni' });
    await row.getByRole('button', { name: 'İptal et' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hediye iptal edilsin mi?' });
    await dialog
      .getByText(`${deskGift.loyalty_gift_point_quantity} puan müşterinin bakiyesine geri eklenir`)
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Not' }).fill('Müşteri kahveyi almaktan vazgeçti');
    await dialog.getByRole('button', { name: 'İptal et' }).click();
    await page.getByText('Hediye iptal edildi, puan iade edildi').waitFor();
    await grid.getByRole('row').filter({ hasText: DESK_GIFT }).getByText('İptal edildi').first().waitFor();
    await staff.screenshot('loyalty-journey-gifted-cancelled');
    await expectAccessible(page, 'the gifted customers list');

    const after = await balanceOf(customer._id);
    expect(after.point_balance).toBe(balanceBefore + deskGift.loyalty_gift_point_quantity);
    expect(after.point_balance).toBe(afterApproval.point_balance - parcelGift.loyalty_gift_point_quantity);
    // A refund is not an earning: the tier stays.
    expect(after.loyalty_tier_title).toBe('Gümüş');
    expect((await giftNamed(DESK_GIFT)).loyalty_gift_stock_quantity).toBe(stockBefore + 1);
    const history = await staffApi<{ data: { point_entry_kind: string; point_entry_amount: number }[] }>(
      `/loyalty-customer/points/${customer._id}?limit=5&currentPage=1`,
    );
    expect(history.data[0]).toMatchObject({
      point_entry_kind: 'refund',
      point_entry_amount: deskGift.loyalty_gift_point_quantity,
    });

    // The customer's balance card says the same.
    await phone.page.reload();
    await phone.page
      .getByRole('region', { name: 'Puan bakiyeniz' })
      .getByText(`${tr(after.point_balance)} puan`)
      .waitFor();
  });
});
