import { paginationOf, type Survey, type SurveyQuestionWithCounts } from '@avlu/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-server';
import { systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };

const survey = (overrides: Partial<Survey> = {}): Survey => ({
  _id: '64f0000000000000000000a1',
  survey_title: 'Ziyaretçi Memnuniyeti',
  survey_description: 'AVM deneyiminizi birkaç soruda anlatın.',
  survey_start_at: '2026-01-01T06:00:00.000Z',
  survey_end_at: '2099-12-31T20:00:00.000Z',
  survey_question_count: 0,
  survey_answer_count: 0,
  createdAt: '2026-01-01T06:00:00.000Z',
  updatedAt: '2026-01-01T06:00:00.000Z',
  ...overrides,
});
const visitors = survey({ survey_question_count: 3, survey_answer_count: 120 });
const parking = survey({
  _id: '64f0000000000000000000a2',
  survey_title: 'Otopark Anketi',
  survey_start_at: '2020-03-01T07:00:00.000Z',
  survey_end_at: '2020-04-01T07:00:00.000Z',
});

const question = (
  order: number,
  overrides: Partial<SurveyQuestionWithCounts> = {},
): SurveyQuestionWithCounts => ({
  _id: `64f00000000000000000010${order}`,
  survey_id: visitors._id,
  survey_question_text: `Soru ${order}`,
  survey_question_type: 'free_text',
  survey_question_choices: [],
  survey_question_order: order,
  survey_question_answer_count: 0,
  survey_question_counts: [],
  survey_question_star_counts: [],
  survey_question_star_average: null,
  createdAt: '2026-01-01T06:00:00.000Z',
  updatedAt: '2026-01-01T06:00:00.000Z',
  ...overrides,
});
const visit = question(1, {
  survey_question_text: 'AVM’mizi ne sıklıkla ziyaret ediyorsunuz?',
  survey_question_type: 'single',
  survey_question_choices: ['Her gün', 'Haftada bir', 'Ayda bir'],
  survey_question_answer_count: 120,
  survey_question_counts: [
    { choice: 'Her gün', count: 30 },
    { choice: 'Haftada bir', count: 60 },
    { choice: 'Ayda bir', count: 30 },
  ],
});
const cleanliness = question(2, {
  survey_question_text: 'Temizliği nasıl puanlarsınız?',
  survey_question_type: 'star_rating',
  survey_question_answer_count: 120,
  survey_question_star_counts: [
    { stars: 1, count: 0 },
    { stars: 2, count: 10 },
    { stars: 3, count: 20 },
    { stars: 4, count: 40 },
    { stars: 5, count: 50 },
  ],
  survey_question_star_average: 4.083,
});
const note = question(3, {
  survey_question_text: 'Eklemek istedikleriniz',
  survey_question_answer_count: 42,
});

const page = (rows: Survey[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });
/** Text put in a field at once: typed letter by letter, a long text re-renders the dialog for each. */
const fill = async (user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};
const rowOf = async (text: string) =>
  (await screen.findByText(text, { exact: true })).closest('[role="row"]') as HTMLElement;
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json({ statusCode: status, code, message, ...(fields && { fields }) }, status);

/** The questions page of `row` with `questions`; the survey and its questions are answered from these. */
const serveSurvey = (row: () => Survey, questions: () => SurveyQuestionWithCounts[]) =>
  server()
    .on('GET', `/survey/${visitors._id}`, () => json(row()))
    .on('GET', `/survey/${visitors._id}/questions`, () => json(questions()));

