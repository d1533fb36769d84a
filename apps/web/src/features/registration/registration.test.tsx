import type { Customer, CustomerCoupon } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { axeViolations } from '../../test/axe';
import { campaignFixture, channelFixture, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
// The app's pages load lazily; a busy machine needs more than the default second.
const desk = { signedInAs: { role: roleWith('modules:customer-registration:customer-registration') } };

const ISTANBUL = '64b0000000000000000c0034';
const KADIKOY = '64b0000000000000000d0001';

const channel = channelFixture();

const customer: Customer = {
  _id: '64b0000000000000000000a7',
  customer_phone: '+905321234567',
  customer_name: 'Zeynep',
  customer_surname: 'Demir',
  customer_email: 'zeynep@example.com',
  customer_gender: 'female',
  customer_birthdate: '1992-04-18',
  age: 34,
  customer_address: null,
  customer_province: 'İstanbul',
  customer_district: 'Kadıköy',
  customer_locality: null,
  customer_number_of_children: 1,
  customer_frequency: 'once_a_month',
  customer_is_developer: false,
  customer_vehicle_plate: null,
  customer_is_parent: true,
  channel_id: channel._id,
  customer_favorite_region: null,
  customer_favorite_category: null,
  customer_push_token: null,
  customer_sms_permission: true,
  customer_sms_permission_date: '2026-01-10T09:00:00.000Z',
  customer_email_permission: false,
  customer_email_permission_date: null,
  customer_call_permission: false,
  customer_call_permission_date: null,
  customer_kvkk_permission: true,
  customer_kvkk_permission_date: '2026-01-10T09:00:00.000Z',
  customer_deletedAt: null,
  createdAt: '2026-01-10T09:00:00.000Z',
};

const kvkkNotice = {
  _id: '64b0000000000000000000f1',
  agreement_title: 'KVKK Aydınlatma Metni',
  agreement_text:
    'Kordonboyu AVM olarak kişisel verilerinizi 6698 sayılı Kanun uyarınca işliyoruz.\n\nHaklarınız: …',
  agreement_target: 'mobileapp',
  agreement_type: 'kvkk',
  agreement_text_pdf_tr: null,
  agreement_text_pdf_en: null,
  agreement_in_use: true,
  agreement_version: 'kvkk-2026-11',
  createdAt: '2026-11-01T09:00:00.000Z',
};

const serveChannel = () =>
  server()
    .on('GET', `/customer/channel/${channel._id}`, () => json(channel))
    .on('GET', '/customer-entry/kvkk', () => json(kvkkNotice))
    .on('GET', '/geo/cities', () => json([{ _id: ISTANBUL, name: 'İstanbul' }]))
    .on('GET', `/geo/cities/${ISTANBUL}/towns`, () => json([{ _id: KADIKOY, name: 'Kadıköy' }]))
    .on('GET', `/geo/towns/${KADIKOY}/neighborhoods`, () =>
      json([{ _id: '64b0000000000000000e0002', name: 'Moda', district: 'Kadıköy', zip_code: '34710' }]),
    );

const box = (name: string) => screen.getByRole('checkbox', { name });
const contactBoxes = () => ['Telefonla arama izni', 'SMS izni', 'E-posta izni'].map(box);
const pick = async (user: UserEvent, name: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
};
/** Types a whole value at once: per-key typing is slow in jsdom and tells nothing more here. */
const fill = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};
const typeDate = async (user: UserEvent, digits: string) => {
  const [day] = within(screen.getByRole('group', { name: 'Doğum tarihi' })).getAllByRole('spinbutton');
  await user.click(day!);
  await user.keyboard(digits);
};

