import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AgentClosing } from '@borlette/shared/contracts/closing';
import type { FicheView } from '@borlette/shared/contracts/fiches';
import { infoTirageEndpoints } from '@borlette/shared/contracts/info-tirage';
import { closingEscpos } from '@borlette/shared/receipt/closing-escpos';
import { ticketEscpos } from '@borlette/shared/receipt/escpos';
import { ticketReceipt } from '@borlette/shared/receipt/model';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyToday, middayZone, sell } from '../apps/server/test/engine-fixtures';
import { formatDecimal } from '../apps/web/src/lib/format';
import { describeBrowser, type Harness, startHarness, tempDir } from './harness';
import {
  cameraBrowser,
  chooseSerialPrinter,
  fakeSerialPrinter,
  ficheView,
  posGet,
  posNav,
  printedCount,
  signInPos,
  takePrinted,
} from './pos-kit';

/**
 * Issue 18, « Done means »: an agent's whole day as ONE flow in real Chromium at a phone's size. It
 * signs in, chooses its Web Serial printer (a fake port), sells a ticket that prints by itself, prints
 * a copy, replays an earlier ticket, the company enters the result, it scans a winning receipt with the
 * camera and pays it, opens its day closing (the API's figures) and prints it.
 * The camera is chosen when Chromium starts: the winning receipt (the earlier ticket, sold the same
 * morning) is photographed first in a helper page, then the day's browser is launched filming it.
 */

const DRAW = 'Tirage Journée';
const digits = (s: string | null) => (s ?? '').replace(/[^\d,-]/g, '');
const amount = (v: number) => digits(formatDecimal(v, 'fr'));
/** A ticket's bets (free mariages, a company's gift, left aside). */
const bets = (f: FicheView) => f.lines.filter((l) => !l.free).map((l) => [l.code, l.number, l.stake]);

