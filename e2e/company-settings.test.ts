import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

describeBrowser('company settings in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('the demo admin opens « Paramètres », changes the cancel window and a ceiling, saves, reloads and sees them', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.getByRole('link', { name: 'Paramètres', exact: true }).click();
    await page.waitForURL('**/dashboard/parametres');

    const cancel = page.getByLabel('Délai d’annulation');
    const stake = page.getByLabel('Mise maximale par ligne');
    await expect.poll(() => cancel.inputValue()).toBe('10');
    // The help text names the platform maximum.
    await page.getByText(/Mise maximale d’une ligne de pari\. Maximum de la plateforme : 10.000.000 HTG/).waitFor();

    // A value above the bound is refused on the input, before any call.
    await cancel.fill('500');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('De 0 à 120').waitFor();

    await cancel.fill('25');
    await stake.fill('2500');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText('Paramètres enregistrés.').isVisible()).toBe(true);

    const [row] = await h.database.raw.query<{ cancel_window_minutes: number; line_max_stake: number }>(
      "SELECT cancel_window_minutes, line_max_stake FROM company_settings cs JOIN companies c ON c.id = cs.company_id WHERE c.ref_code = 'DEMO'",
    );
    expect(row).toEqual({ cancel_window_minutes: 25, line_max_stake: 250_000 });

    await page.reload();
    await expect.poll(() => page.getByLabel('Délai d’annulation').inputValue()).toBe('25');
    // Edit fields show the decimal comma (components/form amount input).
    expect(await page.getByLabel('Mise maximale par ligne').inputValue()).toBe('2500,00');
  });

  it('the supervisor has no « Paramètres » entry', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superviseur');
    await page.waitForURL('**/dashboard/app');
    await page.getByRole('link', { name: 'Accueil' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Paramètres', exact: true }).count()).toBe(0);
  });
});
