import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellLine, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';

interface Line {
  tirage_id: number;
  code: number;
  number: string;
  stake: number;
  free: boolean;
}

/** Free mariages as the real SQL sale (borlette_sell) draws them from the intervals. */
describeApi('free mariage intervals at sale', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function shop() {
    const c = await sellingCompany(t.database, { tirages: 2 });
    const u = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const token = (await login(t.app, u.username)).accessToken;
    const api = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/companies/${url}`, headers: auth(token), payload });
      if (res.statusCode !== 200) throw new Error(`${url} -> ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const [t1, t2] = c.tirages;
    // docs/domain.md: 50-99 HTG -> 1, 100-249 -> 2, 250+ -> 3 (centimes, per draw).
    await api('add-interval-ma', { min_amount: 5000, max_amount: 9999, count: 1 });
    await api('add-interval-ma', { min_amount: 10_000, max_amount: 24_999, count: 2 });
    await api('add-interval-ma', { min_amount: 25_000, max_amount: null, count: 3 });
    return {
      c,
      t1,
      t2,
      api,
      /** The free lines of a ticket of `lines` (all its draws). */
      free: async (lines: SellLine[], o: { tirages?: number[]; free?: string[] } = {}) => {
        const f = await sell(t.database.raw, {
          companyId: c.company.id,
          agentId: c.agents[0].id,
          tirages: o.tirages ?? [t1.id],
          lines,
          free: o.free,
        });
        return (f.lines as Line[]).filter((l) => l.free);
      },
    };
  }
  const bolet = (number: string, stake: number): SellLine => ({ code: 20, number, stake });

  it('gives the interval’s count of free mariages per draw: code 44, stake 0, distinct pairs', async () => {
    const s = await shop();
    expect(await s.free([bolet('23', 4999)])).toEqual([]);
    expect(await s.free([bolet('23', 5000)])).toHaveLength(1);
    expect(await s.free([bolet('23', 6000), bolet('45', 3999)])).toHaveLength(1);
    expect(await s.free([bolet('23', 10_000)])).toHaveLength(2);
    const three = await s.free([bolet('23', 20_000), { code: 40, number: '12*34', stake: 10_000 }]);
    expect(three).toHaveLength(3);
    for (const l of three) {
      expect(l).toMatchObject({ code: 44, stake: 0, free: true, tirage_id: s.t1.id });
      const [a, b] = l.number.split('*');
      expect(l.number).toMatch(/^\d{2}\*\d{2}$/);
      expect(a < b).toBe(true);
    }
    expect(new Set(three.map((l) => l.number)).size).toBe(3);
    // Never the pair played on the ticket.
    const played = await s.free([{ code: 40, number: '12*34', stake: 5000 }], { free: ['12*34', '56*78'] });
    expect(played.map((l) => l.number)).toEqual(['56*78']);
    // Per draw: the amount per draw decides, each draw gets its own pairs.
    const both = await s.free([bolet('23', 10_000)], { tirages: [s.t1.id, s.t2.id] });
    expect(both.filter((l) => l.tirage_id === s.t1.id)).toHaveLength(2);
    expect(both.filter((l) => l.tirage_id === s.t2.id)).toHaveLength(2);
  });

  it('overlapping intervals give the largest count; a suspended interval gives none', async () => {
    const s = await shop();
    const promo = await s.api('add-interval-ma', { min_amount: 10_000, max_amount: 30_000, count: 5 });
    expect(await s.free([bolet('23', 15_000)])).toHaveLength(5);
    expect(await s.free([bolet('23', 40_000)])).toHaveLength(3);
    expect(await s.free([bolet('23', 5000)])).toHaveLength(1);
    await s.api('interval-ma/block', { id: promo.id, blocked: true });
    expect(await s.free([bolet('23', 15_000)])).toHaveLength(2);
    // Free lines are not sold: they count against no limit and add nothing to the ticket.
    const [row] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sale_counters WHERE company_id = $1 AND code = 44',
      [s.c.company.id],
    );
    expect(row.n).toBe(0);
  });

  it('never puts a blocked ball in a free pair (all draws or the draw’s own blocks)', async () => {
    const s = await shop();
    // Candidates with a blocked ball are skipped, in the caller's order.
    await s.api('boules-block', { number: '12' });
    await s.api('boules-block', { number: '56', tirage_id: s.t2.id });
    const picked = await s.free([bolet('23', 10_000)], {
      tirages: [s.t1.id, s.t2.id],
      free: ['12*34', '05*56', '07*08', '09*10', '11*13'],
    });
    expect(picked.filter((l) => l.tirage_id === s.t1.id).map((l) => l.number)).toEqual(['05*56', '07*08']);
    expect(picked.filter((l) => l.tirage_id === s.t2.id).map((l) => l.number)).toEqual(['07*08', '09*10']);
    // Every ball but 97, 98 and 99 blocked: the only allowed pairs are drawn.
    await t.database.raw.query(
      `INSERT INTO boule_blocks (company_id, number)
       SELECT $1, lpad(i::text, 2, '0') FROM generate_series(0, 96) i WHERE i NOT IN (12)`,
      [s.c.company.id],
    );
    const pairs = await s.free([bolet('97', 30_000)], { free: ['01*97', '12*98'] });
    expect(pairs.map((l) => l.number).sort()).toEqual(['97*98', '97*99', '98*99']);
    // A lifted block lets the ball back into the pairs.
    const [b12] = await t.database.raw.query<{ id: number }>(
      "SELECT id FROM boule_blocks WHERE company_id = $1 AND number = '12'",
      [s.c.company.id],
    );
    await s.api('boules-block/block', { id: b12.id, blocked: false });
    expect((await s.free([bolet('97', 5000)], { free: ['12*97'] })).map((l) => l.number)).toEqual(['12*97']);
  });
});
