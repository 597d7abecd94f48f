import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyToday, enterResult, middayZone, sell } from '../apps/server/test/engine-fixtures';
import { describeBrowser, type Harness, startHarness } from './harness';

/**
 * The point of sale's rough edges of issue 16 in a real browser: blocked balls flagged as typed, a
 * refused sale naming every bad line at once, the receipt's public link (shown, copied, shared), and
 * « Payer » saying whose ticket it is before confirming — and never keeping a stale ticket payable.
 */
describeBrowser('point of sale: every problem at once, the receipt’s link, whose ticket is paid', () => {
  let h: Harness;
  let companyId: number;
  const SELL = 'Tirage POS Vente';
  const PAY = 'Tirage POS Paie';
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    // A midday zone and draws of the company's own forced open: they sell whatever the hour of the run.
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    for (const name of [SELL, PAY]) {
      const [row] = await raw.query<{ id: number }>(
        `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
         VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
        [companyId, name],
      );
      ids[name] = row.id;
    }
    await raw.query("INSERT INTO boule_blocks (company_id, number, tirage_id) VALUES ($1, '12', $2)", [
      companyId,
      ids[SELL],
    ]);
  });
  afterAll(() => h?.close());

  const agentId = async (username: string) =>
    (await h.database.raw.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]))[0].id;

  const tickets = async () =>
    (
      await h.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE company_id = $1', [
        companyId,
      ])
    )[0].n;

  async function posPage(username: string, width = 390) {
    const { page, context } = await h.newPage({ width, height: 844 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    // Web Share stubbed: what the page hands to the phone's share sheet is recorded.
    await page.addInitScript(() => {
      const w = window as unknown as { shared: ShareData[] };
      w.shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          w.shared.push(data);
        },
      });
    });
    await page.goto('/pos');
    await page.getByLabel('Pseudoname').fill(username);
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    return page;
  }

  it('flags a blocked ball as it is typed, and a refused sale names every bad line at once', async () => {
    const pos = await posPage('agent1');
    await pos.getByRole('checkbox', { name: new RegExp(SELL) }).click();
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    // Typed, before Enter and before the stake: said under the input.
    await entry.fill('12');
    await pos.getByText(`La boule 12 est bloquée pour ${SELL}.`).waitFor();
    await entry.fill('12 10');
    await entry.press('Enter');
    await pos.getByText(`Ligne 1 : la boule 12 est bloquée pour ${SELL}.`).first().waitFor();
    const sellButton = pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true });
    expect(await sellButton.isDisabled()).toBe(true);
    await pos.getByRole('button', { name: 'Retirer le pari 1' }).click();

    // What the POS cannot know beforehand (limits, a block set a moment ago): the server names all of it.
    for (const bet of ['45 10', '67 10', '23 10', '89 5']) {
      await entry.fill(bet);
      await entry.press('Enter');
    }
    await h.database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '45', 100), ($1, 20, '67', 200)",
      [companyId],
    );
    await h.database.raw.query("INSERT INTO boule_blocks (company_id, number) VALUES ($1, '23')", [companyId]);
    const before = await tickets();
    await sellButton.click();
    await pos.getByText('3 paris à corriger : voyez en rouge ci-dessous.').waitFor();
    const lines = pos.getByRole('list', { name: 'Paris de la fiche' });
    await lines.getByText(`Ligne 1 : 45 : maximum 1,00 HTG encore pour ${SELL}`).waitFor();
    await lines.getByText(`Ligne 2 : 67 : maximum 2,00 HTG encore pour ${SELL}`).waitFor();
    await lines.getByText(`Ligne 3 : la boule 23 est bloquée pour ${SELL}.`).waitFor();
    expect(await lines.getByText(/^Ligne 4/).count()).toBe(0);
    expect(await tickets()).toBe(before);
    await h.database.raw.query("DELETE FROM sale_limits WHERE company_id = $1 AND number IN ('45', '67')", [companyId]);
    await h.database.raw.query("DELETE FROM boule_blocks WHERE company_id = $1 AND number = '23'", [companyId]);
  });

  it('shows the receipt’s public link after the sale and when the ticket is reopened: copied and shared', async () => {
    const pos = await posPage('agent2');
    await pos.getByRole('checkbox', { name: new RegExp(SELL) }).click();
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    await entry.fill('34 10');
    await entry.press('Enter');
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    const title = pos.getByRole('heading', { name: /Fiche n° \d+/ });
    await title.waitFor();
    const number = Number(/(\d+)/.exec((await title.textContent()) ?? '')?.[1]);
    const [{ ref_code: ref }] = await h.database.raw.query<{ ref_code: string }>(
      'SELECT ref_code FROM fiches WHERE company_id = $1 AND number = $2',
      [companyId, number],
    );
    const url = `${h.baseUrl}/fiche-view/${ref}`;
    const dialog = pos.getByRole('dialog');
    await dialog.getByText('Lien public de la fiche').waitFor();
    expect(await dialog.getByRole('link', { name: 'Ouvrir le lien public de la fiche' }).getAttribute('href')).toBe(
      url,
    );
    await dialog.getByRole('button', { name: 'Copier le lien' }).click();
    await pos.getByText('Lien copié.').waitFor();
    expect(await pos.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await dialog.getByRole('button', { name: 'Partager', exact: true }).click();
    await expect
      .poll(() => pos.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([{ title: `Fiche n° ${number}`, text: expect.stringContaining(String(number)), url }]);

    // « Partager le reçu »: the receipt-width PDF handed to the share sheet as a file.
    await pos.evaluate(() => Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true }));
    await dialog.getByRole('button', { name: 'Partager le reçu' }).click();
    await expect
      .poll(() =>
        pos.evaluate(async () => {
          const f = (window as unknown as { shared: ShareData[] }).shared[1]?.files?.[0];
          return f ? { name: f.name, type: f.type, head: await f.slice(0, 5).text() } : null;
        }),
      )
      .toEqual({ name: `fiche-${number}.pdf`, type: 'application/pdf', head: '%PDF-' });

    // Reopened from « Fiches »: the same link.
    await pos.getByRole('button', { name: 'Nouvelle vente' }).click();
    await pos
      .getByRole('navigation', { name: 'Écrans du point de vente' })
      .getByRole('button', { name: 'Fiches' })
      .click();
    await pos.getByRole('button', { name: `Voir la fiche n° ${number}` }).click();
    await pos.getByRole('dialog').getByText(url).waitFor();
  });

  it('« Payer » names another seller or sub-branch before confirming, holds back another sub-branch’s ticket the company forbids, and drops a ticket once the entry changes', async () => {
    const raw = h.database.raw;
    const today = await companyToday(raw, companyId);
    const sold: Record<string, { number: number; code: string }> = {};
    // agent2 shares agent1's sub-branch (Centre-Ville); agent4 is at Pétion-Ville.
    for (const username of ['agent2', 'agent4']) {
      const f = await sell(raw, {
        companyId,
        agentId: await agentId(username),
        tirages: [ids[PAY]],
        lines: [{ code: 20, number: '23', stake: 1000 }],
      });
      const [row] = await raw.query<{ code: string }>(
        'SELECT borlette_fiche_code(ref_code) AS code FROM fiches WHERE id = $1',
        [f.id],
      );
      sold[username] = { number: f.number, code: row.code };
    }
    await enterResult(h.database, { companyId, tirageId: ids[PAY], date: today, pick3: '123', pick4: '4567' });

    const pos = await posPage('agent1');
    await pos
      .getByRole('navigation', { name: 'Écrans du point de vente' })
      .getByRole('button', { name: 'Payer' })
      .click();
    const numberField = pos.getByRole('textbox', { name: 'Numéro de la fiche' });
    const codeField = pos.getByRole('textbox', { name: 'Code de vérification du reçu' });
    const find = async (v: { number: number; code: string }) => {
      await numberField.fill(String(v.number));
      await codeField.fill(v.code);
      await codeField.press('Enter');
    };
    const payButton = pos.getByRole('button', { name: /^Payer 500,00/ });

    await find(sold.agent2);
    const sameBranch = /Fiche d’un autre vendeur : vendue par .+, de votre succursale\./;
    await pos.getByText(sameBranch).first().waitFor();
    await payButton.click();
    const confirm = pos.getByRole('dialog');
    await confirm.getByText(sameBranch).waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();

    // A changed or invalid entry drops the ticket found: nothing stale stays payable.
    await numberField.fill(`${sold.agent2.number}9`);
    await expect.poll(() => payButton.count()).toBe(0);
    await codeField.press('Enter');
    await pos
      .getByText(/Numéro invalide|Fiche introuvable/)
      .first()
      .waitFor();
    expect(await payButton.count()).toBe(0);

    await find(sold.agent4);
    const otherBranch = /Fiche d’une autre succursale : vendue par .+ \(Succursale Pétion-Ville\)\./;
    await pos.getByText(otherBranch).first().waitFor();
    await payButton.click();
    await pos.getByRole('dialog').getByText(otherBranch).waitFor();
    await pos.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

    // The company forbids paying another sub-branch's ticket: the POS says so before any attempt, and
    // « Payer » stays disabled; a ticket of the agent's own sub-branch stays payable.
    const setAllowed = (allowed: boolean) =>
      raw.query('UPDATE company_settings SET agents_pay_other_branches = $2 WHERE company_id = $1', [
        companyId,
        allowed,
      ]);
    await setAllowed(false);
    try {
      await pos.reload();
      await pos
        .getByRole('navigation', { name: 'Écrans du point de vente' })
        .getByRole('button', { name: 'Payer' })
        .click();
      await find(sold.agent4);
      await pos
        .getByText(
          /Fiche d’une autre succursale : vendue par .+ \(Succursale Pétion-Ville\)\. Votre compagnie ne permet pas de la payer ici\./,
        )
        .waitFor();
      await expect.poll(() => payButton.isDisabled()).toBe(true);
      await find(sold.agent2);
      await pos.getByText(sameBranch).first().waitFor();
      await expect.poll(() => payButton.isEnabled()).toBe(true);
    } finally {
      await setAllowed(true);
    }
  });
});
