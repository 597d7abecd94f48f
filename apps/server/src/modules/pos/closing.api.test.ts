import { randomUUID } from 'node:crypto';
import { addMoney, subMoney } from '@borlette/shared/contracts/money';
import { figures } from '@borlette/shared/contracts/reports';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
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
 * The day closing (Z report) as an oracle of the company's own reports and ledger: after a scripted
 * day (sales on two draws, a cancellation, a payout, a deposit and a withdrawal, another agent's
 * activity beside), every figure of the agent's closing equals what the report and wallet endpoints
 * answer the admin for that agent and day.
 */

const FIGURE_KEYS = Object.keys(figures.shape) as (keyof typeof figures.shape)[];
type Figures = Record<(typeof FIGURE_KEYS)[number], number>;
const pick = (o: Figures) => Object.fromEntries(FIGURE_KEYS.map((k) => [k, o[k]]));
const sum = (rows: Figures[]) =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, rows.reduce((s, r) => addMoney(s, r[k]), 0)]));
const shift = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

describeApi('agent day closing (GET /api/agents/closing)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  const tok: Record<'a' | 'b' | 'admin' | 'sup' | 'otherAgent', string> = {
    a: '',
    b: '',
    admin: '',
    sup: '',
    otherAgent: '',
  };
  let x: number;
  let y: number;
  let z: number;
  let paid = 0;

  const sale = (token: string, tirages: number[], lines: object[]) =>
    callAs(t, 'POST', '/api/agents/fiches', token, { idempotency_key: randomUUID(), tirages, lines });
  const closing = async (token: string, q = '') => {
    const res = await callAs(t, 'GET', `/api/agents/closing${q}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const move = (agentId: number, kind: string, amount: number) =>
    callAs(t, 'POST', '/api/companies/transactions', tok.admin, {
      agent_id: agentId,
      kind,
      amount,
      idempotency_key: randomUUID(),
    });

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 3 });
    other = await sellingCompany(t.database);
    [x, y, z] = c.tirages.map((d) => d.id);
    tok.a = (await login(t.app, c.agents[0].username)).accessToken;
    tok.b = (await login(t.app, c.agents[1].username)).accessToken;
    tok.otherAgent = (await login(t.app, other.agents[0].username)).accessToken;
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    tok.admin = (await login(t.app, admin.username)).accessToken;
    const sup = await createUser(t.database, { role: 'supervisor', companyId: c.company.id, fullAccess: true });
    tok.sup = (await login(t.app, sup.username)).accessToken;

    // Yesterday's ledger (an old adjustment): what the agent owed when the day began.
    await t.database.raw.query(
      `INSERT INTO wallet_entries (company_id, agent_id, kind, amount, business_date, note)
       VALUES ($1, $2, 'adjustment', 12345, $3::date - 1, 'Hier')`,
      [c.company.id, c.agents[0].id, c.today],
    );

    // Agent A: a winner on X, a ticket on X and Y, one on Y, one on Y cancelled.
    const t1 = (
      await sale(
        tok.a,
        [x],
        [
          { code: 20, number: '23', stake: 1000 },
          { code: 20, number: '45', stake: 500 },
        ],
      )
    ).json();
    expect((await sale(tok.a, [x, y], [{ code: 20, number: '12', stake: 300 }])).statusCode).toBe(200);
    expect((await sale(tok.a, [y], [{ code: 20, number: '88', stake: 200 }])).statusCode).toBe(200);
    const t4 = (await sale(tok.a, [y], [{ code: 20, number: '55', stake: 400 }])).json();
    expect((await callAs(t, 'POST', '/api/agents/fiches/cancel', tok.a, { id: t4.id })).statusCode).toBe(200);
    // Agent B beside, on the same draws.
    const b1 = (await sale(tok.b, [x], [{ code: 20, number: '23', stake: 700 }])).json();
    expect((await sale(tok.b, [y], [{ code: 20, number: '66', stake: 900 }])).statusCode).toBe(200);
    // Results on X (lots 23 45 67): A's first ticket and B's win; each agent pays its own.
    await enterResult(t.database, { companyId: c.company.id, tirageId: x, date: c.today, pick3: '123', pick4: '4567' });
    const p = await callAs(t, 'POST', '/api/agents/fiches/pay', tok.a, { ref: t1.ref_code });
    expect(p.statusCode, p.body).toBe(200);
    paid = p.json().paid_amount;
    expect(paid).toBeGreaterThan(0);
    expect((await callAs(t, 'POST', '/api/agents/fiches/pay', tok.b, { ref: b1.ref_code })).statusCode).toBe(200);
    // The wallet: a deposit and a withdrawal for A, a deposit for B.
    for (const [agent, kind, amount] of [
      [c.agents[0].id, 'deposit', 5000],
      [c.agents[0].id, 'withdrawal', 2000],
      [c.agents[1].id, 'deposit', 1000],
    ] as const)
      expect((await move(agent, kind, amount)).statusCode).toBe(200);
    // The other company's agent sells too.
    expect(
      (await sale(tok.otherAgent, [other.tirages[0].id], [{ code: 20, number: '23', stake: 100 }])).statusCode,
    ).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  it('every figure equals the company’s reports and ledger for that agent and day', async () => {
    const a = c.agents[0].id;
    const day = c.today;
    const cl = await closing(tok.a);
    expect(cl).toMatchObject({
      date: day,
      company: { currency: 'HTG' },
      agent: { id: a, username: c.agents[0].username },
    });
    expect(Date.now() - Date.parse(cl.produced_at)).toBeLessThan(60_000);

    // Per draw: the sales report grouped by draw, for this agent and day.
    const period = { start_date: day, end_date: day, agent_id: a };
    const byDraw = await getCompanies(t.app, tok.admin, 'rapports', { ...period, filter_choice: 'tirage' });
    expect(cl.draws.map((d: { tirage_id: number }) => d.tirage_id).sort()).toEqual(
      byDraw.rows.map((r: { key: number }) => r.key).sort(),
    );
    expect(cl.draws.map((d: { tirage_id: number }) => d.tirage_id)).not.toContain(z);
    for (const d of cl.draws)
      expect(pick(d)).toEqual(pick(byDraw.rows.find((r: { key: number }) => r.key === d.tirage_id)));
    // Totals: the sum of the rows (and the amounts of the day, a ticket on two draws being split).
    expect(pick(cl.totals)).toEqual(sum(cl.draws));
    expect(pick(cl.totals)).toEqual(pick(byDraw.totals));
    for (const k of ['sales', 'commission', 'cancelled_amount', 'wins', 'payouts', 'balance'] as const)
      expect(cl.totals[k], k).toBe(cl.day[k]);

    // The day: the sales report per agent, and the agent's own day report.
    const byAgent = await getCompanies(t.app, tok.admin, 'rapports', { ...period, filter_choice: 'agent' });
    expect(byAgent.rows).toHaveLength(1);
    expect(pick(cl.day)).toEqual(pick(byAgent.rows[0]));
    const report = (await callAs(t, 'GET', '/api/agents/report', tok.a)).json();
    expect(report).toMatchObject({
      tickets: cl.day.tickets,
      sales_amount: cl.day.sales,
      commission_amount: cl.day.commission,
      cancelled: cl.day.cancelled,
      cancelled_amount: cl.day.cancelled_amount,
      paid_amount: cl.day.payouts,
      balance: cl.day.balance,
    });
    // The script, in figures: only A's tickets and A's payment (B's are never in A's closing).
    expect(cl.day).toMatchObject({
      tickets: 3,
      sales: 2300,
      cancelled: 1,
      cancelled_amount: 400,
      paid: 1,
      payouts: paid,
    });
    expect(cl.draws.find((d: { tirage_id: number }) => d.tirage_id === x)).toMatchObject({ tickets: 2, sales: 1800 });
    expect(cl.draws.find((d: { tirage_id: number }) => d.tirage_id === y)).toMatchObject({
      tickets: 2,
      sales: 500,
      cancelled: 1,
      payouts: 0,
    });

    // The wallet: the agent control report, the transactions list and its balances.
    const control = await getCompanies(t.app, tok.admin, 'rapports-agent', period);
    expect(control.rows).toHaveLength(1);
    const row = control.rows[0];
    expect(cl.wallet).toMatchObject({
      deposits: row.deposits,
      withdrawals: row.withdrawals,
      adjustments: row.adjustments,
      zero: row.zero,
      owed_end: row.to_collect,
    });
    expect(cl.wallet).toMatchObject({ deposits: -5000, withdrawals: 2000, owed_start: 12345 });
    const before = await getCompanies(t.app, tok.admin, 'rapports-agent', {
      ...period,
      start_date: shift(day, -1),
      end_date: shift(day, -1),
    });
    expect(cl.wallet.owed_start).toBe(before.rows[0].to_collect);
    const list = await getCompanies(t.app, tok.admin, 'transactions', period);
    expect(cl.wallet.movement).toBe(list.total);
    expect(cl.wallet.owed_end).toBe(list.balances.find((b: { agent_id: number }) => b.agent_id === a).balance);
    for (const [kind, field] of [
      ['deposit', 'deposits'],
      ['withdrawal', 'withdrawals'],
    ] as const)
      expect(cl.wallet[field]).toBe((await getCompanies(t.app, tok.admin, 'transactions', { ...period, kind })).total);
    // The ledger and the summaries tell one story: the day's entries = its balance + the moves.
    expectLedgerAgrees(cl);
  });

  /** The ledger's day = sales − commission − payouts + the back office's moves; the end = start + the day. */
  function expectLedgerAgrees(cl: { day: Figures; wallet: Record<string, number> }) {
    const w = cl.wallet;
    const moves = [w.deposits, w.withdrawals, w.adjustments, w.zero, w.collections].reduce(addMoney, 0);
    expect(w.movement).toBe(addMoney(cl.day.balance, moves));
    expect(w.owed_end).toBe(addMoney(w.owed_start, w.movement));
    expect(subMoney(w.owed_end, w.movement)).toBe(w.owed_start);
  }

  it('another agent’s closing holds its own figures only; another company’s agent sees only its own', async () => {
    const b = await closing(tok.b);
    expect(b.agent.id).toBe(c.agents[1].id);
    expect(b.day).toMatchObject({ tickets: 2, sales: 1600, paid: 1 });
    expect(b.wallet.deposits).toBe(-1000);
    const o = await closing(tok.otherAgent);
    expect(o.agent.id).toBe(other.agents[0].id);
    expect(o.draws.map((d: { tirage_id: number }) => d.tirage_id)).toEqual([other.tirages[0].id]);
    expect(o.day).toMatchObject({ tickets: 1, sales: 100, payouts: 0 });
    expect(o.wallet.owed_start).toBe(0);
    expect(JSON.stringify(o)).not.toContain(c.tirages[0].name);
    // The date is the only parameter: no agent id is read from the query.
    const asked = await closing(tok.otherAgent, `?agent_id=${c.agents[0].id}`);
    expect(asked.agent.id).toBe(other.agents[0].id);
  });

  it('closes a past day from its summaries and ledger; refuses a future or malformed date in French', async () => {
    const yesterday = await closing(tok.a, `?date=${shift(c.today, -1)}`);
    expect(yesterday).toMatchObject({ date: shift(c.today, -1), draws: [] });
    expect(yesterday.wallet).toMatchObject({ owed_start: 0, adjustments: 12345, movement: 12345, owed_end: 12345 });
    expect(yesterday.totals.sales).toBe(0);
    const future = expectErrorBody(await callAs(t, 'GET', `/api/agents/closing?date=${shift(c.today, 1)}`, tok.a), 400);
    expect(future.message).toMatch(/jour à venir/);
    expect(future.fields?.date).toMatch(/futur/);
    for (const bad of ['2020-13-01', 'demain', '2026-02-30'])
      expect(
        expectErrorBody(await callAs(t, 'GET', `/api/agents/closing?date=${bad}`, tok.a), 400).fields,
      ).toHaveProperty('date');
  });

  it('is the agent’s own: a supervisor, an admin or the superuser gets 403, no token 401', async () => {
    expectErrorBody(await callAs(t, 'GET', '/api/agents/closing', tok.admin), 403);
    expectErrorBody(await callAs(t, 'GET', '/api/agents/closing', tok.sup), 403);
    expect((await t.app.inject({ method: 'GET', url: '/api/agents/closing' })).statusCode).toBe(401);
    // Agents hold pos_report by their role (auth.ts): the missing permission is a back-office role's.
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    expectErrorBody(await callAs(t, 'GET', '/api/agents/closing', (await login(t.app, su.username)).accessToken), 403);
  });

  it('read while sales go on: every closing is consistent in itself, none fails, the last one counts them all', async () => {
    const before = await closing(tok.a);
    const sales = Array.from({ length: 12 }, (_, i) =>
      sale(i % 3 ? tok.a : tok.b, i % 2 ? [z] : [y, z], [{ code: 20, number: String(10 + i), stake: 100 + i }]),
    );
    const reads = Array.from({ length: 8 }, () => callAs(t, 'GET', '/api/agents/closing', tok.a));
    const all = await Promise.all([...sales, ...reads]);
    expect(all.map((r) => r.statusCode)).toEqual(all.map(() => 200));
    for (const r of all.slice(sales.length)) {
      const cl = r.json();
      expect(pick(cl.totals)).toEqual(sum(cl.draws));
      for (const k of ['sales', 'commission', 'payouts', 'balance'] as const) expect(cl.totals[k]).toBe(cl.day[k]);
      expectLedgerAgrees(cl);
      expect(cl.day.tickets).toBeGreaterThanOrEqual(before.day.tickets);
    }
    const after = await closing(tok.a);
    expect(after.day.tickets).toBe(before.day.tickets + 8);
    expectLedgerAgrees(after);
  });
  it('keeps amounts past 2^53 exact (strings in JSON), the totals summed exactly', async () => {
    const BIG = 2n ** 53n + 1n;
    const before = await closing(tok.a);
    const raw = t.database.raw;
    const where = 'WHERE company_id = $1 AND agent_id = $2 AND business_date = $3';
    const args = [c.company.id, c.agents[0].id, c.today, BIG.toString()];
    await raw.query(`UPDATE stats_agent_draw_day SET sales = sales + $4::bigint ${where}`, args);
    await raw.query(`UPDATE stats_agent_day SET sales = sales + $4::bigint * 3 ${where}`, args);
    const res = await callAs(t, 'GET', '/api/agents/closing', tok.a);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.draws).toHaveLength(3);
    for (const d of after.draws) {
      const was = before.draws.find((x: { tirage_id: number }) => x.tirage_id === d.tirage_id);
      expect(d.sales).toBe((BigInt(was.sales) + BIG).toString());
    }
    expect(after.totals.sales).toBe((BigInt(before.totals.sales) + 3n * BIG).toString());
    expect(after.totals.sales).toBe(after.day.sales);
    // No bare JSON number past 2^53 (it would already be rounded): such amounts travel as strings.
    const bare = res.body.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/-?\d[\d.eE+-]*/g) ?? [];
    expect(bare.filter((n) => !Number.isSafeInteger(Number(n)))).toEqual([]);
  });
});
