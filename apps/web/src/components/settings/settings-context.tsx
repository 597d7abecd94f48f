import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import { type Mode, PRESET_NAMES, type PresetName } from '../../theme/palette';

/** docs/spec.md §1/§4: theme settings, persisted in local storage and restored on reload. */
export interface Settings {
  mode: Mode;
  preset: PresetName;
  /** Content spans the full width instead of a centred container (large screens). */
  stretch: boolean;
  /** Sidebar collapsed to 102 px (desktop only). */
  navCollapsed: boolean;
}

export const DEFAULT_SETTINGS: Settings = { mode: 'light', preset: 'default', stretch: false, navCollapsed: false };

function loadSettings(): Settings {
  const stored = readJson<Partial<Settings>>(STORAGE_KEYS.settings) ?? {};
  return {
    mode: stored.mode === 'dark' ? 'dark' : 'light',
    preset: PRESET_NAMES.includes(stored.preset as PresetName) ? (stored.preset as PresetName) : 'default',
    stretch: stored.stretch === true,
    navCollapsed: stored.navCollapsed === true,
  };
}

interface SettingsValue extends Settings {
  update: (patch: Partial<Settings>) => void;
  reset: () => void;
  isDefault: boolean;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}

const SettingsContext = createContext<SettingsValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => writeJson(STORAGE_KEYS.settings, settings), [settings]);

  const update = useCallback((patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch })), []);
  const reset = useCallback(() => setSettings(DEFAULT_SETTINGS), []);

  const value = useMemo<SettingsValue>(
    () => ({
      ...settings,
      update,
      reset,
      isDefault:
        settings.mode === DEFAULT_SETTINGS.mode &&
        settings.preset === DEFAULT_SETTINGS.preset &&
        settings.stretch === DEFAULT_SETTINGS.stretch,
      drawerOpen,
      setDrawerOpen,
    }),
    [settings, update, reset, drawerOpen],
  );

  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside <SettingsProvider>');
  return value;
}
