import type { Campaign, Channel, Receipt, Store } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { axeViolations } from '../../test/axe';
import { campaignFixture, channelFixture, customerFixture, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';
import { mallToday } from './desk-receipts.resource';

const server = installTestServer();
const desk = { signedInAs: { role: roleWith('modules:customer-registration:customer-registration') } };

const channel = channelFixture({ channel_cdp_receipt_entry: true });

const customer = customerFixture({ _id: '64b0000000000000000000a7', channel_id: channel._id });

const storeOf = (id: string, store_name: string, store_is_active = true): Store => ({
  _id: id,
  store_name,
  store_category_id: '64b0000000000000000000d1',
  store_category_name: 'Giyim',
  store_category_name_en: 'Fashion',
  store_floor: 'Zemin Kat',
  store_unit_no: null,
  store_phone: null,
  store_logo: null,
  store_website: null,
  store_cms_id: null,
  store_is_active,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});
const mavi = storeOf('64b0000000000000000000e1', 'Mavi');
const koton = storeOf('64b0000000000000000000e2', 'Koton');
const closedStore = storeOf('64b0000000000000000000e3', 'Kapanan Mağaza', false);

const receiptCampaign = campaignFixture({
  _id: '64b00000000000000000c002',
  campaign_name: 'Fişini Yükle Kazan',
  campaign_name_en: 'Upload and Win',
  campaign_description: 'Fiş başına iki kat puan',
  campaign_type: 'receipt',
  campaign_start_date: '2026-01-01T09:00:00.000Z',
  campaign_spending_limit: 100,
  campaign_spending_limit_type: 'single_receipt_based',
  campaign_point_multiplier: 2,
  campaign_participation: 'unlimited',
  campaign_store_ids: [],
  campaign_channel_ids: [channel._id],
  campaign_status: 'published',
});
// A coupon campaign of the desk takes no receipts: it is not offered.
const couponCampaign: Campaign = {
  ...receiptCampaign,
  _id: '64b00000000000000000c003',
  campaign_name: 'Bahar İndirimi',
  campaign_type: 'coupon',
};

const savedReceipt = (fields: Partial<Receipt> = {}): Receipt => ({
  _id: '64b00000000000000000f001',
  receipt_no: 'A-1001',
  receipt_amount: 1250.5,
  currency: 'TRY',
  receipt_date: '2026-11-20T09:00:00.000Z',
  store_id: mavi._id,
  store_name: 'Mavi',
  customer_id: customer._id,
  customer_name: customer.customer_name,
  customer_surname: customer.customer_surname,
  customer_phone: customer.customer_phone,
  campaign_id: receiptCampaign._id,
  campaign_name: receiptCampaign.campaign_name,
  channel_id: channel._id,
  receipt_status: 'pending',
  receipt_rejection_reason: null,
  receipt_rejection_message: null,
  receipt_calculated_points: null,
  receipt_photo_type: 'jpg',
  receipt_photo_url: '/api/files/receipt.jpg?sig=x',
  receipt_thumbnail_url: null,
  receipt_source: 'desk',
  send_sms: true,
  receipt_is_duplicate: false,
  receipt_duplicate_of: null,
  receipt_duplicate_kind: null,
  receipt_approved_at: null,
  createdAt: '2026-11-20T09:05:00.000Z',
  updatedAt: '2026-11-20T09:05:00.000Z',
  ...fields,
});

const path = `/registration/customer/receipts/new/${channel._id}`;
const deskUrl = `/shopping-receipts/${channel._id}`;

const serveDesk = (answer?: Channel) =>
  server()
    .on('GET', `/customer/channel/${channel._id}`, () => json(answer ?? channel))
    .on('POST', '/customer-entry/check', () => json({ registered: true, reactivates: false, customer }))
    .on('GET', '/data/stores', () => json([mavi, koton, closedStore]))
    .on('GET', `/campaign/${channel._id}/bychannel`, () => json([couponCampaign, receiptCampaign]));

const pick = async (user: UserEvent, name: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** Types a day (DD/MM/YYYY) into the date picker's sections. */
const typeDay = async (user: UserEvent, day: string) => {
  const [first] = within(screen.getByRole('group', { name: 'Fiş tarihi' })).getAllByRole('spinbutton');
  await user.click(first!);
  await user.keyboard(dayjs(day).format('DDMMYYYY'));
};

/** The desk's receipt page with the customer found by phone, and the form filled but for the date. */
const fillReceipt = async () => {
  const rendered = renderApp({ path, ...desk });
  const { user } = rendered;
  await user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '05321234567');
  await user.click(screen.getByRole('button', { name: 'Sorgula' }));
  await screen.findByRole('region', { name: 'Fiş bilgileri' });
  await user.upload(
    screen.getByLabelText('Fiş fotoğrafı'),
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'fis.jpg', { type: 'image/jpeg' }),
  );
  await user.type(screen.getByRole('textbox', { name: 'Fiş numarası' }), 'A-1001');
  await user.type(screen.getByRole('spinbutton', { name: 'Tutar' }), '1250.50');
  await pick(user, 'Mağaza', 'Mavi');
  return rendered;
};

