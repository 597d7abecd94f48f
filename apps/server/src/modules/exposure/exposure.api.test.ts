import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, type SellLine, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  auth,
  createTestApp,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';
import * as oracle from '../../../test/oracles/exposure.oracle';
import { rng } from '../../../test/random';

/**
 * The exposure board (issue 22 §1) against the raw lines: random sales on two draws (bolet, mariage,
 * free mariages, loto 3/4/5), cancellations, primes changed between sales (each line keeps its own
 * snapshot), a best-hit-only bolet, ball and game limits on one draw or all, blocks, then deletions and
 * reactivations (the board's paid sums are the counters', moved by each of them); every figure is
 * recomputed by exposure.oracle.ts from the lines. Then scope, permissions, another company, bad input, a parallel
 * load and the largest answer.
 */
describeApi('exposure board (GET /api/companies/exposure)', () => {
  let t: TestContext;
  let co: SellingCompany;
  let admin: string;
  let supervisor: { id: number; token: string };
  const q = (s: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(s).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

  beforeAll(async () => {
    t = await createTestApp();
    const raw = t.database.raw;
    co = await sellingCompany(t.database, { agents: 3, tirages: 2 });
    const c = co.company.id;
    const [t1, t2] = co.tirages.map((x) => x.id);
    await raw.query(
      `INSERT INTO sale_limits (company_id, agent_id, tirage_id, code, number, max_amount, status) VALUES
         ($1, NULL, NULL, 20, NULL, 900000, 'active'), ($1, NULL, $2, 20, NULL, 400000, 'active'),
         ($1, NULL, NULL, 20, '11', 150000, 'active'), ($1, NULL, $3, 20, '12', 1, 'blocked'),
         ($1, NULL, NULL, 30, NULL, 2000000, 'active'), ($1, NULL, $2, 40, NULL, 300000, 'active')`,
      [c, t1, t2],
    );
    await raw.query(
      `INSERT INTO boule_blocks (company_id, tirage_id, number) VALUES ($1, $2, '07'), ($1, NULL, '123')`,
      [c, t2],
    );
    const r = rng(20261127);
    const ball = () => String(Math.floor(r() * 25)).padStart(2, '0');
    const line = (): SellLine => {
      const stake = 100 * (1 + Math.floor(r() * 30));
      const x = r();
      if (x < 0.5) return { code: 20, number: ball(), stake };
      if (x < 0.65) {
        const [p, s] = [ball(), ball()].sort();
        return { code: 40, number: p === s ? '01*02' : `${p}*${s}`, stake };
      }
      if (x < 0.8) return { code: 30, number: `${Math.floor(r() * 2)}${ball()}`, stake };
      if (x < 0.92) return { code: 41 + Math.floor(r() * 3), number: `${ball()}${ball()}`, stake };
      return { code: 51 + Math.floor(r() * 3), number: `1${ball()}${ball()}`, stake };
    };
    const sold: { id: number; agent: number }[] = [];
    for (let i = 0; i < 120; i++) {
      if (i === 40)
        await raw.query(
          "UPDATE primes SET bolet_1 = 65, mariage = 1200, loto3 = 450 WHERE company_id = $1 AND level = 'general'",
          [c],
        );
      if (i === 80) await raw.query('UPDATE company_settings SET bolet_cumulative = false WHERE company_id = $1', [c]);
      const agent = co.agents[Math.floor(r() * co.agents.length)].id;
      const draws = [[t1], [t2], [t1, t2]][Math.floor(r() * 3)];
      const lines = Array.from({ length: 1 + Math.floor(r() * 4) }, line);
      try {
        const free = r() < 0.2 ? [`${ball()}*${ball()}`] : [];
        sold.push({ id: (await sell(raw, { companyId: c, agentId: agent, tirages: draws, lines, free })).id, agent });
      } catch (e) {
        if (!/maximum|bloqu/.test(String(e))) throw e;
      }
    }
    const tokens = new Map<number, string>();
    for (const a of co.agents) tokens.set(a.id, (await login(t.app, a.username)).accessToken);
    const cancelled = sold.filter(() => r() < 0.15);
    for (const s of cancelled) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agents/fiches/cancel',
        headers: auth(tokens.get(s.agent) as string),
        payload: { id: s.id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    admin = (await asUser(t, { role: 'company', companyId: c, fullAccess: true })).token;
    const act = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/companies/fiche', headers: auth(admin), payload });
    let reactivated = 0;
    for (const s of cancelled.filter((_, k) => k % 2 === 0)) {
      const res = await act({ id: s.id, action: 'reactivate' });
      // A reactivation is a sale made now: a limit reached since may refuse it.
      expect([200, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) reactivated++;
    }
    expect(reactivated).toBeGreaterThan(0);
    const live = new Set(cancelled.map((s) => s.id));
    for (const s of sold.filter((x) => !live.has(x.id) && r() < 0.1)) {
      const res = await act({ id: s.id, action: 'delete', reason: 'Erreur de saisie' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sup = await asUser(t, { role: 'supervisor', companyId: c, permissions: ['view_exposure'] });
    await raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [co.agents[0].id, sup.id]);
    supervisor = { id: sup.id, token: sup.token };
  }, 300_000);
  afterAll(() => t?.close());

  const get = (token: string, s: Record<string, string | number | undefined>) =>
    t.app.inject({ url: `/api/companies/exposure?${q(s)}`, headers: auth(token) });

  it('answers every figure of each draw as the raw lines do', async () => {
    for (const tirage of co.tirages) {
      const d = await oracle.loadDraw(t.database.raw, co.company.id, tirage.id, co.today);
      for (const view of [{ top: 500 }, { top: 5, warn: 10, hot: 30 }] as {
        top: number;
        warn?: number;
        hot?: number;
      }[]) {
        const res = await get(admin, { tirage_id: tirage.id, ...view });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        const truth = oracle.board(d, tirage.id, { warn: view.warn ?? 70, hot: view.hot ?? 90 });
        expect(truth.numbers).toBeGreaterThan(20);
        expect(body).toMatchObject({
          date: co.today,
          currency: 'HTG',
          tirage_id: tirage.id,
          sales: truth.sales,
          numbers: truth.numbers,
          worst: truth.worst,
          worst_pair: truth.worst_pair,
          hot_count: truth.hot_count,
          blocked: truth.blocked,
        });
        expect(body.rows).toEqual(truth.rows.slice(0, view.top));
        const listed = body.draws.find((x: { id: number }) => x.id === tirage.id);
        expect(listed).toMatchObject({ name: tirage.name, is_open: true, sales: truth.sales });
      }
    }
  });

  it('shows a supervisor only its agents’ tickets', async () => {
    const tirage = co.tirages[0].id;
    const d = await oracle.loadDraw(t.database.raw, co.company.id, tirage, co.today);
    const truth = oracle.board(d, tirage, { agents: new Set([co.agents[0].id]), warn: 70, hot: 90 });
    const res = await get(supervisor.token, { tirage_id: tirage, top: 500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sales: truth.sales, numbers: truth.numbers, rows: truth.rows });
  });

  it('refuses without the permission, to agents, for another company’s draw, and bad input', async () => {
    const c = co.company.id;
    const noPerm = await asUser(t, { role: 'supervisor', companyId: c, permissions: ['view_statistique'] });
    expect(expectErrorBody(await get(noPerm.token, {}), 403).code).toBe('PERMISSION_DENIED');
    const agent = (await login(t.app, co.agents[1].username)).accessToken;
    expectErrorBody(await get(agent, {}), 403);
    const other = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    const otherAdmin = (await asUser(t, { role: 'company', companyId: other.company.id, fullAccess: true })).token;
    expectErrorBody(await get(otherAdmin, { tirage_id: co.tirages[0].id }), 404);
    const own = await get(otherAdmin, {});
    expect(own.json()).toMatchObject({ tirage_id: other.tirages[0].id, numbers: 0, rows: [], sales: 0 });
    for (const bad of [{ top: 0 }, { top: 501 }, { warn: 95, hot: 80 }, { date: '2026-13-01' }, { tirage_id: 'x' }]) {
      const res = await get(admin, bad as never);
      expect(expectErrorBody(res, 400).message).not.toMatch(/undefined/);
    }
    expectErrorBody(await get(admin, { tirage_id: 999_999_999 }), 404);
  });

  it('answers consistent boards to parallel readers while sales go on', async () => {
    const tirage = co.tirages[0].id;
    const reads = Array.from({ length: 16 }, () => get(admin, { tirage_id: tirage, top: 500 }));
    const sales = Array.from({ length: 6 }, (_, i) =>
      sell(t.database.raw, {
        companyId: co.company.id,
        agentId: co.agents[i % 3].id,
        tirages: [tirage],
        lines: [{ code: 20, number: '19', stake: 100 }],
      }),
    );
    const answers = await Promise.all(reads);
    await Promise.all(sales);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json();
      // One snapshot: the total is the sum of every number's sales.
      expect(b.rows.reduce((s: number, r: { sold: number }) => s + r.sold, 0)).toBe(b.sales);
    }
    const after = (await get(admin, { tirage_id: tirage, top: 500 })).json();
    const d = await oracle.loadDraw(t.database.raw, co.company.id, tirage, co.today);
    expect(after.rows).toEqual(oracle.board(d, tirage, { warn: 70, hot: 90 }).rows);
  });
});
