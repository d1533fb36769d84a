import { describe, expect, it } from 'vitest';
import { defaultSettings, readSettings, SETTINGS_STORAGE_KEY } from './settings';

describe('stored settings', () => {
  it('falls back to the defaults for anything missing, unknown or unreadable', () => {
    expect(readSettings()).toEqual(defaultSettings);
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ themeMode: 'dark', themeColorPresets: 'pink' }),
    );
    expect(readSettings()).toEqual({ ...defaultSettings, themeMode: 'dark' });
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(readSettings()).toEqual(defaultSettings);
  });
});
