import type { CustomerCoupon, MicroSiteCampaign, MicroSiteStore, MicroSiteSurvey } from '@avlu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { installTestServer } from '../../test/server';
import { renderMicroSite, serveMall, signedIn } from '../test/render';

const server = installTestServer();

const DAY = 86_400_000;
const CAMPAIGN_ID = '6c01bfcdd1bbe8773a6cbc11';
const SURVEY_ID = '6c01bfcdd1bbe8773a6cbd11';
const Q = [
  '6c01bfcdd1bbe8773a6cbe01',
  '6c01bfcdd1bbe8773a6cbe02',
  '6c01bfcdd1bbe8773a6cbe03',
  '6c01bfcdd1bbe8773a6cbe04',
];

const campaign: MicroSiteCampaign = {
  _id: CAMPAIGN_ID,
  campaign_name: 'Görüşünüz Değerli',
  campaign_name_en: 'Your Opinion Matters',
  campaign_description: 'Anketi yanıtlayın, kahve kuponu kazanın.',
  campaign_description_en: 'Answer the survey and get a coffee coupon.',
  campaign_type: 'survey',
  campaign_start_date: new Date(Date.now() - 2 * DAY).toISOString(),
  campaign_end_date: new Date(Date.now() + 10 * DAY).toISOString(),
  campaign_images: [],
  campaign_is_qrcode: false,
  campaign_participation: 'once',
  campaign_session_day_count: null,
  campaign_store_ids: [],
  campaign_joinable: false,
  campaign_my_coupon_count: 0,
};

const survey = (overrides: Partial<MicroSiteSurvey> = {}): MicroSiteSurvey => ({
  campaign_id: CAMPAIGN_ID,
  survey_id: SURVEY_ID,
  survey_title: 'Ziyaretçi Memnuniyeti',
  survey_description: 'AVM deneyiminizi birkaç soruda anlatın.',
  survey_end_at: new Date(Date.now() + 5 * DAY).toISOString(),
  survey_answered: false,
  survey_questions: [
    {
      _id: Q[0]!,
      survey_question_text: 'En sık hangi katı ziyaret edersiniz?',
      survey_question_type: 'single',
      survey_question_choices: ['Zemin kat', 'Birinci kat'],
      survey_question_order: 1,
    },
    {
      _id: Q[1]!,
      survey_question_text: 'Neler alırsınız?',
      survey_question_type: 'multi',
      survey_question_choices: ['Giyim', 'Yemek', 'Kitap'],
      survey_question_order: 2,
    },
    {
      _id: Q[2]!,
      survey_question_text: 'AVM’yi puanlayın',
      survey_question_type: 'star_rating',
      survey_question_choices: [],
      survey_question_order: 3,
    },
    {
      _id: Q[3]!,
      survey_question_text: 'Eklemek istedikleriniz',
      survey_question_type: 'free_text',
      survey_question_choices: [],
      survey_question_order: 4,
    },
  ],
  ...overrides,
});

const given: CustomerCoupon = {
  _id: '6c01bfcdd1bbe8773a6cbb11',
  campaign_id: CAMPAIGN_ID,
  coupon_code: 'KX7M2QR9ZA',
  coupon_status: 'given',
  customer_id: '65a1b2c3d4e5f60718293a4b',
  channel_id: null,
  coupon_given_at: new Date().toISOString(),
  coupon_used_at: null,
  coupon_expires_at: campaign.campaign_end_date,
  createdAt: new Date().toISOString(),
  campaign: (({ campaign_joinable: _, campaign_my_coupon_count: __, ...shown }) => shown)(campaign),
};

const SURVEY_PATH = `/ext/app/customers/campaigns/${CAMPAIGN_ID}/survey`;
const serve = (answer: MicroSiteSurvey = survey()) => {
  serveMall(server());
  signedIn(server());
  server()
    .on('GET', '/ext/app/customers/campaigns', () => json([campaign]))
    .on('GET', '/ext/data/stores', () => json([] as MicroSiteStore[]))
    .on('GET', SURVEY_PATH, () => json(answer));
};

