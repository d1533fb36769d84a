import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SettingsButton } from './SettingsButton';
import { SettingsDrawer } from './SettingsDrawer';

const storedSettings = () => JSON.parse(localStorage.getItem('settings') ?? '{}');

const renderSettings = () =>
  renderWithProviders(
    <>
      <SettingsButton />
      <SettingsDrawer />
    </>,
  );

describe('settings drawer', () => {
  it('starts from the defaults: light, left to right, default colour, no stretch', async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Ayarları aç' }));
    expect(screen.getByRole('button', { name: 'Açık' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Soldan sağa' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Avlu yeşili' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('switch', { name: 'Tam genişlik' })).not.toBeChecked();
  });

  it('saves every choice in the browser and restores it on the next visit', async () => {
    const first = renderSettings();
    await first.user.click(screen.getByRole('button', { name: 'Ayarları aç' }));
    await first.user.click(screen.getByRole('button', { name: 'Koyu' }));
    await first.user.click(screen.getByRole('button', { name: 'Sağdan sola' }));
    await first.user.click(screen.getByRole('button', { name: 'Mor' }));
    await first.user.click(screen.getByRole('switch', { name: 'Tam genişlik' }));

    expect(storedSettings()).toMatchObject({
      themeMode: 'dark',
      themeDirection: 'rtl',
      themeColorPresets: 'purple',
      themeStretch: true,
    });
    expect(document.documentElement.dir).toBe('rtl');
    first.unmount();

    const second = renderSettings();
    await second.user.click(screen.getByRole('button', { name: 'Ayarları aç' }));
    const drawer = screen.getByLabelText('Ayarlar', { selector: '.MuiDrawer-paper' });
    expect(within(drawer).getByRole('button', { name: 'Koyu' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(drawer).getByRole('button', { name: 'Mor' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(drawer).getByRole('switch', { name: 'Tam genişlik' })).toBeChecked();
  });

  it('goes back to the defaults', async () => {
    localStorage.setItem('settings', JSON.stringify({ themeMode: 'dark', themeColorPresets: 'red' }));
    const { user } = renderSettings();
    await user.click(screen.getByRole('button', { name: 'Ayarları aç' }));
    await user.click(screen.getByRole('button', { name: 'Varsayılanlara dön' }));
    expect(screen.getByRole('button', { name: 'Açık' })).toHaveAttribute('aria-pressed', 'true');
    expect(storedSettings()).toMatchObject({ themeMode: 'light', themeColorPresets: 'default' });
  });
});
