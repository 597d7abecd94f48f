import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { buildApp } from '../apps/server/src/app';
import { type Config, testConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/db/setup';
import { middayZone } from '../apps/server/test/harness/midday-zone';
import { preparedPglite } from '../apps/server/test/harness/prepared-database';
import { CHROMIUM } from './global-setup';

export const describeBrowser: typeof describe = inject('chromiumAvailable')
  ? describe
  : (describe.skip as typeof describe);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Harness {
  baseUrl: string;
  app: FastifyInstance;
  database: Database;
  browser: Browser;
  /** A fresh browser profile (no stored token, no settings). */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * The real server (built web app + API) on an in-memory PGlite with the demo data, and real Chromium.
 * `config`: settings over the test configuration (a suite that needs a background job turns its timer on).
 */
export async function startHarness(opts: { config?: Partial<Config> } = {}): Promise<Harness> {
  const database = await preparedPglite();
  // The demo seeded where it is midday: a test moving its zone later would move its tickets' « today ».
  await prepareDatabase(database, { demo: true, demoTimezone: middayZone() });
  const app = await buildApp({ database, config: testConfig(opts.config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    database,
    browser,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ viewport, baseURL: `http://127.0.0.1:${port}`, locale: 'fr-FR' });
      contexts.push(context);
      const page = await context.newPage();
      return { page, context };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await app.close();
      await database.close();
    },
  };
}

/** A temporary folder for screenshots or profiles, removed by the returned function. */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function signIn(page: Page, username: string, password = 'demo1234') {
  await page.getByLabel('Pseudoname').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se Connecter' }).click();
}

/** The demo admin signs in and enters a draw's result through « Saisir un résultat », as a person does. */
export async function enterResultAsDemoAdmin(admin: Page, draw: string, pick3: string, pick4: string) {
  await admin.goto('/auth/login');
  await signIn(admin, 'demo');
  await admin.waitForURL('**/dashboard/app');
  await admin.goto('/dashboard/tirage/infotirage/new');
  await admin.getByRole('combobox', { name: 'Tirage' }).click();
  await admin.getByRole('option', { name: draw }).click();
  await admin.getByLabel('Pick 3').fill(pick3);
  await admin.getByLabel('Pick 4').fill(pick4);
  await admin.getByRole('button', { name: 'Enregistrer le résultat' }).click();
  await expect.poll(() => admin.getByText(/Résultat enregistré/).isVisible()).toBe(true);
}
