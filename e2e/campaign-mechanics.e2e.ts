import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DashboardReport, displayCouponCode } from '@avlu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  createRunningCampaign,
  createSurvey,
  type StaffApi,
  staffApiOf,
  waitForDashboard,
} from './support/campaign-mechanics';
import {
  adminToken,
  demoCustomer,
  fillReceiptUpload,
  firstMall,
  fitsThePhone,
  signInOnMicroSite,
  writeReceiptPhoto,
} from './support/micro-site';

/** Digits from the clock: each run makes campaigns and a receipt of its own. */
const stamp = String(Date.now()).slice(-6);
const RECEIPT_NO = `CM-${stamp}`;
const AMOUNT = 450;
/** The demo's receipt campaign: the receipt is uploaded for it (micro-site `receipt-upload/{id}`). */
const RECEIPT_CAMPAIGN = 'Fişini Yükle, Puanları Topla';
/** A demo store of the food court, named by the over-limit campaign and the wheel. */
const STORE = 'Big Chefs';
const STAMP_CAMPAIGN = `Tek Fişe Kahve Kuponu ${stamp}`;
const WHEEL_CAMPAIGN = `Şans Çarkı ${stamp}`;
const SURVEY_CAMPAIGN = `Yemek Katı Anketi ${stamp}`;
const SURVEY_TITLE = `Yemek Katı Memnuniyeti ${stamp}`;
const PRIZE = 'Sinema bileti';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Campaign = { _id: string; campaign_name: string; campaign_images: string[] };
type Store = { _id: string; store_name: string };

/**
 * Issue 15's "Done when" browser journey, against the real built server with the demo data: staff
 * set up (through the API) an over-limit coupon campaign whose stamp card one receipt fills, a wheel
 * of fortune that a receipt earns a spin in (99% win rate, a prize in stock), and a survey campaign
 * with a survey of its own. A demo customer uploads a receipt on the micro-site at a phone's size for
 * the demo receipt campaign; staff approve it; the customer sees the stamp card and its coupon, spins
 * the wheel and sees the result with the code, answers the survey and gets its code. The back-office's
 * campaign dashboard then shows those plays, wins and codes for the last 7 days.
 */
