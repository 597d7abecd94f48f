import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readItem, STORAGE_KEYS, writeItem } from './storage';

export const LANGUAGES = [
  { code: 'fr', label: 'Français' },
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'ht', label: 'Kreyòl' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'fr';

export function isLanguage(value: string | null | undefined): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/*
 * Every `locales/<lang>/<namespace>.json` is found by import.meta.glob, so a namespace file dropped
 * into the folders (e.g. the public pages' `public.json`) is picked up without touching this file.
 *
 * What is bundled and what is fetched (to keep the first load small):
 * - the namespaces of every first screen (CORE_NAMESPACES: login, POS, splash, settings) in French — the
 *   default and fallback — are bundled;
 * - the back office frame's (DASHBOARD_NAMESPACES) are fetched with the dashboard's code (app/router.tsx),
 *   so that /auth/login and /pos do not carry the menu's and the home page's strings;
 * - the same namespaces in en/de/ht are one lazy chunk per language (see vite.config.ts), fetched by
 *   the backend below at start-up or before i18next switches language;
 * - any other namespace (public.json...) is fetched the first time a component asks for it: such a
 *   component suspends meanwhile (react-i18next `useSuspense`), inside its route's <Suspense>.
 */
export const CORE_NAMESPACES = ['common', 'auth', 'settings'] as const;
export const DASHBOARD_NAMESPACES = ['layout', 'nav', 'home', 'account'] as const;

const FILE = /locales\/([^/]+)\/([^/]+)\.json$/;

const eager = import.meta.glob<ResourceLanguage>(['../locales/fr/{common,auth,settings}.json'], {
  eager: true,
  import: 'default',
});
const lazy = import.meta.glob<ResourceLanguage>(['../locales/*/*.json', '!../locales/fr/{common,auth,settings}.json'], {
  import: 'default',
});

// The two glob literals above must name CORE_NAMESPACES (import.meta.glob only takes literals).
const french: Record<string, ResourceLanguage> = {};
for (const [path, content] of Object.entries(eager)) {
  const match = FILE.exec(path);
  if (match) french[match[2]] = content;
}
if (import.meta.env.DEV) {
  const missing = CORE_NAMESPACES.filter((ns) => !french[ns]);
  if (missing.length) console.error(`i18n: core namespaces missing from the French bundle: ${missing.join(', ')}`);
}

const loaders = new Map<string, () => Promise<ResourceLanguage>>();
const namespaces = new Set(Object.keys(french));
for (const [path, load] of Object.entries(lazy)) {
  const match = FILE.exec(path);
  if (!match) continue;
  loaders.set(`${match[1]}/${match[2]}`, load);
  namespaces.add(match[2]);
}

export const NAMESPACES = [...namespaces].sort();

const bundledBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** The back office frame's strings, fetched alongside its code (app/router.tsx). */
export function loadDashboardNamespaces(): Promise<void> {
  return i18n.loadNamespaces([...DASHBOARD_NAMESPACES]);
}

function applyLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Initialise i18next; resolves once the strings of the stored (or default) language are loaded. */
export function initI18n(): Promise<unknown> {
  const stored = readItem(STORAGE_KEYS.language);
  const initial: LanguageCode = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  applyLanguage(initial);

  i18n.on('languageChanged', (lng) => {
    if (isLanguage(lng)) writeItem(STORAGE_KEYS.language, lng);
    applyLanguage(lng);
  });

  return i18n
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      resources: { [DEFAULT_LANGUAGE]: french },
      partialBundledLanguages: true,
      lng: initial,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: [...CORE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
    .catch(() => undefined); // a language chunk that fails to load falls back to French
}

export default i18n;
