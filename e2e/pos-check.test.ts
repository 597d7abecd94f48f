import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone, sell } from '../apps/server/test/engine-fixtures';
import { describeBrowser, type Harness, startHarness } from './harness';

/**
 * Issue 18, faster selling: the live check says beside each line what the sale would refuse (a ball
 * blocked a moment ago, a limit reached) or what remains, before « Vendre »; « Rejouer » prefills a new
 * sale from one of my tickets; a sale can be made with the keyboard only.
 */
describeBrowser('point of sale: live check, replay, keyboard-only sale', () => {
  let h: Harness;
  let companyId: number;
  const DRAW = 'Tirage Vérif Direct';
  let drawId: number;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    const [row] = await raw.query<{ id: number }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
      [companyId, DRAW],
    );
    drawId = row.id;
  });
  afterAll(() => h?.close());

  const tickets = async () =>
    (
      await h.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE company_id = $1', [
        companyId,
      ])
    )[0].n;

  const entryOf = (page: Page) => page.getByRole('textbox', { name: 'Saisie des paris' });

  async function posPage(username: string, width = 390) {
    const { page } = await h.newPage({ width, height: 844 });
    await page.goto('/pos');
    await page.getByLabel('Pseudoname').fill(username);
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    return page;
  }

  it('says beside each line what the check finds, before « Vendre », without selling', async () => {
    const pos = await posPage('agent3');
    await pos.getByRole('checkbox', { name: new RegExp(DRAW) }).click();
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    // What the POS cannot know from its config: a block and limits set after it was loaded.
    await h.database.raw.query("INSERT INTO boule_blocks (company_id, number, tirage_id) VALUES ($1, '31', $2)", [
      companyId,
      drawId,
    ]);
    await h.database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount, tirage_id) VALUES ($1, 20, '45', 500, $2), ($1, 20, '46', 5000, $2)",
      [companyId, drawId],
    );
    const before = await tickets();
    for (const bet of ['31 10', '45 10', '46 10']) {
      await entry.fill(bet);
      await entry.press('Enter');
    }
    const lines = pos.getByRole('list', { name: 'Paris de la fiche' });
    await lines.getByText(`Ligne 1 : la boule 31 est bloquée pour ${DRAW}.`).waitFor();
    await lines.getByText(`Ligne 2 : 45 : maximum 5,00 HTG encore pour ${DRAW}`).waitFor();
    await lines.getByText(/Reste 50,00\sHTG sous la limite/).waitFor();
    expect(await tickets()).toBe(before);

    // Fixed lines: the check follows (one request after the pause), and the sale passes.
    await pos.getByRole('button', { name: 'Retirer le pari 1' }).click();
    await pos.getByRole('button', { name: 'Modifier le pari 1' }).click();
    await entry.fill('45 5');
    await entry.press('Enter');
    await lines.getByText(/Reste 5,00\sHTG sous la limite/).waitFor();
    expect(await lines.getByText(/^Ligne/).count()).toBe(0);
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    await pos.getByRole('heading', { name: /Fiche n° \d+/ }).waitFor();
    expect(await tickets()).toBe(before + 1);
  });

  it('« Rejouer » prefills a new sale with a ticket’s bets on its draw open today; nothing is sold', async () => {
    const raw = h.database.raw;
    const [{ id: agentId }] = await raw.query<{ id: number }>("SELECT id FROM users WHERE username = 'agent4'");
    const old = await sell(raw, {
      companyId,
      agentId,
      tirages: [drawId],
      lines: [
        { code: 20, number: '23', stake: 1000 },
        { code: 40, number: '12*34', stake: 500 },
      ],
    });
    const pos = await posPage('agent4');
    await pos
      .getByRole('navigation', { name: 'Écrans du point de vente' })
      .getByRole('button', { name: 'Fiches' })
      .click();
    const before = await tickets();
    await pos.getByRole('button', { name: `Rejouer la fiche n° ${old.number}` }).click();
    await pos.getByText(`Fiche n° ${old.number} rejouée : 2 paris repris. Vérifiez, puis vendez.`).waitFor();
    const lines = pos.getByRole('list', { name: 'Paris de la fiche' });
    await lines.getByText('12*34').waitFor();
    expect(await lines.getByRole('listitem').count()).toBe(2);
    // On a phone the chosen draws fold into one line: unfolded, the ticket's draw is the one chosen.
    await pos.getByRole('button', { name: 'Modifier', exact: true }).click();
    expect(await pos.getByRole('checkbox', { name: new RegExp(DRAW) }).getAttribute('aria-checked')).toBe('true');

    // From the ticket view too; a ticket being typed is replaced only once the agent agrees.
    await entryOf(pos).fill('99 1');
    await entryOf(pos).press('Enter');
    await pos
      .getByRole('navigation', { name: 'Écrans du point de vente' })
      .getByRole('button', { name: 'Fiches' })
      .click();
    await pos.getByRole('button', { name: `Voir la fiche n° ${old.number}` }).click();
    await pos.getByRole('dialog').getByRole('button', { name: 'Rejouer' }).click();
    await pos.getByRole('button', { name: 'Remplacer' }).click();
    await pos.getByRole('textbox', { name: 'Saisie des paris' }).waitFor();
    await lines.getByText('12*34').waitFor();
    expect(await lines.getByRole('listitem').count()).toBe(2);
    expect(await lines.getByText('99').count()).toBe(0);
    expect(await tickets()).toBe(before);
  });

  it('sells with the keyboard only: draw, bets with * and an option, Enter, Ctrl+Enter', async () => {
    const pos = await posPage('agent5', 1440);
    const focusedName = () =>
      pos.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        const labels = [...(el?.labels ?? [])].map((l) => l.textContent).join(' ');
        return `${el?.getAttribute('aria-label') ?? ''} ${el?.textContent ?? ''} ${labels}`;
      });
    const tabTo = async (page: Page, match: RegExp) => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        if (match.test(await focusedName())) return;
      }
      throw new Error(`never focused ${match}`);
    };
    await pos.getByRole('textbox', { name: 'Saisie des paris' }).waitFor();
    await tabTo(pos, new RegExp(DRAW));
    await pos.keyboard.press('Space');
    expect(await pos.getByRole('checkbox', { name: new RegExp(DRAW) }).getAttribute('aria-checked')).toBe('true');
    await tabTo(pos, /Saisie des paris/);
    for (const bet of ['17 10', '12*56 5', '4567 o1 2']) {
      await pos.keyboard.type(bet);
      await pos.keyboard.press('Enter');
    }
    const lines = pos.getByRole('list', { name: 'Paris de la fiche' });
    await lines.getByText('4567').waitFor();
    expect(await lines.getByRole('listitem').count()).toBe(3);
    const before = await tickets();
    await pos.keyboard.press('Control+Enter');
    await pos.getByRole('heading', { name: /Fiche n° \d+/ }).waitFor();
    expect(await tickets()).toBe(before + 1);
  });
});