describe('campaign mechanics journey', () => {
  let staff: Browser;
  let phone: Browser;
  let staffApi: StaffApi;
  let mall: Awaited<ReturnType<typeof firstMall>>;
  let customer: Awaited<ReturnType<typeof demoCustomer>>;
  let receiptCampaign: Campaign;
  let stampCampaign: { _id: string };
  let wheelCampaign: { _id: string };
  let surveyCampaign: { _id: string };
  let won = false;
  const files = mkdtempSync(join(tmpdir(), 'avlu-campaign-mechanics-'));
  const site = (path = '') => `/micro-site/${mall.location_token}${path}`;
  /** A full-page screenshot of the phone from the top: scrolled, the sticky header would sit mid-page. */
  const phoneShot = async (name: string) => {
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await phone.screenshot(name);
  };

  beforeAll(async () => {
    const token = await adminToken();
    mall = await firstMall(token);
    staffApi = staffApiOf(token, mall._id);
    // Not the first demo customers (the coupon journey takes the first, the loyalty journey the sixth on).
    customer = await demoCustomer(token, mall._id, 3);

    const stores = await staffApi<Store[]>('/data/stores?showAll=true');
    const store = stores.find((each) => each.store_name === STORE);
    expect(store, `the demo store ${STORE}`).toBeDefined();
    const found = await staffApi<{ data: Campaign[] }>('/campaign/filter', {
      method: 'POST',
      body: { keyword: RECEIPT_CAMPAIGN, pagination: { limit: 10, currentPage: 1 } },
    });
    receiptCampaign = found.data.find((each) => each.campaign_name === RECEIPT_CAMPAIGN)!;
    expect(receiptCampaign, 'the demo receipt campaign').toBeDefined();
    // The demo's own campaign image, so the new campaigns' pages show a real picture.
    const images = receiptCampaign.campaign_images.slice(0, 1);

    stampCampaign = await createRunningCampaign(
      staffApi,
      {
        campaign_type: 'over_limit_coupon',
        campaign_name: STAMP_CAMPAIGN,
        campaign_name_en: `One Receipt, One Coffee Coupon ${stamp}`,
        campaign_description: `${STORE} fişiniz 100 ₺ ve üzeriyse damga kartınız dolar, kahve kuponunuz hemen tanımlanır.`,
        campaign_images: images,
        campaign_spending_limit: 100,
        campaign_spending_limit_type: 'single_receipt_based',
        campaign_stamp_count: 1,
        campaign_store_ids: [store!._id],
        campaign_participation: 'unlimited',
      },
      20,
    );
    wheelCampaign = await createRunningCampaign(
      staffApi,
      {
        campaign_type: 'wheel_of_fortune',
        campaign_name: WHEEL_CAMPAIGN,
        campaign_name_en: `Wheel of Fortune ${stamp}`,
        campaign_description: `${STORE} fişinizle çarkı çevirme hakkı kazanın; her fiş bir hak.`,
        campaign_images: images,
        campaign_win_rate: 99,
        campaign_game_right_rule: 'per_receipt',
        campaign_lottery_permit_no: `MPİ-2026/${stamp}`,
        campaign_prizes: [{ prize_name: PRIZE, prize_name_en: 'Cinema ticket', prize_stock: 10 }],
        campaign_store_ids: [store!._id],
        campaign_participation: 'unlimited',
      },
      20,
    );
    const survey = await createSurvey(staffApi, SURVEY_TITLE);
    surveyCampaign = await createRunningCampaign(
      staffApi,
      {
        campaign_type: 'survey',
        campaign_name: SURVEY_CAMPAIGN,
        campaign_name_en: `Food Court Survey ${stamp}`,
        campaign_description: 'Anketimizi yanıtlayın, yemek katında geçerli indirim kodunuzu hemen alın.',
        campaign_images: images,
        campaign_survey_id: survey._id,
        campaign_participation: 'once',
      },
      20,
    );

    // A till receipt of its own colour each run: the same photo twice is flagged as a duplicate.
    await writeReceiptPhoto(join(files, 'fis.jpg'), `#e${stamp.slice(1, 6)}`);

    staff = await openBrowser();
    await staff.signIn();
    phone = await openBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await staff?.close();
    await phone?.close();
  });

  it('uploads a receipt on the micro-site for the receipt campaign, and staff approve it', async () => {
    const { page } = phone;
    await phone.open(site(), { language: 'tr' });
    await signInOnMicroSite(page, customer);

    await phone.open(site(`/receipt-upload/${receiptCampaign._id}`));
    await fillReceiptUpload(page, {
      store: STORE,
      receiptNo: RECEIPT_NO,
      amount: AMOUNT,
      photo: join(files, 'fis.jpg'),
    });
    await page.getByText(`Kampanya: ${RECEIPT_CAMPAIGN}`).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('campaign-mechanics-receipt-upload');
    await page.getByRole('button', { name: 'Fişi Gönder' }).click();
    await page.getByRole('heading', { name: 'Fişiniz alındı!' }).waitFor();
    await page
      .getByRole('article')
      .filter({ hasText: `Fiş no: ${RECEIPT_NO}` })
      .getByText('Beklemede')
      .waitFor();
    await phone.screenshot('campaign-mechanics-receipt-sent');

    // Staff approve it, as the review screen's A would.
    const listed = await staffApi<{
      data: { _id: string; receipt_no: string; campaign_id: string | null }[];
    }>('/shopping-receipts/filter', {
      method: 'POST',
      body: { keyword: RECEIPT_NO, pagination: { limit: 10, currentPage: 1 } },
    });
    const receipt = listed.data.find((row) => row.receipt_no === RECEIPT_NO);
    expect(receipt?.campaign_id).toBe(receiptCampaign._id);
    const approved = await staffApi<{ receipt_status: string }>(`/shopping-receipts/${receipt!._id}`, {
      method: 'PUT',
      body: { receipt_status: 'approved' },
    });
    expect(approved.receipt_status).toBe('approved');
  });

  it('shows the filled stamp card of the over-limit campaign and the coupon it gave', async () => {
    const { page } = phone;
    await phone.open(site('/campaigns'));
    await page.getByRole('heading', { name: 'Kampanyalar', level: 1 }).waitFor();
    await page.getByRole('link', { name: STAMP_CAMPAIGN }).click();
    await page.getByRole('heading', { name: STAMP_CAMPAIGN, level: 1 }).waitFor();
    const card = page.getByRole('region', { name: 'Damga kartınız' });
    // One receipt filled the one-stamp card: its coupon was given and a new card starts.
    await card.getByText('Bu kampanyadan 1 kupon kazandınız.').waitFor();
    await card.getByRole('img', { name: '1 damgalık kartta 0 damga' }).waitFor();
    await card.getByText('Kuponunuza 1 damga kaldı').waitFor();
    await card.getByText('₺100,00 ve üzeri her fiş bir damga.').waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phoneShot('campaign-mechanics-stamp-card');

    // The card leads to the codes it gave.
    await card.getByRole('link', { name: 'Kuponlarım' }).click();
    await page.getByRole('heading', { name: 'Kuponlarım', level: 1 }).waitFor();
    const coupon = page.getByRole('article', { name: STAMP_CAMPAIGN });
    await coupon.getByText('Kullanılabilir').waitFor();
    const qr = coupon.getByRole('img', { name: /^QR kod: / });
    const code = ((await qr.getAttribute('aria-label')) ?? '').replace(/^QR kod: /, '');
    expect(code).toMatch(/^[A-Z0-9]{8,}$/);
    await coupon.getByText(displayCouponCode(code), { exact: true }).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('campaign-mechanics-stamp-coupon');
  });

  it('spins the wheel with the right the receipt earned and shows the result with the code', async () => {
    const { page } = phone;
    await phone.open(site(`/campaigns/${wheelCampaign._id}`));
    await page.getByRole('heading', { name: WHEEL_CAMPAIGN, level: 1 }).waitFor();
    const game = page.getByRole('region', { name: 'Çarkıfelek' });
    await game.getByRole('status').getByText('1 hakkınız var').waitFor();
    await game.getByText(`MPİ-2026/${stamp}`).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phoneShot('campaign-mechanics-wheel');

    await game.getByRole('button', { name: 'Çarkı Çevir' }).click();
    const dialog = page.getByRole('dialog', { name: /^(Tebrikler, kazandınız!|Bu sefer olmadı)$/ });
    await dialog.waitFor({ timeout: 20_000 });
    const title = await page.locator('#game-result').textContent();
    won = title === 'Tebrikler, kazandınız!';
    if (won) {
      // 99 plays in 100 win.
      await dialog.getByText(`${PRIZE} kazandınız. Kodunuz kuponlarınıza eklendi.`).waitFor();
      const coupon = dialog.getByRole('article', { name: WHEEL_CAMPAIGN });
      const qr = coupon.getByRole('img', { name: /^QR kod: / });
      const code = ((await qr.getAttribute('aria-label')) ?? '').replace(/^QR kod: /, '');
      expect(code).toMatch(/^[A-Z0-9]{8,}$/);
      await coupon.getByText(displayCouponCode(code), { exact: true }).waitFor();
    } else {
      // The 1 in 100: the dialog still says the outcome.
      await dialog.getByText('Bir dahaki sefere şansınızı yeniden deneyin.').waitFor();
    }
    expect(await fitsThePhone(page)).toBe(true);
    await phone.screenshot('campaign-mechanics-wheel-result');
    await dialog.getByRole('button', { name: 'Tamam' }).click();
    await game
      .getByRole('status')
      .getByText(/Oynama hakkınız yok/)
      .waitFor();
    await expect.poll(() => game.getByRole('button', { name: 'Çarkı Çevir' }).isDisabled()).toBe(true);
    await phoneShot('campaign-mechanics-wheel-after');
  });

  it('answers the survey campaign’s survey and shows its code', async () => {
    const { page } = phone;
    await phone.open(site(`/campaigns/${surveyCampaign._id}`));
    await page.getByRole('heading', { name: SURVEY_CAMPAIGN, level: 1 }).waitFor();
    const form = page.getByRole('form', { name: SURVEY_TITLE });
    await form.waitFor();
    await form.getByRole('radio', { name: 'Haftada birkaç kez' }).check();
    await form.getByRole('radio', { name: '4 yıldız' }).check({ force: true });
    await form
      .getByRole('textbox', { name: 'Eklemek istedikleriniz — Yanıtınız' })
      .fill('Oturma alanı hafta sonları yetersiz kalıyor.');
    expect(await fitsThePhone(page)).toBe(true);
    await phoneShot('campaign-mechanics-survey');
    await form.getByRole('button', { name: 'Gönder ve Kodu Al' }).click();
    await page.getByRole('heading', { name: 'Teşekkürler, kodunuz hazır!' }).waitFor();
    const coupon = page.getByRole('article', { name: SURVEY_CAMPAIGN });
    const qr = coupon.getByRole('img', { name: /^QR kod: / });
    const code = ((await qr.getAttribute('aria-label')) ?? '').replace(/^QR kod: /, '');
    expect(code).toMatch(/^[A-Z0-9]{8,}$/);
    await coupon.getByText(displayCouponCode(code), { exact: true }).waitFor();
    await coupon.getByRole('img', { name: `Barkod: ${code}` }).waitFor();
    expect(await fitsThePhone(page)).toBe(true);
    await phoneShot('campaign-mechanics-survey-code');

    // Answered once: the page says so on the next visit.
    await page.reload();
    await page.getByText(/Bu anketi yanıtladınız\./).waitFor();
  });

  // Up to 3 minutes of waiting for the rollup, then the screen.
  it('shows the plays, wins and codes given on the campaign dashboard for the last 7 days', {
    timeout: 240_000,
  }, async () => {
    const ids = [stampCampaign._id, wheelCampaign._id, surveyCampaign._id];
    const wins = won ? 1 : 0;
    // The rollup job recomputes the recent days every minute; no staff call starts it.
    const started = Date.now();
    const report = await waitForDashboard(staffApi, ids, (answer: DashboardReport) => {
      const [stamps, wheel, survey] = ids.map((id) => answer.campaigns.find((each) => each._id === id)!);
      return (
        stamps!.totals.codes_given === 1 &&
        stamps!.totals.receipts === 1 &&
        wheel!.totals.plays === 1 &&
        wheel!.totals.wins === wins &&
        wheel!.totals.codes_given === wins &&
        survey!.totals.codes_given === 1
      );
    });
    console.info(
      `campaign mechanics: the dashboard's rollup had the figures after ${Date.now() - started} ms`,
    );
    expect(report.totals).toMatchObject({ plays: 1, wins, codes_given: 2 + wins });

    const { page } = staff;
    await staff.open('/campaigns/dashboard');
    await page.getByRole('heading', { name: 'Kampanya Panosu', level: 1 }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Kampanyalar' });
    for (const name of [WHEEL_CAMPAIGN, STAMP_CAMPAIGN, SURVEY_CAMPAIGN]) {
      await picker.click();
      await picker.fill(String(stamp));
      await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Dönem' }).click();
    await page.getByRole('option', { name: 'Son 7 gün' }).click();
    await page.getByRole('combobox', { name: 'Dönem' }).getByText('Son 7 gün').waitFor();

    const plays = page.getByRole('region', { name: 'Oyun / kazanan' });
    await plays.getByText(`1 / ${wins}`, { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Verilen / kullanılan kod' })
      .getByText(`${2 + wins} / 0`, { exact: true })
      .waitFor();
    const table = page.getByRole('region', { name: 'Kampanya bazında' });
    const cells = async (name: string) =>
      (
        await table
          .getByRole('row', { name: new RegExp(`^${escapeRegExp(name)}`) })
          .getByRole('cell')
          .allTextContents()
      ).map((text) => text.trim());
    // Columns: new participants, participations, codes given, codes used, receipts, amount, points, plays, wins, conversion.
    await table.getByRole('row', { name: new RegExp(`^${escapeRegExp(WHEEL_CAMPAIGN)}`) }).waitFor();
    const wheelRow = await cells(WHEEL_CAMPAIGN);
    expect(wheelRow.slice(7, 9)).toEqual(['1', String(wins)]);
    expect(wheelRow[2]).toBe(String(wins));
    const stampRow = await cells(STAMP_CAMPAIGN);
    expect(stampRow[2]).toBe('1');
    expect(stampRow[4]).toBe('1');
    const surveyRow = await cells(SURVEY_CAMPAIGN);
    expect(surveyRow[2]).toBe('1');
    await staff.screenshot('campaign-mechanics-dashboard');
  });
});
