import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { authEndpoints } from '@borlette/shared/contracts/auth';
import { posEndpoints } from '@borlette/shared/contracts/pos';
import type { SaleAnswer, SaleLine } from '@borlette/shared/contracts/sale';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { companyToday, enterResult, middayZone } from '../apps/server/test/engine-fixtures';
import { CHROMIUM } from './global-setup';
import { CHROMIUM_ARGS, describeBrowser, type Harness, startHarness, tempDir } from './harness';
import { posNav as nav, signInPos } from './pos-kit';
import { pngToY4m } from './y4m';

/**
 * Issue 18 §2 in a real browser: a receipt rendered by the POS is filmed by Chromium's fake camera (a
 * .y4m made here from its screenshot), the scanner reads its QR code with the ZXing ponyfill (the
 * native BarcodeDetector is removed, as on Linux or Firefox), opens the ticket and pays it.
 * SCAN_SHOTS=<dir> keeps screenshots of the scanner and of the scanned ticket (390 px).
 */
describeBrowser('scanning a receipt at the POS: QR code → ticket → « Payer »', () => {
  let h: Harness;
  let companyId: number;
  let tirageId: number;
  const DRAW = 'Tirage POS Scan';
  const tmp = tempDir('pos-scan-');
  const shots = process.env.SCAN_SHOTS;
  const sold: Record<'win' | 'lose', SaleAnswer> = {} as never;
  /** `torn`: the losing ticket's receipt with its QR code gone (torn off), only the barcode left. */
  const receipts: Record<'win' | 'lose' | 'torn', Buffer> = {} as never;
  const browsers: Browser[] = [];

  async function api<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
    const res = await fetch(`${h.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A sale through the agents' API, as the POS does. */
  async function sellAs(username: string, lines: SaleLine[]) {
    const { accessToken } = await api<{ accessToken: string }>('POST', authEndpoints.login.path, {
      username,
      password: 'demo1234',
    });
    const body = { idempotency_key: randomUUID(), tirages: [tirageId], lines };
    return api<SaleAnswer>('POST', posEndpoints.sell.path, body, accessToken);
  }

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    // A midday zone and a draw forced open: it sells whatever the hour of the run.
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    [{ id: tirageId }] = await raw.query<{ id: number }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
      [companyId, DRAW],
    );
    sold.win = await sellAs('agent1', [{ code: 20, number: '23', stake: 1000 }]);
    sold.lose = await sellAs('agent1', [{ code: 20, number: '98', stake: 1000 }]);
    // 23 is the first lot of this result: 10,00 on it wins 500,00; 98 wins nothing.
    const today = await companyToday(raw, companyId);
    await enterResult(h.database, { companyId, tirageId, date: today, pick3: '123', pick4: '4567' });

    // The receipts as the POS draws them (agent1 reopens each ticket from « Fiches »), at a phone's density.
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      baseURL: h.baseUrl,
      locale: 'fr-FR',
    });
    const page = await context.newPage();
    await signInPos(page, 'agent1');
    await nav(page, 'Fiches');
    for (const kind of ['win', 'lose'] as const) {
      await page.getByRole('button', { name: `Voir la fiche n° ${sold[kind].number}` }).click();
      const dialog = page.getByRole('dialog');
      const receipt = dialog.locator('.pos-receipt').first();
      await receipt.waitFor();
      receipts[kind] = await receipt.screenshot();
      if (kind === 'lose') {
        await receipt.getByRole('img', { name: 'Code QR : lien public de la fiche' }).evaluate((qr) => {
          (qr as HTMLElement).style.visibility = 'hidden';
        });
        receipts.torn = await receipt.screenshot();
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await context.close();
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const [kind, png] of Object.entries(receipts)) writeFileSync(path.join(shots, `receipt-${kind}.png`), png);
    }
  });

  // Each camera browser lives for its test only (the machine is shared).
  afterEach(async () => {
    for (const b of browsers.splice(0)) await b.close().catch(() => {});
  });

  afterAll(async () => {
    await h?.close();
    tmp.remove();
  });

  /**
   * A separate Chromium whose camera films the receipt; the agent opens « Payer » and the scanner.
   * Every request is recorded: the reader must come from our own origin (offline, no CDN).
   */
  async function scanWithCamera(receipt: Buffer, username: string) {
    const video = path.join(tmp.dir, `${randomUUID()}.y4m`);
    writeFileSync(video, pngToY4m(receipt));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    browsers.push(browser);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: h.baseUrl,
      locale: 'fr-FR',
    });
    await context.grantPermissions(['camera'], { origin: h.baseUrl });
    // As in Chromium on Linux or Firefox: no native reader, the ponyfill must do it.
    await context.addInitScript(() => {
      delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const page = await context.newPage();
    await signInPos(page, username);
    await nav(page, 'Payer');
    await page.getByRole('button', { name: 'Scanner une fiche' }).click();
    return { page, requests };
  }

  it('the QR code in a rendered receipt image decodes to the ticket’s public link', async () => {
    const require = createRequire(import.meta.url);
    await prepareZXingModule({
      overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
      fireImmediately: true,
    });
    const found = await readBarcodes(new Uint8Array(receipts.win), { formats: ['QRCode', 'Code128'] });
    const qr = found.find((b) => b.format === 'QRCode');
    expect(qr?.text).toBe(`${h.baseUrl}/fiche-view/${sold.win.ref_code}`);
    // The barcode under it holds the number alone.
    expect(found.find((b) => b.format === 'Code128')?.text).toBe(String(sold.win.number));
  });

  it('another agent scans a winning receipt: the ticket, its winnings and payable-until, then « Payer » pays it', async () => {
    const { page, requests } = await scanWithCamera(receipts.win, 'agent2');
    if (shots) {
      mkdirSync(shots, { recursive: true });
      // The camera running (unless the receipt was already read).
      await page.waitForFunction(() => {
        const video = document.querySelector('video');
        return !video || video.videoWidth > 0;
      });
      await page.screenshot({ path: path.join(shots, 'scanner-390.png') });
    }
    const card = page.getByRole('heading', { name: `N° ${sold.win.number}`, exact: true });
    await card.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByText(/Payable jusqu’au \d{2}\/\d{2}\/\d{4}/).waitFor();
    const pay = page.getByRole('button', { name: /^Payer 500,00/ });
    await pay.waitFor();
    if (shots) await page.screenshot({ path: path.join(shots, 'scanned-ticket-390.png'), fullPage: true });
    // The reader's WebAssembly came from this server; nothing was asked of another origin.
    expect(requests.some((u) => u.startsWith(h.baseUrl) && u.endsWith('.wasm'))).toBe(true);
    expect(requests.filter((u) => !u.startsWith(h.baseUrl) && !/^(data|blob):/.test(u))).toEqual([]);

    await pay.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Payer', exact: true }).click();
    await page.getByText(new RegExp(`Fiche n° ${sold.win.number} payée : remettez 500,00`)).waitFor();
    const [row] = await h.database.raw.query<{ paid: boolean; paid_by: number | null }>(
      'SELECT paid_at IS NOT NULL AS paid, paid_by::int AS paid_by FROM fiches WHERE id = $1',
      [sold.win.id],
    );
    const [{ id: agent2 }] = await h.database.raw.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'agent2'",
    );
    expect(row).toEqual({ paid: true, paid_by: agent2 });
  });

  it('a non-winning receipt scanned shows its status, without « Payer »', async () => {
    const { page } = await scanWithCamera(receipts.lose, 'agent2');
    await page.getByRole('heading', { name: `N° ${sold.lose.number}`, exact: true }).waitFor();
    await page.getByText('Cette fiche n’est pas gagnante.').waitFor();
    // « Payer <amount> »; the navigation's « Payer » stays.
    expect(await page.getByRole('button', { name: /^Payer \d/ }).count()).toBe(0);
  });

  it('a torn receipt: the barcode gives the number, the verification code typed opens the ticket', async () => {
    const { page } = await scanWithCamera(receipts.torn, 'agent2');
    const number = page.getByRole('textbox', { name: 'Numéro de la fiche' });
    await expect.poll(() => number.inputValue()).toBe(String(sold.lose.number));
    await page.getByText(`Code-barres lu : fiche n° ${sold.lose.number}. Tapez le code de vérification`).waitFor();
    // Nothing is shown before the code: the number alone proves nothing.
    expect(await page.getByRole('heading', { name: `N° ${sold.lose.number}`, exact: true }).count()).toBe(0);
    const code = page.getByRole('textbox', { name: 'Code de vérification du reçu' });
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    await code.fill(sold.lose.verification_code);
    await code.press('Enter');
    await page.getByRole('heading', { name: `N° ${sold.lose.number}`, exact: true }).waitFor();
    await page.getByText('Cette fiche n’est pas gagnante.').waitFor();
  });
});
