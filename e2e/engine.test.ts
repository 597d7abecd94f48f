import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { describeBrowser, enterResultAsDemoAdmin, type Harness, startHarness } from './harness';

/**
 * The chain in a real browser: an agent sells a ticket with several bet types on /pos, the
 * admin enters the result, the ticket is winning in the back office and on its public link, the
 * agent pays it, it is in the paid list, and a second payment is refused.
 */
describeBrowser('selling, results, winners and payment (engine)', () => {
  let h: Harness;
  const DRAW = 'Tirage E2E';

  beforeAll(async () => {
    h = await startHarness();
    // A midday zone (the test never straddles the company's midnight) and a draw of the company's own,
    // forced open: it sells now and takes its result at once, whatever the hour of the run.
    await h.database.raw.query("UPDATE companies SET timezone = $1 WHERE ref_code = 'DEMO'", [middayZone()]);
    await h.database.raw.query(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       SELECT id, $1, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open' FROM companies WHERE ref_code = 'DEMO'`,
      [DRAW],
    );
  });
  afterAll(() => h?.close());

  it('sells on /pos, settles on the result, shows the winner, pays it once', async () => {
    // 1. The agent sells on a phone.
    const { page: pos } = await h.newPage({ width: 390, height: 844 });
    await pos.goto('/pos');
    await pos.getByLabel('Pseudoname').fill('agent1');
    await pos.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await pos.getByRole('button', { name: 'Se connecter' }).click();
    await pos.getByRole('checkbox', { name: new RegExp(DRAW) }).click();
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    // Over the company's stake per line (100 000 HTG by default): said on the line before sending.
    await entry.fill('45 200000');
    await entry.press('Enter');
    await pos
      .getByText(/Ligne 1 : la mise dépasse le maximum de 100.000,00.HTG par pari\./)
      .first()
      .waitFor();
    expect(await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).isDisabled()).toBe(true);
    await pos.getByRole('button', { name: 'Retirer le pari 1' }).click();
    for (const bet of ['23 10', '12*34 5', '123 2', '4567 o1 1']) {
      await entry.fill(bet);
      await entry.press('Enter');
    }
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    const title = pos.getByRole('heading', { name: /Fiche n° \d+/ });
    await title.waitFor();
    const number = Number(/(\d+)/.exec((await title.textContent()) ?? '')?.[1]);
    const [sold] = await h.database.raw.query<{ ref_code: string; code: string; amount: number; lines: number }>(
      `SELECT f.ref_code, borlette_fiche_code(f.ref_code) AS code, f.amount, (SELECT count(*)::int FROM fiche_lines l WHERE l.fiche_id = f.id AND l.code <> 44) AS lines
         FROM fiches f WHERE f.number = $1 AND f.company_id = (SELECT id FROM companies WHERE ref_code = 'DEMO')`,
      [number],
    );
    expect(sold).toMatchObject({ amount: 1800, lines: 4 });
    // The receipt prints its verification code (ABCD-EFGH): what pays it with the number.
    await expect
      .poll(async () => (await pos.textContent('body')) ?? '')
      .toContain(`${sold.code.slice(0, 4)}-${sold.code.slice(4)}`);

    // 2. The admin enters the result: 123 / 4567 -> bolet 23 (×50), loto 3 123 (×500), loto 4 o1 4567 (×5000).
    const { page: admin } = await h.newPage();
    await enterResultAsDemoAdmin(admin, DRAW, '123', '4567');

    // 3. Winning in the back office (10 × 50 + 2 × 500 + 1 × 5000 = 6 500 HTG) and on its public link.
    await admin.goto('/dashboard/borlette/list-fiches-gagnants');
    const row = admin.getByRole('row', { name: new RegExp(String(number)) });
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/6\s?500,00/);
    expect(await row.textContent()).toMatch(/Gagnant/);
    const { page: visitor } = await h.newPage({ width: 390, height: 844 });
    await visitor.goto(`/fiche-view/${sold.ref_code}`);
    await visitor.getByText('Gagnant', { exact: false }).first().waitFor();
    expect(await visitor.textContent('body')).toMatch(/6\s?500,00/);

    // 4. The agent pays it by its number and the receipt's verification code.
    await pos.getByRole('button', { name: 'Nouvelle vente' }).click();
    await pos
      .getByRole('navigation', { name: 'Écrans du point de vente' })
      .getByRole('button', { name: 'Payer' })
      .click();
    const numberField = pos.getByRole('textbox', { name: 'Numéro de la fiche' });
    const codeField = pos.getByRole('textbox', { name: 'Code de vérification du reçu' });
    await numberField.fill(String(number));
    await codeField.fill(sold.code);
    await codeField.press('Enter');
    await pos.getByRole('button', { name: /^Payer 6\s?500,00/ }).click();
    await pos
      .getByRole('dialog')
      .getByRole('button', { name: /^Payer/ })
      .click();
    await expect
      .poll(() =>
        pos
          .getByText(new RegExp(`Fiche n° ${number} payée`))
          .first()
          .isVisible(),
      )
      .toBe(true);

    // 5. In the paid list; a second payment is refused (the screen says so, and so does the server).
    await admin.goto('/dashboard/borlette/list-fiches-payant');
    await admin.getByRole('row', { name: new RegExp(String(number)) }).waitFor();
    await numberField.fill(String(number));
    await codeField.fill(sold.code);
    await codeField.press('Enter');
    await expect
      .poll(() =>
        pos
          .getByText(/déjà été payée/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const second = await pos.evaluate(
      async (n) => {
        const token = localStorage.getItem('pos.accessToken');
        const res = await fetch('/api/agents/fiches/pay', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
          body: JSON.stringify(n),
        });
        return { status: res.status, body: await res.json() };
      },
      { number, code: sold.code },
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^Cette fiche a déjà été payée/);
    const payments = await h.database.raw.query(
      `SELECT 1 FROM fiche_payments p JOIN fiches f ON f.id = p.fiche_id
        WHERE f.number = $1 AND f.company_id = (SELECT id FROM companies WHERE ref_code = 'DEMO')`,
      [number],
    );
    expect(payments).toHaveLength(1);
  });
});
