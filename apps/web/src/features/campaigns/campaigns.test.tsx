import type { Campaign } from '@avlu/contracts';
import { paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest } from '../../lib/api/test-server';
import { i18n } from '../../lib/i18n';
import { campaignFixture, channelFixture, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const image = (letter: string) => `/api/files/${letter.repeat(43)}.jpg`;
const storeOf = (_id: string, store_name: string) => ({
  _id,
  store_name,
  store_category_id: '64b00000000000000000c001',
  store_category_name: 'Yeme-İçme',
  store_category_name_en: 'Food',
  store_floor: 'Zemin Kat',
  store_unit_no: null,
  store_phone: null,
  store_logo: null,
  store_website: null,
  store_cms_id: null,
  store_is_active: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});
const stores = [
  storeOf('64b00000000000000000a001', 'Kahve Durağı'),
  storeOf('64b00000000000000000a002', 'Şık Ayakkabı'),
];
const providers = [
  {
    _id: '64b00000000000000000b001',
    coupon_provider_name: 'Sinema Salonu',
    coupon_provider_type: 'other',
    coupon_provider_store_id: null,
    coupon_provider_store_name: null,
    createdAt: '2026-01-10T09:00:00.000Z',
  },
];

const DAY = 86_400_000;
const now = Date.now();
const at = (offset: number) => new Date(now + offset).toISOString();

const campaign = (overrides: Partial<Campaign> = {}): Campaign =>
  campaignFixture({ campaign_images: [image('a')], campaign_store_ids: [stores[0]!._id], ...overrides });

const toBePublished = campaign();
const upcoming = campaign({
  _id: '64b00000000000000000c002',
  campaign_name: 'Yaz Şenliği',
  campaign_name_en: 'Summer Fest',
  campaign_type: 'regular_code',
  campaign_regular_code: 'YAZ2030',
  campaign_store_ids: [],
  campaign_status: 'published',
});
const live = campaign({
  _id: '64b00000000000000000c003',
  campaign_name: 'Kahve Kampanyası',
  campaign_name_en: 'Coffee Deal',
  campaign_type: 'basic',
  campaign_participation: null,
  campaign_start_date: at(-DAY),
  campaign_end_date: at(10 * DAY),
  campaign_archive_date: at(20 * DAY),
  campaign_status: 'published',
});
const ended = campaign({
  _id: '64b00000000000000000c004',
  campaign_name: 'Kış Fırsatı',
  campaign_name_en: 'Winter Offer',
  campaign_type: 'basic',
  campaign_participation: null,
  campaign_store_ids: [],
  campaign_start_date: at(-20 * DAY),
  campaign_end_date: at(-DAY),
  campaign_archive_date: at(10 * DAY),
  campaign_status: 'published',
});

const page = <T,>(rows: T[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });

const channel = channelFixture({
  _id: '64b00000000000000000d001',
  channel_name_en: 'Info Desk',
  channel_exp: '',
  channel_exp_en: '',
});

/** The pickers' lists and the campaign list. */
const serve = (rows: Campaign[] = [toBePublished, upcoming, live, ended]) =>
  server()
    .on('POST', '/campaign/filter', () => page(rows))
    .on('GET', '/data/stores', () => json(stores))
    .on('GET', '/campaign/coupon-providers', () => json(providers))
    .on('GET', '/data-types/channel', () => json([channel]))
    .on('POST', '/customer/count', ({ body }) =>
      json({ count: (body as { filter: unknown[] }).filter.length ? 640 : 1250, customer_ids: [] }),
    )
    .on('POST', '/files', () => json({ url: image('n') }, 201));

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Record<string, unknown>;

/** Types a whole value at once: per-key typing is slow in jsdom and tells nothing more here. */
const fill = async (user: UserEvent, values: Record<string, string>) => {
  for (const [name, text] of Object.entries(values)) {
    const field =
      screen.queryByRole('textbox', { name: new RegExp(`^${name}`) }) ??
      screen.getByRole('spinbutton', { name: new RegExp(`^${name}`) });
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  }
};
/** A date-time picker's sections, typed in one go (DDMMYYYYHHmm). */
const typeMoment = async (user: UserEvent, label: string, digits: string) => {
  const [day] = within(screen.getByRole('group', { name: new RegExp(`^${label}`) })).getAllByRole(
    'spinbutton',
  );
  await user.click(day!);
  // Empties a filled picker first: every section selected, then cleared.
  await user.keyboard(`{Control>}a{/Control}{Backspace}${digits}`);
};
const choose = async (user: UserEvent, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the campaign list', () => {
  it('shows each campaign with its image, type, dates and state, and sends the type and state filters', async () => {
    serve();
    const { user } = renderApp({ path: '/campaigns', ...asAdmin });
    const first = await rowOf('Bahar İndirimi');
    expect(within(first).getByText('Kupon')).toBeInTheDocument();
    expect(within(first).getByText('01 Haziran 2030')).toBeInTheDocument();
    expect(within(first).getByText('Yayınlanacak')).toBeInTheDocument();
    expect(first.querySelector(`img[src="${image('a')}"]`)).not.toBeNull();
    expect(within(await rowOf('Yaz Şenliği')).getByText('Yayınlandı')).toBeInTheDocument();
    expect(within(await rowOf('Kahve Kampanyası')).getByText('Aktif')).toBeInTheDocument();
    expect(within(await rowOf('Kış Fırsatı')).getByText('Sona erdi')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kampanya Listesi' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kampanya türü' }));
    await user.click(await screen.findByRole('option', { name: 'Kupon' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Durum' }));
    await user.click(await screen.findByRole('option', { name: 'Aktif' }));
    await waitFor(() =>
      expect(bodyOf(server().to('POST', '/campaign/filter').at(-1))).toMatchObject({
        filter: { campaign_type: ['coupon'], campaign_state: ['activated'] },
        pagination: { currentPage: 1 },
      }),
    );
  });

  it('offers the create button on an empty list', async () => {
    serve([]);
    renderApp({ path: '/campaigns/list', ...asAdmin });
    expect(await screen.findByText(/Henüz kampanya yok/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Yeni Kampanya' }).length).toBeGreaterThan(0);
  });

  it('publishes, unpublishes, archives after asking, and switches the QR flag with their own PUT bodies', async () => {
    serve();
    server().on('PUT', '/campaign/:id', ({ params, body }) =>
      json({ ...campaign({ _id: params.id! }), ...(body as object) }),
    );
    const { user } = renderApp({ path: '/campaigns/list', ...asAdmin });
    await rowOf('Bahar İndirimi');
    await user.click(screen.getByRole('button', { name: 'Yayınla: Bahar İndirimi' }));
    await waitFor(() =>
      expect(server().to('PUT', `/campaign/${toBePublished._id}`).map(bodyOf)).toEqual([
        { campaign_status: 'published' },
      ]),
    );
    expect(await screen.findByText('Kampanya yayınlandı')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Yayından kaldır: Yaz Şenliği' }));
    await waitFor(() =>
      expect(server().to('PUT', `/campaign/${upcoming._id}`).map(bodyOf)).toEqual([
        { campaign_status: 'to_be_published' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Arşivle: Kış Fırsatı' }));
    const question = await screen.findByRole('dialog', { name: 'Kampanya arşivlensin mi?' });
    expect(question).toHaveTextContent('“Kış Fırsatı” arşive taşınacak');
    await user.click(within(question).getByRole('button', { name: 'Arşivle' }));
    await waitFor(() =>
      expect(server().to('PUT', `/campaign/${ended._id}`).map(bodyOf)).toEqual([
        { campaign_status: 'archived' },
      ]),
    );

    await user.click(await screen.findByRole('switch', { name: 'QR kod kampanyası: Kahve Kampanyası' }));
    await waitFor(() =>
      expect(server().to('PUT', `/campaign/${live._id}`).map(bodyOf)).toEqual([{ campaign_is_qrcode: true }]),
    );
  });

  it('lists the archive read only', async () => {
    const archived = campaign({ campaign_status: 'archived', campaign_name: 'Geçen Yılın Kampanyası' });
    server().on('GET', '/campaign', ({ query }) =>
      query.get('onlyArchived') === 'true' ? page([archived]) : page([]),
    );
    renderApp({ path: '/campaigns/archive', ...asAdmin });
    const row = await rowOf('Geçen Yılın Kampanyası');
    expect(within(row).getByText('Arşivlendi')).toBeInTheDocument();
    expect(within(row).getByText('15 Temmuz 2030')).toBeInTheDocument();
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(within(row).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Yeni Kampanya' })).toBeNull();
    expect(Object.fromEntries(server().to('GET', '/campaign')[0]!.query)).toMatchObject({
      onlyArchived: 'true',
      limit: '10',
      currentPage: '1',
    });
  });

  it('speaks English: names, types, states and dates', async () => {
    serve();
    await i18n.changeLanguage('en');
    renderApp({ path: '/campaigns/list', ...asAdmin });
    const row = await rowOf('Coffee Deal');
    expect(within(row).getByText('Basic')).toBeInTheDocument();
    expect(within(row).getByText('Activated')).toBeInTheDocument();
    const first = await rowOf('Spring Sale');
    expect(within(first).getByText('01 June 2030')).toBeInTheDocument();
    expect(within(first).getByText('To be published')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive: Spring Sale' })).toBeInTheDocument();
  });
});

describe('the campaign form', () => {
  it('shows the fields the type uses, empties those it does not, and every error on the first click', async () => {
    serve();
    const { user } = renderApp({ path: '/campaigns/new', ...asAdmin });
    await screen.findByRole('heading', { name: 'Yeni Kampanya' });
    expect(screen.getByText(/Kampanya türünü seçin/)).toBeInTheDocument();

    await choose(user, 'Kampanya türü', 'Sabit kod');
    expect(await screen.findByRole('textbox', { name: /^Sabit kod/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Mağazalar \*/ })).toBeNull();
    await fill(user, { 'Sabit kod': 'yaz-2030' });

    await choose(user, 'Kampanya türü', 'Kupon');
    // Coupon requires stores (contracts' table) and has no shared code.
    expect(await screen.findByRole('combobox', { name: /^Mağazalar/ })).toBeRequired();
    expect(screen.queryByRole('textbox', { name: /^Sabit kod/ })).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: /^Kazanma oranı/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Katılım kuralı/ })).toHaveTextContent('Bir kez');

    // Everything left empty, the end before the start: all the messages on the first click.
    await typeMoment(user, 'Başlangıç tarihi', '010620301200');
    await typeMoment(user, 'Bitiş tarihi', '010520301200');
    await typeMoment(user, 'Arşivlenme tarihi', '010720301200');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Bitiş tarihi başlangıç tarihinden sonra olmalıdır')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Kampanya adı \(Türkçe\)/ })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    expect(screen.getByRole('combobox', { name: /^Mağazalar/ })).toHaveAccessibleDescription(
      'Bu alan zorunludur',
    );
    // Names, description, stores and images.
    expect(screen.getAllByText('Bu alan zorunludur')).toHaveLength(5);
    expect(server().to('POST', '/campaign')).toHaveLength(0);

    // The shared code typed for the other type was emptied when the type changed.
    await choose(user, 'Kampanya türü', 'Sabit kod');
    expect(await screen.findByRole('textbox', { name: /^Sabit kod/ })).toHaveValue('');
  });

  it('creates a coupon campaign with the body contracts take, its segment counted live', async () => {
    serve();
    server().on('POST', '/campaign', ({ body }) => json({ ...campaign(), ...(body as object) }, 201));
    const { user, router, container } = renderApp({ path: '/campaigns/new', ...asAdmin });
    await screen.findByRole('heading', { name: 'Yeni Kampanya' });
    await choose(user, 'Kampanya türü', 'Kupon');
    await typeMoment(user, 'Başlangıç tarihi', '010620301200');
    await typeMoment(user, 'Arşivlenme tarihi', '010720301200');
    await fill(user, {
      'Kampanya adı \\(Türkçe\\)': 'Bahar İndirimi',
      'Kampanya adı \\(İngilizce\\)': 'Spring Sale',
      'Açıklama \\(Türkçe\\)': 'Bütün mağazalarda bahar indirimi',
    });
    await typeMoment(user, 'Bitiş tarihi', '300620302100');
    await user.upload(
      container.ownerDocument.querySelector('input[type="file"][name="campaign_images"]') as HTMLInputElement,
      new File(['png'], 'bahar.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: '1. görsel' })).toHaveAttribute('src', image('n'));
    await choose(user, 'Mağazalar', 'Kahve Durağı');
    await fill(user, { 'Katılım bütçesi': '500' });
    // The target segment with the customer list's builder and its live count.
    const segment = screen.getByRole('region', { name: 'Hedef kitle' });
    expect(await within(segment).findByText('Toplam 1.250 müşteri')).toBeInTheDocument();
    await user.click(within(segment).getByRole('button', { name: 'Koşul ekle' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cinsiyet' }));
    await user.click(within(segment).getByRole('button', { name: 'Kadın' }));
    expect(await within(segment).findByText('Filtreye uyan 640 müşteri')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/list'));
    expect(bodyOf(server().to('POST', '/campaign')[0])).toEqual({
      campaign_name: 'Bahar İndirimi',
      campaign_name_en: 'Spring Sale',
      campaign_description: 'Bütün mağazalarda bahar indirimi',
      campaign_description_en: null,
      campaign_type: 'coupon',
      // Typed on Istanbul's clock (UTC+3).
      campaign_start_date: '2030-06-01T09:00:00.000Z',
      campaign_end_date: '2030-06-30T18:00:00.000Z',
      campaign_archive_date: '2030-07-01T09:00:00.000Z',
      campaign_images: [image('n')],
      campaign_is_qrcode: false,
      campaign_budget: 500,
      campaign_spending_limit: null,
      campaign_spending_limit_type: null,
      campaign_point_multiplier: null,
      campaign_participation: 'once',
      campaign_daily_participation_limit: null,
      campaign_win_rate: null,
      campaign_scratch_area_count: null,
      campaign_scratch_images: [],
      campaign_session_day_count: null,
      campaign_third_party_id: null,
      campaign_survey_id: null,
      campaign_regular_code: null,
      campaign_store_ids: [stores[0]!._id],
      campaign_store_category_ids: [],
      campaign_excluded_store_ids: [],
      campaign_excluded_category_ids: [],
      campaign_stamp_count: null,
      campaign_game_right_rule: null,
      campaign_lottery_permit_no: null,
      campaign_prizes: [],
      campaign_step_goal: null,
      campaign_provider_ids: [],
      campaign_channel_ids: [],
      campaign_segment: [{ field: 'gender', in: ['female'] }],
    });
  });

  it('edits a campaign and sends its full values back', async () => {
    serve();
    const saved = campaign({ campaign_provider_ids: [providers[0]!._id] });
    server()
      .on('GET', `/campaign/${saved._id}`, () => json(saved))
      .on('PUT', `/campaign/${saved._id}`, ({ body }) => json({ ...saved, ...(body as object) }));
    const { user, router } = renderApp({ path: `/campaigns/${saved._id}/edit`, ...asAdmin });
    const name = await screen.findByRole('textbox', { name: /^Kampanya adı \(Türkçe\)/ });
    expect(name).toHaveValue('Bahar İndirimi');
    expect(await screen.findByRole('button', { name: 'Kahve Durağı' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sinema Salonu (Diğer)' })).toBeInTheDocument();
    await fill(user, { 'Kampanya adı \\(Türkçe\\)': 'Büyük Bahar İndirimi' });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/list'));
    const body = bodyOf(server().to('PUT', `/campaign/${saved._id}`)[0]);
    const { _id, campaign_status, coupon_print_count, createdAt, updatedAt, ...values } = saved;
    expect(body).toEqual({ ...values, campaign_name: 'Büyük Bahar İndirimi' });
  });
});
