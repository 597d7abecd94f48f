import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone, sell, sellingCompany } from '../apps/server/test/engine-fixtures';
import { createUser, PASSWORD } from '../apps/server/test/helpers';
import { formatMoney } from '../apps/web/src/lib/format';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * Issue 16 in a real browser. The home board asks only what the user may read: a supervisor (the
 * demo's, without the winning lots; one holding almost nothing) sees no 403 and no console error, and
 * the board says which sections it hides. The superuser with « Toutes » over a company in EUR and the
 * demo in HTG reads one currency at a time, each ticket in its own currency. The statistics grid marks
 * a blocked ball.
 */
describeBrowser('home board: what each role may read, money per currency, blocked balls', () => {
  let h: Harness;
  const digits = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]/g, '');
  let today: string;

  beforeAll(async () => {
    h = await startHarness();
    const raw = h.database.raw;
    // A midday zone for both companies: the run never straddles their midnight.
    await raw.query("UPDATE companies SET timezone = $1 WHERE ref_code = 'DEMO'", [middayZone()]);
    // « Toutes » reads today in the selected country's zone: Haiti's, moved there too.
    await raw.query("UPDATE countries SET timezone = $1 WHERE name_code = 'HT'", [middayZone()]);
    const [demo] = await raw.query<{ id: number; agent: number; tirage: number }>(
      `SELECT c.id, (SELECT id FROM users WHERE username = 'agent1') AS agent,
              (SELECT id FROM tirages WHERE company_id = c.id AND name = 'Tirage Démo') AS tirage
         FROM companies c WHERE c.ref_code = 'DEMO'`,
    );
    await raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [demo.id]);
    await raw.query("INSERT INTO boule_blocks (company_id, tirage_id, number, active) VALUES ($1, NULL, '07', true)", [
      demo.id,
    ]);
    await sell(raw, {
      companyId: demo.id,
      agentId: demo.agent,
      tirages: [demo.tirage],
      lines: [{ code: 20, number: '34', stake: 50_000 }],
    });
    // A company in EUR (Haiti too) with one ticket of 100,00 €.
    const eur = await sellingCompany(h.database);
    await raw.query("UPDATE companies SET currency = 'EUR', timezone = $2 WHERE id = $1", [
      eur.company.id,
      middayZone(),
    ]);
    await sell(raw, {
      companyId: eur.company.id,
      agentId: eur.agents[0].id,
      tirages: [eur.tirages[0].id],
      lines: [{ code: 20, number: '12', stake: 10_000 }],
    });
    today = eur.today;
  });
  afterAll(() => h?.close());

  /** Signs in at /login and records the 4xx/5xx answers of the API and the console errors meanwhile. */
  async function board(username: string, password = 'demo1234') {
    const { page } = await h.newPage({ width: 1440, height: 900 });
    const refused: string[] = [];
    const errors: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/auth/login');
    await signIn(page, username, password);
    await page.waitForURL('**/dashboard/app');
    return { page, refused, errors };
  }

  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  };

  it('shows the demo supervisor its sections, asks nothing it may not read, and names the hidden one', async () => {
    const { page, refused, errors } = await board('superviseur');
    await page.getByRole('list', { name: 'Indicateurs de la période' }).waitFor();
    await page.getByRole('region', { name: 'Ventes par jour' }).waitFor();
    await settle(page);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    const note = page.getByTestId('hidden-sections');
    await expect.poll(() => note.textContent()).toContain('lots gagnants');
    expect(await page.getByRole('region', { name: 'Lots gagnants' }).count()).toBe(0);
  });

  it('shows a supervisor or staff holding almost nothing an explained board, without a single refusal', async () => {
    const [demo] = await h.database.raw.query<{ id: number }>("SELECT id FROM companies WHERE ref_code = 'DEMO'");
    const sup = await createUser(h.database, {
      role: 'supervisor',
      companyId: demo.id,
      permissions: ['view_fichevente'],
    });
    // And platform staff holding no codename at all.
    const staff = await createUser(h.database, { role: 'superuser', permissions: [] });
    for (const username of [sup.username, staff.username]) {
      const { page, refused, errors } = await board(username, PASSWORD);
      const note = page.getByTestId('hidden-sections');
      await expect.poll(() => note.textContent()).toContain('indicateurs et classements, graphiques, lots gagnants');
      await settle(page);
      expect(await page.getByRole('list', { name: 'Indicateurs de la période' }).count()).toBe(0);
      expect(refused, username).toEqual([]);
      expect(errors, username).toEqual([]);
    }
  });

  it('shows the company’s admin every section without a refusal', async () => {
    const { page, refused, errors } = await board('demo');
    await page.getByRole('region', { name: 'Lots gagnants' }).waitFor();
    await page.getByRole('region', { name: 'Ventes par tirage' }).waitFor();
    await settle(page);
    expect(await page.getByTestId('hidden-sections').count()).toBe(0);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('gives the superuser with « Toutes » one currency at a time and each ticket in its own', async () => {
    await h.database.raw.query(
      "UPDATE users SET select_company = 'all', select_country_code = 'HT' WHERE username = 'superadmin'",
    );
    const { page, refused } = await board('superadmin');
    const kpis = page.getByRole('list', { name: 'Indicateurs de la période' });
    const sales = kpis
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Ventes', exact: true }) })
      .getByRole('paragraph')
      .first();
    const switcher = page.getByRole('group', { name: 'Devise des montants' });
    await switcher.waitFor();
    // The country's currency first: the demo's sales of the day alone, the 100 € not added.
    const [demo] = await h.database.raw.query<{ sales: number }>(
      `SELECT coalesce(sum(f.amount), 0)::bigint AS sales FROM fiches f JOIN companies c ON c.id = f.company_id
        WHERE c.ref_code = 'DEMO' AND f.status = 'active' AND f.sale_date = $1`,
      [today],
    );
    await expect.poll(async () => digits(await sales.textContent())).toBe(digits(formatMoney(demo.sales, 'HTG', 'fr')));
    await switcher.getByRole('button', { name: 'EUR' }).click();
    await page.waitForURL(/currency=EUR/);
    await expect.poll(async () => digits(await sales.textContent())).toBe('100,00€');
    await page.screenshot({ path: '/tmp/cur-home-eur.png', fullPage: false });

    await page.goto(`/dashboard/borlette/list-fiches?start_date=${today}&end_date=${today}`);
    const table = page.getByRole('table');
    await table.getByRole('row').nth(2).waitFor();
    const rows = (await table.getByRole('row').allTextContents()).map(digits);
    expect(rows.some((r) => r.includes('100,00€'))).toBe(true);
    expect(rows.some((r) => r.includes('500,00HTG'))).toBe(true);
    expect(rows.some((r) => r.includes('100,00HTG'))).toBe(false);
    // The totals: one row of cards per currency, none adds them.
    await page.getByRole('region', { name: 'Totaux de la période · EUR' }).waitFor();
    await page.getByRole('region', { name: 'Totaux de la période · HTG' }).waitFor();
    expect(digits(await page.getByRole('region', { name: 'Totaux de la période · EUR' }).textContent())).toContain(
      '100,00€',
    );
    await page.screenshot({ path: '/tmp/cur-fiches-all.png', fullPage: true });

    // The statistics: one currency at a time too.
    await page.goto('/dashboard/borlette/statistiques');
    const stats = page.getByRole('group', { name: 'Devise des montants' });
    await stats.getByRole('button', { name: 'EUR' }).click();
    await page.waitForURL(/currency=EUR/);
    const total = page.getByRole('region', { name: 'Résumé de la période' });
    await expect.poll(async () => digits(await total.textContent())).toContain('100,00€');
    expect(digits(await total.textContent())).not.toContain('HTG');
    expect(refused).toEqual([]);
  });

  it('marks the blocked ball on the statistics grid', async () => {
    const { page } = await board('demo');
    await page.goto('/dashboard/borlette/statistiques');
    const cell = page.getByRole('group', { name: /Carte de chaleur/ }).getByRole('button', { name: /^Boule 07/ });
    await expect.poll(() => cell.getAttribute('data-blocked')).toBe('all');
    expect(await cell.getAttribute('aria-label')).toContain('bloquée');
    expect(
      await page
        .getByRole('group', { name: /Carte de chaleur/ })
        .getByRole('button', { name: /^Boule 34/ })
        .getAttribute('data-blocked'),
    ).toBeNull();
    await expect.poll(() => page.getByTestId('blocked-balls').textContent()).toContain('07');
    await page.screenshot({ path: '/tmp/cur-stats.png', fullPage: true });
  });
});
