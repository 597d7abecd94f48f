import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * The official results' sources in a real browser (issue 21): the superuser sets a source's polling
 * and a session's time zone through their dialogs (a wrong value refused in place, then saved), and
 * opens a session's holidays. Both pages and both dialogs share one frame (components/*-frame.tsx).
 */
describeBrowser('results sources and draw calendars (superuser)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const superuser = async () => {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');
    return page;
  };

  it('edits a source’s polling: a wrong interval is refused in place, a good one shows in its row', async () => {
    const page = await superuser();
    await page.goto('/dashboard/result-providers');
    await page.getByRole('heading', { name: 'Sources des résultats officiels' }).waitFor();
    const table = page.getByRole('table', { name: 'Sources des résultats officiels' });
    await table.getByRole('row').nth(1).waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Source', 'Adresse', 'État', 'Relevés', 'Clé', 'Actions']);
    const row = table.getByRole('row').filter({ hasText: 'Georgia Lottery — draw-games API' });
    expect(await row.textContent()).toContain('de +5 min, toutes les 10 min, abandon à +240 min');
    await page.getByText(/Les clés d’accès/).waitFor();

    await row.getByRole('button', { name: 'Modifier Georgia Lottery — draw-games API' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('form', { name: 'Régler « Georgia Lottery — draw-games API »' }).waitFor();
    await dialog.getByText(/Adresse réelle de la source/).waitFor();
    const every = dialog.getByRole('spinbutton', { name: 'Intervalle (min)' });
    await every.fill('0');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText(/Intervalle des relevés/).waitFor();
    await every.fill('7');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('toutes les 7 min');
    const [p] = await h.database.raw.query<{ poll_every_min: number }>(
      "SELECT poll_every_min FROM result_providers WHERE code = 'ga-lottery'",
    );
    expect(p.poll_every_min).toBe(7);

    // Cancel closes without saving.
    await row.getByRole('button', { name: 'Modifier Georgia Lottery — draw-games API' }).click();
    await dialog.getByRole('spinbutton', { name: 'Intervalle (min)' }).fill('9');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.textContent()).toContain('toutes les 7 min');
  });

  it('edits a session’s zone on the calendar (an unknown zone refused in place) and opens its holidays', async () => {
    const page = await superuser();
    await page.goto('/dashboard/result-providers');
    await page.getByRole('link', { name: 'Calendriers des tirages officiels' }).click();
    await page.waitForURL('**/dashboard/result-providers/calendar');
    const table = page.getByRole('table', { name: 'Calendriers des tirages officiels' });
    await table.getByRole('row').nth(1).waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Séance', 'Heure officielle', 'Fuseau horaire', 'Jours', 'Jours fériés', 'Actions']);
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: /de Georgia Midi$/ }) });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('America/New_York');

    await row.getByRole('button', { name: 'Modifier l’horaire de Georgia Midi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('form', { name: 'Géorgie Midi' }).waitFor();
    const zone = dialog.getByRole('textbox', { name: 'Fuseau horaire (IANA)' });
    await zone.fill('Mars/Olympus');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Fuseau horaire IANA inconnu (ex. America/Port-au-Prince)').waitFor();
    await zone.fill('America/Chicago');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('America/Chicago');

    await row.getByRole('button', { name: 'Jours fériés de Georgia Midi' }).click();
    await page.getByRole('dialog').getByText('Aucun jour férié.').waitFor();
  });
});
