import type {
  CustomerReceipt,
  LoyaltyCustomer,
  MicroSiteAvailableGifts,
  MicroSiteCampaign,
  MicroSiteStore,
} from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../lib/api/test-server';
import { installTestServer } from '../test/server';
import { currentPath, renderMicroSite, serveMall, signedIn } from './test/render';

const server = installTestServer();

const DAY = 86_400_000;
const STORE_A = '6c01bfcdd1bbe8773a6cba01';
const STORE_B = '6c01bfcdd1bbe8773a6cba02';
const CAMPAIGN = '6c01bfcdd1bbe8773a6cbc09';
const RECEIPT = '6c01bfcdd1bbe8773a6cbd01';
const GIFT = '6c01bfcdd1bbe8773a6cbe01';
const GIFT_B = '6c01bfcdd1bbe8773a6cbe02';
const TIER = '6c01bfcdd1bbe8773a6cbf09';

const store = (_id: string, store_name: string): MicroSiteStore => ({
  _id,
  store_name,
  store_category_name: 'Giyim',
  store_category_name_en: 'Fashion',
  store_floor: '1',
  store_unit_no: null,
  store_phone: null,
  store_logo: null,
  store_website: null,
});
const stores = [store(STORE_A, 'Mavi'), store(STORE_B, 'Koton')];

const receiptCampaign: MicroSiteCampaign = {
  _id: CAMPAIGN,
  campaign_name: 'Fiş Yükle Kazan',
  campaign_name_en: 'Upload and Win',
  campaign_description: 'Fişlerinizi yükleyin, iki kat puan kazanın.',
  campaign_description_en: null,
  campaign_type: 'receipt',
  campaign_start_date: new Date(Date.now() - 2 * DAY).toISOString(),
  campaign_end_date: new Date(Date.now() + 10 * DAY).toISOString(),
  campaign_images: [],
  campaign_is_qrcode: false,
  campaign_participation: null,
  campaign_session_day_count: null,
  campaign_store_ids: [],
  campaign_joinable: false,
  campaign_my_coupon_count: 0,
};

const receipt = (overrides: Partial<CustomerReceipt> = {}): CustomerReceipt => ({
  _id: RECEIPT,
  receipt_no: 'F-1001',
  receipt_amount: 249.9,
  currency: 'TRY',
  receipt_date: '2026-11-20T12:00:00.000Z',
  store_id: STORE_A,
  store_name: 'Mavi',
  campaign_id: null,
  receipt_status: 'pending',
  receipt_rejection_reason: null,
  receipt_rejection_message: null,
  receipt_calculated_points: null,
  receipt_thumbnail_url: null,
  createdAt: '2026-11-20T12:05:00.000Z',
  ...overrides,
});

const balance = (points: number, tier: string | null = 'Gümüş') => ({
  customer_id: '65a1b2c3d4e5f60718293a4b',
  point_balance: points,
  point_tier_points: points,
  point_earned_total: points,
  loyalty_tier_id: tier ? TIER : null,
  loyalty_tier_title: tier,
  loyalty_tier_title_en: tier ? 'Silver' : null,
});

const gifts = (points: number): MicroSiteAvailableGifts => ({
  balance: balance(points),
  available_gift_list: [
    {
      _id: GIFT,
      loyalty_gift_title: 'Sinema Bileti',
      loyalty_gift_note: 'İki kişilik, hafta içi geçerli.',
      loyalty_gift_point_quantity: 500,
      loyalty_gift_send_type: 'by_hand',
    },
    {
      _id: GIFT_B,
      loyalty_gift_title: 'Kahve Seti',
      loyalty_gift_note: null,
      loyalty_gift_point_quantity: 800,
      loyalty_gift_send_type: 'to_address',
    },
  ].filter(
    (gift) => gift.loyalty_gift_point_quantity <= points,
  ) as MicroSiteAvailableGifts['available_gift_list'],
});

