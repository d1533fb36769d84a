/** UI settings of spec §4, kept in browser storage so each browser keeps its own look. */
export const themeModes = ['light', 'dark'] as const;
export const themeDirections = ['ltr', 'rtl'] as const;
export const colorPresets = ['default', 'purple', 'cyan', 'blue', 'orange', 'red'] as const;

export type ThemeMode = (typeof themeModes)[number];
export type ThemeDirection = (typeof themeDirections)[number];
export type ColorPreset = (typeof colorPresets)[number];

export type Settings = {
  themeMode: ThemeMode;
  themeDirection: ThemeDirection;
  themeColorPresets: ColorPreset;
  themeStretch: boolean;
  navCollapsed: boolean;
};

export const defaultSettings: Settings = {
  themeMode: 'light',
  themeDirection: 'ltr',
  themeColorPresets: 'default',
  themeStretch: false,
  navCollapsed: false,
};

export const SETTINGS_STORAGE_KEY = 'settings';

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Reads the stored settings; anything missing or no longer valid falls back to its default. */
export const readSettings = (): Settings => {
  let stored: Partial<Record<keyof Settings, unknown>> = {};
  try {
    stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    // A hand-edited or truncated value must not keep the app from starting.
  }
  return {
    themeMode: oneOf(themeModes, stored.themeMode, defaultSettings.themeMode),
    themeDirection: oneOf(themeDirections, stored.themeDirection, defaultSettings.themeDirection),
    themeColorPresets: oneOf(colorPresets, stored.themeColorPresets, defaultSettings.themeColorPresets),
    themeStretch:
      typeof stored.themeStretch === 'boolean' ? stored.themeStretch : defaultSettings.themeStretch,
    navCollapsed:
      typeof stored.navCollapsed === 'boolean' ? stored.navCollapsed : defaultSettings.navCollapsed,
  };
};

export const writeSettings = (settings: Settings) => {
  localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
};
