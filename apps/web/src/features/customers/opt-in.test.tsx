import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { customerFixture, roleWith } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer } from '../../test/server';
import type { CustomerProfile } from './customers.resource';

const server = installTestServer();

describe('double opt-in from the customer’s consents', () => {
  it('sends a confirmation link for a consent not given, and changes nothing until the customer confirms', async () => {
    const profile: CustomerProfile = {
      ...customerFixture({ customer_email_permission: false, customer_email_permission_date: null }),
      consent_history: [],
    };
    server()
      .on('GET', '/customer/profile/:id', () => json(profile))
      .on('GET', '/data-types/channel', () => json([]))
      .on('POST', '/customer/profile/:id/opt-in', () =>
        json({ sent: true, expiresAt: '2026-05-02T10:00:00.000Z' }),
      );
    const { user } = renderApp({
      path: `/customers/${profile._id}/detail?tab=consents`,
      signedInAs: { role: roleWith('modules:customers:customers', 'modules:customers:customer-list') },
    });
    const card = await screen.findByTestId('consent-email');
    await user.click(within(card).getByRole('button', { name: 'Onay bağlantısı gönder' }));
    expect(await screen.findByText(/Onay bağlantısı ve kodu müşteriye gönderildi/)).toBeInTheDocument();
    await waitFor(() =>
      expect(server().to('POST', `/customer/profile/${profile._id}/opt-in`)[0]!.body).toEqual({
        channel: 'email',
      }),
    );
    expect(server().to('POST', `/customer/profile/${profile._id}/marketing-permissions`)).toEqual([]);
    // A consent given has no such button; call and KVKK never.
    if (profile.customer_sms_permission)
      expect(within(screen.getByTestId('consent-sms')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('consent-call')).queryByRole('button')).not.toBeInTheDocument();
  });
});