describe('a survey campaign on the micro-site', () => {
  it('asks every question, requires all but free text, sends the answers and shows the code given', async () => {
    serve();
    server().on('POST', SURVEY_PATH, () => json(given));
    const { user } = renderMicroSite(`/campaigns/${CAMPAIGN_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Ziyaretçi Memnuniyeti', level: 2 }),
    ).toBeInTheDocument();
    const questions = screen.getAllByRole('group');
    expect(questions).toHaveLength(4);

    // Nothing answered: the required questions are marked and the first gets the focus.
    await user.click(screen.getByRole('button', { name: 'Gönder ve Kodu Al' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Yanıtlanmamış sorular var');
    expect(within(questions[0]!).getByText('Bu soruyu yanıtlayın')).toBeInTheDocument();
    expect(within(questions[2]!).getByText('Bu soruyu yanıtlayın')).toBeInTheDocument();
    expect(within(questions[3]!).queryByText('Bu soruyu yanıtlayın')).not.toBeInTheDocument();
    expect(questions[0]).toHaveFocus();
    expect(questions[0]).toHaveAttribute('aria-invalid', 'true');
    expect(server().to('POST', SURVEY_PATH)).toHaveLength(0);

    await user.click(within(questions[0]!).getByRole('radio', { name: 'Birinci kat' }));
    expect(within(questions[0]!).queryByText('Bu soruyu yanıtlayın')).not.toBeInTheDocument();
    await user.click(within(questions[1]!).getByRole('checkbox', { name: 'Kitap' }));
    await user.click(within(questions[1]!).getByRole('checkbox', { name: 'Giyim' }));
    await user.click(within(questions[2]!).getByRole('radio', { name: '4 yıldız' }));
    await user.type(within(questions[3]!).getByRole('textbox'), 'Daha çok bank');
    await user.click(screen.getByRole('button', { name: 'Gönder ve Kodu Al' }));

    expect(await screen.findByRole('heading', { name: 'Teşekkürler, kodunuz hazır!' })).toHaveFocus();
    expect(await screen.findByTestId('coupon-code')).toHaveTextContent('KX7M2QR9ZA');
    const [posted] = server().to('POST', SURVEY_PATH);
    expect(posted!.body).toEqual({
      survey_answers: [
        { survey_question_id: Q[0], survey_answer_choices: ['Birinci kat'] },
        { survey_question_id: Q[1], survey_answer_choices: ['Giyim', 'Kitap'] },
        { survey_question_id: Q[2], survey_answer_stars: 4 },
        { survey_question_id: Q[3], survey_answer_text: 'Daha çok bank' },
      ],
    });
    expect(screen.getByRole('link', { name: 'Kuponlarıma Git' })).toBeInTheDocument();
    expect(server().to('GET', SURVEY_PATH)).toHaveLength(1);
  });

  it('leaves an empty free text out, and shows the server’s refusal', async () => {
    serve();
    server().on('POST', SURVEY_PATH, () =>
      json(
        {
          statusCode: 409,
          code: 'CAMPAIGN_SURVEY_ANSWERED',
          message:
            'Bu anketi zaten yanıtladınız; her anket bir kez yanıtlanır. Kampanyanın kodu Kuponlarım sayfasında',
        },
        409,
      ),
    );
    const { user } = renderMicroSite(`/campaigns/${CAMPAIGN_ID}`);
    const questions = await screen.findAllByRole('group');
    await user.click(within(questions[0]!).getByRole('radio', { name: 'Zemin kat' }));
    await user.click(within(questions[1]!).getByRole('checkbox', { name: 'Yemek' }));
    await user.click(within(questions[2]!).getByRole('radio', { name: '5 yıldız' }));
    await user.click(screen.getByRole('button', { name: 'Gönder ve Kodu Al' }));
    expect(await screen.findByText(/Bu anketi yanıtladınız/)).toBeInTheDocument();
    expect(server().to('POST', SURVEY_PATH)[0]!.body).toEqual({
      survey_answers: [
        { survey_question_id: Q[0], survey_answer_choices: ['Zemin kat'] },
        { survey_question_id: Q[1], survey_answer_choices: ['Yemek'] },
        { survey_question_id: Q[2], survey_answer_stars: 5 },
      ],
    });
  });

  it('says so when the customer answered already', async () => {
    serve(survey({ survey_answered: true }));
    renderMicroSite(`/campaigns/${CAMPAIGN_ID}`);
    expect(await screen.findByText(/Bu anketi yanıtladınız/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gönder ve Kodu Al' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kuponlarıma Git' })).toBeInTheDocument();
  });
});
