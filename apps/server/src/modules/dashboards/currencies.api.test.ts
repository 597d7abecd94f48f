import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  getCompanies,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 16: money is never added across currencies. A company in EUR and one in HTG, both in Haiti;
 * the superuser with « Toutes » reads the home board, the statistics and the ticket lists: each figure
 * in one currency that the answer names, each ticket in its own company's currency.
 */
describeApi('currencies: « Toutes » over a company in EUR and one in HTG', () => {
  let t: TestContext;
  let eur: SellingCompany;
  let htg: SellingCompany;
  let root: string;
  let adminHtg: string;
  const day = () => htg.today;

  beforeAll(async () => {
    t = await createTestApp();
    eur = await sellingCompany(t.database);
    htg = await sellingCompany(t.database);
    await t.database.raw.query("UPDATE companies SET currency = 'EUR' WHERE id = $1", [eur.company.id]);
    // 100,00 € on one side; 571,00 HTG (two tickets) on the other.
    await sell(t.database.raw, {
      companyId: eur.company.id,
      agentId: eur.agents[0].id,
      tirages: [eur.tirages[0].id],
      lines: [{ code: 20, number: '12', stake: 10_000 }],
    });
    for (const stake of [50_000, 7_100]) {
      await sell(t.database.raw, {
        companyId: htg.company.id,
        agentId: htg.agents[0].id,
        tirages: [htg.tirages[0].id],
        lines: [{ code: 20, number: '34', stake }],
      });
    }
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    root = (await login(t.app, su.username)).accessToken;
    for (const [url, payload] of [
      ['/api/generals/country', { country_code: 'HT' }],
      ['/api/generals/company', { ref_code: 'all' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: auth(root), payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    const admin = await createUser(t.database, { role: 'company', companyId: htg.company.id, fullAccess: true });
    adminHtg = (await login(t.app, admin.username)).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  const get = (path: string, q: Record<string, string | number | undefined> = {}, token = root) =>
    getCompanies(t.app, token, path, { start_date: day(), end_date: day(), ...q });

  it('gives the home board one currency at a time, the country’s by default, and names the others', async () => {
    const byDefault = await get('app');
    expect(byDefault).toMatchObject({ currency: 'HTG', currencies: ['HTG', 'EUR'], sales: 57_100, tickets: 2 });
    const inEuros = await get('app', { currency: 'eur' });
    expect(inEuros).toMatchObject({ currency: 'EUR', currencies: ['HTG', 'EUR'], sales: 10_000, tickets: 1 });
    expect(inEuros.top_agents).toEqual([expect.objectContaining({ id: eur.agents[0].id, sales: 10_000 })]);
    // A currency the selection does not have: the default, named.
    expect(await get('app', { currency: 'USD' })).toMatchObject({ currency: 'HTG', sales: 57_100 });

    for (const path of ['app-journalier', 'appGain', 'appGpc']) {
      const [row] = await get(path, { currency: 'EUR' });
      expect(row, path).toMatchObject({ date: day(), sales: 10_000, currency: 'EUR' });
      expect((await get(path))[0], path).toMatchObject({ sales: 57_100, currency: 'HTG' });
    }
    expect(await get('appTirage', { currency: 'EUR' })).toEqual([
      expect.objectContaining({ tirage_id: eur.tirages[0].id, sales: 10_000, currency: 'EUR' }),
    ]);
    expect(await get('appLotto')).toEqual([{ code: 20, label: expect.any(String), sales: 57_100, currency: 'HTG' }]);
    const statuses = await get('appFiche', { currency: 'EUR' });
    expect(statuses.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(1);
  });

  it('gives the statistics per currency', async () => {
    const s = await get('statistiques');
    expect(s).toMatchObject({ currency: 'HTG', currencies: ['HTG', 'EUR'], total: 57_100, numbers: 1 });
    expect(s.rows).toEqual([expect.objectContaining({ number: '34', amount: 57_100 })]);
    const e = await get('statistiques', { currency: 'EUR' });
    expect(e).toMatchObject({ currency: 'EUR', total: 10_000 });
    expect(e.bolet.find((b: { number: string }) => b.number === '12').amount).toBe(10_000);
    expect(e.bolet.find((b: { number: string }) => b.number === '34').amount).toBe(0);
    // Another draw path (the counters): the agent filter.
    expect(await get('statistiques', { currency: 'EUR', agent_id: eur.agents[0].id })).toMatchObject({
      total: 10_000,
    });
  });

  it('lists each ticket in its company’s currency and totals per currency', async () => {
    for (const q of [{}, { search: '' }, { status: 'en_attente' }]) {
      const page = await get('fiche', q);
      const currencies = page.results.map((r: { currency: string; amount: number }) => [r.currency, r.amount]);
      expect(currencies.sort()).toEqual([
        ['EUR', 10_000],
        ['HTG', 50_000],
        ['HTG', 7_100],
      ]);
      expect(page.totals, JSON.stringify(q)).toEqual({
        count: 3,
        currency: null,
        amount: null,
        commission_amount: null,
        win_amount: null,
        paid_amount: null,
        by_currency: [
          { currency: 'EUR', count: 1, amount: 10_000, commission_amount: 1_000, win_amount: 0, paid_amount: 0 },
          { currency: 'HTG', count: 2, amount: 57_100, commission_amount: 5_710, win_amount: 0, paid_amount: 0 },
        ],
      });
    }
  });

  it('names the currency on every row of the exports', async () => {
    const csv = async (path: string, q: string) => {
      const res = await t.app.inject({
        url: `/api/companies/${path}?start_date=${day()}&format=csv${q}`,
        headers: auth(root),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [head, ...rows] = res.body.trim().split('\r\n');
      return { head, rows };
    };
    const fiches = await csv('fiche', '');
    expect(fiches.head.endsWith(';Devise')).toBe(true);
    expect(fiches.rows.map((r) => r.slice(r.lastIndexOf(';') + 1)).sort()).toEqual(['EUR', 'HTG', 'HTG']);
    const stats = await csv('statistiques', '&currency=EUR');
    expect(stats.rows).toHaveLength(1);
    expect(stats.rows[0]).toMatch(/;12;100,00;.*;EUR$/);
  });

  it('keeps a company’s user in its company’s currency, and refuses a malformed currency', async () => {
    expect(await get('app', { currency: 'EUR' }, adminHtg)).toMatchObject({
      currency: 'HTG',
      currencies: ['HTG'],
      sales: 57_100,
    });
    const page = await get('fiche', {}, adminHtg);
    expect(page.totals).toMatchObject({ currency: 'HTG', amount: 57_100, count: 2 });
    const bad = await t.app.inject({ url: '/api/companies/app?currency=E1', headers: auth(root) });
    expect(expectErrorBody(bad, 400).message).toContain('Devise invalide');
  });

  it('lists the winning lots of every company, each in its company’s currency', async () => {
    for (const [co, pick3] of [
      [eur, '012'],
      [htg, '034'],
    ] as const) {
      await enterResult(t.database, {
        companyId: co.company.id,
        tirageId: co.tirages[0].id,
        date: day(),
        pick3,
        pick4: '9999',
      });
    }
    for (const path of ['lotgagnant', 'appTirage-lotgagnant']) {
      const { rows } = await get(path);
      const byDraw = Object.fromEntries(rows.map((r: { tirage_id: number }) => [r.tirage_id, r]));
      expect(byDraw[eur.tirages[0].id], path).toMatchObject({ wins: 10_000 * 50, currency: 'EUR' });
      expect(byDraw[htg.tirages[0].id], path).toMatchObject({ wins: 57_100 * 50, currency: 'HTG' });
    }
  });
});
