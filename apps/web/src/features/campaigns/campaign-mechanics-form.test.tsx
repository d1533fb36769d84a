import { type Campaign, campaignInput, paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest } from '../../lib/api/test-server';
import { campaignFixture, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const image = (letter: string) => `/api/files/${letter.repeat(43)}.jpg`;
const STORE = '64b00000000000000000a001';
const EXCHANGE = '64b00000000000000000a002';
const stores = [
  { _id: STORE, store_name: 'Kahve Durağı' },
  { _id: EXCHANGE, store_name: 'Döviz Bürosu' },
].map((store) => ({
  ...store,
  store_category_id: '64b00000000000000000e001',
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
}));
const category = (_id: string, store_category_name: string, store_category_name_en: string) => ({
  _id,
  store_category_name,
  store_category_name_en,
  store_count: 3,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});
const FASHION = category('64b00000000000000000e002', 'Giyim', 'Fashion');
const TOBACCO = category('64b00000000000000000e003', 'Tütün', 'Tobacco');
const survey = (_id: string, survey_title: string) => ({
  _id,
  survey_title,
  survey_description: 'Ziyaretinizi değerlendirin',
  survey_start_at: '2030-06-01T09:00:00.000Z',
  survey_end_at: '2030-06-30T18:00:00.000Z',
  survey_question_count: 4,
  survey_answer_count: 0,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});
const SATISFACTION = survey('64b00000000000000000f001', 'Ziyaretçi Memnuniyeti');
const PARKING = survey('64b00000000000000000f002', 'Otopark Anketi');

const page = <T,>(rows: T[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 1000, currentPage: 1 }) });

/** The pickers' lists. */
const serve = () =>
  server()
    .on('POST', '/campaign/filter', () => page([]))
    .on('GET', '/data/stores', () => json(stores))
    .on('GET', '/data/categories', ({ query }) =>
      query.get('showAll') === 'true' ? json([FASHION, TOBACCO]) : page([FASHION, TOBACCO]),
    )
    .on('GET', '/campaign/coupon-providers', () => json([]))
    .on('GET', '/data-types/channel', () => json([]))
    .on('GET', '/survey', () => page([SATISFACTION, PARKING]))
    .on('POST', '/customer/count', () => json({ count: 1250, customer_ids: [] }))
    .on('POST', '/files', () => json({ url: image('n') }, 201));

const bodyOf = (request: RecordedRequest | undefined) => request?.body as Record<string, unknown>;
/** What the server would take: the body parses with contracts' schema. */
const accepted = (body: Record<string, unknown>) =>
  campaignInput({ now: () => new Date('2026-01-01T00:00:00Z') }).safeParse(body).success;

const paste = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
};
const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const number = (name: string) => screen.getByRole('spinbutton', { name: new RegExp(`^${name}`) });
const choose = async (user: UserEvent, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
};
const typeMoment = async (user: UserEvent, label: string, digits: string) => {
  const [day] = within(screen.getByRole('group', { name: new RegExp(`^${label}`) })).getAllByRole(
    'spinbutton',
  );
  await user.click(day!);
  await user.keyboard(`{Control>}a{/Control}{Backspace}${digits}`);
};
const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Kaydet' }));
const savedValues = ({
  _id,
  campaign_status,
  coupon_print_count,
  createdAt,
  updatedAt,
  ...values
}: Campaign) => values;

