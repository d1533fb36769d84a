import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OfflineDialog } from './OfflineDialog';

const goOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('offline dialog', () => {
  it('opens when the connection is lost and closes when it is back', async () => {
    renderWithProviders(<OfflineDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    goOnline(false);
    expect(await screen.findByRole('dialog', { name: 'İnternet Bağlantınız Kesildi' })).toBeInTheDocument();

    goOnline(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is open from the start when the browser starts offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineDialog />);
    expect(await screen.findByRole('dialog', { name: 'İnternet Bağlantınız Kesildi' })).toBeInTheDocument();
  });
});