describeBrowser('point of sale: an agent’s whole day, one flow', () => {
  let h: Harness;
  let companyId: number;
  let drawId: number;
  let agentId: number;
  let earlier: { id: number; number: number };
  let receipt: Buffer;
  let day: Browser | undefined;
  const tmp = tempDir('pos-day-');
  const shots = process.env.DAY_SHOTS;

  const ticketsOnDraw = async () =>
    (
      await h.database.raw.query<{ n: number }>(
        'SELECT count(DISTINCT f.id)::int AS n FROM fiches f JOIN fiche_tirages ft ON ft.fiche_id = f.id WHERE ft.tirage_id = $1',
        [drawId],
      )
    )[0].n;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    // A midday zone and a draw forced open: it sells whatever the hour of the run, and takes a result at once.
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    [{ id: drawId }] = await raw.query<{ id: number }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
      [companyId, DRAW],
    );
    [{ id: agentId }] = await raw.query<{ id: number }>("SELECT id FROM users WHERE username = 'agent2'");
    // The morning's ticket: 10,00 on 23 (first lot of the coming result: 500,00) and a mariage that loses.
    earlier = await sell(raw, {
      companyId,
      agentId,
      tirages: [drawId],
      lines: [
        { code: 20, number: '23', stake: 1000 },
        { code: 40, number: '12*34', stake: 500 },
      ],
    });
    // Its receipt as the POS draws it, at a phone's density: what the camera will film.
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      baseURL: h.baseUrl,
      locale: 'fr-FR',
    });
    const page = await context.newPage();
    await signInPos(page, 'agent2');
    await posNav(page, 'Fiches');
    await page.getByRole('button', { name: `Voir la fiche n° ${earlier.number}` }).click();
    const shown = page.getByRole('dialog').locator('.pos-receipt').first();
    await shown.waitFor();
    receipt = await shown.screenshot();
    await context.close();
  });

  afterAll(async () => {
    await day?.close().catch(() => {});
    await h?.close();
    tmp.remove();
  });

  /** Types the bets and sells; answers the ticket's number once its receipt is shown. */
  async function sellTyped(pos: Page, bets: string[]) {
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    for (const bet of bets) {
      await entry.fill(bet);
      await entry.press('Enter');
    }
    return sellNow(pos);
  }

  async function sellNow(pos: Page) {
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    const title = pos.getByRole('heading', { name: /Fiche n° \d+/ });
    await title.waitFor();
    return Number(/(\d+)/.exec((await title.textContent()) ?? '')?.[1]);
  }

  const idOf = async (number: number) =>
    (
      await h.database.raw.query<{ id: number }>('SELECT id FROM fiches WHERE company_id = $1 AND number = $2', [
        companyId,
        number,
      ])
    )[0].id;

  /** The draw's card of « Clôture de la journée » shows these tickets and sales (waits for them). */
  async function drawCardSays(pos: Page, tickets: number, sales: number) {
    const card = pos
      .getByRole('region', { name: 'Clôture de la journée' })
      .getByRole('list', { name: 'Clôture par tirage' })
      .getByRole('listitem')
      .filter({ hasText: DRAW });
    const text = async (id: string) => digits(await card.locator(`[data-card-field="${id}"] dd`).textContent());
    await expect.poll(() => text('tickets'), { timeout: 5000 }).toBe(String(tickets));
    expect(await text('sales')).toBe(amount(sales));
  }

  /** DAY_SHOTS=<dir> keeps a phone screenshot of each step. */
  async function shot(page: Page, name: string) {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`) });
  }

  it('sign in, print, sell, copy, replay, scan and pay, close the day, print the closing', async () => {
    const started = Date.now();
    const camera = await cameraBrowser(receipt, tmp.dir, h.baseUrl);
    day = camera.browser;
    await fakeSerialPrinter(camera.context);
    const pos = await camera.context.newPage();

    // Morning: sign in, choose the printer.
    await signInPos(pos, 'agent2');
    await chooseSerialPrinter(pos);
    await shot(pos, '0-signed-in');

    // A sale, bolet + mariage: one ticket, printed by itself, the shared ESC/POS bytes.
    let before = await ticketsOnDraw();
    await pos.getByRole('checkbox', { name: new RegExp(DRAW) }).click();
    const first = await sellTyped(pos, ['45 10', '17*89 5']);
    expect(await ticketsOnDraw()).toBe(before + 1);
    const firstId = await idOf(first);
    await expect.poll(() => printedCount(pos)).toBeGreaterThan(0);
    let fiche = await ficheView(pos, firstId);
    const firstBytes = ticketEscpos(ticketReceipt(fiche, h.baseUrl), 58);
    await expect.poll(() => printedCount(pos)).toBe(firstBytes.length);
    expect(Uint8Array.from(await takePrinted(pos))).toEqual(firstBytes);
    expect(bets(fiche)).toEqual([
      [20, '45', 1000],
      [40, '17*89', 500],
    ]);
    expect(fiche.print_count).toBe(1);
    await shot(pos, '1-sold');

    // A copy: « COPIE 2 » on paper and on screen, counted by the server, and no money moves.
    const dialog = pos.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Réimprimer' }).click();
    await dialog.getByText('COPIE 2').waitFor();
    const copy = await ficheView(pos, firstId);
    expect(copy.print_count).toBe(2);
    expect(copy.amount).toBe(fiche.amount);
    const copyBytes = ticketEscpos(ticketReceipt(copy, h.baseUrl, { copy: 2 }), 58);
    await expect.poll(() => printedCount(pos)).toBe(copyBytes.length);
    const copyPrinted = await takePrinted(pos);
    expect(Uint8Array.from(copyPrinted)).toEqual(copyBytes);
    expect(Buffer.from(copyPrinted).toString('latin1')).toContain('COPIE 2');
    expect(await ticketsOnDraw()).toBe(before + 1);
    await shot(pos, '2-copy');
    await dialog.getByRole('button', { name: 'Nouvelle vente' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A look at the closing at noon: two tickets, the copy sold nothing.
    const morning = await ficheView(pos, earlier.id);
    await posNav(pos, 'Rapport');
    await drawCardSays(pos, 2, morning.amount + fiche.amount);

    // Replay the morning's ticket and sell it: one more ticket, the same bets, printed.
    await posNav(pos, 'Fiches');
    await pos.getByRole('button', { name: `Rejouer la fiche n° ${earlier.number}` }).click();
    await pos.getByText(`Fiche n° ${earlier.number} rejouée : 2 paris repris. Vérifiez, puis vendez.`).waitFor();
    before = await ticketsOnDraw();
    await shot(pos, '3-replayed');
    const replay = await sellNow(pos);
    expect(await ticketsOnDraw()).toBe(before + 1);
    const replayed = await ficheView(pos, await idOf(replay));
    expect(bets(replayed)).toEqual(bets(await ficheView(pos, earlier.id)));
    const replayBytes = ticketEscpos(ticketReceipt(replayed, h.baseUrl), 58);
    await expect.poll(() => printedCount(pos)).toBe(replayBytes.length);
    expect(Uint8Array.from(await takePrinted(pos))).toEqual(replayBytes);
    await dialog.getByRole('button', { name: 'Nouvelle vente' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Back to the closing at once: the sale is in it (it was left stale by a sale, not by a payment).
    await posNav(pos, 'Rapport');
    await drawCardSays(pos, 3, morning.amount + fiche.amount + replayed.amount);

    // The company enters the draw's result through its API: 23 is the first lot.
    const admin = await h.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: 'demo', password: 'demo1234' },
    });
    const entered = await h.app.inject({
      method: infoTirageEndpoints.create.method,
      url: infoTirageEndpoints.create.path,
      headers: { authorization: `Token ${admin.json().accessToken}` },
      payload: {
        tirage_id: drawId,
        draw_date: await companyToday(h.database.raw, companyId),
        pick3: '123',
        pick4: '4567',
      },
    });
    expect(entered.statusCode, entered.body).toBeLessThan(300);

    // The morning's receipt under the camera: the ticket, its winnings, « Payer ».
    await posNav(pos, 'Payer');
    await pos.getByRole('button', { name: 'Scanner une fiche' }).click();
    await pos.getByRole('heading', { name: `N° ${earlier.number}`, exact: true }).waitFor();
    await pos.getByText(/Payable jusqu’au \d{2}\/\d{2}\/\d{4}/).waitFor();
    await shot(pos, '4-scanned');
    await pos.getByRole('button', { name: /^Payer 500,00/ }).click();
    await pos.getByRole('dialog').getByRole('button', { name: 'Payer', exact: true }).click();
    await pos.getByText(new RegExp(`Fiche n° ${earlier.number} payée : remettez 500,00`)).waitFor();
    const [paid] = await h.database.raw.query<{ paid: boolean; paid_by: number | null; paid_amount: number }>(
      'SELECT paid_at IS NOT NULL AS paid, paid_by::int AS paid_by, paid_amount::int AS paid_amount FROM fiches WHERE id = $1',
      [earlier.id],
    );
    expect(paid).toEqual({ paid: true, paid_by: agentId, paid_amount: 50000 });

    // Evening: the day's closing, the API's figures on screen.
    await posNav(pos, 'Rapport');
    const section = pos.getByRole('region', { name: 'Clôture de la journée' });
    const cards = section.getByRole('list', { name: 'Clôture par tirage' });
    await cards.getByText(DRAW).waitFor();
    const closing = await posGet<AgentClosing>(pos, '/api/agents/closing');
    await shot(pos, '5-closing');
    const mine = closing.draws.find((d) => d.tirage_name === DRAW);
    // Three tickets (the morning's, the sale, the replay), the copy sold nothing, the payout is there.
    const sold = [fiche, replayed, await ficheView(pos, earlier.id)];
    expect(mine).toMatchObject({
      tickets: 3,
      sales: sold.reduce((s, f) => s + f.amount, 0),
      payouts: 50000,
      paid: 1,
    });
    const field = (card: Locator, id: string) => card.locator(`[data-card-field="${id}"] dd`).textContent();
    for (const [name, f] of [
      ...closing.draws.map((d) => [d.tirage_name, d] as const),
      ['Total', closing.totals] as const,
    ]) {
      const card = cards.getByRole('listitem').filter({ hasText: name }).first();
      expect(digits(await field(card, 'tickets')), name).toBe(String(f.tickets));
      expect(digits(await field(card, 'sales')), name).toBe(amount(f.sales));
      expect(digits(await field(card, 'commission')), name).toBe(amount(f.commission));
      // « 500,00 (1) »: the amount paid, then how many tickets.
      const payouts = (await field(card, 'payouts')) ?? '';
      expect(digits(payouts.split('(')[0]), name).toBe(amount(f.payouts));
      if (f.paid) expect(payouts, name).toContain(`(${f.paid})`);
      expect(digits(await field(card, 'balance')).replace(/^-/, ''), name).toBe(amount(Math.abs(f.balance)));
    }
    const owed = digits(await section.locator('[data-closing-owed] [data-balance-amount]').textContent());
    expect(owed.replace(/^-/, '')).toBe(amount(Math.abs(closing.wallet.owed_end)));

    // The closing on paper: a fresh read, exactly its bytes.
    fiche = await ficheView(pos, firstId);
    expect(fiche.print_count).toBe(2);
    const read = pos.waitForResponse((r) => r.url().includes('/api/agents/closing'));
    await section.getByRole('button', { name: 'Imprimer la clôture' }).click();
    const printedFrom = (await (await read).json()) as AgentClosing;
    const want = closingEscpos(printedFrom, 58);
    await expect.poll(() => printedCount(pos)).toBe(want.length);
    expect(Buffer.from(await takePrinted(pos)).equals(Buffer.from(want))).toBe(true);
    expect(printedFrom.totals).toEqual(closing.totals);
    expect(Date.now() - started).toBeLessThan(90_000);
  }, 120_000);
});
