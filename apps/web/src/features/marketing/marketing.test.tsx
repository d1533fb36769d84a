import { paginationOf, type SmsNotification } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { axeViolations } from '../../test/axe';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';
import { testRecipients } from './NotificationEditPage';

const server = installTestServer();
const asAdmin = { signedInAs: { role: systemAdminRole } };
const LIST = '/marketing/sms-notifications';

const sms = (overrides: Partial<SmsNotification> = {}): SmsNotification => ({
  _id: '64f0000000000000000000b1',
  customer_ids: [],
  createdAt: '2026-11-20T06:00:00.000Z',
  updatedAt: '2026-11-20T06:00:00.000Z',
  sms_notification_title: 'Hafta Sonu İndirimi',
  sms_notification_text: 'Bu hafta sonu tüm mağazalarda %20 indirim sizi bekliyor.',
  sms_notification_filters: null,
  sms_notification_scheduled_for_datetime: '2030-12-06T07:00:00.000Z',
  sms_notification_state: 'scheduled',
  sms_notification_is_commercial: true,
  sms_notification_potential: 1250,
  sms_notification_parts: 1,
  sms_notification_total_parts: 1250,
  sms_notification_created_by: null,
  sms_notification_approved_by: null,
  ...overrides,
});
const weekend = sms();
const opening = sms({
  _id: '64f0000000000000000000b2',
  sms_notification_title: 'Yeni Mağaza Açılışı',
  sms_notification_scheduled_for_datetime: null,
  sms_notification_state: 'sent',
  sms_notification_potential: 800,
  sms_notification_parts: 2,
  sms_notification_total_parts: 1600,
});

const page = (rows: SmsNotification[]) =>
  json({ data: rows, pagination: paginationOf(rows.length, { limit: 10, currentPage: 1 }) });
const rowOf = async (text: string) =>
  (await screen.findByText(text, { exact: true })).closest('[role="row"]') as HTMLElement;
const paste = async (user: UserEvent, name: RegExp, text: string) => {
  const field = screen.getByRole('textbox', { name });
  await user.click(field);
  await user.paste(text);
};
/**
 * The live reach (`POST …/potential`, the saved potential's count): 1.250 SMS and 980 emails for
 * everyone, 640 and 410 once a gender is chosen.
 */
const serveCount = () => {
  const reach =
    (everyone: number, women: number) =>
    ({ body }: { body: unknown }) => {
      const filters = (body as { filters: { field: string }[] | null }).filters ?? [];
      return json({ potential: filters.some((node) => node.field === 'gender') ? women : everyone });
    };
  server()
    .on('POST', `${LIST}/potential`, reach(1250, 640))
    .on('POST', '/marketing/email-notifications/potential', reach(980, 410));
};

