import { type FeedbackType, paginationOf } from '@avlu/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const asStaff = { signedInAs: { role: roleWith('modules:feedbacks') } };

const type: FeedbackType = {
  _id: '64f0000000000000000000e1',
  feedback_type_name: 'Öneri',
  feedback_type_name_en: 'Suggestion',
  feedback_type_is_active: true,
  feedback_type_count: 0,
  createdAt: '2026-01-01T06:00:00.000Z',
  updatedAt: '2026-01-01T06:00:00.000Z',
};

const serveTypes = () =>
  server()
    .on('GET', '/feedback-types', () =>
      json({ data: [type], pagination: paginationOf(1, { limit: 1000, currentPage: 1 }) }),
    )
    .on('GET', '/core/feedback', () =>
      json({ data: [], pagination: paginationOf(0, { limit: 10, currentPage: 1 }) }),
    );

/** The type, title and text every feedback needs. */
const fillRequired = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('combobox', { name: 'Tür' }));
  await user.click(await screen.findByRole('option', { name: 'Öneri' }));
  await user.type(screen.getByRole('textbox', { name: 'Başlık' }), 'Otopark');
  await user.type(screen.getByRole('textbox', { name: 'Geri bildirim' }), 'Tabelalar okunmuyor.');
};

describe('new feedback form', () => {
  it('sends an anonymous feedback without what was typed in the personal fields before they were hidden', async () => {
    serveTypes().on('POST', '/core/feedback', ({ body }) =>
      json({ _id: '64f0000000000000000000f1', ...(body as object) }, 201),
    );
    const { user, router } = renderApp({ path: '/feedbacks/new', ...asStaff });
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: 'Ad' }), 'Ayşe');
    await user.type(screen.getByRole('textbox', { name: 'E-posta' }), 'yarım@');
    await user.click(screen.getByRole('checkbox', { name: 'Anonim geri bildirim' }));
    expect(screen.queryByRole('textbox', { name: 'Ad' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedbacks/list'));
    const sent = server().to('POST', '/core/feedback')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ feedback_anonymous: true, feedback_title: 'Otopark' });
    expect(sent.feedback_name ?? null).toBeNull();
    expect(sent.feedback_email ?? null).toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('Geri bildirim kaydedildi.');
  });

  it('shows a named feedback’s missing name under its field, not in the alert above the form', async () => {
    serveTypes();
    const { user } = renderApp({ path: '/feedbacks/new', ...asStaff });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const name = screen.getByRole('textbox', { name: 'Ad' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server().to('POST', '/core/feedback')).toHaveLength(0);
  });

  it('shows the server’s error about a personal field under that field', async () => {
    serveTypes().on('POST', '/core/feedback', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Geçersiz alan: feedback_phone_number',
          fields: { feedback_phone_number: 'Geçerli bir telefon numarası girin' },
        },
        400,
      ),
    );
    const { user } = renderApp({ path: '/feedbacks/new', ...asStaff });
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: 'Ad' }), 'Ayşe');
    await user.type(screen.getByRole('textbox', { name: 'Soyad' }), 'Yılmaz');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const phone = screen.getByRole('textbox', { name: 'Telefon' });
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Geçerli bir telefon numarası girin'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
