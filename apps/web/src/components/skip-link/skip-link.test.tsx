import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DashboardLayout from '../../app/layouts/dashboard/DashboardLayout';
import { changeLanguage } from '../../lib/i18n';
import { systemAdminRole } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

describe('skip link', () => {
  it('is the first Tab stop of the back-office and moves focus past the menus to the page', async () => {
    const { user } = renderWithProviders(<DashboardLayout />, {
      path: '/user/account',
      signedInAs: { role: systemAdminRole },
    });
    await screen.findByRole('navigation', { name: 'Ana menü' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'İçeriğe geç' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await changeLanguage('en');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument());
    await changeLanguage('tr');
  });
});