describe('SMS notifications', () => {
  it('lists them with their state, send time on the mall’s clock, reach and cost, and deletes after asking', async () => {
    let rows = [weekend, opening];
    server()
      .on('GET', LIST, () => page(rows))
      .on('DELETE', `${LIST}/${weekend._id}`, () => {
        rows = [opening];
        return new Response(null, { status: 204 });
      });
    const { user } = renderApp({ path: LIST, ...asAdmin });
    const row = await rowOf('Hafta Sonu İndirimi');
    expect(within(row).getByText('Zamanlandı')).toBeInTheDocument();
    // 07:00 UTC is 10:00 in Istanbul.
    expect(within(row).getByText('06-12-2030 10:00')).toBeInTheDocument();
    expect(within(row).getAllByText('1.250')).toHaveLength(2);
    const sent = await rowOf('Yeni Mağaza Açılışı');
    expect(within(sent).getByText('Gönderildi')).toBeInTheDocument();
    expect(within(sent).getByText('1.600')).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Sil: Yeni Mağaza Açılışı' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Yeni SMS' })).toHaveAttribute('href', `${LIST}/new`);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Sil: Hafta Sonu İndirimi' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('SMS bildirimi silinsin mi?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('SMS bildirimi silindi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Hafta Sonu İndirimi')).not.toBeInTheDocument());
    expect(server().to('DELETE', `${LIST}/${weekend._id}`)).toHaveLength(1);
  });

  it('withdraws a send waiting for approval after asking, back to created and editable', async () => {
    let waiting = sms({ sms_notification_state: 'waiting_for_approval' });
    server()
      .on('GET', LIST, () => page([waiting, opening]))
      .on('PUT', `${LIST}/${weekend._id}/withdraw`, () => {
        waiting = sms({ sms_notification_state: 'created', sms_notification_scheduled_for_datetime: null });
        return json({ _id: weekend._id, state: 'created', potential: 1250, approval_threshold: 1000 });
      });
    const { user } = renderApp({ path: LIST, ...asAdmin });
    const row = await rowOf('Hafta Sonu İndirimi');
    expect(within(row).getByText('Onay bekliyor')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Düzenle: Hafta Sonu İndirimi' })).toBeDisabled();
    const sent = await rowOf('Yeni Mağaza Açılışı');
    expect(within(sent).queryByRole('button', { name: /^Geri çek/ })).not.toBeInTheDocument();

    // Dismissing the question withdraws nothing.
    await user.click(within(row).getByRole('button', { name: 'Geri çek: Hafta Sonu İndirimi' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Gönderim geri çekilsin mi?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server().to('PUT', `${LIST}/${weekend._id}/withdraw`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Geri çek: Hafta Sonu İndirimi' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/“Hafta Sonu İndirimi” artık onay beklemeyecek/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Geri çek' }));
    expect(await screen.findByText('Gönderim geri çekildi; bildirim düzenlenebilir.')).toBeInTheDocument();
    expect(server().to('PUT', `${LIST}/${weekend._id}/withdraw`)).toHaveLength(1);
    // The list is fetched again: the row is created now (queried afresh, the grid redraws it), once
    // the closing dialog has given the page back to assistive technology.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Oluşturuldu')).toBeInTheDocument());
    const back = await rowOf('Hafta Sonu İndirimi');
    expect(within(back).getByText('Oluşturuldu')).toBeInTheDocument();
    expect(within(back).getByRole('button', { name: 'Düzenle: Hafta Sonu İndirimi' })).toBeEnabled();
    expect(within(back).queryByRole('button', { name: /^Geri çek/ })).not.toBeInTheDocument();
  });

  it('counts the text’s characters and parts and the reach as the segment changes, schedules and saves', async () => {
    serveCount();
    server()
      .on('GET', LIST, () => page([]))
      .on('POST', LIST, ({ body }) => json({ ...weekend, ...(body as object) }, 201));
    const { user, router } = renderApp({ path: `${LIST}/new`, ...asAdmin });
    await screen.findByRole('textbox', { name: /^Başlık/ });
    await paste(user, /^Başlık/, 'Hafta Sonu İndirimi');
    await paste(user, /^SMS metni/, 'Cumartesi tüm mağazalarda indirim var.');
    const counter = screen.getByTestId('sms-counter');
    expect(counter).toHaveTextContent('38 karakter · 1 SMS');
    expect(screen.getByText('GSM-7 Türkçe')).toBeInTheDocument();

    // Everyone with SMS consent, then the segment narrowed to women.
    const segment = screen.getByRole('region', { name: 'Segment' });
    expect(await within(segment).findByText('1.250 müşteriye ulaşır')).toBeInTheDocument();
    expect(screen.getByTestId('sms-cost')).toHaveTextContent('Toplam: 1 SMS × 1.250 kişi = 1.250 SMS');
    await user.click(within(segment).getByRole('button', { name: 'Koşul ekle' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cinsiyet' }));
    await user.click(within(segment).getByRole('button', { name: 'Kadın' }));
    expect(await within(segment).findByText('640 müşteriye ulaşır')).toBeInTheDocument();
    // The reach is the server's potential of the segment, the customers and the purpose.
    expect(server().to('POST', `${LIST}/potential`).at(-1)?.body).toEqual({
      filters: [{ field: 'gender', in: ['female'] }],
      customer_ids: [],
      is_commercial: true,
    });

    // A longer text costs two parts for each of the 640.
    await paste(user, /^SMS metni/, ` ${'Kampanya detayları için uygulamamıza göz atın. '.repeat(3)}`);
    expect(counter).toHaveTextContent('2 SMS');
    expect(screen.getByTestId('sms-cost')).toHaveTextContent('Toplam: 2 SMS × 640 kişi = 1.280 SMS');

    const [day] = within(screen.getByRole('group', { name: /^Gönderim zamanı/ })).getAllByRole('spinbutton');
    await user.click(day!);
    await user.keyboard('{Control>}a{/Control}{Backspace}061220301000');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(server().to('POST', LIST)[0]?.body).toMatchObject({
      sms_notification_title: 'Hafta Sonu İndirimi',
      sms_notification_filters: [{ field: 'gender', in: ['female'] }],
      customer_ids: [],
      // Typed on the mall's clock (Istanbul, UTC+3).
      sms_notification_scheduled_for_datetime: '2030-12-06T07:00:00.000Z',
      sms_notification_is_commercial: true,
    });
    expect(await screen.findByText('Başarıyla oluşturuldu')).toBeInTheDocument();
  });

  it('says what is wrong under each field and does not send', async () => {
    serveCount();
    const { user } = renderApp({ path: `${LIST}/new`, ...asAdmin });
    await screen.findByRole('textbox', { name: /^Başlık/ });
    await paste(user, /^Başlık/, 'Kış');
    await paste(user, /^SMS metni/, 'Merhaba');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText(/En az 5 karakter olmalı/)).toBeInTheDocument();
    expect(screen.getByText(/En az 10 karakter olmalı/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Başlık/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^SMS metni/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server().to('POST', LIST)).toEqual([]);
  });

  it('sends a saved one now after the question, and tests it to phones without spaces', async () => {
    serveCount();
    server()
      .on('GET', LIST, () => page([weekend]))
      .on('GET', `${LIST}/${weekend._id}`, () => json(weekend))
      .on('PUT', `${LIST}/${weekend._id}/test`, () =>
        json({
          sent: 2,
          results: [
            { to: '+905328906124', state: 'sent', error: null },
            { to: '+905331112233', state: 'sent', error: null },
          ],
        }),
      )
      .on('PUT', `${LIST}/${weekend._id}/send`, () =>
        json({ ...weekend, sms_notification_state: 'send_in_progress' }),
      );
    const { user, router } = renderApp({ path: `${LIST}/${weekend._id}/edit`, ...asAdmin });
    expect(await screen.findByDisplayValue('Hafta Sonu İndirimi')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Test gönder' }));
    const test = await screen.findByRole('dialog', { name: 'Test gönderimi' });
    await user.click(within(test).getByRole('textbox', { name: 'Telefonlar' }));
    await user.paste('0532 890 61 24, 0533 111 22 33');
    await user.click(within(test).getByRole('button', { name: 'Testi gönder' }));
    expect(await screen.findByText('Test gönderildi.')).toBeInTheDocument();
    expect(server().to('PUT', `${LIST}/${weekend._id}/test`)[0]?.body).toEqual({
      phones: ['05328906124', '05331112233'],
    });

    await user.click(screen.getByRole('button', { name: 'Şimdi gönder' }));
    const question = await screen.findByRole('dialog', { name: 'Bildirim şimdi gönderilsin mi?' });
    expect(question).toHaveTextContent('“Hafta Sonu İndirimi” şu an 1.250 müşteriye gönderilecek.');
    await user.click(within(question).getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('SMS bildirimi gönderildi.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(server().to('PUT', `${LIST}/${weekend._id}/send`)).toHaveLength(1);
  });

  it('shows a sent one’s report: its counts and its messages page by page, with the export', async () => {
    server()
      .on('GET', `${LIST}/${opening._id}`, () => json(opening))
      .on('GET', `${LIST}/${opening._id}/report`, () =>
        json({
          _id: opening._id,
          state: 'sent',
          send_started_at: '2026-11-20T07:00:00.000Z',
          send_finished_at: '2026-11-20T07:02:00.000Z',
          report_fetched_at: null,
          recipients: 800,
          sent: 790,
          delivered: 760,
          failed: 10,
          opted_out: 0,
          skipped_no_consent: 0,
          in_doubt: 0,
          queued: 0,
          sms_parts: 1600,
          by_state: { delivered: 760 },
          messages: {
            data: [
              {
                _id: '64f0000000000000000000c1',
                customer_id: null,
                recipient: '0532 890 61 24',
                message_state: 'delivered',
                message_is_commercial: true,
                message_parts: 2,
                message_error_code: null,
                message_sent_at: '2026-11-20T07:00:10.000Z',
                message_delivered_at: '2026-11-20T07:01:00.000Z',
              },
            ],
            pagination: { total: 1, limit: 10, currentPage: 1, totalPages: 1 },
          },
        }),
      );
    renderApp({ path: `${LIST}/${opening._id}/report`, ...asAdmin });
    expect(await screen.findByRole('heading', { name: 'Gönderim Raporu' })).toBeInTheDocument();
    expect(await screen.findByText('760')).toBeInTheDocument();
    expect(screen.getByText('1.600')).toBeInTheDocument();
    const message = await rowOf('0532 890 61 24');
    expect(within(message).getByText('İletildi')).toBeInTheDocument();
    expect(within(message).getByText('20-11-2026 10:01')).toBeInTheDocument();
    expect(server().to('GET', `${LIST}/${opening._id}/report`)[0]?.query.get('limit')).toBe('10');
    expect(screen.getByRole('button', { name: 'Excel’e aktar' })).toBeInTheDocument();
  });

  it('is not offered to a role without the SMS subject', async () => {
    server().on('GET', LIST, () => page([weekend]));
    renderApp({ path: LIST, signedInAs: { role: roleWith('modules:marketing:push-notifications') } });
    expect(await screen.findByText(/yetkiniz yok|Permission/i)).toBeInTheDocument();
  });
});

describe('push notifications', () => {
  it('says “no conditions” once for a broadcast, and the type follows the segment', async () => {
    server()
      .on('GET', '/marketing/push-notifications', () => page([]))
      .on('GET', '/marketing/mobile-pages', () => json([]))
      .on('POST', '/marketing/push-notifications/potential', ({ body }) => {
        const filters = (body as { filters: { field: string }[] | null }).filters ?? [];
        return json({ potential: filters.length > 0 ? 310 : 870 });
      });
    const { user } = renderApp({ path: '/marketing/push-notifications/new', ...asAdmin });
    const segment = await screen.findByRole('region', { name: 'Segment' });
    expect(await within(segment).findByText('870 müşterinin cihazına ulaşır')).toBeInTheDocument();
    expect(screen.getAllByText(/koşul yok/i)).toHaveLength(1);
    expect(within(segment).getByText(/^Koşul yok: uygulaması bir cihazda kayıtlı/)).toBeInTheDocument();
    expect(screen.getByText('Herkese')).toBeInTheDocument();
    expect(screen.getByText('Segmente koşul eklenince türü “Segmente” olur.')).toBeInTheDocument();

    await user.click(within(segment).getByRole('button', { name: 'Koşul ekle' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cinsiyet' }));
    await user.click(within(segment).getByRole('button', { name: 'Kadın' }));
    expect(await within(segment).findByText('310 müşterinin cihazına ulaşır')).toBeInTheDocument();
    expect(screen.getByText('Segmente')).toBeInTheDocument();
    expect(screen.getByText('Yalnızca segmentteki müşterilere gider.')).toBeInTheDocument();
    expect(screen.queryAllByText(/koşul yok/i)).toHaveLength(0);
  });
});

describe('email notifications', () => {
  it('sends only the chosen content type’s fields, and to an external list instead of customers', async () => {
    serveCount();
    server()
      .on('GET', '/data/events', () => json([]))
      .on('GET', '/data/promotions', () => json([]))
      .on('GET', '/marketing/email-notifications', () =>
        json({ data: [], pagination: paginationOf(0, { limit: 10, currentPage: 1 }) }),
      )
      .on('GET', '/marketing/email-external-lists', () =>
        json({
          data: [
            {
              _id: '64f0000000000000000000d1',
              list_name: 'Fuar Ziyaretçileri',
              list_address_count: 1240,
              list_invalid_count: 0,
              list_duplicate_count: 0,
              list_opted_out_count: 4,
              createdAt: '2026-11-20T06:00:00.000Z',
              updatedAt: '2026-11-20T06:00:00.000Z',
            },
          ],
          pagination: paginationOf(1, { limit: 100, currentPage: 1 }),
        }),
      )
      .on('POST', '/marketing/email-notifications', ({ body }) =>
        json({ _id: '64f0000000000000000000e1', ...(body as object) }, 201),
      );
    const { user, router } = renderApp({ path: '/marketing/email-notifications/new', ...asAdmin });
    await screen.findByRole('textbox', { name: /^Konu/ });
    await paste(user, /^Konu/, 'Aralık Bülteni');
    await paste(user, /^Önizleme metni/, 'Bu ay AVM’mizde neler var?');
    await paste(user, /^Görselin bağlantısı/, 'https://avlu.example/aralik');
    await user.click(screen.getByRole('combobox', { name: /^İçerik türü/ }));
    await user.click(await screen.findByRole('option', { name: 'HTML' }));
    await paste(user, /^HTML içerik/, '<p>Merhaba</p>');
    expect(screen.getByTitle('Önizleme')).toBeInTheDocument();
    // The email's own reach: customers with consent and an address (the email potential, not the SMS one).
    expect(
      await within(screen.getByRole('region', { name: 'Segment' })).findByText('980 müşteriye ulaşır'),
    ).toBeInTheDocument();
    expect(server().to('POST', '/marketing/email-notifications/potential').at(-1)?.body).toEqual({
      filters: null,
      customer_ids: [],
      is_commercial: true,
    });
    await user.click(screen.getByRole('combobox', { name: /^Kime gidecek/ }));
    await user.click(await screen.findByRole('option', { name: 'Fuar Ziyaretçileri (1.240 adres)' }));
    expect(screen.queryByRole('region', { name: 'Segment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketing/email-notifications'));
    expect(server().to('POST', '/marketing/email-notifications')[0]?.body).toMatchObject({
      email_notification_subject: 'Aralık Bülteni',
      email_notification_content_type: 'HTML',
      html_content: '<p>Merhaba</p>',
      single_content_link: null,
      single_content_image: null,
      external_mail_list: '64f0000000000000000000d1',
      email_notification_filters: null,
      customer_ids: [],
    });
  });
});

describe('external email lists', () => {
  it('lists the uploaded lists with their counts and explains the file before an upload', async () => {
    server().on('GET', '/marketing/email-external-lists', () =>
      json({
        data: [
          {
            _id: '64f0000000000000000000d1',
            list_name: 'Fuar Ziyaretçileri',
            list_address_count: 1240,
            list_invalid_count: 12,
            list_duplicate_count: 30,
            list_opted_out_count: 4,
            createdAt: '2026-11-20T06:00:00.000Z',
            updatedAt: '2026-11-20T06:00:00.000Z',
          },
        ],
        pagination: paginationOf(1, { limit: 10, currentPage: 1 }),
      }),
    );
    const { user } = renderApp({ path: '/marketing/email-external-list', ...asAdmin });
    const row = await rowOf('Fuar Ziyaretçileri');
    expect(within(row).getByText('1.240')).toBeInTheDocument();
    expect(within(row).getByText('20-11-2026 09:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Liste yükle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liste yükle' });
    expect(dialog).toHaveTextContent('adresler A sütununda, birden çoksa noktalı virgülle ayrılmış');
    expect(within(dialog).getByRole('button', { name: 'Yükle' })).toBeDisabled();
  });
});

describe('test recipients (spec §5 client handling)', () => {
  it('strips spaces from phones and splits emails on commas and semicolons', () => {
    expect(testRecipients('sms', '0532 890 61 24\n0533 111 22 33')).toEqual(['05328906124', '05331112233']);
    expect(testRecipients('email', ' a@avlu.test; b@avlu.test ,c@avlu.test ')).toEqual([
      'a@avlu.test',
      'b@avlu.test',
      'c@avlu.test',
    ]);
  });
});
