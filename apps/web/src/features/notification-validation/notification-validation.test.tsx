import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';

const server = installTestServer();
const token = 'A'.repeat(43);

describe('the double opt-in page', () => {
  it('confirms with the code, without sign-in, and shows a wrong code under the field', async () => {
    let calls = 0;
    server().on('POST', '/ext/customers/notification/confirm', () =>
      ++calls === 1
        ? json(
            {
              statusCode: 400,
              code: 'SMS_CODE_INVALID',
              message: 'Doğrulama kodu hatalı; 4 deneme hakkınız kaldı',
              fields: { notificationCode: 'Kod hatalı' },
            },
            400,
          )
        : json({ confirmed: true, channel: 'email', location_name: 'Deniz AVM' }),
    );
    const { user } = renderApp({ path: `/ext/customers/notification/validation?notificationToken=${token}` });
    const code = await screen.findByRole('textbox', { name: 'Doğrulama kodu' });
    await user.type(code, '1234');
    await user.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByText('Kod hatalı')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '4321');
    await user.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(
      await screen.findByText(/Deniz AVM kampanya ve duyurularını artık e-posta ile/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(server().to('POST', '/ext/customers/notification/confirm').at(-1)!.body).toEqual({
        notificationToken: token,
        notificationCode: '4321',
      }),
    );
  });

  it('says a link without its token is incomplete', async () => {
    renderApp({ path: '/ext/customers/notification/validation' });
    expect(await screen.findByText(/Bu bağlantı eksik/)).toBeInTheDocument();
  });
});
