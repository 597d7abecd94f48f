import { randomUUID } from 'node:crypto';
import type { Codename } from '@borlette/shared';
import { commissionFor } from '@borlette/shared/game/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  getCompanies,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 20 §3: the supervisors' commission is the same on the agent's day closing, the reports (rows
 * and totals), the dashboard and the ledger's view, equal to a recomputation by hand (per agent, day
 * and draw: sales × rate, half up), after parallel sales; a supervisor reads its own only.
 */

const PERMS: Codename[] = ['view_report_vente', 'view_report_partiel', 'view_app_report', 'view_wallettransaction'];

describeApi('supervisors’ commission: closing, reports, dashboard and ledger agree', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  const tok: Record<string, string> = {};
  let supA = 0;
  let supB = 0;
  // Stakes whose commission at 3.33 % and 1.25 % rounds differently per draw than over the day.
  const STAKES = [1015, 2025, 335, 1515, 45, 3045];

  const sale = (token: string, tirage: number, stake: number) =>
    callAs(t, 'POST', '/api/agents/fiches', token, {
      idempotency_key: randomUUID(),
      tirages: [tirage],
      lines: [{ code: 20, number: String(stake % 100).padStart(2, '0'), stake }],
    });
  const json = async (token: string, path: string, q: Record<string, string | number> = {}) =>
    getCompanies(t.app, token, path, { start_date: c.today, end_date: c.today, ...q });

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 2 });
    other = await sellingCompany(t.database);
    const raw = t.database.raw;
    const make = async (bp: number) => {
      const s = await createUser(t.database, { role: 'supervisor', companyId: c.company.id, permissions: PERMS });
      await raw.query('UPDATE users SET commission_bp = $2 WHERE id = $1', [s.id, bp]);
      return s;
    };
    // A watches the sub-branch (both agents) at 3.33 %; B has agent 1 assigned at 1.25 %.
    const a = await make(333);
    await raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [c.company.id, a.id, c.surcussaleId],
    );
    const b = await make(125);
    await raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [c.agents[1].id, b.id]);
    [supA, supB] = [a.id, b.id];
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const adminB = await createUser(t.database, { role: 'company', companyId: other.company.id, fullAccess: true });
    for (const [k, u] of Object.entries({ a, b, admin, adminB, ag0: c.agents[0], ag1: c.agents[1] }))
      tok[k] = (await login(t.app, u.username)).accessToken;
    // Both agents sell in parallel on both draws.
    const sales = c.agents.flatMap((_, i) =>
      STAKES.map((stake, j) => sale(tok[`ag${i}`], c.tirages[j % 2].id, stake + i * 10)),
    );
    for (const r of await Promise.all(sales)) expect(r.statusCode, r.body).toBe(200);
  });
  afterAll(() => t?.close());

  /** By hand: per agent and draw, the day's stakes × the rate of each supervisor watching it, half up. */
  const expected = (agent: number, sup?: number) => {
    let total = 0;
    const plan: [number, number, number[]][] = [
      [supA, 333, [0, 1]],
      [supB, 125, [1]],
    ];
    for (const [id, bp, agents] of plan) {
      if ((sup !== undefined && id !== sup) || !agents.includes(agent)) continue;
      for (const draw of [0, 1]) {
        const sales = STAKES.filter((_, j) => j % 2 === draw).reduce((n, s) => n + s + agent * 10, 0);
        total += commissionFor(sales, bp);
      }
    }
    return total;
  };

  it('the closing, the report per agent and per supervisor, the dashboard and the ledger agree', async () => {
    const perAgent = [expected(0), expected(1)];
    for (const i of [0, 1]) {
      const closing = await callAs(t, 'GET', '/api/agents/closing', tok[`ag${i}`]);
      expect(closing.json().supervisor_commission, `agent ${i}`).toBe(perAgent[i]);
    }
    const report = await json(tok.admin, 'rapports', { filter_choice: 'agent' });
    const row = (id: number) => report.rows.find((r: { key: number }) => r.key === id).supervisor_commission;
    expect([row(c.agents[0].id), row(c.agents[1].id)]).toEqual(perAgent);
    const total = perAgent[0] + perAgent[1];
    expect(report.totals.supervisor_commission).toBe(total);
    const bySup = await json(tok.admin, 'rapport-journalier-sup');
    const bySupMap = Object.fromEntries(
      bySup.rows.map((r: { key: number; supervisor_commission: number }) => [r.key, r.supervisor_commission]),
    );
    const own = { [supA]: expected(0, supA) + expected(1, supA), [supB]: expected(1, supB) };
    expect(bySupMap).toEqual(own);
    expect(bySup.totals.supervisor_commission).toBe(total);
    for (const g of ['tirage', 'day', 'surcussale'])
      expect((await json(tok.admin, 'rapports', { filter_choice: g })).totals.supervisor_commission, g).toBe(total);
    expect((await json(tok.admin, 'app')).supervisor_commission).toBe(total);
    const ledger = await json(tok.admin, 'transactions');
    expect(
      ledger.supervisor_commissions.map((l: { supervisor_id: number; commission: number }) => [
        l.supervisor_id,
        l.commission,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [supA, own[supA]],
        [supB, own[supB]],
      ]),
    );
    expect(ledger.supervisor_commissions).toHaveLength(2);
    // Filtered on agent 1: each supervisor's share of that agent.
    const one = await json(tok.admin, 'transactions', { agent_id: c.agents[1].id });
    const sumOne = one.supervisor_commissions.reduce((n: number, l: { commission: number }) => n + l.commission, 0);
    expect(sumOne).toBe(perAgent[1]);
  });

  it('a supervisor reads its own commission only, everywhere', async () => {
    const mineA = expected(0, supA) + expected(1, supA);
    expect((await json(tok.a, 'app')).supervisor_commission).toBe(mineA);
    expect((await json(tok.a, 'rapports', { filter_choice: 'agent' })).totals.supervisor_commission).toBe(mineA);
    expect((await json(tok.b, 'app')).supervisor_commission).toBe(expected(1, supB));
    const ledger = await json(tok.b, 'transactions');
    expect(ledger.supervisor_commissions).toEqual([
      expect.objectContaining({ supervisor_id: supB, commission: expected(1, supB), currency: 'HTG' }),
    ]);
    // Another supervisor's report: 404, like another company's.
    const res = await callAs(
      t,
      'GET',
      `/api/companies/rapport-journalier-ag-sup?supervisor_id=${supA}&start_date=${c.today}`,
      tok.b,
    );
    expectErrorBody(res, 404);
  });

  it('another company sees none of it; an agent cannot read the ledger', async () => {
    expect((await json(tok.adminB, 'app')).supervisor_commission).toBe(0);
    expect((await json(tok.adminB, 'transactions')).supervisor_commissions).toEqual([]);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/transactions', tok.ag0), 403);
  });

  it('a change of rate holds from its day on: the days before keep theirs (8 parallel changes: one rate)', async () => {
    const raw = t.database.raw;
    const yesterday = new Date(Date.parse(`${c.today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const day = async (d: string) =>
      (await json(tok.admin, 'app', { start_date: d, end_date: d })).supervisor_commission;
    const earned = await day(c.today);
    expect(earned).toBe(expected(0) + expected(1));
    // Today's sales become yesterday's (their summary rows), then A's rate changes today.
    await raw.query('UPDATE stats_agent_draw_day SET business_date = business_date - 1 WHERE company_id = $1', [
      c.company.id,
    ]);
    const rates = [500, 700, 900, 1100, 1300, 1500, 1700, 1900];
    await Promise.all(rates.map((bp) => raw.query('UPDATE users SET commission_bp = $2 WHERE id = $1', [supA, bp])));
    const [{ bp }] = await raw.query<{ bp: number }>('SELECT commission_bp AS bp FROM users WHERE id = $1', [supA]);
    const history = await raw.query<{ from: string; bp: number }>(
      `SELECT valid_from::text AS from, commission_bp AS bp FROM supervisor_rates
        WHERE supervisor_id = $1 ORDER BY valid_from`,
      [supA],
    );
    expect(history).toEqual([
      { from: '-infinity', bp: 333 },
      { from: c.today, bp },
    ]);
    expect(await day(yesterday)).toBe(earned);
    const res = await sale(tok.ag0, c.tirages[0].id, 10_000);
    expect(res.statusCode, res.body).toBe(200);
    expect(await day(c.today)).toBe(commissionFor(10_000, bp));
  });
});
