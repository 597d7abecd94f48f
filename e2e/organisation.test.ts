import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NAV } from '../apps/web/src/config/nav';
import navFr from '../apps/web/src/locales/fr/nav.json';
import { DASHBOARD_SCREENS, type ScreenDef } from '../packages/shared/src/routes';
import { describeBrowser, type Harness, signIn, startHarness, tempDir } from './harness';

const COMPANY = 'Borlette Organisation';
const ADMIN = { username: 'admin_organisation', password: 'motdepasse-org-1' };
const SUPERVISOR = { username: 'sup_organisation', password: 'motdepasse-sup-1' };
const SUCCURSALE = 'Succursale Organisation';
const PREFIX = 'orgv';
const GRANTED = ['view_agent', 'view_surcussale', 'view_report_vente'] as const;

/** The screen a (static) sidebar path belongs to: exact paths first, then `:param` patterns. */
function screenOf(p: string): ScreenDef | undefined {
  const exact = DASHBOARD_SCREENS.find((s) => s.path === p);
  if (exact) return exact;
  return DASHBOARD_SCREENS.find((s) => new RegExp(`^${s.path.replace(/:[^/]+/g, '[^/]+')}$`).test(p));
}

/**
 * The sidebar a supervisor holding exactly `perms` must see, computed from the data the sidebar is
 * built from (config/nav.ts for the entries, DASHBOARD_SCREENS for the permission gating each one):
 * - superuser-only groups (Compagnie) and superuser-only screens (Tirage automatique, Facturation…) are out;
 * - an entry whose screen needs no permission (`permission: null`: Accueil, Mon profil…) is always in;
 * - any other entry is in only when its screen's codename is granted.
 * Labels are the French `nav:items.*` strings, i.e. the links' accessible names. Today this gives
 * Accueil and Mon profil (the only `null` screens of the sidebar) plus Vendeurs, Succursales, Rapport de vente.
 */
function expectedSupervisorNav(perms: readonly string[]): string[] {
  const labels = navFr.items as Record<string, string>;
  return NAV.filter((g) => !g.superuserOnly)
    .flatMap((g) => g.items)
    .filter((item) => {
      const screen = screenOf(item.path);
      if (!screen) return true;
      if (screen.superuserOnly) return false;
      if (screen.roles && !screen.roles.includes('supervisor')) return false;
      return screen.permission === null || perms.includes(screen.permission);
    })
    .map((item) => labels[item.key])
    .sort();
}

async function newSignedIn(h: Harness, username: string, password: string): Promise<Page> {
  const { page } = await h.newPage();
  await page.goto('/auth/login');
  await signIn(page, username, password);
  await page.waitForURL('**/dashboard/app', { timeout: 30_000 });
  return page;
}

