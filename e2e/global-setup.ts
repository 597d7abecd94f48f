import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the npm scripts
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumAvailable: boolean;
  }
}

/** The browser suites need the built app and Chromium; under CI=true a missing browser fails the run. */
export default function setup(project: TestProject) {
  if (!ensureWebBuild({ quiet: true })) throw new Error('La construction de l’application web a échoué.');
  const available = existsSync(CHROMIUM);
  if (!available) {
    if (process.env.CI === 'true' || process.env.CI === '1') {
      throw new Error(`Chromium est requis en CI mais introuvable (${CHROMIUM}).`);
    }
    console.warn(`[e2e] Chromium introuvable (${CHROMIUM}) : suites navigateur ignorées hors CI.`);
  }
  project.provide('chromiumAvailable', available);
}
