import type { FicheView } from '@borlette/shared/contracts/fiches';
import { ticketEscpos } from '@borlette/shared/receipt/escpos';
import { ticketReceipt } from '@borlette/shared/receipt/model';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { describeBrowser, type Harness, startHarness } from './harness';
import { chooseSerialPrinter, fakeSerialPrinter, printedCount, signInPos, takePrinted } from './pos-kit';

/**
 * Printing at the transport seam (issue 18): a fake Web Serial port injected before the app loads
 * records every byte the POS writes; the bytes of a ticket sold through the UI are exactly the shared
 * ESC/POS rendering of that ticket. A port that fails leaves the ticket sold, says so, and offers
 * « Réimprimer », which prints a counted copy « COPIE 2 ».
 */
describeBrowser('point of sale: printing on a thermal printer through Web Serial', () => {
  let h: Harness;
  let companyId: number;
  const DRAW = 'Tirage POS Imprimante';

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    // A midday zone and a draw forced open: it sells whatever the hour of the run.
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    await raw.query(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open')`,
      [companyId, DRAW],
    );
  });
  afterAll(() => h?.close());

  async function posWithSerialPrinter(username: string): Promise<Page> {
    const { page, context } = await h.newPage({ width: 390, height: 844 });
    await fakeSerialPrinter(context);
    await signInPos(page, username);
    await chooseSerialPrinter(page);
    return page;
  }

  const printed = printedCount;

  async function sellOne(page: Page, bet: string): Promise<number> {
    await page.getByRole('checkbox', { name: new RegExp(DRAW) }).click();
    const entry = page.getByRole('textbox', { name: 'Saisie des paris' });
    await entry.fill(bet);
    await entry.press('Enter');
    await page.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    const title = page.getByRole('heading', { name: /Fiche n° \d+/ });
    await title.waitFor();
    return Number(/(\d+)/.exec((await title.textContent()) ?? '')?.[1]);
  }

  /** The ticket as the API answers it to its agent. */
  async function ficheOf(page: Page, number: number): Promise<FicheView> {
    const [{ id }] = await h.database.raw.query<{ id: number }>(
      'SELECT id FROM fiches WHERE company_id = $1 AND number = $2',
      [companyId, number],
    );
    return page.evaluate(async (ficheId) => {
      const token = localStorage.getItem('pos.accessToken');
      const res = await fetch(`/api/agents/fiche?id=${ficheId}`, { headers: { Authorization: `Token ${token}` } });
      return res.json();
    }, id);
  }

  it('prints the ticket sold by itself, and its bytes are the shared ESC/POS rendering', async () => {
    const pos = await posWithSerialPrinter('agent3');
    const number = await sellOne(pos, '45 10');
    await expect.poll(() => printed(pos)).toBeGreaterThan(0);
    const bytes = await takePrinted(pos);
    const fiche = await ficheOf(pos, number);
    const expected = ticketEscpos(ticketReceipt(fiche, h.baseUrl), 58);
    expect(Uint8Array.from(bytes)).toEqual(expected);
    // The same bytes as the server serves to RawBT or a native shell.
    const served = await pos.evaluate(async (ficheId) => {
      const token = localStorage.getItem('pos.accessToken');
      const res = await fetch(`/api/agents/fiches/escpos?id=${ficheId}&width=58`, {
        headers: { Authorization: `Token ${token}` },
      });
      return Array.from(new Uint8Array(await res.arrayBuffer()));
    }, fiche.id);
    expect(Uint8Array.from(served)).toEqual(expected);
    expect(await pos.evaluate(() => (window as unknown as { __baud: number }).__baud)).toBe(9600);
    // Printed once: no alert, the button offers a copy now.
    expect(await pos.getByRole('alert').count()).toBe(0);
    await pos.getByRole('dialog').getByRole('button', { name: 'Réimprimer' }).waitFor();
  });

  it('a failing printer leaves the ticket sold, says so, and « Réimprimer » prints « COPIE 2 »', async () => {
    const pos = await posWithSerialPrinter('agent4');
    await pos.evaluate(() => {
      (window as unknown as { __portFails: boolean }).__portFails = true;
    });
    const number = await sellOne(pos, '67 5');
    const alert = pos.getByRole('alert').filter({ hasText: 'La fiche est vendue, mais elle n’a pas été imprimée.' });
    await alert.waitFor();
    await alert.getByText('L’impression a échoué').waitFor();
    const [sold] = await h.database.raw.query<{ status: string; print_count: number }>(
      'SELECT status, print_count FROM fiches WHERE company_id = $1 AND number = $2',
      [companyId, number],
    );
    expect(sold.status).not.toBe('annule');
    expect(sold.print_count).toBe(1);

    // The printer is back: the copy is counted by the server (print 2), marked, and prints.
    await pos.evaluate(() => {
      (window as unknown as { __portFails: boolean }).__portFails = false;
    });
    await alert.getByRole('button', { name: 'Réimprimer' }).click();
    await expect.poll(() => printed(pos)).toBeGreaterThan(0);
    await alert.waitFor({ state: 'detached' });
    const bytes = await takePrinted(pos);
    const fiche = await ficheOf(pos, number);
    expect(fiche.print_count).toBe(2);
    expect(Uint8Array.from(bytes)).toEqual(ticketEscpos(ticketReceipt(fiche, h.baseUrl, { copy: 2 }), 58));
    expect(Buffer.from(bytes).toString('latin1')).toContain('COPIE 2');
    await pos.getByRole('dialog').getByText('COPIE 2').waitFor();
  });
});
