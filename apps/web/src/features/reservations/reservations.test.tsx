import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';
import { kidsClubArea } from './reservation-area.fixture';

const server = installTestServer();
const asStaff = { signedInAs: { role: roleWith('modules:reservation') } };

const area = kidsClubArea([
  { day: 'saturday', time_range: '14:00-16:00', max_reservation_number: 6 },
  { day: 'monday', time_range: '10:00-12:00', max_reservation_number: 3 },
  { day: 'sunday', time_range: '14:00-16:00', max_reservation_number: 6 },
  { day: 'tuesday', time_range: '10:00-12:00', max_reservation_number: 3 },
]);

describe('reservation area editor', () => {
  it('shows the entries of one range as a row of its days and saves the entries the rows make', async () => {
    server()
      .on('GET', `/reservation-areas/${area._id}`, () => json(area))
      .on('PUT', `/reservation-areas/${area._id}`, ({ body }) => json({ ...area, ...(body as object) }));
    const { user, router } = renderApp({ path: `/reservation/${area._id}/edit`, ...asStaff });
    const ranges = await screen.findAllByRole('textbox', { name: 'Saat aralığı' });
    expect(ranges.map((field) => (field as HTMLInputElement).value)).toEqual(['10:00-12:00', '14:00-16:00']);
    expect(screen.getByRole('checkbox', { name: 'Pazartesi 10:00-12:00' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Salı 10:00-12:00' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cumartesi 10:00-12:00' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pazar 14:00-16:00' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Salı 10:00-12:00' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cuma 14:00-16:00' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reservation/reservation-area'));
    expect(server().to('PUT', `/reservation-areas/${area._id}`)[0]!.body).toMatchObject({
      reservation_area_hours_by_days: [
        { day: 'monday', time_range: '10:00-12:00', max_reservation_number: 3 },
        { day: 'friday', time_range: '14:00-16:00', max_reservation_number: 6 },
        { day: 'saturday', time_range: '14:00-16:00', max_reservation_number: 6 },
        { day: 'sunday', time_range: '14:00-16:00', max_reservation_number: 6 },
      ],
    });
  });

  it('shows a range the rules refuse on its row', async () => {
    server().on('GET', `/reservation-areas/${area._id}`, () => json(area));
    const { user } = renderApp({ path: `/reservation/${area._id}/edit`, ...asStaff });
    const [first] = await screen.findAllByRole('textbox', { name: 'Saat aralığı' });
    await user.clear(first!);
    await user.type(first!, '13:00-15:00');
    // On Saturday 13:00-15:00 overlaps the weekend's 14:00-16:00: the form says so and sends nothing.
    await user.click(screen.getByRole('checkbox', { name: 'Cumartesi 13:00-15:00' }));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(
      await screen.findByText('Bu saat aralığı aynı günün başka bir aralığıyla çakışıyor'),
    ).toBeInTheDocument();
    expect(server().to('PUT', `/reservation-areas/${area._id}`)).toHaveLength(0);
  });
});
