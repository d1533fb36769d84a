import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { defaultSettings, readSettings, type Settings, writeSettings } from './settings';

type SettingsContextValue = {
  settings: Settings;
  update: (patch: Partial<Settings>) => void;
  reset: () => void;
  /** Whether the settings drawer is open; the button opening it and the drawer live in different places. */
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
};

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(readSettings);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const update = useCallback((patch: Partial<Settings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      writeSettings(next);
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    writeSettings(defaultSettings);
    setSettings(defaultSettings);
  }, []);

  // Without an RTL style plugin MUI does not mirror its own CSS, but the dir attribute still flips
  // text, flex rows and the drawers, which is what the layout relies on.
  useEffect(() => {
    document.documentElement.dir = settings.themeDirection;
  }, [settings.themeDirection]);

  const value = useMemo(
    () => ({ settings, update, reset, drawerOpen, setDrawerOpen }),
    [settings, update, reset, drawerOpen],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export const useSettings = () => {
  const context = useContext(SettingsContext);
  if (!context) throw new Error('useSettings needs a SettingsProvider');
  return context;
};