async function apiLogin(h: Harness, username: string, password: string) {
  const res = await fetch(`${h.baseUrl}/api/user/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describeBrowser('a new company organised end to end in the browser', () => {
  let h: Harness;
  const tmp = tempDir('borlette-organisation-');
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
    tmp.remove();
  });

  it('company with a logo → admin → sub-branch, supervisor (3 permissions), 10 agents → supervisor menu → blocked agent', async () => {
    // Sanity of the computed menu: it holds the three granted entries and the always-visible ones, and
    // leaves out entries gated by codenames not granted (the exact set is compared in the browser below).
    const expectedNav = expectedSupervisorNav(GRANTED);
    expect(expectedNav).toEqual(
      expect.arrayContaining(['Accueil', 'Mon profil', 'Vendeurs', 'Succursales', 'Rapport de vente']),
    );
    expect(expectedNav).not.toContain('Superviseur');
    expect(expectedNav).not.toContain('Tirages');
    expect(expectedNav).not.toContain('Compagnies');

    // 1. The superuser creates the company, with a logo.
    const logoFile = path.join(tmp.dir, 'logo.png');
    await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } })
      .png()
      .toFile(logoFile);

    const su = await newSignedIn(h, 'superadmin', 'demo1234');
    await su.goto('/dashboard/company/new');
    await su.locator('input[name=name]').fill(COMPANY);
    await su.locator('input[type=file]').setInputFiles(logoFile);
    await su.getByRole('img', { name: 'Aperçu de l’image' }).waitFor();
    await su.getByRole('combobox', { name: /Pays/ }).click();
    await su.getByRole('option', { name: /États-Unis/ }).click();
    await expect.poll(() => su.getByRole('combobox', { name: /Fuseau/ }).inputValue()).toMatch(/^America\/New York/);
    await expect.poll(() => su.getByRole('combobox', { name: /Devise/ }).inputValue()).toMatch(/^USD/);
    await su.locator('input[name=admin_first_name]').fill('Claire');
    await su.locator('input[name=admin_last_name]').fill('Pierre');
    await su.locator('input[name=admin_username]').fill(ADMIN.username);
    await su.locator('input[name=admin_password]').fill(ADMIN.password);
    await su.getByRole('button', { name: 'Créer la compagnie' }).click();
    await su.waitForURL(/\/dashboard\/company$/, { timeout: 30_000 });
    await su.getByRole('table', { name: 'Compagnies', exact: true }).getByText(COMPANY).waitFor();

    const [company] = await h.database.raw.query<{ logo: string | null }>(
      'SELECT logo FROM companies WHERE name = $1',
      [COMPANY],
    );
    expect(company.logo).toMatch(/^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/);
    const logo = await fetch(`${h.baseUrl}${company.logo}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/webp/);
    expect((await logo.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // 2. Its admin signs in with the credentials given in the form.
    const admin = await newSignedIn(h, ADMIN.username, ADMIN.password);

    // 3a. A sub-branch.
    await admin.goto('/dashboard/surcussale/new');
    await admin.getByLabel('Nom').fill(SUCCURSALE);
    await admin.getByLabel('Téléphone').fill('+509 3711 4455');
    await admin.getByLabel('Adresse').fill('Rue Capois, Port-au-Prince');
    await admin.getByRole('button', { name: 'Créer la succursale' }).click();
    await admin.waitForURL(/\/dashboard\/surcussale$/, { timeout: 30_000 });
    await admin.getByRole('table', { name: 'Succursales', exact: true }).getByText(SUCCURSALE).waitFor();

    // 3b. A supervisor watching it, with exactly three permissions.
    await admin.goto('/dashboard/supervisor/new');
    await admin.getByRole('checkbox', { name: 'Voir les vendeurs', exact: true }).waitFor({ timeout: 30_000 });
    await admin.locator('input[name=first_name]').fill('Paul');
    await admin.locator('input[name=last_name]').fill('Étienne');
    await admin.locator('input[name=username]').fill(SUPERVISOR.username);
    await admin.locator('input[name=password]').fill(SUPERVISOR.password);
    await admin.getByRole('combobox', { name: /^Succursales suivies/ }).click();
    await admin.getByRole('option', { name: SUCCURSALE, exact: true }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('listbox').waitFor({ state: 'detached' });
    for (const label of ['Voir les vendeurs', 'Voir les succursales', 'Voir le rapport de ventes']) {
      await admin.getByRole('checkbox', { name: label, exact: true }).check();
    }
    await admin.getByText('3 choisies', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Créer le superviseur' }).click();
    await admin.waitForURL(/\/dashboard\/supervisor$/, { timeout: 30_000 });

    const perms = await h.database.raw.query<{ codename: string }>(
      `SELECT p.codename FROM user_permissions p JOIN users u ON u.id = p.user_id WHERE u.username = $1`,
      [SUPERVISOR.username],
    );
    expect(perms.map((r) => r.codename).sort()).toEqual([...GRANTED].sort());
    const watched = await h.database.raw.query<{ name: string }>(
      `SELECT s.name FROM supervisor_surcussales ss
         JOIN users u ON u.id = ss.supervisor_id JOIN surcussales s ON s.id = ss.surcussale_id
        WHERE u.username = $1`,
      [SUPERVISOR.username],
    );
    expect(watched).toEqual([{ name: SUCCURSALE }]);

    // 3c. Ten agents generated in that sub-branch; the passwords are shown once.
    await admin.goto('/dashboard/user/generate-agent');
    await admin.locator('input[name=count]').fill('10');
    await admin.locator('input[name=prefix]').fill(PREFIX);
    await admin.getByRole('combobox', { name: /^Succursale/ }).click();
    await admin.getByRole('option', { name: SUCCURSALE, exact: true }).click();
    await admin.getByRole('button', { name: 'Générer 10 vendeurs' }).click();
    const result = admin.getByRole('table', { name: '10 vendeurs générés', exact: true });
    await result.waitFor({ timeout: 45_000 });
    const rows = result.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(10);
    const credentials: { username: string; password: string }[] = [];
    for (const cells of await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    )) {
      expect(cells[3]).toBe(SUCCURSALE);
      credentials.push({ username: cells[1], password: cells[2] });
    }
    expect(credentials.map((c) => c.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${PREFIX}${String(i + 1).padStart(3, '0')}`),
    );
    for (const c of credentials) expect(c.password.length).toBeGreaterThanOrEqual(8);

    // 4. The supervisor sees exactly the granted entries (plus the always-visible ones)…
    const sup = await newSignedIn(h, SUPERVISOR.username, SUPERVISOR.password);
    const menu = sup.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Accueil', exact: true }).waitFor();
    const shown = async () =>
      (await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.textContent?.trim() ?? ''))).sort();
    await expect.poll(shown).toEqual(expectedNav);

    // …and "Permission non autorisé" elsewhere.
    for (const url of ['/dashboard/tirage/list', '/dashboard/supervisor']) {
      await sup.goto(url);
      await expect.poll(() => sup.getByText('Permission non autorisé').first().isVisible()).toBe(true);
    }

    // Its agents list: the ten generated agents of its sub-branch.
    await sup.goto('/dashboard/agent');
    const supTable = sup.getByRole('table', { name: 'Vendeurs', exact: true });
    await supTable.getByText(credentials[0].username, { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => supTable.locator('tbody tr').count()).toBe(10);
    for (const c of credentials) await supTable.getByText(c.username, { exact: true }).waitFor();

    // 5. The admin blocks one of them from the agents list (after the confirmation).
    const blocked = credentials[2];
    const other = credentials[5];
    const blockedName = `Vendeur ${blocked.username.slice(PREFIX.length)}`;
    await admin.getByRole('link', { name: 'Voir les vendeurs', exact: true }).click(); // in-app: no beforeunload
    await admin.waitForURL(/\/dashboard\/agent(\?|$)/);
    await admin
      .getByRole('table', { name: 'Vendeurs', exact: true })
      .getByText(blocked.username, { exact: true })
      .waitFor();
    await admin.getByRole('button', { name: `Actions pour ${blockedName}`, exact: true }).click();
    await admin.getByRole('menuitem', { name: 'Bloquer' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Bloquer « ${blockedName} » ?`).waitFor();
    await dialog.getByRole('button', { name: 'Bloquer' }).click();
    await expect.poll(() => admin.getByText(`Vendeur « ${blockedName} » bloqué`).isVisible()).toBe(true);
    await expect
      .poll(async () => {
        const [u] = await h.database.raw.query<{ status: string }>('SELECT status FROM users WHERE username = $1', [
          blocked.username,
        ]);
        return u.status;
      })
      .toBe('blocked');

    // The blocked agent can no longer sign in; another generated agent can, with its generated password.
    const refused = await apiLogin(h, blocked.username, blocked.password);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_BLOCKED');
    const accepted = await apiLogin(h, other.username, other.password);
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('agent');
    expect((accepted.body.user as { username: string }).username).toBe(other.username);

    // 6. An agent locked out by wrong passwords: the admin lifts the lock from the same list (issue 15).
    const locked = credentials[6];
    const lockedName = `Vendeur ${locked.username.slice(PREFIX.length)}`;
    await Promise.all(Array.from({ length: 10 }, () => apiLogin(h, locked.username, 'pas-le-bon')));
    expect((await apiLogin(h, locked.username, locked.password)).status).toBe(429);
    await admin.getByRole('button', { name: `Actions pour ${lockedName}`, exact: true }).click();
    await admin.getByRole('menuitem', { name: 'Lever le blocage de connexion' }).click();
    await dialog.getByText(`Lever le blocage de connexion de « ${lockedName} » ?`).waitFor();
    await dialog.getByRole('button', { name: 'Lever le blocage', exact: true }).click();
    await expect
      .poll(() => admin.getByText(`Connexion de « ${lockedName} » débloquée (10 échecs effacés)`).isVisible())
      .toBe(true);
    expect((await apiLogin(h, locked.username, locked.password)).status).toBe(200);
  }, 180_000);
});