describe('registering a customer through a channel', () => {
  it('names the channel in the header and keeps the button off until KVKK is accepted', async () => {
    serveChannel();
    const { user } = renderApp({ path: `/registration/customer/new/${channel._id}`, ...desk });
    const submit = await screen.findByRole('button', { name: 'Müşteriyi Kaydet' });
    expect(screen.getByRole('heading', { name: 'Yeni Müşteri' })).toBeInTheDocument();
    expect(screen.getByText('Danışma Bankosu')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(screen.getByText('Kaydetmek için KVKK aydınlatma metni onaylanmalıdır.')).toBeInTheDocument();
    // The mall's notice in use, to read to the customer before the box is ticked (issue 12 #21).
    const notice = await screen.findByRole('region', { name: 'KVKK Aydınlatma Metni' });
    expect(notice).toHaveTextContent(
      'Kordonboyu AVM olarak kişisel verilerinizi 6698 sayılı Kanun uyarınca işliyoruz.',
    );
    expect(screen.getByText('Sürüm kvkk-2026-11')).toBeInTheDocument();
    await user.click(box('KVKK aydınlatma metnini okudum, onaylıyorum'));
    expect(submit).toBeEnabled();
    await user.click(box('KVKK aydınlatma metnini okudum, onaylıyorum'));
    expect(submit).toBeDisabled();
  });

  it('ticks call, SMS and email together with the master permission, and reflects them back', async () => {
    serveChannel();
    const { user } = renderApp({ path: `/registration/customer/new/${channel._id}`, ...desk });
    const master = await screen.findByRole('checkbox', { name: 'Tüm iletişim izinleri' });
    expect(master).not.toBeChecked();
    await user.click(master);
    for (const one of contactBoxes()) expect(one).toBeChecked();
    expect(master).toBeChecked();
    await user.click(box('SMS izni'));
    expect(master).not.toBeChecked();
    expect(master).toHaveAttribute('data-indeterminate', 'true');
    await user.click(master);
    for (const one of contactBoxes()) expect(one).toBeChecked();
    await user.click(master);
    for (const one of contactBoxes()) expect(one).not.toBeChecked();
    await user.click(box('Telefonla arama izni'));
    await user.click(box('SMS izni'));
    await user.click(box('E-posta izni'));
    expect(master).toBeChecked();
  });

  it('sends the registration body and lands on the new customer', async () => {
    serveChannel();
    server().on('POST', '/customer-entry/register', ({ body }) =>
      json({ ...customer, _id: '64b0000000000000000000a8', ...(body as object), reactivated: false }, 201),
    );
    const { user, router } = renderApp({ path: `/registration/customer/new/${channel._id}`, ...desk });
    await fill(user, await screen.findByRole('textbox', { name: 'Ad' }), 'Mehmet');
    await fill(user, screen.getByRole('textbox', { name: 'Soyad' }), 'Öztürk');
    await fill(user, screen.getByRole('textbox', { name: 'Telefon' }), '0532 987 65 43');
    await fill(user, screen.getByRole('textbox', { name: 'E-posta' }), 'mehmet@example.com');
    await typeDate(user, '03111988');
    await pick(user, 'Cinsiyet', 'Erkek');
    await pick(user, 'İl', 'İstanbul');
    await pick(user, 'İlçe', 'Kadıköy');
    await pick(user, 'Mahalle', 'Moda');
    await fill(user, screen.getByRole('textbox', { name: 'Açık adres' }), 'Bahariye Cd. No: 5');
    await fill(user, screen.getByRole('textbox', { name: 'Araç plakası' }), '34 abc 123');
    await fill(user, screen.getByRole('spinbutton', { name: 'Çocuk sayısı' }), '2');
    await pick(user, 'AVM’ye gelme sıklığı', 'Haftada bir');
    await pick(user, 'Ebeveyn mi?', 'Evet');
    await user.click(box('KVKK aydınlatma metnini okudum, onaylıyorum'));
    await user.click(box('Tüm iletişim izinleri'));
    await user.click(screen.getByRole('button', { name: 'Müşteriyi Kaydet' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/customers/64b0000000000000000000a8/detail'),
    );
    expect(server().to('POST', '/customer-entry/register')[0]!.body).toEqual({
      channel_id: channel._id,
      customer_phone: '+905329876543',
      customer_name: 'Mehmet',
      customer_surname: 'Öztürk',
      customer_email: 'mehmet@example.com',
      customer_birthdate: '1988-11-03',
      customer_gender: 'male',
      customer_province: 'İstanbul',
      customer_district: 'Kadıköy',
      customer_locality: 'Moda',
      customer_address: 'Bahariye Cd. No: 5',
      customer_vehicle_plate: '34ABC123',
      customer_number_of_children: 2,
      customer_frequency: 'once_a_week',
      customer_is_parent: true,
      customer_accepts_kvkk: true,
      customer_allows_call: true,
      customer_allows_sms: true,
      customer_allows_email: true,
      // The version of the notice that was read out.
      agreement_version: 'kvkk-2026-11',
    });
    expect(await screen.findByText('Müşteri kaydedildi')).toBeInTheDocument();
  });

  it('says so when the mall has no KVKK notice in use', async () => {
    serveChannel();
    server().on('GET', '/customer-entry/kvkk', () =>
      json({ statusCode: 404, code: 'AGREEMENT_NOT_FOUND', message: 'Sözleşme bulunamadı' }, 404),
    );
    renderApp({ path: `/registration/customer/new/${channel._id}`, ...desk });
    expect(
      await screen.findByText(/Bu AVM’de kullanımda bir KVKK aydınlatma metni bulunamadı/),
    ).toBeInTheDocument();
  });

  it('puts a taken phone under the phone field', async () => {
    serveChannel();
    server().on('POST', '/customer-entry/register', () =>
      json(
        {
          statusCode: 409,
          code: 'CUSTOMER_EXISTS',
          message: 'Bu telefon numarasıyla kayıtlı bir müşteri zaten var',
        },
        409,
      ),
    );
    const { user } = renderApp({ path: `/registration/customer/new/${channel._id}`, ...desk });
    await fill(user, await screen.findByRole('textbox', { name: 'Ad' }), 'Ali');
    await fill(user, screen.getByRole('textbox', { name: 'Soyad' }), 'Kaya');
    await fill(user, screen.getByRole('textbox', { name: 'Telefon' }), '5321234567');
    await typeDate(user, '01011990');
    await user.click(box('KVKK aydınlatma metnini okudum, onaylıyorum'));
    await user.click(screen.getByRole('button', { name: 'Müşteriyi Kaydet' }));
    const phone = screen.getByRole('textbox', { name: 'Telefon' });
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(phone).toHaveFocus());
    // Said once, under the field: no toast repeating it.
    expect(screen.getAllByText('Bu telefon numarasıyla kayıtlı bir müşteri zaten var')).toHaveLength(1);
  });
});

describe('looking a customer up by phone', () => {
  it('tells the desk before registering that the phone brings a deleted account back', async () => {
    serveChannel();
    server().on('POST', '/customer-entry/check', () =>
      json({ registered: false, reactivates: true, customer: null }),
    );
    const { user } = renderApp({ path: `/registration/customer/by-phone/${channel._id}`, ...desk });
    await user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '0532 111 22 33');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect(await screen.findByText(/Bu numaranın silinmiş bir hesabı var/)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Telefon' })).toHaveValue('0532 111 22 33');
  });

  it('goes on to the new-customer form with the phone when it is not registered', async () => {
    serveChannel();
    server().on('POST', '/customer-entry/check', () =>
      json({ registered: false, reactivates: false, customer: null }),
    );
    const { user, router } = renderApp({ path: `/registration/customer/by-phone/${channel._id}`, ...desk });
    await user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '0532 111 22 33');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/registration/customer/new/${channel._id}`),
    );
    expect(server().to('POST', '/customer-entry/check')[0]!.body).toEqual({
      customer_phone: '+905321112233',
      channel_id: channel._id,
    });
    expect(await screen.findByText('Müşteri kayıtlı değil, lütfen önce kaydedin')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Telefon' })).toHaveValue('0532 111 22 33');
  });

  it('shows a registered customer with the form to update, and saves it', async () => {
    serveChannel();
    server()
      .on('POST', '/customer-entry/check', () => json({ registered: true, reactivates: false, customer }))
      .on('POST', `/customer-entry/update/${customer._id}`, () => json(customer));
    const { user, router } = renderApp({ path: `/registration/customer/by-phone/${channel._id}`, ...desk });
    await user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '05321234567');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect(await screen.findByText('Zeynep Demir')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ad' })).toHaveValue('Zeynep');
    expect(screen.getByRole('combobox', { name: 'İlçe' })).toHaveValue('Kadıköy');
    expect(box('KVKK aydınlatma metnini okudum, onaylıyorum')).toBeChecked();
    await user.click(box('E-posta izni'));
    await user.click(screen.getByRole('button', { name: 'Değişiklikleri Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${customer._id}/detail`));
    expect(server().to('POST', `/customer-entry/update/${customer._id}`)[0]!.body).toMatchObject({
      channel_id: channel._id,
      customer_name: 'Zeynep',
      customer_email: 'zeynep@example.com',
      customer_province: 'İstanbul',
      customer_district: 'Kadıköy',
      customer_locality: null,
      customer_frequency: 'once_a_month',
      customer_is_parent: true,
      customer_accepts_kvkk: true,
      customer_allows_sms: true,
      customer_allows_email: true,
      customer_allows_call: false,
    });
  });
});

