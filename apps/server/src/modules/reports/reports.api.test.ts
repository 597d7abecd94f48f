import type { Codename } from '@borlette/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sell } from '../../../test/engine-fixtures';
import { type MoneyWorld, moneyWorld, newKey } from '../../../test/fixtures/money.fixtures';
import {
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

const PERMS: Codename[] = ['view_report_vente', 'view_report_partiel', 'view_report_agent'];
const SALES = '/api/companies/rapports';
const DAY = '/api/companies/rapport-journalier';
const SUP = '/api/companies/rapport-journalier-sup';
const AG_SUP = '/api/companies/rapport-journalier-ag-sup';
const AGENT = '/api/companies/rapports-agent';
const ALL = [SALES, DAY, SUP, `${AG_SUP}?supervisor_id=SUP`, AGENT];

const daysBefore = (day: string, n: number) => new Date(Date.parse(day) - n * 86_400_000).toISOString().slice(0, 10);

interface Row {
  key: number | string | null;
  label: string;
  tickets: number;
  sales: number;
  commission: number;
  payouts: number;
  balance: number;
}

/** « Toutes » reads the period in the selected country's zone: a window around today covers every test company's business day. */
const AROUND_TODAY = (() => {
  const d = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return `start_date=${d(-2)}&end_date=${d(2)}`;
})();
describeApi('reports: access, tenancy, scope, CSV', () => {
  let t: TestContext;
  let w: MoneyWorld;
  let venteOnly: string;
  const urls = () => ALL.map((u) => u.replace('SUP', String(w.supId)));

  beforeAll(async () => {
    t = await createTestApp();
    w = await moneyWorld(t, PERMS);
    const v = await createUser(t.database, {
      role: 'supervisor',
      companyId: w.a.company.id,
      permissions: ['view_report_vente'],
    });
    venteOnly = (await login(t.app, v.username)).accessToken;
    const [t1, t2] = w.a.tirages.map((x) => x.id);
    const line = (stake: number) => [{ code: 20, number: '45', stake }];
    const raw = t.database.raw;
    const co = w.a.company.id;
    await sell(raw, { companyId: co, agentId: w.alice, tirages: [t1], lines: line(10_000) });
    await sell(raw, { companyId: co, agentId: w.alice, tirages: [t1, t2], lines: line(5_000) });
    await sell(raw, { companyId: co, agentId: w.bruno, tirages: [t2], lines: line(2_000) });
    await sell(raw, { companyId: co, agentId: w.zoe, tirages: [t1], lines: line(3_000) });
    await sell(raw, {
      companyId: w.b.company.id,
      agentId: w.agentB,
      tirages: [w.b.tirages[0].id],
      lines: line(777_700),
    });
    // Bruno is given cash: a withdrawal makes it owe more than its balance.
    await w.call('POST', '/api/companies/transactions', w.adminA, {
      agent_id: w.bruno,
      kind: 'withdrawal',
      amount: 5_000,
      idempotency_key: newKey(),
    });
  });
  afterAll(() => t?.close());

  it('groups the sales by agent, sub-branch, draw and day, totals = sum of rows (today by default)', async () => {
    const byAgent = (await w.call('GET', SALES, w.adminA)).json();
    expect(byAgent).toMatchObject({
      start_date: w.a.today,
      end_date: w.a.today,
      filter_choice: 'agent',
      currency: 'HTG',
    });
    const sales = Object.fromEntries(byAgent.rows.map((r: Row) => [r.key, r.sales]));
    expect(sales).toEqual({ [w.alice]: 20_000, [w.bruno]: 2_000, [w.zoe]: 3_000 });
    expect(byAgent.rows[0]).toMatchObject({
      label: expect.stringMatching(/^Alice Adam \(/),
      tickets: 2,
      commission: 2_000,
      balance: 18_000,
    });
    expect(byAgent.totals).toMatchObject({ tickets: 4, sales: 25_000, commission: 2_500, balance: 22_500 });
    const byDraw = (await w.call('GET', `${SALES}?filter_choice=tirage`, w.adminA)).json();
    const draws = byDraw.rows.map((r: Row) => [r.key, r.tickets, r.sales]);
    expect(draws.sort((x: number[], y: number[]) => x[0] - y[0])).toEqual([
      [w.a.tirages[0].id, 3, 10_000 + 5_000 + 3_000],
      [w.a.tirages[1].id, 2, 5_000 + 2_000],
    ]);
    expect(byDraw.totals.sales).toBe(25_000);
    const oneDraw = (await w.call('GET', `${SALES}?tirage_id=${w.a.tirages[1].id}`, w.adminA)).json();
    expect(oneDraw.rows.map((r: Row) => [r.key, r.sales])).toEqual([
      [w.alice, 5_000],
      [w.bruno, 2_000],
    ]);
    const bySub = (await w.call('GET', `${SALES}?filter_choice=surcussale`, w.adminA)).json();
    expect(bySub.rows.map((r: Row) => [r.label, r.sales])).toEqual([
      [expect.stringMatching(/^Succursale/), 22_000],
      ['Sud', 3_000],
    ]);
    const byDay = (
      await w.call(
        'GET',
        `${SALES}?filter_choice=day&start_date=${daysBefore(w.a.today, 30)}&end_date=${w.a.today}`,
        w.adminA,
      )
    ).json();
    expect(byDay.rows).toEqual([expect.objectContaining({ key: w.a.today, sales: 25_000 })]);
    expect((await w.call('GET', `${SALES}?start_date=2020-01-01`, w.adminA)).json()).toMatchObject({
      end_date: '2020-01-01',
      rows: [],
      totals: { sales: 0, balance: 0 },
    });
  });

  it('answers partial reports per day, per supervisor and per agent of a supervisor', async () => {
    const day = (await w.call('GET', DAY, w.adminA)).json();
    expect(day).toMatchObject({ filter_choice: 'day', rows: [{ key: w.a.today, sales: 25_000 }] });
    const sup = (await w.call('GET', SUP, w.adminA)).json();
    expect(sup.filter_choice).toBe('supervisor');
    expect(sup.rows).toEqual([
      expect.objectContaining({ key: w.supId, label: expect.stringMatching(/^Sam Sup/), sales: 22_000 }),
    ]);
    const agSup = (await w.call('GET', `${AG_SUP}?supervisor_id=${w.supId}`, w.adminA)).json();
    expect(agSup.rows.map((r: Row) => r.key)).toEqual([w.alice, w.bruno]);
    expect(expectErrorBody(await w.call('GET', AG_SUP, w.adminA), 400).fields?.supervisor_id).toBeTruthy();
    const bSup = await createUser(t.database, { role: 'supervisor', companyId: w.b.company.id });
    expectErrorBody(await w.call('GET', `${AG_SUP}?supervisor_id=${bSup.id}`, w.adminA), 404);
    expectErrorBody(await w.call('GET', `${AG_SUP}?supervisor_id=${w.alice}`, w.adminA), 404);
  });

  it('adds the wallet to the agent report: movements of the period and what is to collect', async () => {
    const r = (await w.call('GET', AGENT, w.adminA)).json();
    const bruno = r.rows.find((x: { agent_id: number }) => x.agent_id === w.bruno);
    expect(bruno).toMatchObject({
      sales: 2_000,
      commission: 200,
      balance: 1_800,
      withdrawals: 5_000,
      deposits: 0,
      to_collect: 6_800,
    });
    expect(r.totals.to_collect).toBe(22_500 + 5_000);
    // The POS day report reads the same summary.
    const pos = (await w.call('GET', '/api/agents/report', w.agentTokens.get(w.bruno) as string)).json();
    expect(pos).toMatchObject({
      tickets: bruno.tickets,
      sales_amount: bruno.sales,
      commission_amount: bruno.commission,
      balance: bruno.balance,
    });
    // A past period: no figures, and nothing was owed before today.
    expect((await w.call('GET', `${AGENT}?start_date=2020-01-01&end_date=2020-01-02`, w.adminA)).json().rows).toEqual(
      [],
    );
  });

  it('refuses bad input with French messages (400)', async () => {
    const bad = [
      'start_date=2024-02-30',
      'start_date=2024-03-01&end_date=2024-02-01',
      'start_date=2023-01-01&end_date=2024-06-01',
      'tirage_id=abc',
      'agent_id=-1',
      'format=pdf',
    ];
    for (const url of urls()) {
      for (const q of bad) {
        const res = expectErrorBody(await w.call('GET', `${url}${url.includes('?') ? '&' : '?'}${q}`, w.adminA), 400);
        expect(Object.keys(res.fields ?? {}).length).toBeGreaterThan(0);
      }
    }
    expect(
      expectErrorBody(await w.call('GET', `${SALES}?filter_choice=mois`, w.adminA), 400).fields?.filter_choice,
    ).toMatch(/Regroupement/);
    expect(
      expectErrorBody(await w.call('GET', `${AG_SUP}?supervisor_id=x`, w.adminA), 400).fields?.supervisor_id,
    ).toBeTruthy();
  });

  it('refuses a user without the codename (403)', async () => {
    for (const url of urls()) {
      expect(expectErrorBody(await w.call('GET', url, w.noPermSup), 403).code).toBe('PERMISSION_DENIED');
      expectErrorBody(await w.call('GET', url, w.agentTokens.get(w.alice) as string), 403);
    }
    expect((await w.call('GET', SALES, venteOnly)).statusCode).toBe(200);
    for (const url of urls().slice(1)) expectErrorBody(await w.call('GET', url, venteOnly), 403);
  });

  it('never shows another company’s figures; the superuser with « Toutes » sees its country’s', async () => {
    for (const url of urls()) {
      const res = await w.call('GET', url, w.adminA);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('777700');
      expect(res.body).not.toContain(w.b.agents[0].username);
      const filtered = (
        await w.call('GET', `${url}${url.includes('?') ? '&' : '?'}agent_id=${w.agentB}`, w.adminA)
      ).json();
      expect(filtered.rows).toEqual([]);
    }
    const all = (await w.call('GET', `${SALES}?${AROUND_TODAY}`, w.superHT)).json();
    expect(all.totals.sales).toBe(25_000 + 777_700);
    expect(all.rows.find((r: Row) => r.key === w.agentB).label).toContain(w.b.agents[0].username);
    expect((await w.call('GET', `${SALES}?${AROUND_TODAY}`, w.superDO)).json().rows).toEqual([]);
    expect((await w.call('GET', `${AGENT}?${AROUND_TODAY}`, w.superHT)).json().totals.sales).toBe(25_000 + 777_700);
  });

  it('limits a supervisor to its agents in every report', async () => {
    const agents = (await w.call('GET', SALES, w.sup)).json();
    expect(agents.rows.map((r: Row) => r.key)).toEqual([w.alice, w.bruno]);
    expect(agents.totals.sales).toBe(22_000);
    expect((await w.call('GET', `${SALES}?agent_id=${w.zoe}`, w.sup)).json().rows).toEqual([]);
    expect((await w.call('GET', `${SALES}?filter_choice=surcussale`, w.sup)).json().rows).toHaveLength(1);
    expect((await w.call('GET', DAY, w.sup)).json().totals.sales).toBe(22_000);
    expect((await w.call('GET', SUP, w.sup)).json().rows.map((r: Row) => r.key)).toEqual([w.supId]);
    expect((await w.call('GET', AG_SUP, w.sup)).json().rows.map((r: Row) => r.key)).toEqual([w.alice, w.bruno]);
    const other = await createUser(t.database, { role: 'supervisor', companyId: w.a.company.id });
    expectErrorBody(await w.call('GET', `${AG_SUP}?supervisor_id=${other.id}`, w.sup), 404);
    const report = (await w.call('GET', AGENT, w.sup)).json();
    expect(report.rows.map((r: { agent_id: number }) => r.agent_id)).toEqual([w.alice, w.bruno]);
  });

  describe('CSV', () => {
    it('exports every report with its totals row, money as « 1234,50 » (negatives stay numbers)', async () => {
      await w.call('POST', '/api/companies/transactions', w.adminA, {
        agent_id: w.zoe,
        kind: 'deposit',
        amount: 123_456,
        idempotency_key: newKey(),
      });
      for (const url of urls()) {
        const res = await w.call('GET', `${url}${url.includes('?') ? '&' : '?'}format=csv`, w.adminA);
        expect(res.headers['content-type']).toMatch(/text\/csv/);
        expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*\.csv"/);
        const lines = res.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        expect(lines.length).toBeGreaterThan(1);
        expect(lines.at(-1)).toMatch(/^Total;/);
      }
      const sales = (await w.call('GET', `${SALES}?format=csv`, w.adminA)).body;
      expect(sales).toContain('Vendeur;Succursale;Devise;Fiches;Ventes;Commission;');
      expect(sales).toContain('Total;;HTG;4;250,00;25,00;');
      const agents = (await w.call('GET', `${AGENT}?format=csv`, w.adminA)).body;
      expect(agents).toContain(';-1234,56;');
      expect(agents).not.toContain("'-");
    });
  });
});
