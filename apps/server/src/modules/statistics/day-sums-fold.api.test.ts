import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, type SellLine, sell, sellingCompany } from '../../../test/engine-fixtures';
import { asUser, auth, createTestApp, describeApi, getCompanies, login, type TestContext } from '../../../test/helpers';
import { rng } from '../../../test/random';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { foldDaySums } from './day-sums-fold';

/**
 * The sale appends its day sums per number as deltas (sale_number_deltas, migration 0021); the fold
 * moves them into sale_numbers. Held here: the statistics answer the same before and after any fold
 * (partial, per company, all), the day sums equal the company-wide counters throughout, folds running
 * beside sales and beside each other neither lose nor double a delta, and the scheduler folds on its timer.
 */

describeApi('day sums: deltas of the sales and their fold', () => {
  let t: TestContext;
  let a: SellingCompany;
  let b: SellingCompany;
  let admin: string;
  const r = rng(20261126);
  const line = (): SellLine => {
    const x = r();
    const ball = String(Math.floor(r() * 30)).padStart(2, '0');
    if (x < 0.6) return { code: 20, number: ball, stake: 100 * (1 + Math.floor(r() * 20)) };
    return { code: 30, number: `1${ball}`, stake: 1000 };
  };
  const sellSome = async (co: SellingCompany, n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const lines = Array.from({ length: 1 + Math.floor(r() * 4) }, line);
      ids.push(
        (
          await sell(t.database.raw, {
            companyId: co.company.id,
            agentId: co.agents[0].id,
            tirages: [co.tirages[0].id],
            lines,
          })
        ).id,
      );
    }
    return ids;
  };
  const pending = async (companyId: number) =>
    (
      await t.database.raw.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sale_number_deltas WHERE company_id = $1',
        [companyId],
      )
    )[0].n;
  const live = (companyId: number) =>
    t.database.raw.query(
      'SELECT draw_date::text, code, number, amount::text FROM sale_numbers_live WHERE company_id = $1 ORDER BY 1, 2, 3',
      [companyId],
    );
  // The day sums against the company-wide counters (agent 0) summed over the draws.
  const mismatch = async (companyId: number) =>
    (
      await t.database.raw.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (
           SELECT draw_date, code, number, sum(amount) AS amount FROM sale_counters
            WHERE company_id = $1 AND agent_id = 0 GROUP BY 1, 2, 3) e
         FULL JOIN (SELECT * FROM sale_numbers_live WHERE company_id = $1) s
           ON s.draw_date = e.draw_date AND s.code = e.code AND s.number = e.number
        WHERE coalesce(e.amount, 0) <> coalesce(s.amount, 0)`,
        [companyId],
      )
    )[0].n;
  const stats = () =>
    getCompanies(t.app, admin, 'statistiques', { start_date: a.today, end_date: a.today, page_size: 500 });

  beforeAll(async () => {
    t = await createTestApp();
    a = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    b = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    admin = (await asUser(t, { role: 'company', companyId: a.company.id, fullAccess: true })).token;
    const sold = await sellSome(a, 30);
    await sellSome(b, 10);
    const token = (await login(t.app, a.agents[0].username)).accessToken;
    for (const id of sold.slice(0, 4)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agents/fiches/cancel',
        headers: auth(token),
        payload: { id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 300_000);
  afterAll(() => t?.close());

  it('the sale writes deltas, not the day sums; a fold moves them and changes no answer', async () => {
    const c = a.company.id;
    const [{ n: folded }] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sale_numbers WHERE company_id = $1',
      [c],
    );
    expect(folded).toBe(0);
    const before = {
      pending: await pending(c),
      live: await live(c),
      stats: await stats(),
      other: await pending(b.company.id),
    };
    expect(before.pending).toBeGreaterThan(30);
    expect(await mismatch(c)).toBe(0);
    // A partial fold (bounded batch), then the rest of this company only.
    expect(await foldDaySums(t.database.raw, c, 7, 1)).toBe(7);
    expect(await pending(c)).toBe(before.pending - 7);
    expect(await live(c)).toEqual(before.live);
    expect(await stats()).toEqual(before.stats);
    expect(await foldDaySums(t.database.raw, c, 5)).toBe(before.pending - 7);
    expect(await pending(c)).toBe(0);
    expect(await pending(b.company.id)).toBe(before.other);
    expect(await live(c)).toEqual(before.live);
    expect(await stats()).toEqual(before.stats);
    expect(await mismatch(c)).toBe(0);
    // Every company at once.
    expect(await foldDaySums(t.database.raw)).toBe(before.other);
    expect(await mismatch(b.company.id)).toBe(0);
  });

  it('folds beside sales and beside another fold: nothing lost, nothing counted twice', async () => {
    const c = a.company.id;
    await Promise.all([
      sellSome(a, 15),
      sellSome(b, 15),
      foldDaySums(t.database.raw, undefined, 3),
      foldDaySums(t.database.raw, c, 2),
      foldDaySums(t.database.raw, undefined, 4),
    ]);
    expect(await mismatch(c)).toBe(0);
    expect(await mismatch(b.company.id)).toBe(0);
    await foldDaySums(t.database.raw);
    expect(await pending(c)).toBe(0);
    expect(await mismatch(c)).toBe(0);
    expect(await mismatch(b.company.id)).toBe(0);
  });

  it('the scheduler folds on its timer (DAY_SUMS_FOLD_SECONDS), off in tests', async () => {
    await sellSome(a, 3);
    expect(await pending(a.company.id)).toBeGreaterThan(0);
    const app = await buildApp({
      database: t.database,
      config: testConfig({ webDist: '/nonexistent', daySumsFoldMs: 100 }),
    });
    try {
      await app.ready();
      const deadline = Date.now() + 10_000;
      while ((await pending(a.company.id)) > 0 && Date.now() < deadline)
        await new Promise((res) => setTimeout(res, 100));
      expect(await pending(a.company.id)).toBe(0);
    } finally {
      await app.close();
    }
    expect(await mismatch(a.company.id)).toBe(0);
    expect(testConfig().daySumsFoldMs).toBe(0);
  });
});