describe('texts', () => {
  const keys = (texts: object, prefix = ''): string[] =>
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  it('are written in Turkish and English alike for addresses, channels and registration', () => {
    for (const namespace of ['geo', 'channels', 'registration'])
      expect(keys(i18n.getResourceBundle('en', namespace)), namespace).toEqual(
        keys(i18n.getResourceBundle('tr', namespace)),
      );
  });
});

describe('choosing the channel', () => {
  it('offers the channels the server names open for registration, without asking for tag names', async () => {
    const asked: string[] = [];
    server()
      .on('GET', '/customer-entry/channels', () => json([channel]))
      .on('GET', '/data-types/channel-type', () => {
        asked.push('channel-type');
        return json([]);
      });
    const { user, router } = renderApp({ path: '/registration', ...desk });
    const card = await screen.findByRole('article', { name: 'Danışma Bankosu' });
    expect(router.state.location.pathname).toBe('/registration/customer');
    expect(asked).toEqual([]);
    await user.click(within(card).getByRole('link', { name: 'Telefonla sorgula: Danışma Bankosu' }));
    expect(router.state.location.pathname).toBe(`/registration/customer/by-phone/${channel._id}`);
  });

  it('links each channel to its coupon desk', async () => {
    server().on('GET', '/customer-entry/channels', () => json([channel]));
    const { user, router } = renderApp({ path: '/registration/customer', ...desk });
    const card = await screen.findByRole('article', { name: 'Danışma Bankosu' });
    await user.click(within(card).getByRole('link', { name: 'Kupon ver: Danışma Bankosu' }));
    expect(router.state.location.pathname).toBe(`/registration/customer/coupons/${channel._id}`);
  });
});

