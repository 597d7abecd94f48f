import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FicheView } from '@borlette/shared/contracts/fiches';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM } from './global-setup';
import { CHROMIUM_ARGS } from './harness';
import { pngToY4m } from './y4m';

/**
 * Small helpers of the POS browser tests (printing, scanning, the whole day): a fake Web Serial
 * printer at the transport seam, the POS sign-in and navigation, a Chromium whose camera films an image.
 */

type PrinterWindow = { __printed: number[]; __portFails: boolean; __baud: number | null };

/** A fake Web Serial port, injected before the app loads: `__printed` collects every byte written. */
export async function fakeSerialPrinter(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as PrinterWindow;
    w.__printed = [];
    w.__portFails = false;
    w.__baud = null;
    let open = false;
    let stream: WritableStream<Uint8Array> | null = null;
    let broken = false;
    // As in Chrome, a write error leaves the stream errored and the port gives a new one.
    const fresh = () => {
      broken = false;
      return new WritableStream<Uint8Array>({
        write(chunk) {
          if (w.__portFails) {
            broken = true;
            throw new DOMException('The device has been lost.', 'NetworkError');
          }
          for (const b of chunk) w.__printed.push(b);
        },
      });
    };
    const port = {
      async open(options: { baudRate: number }) {
        if (open) throw new DOMException('The port is already open.', 'InvalidStateError');
        open = true;
        w.__baud = options.baudRate;
      },
      async close() {
        open = false;
      },
      get writable() {
        if (!open) return null;
        if (!stream || broken) stream = fresh();
        return stream;
      },
      getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
    };
    let granted = false;
    const serial = {
      requestPort: async () => {
        granted = true;
        return port;
      },
      getPorts: async () => (granted ? [port] : []),
    };
    Object.defineProperty(Navigator.prototype, 'serial', { configurable: true, get: () => serial });
  });
}

/** How many bytes the fake printer holds. */
export const printedCount = (page: Page) => page.evaluate(() => (window as unknown as PrinterWindow).__printed.length);

/** The bytes the fake printer received since the last call (and forgets them). */
export const takePrinted = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as PrinterWindow;
    const out = w.__printed;
    w.__printed = [];
    return out;
  });

export async function signInPos(page: Page, username: string, password = 'demo1234') {
  await page.goto('/pos');
  await page.getByLabel('Pseudoname').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** One of the POS screens (Vendre, Fiches, Payer, Rapport…) from its navigation. */
export const posNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Écrans du point de vente' }).getByRole('button', { name }).click();

/** « Imprimante » from the account menu: Web Serial, connect (the fake port is chosen at once). */
export async function chooseSerialPrinter(page: Page) {
  await page.getByRole('button', { name: 'Mon compte' }).click();
  await page.getByRole('menuitem', { name: 'Imprimante' }).click();
  const dialog = page.getByRole('dialog', { name: 'Imprimante' });
  await dialog.getByRole('radio', { name: 'Port série' }).check();
  await dialog.getByRole('button', { name: 'Connecter' }).click();
  await dialog.getByText('Connectée : USB 0416:5011').waitFor();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A GET of the agents' API from the page, with the POS's own token. */
export function posGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const token = localStorage.getItem('pos.accessToken');
    const res = await fetch(u, { headers: { Authorization: `Token ${token}` } });
    if (!res.ok) throw new Error(`${u}: ${res.status} ${await res.text()}`);
    return res.json();
  }, url);
}

/** The ticket as the API answers it to its agent. */
export const ficheView = (page: Page, id: number) => posGet<FicheView>(page, `/api/agents/fiche?id=${id}`);

/**
 * A Chromium whose camera films `image` (a PNG, as a .y4m written in `dir`): the fake camera is chosen
 * at launch. The native BarcodeDetector is removed (as on Linux or Firefox): the ponyfill must read.
 */
export async function cameraBrowser(image: Buffer, dir: string, baseUrl: string) {
  const video = path.join(dir, `camera-${Date.now()}.y4m`);
  writeFileSync(video, pngToY4m(image));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: baseUrl,
    locale: 'fr-FR',
  });
  await context.grantPermissions(['camera'], { origin: baseUrl });
  await context.addInitScript(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  });
  return { browser, context };
}
