import { paginationOf, type Reminder } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest } from '../../lib/api/test-server';
import { customerFixture, roleWith } from '../../test/fixtures';
import { renderApp, renderWithProviders } from '../../test/render';
import { installTestServer } from '../../test/server';
import type { CustomerProfile } from '../customers/customers.resource';
import { AddReminderButton } from './AddReminderButton';
import { ReminderBell } from './ReminderBell';

const server = installTestServer();
const signedInAs = { role: roleWith('modules:dashboard') };

const reminderFixture = (overrides: Partial<Reminder> = {}): Reminder => ({
  _id: '64f0000000000000000000e1',
  reminder_date: '2030-06-01T09:00:00.000Z',
  reminder_text: 'Ayşe Hanım’ı ara',
  reminder_status: 'due',
  reminder_done_at: null,
  reminder_customer_id: '64f0000000000000000000d1',
  reminder_reservation_id: null,
  reminder_lending_id: null,
  reminder_customer: { customer_name: 'Ayşe', customer_surname: 'Yılmaz', customer_phone: '+905321112233' },
  reminder_reservation: null,
  reminder_lending: null,
  createdAt: '2030-05-01T09:00:00.000Z',
  updatedAt: '2030-05-01T09:00:00.000Z',
  ...overrides,
});
const call = reminderFixture();
const lent = reminderFixture({
  _id: '64f0000000000000000000e2',
  reminder_date: '2030-06-01T10:30:00.000Z',
  reminder_text: 'Bebek arabası geri gelmedi',
  reminder_customer_id: null,
  reminder_customer: null,
  reminder_lending_id: '64f0000000000000000000c1',
  reminder_lending: {
    itemNo: 'BA-01',
    itemName: 'Bebek Arabası',
    customer_name: 'Can',
    customer_surname: 'Arslan',
  },
});
const later = reminderFixture({
  _id: '64f0000000000000000000e3',
  reminder_date: '2030-06-03T07:00:00.000Z',
  reminder_text: 'Rezervasyon öncesi salonu kontrol et',
  reminder_status: 'waiting',
  reminder_customer_id: null,
  reminder_customer: null,
  reminder_reservation_id: '64f0000000000000000000f1',
  reminder_reservation: {
    reservation_customer_name: 'Elif',
    reservation_customer_surname: 'Demir',
    reservation_request_date: '2030-06-03',
    reservation_request_hour: '10:00-12:00',
  },
});

/** GET /reminder as the server answers it: the rows of the asked state, the page the limit allows. */
const serveReminders = (rows: () => Reminder[]) =>
  server().on('GET', '/reminder', ({ query }: RecordedRequest) => {
    const limit = Number(query.get('limit') ?? 10);
    const matching = rows().filter((row) => row.reminder_status === query.get('status'));
    return json({
      data: matching.slice(0, limit),
      pagination: paginationOf(matching.length, { limit, currentPage: 1 }),
    });
  });

const countCalls = () =>
  server()
    .to('GET', '/reminder')
    .filter((request) => request.query.get('status') === 'due' && request.query.get('limit') === '1');

