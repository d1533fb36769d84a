import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCATIONS, roleWith, systemAdminRole } from '../../test/fixtures';
import { fakeAuthClient, renderWithProviders } from '../../test/render';
import { session } from '../session/storage';
import { useAuth } from './AuthProvider';

function SessionProbe() {
  const auth = useAuth();
  return (
    <>
      <p>status: {auth.status}</p>
      <p>role: {auth.role?.role_name ?? '-'}</p>
      <button
        type="button"
        onClick={() => auth.login({ admin_email: 'a@avlu.test', admin_password: 'x', remember: true })}
      >
        login
      </button>
    </>
  );
}

describe('admin session', () => {
  it('is signed out at once when no token is stored, without calling the server', async () => {
    const authClient = fakeAuthClient({ role: systemAdminRole });
    renderWithProviders(<SessionProbe />, { authClient });
    expect(screen.getByText('status: unauthenticated')).toBeInTheDocument();
    expect(authClient.profile).not.toHaveBeenCalled();
  });

  it('loads profile and role for a stored token and keeps the stored current location', async () => {
    session.setCurrentLocation(LOCATIONS[1]!);
    const role = roleWith('modules:dashboard');
    const { authClient } = renderWithProviders(<SessionProbe />, { signedInAs: { role } });
    expect(screen.getByText('status: initialising')).toBeInTheDocument();
    expect(await screen.findByText('status: authenticated')).toBeInTheDocument();
    expect(authClient.role).toHaveBeenCalledWith('64b0000000000000000000aa');
    expect(session.locations()).toEqual(LOCATIONS);
    expect(session.currentLocationId()).toBe(LOCATIONS[1]!._id);
    expect(session.role()).toEqual(role);
  });

  it('signs out when the role cannot be loaded, clearing what was stored', async () => {
    const authClient = fakeAuthClient({ role: systemAdminRole });
    authClient.role.mockRejectedValue(new Error('500'));
    renderWithProviders(<SessionProbe />, { signedInAs: { role: systemAdminRole }, authClient });
    expect(await screen.findByText('status: unauthenticated')).toBeInTheDocument();
    expect(session.accessToken()).toBeNull();
  });

  it('keeps the token when the profile call is cut off by leaving the page (a reload, a link)', async () => {
    const authClient = fakeAuthClient({ role: systemAdminRole });
    authClient.profile.mockImplementation(async () => {
      window.dispatchEvent(new Event('pagehide'));
      throw new Error('Failed to fetch');
    });
    renderWithProviders(<SessionProbe />, { signedInAs: { role: systemAdminRole }, authClient });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(authClient.profile).toHaveBeenCalled();
    expect(session.accessToken()).toBe('test-token');
    // Back from the browser's page cache, a failure signs out again.
    window.dispatchEvent(new Event('pageshow'));
  });

  it('makes the first location current after login, whatever was stored before', async () => {
    session.setCurrentLocation(LOCATIONS[1]!);
    const authClient = fakeAuthClient({ role: systemAdminRole });
    const { user } = renderWithProviders(<SessionProbe />, { authClient });
    await user.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('status: authenticated')).toBeInTheDocument();
    expect(session.accessToken()).toBe('test-token');
    expect(session.expiresAt()).toBe('2030-01-01T00:00:00.000Z');
    expect(session.currentLocationId()).toBe(LOCATIONS[0]!._id);
  });

  it('ends the session when any call is refused for the token', async () => {
    const authClient = fakeAuthClient({ role: systemAdminRole });
    let rejectSession = () => {};
    authClient.onSessionRejected.mockImplementation((listener) => {
      rejectSession = listener;
      return () => {};
    });
    renderWithProviders(<SessionProbe />, { signedInAs: { role: systemAdminRole }, authClient });
    expect(await screen.findByText('role: system admin')).toBeInTheDocument();
    act(() => rejectSession());
    expect(screen.getByText('status: unauthenticated')).toBeInTheDocument();
    expect(session.accessToken()).toBeNull();
  });
});
