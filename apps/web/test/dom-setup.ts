import { cleanup, configure } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import components from '../src/locales/fr/components.json';

// The French strings of the shared components, bundled: tests read the labels people see.
await i18n.use(initReactI18next).init({
  lng: 'fr',
  resources: { fr: { components } },
  ns: ['components'],
  defaultNS: 'components',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

// The machine may be busy with other suites: waiting for a row or a message may take a while.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts by itself only when vitest globals are on; they are not.
afterEach(() => cleanup());
// A test's stubbed fetch / matchMedia does not leak into the next one.
afterEach(() => vi.unstubAllGlobals());
