import type { AgentClosing } from '@borlette/shared/contracts/closing';
import { closingEscpos } from '@borlette/shared/receipt/closing-escpos';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { formatDecimal } from '../apps/web/src/lib/format';
import { describeBrowser, type Harness, startHarness } from './harness';

/**
 * The agent's day closing in a real browser: it sells through the POS, opens « Rapport », and every
 * figure of « Clôture de la journée » (per draw, total, wallet) equals what GET /api/agents/closing
 * answers; « Imprimer la clôture » sends to the printer (a fake Web Serial port) exactly the bytes
 * closingEscpos makes of the closing the page read.
 */

const A = 'Tirage Clôture A';
const B = 'Tirage Clôture B';
const digits = (s: string | null) => (s ?? '').replace(/[^\d,-]/g, '');
const amount = (v: number) => digits(formatDecimal(v, 'fr'));

describeBrowser('point of sale: the day closing on screen and on the printer', () => {
  let h: Harness;
  let companyId: number;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    for (const name of [A, B])
      await raw.query(
        `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
         VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open')`,
        [companyId, name],
      );
  });
  afterAll(() => h?.close());

  /** The POS with a fake Web Serial printer: every byte written is kept in window.printed. */
  async function posPage(username: string) {
    const { page } = await h.newPage({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { printed: number[] };
      w.printed = [];
      const port = {
        writable: null as WritableStream<Uint8Array> | null,
        getInfo: () => ({ usbVendorId: 1208, usbProductId: 514 }),
        async open() {
          port.writable = new WritableStream<Uint8Array>({
            write(chunk) {
              w.printed.push(...chunk);
            },
          });
        },
        async close() {
          port.writable = null;
        },
      };
      Object.defineProperty(navigator, 'serial', {
        configurable: true,
        value: { requestPort: async () => port, getPorts: async () => [port] },
      });
      localStorage.setItem(
        'pos.printer',
        JSON.stringify({ transport: 'serial', width: 58, autoPrint: false, baudRate: 9600, chunkSize: 100 }),
      );
    });
    await page.goto('/pos');
    await page.getByLabel('Pseudoname').fill(username);
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    return page;
  }

  async function sellOn(pos: Page, draws: string[], bets: string[]) {
    // After a sale the draws stay chosen and their grid folds: open it, then choose exactly `draws`.
    const fold = pos.getByRole('button', { name: /^(Modifier|Replier)$/ });
    if ((await fold.count()) && (await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
    for (const name of [A, B]) {
      const box = pos.getByRole('checkbox', { name: new RegExp(name) });
      if ((await box.getAttribute('aria-checked')) !== String(draws.includes(name))) await box.click();
    }
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    for (const bet of bets) {
      await entry.fill(bet);
      await entry.press('Enter');
    }
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    await pos.getByRole('heading', { name: /Fiche n° \d+/ }).waitFor();
    await pos.getByRole('button', { name: 'Nouvelle vente' }).click();
    await pos.getByRole('dialog').waitFor({ state: 'hidden' });
  }

  it('shows the API’s figures and prints closingEscpos’s bytes', async () => {
    const pos = await posPage('agent3');
    await sellOn(pos, [A, B], ['23 10', '45 5']);
    await sellOn(pos, [A], ['67 20']);

    await pos
      .getByRole('navigation', { name: 'Écrans du point de vente' })
      .getByRole('button', { name: 'Rapport' })
      .click();
    const section = pos.getByRole('region', { name: 'Clôture de la journée' });
    const cards = section.getByRole('list', { name: 'Clôture par tirage' });
    await cards.getByText(A).waitFor();

    const login = await h.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: 'agent3', password: 'demo1234' },
    });
    const token = login.json().accessToken as string;
    const api = (
      await h.app.inject({ url: '/api/agents/closing', headers: { authorization: `Token ${token}` } })
    ).json();
    const closing = api as AgentClosing;
    const drawA = closing.draws.find((d) => d.tirage_name === A);
    expect(drawA).toMatchObject({ tickets: 2, sales: 3500 });
    expect(closing.draws.find((d) => d.tirage_name === B)).toMatchObject({ tickets: 1, sales: 1500 });

    // Each draw's card and the totals card: the API's figures.
    const field = (card: ReturnType<Page['locator']>, id: string) =>
      card.locator(`[data-card-field="${id}"] dd`).textContent();
    for (const [name, f] of [
      ...closing.draws.map((d) => [d.tirage_name, d] as const),
      ['Total', closing.totals] as const,
    ]) {
      const card = cards.getByRole('listitem').filter({ hasText: name }).first();
      expect(digits(await field(card, 'tickets')), name).toBe(String(f.tickets));
      expect(digits(await field(card, 'sales')), name).toBe(amount(f.sales));
      expect(digits(await field(card, 'commission')), name).toBe(amount(f.commission));
      expect(digits(await field(card, 'balance')).replace(/^-/, ''), name).toBe(amount(Math.abs(f.balance)));
    }
    // The wallet: what the agent owes at the end of the day.
    const owed = digits(await section.locator('[data-closing-owed] [data-balance-amount]').textContent());
    expect(owed.replace(/^-/, '')).toBe(amount(Math.abs(closing.wallet.owed_end)));
    await section.getByText(/fiches vendues ce jour/).waitFor();

    // « Imprimer la clôture »: a fresh read, then its bytes on the printer.
    const read = pos.waitForResponse((r) => r.url().includes('/api/agents/closing'));
    await section.getByRole('button', { name: 'Imprimer la clôture' }).click();
    const printedFrom = (await (await read).json()) as AgentClosing;
    const want = closingEscpos(printedFrom, 58);
    await expect
      .poll(() => pos.evaluate(() => (window as unknown as { printed: number[] }).printed.length))
      .toBe(want.length);
    const got = await pos.evaluate(() => (window as unknown as { printed: number[] }).printed);
    expect(Buffer.from(got).equals(Buffer.from(want))).toBe(true);
    expect(printedFrom.totals).toEqual(closing.totals);
  });
});