describe('the campaign form’s mechanics', () => {
  it('creates a wheel of fortune with its game group, right rule, MPİ and prizes; a refused stock shows under its input', async () => {
    serve();
    let posts = 0;
    server().on('POST', '/campaign', ({ body }) =>
      ++posts === 1
        ? json(
            {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message: 'Gönderilen bilgiler geçersiz: campaign_prizes.1.prize_stock',
              fields: { 'campaign_prizes.1.prize_stock': 'Stok verilen ödüllerden az olamaz' },
            },
            400,
          )
        : json({ ...campaignFixture(), ...(body as object) }, 201),
    );
    const { user, router, container } = renderApp({ path: '/campaigns/new', ...asAdmin });
    await screen.findByRole('heading', { name: 'Yeni Kampanya' });
    await choose(user, 'Kampanya türü', 'Çarkıfelek');
    const game = await screen.findByRole('heading', { name: 'Oyun' });
    expect(screen.getByRole('heading', { name: 'Hangi fişler sayılır' })).toBeInTheDocument();
    // Games take no stamp card and no spending limit type.
    expect(screen.queryByRole('spinbutton', { name: /^Kart başına damga/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Harcama limiti türü/ })).toBeNull();

    await paste(user, textbox('Kampanya adı \\(Türkçe\\)'), 'Bahar Çarkı');
    await paste(user, textbox('Kampanya adı \\(İngilizce\\)'), 'Spring Wheel');
    await paste(user, textbox('Açıklama \\(Türkçe\\)'), 'Çevir, kazan');
    await typeMoment(user, 'Başlangıç tarihi', '010620301200');
    await typeMoment(user, 'Bitiş tarihi', '300620302100');
    await typeMoment(user, 'Arşivlenme tarihi', '010720301200');
    await user.upload(
      container.ownerDocument.querySelector('input[type="file"][name="campaign_images"]') as HTMLInputElement,
      new File(['png'], 'cark.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: '1. görsel' });
    await paste(user, number('Kazanma oranı'), '25');
    await choose(user, 'Oyun hakkı kuralı', 'Her harcama adımı için bir hak');
    await paste(user, number('Harcama limiti'), '250');
    await paste(user, textbox('Çekiliş izin numarası'), 'MPİ-2030/77');
    const names = () => screen.getAllByRole('textbox', { name: /^Ödül adı \(Türkçe\)/ });
    const namesEn = () => screen.getAllByRole('textbox', { name: /^Ödül adı \(İngilizce\)/ });
    const stocks = () => screen.getAllByRole('spinbutton', { name: /^Stok/ });
    await user.click(screen.getByRole('button', { name: 'Ödül ekle' }));
    expect(stocks()).toHaveLength(1);
    await paste(user, names()[0]!, 'Kahve');
    await paste(user, namesEn()[0]!, 'Coffee');
    await paste(user, stocks()[0]!, '100');
    await user.click(screen.getByRole('button', { name: 'Ödül ekle' }));
    expect(stocks()).toHaveLength(2);
    await paste(user, names()[1]!, 'Sinema bileti');
    await paste(user, namesEn()[1]!, 'Cinema ticket');
    await paste(user, stocks()[1]!, '5');
    expect(game).toBeInTheDocument();
    await save(user);

    // The server's refusal of the second prize's stock sits under that input.
    await waitFor(() => expect(stocks()[1]).toHaveAccessibleDescription('Stok verilen ödüllerden az olamaz'));
    expect(stocks()[0]).not.toHaveAccessibleDescription('Stok verilen ödüllerden az olamaz');
    await paste(user, stocks()[1]!, '10');
    await save(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/list'));
    const body = bodyOf(server().to('POST', '/campaign')[1]);
    expect(body).toMatchObject({
      campaign_type: 'wheel_of_fortune',
      campaign_win_rate: 25,
      campaign_game_right_rule: 'per_spending_step',
      campaign_spending_limit: 250,
      campaign_spending_limit_type: null,
      campaign_lottery_permit_no: 'MPİ-2030/77',
      campaign_prizes: [
        { prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 100 },
        { prize_name: 'Sinema bileti', prize_name_en: 'Cinema ticket', prize_stock: 10 },
      ],
      campaign_excluded_category_ids: [],
      campaign_stamp_count: null,
      campaign_survey_id: null,
    });
    expect(accepted(body)).toBe(true);
  });

  it('edits a game’s prizes: saved ones keep their _id, a removed one goes, and “none” sends no right rule', async () => {
    serve();
    const saved = campaignFixture({
      campaign_type: 'wheel_of_fortune',
      campaign_win_rate: 30,
      campaign_game_right_rule: 'per_receipt',
      campaign_store_ids: [],
      campaign_prizes: [
        {
          _id: '64b00000000000000000d101',
          prize_name: 'Kahve',
          prize_name_en: 'Coffee',
          prize_stock: 50,
          prize_given: 7,
        },
        {
          _id: '64b00000000000000000d102',
          prize_name: 'Çanta',
          prize_name_en: 'Bag',
          prize_stock: 2,
          prize_given: 0,
        },
      ],
    });
    server()
      .on('GET', `/campaign/${saved._id}`, () => json(saved))
      .on('PUT', `/campaign/${saved._id}`, ({ body }) => json({ ...saved, ...(body as object) }));
    const { user, router } = renderApp({ path: `/campaigns/${saved._id}/edit`, ...asAdmin });
    expect(await screen.findByDisplayValue('Çanta')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2. ödülü kaldır' }));
    await paste(user, screen.getAllByRole('spinbutton', { name: /^Stok/ })[0]!, '60');
    await choose(user, 'Oyun hakkı kuralı', 'Yok');
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/list'));
    const body = bodyOf(server().to('PUT', `/campaign/${saved._id}`)[0]);
    expect(body).toEqual({
      ...savedValues(saved),
      campaign_game_right_rule: null,
      campaign_prizes: [
        { _id: '64b00000000000000000d101', prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 60 },
      ],
    });
    expect(accepted(body)).toBe(true);
  });

  it('edits an over-limit campaign: stamps per card, counting and excluded categories, an excluded store', async () => {
    serve();
    const saved = campaignFixture({
      campaign_type: 'over_limit_coupon',
      campaign_spending_limit: 500,
      campaign_spending_limit_type: 'day_based',
    });
    server()
      .on('GET', `/campaign/${saved._id}`, () => json(saved))
      .on('PUT', `/campaign/${saved._id}`, ({ body }) => json({ ...saved, ...(body as object) }));
    const { user, router } = renderApp({ path: `/campaigns/${saved._id}/edit`, ...asAdmin });
    await screen.findByRole('heading', { name: 'Hangi fişler sayılır' });
    // No game here.
    expect(screen.queryByRole('heading', { name: 'Oyun' })).toBeNull();
    await paste(user, number('Kart başına damga sayısı'), '5');
    await choose(user, 'Geçerli kategoriler', 'Giyim');
    await choose(user, 'Hariç tutulan kategoriler', 'Tütün');
    await choose(user, 'Hariç tutulan mağazalar', 'Döviz Bürosu');
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/list'));
    const body = bodyOf(server().to('PUT', `/campaign/${saved._id}`)[0]);
    expect(body).toEqual({
      ...savedValues(saved),
      campaign_stamp_count: 5,
      campaign_store_category_ids: [FASHION._id],
      campaign_excluded_category_ids: [TOBACCO._id],
      campaign_excluded_store_ids: [EXCHANGE],
    });
    expect(accepted(body)).toBe(true);
  });

  it('turns a campaign into a survey campaign by picking one of the mall’s surveys', async () => {
    serve();
    const saved = campaignFixture({
      campaign_type: 'basic',
      campaign_participation: null,
      campaign_store_ids: [],
    });
    server()
      .on('GET', `/campaign/${saved._id}`, () => json(saved))
      .on('PUT', `/campaign/${saved._id}`, ({ body }) => json({ ...saved, ...(body as object) }));
    const { user, router } = renderApp({ path: `/campaigns/${saved._id}/edit`, ...asAdmin });
    await screen.findByDisplayValue('Bahar İndirimi');
    await choose(user, 'Kampanya türü', 'Anket');
    const picker = await screen.findByRole('combobox', { name: /^Anket/ });
    expect(picker).toBeRequired();
    await user.click(picker);
    // Each survey offered with its dates.
    expect(await screen.findByRole('option', { name: /Otopark Anketi/ })).toHaveTextContent(
      '01 Haziran 2030 – 30 Haziran 2030',
    );
    await user.click(screen.getByRole('option', { name: /^Ziyaretçi Memnuniyeti/ }));
    expect(picker).toHaveValue('Ziyaretçi Memnuniyeti');
    await save(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/list'));
    const body = bodyOf(server().to('PUT', `/campaign/${saved._id}`)[0]);
    expect(body).toMatchObject({ campaign_type: 'survey', campaign_survey_id: SATISFACTION._id });
    expect(accepted(body)).toBe(true);
    expect(Object.fromEntries(server().to('GET', '/survey')[0]!.query)).toMatchObject({ limit: '1000' });
  });
});
