import type { ReservationValidDates } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';
import { kidsClubArea } from './reservation-area.fixture';

const server = installTestServer();
const asStaff = { signedInAs: { role: roleWith('modules:reservation') } };

const area = kidsClubArea([{ day: 'saturday', time_range: '14:00-16:00', max_reservation_number: 6 }]);
const dates: ReservationValidDates = [
  {
    date: '2026-12-05',
    day: 'saturday',
    hours: [{ time_range: '14:00-16:00', max_reservation_number: 6, remaining: 1 }],
  },
];

const serveAreas = () =>
  server()
    .on('GET', '/reservation-areas', () => json([area]))
    .on('GET', '/reservation-areas/valid-dates', () => json(dates));

const pick = async (user: ReturnType<typeof renderApp>['user'], field: string, option: RegExp | string) => {
  await user.click(await screen.findByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** A whole booking of the last place of Saturday 14:00-16:00. */
const fillBooking = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.type(await screen.findByRole('textbox', { name: 'Ad' }), 'Ayşe');
  await user.type(screen.getByRole('textbox', { name: 'Soyad' }), 'Yılmaz');
  await user.type(screen.getByRole('textbox', { name: 'Telefon' }), '05321234567');
  await pick(user, 'Rezervasyon alanı', 'Çocuk Kulübü');
  await pick(user, 'Tarih', /^05 Aralık 2026/);
  await pick(user, 'Saat', /^14:00-16:00/);
};

describe('new reservation form', () => {
  it('shows a full hour under the hour and ‘Invite can not create’ above the form', async () => {
    serveAreas().on('POST', '/reservations', () =>
      json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Kayıt başka bir kayıtla çakışıyor',
          fields: { reservation_request_hour: 'Bu saat aralığı dolu; başka bir saat seçin' },
        },
        409,
      ),
    );
    const { user, router } = renderApp({ path: '/reservation/new', ...asStaff });
    await fillBooking(user);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    const hour = await screen.findByRole('combobox', { name: 'Saat' });
    await waitFor(() =>
      expect(hour).toHaveAccessibleDescription('Bu saat aralığı dolu; başka bir saat seçin'),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invite can not create');
    expect(alert).not.toHaveTextContent('çakışıyor');
    expect(server().to('POST', '/reservations')[0]!.body).toMatchObject({
      reservation_area: 'Çocuk Kulübü',
      reservation_request_date: '2026-12-05',
      reservation_request_hour: '14:00-16:00',
    });
    expect(router.state.location.pathname).toBe('/reservation/new');
  });

  it('says ‘Invite can not create’ with the server’s reason when no field is named', async () => {
    serveAreas().on('POST', '/reservations', () =>
      json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Hizmet şu anda kullanılamıyor' }, 503),
    );
    const { user } = renderApp({ path: '/reservation/new', ...asStaff });
    await fillBooking(user);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invite can not create: Hizmet şu anda kullanılamıyor',
    );
  });

  it('opens the detail page of the reservation made', async () => {
    const id = '64f0000000000000000000f9';
    serveAreas()
      .on('POST', '/reservations', () => json({ _id: id }, 201))
      .on('GET', `/reservations/${id}`, () =>
        json({ statusCode: 404, code: 'NOT_FOUND', message: 'Yok' }, 404),
      );
    const { user, router } = renderApp({ path: '/reservation/new', ...asStaff });
    await fillBooking(user);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/reservation/${id}/detail`));
    expect(within(document.body).queryByText('Invite can not create')).not.toBeInTheDocument();
  });
});