const serve = (receipts: CustomerReceipt[] = []) => {
  serveMall(server());
  signedIn(server());
  server()
    .on('GET', '/ext/data/stores', () => json(stores))
    .on('GET', '/ext/app/customers/campaigns', () => json([receiptCampaign]))
    .on('GET', '/ext/app/customers/shopping-receipts', () => json(receipts))
    .on('GET', '/ext/loyalty-customer/available-gifts', () => json(gifts(1250)));
};

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'IMG_2044.jpg', { type: 'image/jpeg' });
const yesterday = () => {
  const date = new Date(Date.now() - DAY);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

describe('micro-site loyalty', () => {
  it('shows the points balance and tier on the main page, with receipts and gifts reachable', async () => {
    serve();
    const { user } = renderMicroSite('');
    const card = within(await screen.findByRole('region', { name: 'Puan bakiyeniz' }));
    expect(await card.findByText('1.250 puan')).toBeInTheDocument();
    expect(card.getByText('Üyelik seviyesi: Gümüş')).toBeInTheDocument();
    expect(server().to('GET', '/ext/loyalty-customer/available-gifts')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: /Fişlerim/ }));
    expect(await screen.findByRole('heading', { name: 'Fişlerim', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/receipts');
  });

  it('uploads a receipt from a receipt campaign: the camera input, the multipart fields, then success and the list', async () => {
    const uploaded: CustomerReceipt[] = [];
    serve();
    server()
      .on('GET', '/ext/app/customers/shopping-receipts', () => json(uploaded))
      .on('POST', '/ext/app/customers/shopping-receipts', () => {
        const saved = receipt({
          receipt_no: 'A-77',
          receipt_amount: 249.9,
          store_id: STORE_B,
          store_name: 'Koton',
        });
        uploaded.push(saved);
        return json(saved, 201);
      });
    const { user } = renderMicroSite(`/campaigns/${CAMPAIGN}`);
    await user.click(await screen.findByRole('link', { name: 'Fiş Yükle' }));
    expect(currentPath()).toBe(`/receipt-upload/${CAMPAIGN}`);
    expect(await screen.findByRole('heading', { name: 'Fiş Yükle', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Kampanya: Fiş Yükle Kazan')).toBeInTheDocument();

    const file = screen.getByLabelText('Fotoğraf Çek ya da Dosya Seç') as HTMLInputElement;
    expect(file).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(file).toHaveAttribute('capture', 'environment');

    await screen.findByRole('option', { name: 'Koton' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mağaza' }), STORE_B);
    await user.type(screen.getByRole('textbox', { name: /Fiş numarası/ }), 'A-77');
    await user.type(screen.getByLabelText(/Fiş tarihi/), yesterday());
    await user.type(screen.getByRole('textbox', { name: /Tutar/ }), '249,90');
    await user.upload(file, photo());
    expect(screen.getByText('Seçilen: IMG_2044.jpg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fişi Gönder' }));

    expect(await screen.findByRole('heading', { name: 'Fişiniz alındı!' })).toHaveFocus();
    const [sent] = server().to('POST', '/ext/app/customers/shopping-receipts');
    const body = sent!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('storeId')).toBe(STORE_B);
    expect(body.get('receiptNo')).toBe('A-77');
    expect(body.get('amount')).toBe('249.9');
    expect(body.get('campaignId')).toBe(CAMPAIGN);
    const invoiceDate = String(body.get('invoiceDate'));
    expect(Date.parse(invoiceDate)).toBeLessThan(Date.now());
    expect(Date.now() - Date.parse(invoiceDate)).toBeLessThan(2 * DAY);
    expect((body.get('file') as File).name).toBe('IMG_2044.jpg');
    expect(sent!.headers['content-type']).toBeUndefined();
    expect(sent!.headers['customer-token']).toBe('mobile-token-abc');

    const card = within(await screen.findByRole('article', { name: 'Koton' }));
    expect(card.getByText('Beklemede')).toBeInTheDocument();
    expect(card.getByText('İnceleniyor; onaylandığında puanınız eklenecek.')).toBeInTheDocument();
  });

  it('refuses the form’s mistakes under their fields, and shows the server’s refusal under the field it names', async () => {
    serve();
    server().on('POST', '/ext/app/customers/shopping-receipts', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Geçersiz alanlar',
          fields: { storeId: 'Bu AVM’de böyle bir mağaza yok' },
        },
        400,
      ),
    );
    const { user } = renderMicroSite(`/receipt-upload/${CAMPAIGN}`);
    await user.click(await screen.findByRole('button', { name: 'Fişi Gönder' }));
    expect(screen.getByText('Bir mağaza seçin')).toBeInTheDocument();
    expect(screen.getByText('Fişin fotoğrafını ekleyin')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Fiş numarası/ })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('İşaretli alanları düzeltin');

    const future = new Date(Date.now() + 3 * DAY);
    const futureDay = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, '0')}-${String(future.getDate()).padStart(2, '0')}`;
    await user.type(screen.getByLabelText(/Fiş tarihi/), futureDay);
    await user.type(screen.getByRole('textbox', { name: /Tutar/ }), '-5');
    await user.click(screen.getByRole('button', { name: 'Fişi Gönder' }));
    expect(screen.getByLabelText(/Fiş tarihi/)).toHaveAccessibleDescription(
      'Fiş tarihi ileri bir tarih olamaz',
    );
    expect(screen.getByRole('textbox', { name: /Tutar/ })).toHaveAccessibleDescription(
      'Tutar sıfırdan küçük olamaz',
    );
    expect(server().to('POST', '/ext/app/customers/shopping-receipts')).toHaveLength(0);

    await screen.findByRole('option', { name: 'Mavi' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mağaza' }), STORE_A);
    await user.type(screen.getByRole('textbox', { name: /Fiş numarası/ }), 'B-1');
    await user.clear(screen.getByLabelText(/Fiş tarihi/));
    await user.type(screen.getByLabelText(/Fiş tarihi/), yesterday());
    await user.clear(screen.getByRole('textbox', { name: /Tutar/ }));
    await user.type(screen.getByRole('textbox', { name: /Tutar/ }), '100');
    await user.upload(screen.getByLabelText('Fotoğraf Çek ya da Dosya Seç'), photo());
    await user.click(screen.getByRole('button', { name: 'Fişi Gönder' }));
    expect(await screen.findByRole('combobox', { name: 'Mağaza' })).toHaveAccessibleDescription(
      'Bu AVM’de böyle bir mağaza yok',
    );
    expect(server().to('POST', '/ext/app/customers/shopping-receipts')).toHaveLength(1);
  });

  it('lists the receipts with their status, reason, message and points; empty and failed states', async () => {
    serve([
      receipt({
        _id: '6c01bfcdd1bbe8773a6cbd02',
        store_name: 'Koton',
        receipt_status: 'approved',
        receipt_calculated_points: 1250,
      }),
      receipt({
        receipt_status: 'rejected',
        receipt_rejection_reason: 'other',
        receipt_rejection_message: 'Fişin alt kısmı görünmüyor',
      }),
      receipt({
        _id: '6c01bfcdd1bbe8773a6cbd03',
        store_name: 'LC Waikiki',
        receipt_status: 'uncertain',
      }),
    ]);
    renderMicroSite('/receipts');
    const approved = within(await screen.findByRole('article', { name: 'Koton' }));
    expect(approved.getByText('Onaylandı')).toBeInTheDocument();
    expect(approved.getByText('+1.250 puan kazandınız')).toBeInTheDocument();
    expect(approved.queryByRole('link')).toBeNull();
    const rejected = within(screen.getByRole('article', { name: 'Mavi' }));
    expect(rejected.getByText('Reddedildi')).toBeInTheDocument();
    expect(rejected.getByText('Ret nedeni: Diğer')).toBeInTheDocument();
    expect(rejected.getByText('Fişin alt kısmı görünmüyor')).toBeInTheDocument();
    expect(rejected.getByRole('link', { name: 'Düzelt ve Yeniden Gönder' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/receipt-edit?id=${RECEIPT}`),
    );
    const uncertain = within(screen.getByRole('article', { name: 'LC Waikiki' }));
    expect(uncertain.getByText('Belirsiz')).toBeInTheDocument();
    expect(uncertain.getByRole('link', { name: 'Düzelt ve Yeniden Gönder' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Fiş Yükle · Fiş Yükle Kazan/ })).toHaveAttribute(
      'href',
      expect.stringContaining(`/receipt-upload/${CAMPAIGN}`),
    );
  });

  it('says when there are no receipts, and offers a retry when they cannot be loaded', async () => {
    serve();
    let fail = true;
    server().on('GET', '/ext/app/customers/shopping-receipts', () =>
      fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'Sunucu hatası' }, 500) : json([]),
    );
    const { user } = renderMicroSite('/receipts');
    expect(await screen.findByText('Fişleriniz yüklenemedi')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Henüz fiş yüklemediniz')).toBeInTheDocument();
  });

  it('corrects a rejected receipt and sends it again with PUT, keeping the photo when none is chosen', async () => {
    let current = receipt({
      receipt_status: 'rejected',
      receipt_rejection_reason: 'picture_not_clear',
      receipt_rejection_message: null,
      campaign_id: CAMPAIGN,
      receipt_thumbnail_url: '/api/files/6c01bfcdd1bbe8773a6cbf07/fis-kucuk.jpg',
    });
    serve();
    server()
      .on('GET', '/ext/app/customers/shopping-receipts', () => json([current]))
      .on('PUT', '/ext/app/customers/shopping-receipts/:id', () => {
        current = {
          ...current,
          receipt_no: 'F-1001A',
          receipt_status: 'pending',
          receipt_rejection_reason: null,
        };
        return json(current);
      });
    const { user } = renderMicroSite('/receipts');
    await user.click(await screen.findByRole('link', { name: 'Düzelt ve Yeniden Gönder' }));
    expect(currentPath()).toBe('/receipt-edit');
    expect(window.location.search).toBe(`?id=${RECEIPT}`);
    expect(await screen.findByRole('heading', { name: 'Fişi Düzelt', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Fişiniz reddedildi: Fotoğraf net değil \/ okunamıyor/)).toBeInTheDocument();
    const number = screen.getByRole('textbox', { name: /Fiş numarası/ });
    expect(number).toHaveValue('F-1001');
    expect(screen.getByText('Yeni fotoğraf seçmezseniz mevcut fotoğraf kullanılır.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Fiş fotoğrafı' })).toHaveAttribute(
      'src',
      '/api/files/6c01bfcdd1bbe8773a6cbf07/fis-kucuk.jpg',
    );
    await user.clear(number);
    await user.type(number, 'F-1001A');
    await user.click(screen.getByRole('button', { name: 'Yeniden Gönder' }));

    expect(await screen.findByRole('heading', { name: 'Fişiniz yeniden gönderildi!' })).toHaveFocus();
    const [sent] = server().to('PUT', `/ext/app/customers/shopping-receipts/${RECEIPT}`);
    const body = sent!.body as FormData;
    expect(body.get('receiptNo')).toBe('F-1001A');
    expect(body.get('storeId')).toBe(STORE_A);
    expect(body.get('amount')).toBe('249.9');
    expect(body.get('campaignId')).toBe(CAMPAIGN);
    expect(body.get('file')).toBeNull();
    expect(
      within(await screen.findByRole('article', { name: 'Mavi' })).getByText('Beklemede'),
    ).toBeInTheDocument();
  });

  it('does not offer the correction of an approved receipt, and shows the server’s refusal of one', async () => {
    serve([receipt({ receipt_status: 'approved', receipt_calculated_points: 10 })]);
    renderMicroSite(`/receipt-edit?id=${RECEIPT}`);
    expect(await screen.findByText('Bu fiş düzeltilemez')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yeniden Gönder' })).toBeNull();
  });

  it('shows a 409 of the correction (approved meanwhile) in the form', async () => {
    serve([receipt({ receipt_status: 'uncertain' })]);
    server().on('PUT', '/ext/app/customers/shopping-receipts/:id', () =>
      json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Çakışma',
          fields: {
            receipt_status: 'Onaylanan fişin puanı kazanıldı; fiş artık değiştirilemez ya da silinemez',
          },
        },
        409,
      ),
    );
    const { user } = renderMicroSite(`/receipt-edit?id=${RECEIPT}`);
    await user.click(await screen.findByRole('button', { name: 'Yeniden Gönder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Onaylanan fişin puanı kazanıldı');
  });

  it('claims a gift after a confirmation, the balance asked again after', async () => {
    let points = 1250;
    serve();
    server()
      .on('GET', '/ext/loyalty-customer/available-gifts', () => json(gifts(points)))
      .on('POST', '/ext/loyalty-customer/get-the-gift', () => {
        points -= 500;
        return json({
          _id: '6c01bfcdd1bbe8773a6cbe99',
          loyalty_customer: '65a1b2c3d4e5f60718293a4b',
          loyalty_customer_name: 'Ayşe',
          loyalty_customer_surname: 'Yılmaz',
          loyalty_customer_phone: '+905321234567',
          loyalty_customer_gift: GIFT,
          loyalty_customer_gift_title: 'Sinema Bileti',
          loyalty_customer_points: 500,
          loyalty_customer_gift_send_type: 'by_hand',
          loyalty_customer_gift_code: 'SNM-4821',
          loyalty_customer_note: null,
          loyalty_customer_address: null,
          loyalty_customer_tracking_number: null,
          loyalty_customer_status: 'new',
          loyalty_customer_source: 'micro_site',
          loyalty_customer_admin_name: null,
          createdAt: '2026-11-25T10:00:00.000Z',
          updatedAt: '2026-11-25T10:00:00.000Z',
        } satisfies LoyaltyCustomer);
      });
    const { user } = renderMicroSite('/gifts');
    expect(await screen.findByRole('heading', { name: 'Hediyeler', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('1.250 puan')).toBeInTheDocument();
    const cinema = within(screen.getByRole('article', { name: 'Sinema Bileti' }));
    expect(cinema.getByText('500 puan')).toBeInTheDocument();
    expect(cinema.getByText('AVM danışmasından teslim alınır')).toBeInTheDocument();
    await user.click(cinema.getByRole('button', { name: 'Hediyeyi Al' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Hediyeyi almak istiyor musunuz?' }));
    expect(
      dialog.getByText(/Sinema Bileti için bakiyenizden 500 puan düşülecek. Kalan bakiyeniz: 750 puan./),
    ).toBeInTheDocument();
    expect(server().to('POST', '/ext/loyalty-customer/get-the-gift')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Evet, Al' }));

    expect(
      await screen.findByText(/Sinema Bileti sizin! Bakiyenizden 500 puan düşüldü./),
    ).toBeInTheDocument();
    expect(screen.getByText('Hediye kodunuz: SNM-4821')).toBeInTheDocument();
    expect(server().to('POST', '/ext/loyalty-customer/get-the-gift')[0]!.body).toEqual({
      loyalty_customer_gift: GIFT,
    });
    expect(server().to('POST', '/ext/loyalty-customer/get-the-gift')[0]!.headers['idempotency-key']).toMatch(
      /^gift-[0-9a-f]{32}$/,
    );
    expect(await screen.findByText('750 puan')).toBeInTheDocument();
    expect(server().to('GET', '/ext/loyalty-customer/available-gifts')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refused claim (out of stock) and asks for the address of a gift that is sent', async () => {
    serve();
    server().on('POST', '/ext/loyalty-customer/get-the-gift', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Geçersiz alanlar',
          fields: { loyalty_customer_gift: 'Bu hediyenin stoğu kalmadı' },
        },
        400,
      ),
    );
    const { user } = renderMicroSite('/gifts');
    const coffee = within(await screen.findByRole('article', { name: 'Kahve Seti' }));
    expect(coffee.getByText('Adresinize gönderilir')).toBeInTheDocument();
    await user.click(coffee.getByRole('button', { name: 'Hediyeyi Al' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Evet, Al' }));
    expect(dialog.getByRole('textbox', { name: /Teslimat adresi/ })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    expect(server().to('POST', '/ext/loyalty-customer/get-the-gift')).toHaveLength(0);
    await user.type(
      dialog.getByRole('textbox', { name: /Teslimat adresi/ }),
      'Atatürk Cad. No: 5, Konak, İzmir',
    );
    await user.click(dialog.getByRole('button', { name: 'Evet, Al' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Bu hediyenin stoğu kalmadı');
    expect(server().to('POST', '/ext/loyalty-customer/get-the-gift')[0]!.body).toEqual({
      loyalty_customer_gift: GIFT_B,
      loyalty_customer_address: 'Atatürk Cad. No: 5, Konak, İzmir',
    });
    await waitFor(() => expect(server().to('GET', '/ext/loyalty-customer/available-gifts')).toHaveLength(2));
  });

  it('opens receipts and gifts from the account menu, in English too', async () => {
    serve();
    const { user } = renderMicroSite('');
    await user.click(await screen.findByRole('button', { name: /Hesabım/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hediyeler' }));
    expect(currentPath()).toBe('/gifts');
    await user.click(screen.getByRole('button', { name: /^Dil/ }));
    await user.click(await screen.findByRole('menuitem', { name: /English/ }));
    expect(await screen.findByRole('heading', { name: 'Gifts', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Collected at the mall’s information desk')).toBeInTheDocument();
  });
});