const springSale = campaignFixture({
  campaign_start_date: '2026-06-01T09:00:00.000Z',
  campaign_store_ids: [],
  campaign_channel_ids: [channel._id],
  campaign_status: 'published',
});

const codeOf = (code: string, overrides: Partial<CustomerCoupon> = {}): CustomerCoupon => ({
  _id: `64b0000000000000000e${code
    .slice(-4)
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '0')
    .padStart(4, '0')}`,
  campaign_id: springSale._id,
  coupon_code: code,
  coupon_status: 'given',
  customer_id: customer._id,
  channel_id: channel._id,
  coupon_given_at: '2026-11-24T10:00:00.000Z',
  coupon_used_at: null,
  coupon_expires_at: springSale.campaign_end_date,
  createdAt: '2026-11-20T10:00:00.000Z',
  campaign: {
    _id: springSale._id,
    campaign_name: springSale.campaign_name,
    campaign_name_en: springSale.campaign_name_en,
    campaign_description: springSale.campaign_description,
    campaign_description_en: null,
    campaign_type: 'coupon',
    campaign_start_date: springSale.campaign_start_date,
    campaign_end_date: springSale.campaign_end_date,
    campaign_images: springSale.campaign_images,
    campaign_is_qrcode: false,
    campaign_participation: 'once',
    campaign_session_day_count: null,
    campaign_store_ids: [],
  },
  ...overrides,
});

/** A game the desk's channel also lists: its codes come from spins, not from the desk. */
const wheel = campaignFixture({
  _id: '64b00000000000000000c0f2',
  campaign_type: 'wheel_of_fortune',
  campaign_name: 'Çarkı Çevir',
  campaign_name_en: 'Spin the Wheel',
});

/** The desk's coupon screen with a registered customer found by phone. */
const openCouponDesk = async (codes: CustomerCoupon[]) => {
  serveChannel();
  server()
    .on('POST', '/customer-entry/check', () => json({ registered: true, reactivates: false, customer }))
    .on('GET', `/campaign/${channel._id}/bychannel`, () => json([springSale, wheel]))
    .on('GET', `/customer/coupons/${customer._id}`, () => json(codes));
  const rendered = renderApp({ path: `/registration/customer/coupons/${channel._id}`, ...desk });
  await rendered.user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '05321234567');
  await rendered.user.click(screen.getByRole('button', { name: 'Sorgula' }));
  return rendered;
};