describe('entering a receipt at the desk', () => {
  it('finds the customer, sends the receipt with its photo and shows it created', async () => {
    serveDesk();
    server().on('POST', deskUrl, () => json(savedReceipt(), 201));
    const { user } = await fillReceipt();
    expect(screen.getByText('Ayşe Yıldız')).toBeInTheDocument();
    await typeDay(user, '2026-11-20');
    // Only the desk's receipt campaigns are offered; inactive stores are not.
    await user.click(screen.getByRole('combobox', { name: 'Mağaza' }));
    expect(screen.queryByRole('option', { name: 'Kapanan Mağaza' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Fiş kampanyası' }));
    expect(screen.queryByRole('option', { name: 'Bahar İndirimi' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Fişini Yükle Kazan' }));
    await user.click(screen.getByRole('button', { name: 'Fişi Kaydet' }));

    const result = await screen.findByRole('status', { name: 'Fiş oluşturuldu' });
    expect(within(result).getByText('Beklemede')).toBeInTheDocument();
    expect(within(result).getByText('A-1001')).toBeInTheDocument();
    expect(within(result).getByText(/müşteriye SMS gönderilir/)).toBeInTheDocument();
    // The 'Receipt created' toast (spec §8) besides the result.
    expect(await screen.findAllByText('Fiş oluşturuldu')).toHaveLength(2);

    const [sent] = server().to('POST', deskUrl);
    expect(sent!.query.get('customerId')).toBe(customer._id);
    const body = sent!.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      receipt_no: 'A-1001',
      receipt_amount: '1250.5',
      currency: 'TRY',
      // An earlier day is sent as its noon at the mall (Istanbul, UTC+3).
      receipt_date: '2026-11-20T09:00:00.000Z',
      store_id: mavi._id,
      campaign_id: receiptCampaign._id,
      send_sms: 'true',
    });
    expect((body.get('file') as File).name).toBe('fis.jpg');

    await user.click(within(result).getByRole('button', { name: 'Yeni fiş gir' }));
    expect(await screen.findByRole('textbox', { name: 'Fiş numarası' })).toHaveValue('');
  });

  it('shows a server refusal under its field and keeps the form', async () => {
    serveDesk();
    server().on('POST', deskUrl, () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Gönderilen bilgiler geçersiz: store_id',
          fields: { store_id: 'Bu AVM’de böyle bir mağaza yok' },
        },
        400,
      ),
    );
    const { user } = await fillReceipt();
    await user.click(screen.getByRole('button', { name: 'Fişi Kaydet' }));
    const store = screen.getByRole('combobox', { name: 'Mağaza' });
    await waitFor(() => expect(store).toHaveAccessibleDescription('Bu AVM’de böyle bir mağaza yok'));
    expect(screen.queryByRole('status', { name: 'Fiş oluşturuldu' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Fiş numarası' })).toHaveValue('A-1001');
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a date in the future before sending anything', async () => {
    serveDesk();
    const { user } = await fillReceipt();
    await typeDay(user, dayjs(mallToday()).add(2, 'day').format('YYYY-MM-DD'));
    await user.click(screen.getByRole('button', { name: 'Fişi Kaydet' }));
    expect(await screen.findByText('Fiş tarihi ileri bir tarih olamaz')).toBeInTheDocument();
    expect(server().to('POST', deskUrl)).toHaveLength(0);
  });

  it('asks for the photo before sending anything', async () => {
    serveDesk();
    const { user } = renderApp({ path, ...desk });
    await user.type(await screen.findByRole('textbox', { name: 'Telefon' }), '05321234567');
    await user.click(screen.getByRole('button', { name: 'Sorgula' }));
    await user.click(await screen.findByRole('button', { name: 'Fişi Kaydet' }));
    expect(await screen.findByLabelText('Fiş fotoğrafı')).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(server().to('POST', deskUrl)).toHaveLength(0);
  });

  it('says so on a channel that takes no receipts', async () => {
    serveDesk({ ...channel, channel_cdp_receipt_entry: false });
    renderApp({ path, ...desk });
    expect(await screen.findByText('Bu kanal kapalı ya da fiş girişine açık değil')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Telefon' })).not.toBeInTheDocument();
  });
});

describe('the channel card', () => {
  it('offers receipt entry only on a channel that takes receipts', async () => {
    const other = { ...channel, _id: '64b0000000000000000000c2', channel_name: 'Etkinlik Standı' };
    server().on('GET', '/customer-entry/channels', () =>
      json([channel, { ...other, channel_cdp_receipt_entry: false }]),
    );
    const { user, router } = renderApp({ path: '/registration/customer', ...desk });
    const stand = await screen.findByRole('article', { name: 'Etkinlik Standı' });
    expect(within(stand).queryByRole('link', { name: /Fiş gir/ })).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Danışma Bankosu' });
    await user.click(within(card).getByRole('link', { name: 'Fiş gir: Danışma Bankosu' }));
    expect(router.state.location.pathname).toBe(path);
  });
});