describe('surveys', () => {
  it('lists the surveys with their dates and counts, downloads the answers and shows why an answered one stays', async () => {
    const created = vi.fn((_: Blob) => 'blob:survey');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    server()
      .on('GET', '/survey', () => page([visitors, parking]))
      .on(
        'GET',
        `/survey/${visitors._id}/export`,
        () =>
          new Response(new Blob(['PK']), {
            headers: { 'content-disposition': 'attachment; filename="Ziyaretci-Memnuniyeti.xlsx"' },
          }),
      )
      .on('DELETE', `/survey/${visitors._id}`, () =>
        refusal(
          409,
          'SURVEY_HAS_ANSWERS',
          '“Ziyaretçi Memnuniyeti” anketinin 120 yanıtı var; yanıtlar korunsun diye silinemez. Anketi kapatmak için bitiş tarihini değiştirin',
        ),
      );
    const { user } = renderApp({ path: '/surveys', ...asAdmin });
    const row = await rowOf('Ziyaretçi Memnuniyeti');
    expect(within(row).getByText('01-01-2026 09:00')).toBeInTheDocument();
    expect(within(row).getByText('31-12-2099 23:00')).toBeInTheDocument();
    expect(within(row).getByText('Yanıt alıyor')).toBeInTheDocument();
    expect(within(row).getByText('120')).toBeInTheDocument();
    expect(within(await rowOf('Otopark Anketi')).getByText('Bitti')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yeni anket' })).toHaveAttribute('href', '/surveys/new');
    expect(within(row).getByRole('link', { name: 'Ziyaretçi Memnuniyeti' })).toHaveAttribute(
      'href',
      `/surveys/${visitors._id}/questions`,
    );

    await user.click(
      within(row).getByRole('button', { name: 'Yanıtları indir (xlsx): Ziyaretçi Memnuniyeti' }),
    );
    expect(
      await screen.findByText('“Ziyaretçi Memnuniyeti” anketinin yanıtları indirildi'),
    ).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);

    await user.click(within(row).getByRole('button', { name: 'Sil: Ziyaretçi Memnuniyeti' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Anket silinsin mi?');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(
      await screen.findByText(
        /“Ziyaretçi Memnuniyeti” anketinin 120 yanıtı var; yanıtlar korunsun diye silinemez/,
      ),
    ).toBeInTheDocument();
    expect(server().to('DELETE', `/survey/${visitors._id}`)).toHaveLength(1);
  });

  it('creates a survey, showing the server’s refusal of a used title under the field, then opens its questions', async () => {
    let attempts = 0;
    server().on('POST', '/survey', ({ body }) =>
      ++attempts === 1
        ? refusal(400, 'VALIDATION_FAILED', 'Gönderilen bilgiler geçersiz: survey_title', {
            survey_title: 'Bu ad başka bir kayıtta kullanılıyor',
          })
        : json({ ...visitors, ...(body as object), survey_question_count: 0, survey_answer_count: 0 }, 201),
    );
    serveSurvey(
      () => visitors,
      () => [],
    );
    const { user, router } = renderApp({ path: '/surveys/new', ...asAdmin });
    const title = await screen.findByRole('textbox', { name: 'Anket başlığı' });
    await fill(user, title, 'Ziyaretçi Memnuniyeti');
    await fill(user, screen.getByRole('textbox', { name: 'Açıklama' }), 'Kısa bir anket');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Bu ad başka bir kayıtta kullanılıyor'));
    await user.clear(title);
    await fill(user, title, 'Yaz Anketi');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/surveys/${visitors._id}/questions`));
    const sent = server().to('POST', '/survey').at(-1)?.body as Record<string, string>;
    expect(sent).toMatchObject({ survey_title: 'Yaz Anketi', survey_description: 'Kısa bir anket' });
    expect(Date.parse(sent.survey_end_at!) - Date.parse(sent.survey_start_at!)).toBe(30 * 24 * 3_600_000);
    expect(await screen.findByText('Anket oluşturuldu')).toBeInTheDocument();
  });

  it('adds a single choice question with its choices, and moves questions with the keyboard buttons', async () => {
    let questions = [question(1), question(2), question(3)];
    serveSurvey(
      () => survey({ survey_question_count: questions.length }),
      () => questions,
    );
    server()
      .on('POST', `/survey/${visitors._id}/questions`, ({ body }) => {
        const added = question(4, { _id: '64f000000000000000000104', ...(body as object) });
        questions = [...questions, added];
        return json(added, 201);
      })
      .on('PUT', `/survey/${visitors._id}/questions/${question(1)._id}`, () => {
        questions = [
          question(2, { survey_question_order: 1 }),
          question(1, { survey_question_order: 2 }),
          question(3),
        ];
        return json(questions[1]);
      });
    const { user } = renderApp({ path: `/surveys/${visitors._id}/questions`, ...asAdmin });

    // Move the first question down with its button: sent at once, focus stays with it.
    const down = await screen.findByRole('button', { name: 'Aşağı taşı: 1. soru, Soru 1' });
    await user.click(down);
    expect(server().to('PUT', `/survey/${visitors._id}/questions/${question(1)._id}`)[0]?.body).toEqual({
      survey_question_text: 'Soru 1',
      survey_question_type: 'free_text',
      survey_question_choices: [],
      survey_question_order: 2,
    });
    expect(await screen.findByRole('button', { name: 'Aşağı taşı: 2. soru, Soru 1' })).toHaveFocus();
    expect(screen.getByText('“Soru 1” 2. sıraya taşındı')).toHaveAttribute('role', 'status');
    const list = screen.getByRole('list', { name: 'Anketin soruları' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['1. Soru 2', '2. Soru 1', '3. Soru 3']);

    await user.click(screen.getByRole('button', { name: 'Soru ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni soru' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Soru metni' }), 'Hangi gün geliyorsunuz?');
    expect(within(dialog).getByRole('combobox', { name: 'Soru türü' })).toHaveTextContent('Tek seçim');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Seçenek 1' }), 'Cumartesi');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Seçenek 2' }), 'Pazar');
    await user.click(within(dialog).getByRole('button', { name: 'Seçenek ekle' }));
    expect(within(dialog).getByRole('textbox', { name: 'Seçenek 3' })).toHaveFocus();
    await user.paste('Hafta içi');
    await user.click(within(dialog).getByRole('button', { name: '3. seçeneği yukarı taşı' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Soru eklendi')).toBeInTheDocument();
    expect(server().to('POST', `/survey/${visitors._id}/questions`)[0]?.body).toEqual({
      survey_question_text: 'Hangi gün geliyorsunuz?',
      survey_question_type: 'single',
      survey_question_choices: ['Cumartesi', 'Hafta içi', 'Pazar'],
    });
    expect(await screen.findByRole('heading', { name: '4. Hangi gün geliyorsunuz?' })).toBeInTheDocument();
  });

  it('says why an answered survey refuses a new question, and locks what can no longer change', async () => {
    let answers = 0;
    serveSurvey(
      () => survey({ survey_question_count: 1, survey_answer_count: answers }),
      () => [visit],
    );
    server().on('POST', `/survey/${visitors._id}/questions`, () => {
      answers = 1;
      return refusal(
        409,
        'SURVEY_ANSWERED',
        '“Ziyaretçi Memnuniyeti” anketi yanıtlanmaya başladı; soru eklenemez, silinemez, türü ve seçenekleri değiştirilemez (metni ve sırası değiştirilebilir)',
      );
    });
    const { user } = renderApp({ path: `/surveys/${visitors._id}/questions`, ...asAdmin });
    await user.click(await screen.findByRole('button', { name: 'Soru ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni soru' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Soru metni' }), 'Yeni bir soru');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Soru türü' }));
    await user.click(await screen.findByRole('option', { name: 'Serbest metin' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Seçenek 1' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    const said = await within(dialog).findByText(/“Ziyaretçi Memnuniyeti” anketi yanıtlanmaya başladı/);
    expect(said.closest('[role="alert"]')).toHaveClass('MuiAlert-colorError');
    expect(server().to('POST', `/survey/${visitors._id}/questions`)[0]?.body).toEqual({
      survey_question_text: 'Yeni bir soru',
      survey_question_type: 'free_text',
      survey_question_choices: [],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    // The survey was read again: the page now says what is locked, and locks it.
    expect(await screen.findByText(/Bu anket 1 kez yanıtlandı: yeni soru eklenemez/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Soru ekle' })).toBeDisabled();
    const remove = screen.getByRole('button', { name: `Sil: 1. soru, ${visit.survey_question_text}` });
    expect(remove).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `Düzenle: 1. soru, ${visit.survey_question_text}` }));
    const edit = await screen.findByRole('dialog', { name: 'Soruyu düzenle' });
    expect(within(edit).getByRole('combobox', { name: 'Soru türü' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(edit).getByRole('textbox', { name: 'Seçenek 1' })).toBeDisabled();
    expect(within(edit).getByRole('textbox', { name: 'Soru metni' })).toBeEnabled();
  });

  it('shows the results as charts, each with its numbers as a table', async () => {
    serveSurvey(
      () => visitors,
      () => [visit, cleanliness, note],
    );
    const { user } = renderApp({ path: `/surveys/${visitors._id}/questions?tab=results`, ...asAdmin });
    const choices = await screen.findByRole('table', {
      name: 'Seçeneklerin seçilme sayısı: 1. AVM’mizi ne sıklıkla ziyaret ediyorsunuz?',
    });
    const weekly = within(choices)
      .getByRole('rowheader', { name: 'Haftada bir' })
      .closest('tr') as HTMLElement;
    expect(
      within(weekly)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['60', '%50']);
    const stars = screen.getByRole('table', {
      name: 'Verilen yıldızların dağılımı: 2. Temizliği nasıl puanlarsınız?',
    });
    expect(
      within(stars)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['1 yıldız', '2 yıldız', '3 yıldız', '4 yıldız', '5 yıldız']);
    expect(screen.getByText('Ortalama 4,1 / 5 yıldız')).toBeInTheDocument();
    expect(screen.getByText('42 yazılı yanıt')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Sayıları tablo olarak göster' });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByRole('tab', { name: 'Sonuçlar' })).toHaveAttribute('aria-selected', 'true');
  });
});
