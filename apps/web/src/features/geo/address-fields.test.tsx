import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { json } from '../../lib/api/test-server';
import { Form, useZodForm } from '../../lib/form';
import { renderWithProviders } from '../../test/render';
import { installTestServer } from '../../test/server';
import { AddressFields } from './AddressFields';

const server = installTestServer();

const ISTANBUL = '64b0000000000000000c0034';
const IZMIR = '64b0000000000000000c0035';
const KADIKOY = '64b0000000000000000d0001';
const BESIKTAS = '64b0000000000000000d0002';
const KONAK = '64b0000000000000000d0003';

const serveGeo = () =>
  server()
    .on('GET', '/geo/cities', () =>
      json([
        { _id: ISTANBUL, name: 'İstanbul' },
        { _id: IZMIR, name: 'İzmir' },
      ]),
    )
    .on('GET', `/geo/cities/${ISTANBUL}/towns`, () =>
      json([
        { _id: BESIKTAS, name: 'Beşiktaş' },
        { _id: KADIKOY, name: 'Kadıköy' },
      ]),
    )
    .on('GET', `/geo/cities/${IZMIR}/towns`, () => json([{ _id: KONAK, name: 'Konak' }]))
    .on('GET', `/geo/towns/${KADIKOY}/neighborhoods`, () =>
      json([
        { _id: '64b0000000000000000e0001', name: 'Caferağa', district: 'Kadıköy', zip_code: '34710' },
        { _id: '64b0000000000000000e0002', name: 'Moda', district: 'Kadıköy', zip_code: '34710' },
      ]),
    )
    .on('GET', `/geo/towns/${BESIKTAS}/neighborhoods`, () =>
      json([{ _id: '64b0000000000000000e0003', name: 'Levent', district: 'Beşiktaş', zip_code: '34330' }]),
    );

const schema = z.object({
  customer_province: z.string().nullable(),
  customer_district: z.string().nullable(),
  customer_locality: z.string().nullable(),
});

function AddressForm() {
  const form = useZodForm(schema, {
    defaultValues: { customer_province: null, customer_district: null, customer_locality: null },
  });
  return (
    <Form form={form} onSubmit={() => {}}>
      <AddressFields />
    </Form>
  );
}

const field = (name: string) => screen.getByRole('combobox', { name });
const pick = async (user: UserEvent, name: string, typed: string, option: string) => {
  await user.click(field(name));
  await user.clear(field(name));
  await user.type(field(name), typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
};

describe('AddressFields', () => {
  it('reads the provinces in pages of 100 with only their names until a short page', async () => {
    const cities = Array.from({ length: 105 }, (_, i) => ({
      _id: `64b00000000000000000${String(i).padStart(4, '0')}`,
      name: `İl ${i + 1}`,
    }));
    server().on('GET', '/geo/cities', ({ query }) => {
      const skip = Number(query.get('skip'));
      return json(cities.slice(skip, skip + Number(query.get('limit'))));
    });
    const { user } = renderWithProviders(<AddressForm />);
    await user.click(field('İl'));
    expect(await screen.findByRole('option', { name: 'İl 105' })).toBeInTheDocument();
    const calls = server()
      .to('GET', '/geo/cities')
      .map((call) => Object.fromEntries(call.query));
    expect(calls).toEqual([
      expect.objectContaining({ fields: 'name', skip: '0', limit: '100' }),
      expect.objectContaining({ fields: 'name', skip: '100', limit: '100' }),
    ]);
  });

  it('keeps district and neighbourhood locked until their parent is chosen, and clears them when it changes', async () => {
    serveGeo();
    const { user } = renderWithProviders(<AddressForm />);
    expect(field('İlçe')).toBeDisabled();
    expect(field('Mahalle')).toBeDisabled();
    expect(screen.getByText('Önce il seçin')).toBeInTheDocument();

    // Turkish letters fold: "istanbul" finds İstanbul, "kadikoy" finds Kadıköy.
    await pick(user, 'İl', 'istanbul', 'İstanbul');
    await waitFor(() => expect(field('İlçe')).toBeEnabled());
    expect(field('Mahalle')).toBeDisabled();
    await pick(user, 'İlçe', 'kadikoy', 'Kadıköy');
    await waitFor(() => expect(field('Mahalle')).toBeEnabled());
    await user.click(field('Mahalle'));
    const moda = await screen.findByRole('option', { name: /^Moda/ });
    expect(within(moda).getByText('34710')).toBeInTheDocument();
    await user.click(moda);
    expect(field('Mahalle')).toHaveValue('Moda');

    // A new district clears the neighbourhood.
    await pick(user, 'İlçe', 'beş', 'Beşiktaş');
    expect(field('İlçe')).toHaveValue('Beşiktaş');
    expect(field('Mahalle')).toHaveValue('');
    await pick(user, 'Mahalle', 'lev', 'Levent');
    expect(field('Mahalle')).toHaveValue('Levent');

    // A new province clears both and locks the neighbourhood again.
    await pick(user, 'İl', 'izm', 'İzmir');
    expect(field('İl')).toHaveValue('İzmir');
    expect(field('İlçe')).toHaveValue('');
    expect(field('Mahalle')).toHaveValue('');
    expect(field('Mahalle')).toBeDisabled();
    expect(screen.getByText('Önce ilçe seçin')).toBeInTheDocument();
    await user.click(field('İlçe'));
    expect(await screen.findByRole('option', { name: 'Konak' })).toBeInTheDocument();
  });
});
