import { afterAll, beforeAll, expect, it } from 'vitest';
import { middayZone } from '../apps/server/test/engine-fixtures';
import { formatMoney } from '../apps/web/src/lib/format';
import { describeBrowser, type Harness, signIn, startHarness } from './harness';

/**
 * The home board in a real browser: an agent sells on /pos (one ticket through the screen, more
 * through its API with the page's token), then the admin's /dashboard/app shows the day's sales —
 * the KPI « Ventes » equals the sum of today's tickets read from the database — and draws its charts.
 */
describeBrowser('home board (dashboard)', () => {
  let h: Harness;
  const DRAW = 'Tirage Démo'; // forced open by the demo seed: it sells at any hour
  const digits = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]/g, '');

  beforeAll(async () => {
    h = await startHarness();
    // A midday zone: the run never straddles the company's midnight (today stays today).
    await h.database.raw.query("UPDATE companies SET timezone = $1 WHERE ref_code = 'DEMO'", [middayZone()]);
  });
  afterAll(() => h?.close());

  it("shows today's sales of the company in the KPI cards and the charts", async () => {
    // 1. The agent sells one ticket on /pos (phone), then three more through the API with its token.
    const { page: pos } = await h.newPage({ width: 390, height: 844 });
    await pos.goto('/pos');
    await pos.getByLabel('Pseudoname').fill('agent1');
    await pos.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await pos.getByRole('button', { name: 'Se connecter' }).click();
    await pos.getByRole('checkbox', { name: new RegExp(DRAW) }).click();
    const entry = pos.getByRole('textbox', { name: 'Saisie des paris' });
    for (const bet of ['23 10', '123 2']) {
      await entry.fill(bet);
      await entry.press('Enter');
    }
    await pos.getByRole('main').getByRole('button', { name: 'Vendre', exact: true }).click();
    await pos.getByRole('heading', { name: /Fiche n° \d+/ }).waitFor();

    const [{ id: drawId }] = await h.database.raw.query<{ id: number }>(
      "SELECT t.id FROM tirages t JOIN companies c ON c.id = t.company_id WHERE c.ref_code = 'DEMO' AND t.name = $1",
      [DRAW],
    );
    const statuses = await pos.evaluate(async (tirage) => {
      const token = localStorage.getItem('pos.accessToken');
      const out: number[] = [];
      for (const lines of [
        [{ code: 20, number: '45', stake: 2500 }],
        [{ code: 30, number: '456', stake: 700 }],
        [{ code: 40, number: '12*34', stake: 1500 }],
      ]) {
        const res = await fetch('/api/agents/fiches', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
          body: JSON.stringify({ idempotency_key: crypto.randomUUID(), tirages: [tirage], lines }),
        });
        out.push(res.status);
      }
      return out;
    }, drawId);
    expect(statuses.every((s) => s < 300)).toBe(true);

    // What the board must show: today's tickets of the company (not cancelled/deleted), from the database.
    const [today] = await h.database.raw.query<{ sales: number; tickets: number }>(
      `SELECT coalesce(sum(f.amount), 0)::bigint AS sales, count(*)::int AS tickets
         FROM fiches f JOIN companies c ON c.id = f.company_id
        WHERE c.ref_code = 'DEMO' AND f.status = 'active'
          AND f.sale_date = (now() AT TIME ZONE c.timezone)::date`,
    );
    expect(today.tickets).toBeGreaterThanOrEqual(4);

    // Issue 20 §3: the demo supervisor earns 3 % of its agents' sales; by hand from the tickets: per
    // agent and draw, today's active sales × 3 %, half up.
    await h.database.raw.query("UPDATE users SET commission_bp = 300 WHERE username = 'superviseur'");
    const [sup] = await h.database.raw.query<{ c: number }>(
      `SELECT coalesce(sum((x.sales * 300 + 5000) / 10000), 0)::bigint AS c
         FROM (SELECT f.agent_id, ft.tirage_id, sum(ft.amount)::bigint AS sales
                 FROM fiches f JOIN fiche_tirages ft ON ft.company_id = f.company_id AND ft.fiche_id = f.id
                 JOIN companies c ON c.id = f.company_id JOIN users a ON a.id = f.agent_id
                 JOIN users s ON s.username = 'superviseur'
                WHERE c.ref_code = 'DEMO' AND f.status = 'active'
                  AND f.sale_date = (now() AT TIME ZONE c.timezone)::date
                  AND (a.supervisor_id = s.id OR a.surcussale_id IN
                        (SELECT ss.surcussale_id FROM supervisor_surcussales ss WHERE ss.supervisor_id = s.id))
                GROUP BY 1, 2) x`,
    );
    expect(sup.c).toBeGreaterThan(0);

    // 2. The admin's board: the KPI « Ventes » and « Fiches » are today's figures.
    const { page: admin } = await h.newPage();
    await admin.goto('/auth/login');
    await signIn(admin, 'demo');
    await admin.waitForURL('**/dashboard/app');
    const kpis = admin.getByRole('list', { name: 'Indicateurs de la période' });
    const card = (title: string) =>
      kpis.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: title, exact: true }) });
    await expect
      .poll(async () => digits(await card('Ventes').getByRole('paragraph').first().textContent()))
      .toBe(digits(formatMoney(today.sales, 'HTG', 'fr')));
    expect(digits(await card('Fiches').getByRole('paragraph').first().textContent())).toBe(String(today.tickets));
    expect(digits(await card('Commission superviseurs').getByRole('paragraph').first().textContent())).toBe(
      digits(formatMoney(sup.c, 'HTG', 'fr')),
    );

    // 3. The charts render (SVG drawn by the lazy chart chunk) with their text alternative.
    for (const title of [
      'Ventes par jour',
      'Ventes par jeu',
      'Gain, perte et commission par jour',
      'Ventes par tirage',
    ]) {
      const section = admin.getByRole('region', { name: title });
      // Lines, areas and slices are <path>, bars are their own elements: the chart drew its marks.
      await section.locator('figure svg').first().waitFor({ state: 'attached' });
      await expect.poll(() => section.locator('figure svg :is(path, .MuiBarChart-element)').count()).toBeGreaterThan(0);
      await expect.poll(() => section.getByRole('table').count()).toBe(1);
    }
    const drawTable = admin.getByRole('region', { name: 'Ventes par tirage' }).getByRole('table');
    expect(await drawTable.getByRole('row', { name: new RegExp(DRAW) }).count()).toBe(1);
    await admin.getByRole('region', { name: 'Meilleurs vendeurs' }).getByText('Pierre Louis').waitFor();

    // 4. The period lives in the URL: « 7 jours » keeps today's sales within the week's total.
    await admin.getByRole('button', { name: '7 jours' }).click();
    await admin.waitForURL(/period=7d/);
    await admin.reload();
    await expect.poll(() => admin.getByRole('button', { name: '7 jours' }).getAttribute('aria-pressed')).toBe('true');
  });
});
