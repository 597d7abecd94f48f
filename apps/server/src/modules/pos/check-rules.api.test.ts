import { randomUUID } from 'node:crypto';
import { saleCheckAnswer } from '@borlette/shared/contracts/sale';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenTirage, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  auth,
  createTestApp,
  describeApi,
  ENGINE,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 22 §2 in the live check (POST /api/agents/fiches/check): with an automatic rule on, what remains
 * per line and draw is the least of the limits and the rule (borlette_rule_cells, read without a lock),
 * and the sale agrees to the centime. The oracle on random tickets is check.api.test.ts.
 */
describeApi('the live check under the automatic limit rules', () => {
  let t: TestContext;
  let c: SellingCompany;
  let agent: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    agent = (await login(t.app, c.agents[0].username)).accessToken;
    // Bolet numbers limited to a tenth of the draw's sales (at least 10 HTG); every number holding a 9 blocked.
    await t.database.raw.query(
      "INSERT INTO risk_rules (company_id, share_on, share_bp, share_floor, share_games, digit_on, digit_block, digits) VALUES ($1, true, 1000, 1000, '{bolet}', true, true, '9')",
      [c.company.id],
    );
  });
  afterAll(() => t?.close());

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload });
  const check = (tirages: number[], lines: object[], token = agent) =>
    post('/api/agents/fiches/check', token, { tirages, lines });
  const sale = (tirages: number[], lines: object[], token = agent) =>
    post('/api/agents/fiches', token, { idempotency_key: randomUUID(), tirages, lines });
  const checked = async (tirages: number[], lines: object[], token = agent) => {
    const res = await check(tirages, lines, token);
    expect(res.statusCode, res.body).toBe(200);
    return saleCheckAnswer.parse(res.json());
  };
  const bolet = (number: string, stake: number) => ({ code: 20, number, stake });

  it('answers what remains under a rule (or the tighter manual limit), and the sale agrees to the centime', async () => {
    const d = await createOpenTirage(t.database.raw, c.company.id);
    await t.database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount, tirage_id) VALUES ($1, 20, '32', 500, $2)",
      [c.company.id, d.id],
    );
    expect((await sale([d.id], [bolet('31', 400)])).statusCode).toBe(200);
    // The draw has sold 4 HTG: the rule's floor (10 HTG) holds; 6 HTG remain of 31; 32's own limit is lower.
    const a = await checked(
      [d.id],
      [bolet('31', 100), bolet('19', 100), bolet('32', 100), { code: 30, number: '123', stake: 100 }],
    );
    expect(a.cells.map((x) => [x.line, x.remaining])).toEqual([
      [1, 600],
      [2, 0],
      [3, 500],
      [4, null],
    ]);
    expect(a.problems.map((p) => [p.code, p.line])).toEqual([['RULE_BLOCKED', 2]]);
    expect(a.cells[1].problems).toEqual(a.problems);
    // One centime more than what remains is the sale's refusal; exactly what remains sells.
    const over = await checked([d.id], [bolet('31', 601)]);
    const refused = expectErrorBody(await sale([d.id], [bolet('31', 601)]), 409);
    expect(over.problems.map((p) => p.message)).toEqual([refused.message]);
    expect(refused.code).toBe('RULE_LIMIT');
    expect((await checked([d.id], [bolet('31', 600)])).ok).toBe(true);
    expect((await sale([d.id], [bolet('31', 600)])).statusCode).toBe(200);
    // 10 HTG sold now: the limit is 10 HTG still (the floor), nothing remains.
    expect((await checked([d.id], [bolet('31', 100)])).cells[0].remaining).toBe(0);
  });

  it('another company’s rules leave this company’s check alone; a back-office user is refused (403)', async () => {
    const other = await sellingCompany(t.database);
    const token = (await login(t.app, other.agents[0].username)).accessToken;
    const a = await checked([other.tirages[0].id], [bolet('19', 100)], token);
    expect(a).toMatchObject({ ok: true, problems: [] });
    expect(a.cells[0].remaining).toBeNull();
    // This company's check does not name another company's draw.
    expectErrorBody(await check([other.tirages[0].id], [bolet('19', 100)]), 404);
    const admin = await asUser(t, { role: 'company', companyId: c.company.id, fullAccess: true });
    expectErrorBody(await check([c.tirages[0].id], [bolet('31', 100)], admin.token), 403);
  });

  it('20 checks beside 20 sales under a rule: exactly the allowed sales pass, every check answers', async () => {
    const d = await createOpenTirage(t.database.raw, c.company.id);
    // 50 HTG sold on the draw first: a tenth is 5 HTG, under the floor (10 HTG).
    expect((await sale([d.id], [{ code: 30, number: '456', stake: 5_000 }])).statusCode).toBe(200);
    const line = [bolet('44', 100)];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? check([d.id], line) : sale([d.id], line))),
    );
    const sales = results.filter((_, i) => i % 2 === 0);
    // The floor lets 10 sales of 1 HTG through (the draw's 60 HTG then: a tenth is still under it).
    expect(sales.filter((r) => r.statusCode === 200)).toHaveLength(10);
    for (const r of sales.filter((x) => x.statusCode !== 200)) expect(r.json().code).toBe('RULE_LIMIT');
    for (const r of results.filter((_, i) => i % 2 === 1)) {
      expect(r.statusCode, r.body).toBe(200);
      const remaining = saleCheckAnswer.parse(r.json()).cells[0].remaining as number;
      expect(remaining >= 0 && remaining <= 1000 && remaining % 100 === 0).toBe(true);
    }
    expect((await checked([d.id], line)).cells[0].remaining).toBe(0);
  });

  // Only where transactions run side by side (PGlite has one connection: everything is in turn).
  it.skipIf(ENGINE !== 'postgres')('a sale in progress under a rule does not hold the check', async () => {
    const d = await createOpenTirage(t.database.raw, c.company.id);
    const line = [bolet('45', 300)];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const open = t.database.transaction(async (tx) => {
      await sell(tx, { companyId: c.company.id, agentId: c.agents[0].id, tirages: [d.id], lines: line });
      locked();
      await held;
    });
    await isLocked;
    try {
      const started = Date.now();
      const a = await checked([d.id], line);
      expect(Date.now() - started).toBeLessThan(2_000);
      // What is committed: nothing of the sale in progress.
      expect(a.cells[0].remaining).toBe(1000);
    } finally {
      release();
      await open;
    }
    expect((await checked([d.id], line)).cells[0].remaining).toBe(700);
  });
});
