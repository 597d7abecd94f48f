import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * Agent credit and collections in a real browser (issue 20 §2): agent2 sells until its ceiling (the
 * POS shows « Plafond de crédit atteint »), the demo supervisor collects from it at /dashboard/collections,
 * and agent2 sells again.
 */

const DRAW = 'Tirage Crédit';

describeBrowser('agent credit: sell to the ceiling, collect, sell again', () => {
  let h: Harness;
  let agentId: number;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    const [{ id: companyId }] = await raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [companyId, middayZone()]);
    await raw.query(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open')`,
      [companyId, DRAW],
    );
    [{ id: agentId }] = await raw.query<{ id: number }>("SELECT id FROM users WHERE username = 'agent2'");
    // A ceiling one 10 HTG sale above what agent2 owes now: one sale passes, the next is refused.
    await raw.query(
      `UPDATE users SET credit_mode = 'ceiling', credit_limit = 1000 + (
         SELECT coalesce(sum(total), 0) FROM wallet_agent_day WHERE agent_id = $1) WHERE id = $1`,
      [agentId],
    );
    const [{ id: supId }] = await raw.query<{ id: number }>("SELECT id FROM users WHERE username = 'superviseur'");
    for (const c of ['view_collection', 'add_collection'])
      await raw.query('INSERT INTO user_permissions (user_id, codename) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        supId,
        c,
      ]);
  });
  afterAll(() => h?.close());

  async function sell(pos: Page) {
    const fold = pos.getByRole('button', { name: /^(Modifier|Replier)$/ });
    if ((await fold.count()) && (await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
    const box = pos.getByRole('checkbox', { name: new RegExp(DRAW) });
    if ((await box.getAttribute('aria-checked')) !== 'true') await box.click();
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    await entry.fill('23 10');
    await entry.press('Enter');
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
  }

  it('refuses at the ceiling on the POS, sells again once the supervisor collected', async () => {
    const { page: pos } = await h.newPage({ width: 390, height: 844 });
    await pos.goto('/pos');
    await pos.getByLabel('Pseudoname').fill('agent2');
    await pos.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await pos.getByRole('button', { name: 'Se connecter' }).click();

    await sell(pos);
    await pos.getByRole('heading', { name: /Fiche n° \d+/ }).waitFor();
    await pos.getByRole('button', { name: 'Nouvelle vente' }).click();
    await pos.getByRole('dialog').waitFor({ state: 'hidden' });

    await sell(pos);
    await pos
      .getByText(/Plafond de crédit atteint : il reste [\d\s\u202f\u00a0]+,\d\d HTG\./)
      .first()
      .waitFor();

    // The supervisor collects 20 HTG from agent2.
    const { page: office } = await h.newPage();
    await office.goto('/auth/login');
    await signIn(office, 'superviseur');
    await office.waitForURL('**/dashboard/app');
    await office.goto('/dashboard/collections');
    await office.getByRole('button', { name: 'Nouvelle collecte' }).first().click();
    const dialog = office.getByRole('dialog', { name: 'Nouvelle collecte' });
    await dialog.getByLabel('Vendeur').fill('Rose');
    await office.getByRole('option', { name: /Rose Charles/ }).click();
    await dialog.getByLabel('Montant (HTG)').fill('20');
    await dialog.getByRole('button', { name: 'Enregistrer la collecte' }).click();
    await office.getByText('Collecte enregistrée pour Rose Charles.').waitFor();
    // Recorded: its receipt is offered, printed on a click (e2e/collections-printing.test.ts).
    await office
      .getByRole('dialog', { name: 'Collecte enregistrée' })
      .getByRole('button', { name: 'Imprimer' })
      .waitFor();
    const [{ n }] = await h.database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM wallet_entries WHERE agent_id = $1 AND kind = 'collection' AND amount = -2000",
      [agentId],
    );
    expect(n).toBe(1);

    // The agent sells again.
    await pos.reload();
    await pos.getByRole('textbox', { name: 'Saisie des paris' }).waitFor();
    await pos
      .getByRole('button', { name: /^(Modifier|Replier)$/ })
      .or(pos.getByRole('checkbox', { name: new RegExp(DRAW) }))
      .first()
      .waitFor();
    await sell(pos);
    await pos.getByRole('heading', { name: /Fiche n° \d+/ }).waitFor();
  });

  it('the admin narrows the collections to one supervisor’s agents', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/collections');
    await page.getByRole('combobox', { name: 'Superviseur' }).click();
    await page.getByRole('option', { name: 'Marie Joseph' }).click();
    await page.waitForURL(/supervisor_id=\d+/);
    await page.getByText('Rose Charles').first().waitFor();
  });
});
