import type { Codename } from '@borlette/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { RESULTS, scenario, zonePair } from '../../../test/fixtures/reports-scenario.fixtures';
import { callAs, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';
import { CommissionModel, expectedSupervisorCommission, sumOf } from '../../../test/oracles/commissions.oracle';
import {
  type Ask,
  expectedAgentRows,
  expectedRows,
  type Facts,
  loadFacts,
  owedFromTickets,
} from '../../../test/oracles/reports.oracle';
import { rng } from '../../../test/random';

/**
 * Oracle of the reports: over two business days of random activity through the real engine and API
 * (sales, cancellations, deletions, reactivations, results, a correction reversing payments,
 * payments on the day of sale and the next, wallet movements, transactions zero and a reversal),
 * every row of every report, grouping, filter and period equals a recomputation from the raw tickets,
 * payments and ledger; every agent's « to collect » equals its ledger and what its tickets owe.
 */

const PERMS: Codename[] = ['view_report_vente', 'view_report_partiel', 'view_report_agent'];

describeApi('reports against the raw tickets and ledger (oracle)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;
  const tokens = new Map<number, string>();
  const sups: { id: number; token: string; agents: Set<number> }[] = [];
  let surcs: number[];
  const zones = zonePair();
  const days: string[] = [];
  let switchAt = '';
  let model: CommissionModel;
  /** The supervisors' own rates (issue 20): the first has one, the second none. */
  const supRates = new Map<number, number | null>();

  const setZone = async (zone: string) => {
    await t.database.raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [c.company.id, zone]);
    const [row] = await t.database.raw.query<{ d: string; now: string }>(
      "SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS d, now()::text AS now",
      [zone],
    );
    days.push(row.d);
    return row.now;
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 3, tirages: 3 });
    const raw = t.database.raw;
    const [s2] = await raw.query<{ id: number }>(
      "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Nord') RETURNING id",
      [c.company.id],
    );
    surcs = [c.surcussaleId, s2.id];
    for (let i = 0; i < 2; i++) {
      const a = await createUser(t.database, { role: 'agent', companyId: c.company.id, fullAccess: true });
      await raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [a.id, s2.id]);
      c.agents.push(a);
    }
    for (const a of c.agents) tokens.set(a.id, (await login(t.app, a.username)).accessToken);
    admin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    // Supervisor 1 watches the first branch; supervisor 2 the second and, assigned, the first agent.
    const ids = c.agents.map((a) => a.id);
    const plan = [
      { surc: surcs[0], agents: new Set(ids.slice(0, 3)) },
      { surc: surcs[1], agents: new Set([...ids.slice(3), ids[0]]) },
    ];
    for (const p of plan) {
      const s = await createUser(t.database, { role: 'supervisor', companyId: c.company.id, permissions: PERMS });
      await raw.query(
        'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
        [c.company.id, s.id, p.surc],
      );
      sups.push({ id: s.id, token: (await login(t.app, s.username)).accessToken, agents: p.agents });
    }
    await raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [ids[0], sups[1].id]);

    // Commission per game (issue 20): rates at every level, an agent with its own single rate, and
    // the first supervisor's rate; the agent level changes between the two days (the model keeps each
    // day's rates: the tickets keep theirs).
    await raw.query('UPDATE users SET commission_bp = 900 WHERE id = $1', [ids[2]]);
    const people = new Map(
      c.agents.map((a, i) => [a.id, { surcussale: i < 3 ? surcs[0] : surcs[1], single: i === 2 ? 900 : 1000 }]),
    );
    model = new CommissionModel(t, admin, people);
    await model.set({ level: 'company', bolet: 800, mariage: 1100 });
    await model.set({ level: 'surcussale', surcussale_id: surcs[1], mariage: 1500, loto3: 700 });
    await model.set({ level: 'agent', agent_id: ids[0], bolet: 1250 });
    await model.set({ level: 'agent', agent_id: ids[3], loto3: 333 });
    const [rated, unrated] = sups;
    const supBody = { first_name: 'Sup', last_name: 'Un', permissions: PERMS, surcussales: [surcs[0]] };
    const [u] = await raw.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [rated.id]);
    const put = await callAs(t, 'PUT', '/api/companies/supervisor', admin, {
      ...supBody,
      id: rated.id,
      username: u.username,
      commission_bp: 275,
    });
    expect(put.statusCode, put.body).toBe(200);
    supRates.set(rated.id, 275).set(unrated.id, null);
  }, 300_000);
  afterAll(() => t?.close());

  it('every report figure equals its recomputation from the raw tickets and ledger', async () => {
    const { sellMany, voidSome, moveSome, paySome, zeroFor } = scenario({ t, c, admin, tokens, r: rng(20_240_611) });
    // Day 1.
    await setZone(zones[0]);
    model.freeze(days[0]);
    await voidSome(await sellMany(170));
    await moveSome(8);
    for (const [i, x] of c.tirages.entries())
      await enterResult(t.database, { companyId: c.company.id, tirageId: x.id, date: days[0], ...RESULTS[i] });
    expect(await paySome(0.6)).toBeGreaterThan(5);
    const firstZero = await zeroFor(c.agents[1].id);
    await zeroFor(c.agents[3].id);

    // Day 2: the company's day moves on (another zone); yesterday's winners are paid today, a
    // corrected result of yesterday reverses payments today.
    switchAt = await setZone(zones[1]);
    expect(days[1] > days[0]).toBe(true);
    await model.set({ level: 'agent', agent_id: c.agents[0].id, bolet: 333, mariage: 50 });
    await model.set({ level: 'company', bolet: 950, loto3: 1234 });
    model.freeze(days[1]);
    await voidSome(await sellMany(150));
    await moveSome(8);
    await paySome(0.5);
    const corrected = await enterResult(t.database, {
      companyId: c.company.id,
      tirageId: c.tirages[0].id,
      date: days[0],
      pick3: '145',
      pick4: '4523',
      allowPaid: true,
    });
    expect(corrected.reversed).toBeGreaterThan(0);
    for (const [i, x] of c.tirages.slice(0, 2).entries())
      await enterResult(t.database, { companyId: c.company.id, tirageId: x.id, date: days[1], ...RESULTS[i] });
    await paySome(0.7);
    await zeroFor(c.agents[2].id);
    const rev = await callAs(
      t,
      'DELETE',
      `/api/companies/transaction-zero?agent_id=${c.agents[1].id}&transaction_id=${firstZero.id}`,
      admin,
    );
    expect(rev.statusCode, rev.body).toBe(200);

    const facts = await loadFacts(t.database.raw, c.company.id, switchAt, zones);
    expect(facts.tickets.length).toBeGreaterThanOrEqual(320);
    expect(facts.payments.some((p) => p.kind === 'reversal')).toBe(true);
    // Every ticket's commission from its lines and the day's rates per game (the reports below read it).
    expect(await model.checkTickets(t.database.raw, c.company.id)).toBe(facts.tickets.length);
    await checkEverything(facts);
  }, 600_000);

  async function checkEverything(facts: Facts) {
    const [d1, d2] = days;
    const periods = [
      { start: d1, end: d1, q: `start_date=${d1}&end_date=${d1}` },
      { start: d2, end: d2, q: '' }, // the default period: the company's today
      { start: d1, end: d2, q: `start_date=${d1}&end_date=${d2}` },
    ];
    const filters = [
      { q: '' },
      { q: `&tirage_id=${c.tirages[1].id}`, tirage: c.tirages[1].id },
      { q: `&surcussale_id=${surcs[1]}`, surc: surcs[1] },
      { q: `&agent_id=${c.agents[0].id}`, agent: c.agents[0].id },
    ];
    const watch = new Map(sups.map((s) => [s.id, s.agents]));
    const readers: { token: string; visible?: Set<number>; self?: number }[] = [
      { token: admin },
      ...sups.map((s) => ({ token: s.token, visible: s.agents, self: s.id })),
    ];
    let compared = 0;
    let supervisorRows = 0;
    let commissioned = 0;

    const same = (
      body: { rows: Row[]; totals: Record<string, number>; start_date: string; end_date: string },
      ask: Ask,
    ) => {
      const expected = expectedRows(facts, ask);
      // Every row of this one-company world is in its currency (currencies.api.test.ts covers several).
      expect(new Set(body.rows.map((r) => r.currency))).toEqual(new Set(body.rows.length ? ['HTG'] : []));
      const got = new Map(
        body.rows.map(
          ({
            key,
            label: _l,
            detail: _d,
            currency: _c,
            supervisor_commission: _s,
            supervisor_commission_bp: _b,
            ...f
          }) => [String(key), f],
        ),
      );
      expect(got, JSON.stringify(ask)).toEqual(expected);
      // Issue 20 §3: the supervisors' commission of every row and of the totals line, from the raw tickets.
      const sc = expectedSupervisorCommission(facts, ask, supRates, watch);
      for (const r of body.rows) {
        expect(r.supervisor_commission, `${JSON.stringify(ask)} ${r.key}`).toBe(sc.get(String(r.key)) ?? 0);
        if (ask.group === 'supervisor') {
          const bp = supRates.get(r.key as number) ?? null;
          expect(r.supervisor_commission_bp).toBe(bp);
          if (bp) supervisorRows++;
        }
      }
      expect(body.totals.supervisor_commission, JSON.stringify(ask)).toBe(sumOf(sc));
      if (sumOf(sc) > 0) commissioned++;
      expect([body.start_date, body.end_date]).toEqual([ask.start, ask.end]);
      const totals = [...expected.values()].reduce(
        (s, f) => {
          for (const k of Object.keys(f) as (keyof typeof f)[]) s[k] = (s[k] ?? 0) + f[k];
          return s;
        },
        {} as Record<string, number>,
      );
      for (const [k, v] of Object.entries(body.totals))
        if (k !== 'currency' && k !== 'supervisor_commission') expect(v, k).toBe(totals[k] ?? 0);
      compared += body.rows.length;
    };

    for (const reader of readers) {
      for (const p of periods) {
        for (const f of filters) {
          const base = {
            start: p.start,
            end: p.end,
            tirage: f.tirage,
            surc: f.surc,
            agent: f.agent,
            visible: reader.visible,
            supervisor: reader.self,
          };
          for (const group of ['agent', 'surcussale', 'tirage', 'day'] as const) {
            const res = await callAs(
              t,
              'GET',
              `/api/companies/rapports?filter_choice=${group}&${p.q}${f.q}`,
              reader.token,
            );
            same(res.json(), { ...base, group });
          }
          same((await callAs(t, 'GET', `/api/companies/rapport-journalier?${p.q}${f.q}`, reader.token)).json(), {
            ...base,
            group: 'day',
          });
          const mySups = reader.self ? new Map([[reader.self, watch.get(reader.self) as Set<number>]]) : watch;
          const bySup = (
            await callAs(t, 'GET', `/api/companies/rapport-journalier-sup?${p.q}${f.q}`, reader.token)
          ).json();
          same(bySup, { ...base, group: 'supervisor', watch: mySups });
          for (const [sup, agents] of mySups) {
            const res = await callAs(
              t,
              'GET',
              `/api/companies/rapport-journalier-ag-sup?supervisor_id=${sup}&${p.q}${f.q}`,
              reader.token,
            );
            const visible = new Set([...agents].filter((a) => !reader.visible || reader.visible.has(a)));
            same(res.json(), { ...base, group: 'agent', visible, supervisor: sup });
          }
          const agentReport = (
            await callAs(t, 'GET', `/api/companies/rapports-agent?${p.q}${f.q}`, reader.token)
          ).json();
          const expected = expectedAgentRows(facts, base);
          const got = new Map(
            agentReport.rows.map(
              ({
                agent_id,
                agent_name: _n,
                agent_username: _u,
                surcussale_name: _s,
                currency: _c,
                credit_limit: _l,
                credit_blocked: _b,
                ...x
              }: AgentRow) => [agent_id, x],
            ),
          );
          expect(got, JSON.stringify(base)).toEqual(expected);
          compared += agentReport.rows.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(supervisorRows).toBeGreaterThan(5);
    expect(commissioned).toBeGreaterThan(50);

    // Every agent: « to collect » = its ledger = what its tickets and payments owe plus the moves;
    // and over any period, the ledger moved by the report's balance plus the wallet movements.
    const ledger = await t.database.raw.query<{ agent_id: number; s: number }>(
      'SELECT agent_id, sum(amount)::bigint AS s FROM wallet_entries WHERE company_id = $1 GROUP BY 1',
      [c.company.id],
    );
    const report = (
      await callAs(t, 'GET', `/api/companies/rapports-agent?start_date=${d1}&end_date=${d2}`, admin)
    ).json();
    const firstDay = (
      await callAs(t, 'GET', `/api/companies/rapports-agent?start_date=${d1}&end_date=${d1}`, admin)
    ).json();
    const secondDay = (await callAs(t, 'GET', '/api/companies/rapports-agent', admin)).json();
    for (const a of c.agents) {
      const row = report.rows.find((x: AgentRow) => x.agent_id === a.id) as AgentRow;
      expect(row.to_collect).toBe(ledger.find((l) => l.agent_id === a.id)?.s ?? 0);
      expect(row.to_collect).toBe(owedFromTickets(facts, a.id, d2));
      const before = firstDay.rows.find((x: AgentRow) => x.agent_id === a.id)?.to_collect ?? 0;
      expect(before).toBe(owedFromTickets(facts, a.id, d1));
      const today = secondDay.rows.find((x: AgentRow) => x.agent_id === a.id) as AgentRow;
      const moves = (x: AgentRow) => x.deposits + x.withdrawals + x.adjustments + x.zero;
      expect(today.to_collect - before).toBe(today.balance + moves(today));
      expect(row.to_collect).toBe(row.balance + moves(row));
    }
  }
});

interface Row {
  key: number | string | null;
  label: string;
  detail: string | null;
  [k: string]: unknown;
}
interface AgentRow {
  agent_id: number;
  credit_limit: number | null;
  credit_blocked: boolean;
  agent_name: string;
  agent_username: string;
  surcussale_name: string | null;
  currency: string;
  balance: number;
  deposits: number;
  withdrawals: number;
  adjustments: number;
  zero: number;
  to_collect: number;
}
