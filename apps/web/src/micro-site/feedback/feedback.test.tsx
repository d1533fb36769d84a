import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { installTestServer } from '../../test/server';
import { renderMicroSite, serveMall, signedIn } from '../test/render';

const server = installTestServer();
const TYPE = '6c01bfcdd1bbe8773a6cbf21';

const serve = () => {
  serveMall(server());
  signedIn(server());
  server().on('GET', '/ext/app/feedback-types', () =>
    json([{ _id: TYPE, feedback_type_name: 'Öneri', feedback_type_name_en: 'Suggestion' }]),
  );
};

describe('micro-site feedback', () => {
  it('asks for the missing fields, then sends the feedback anonymously and thanks the customer', async () => {
    serve();
    server().on('POST', '/ext/app/feedback', () =>
      json(
        { _id: '6c01bfcdd1bbe8773a6cbf99', feedback_title: 'Müzik', createdAt: new Date().toISOString() },
        201,
      ),
    );
    const { user } = renderMicroSite('/feedback');
    expect(await screen.findByRole('heading', { name: 'Görüşünüzü Bildirin', level: 1 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Gönder' }));
    expect(screen.getAllByText('Bu alan zorunludur')).toHaveLength(3);
    expect(server().to('POST', '/ext/app/feedback')).toHaveLength(0);

    await user.selectOptions(await screen.findByLabelText('Konu türü'), 'Öneri');
    await user.type(screen.getByLabelText('Başlık'), 'Müzik');
    await user.type(screen.getByLabelText('Mesajınız'), 'Orta alanda ses çok yüksek.');
    await user.click(screen.getByLabelText('Adımı paylaşmadan (anonim) gönder'));
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Teşekkürler, mesajınız AVM yönetimine ulaştı.')).toBeInTheDocument();
    expect(server().to('POST', '/ext/app/feedback')[0]!.body).toEqual({
      feedback_type: TYPE,
      feedback_title: 'Müzik',
      feedback_text: 'Orta alanda ses çok yüksek.',
      feedback_anonymous: true,
    });
  });

  it('says ‘Feedback can not create’ when the server refuses without naming a field', async () => {
    serve();
    server().on('POST', '/ext/app/feedback', () =>
      json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Beklenmeyen hata' }, 500),
    );
    const { user } = renderMicroSite('/feedback');
    await user.selectOptions(await screen.findByLabelText('Konu türü'), 'Öneri');
    await user.type(screen.getByLabelText('Başlık'), 'Otopark');
    await user.type(screen.getByLabelText('Mesajınız'), 'Tabelalar okunmuyor.');
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Feedback can not create');
  });

  it('shows the server’s error about the anonymous choice under that checkbox, not in the top alert', async () => {
    serve();
    server().on('POST', '/ext/app/feedback', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Geçersiz alan: feedback_anonymous',
          fields: { feedback_anonymous: 'Anonim görüşe kişisel bilgi eklenemez' },
        },
        400,
      ),
    );
    const { user } = renderMicroSite('/feedback');
    await user.selectOptions(await screen.findByLabelText('Konu türü'), 'Öneri');
    await user.type(screen.getByLabelText('Başlık'), 'Otopark');
    await user.type(screen.getByLabelText('Mesajınız'), 'Tabelalar okunmuyor.');
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    const checkbox = screen.getByRole('checkbox', { name: 'Adımı paylaşmadan (anonim) gönder' });
    expect(await screen.findByText('Anonim görüşe kişisel bilgi eklenemez')).toBeInTheDocument();
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Anonim görüşe kişisel bilgi eklenemez');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s message in the alert when it names a field the form does not have', async () => {
    serve();
    server().on('POST', '/ext/app/feedback', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Geçersiz alan: feedback_file',
          fields: { feedback_file: 'Geçersiz dosya' },
        },
        400,
      ),
    );
    const { user } = renderMicroSite('/feedback');
    await user.selectOptions(await screen.findByLabelText('Konu türü'), 'Öneri');
    await user.type(screen.getByLabelText('Başlık'), 'Otopark');
    await user.type(screen.getByLabelText('Mesajınız'), 'Tabelalar okunmuyor.');
    await user.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Geçersiz alan: feedback_file');
  });
});
