import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

describeBrowser('platform screens (superuser) in the browser', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('the superuser creates a company whose admin then signs in; blocking it is confirmed first', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/company');
    await page.getByRole('table', { name: 'Compagnies' }).getByText('Borlette Démo').waitFor();

    await page.getByRole('link', { name: 'Nouvelle compagnie' }).click();
    await page.waitForURL('**/dashboard/company/new');
    await page.locator('input[name=name]').fill('Borlette Miami');
    await page.getByRole('combobox', { name: /Pays/ }).click();
    await page.getByRole('option', { name: /États-Unis/ }).click();
    // The country's time zone and currency come with it.
    await expect.poll(() => page.getByRole('combobox', { name: /Fuseau/ }).inputValue()).toMatch(/^America\/New York/);
    await expect.poll(() => page.getByRole('combobox', { name: /Devise/ }).inputValue()).toMatch(/^USD/);
    await page.getByRole('combobox', { name: /Ville/ }).click();
    await page.getByRole('option', { name: 'Miami', exact: true }).click();
    await page.locator('input[name=admin_first_name]').fill('Marie');
    await page.locator('input[name=admin_last_name]').fill('Joseph');
    await page.locator('input[name=admin_username]').fill('admin_miami');
    await page.locator('input[name=admin_password]').fill('motdepasse-123');
    await page.getByRole('button', { name: 'Créer la compagnie' }).click();
    await page.waitForURL(/\/dashboard\/company$/);
    await expect
      .poll(() => page.getByText(/Compagnie « Borlette Miami » créée \(code [A-Z2-9]{6}\)/).isVisible())
      .toBe(true);

    const table = page.getByRole('table', { name: 'Compagnies' });
    await page.getByRole('button', { name: 'Actions pour Borlette Miami' }).click();
    await page.getByRole('menuitem', { name: 'Bloquer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Bloquer « Borlette Miami » ?').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    const [before] = await h.database.raw.query<{ status: string }>(
      "SELECT status FROM companies WHERE name = 'Borlette Miami'",
    );
    expect(before.status).toBe('active');
    await table.getByText('admin_miami').waitFor();

    // The new admin signs in with the password given in the form.
    const admin = await h.newPage();
    await admin.page.goto('/auth/login');
    await signIn(admin.page, 'admin_miami', 'motdepasse-123');
    await admin.page.waitForURL('**/dashboard/app');
  });

  it('the superuser creates a general with grouped permissions', async () => {
    const { page } = await h.newPage();
    await page.goto('/auth/login');
    await signIn(page, 'superadmin');
    await page.waitForURL('**/dashboard/app');
    await page.goto('/dashboard/generale/new');
    await page.locator('input[name=first_name]').fill('Rose');
    await page.locator('input[name=last_name]').fill('Michel');
    await page.locator('input[name=username]').fill('rose_platform');
    await page.locator('input[name=password]').fill('motdepasse-123');
    await page.getByRole('checkbox', { name: 'Tout cocher : Plateforme' }).check();
    await page.getByRole('checkbox', { name: 'Vendeurs · Bloquer' }).check();
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await page.waitForURL(/\/dashboard\/generale$/);
    await page.getByRole('table', { name: 'Généraux' }).getByText('rose_platform').waitFor();
    const rows = await h.database.raw.query<{ codename: string }>(
      "SELECT p.codename FROM user_permissions p JOIN users u ON u.id = p.user_id WHERE u.username = 'rose_platform'",
    );
    expect(rows.map((r) => r.codename).sort()).toEqual(
      [
        'add_company',
        'add_country',
        'add_generale',
        'add_payment',
        'add_tirage_auto',
        'block_agent',
        'change_company',
        'change_country',
        'change_generale',
        'change_payment',
        'change_result',
        'change_result_provider',
        'view_company',
        'view_country',
        'view_generale',
        'view_payment',
        'view_result',
        'view_result_provider',
      ].sort(),
    );
  });
});
