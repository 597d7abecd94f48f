import { afterAll, beforeAll, expect, it } from 'vitest';
import { sell } from '../../../test/engine-fixtures';
import { type MoneyWorld, moneyWorld } from '../../../test/fixtures/money.fixtures';
import { createTestApp, describeApi, expectErrorBody, type TestContext } from '../../../test/helpers';

/**
 * Issue 16: with « Toutes », amounts of companies in different currencies are never added. Company A
 * sells in HTG, company B (same country) in EUR; the superuser with « Toutes » reads the sales report
 * (per agent and per day), the partial report, the agent control and the wallet: every row carries its
 * currency, the totals come one line per currency, and `totals` / `total` (one sum) is null.
 */
const SALES = '/api/companies/rapports';
const DAY = '/api/companies/rapport-journalier';
const AGENT = '/api/companies/rapports-agent';
const WALLET = '/api/companies/transactions';
const AROUND_TODAY = (() => {
  const d = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return `start_date=${d(-2)}&end_date=${d(2)}`;
})();

describeApi('money per currency under « Toutes » (reports, agent control, wallet)', () => {
  let t: TestContext;
  let w: MoneyWorld;
  const line = (stake: number) => [{ code: 20, number: '45', stake }];

  beforeAll(async () => {
    t = await createTestApp();
    w = await moneyWorld(t, ['view_report_vente', 'view_report_partiel', 'view_report_agent']);
    const raw = t.database.raw;
    await raw.query("UPDATE companies SET currency = 'EUR' WHERE id = $1", [w.b.company.id]);
    await sell(raw, { companyId: w.a.company.id, agentId: w.alice, tirages: [w.a.tirages[0].id], lines: line(50_000) });
    await sell(raw, {
      companyId: w.b.company.id,
      agentId: w.agentB,
      tirages: [w.b.tirages[0].id],
      lines: line(10_000),
    });
  });
  afterAll(() => t?.close());

  const get = async (url: string, token: string) => {
    const res = await w.call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('gives each row its currency and one total per currency, never a sum across them', async () => {
    const byAgent = await get(`${SALES}?${AROUND_TODAY}`, w.superHT);
    const cur = Object.fromEntries(byAgent.rows.map((r: { key: number; currency: string }) => [r.key, r.currency]));
    expect(cur).toEqual({ [w.alice]: 'HTG', [w.agentB]: 'EUR' });
    expect(byAgent.totals).toBeNull();
    expect(byAgent.totals_by_currency).toEqual([
      expect.objectContaining({ currency: 'EUR', sales: 10_000, commission: 1_000, balance: 9_000 }),
      expect.objectContaining({ currency: 'HTG', sales: 50_000, commission: 5_000, balance: 45_000 }),
    ]);
    // A day of « Toutes »: one row per currency.
    for (const url of [`${SALES}?filter_choice=day&${AROUND_TODAY}`, `${DAY}?${AROUND_TODAY}`]) {
      const byDay = await get(url, w.superHT);
      const sums = byDay.rows.map((r: { currency: string; sales: number }) => [r.currency, r.sales]).sort();
      expect(sums).toEqual([
        ['EUR', 10_000],
        ['HTG', 50_000],
      ]);
      expect(byDay.totals).toBeNull();
    }
    const agents = await get(`${AGENT}?${AROUND_TODAY}`, w.superHT);
    expect(agents.rows.find((r: { agent_id: number }) => r.agent_id === w.agentB).currency).toBe('EUR');
    expect(agents.totals).toBeNull();
    expect(
      agents.totals_by_currency.map((x: { currency: string; to_collect: number }) => [x.currency, x.to_collect]),
    ).toEqual([
      ['EUR', 9_000],
      ['HTG', 45_000],
    ]);
    const csv = (await w.call('GET', `${SALES}?format=csv&${AROUND_TODAY}`, w.superHT)).body;
    expect(csv).toContain('Total;;EUR;1;100,00;');
    expect(csv).toContain('Total;;HTG;1;500,00;');
  });

  it('lists wallet entries with their currency and totals per currency', async () => {
    const page = await get(`${WALLET}?${AROUND_TODAY}`, w.superHT);
    const eur = page.results.find((e: { agent_id: number }) => e.agent_id === w.agentB);
    expect(eur).toMatchObject({ currency: 'EUR', amount: 9_000 });
    expect(page.total).toBeNull();
    expect(page.totals).toEqual([
      { currency: 'EUR', total: 9_000, count: 1 },
      { currency: 'HTG', total: 45_000, count: 1 },
    ]);
    expect(page.balances.find((b: { agent_id: number }) => b.agent_id === w.agentB)).toMatchObject({
      currency: 'EUR',
      balance: 9_000,
    });
    // The same figures with a search (read from the entries, not the day sums).
    const searched = await get(`${WALLET}?${AROUND_TODAY}&search=${w.b.agents[0].username}`, w.superHT);
    expect(searched.totals).toEqual([{ currency: 'EUR', total: 9_000, count: 1 }]);
    expect(searched.total).toBe(9_000);
  });

  it('keeps a company to its own currency and rows, and the permissions as they were', async () => {
    const b = await get(SALES, w.adminB);
    expect(b).toMatchObject({ currency: 'EUR', totals: { sales: 10_000 } });
    expect(b.totals_by_currency).toEqual([expect.objectContaining({ currency: 'EUR', sales: 10_000 })]);
    const a = await get(`${SALES}?agent_id=${w.agentB}`, w.adminA);
    expect(a.rows).toEqual([]);
    expect(a.totals_by_currency).toEqual([expect.objectContaining({ currency: 'HTG', sales: 0 })]);
    expect((await get(`${WALLET}?agent_id=${w.agentB}`, w.adminA)).results).toEqual([]);
    expect((await get(WALLET, w.adminB)).totals).toEqual([{ currency: 'EUR', total: 9_000, count: 1 }]);
    for (const url of [SALES, AGENT, WALLET]) expectErrorBody(await w.call('GET', url, w.noPermSup), 403);
  });
});
