import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

describeBrowser('sub-branches (surcussales) in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('the demo admin creates a sub-branch, finds it by search, blocks it and sees the blocked chip', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/surcussale');
    await page.getByRole('table', { name: 'Succursales' }).getByText('Succursale Centre-Ville').waitFor();

    await page.getByRole('link', { name: 'Nouvelle succursale' }).click();
    await page.waitForURL('**/dashboard/surcussale/new');
    // The shared contract's message, without a call to the server.
    await page.getByRole('button', { name: 'Créer la succursale' }).click();
    await expect.poll(() => page.getByText('Le nom doit compter 2 caractères au moins').isVisible()).toBe(true);

    await page.getByLabel('Nom').fill('Succursale Jacmel');
    await page.getByLabel('Téléphone').fill('+509 3711 2233');
    await page.getByLabel('Adresse').fill('Rue du Commerce, Jacmel');
    await page.getByRole('button', { name: 'Créer la succursale' }).click();
    await page.waitForURL(/\/dashboard\/surcussale$/);
    await expect.poll(() => page.getByText('Succursale « Succursale Jacmel » créée').isVisible()).toBe(true);

    // Search (debounced, kept in the URL).
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('jacmel');
    await page.waitForURL(/search=jacmel/);
    const table = page.getByRole('table', { name: 'Succursales' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByText('Succursale Jacmel').waitFor();

    // Block, after the confirmation.
    await page.getByRole('button', { name: 'Actions pour Succursale Jacmel' }).click();
    await page.getByRole('menuitem', { name: 'Bloquer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bloquer « Succursale Jacmel » ?').waitFor();
    await dialog.getByRole('button', { name: 'Bloquer' }).click();
    await expect.poll(() => page.getByText('Succursale « Succursale Jacmel » bloquée').isVisible()).toBe(true);
    await expect
      .poll(() => table.locator('tbody tr').first().getByText('Bloquée', { exact: true }).isVisible())
      .toBe(true);

    const rows = await h.database.raw.query<{ status: string }>(
      "SELECT status FROM surcussales WHERE name = 'Succursale Jacmel'",
    );
    expect(rows).toEqual([{ status: 'blocked' }]);

    // CSV export: same filters, the server's file name, French Excel format.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^succursales-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFFNom;Ville;')).toBe(true);
    expect(csv).toContain('Succursale Jacmel;');
    expect(csv).not.toContain('Centre-Ville');

    // A reload keeps the search (URL state) and shows the same row.
    await page.reload();
    await table.getByText('Succursale Jacmel').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Rechercher' }).inputValue()).toBe('jacmel');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
  });

  it('shows the server’s refusal when agents are attached to the sub-branch', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'demo');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/surcussale');
    await page.getByRole('button', { name: 'Actions pour Succursale Centre-Ville' }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect
      .poll(() => page.getByText(/Impossible de supprimer « Succursale Centre-Ville »/).isVisible())
      .toBe(true);
    await page.getByRole('table', { name: 'Succursales' }).getByText('Succursale Centre-Ville').waitFor();
  });

  it('a supervisor without the write codenames sees the list without buttons', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superviseur');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/surcussale');
    await page.getByRole('table', { name: 'Succursales' }).locator('tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: 'Nouvelle succursale' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions pour/ }).count()).toBe(0);
  });
});
