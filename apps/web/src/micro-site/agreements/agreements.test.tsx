import type { Agreement } from '@avlu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { installTestServer } from '../../test/server';
import { setLanguage } from '../lib/i18n';
import { BASE, currentPath, renderMicroSite, serveMall, signedIn } from '../test/render';

const server = installTestServer();

const PDF_TR = '/api/files/uyelik-2026-tr-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf';
const PDF_EN = '/api/files/membership-2026-en-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf';

const terms = (overrides: Partial<Agreement> = {}): Agreement => ({
  _id: '6b01bfcdd1bbe8773a6cbb01',
  agreement_title: 'Üyelik Sözleşmesi 2026',
  agreement_text: '1. Taraflar: AVM ve üye müşteri.\n\n2. Puanlar devredilemez.',
  agreement_target: 'mobileapp',
  agreement_type: 'terms_and_conditions',
  agreement_text_pdf_tr: PDF_TR,
  agreement_text_pdf_en: PDF_EN,
  agreement_in_use: true,
  agreement_version: 'terms-and-conditions-mobileapp-2',
  createdAt: '2026-10-19T09:00:00.000Z',
  ...overrides,
});

/** The mall answers the filter with what it has in use of the type asked (none of any other). */
const serveAgreements = (inUse: Agreement[]) => {
  serveMall(server());
  server().on('POST', '/ext/app/agreements', ({ body }) => {
    const filter = (body as { filter?: Partial<Agreement> }).filter ?? {};
    return json(
      inUse.filter(
        (agreement) =>
          (!filter.agreement_type || agreement.agreement_type === filter.agreement_type) &&
          (!filter.agreement_target || agreement.agreement_target === filter.agreement_target),
      ),
    );
  });
};

const asked = () =>
  server()
    .to('POST', '/ext/app/agreements')
    .map((request) => request.body);

