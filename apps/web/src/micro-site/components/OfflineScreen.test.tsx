import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineScreen } from './OfflineScreen';

const goOffline = (offline: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
};

afterEach(() => vi.restoreAllMocks());

describe('offline screen', () => {
  it('is a modal dialog: it takes focus, the page behind is inert, and focus comes back', async () => {
    render(
      <>
        <button type="button">Kampanyalar</button>
        <OfflineScreen />
      </>,
    );
    const behind = screen.getByRole('button', { name: 'Kampanyalar' });
    await userEvent.click(behind);
    expect(behind).toHaveFocus();

    goOffline(true);
    const dialog = screen.getByRole('alertdialog', { name: 'İnternet Bağlantınız Kesildi' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/bağlantı/i);
    expect(dialog).toHaveFocus();
    expect(behind.closest('[inert]')).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();

    goOffline(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(behind.closest('[inert]')).toBeNull();
    expect(behind).toHaveFocus();
  });
});