describe('reminder bell', () => {
  it('sits in the top bar with the count of due reminders, read cheaply (status=due, limit=1)', async () => {
    serveReminders(() => [call, lent, later]);
    renderApp({ path: '/app', signedInAs });
    const bell = await screen.findByRole('button', { name: 'Hatırlatıcılar: 2 zamanı gelen' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    expect(countCalls()).toHaveLength(1);
  });

  it('shows a plain bell without a count when nothing is due, or when the count cannot be read', async () => {
    server().on('GET', '/reminder', () =>
      json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }, 500),
    );
    renderWithProviders(<ReminderBell />, { signedInAs });
    await waitFor(() => expect(countCalls()).toHaveLength(1));
    const bell = screen.getByRole('button', { name: 'Hatırlatıcılar' });
    expect(within(bell).queryByText(/\d/)).not.toBeInTheDocument();
  });

  it('lists the due reminders with their time, what they are about and the next waiting ones', async () => {
    serveReminders(() => [call, lent, later]);
    const { user } = renderWithProviders(<ReminderBell />, { signedInAs });
    await user.click(await screen.findByRole('button', { name: 'Hatırlatıcılar: 2 zamanı gelen' }));
    const popover = await screen.findByRole('dialog', { name: 'Hatırlatıcılar' });
    const due = await within(popover).findByRole('region', { name: 'Zamanı gelenler (2)' });
    const items = within(due).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Ayşe Hanım’ı ara01-06-2030 12:00Müşteri: Ayşe Yılmaz'),
      expect.stringContaining(
        'Bebek arabası geri gelmedi01-06-2030 13:30Ödünç: BA-01 Bebek Arabası · Can Arslan',
      ),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Müşteri: Ayşe Yılmaz' })).toHaveAttribute(
      'href',
      `/customers/${call.reminder_customer_id}/detail`,
    );
    expect(within(items[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/lending/lended-customers?itemNo=BA-01',
    );
    const upcoming = within(popover).getByRole('region', { name: 'Yaklaşanlar (1)' });
    expect(await within(upcoming).findByText('Rezervasyon öncesi salonu kontrol et')).toBeInTheDocument();
    expect(
      within(upcoming).getByRole('link', { name: 'Rezervasyon: Elif Demir, 03 Haziran 2030 10:00-12:00' }),
    ).toHaveAttribute('href', `/reservation/${later.reminder_reservation_id}/detail`);
    const asked = server()
      .to('GET', '/reminder')
      .map((request) => `${request.query.get('status')} ${request.query.get('limit')}`);
    expect(asked).toEqual(expect.arrayContaining(['due 1', 'due 50', 'waiting 5']));
  });

  it('marks a reminder done with PUT /reminder/{id} and the count follows', async () => {
    let rows = [call, lent];
    serveReminders(() => rows);
    server().on('PUT', '/reminder/:id', ({ params }) => {
      const done = { ...rows.find((row) => row._id === params.id)!, reminder_status: 'done' as const };
      rows = rows.map((row) => (row._id === params.id ? done : row));
      return json(done);
    });
    const { user } = renderWithProviders(<ReminderBell />, { signedInAs });
    await user.click(await screen.findByRole('button', { name: 'Hatırlatıcılar: 2 zamanı gelen' }));
    const popover = await screen.findByRole('dialog', { name: 'Hatırlatıcılar' });
    await user.click(await within(popover).findByRole('button', { name: 'Tamamlandı: Ayşe Hanım’ı ara' }));
    expect(server().to('PUT', `/reminder/${call._id}`)[0]!.body).toEqual({ reminder_done: true });
    expect(await screen.findByText('Hatırlatıcı tamamlandı.')).toBeInTheDocument();
    await waitFor(() => expect(within(popover).queryByText('Ayşe Hanım’ı ara')).not.toBeInTheDocument());
    // Behind the open popover the bell is hidden from the accessibility tree, yet counts one now.
    expect(
      await screen.findByRole('button', { name: 'Hatırlatıcılar: 1 zamanı gelen', hidden: true }),
    ).toBeInTheDocument();
  });

  it('adds a reminder from the popover: the note is required, then POST /reminder and the bell refreshes', async () => {
    let rows: Reminder[] = [];
    serveReminders(() => rows);
    server().on('POST', '/reminder', ({ body }) => {
      const made = reminderFixture({
        ...(body as Partial<Reminder>),
        _id: '64f0000000000000000000e9',
        reminder_status: 'due',
        reminder_customer_id: null,
        reminder_customer: null,
      });
      rows = [made];
      return json(made, 201);
    });
    const { user } = renderWithProviders(<ReminderBell />, { signedInAs });
    await user.click(await screen.findByRole('button', { name: 'Hatırlatıcılar' }));
    const popover = await screen.findByRole('dialog', { name: 'Hatırlatıcılar' });
    expect(await within(popover).findByText('Zamanı gelen hatırlatıcı yok.')).toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Hatırlatıcı ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hatırlatıcı ekle' });
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText('Bu alan zorunludur')).toBeInTheDocument();
    expect(server().to('POST', '/reminder')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Hatırlatılacak not/ }), 'Kargoyu teslim al');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Hatırlatıcı eklendi.')).toBeInTheDocument();
    const sent = server().to('POST', '/reminder')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      reminder_text: 'Kargoyu teslim al',
      reminder_customer_id: null,
      reminder_reservation_id: null,
      reminder_lending_id: null,
    });
    // The next full hour by default, a moment in the future.
    expect(new Date(sent.reminder_date as string).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(sent.reminder_date as string).getUTCMinutes()).toBe(0);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Hatırlatıcı ekle' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'Hatırlatıcılar: 1 zamanı gelen' })).toBeInTheDocument();
  });

  it('adds a reminder about the record of a page with the link prefilled, and shows the server’s refusal under the field', async () => {
    serveReminders(() => []);
    server().on('POST', '/reminder', () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Gönderilen bilgiler geçersiz',
          fields: {
            reminder_customer_id: 'Bu AVM’de böyle bir müşteri yok',
            reminder_text: 'En fazla 500 karakter olabilir',
          },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(
      <AddReminderButton
        about={{ reminder_customer_id: call.reminder_customer_id!, label: 'Ayşe Yılmaz' }}
      />,
      { signedInAs },
    );
    await user.click(screen.getByRole('button', { name: 'Hatırlatıcı ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hatırlatıcı ekle' });
    expect(within(dialog).getByText('İlgili kayıt: Ayşe Yılmaz')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Hatırlatılacak not/ }), 'Ara');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await within(dialog).findByText('En fazla 500 karakter olabilir')).toBeInTheDocument();
    expect(server().to('POST', '/reminder')[0]!.body).toMatchObject({
      reminder_customer_id: call.reminder_customer_id,
      reminder_text: 'Ara',
    });
    expect(screen.getByRole('dialog', { name: 'Hatırlatıcı ekle' })).toBeInTheDocument();
  });

  it('is offered on the customer’s page, linking the new reminder to the customer', async () => {
    const profile: CustomerProfile = { ...customerFixture(), consent_history: [] };
    serveReminders(() => []);
    server()
      .on('GET', '/customer/profile/:id', () => json(profile))
      .on('GET', '/data-types/channel', () => json([]))
      .on('POST', '/reminder', ({ body }) => json(reminderFixture(body as Partial<Reminder>), 201));
    const { user } = renderApp({
      path: `/customers/${profile._id}/detail`,
      signedInAs: { role: roleWith('modules:customers:customer-list') },
    });
    await user.click(await screen.findByRole('button', { name: 'Hatırlatıcı ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hatırlatıcı ekle' });
    expect(within(dialog).getByText('İlgili kayıt: Ayşe Yıldız')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Hatırlatılacak not/ }),
      'Doğum günü hediyesi',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Hatırlatıcı eklendi.')).toBeInTheDocument();
    expect(server().to('POST', '/reminder')[0]!.body).toMatchObject({
      reminder_customer_id: profile._id,
      reminder_reservation_id: null,
      reminder_text: 'Doğum günü hediyesi',
    });
  });
});