describe('micro-site agreement page', () => {
  it('shows the text in use of a type with its Turkish PDF to download, to a guest', async () => {
    serveAgreements([terms()]);
    renderMicroSite('/agreements/terms-and-conditions');
    expect(
      await screen.findByRole('heading', { name: 'Üyelik Sözleşmesi 2026', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Yürürlük tarihi: 19 Ekim 2026')).toBeInTheDocument();
    expect(screen.getByText(/Puanlar devredilemez\./)).toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: 'PDF’i indir (Türkçe)' });
    expect(pdf).toHaveAttribute('href', PDF_TR);
    expect(pdf).toHaveAttribute('download');
    expect(screen.queryByText('PDF sözleşme metni bulunamadı')).not.toBeInTheDocument();
    expect(asked()).toContainEqual({ filter: { agreement_type: 'terms_and_conditions' } });
    expect(document.title).toContain('Sözleşmeler');
  });

  it('in English gives the English PDF', async () => {
    await setLanguage('en');
    serveAgreements([terms({ agreement_title: 'Membership Agreement 2026' })]);
    renderMicroSite('/agreements/terms-and-conditions');
    expect(
      await screen.findByRole('heading', { name: 'Membership Agreement 2026', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('In force since 19 October 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the PDF (English)' })).toHaveAttribute('href', PDF_EN);
  });

  it('says ‘PDF agreement text not found’ without a PDF in the page’s language, and offers the other', async () => {
    serveAgreements([terms({ agreement_text_pdf_tr: null })]);
    renderMicroSite('/agreements/terms-and-conditions');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('PDF sözleşme metni bulunamadı');
    expect(within(notice).getByRole('link', { name: 'İngilizce PDF’i indir' })).toHaveAttribute(
      'href',
      PDF_EN,
    );
    expect(screen.queryByRole('link', { name: 'PDF’i indir (Türkçe)' })).not.toBeInTheDocument();
    expect(screen.getByText(/Taraflar: AVM ve üye müşteri\./)).toBeInTheDocument();
  });

  it('in English says ‘PDF agreement text not found’ when the text has no PDF at all', async () => {
    await setLanguage('en');
    serveAgreements([terms({ agreement_text_pdf_tr: null, agreement_text_pdf_en: null })]);
    renderMicroSite('/agreements/terms-and-conditions');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('PDF agreement text not found');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says ‘agreement not found’ when the mall has no text of the type in use', async () => {
    serveAgreements([terms()]);
    renderMicroSite('/agreements/etk-permissions');
    expect(await screen.findByText('Sözleşme bulunamadı')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Ticari Elektronik İleti İzni', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument();
  });

  it('in English says ‘Agreement not found’', async () => {
    await setLanguage('en');
    serveAgreements([]);
    renderMicroSite('/agreements/kvkk');
    expect(await screen.findByText('Agreement not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy Notice (KVKK)', level: 1 })).toBeInTheDocument();
  });

  it('shows the micro-site’s text (target mobileapp) before the web site’s', async () => {
    serveAgreements([
      terms({
        _id: '6b01bfcdd1bbe8773a6cbb02',
        agreement_type: 'kvkk',
        agreement_target: 'web',
        agreement_title: 'KVKK (web sitesi)',
      }),
      terms({ agreement_type: 'kvkk', agreement_title: 'KVKK Aydınlatma Metni (mikro site)' }),
    ]);
    renderMicroSite('/agreements/kvkk');
    expect(
      await screen.findByRole('heading', { name: 'KVKK Aydınlatma Metni (mikro site)', level: 1 }),
    ).toBeInTheDocument();
  });

  it('lists the kinds of text for a signed-in customer and opens one', async () => {
    serveAgreements([terms()]);
    signedIn(server());
    const { user } = renderMicroSite('/agreements');
    const etk = await screen.findByRole('link', { name: /Ticari Elektronik İleti İzni/ });
    expect(screen.getByRole('heading', { name: 'Sözleşmeler', level: 1 })).toBeInTheDocument();
    expect(etk).toHaveTextContent('Sözleşme bulunamadı');
    expect(screen.getByRole('link', { name: /Üyelik Sözleşmesi/ })).toHaveTextContent(
      'Yürürlük tarihi: 19 Ekim 2026',
    );
    await user.click(screen.getByRole('link', { name: /Üyelik Sözleşmesi/ }));
    expect(currentPath()).toBe('/agreements/terms-and-conditions');
    expect(await screen.findByRole('link', { name: 'PDF’i indir (Türkçe)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana sayfaya dön' })).toHaveAttribute('href', BASE);
  });

  it('shows the server’s message and a retry when the texts cannot be loaded', async () => {
    serveMall(server());
    server().on('POST', '/ext/app/agreements', () =>
      json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Beklenmeyen bir hata oluştu' }, 500),
    );
    renderMicroSite('/agreements/kvkk');
    expect(await screen.findByText('Sözleşme yüklenemedi')).toBeInTheDocument();
    expect(screen.getByText('Beklenmeyen bir hata oluştu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
  });

  it('is linked from the footer, and an unknown kind is ‘agreement not found’', async () => {
    serveAgreements([terms()]);
    renderMicroSite('/agreements/gizlilik');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Sözleşmeler' })).toHaveAttribute(
      'href',
      `${BASE}/agreements`,
    );
    expect(await screen.findByText('Sözleşme bulunamadı')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sözleşmeler', level: 1 })).toBeInTheDocument();
    expect(asked()).toHaveLength(0);
  });

  it('is linked from the registration form’s consents and KVKK notice, in a new tab', async () => {
    serveAgreements([terms({ agreement_type: 'kvkk', agreement_title: 'KVKK Aydınlatma Metni' })]);
    const { user } = renderMicroSite('/register');
    const etk = await screen.findByRole('link', { name: 'Ticari Elektronik İleti İzni metnini okuyun' });
    expect(etk).toHaveAttribute('href', `${BASE}/agreements/etk-permissions`);
    expect(etk).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'KVKK Aydınlatma Metni' }));
    const full = await screen.findByRole('link', { name: 'Tam metin ve PDF' });
    expect(full).toHaveAttribute('href', `${BASE}/agreements/kvkk`);
    expect(full).toHaveAttribute('target', '_blank');
  });
});