describe('giving a coupon at the desk', () => {
  it('finds the customer, lists the desk’s campaigns, gives a code and refreshes the codes given here', async () => {
    const codes = [codeOf('KPN7QX2M', { coupon_status: 'used', coupon_used_at: '2026-11-21T12:00:00.000Z' })];
    server().on('POST', '/coupon-campaign/coupon', () => {
      const given = codeOf('HT4MZ9RA');
      codes.unshift(given);
      return json(given);
    });
    const { user } = await openCouponDesk(codes);
    expect(await screen.findByText('Zeynep Demir')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Bahar İndirimi' });
    expect(within(card).getByText('Kupon')).toBeInTheDocument();
    // A game's codes come from its spins: the desk lists only the campaigns joined to get a code.
    expect(screen.queryByRole('article', { name: 'Çarkı Çevir' })).not.toBeInTheDocument();
    expect(within(card).getByText('Bitiş: 30 Haziran 2030')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Bu masada verilen kodlar' });
    expect(within(table).getByText('KPN7QX2M')).toBeInTheDocument();
    expect(within(table).getByText('Kullanıldı')).toBeInTheDocument();
    expect(server().to('GET', `/customer/coupons/${customer._id}`)[0]!.query.get('channelId')).toBe(
      channel._id,
    );

    await user.click(within(card).getByRole('button', { name: 'Kod ver: Bahar İndirimi' }));
    const panel = await screen.findByRole('status', { name: 'Kod verildi' });
    expect(within(panel).getByText('HT4MZ9RA')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Kodu kopyala' })).toBeInTheDocument();
    expect(within(panel).getByText('Son kullanma: 30-06-2030 21:00')).toBeInTheDocument();
    expect(server().to('POST', '/coupon-campaign/coupon')[0]!.body).toEqual({
      campaign_id: springSale._id,
      channel_id: channel._id,
      customer_id: customer._id,
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Bu masada verilen kodlar' })).getByText('HT4MZ9RA'),
      ).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('table', { name: 'Bu masada verilen kodlar' })).getByText('Verildi'),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a refusal as the server words it, once, on the campaign', async () => {
    const refusal = 'Bu müşteri bu kampanyaya daha önce katıldı; kampanya bir kez katılıma izin veriyor';
    server().on('POST', '/coupon-campaign/coupon', () =>
      json({ statusCode: 409, code: 'CAMPAIGN_ALREADY_JOINED', message: refusal }, 409),
    );
    const { user } = await openCouponDesk([]);
    expect(await screen.findByText('Bu müşteriye bu masada henüz kod verilmedi.')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Bahar İndirimi' });
    await user.click(within(card).getByRole('button', { name: 'Kod ver: Bahar İndirimi' }));
    expect(await within(card).findByText(refusal)).toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Kod verildi' })).not.toBeInTheDocument();
  });

  it('sends a code given here, and still usable, to the customer by SMS', async () => {
    server().on('GET', '/shopping-receipts/sms', () => json({ sent: true }));
    const { user } = await openCouponDesk([
      codeOf('KPN7QX2M'),
      codeOf('USED1234', { coupon_status: 'used', coupon_used_at: '2026-11-21T12:00:00.000Z' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Bu masada verilen kodlar' });
    await user.click(within(table).getByRole('button', { name: 'SMS ile gönder: KPN7QX2M' }));
    expect(await screen.findByText('Kod müşteriye SMS ile gönderildi')).toBeInTheDocument();
    const [sent] = server().to('GET', '/shopping-receipts/sms');
    expect(sent!.query.get('customerId')).toBe(customer._id);
    expect(sent!.query.get('couponCode')).toBe('KPN7QX2M');
    expect(within(table).queryByRole('button', { name: 'SMS ile gönder: USED1234' })).not.toBeInTheDocument();
  });

  it('says so when the desk gives no campaign now', async () => {
    serveChannel();
    server()
      .on('POST', '/customer-entry/check', () => json({ registered: true, reactivates: false, customer }))
      .on('GET', `/campaign/${channel._id}/bychannel`, () => json([]))
      .on('GET', `/customer/coupons/${customer._id}`, () => json([]));
    const { user } = renderApp({ path: `/registration/customer/coupons/${channel._id}`, ...desk });
    await user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '05321234567');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect(await screen.findByText(/şu anda kod veren bir kampanyada yer almıyor/)).toBeInTheDocument();
  });
});
