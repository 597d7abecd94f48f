import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { describeBrowser, enterResultAsDemoAdmin, type Harness, signIn, startHarness } from './harness';

/**
 * Issue 16: « Tirage Démo » takes one result a day, then stops selling. The demo's admin puts it back
 * to its first morning from Lots gagnants (with a confirmation), and the agent sells on it again.
 */
describeBrowser('demo reset from the back office', () => {
  let h: Harness;
  const DRAW = 'Tirage Démo';
  const state = async () =>
    (
      await h.database.raw.query<{ reason: string | null }>(
        `SELECT s.reason FROM tirages t, borlette_tirage_state(t.id) s
          WHERE t.name = $1 AND t.company_id = (SELECT id FROM companies WHERE ref_code = 'DEMO')`,
        [DRAW],
      )
    )[0].reason;

  beforeAll(async () => {
    h = await startHarness();
    // A midday zone: the draw's close time (00:01) has passed and its result is taken, at any hour.
    await h.database.raw.query("UPDATE companies SET timezone = $1 WHERE ref_code = 'DEMO'", [middayZone()]);
  });
  afterAll(() => h?.close());

  it('enters the demo result, resets the demo, and the agent sells on « Tirage Démo » again', async () => {
    const { page: admin } = await h.newPage({ width: 1440, height: 900 });
    await enterResultAsDemoAdmin(admin, DRAW, '123', '4567');
    expect(await state()).toBe('result');

    await admin.goto('/dashboard/tirage/infotirage');
    await admin.getByRole('button', { name: 'Remettre la démo à zéro' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/Aucune autre compagnie n’est touchée/).waitFor();
    await dialog.getByRole('button', { name: 'Remettre à zéro' }).click();
    await admin
      .getByText(/Démonstration remise à zéro : 12 fiche\(s\) retirée\(s\)/)
      .first()
      .waitFor();
    expect(await state()).toBeNull();

    const { page: pos } = await h.newPage({ width: 390, height: 844 });
    await pos.goto('/pos');
    await pos.getByLabel('Pseudoname').fill('agent1');
    await pos.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await pos.getByRole('button', { name: 'Se connecter' }).click();
    await pos.getByRole('checkbox', { name: new RegExp(DRAW) }).click();
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    await entry.fill('23 10');
    await entry.press('Enter');
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    await pos.getByRole('heading', { name: /Fiche n° \d+/ }).waitFor();
  });

  it('shows no reset to the platform’s Super Admin (only the demo’s own admin has it)', async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/**');
    await page.goto('/dashboard/tirage/infotirage');
    await page.getByRole('heading', { name: 'Lots gagnants' }).waitFor();
    expect(await page.getByRole('button', { name: 'Remettre la démo à zéro' }).count()).toBe(0);
  });
});
