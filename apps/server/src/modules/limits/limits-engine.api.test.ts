import { normaliseNumber } from '@borlette/shared/game/bets';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, type SellLine, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';

/** The limits as the real SQL sale applies them (borlette_sell -> borlette_count). */
describeApi('sale limits at sale', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A fresh company that sells now, its admin, and helpers to set limits and sell. */
  async function shop(agents = 1) {
    const c: SellingCompany = await sellingCompany(t.database, { agents, tirages: 2 });
    const u = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const token = (await login(t.app, u.username)).accessToken;
    const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url: `/api/companies/${url}`, headers: auth(token), payload });
      if (res.statusCode !== 200) throw new Error(`${url} -> ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const [t1, t2] = c.tirages;
    return {
      c,
      t1,
      t2,
      api,
      limit: (path: string, body: object) => api('POST', path, body),
      sold: async (path: string, id: number) => (await api('GET', `${path}?id=${id}`)).sold_today as number,
      sell: (lines: SellLine[], o: { agent?: number; tirage?: number } = {}) =>
        sell(t.database.raw, {
          companyId: c.company.id,
          agentId: c.agents[o.agent ?? 0].id,
          tirages: [o.tirage ?? t1.id],
          lines,
        }),
      tickets: async () =>
        (
          await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE company_id = $1', [
            c.company.id,
          ])
        )[0].n,
    };
  }
  const bolet = (number: string, stake: number): SellLine => ({ code: 20, number, stake });

  it('a ball limit of 30 HTG on bolet 23 refuses what would exceed it, cumulative over tickets, per draw', async () => {
    const s = await shop();
    const l = await s.limit('type-boules', { code: 20, number: '23', max_amount: 3000 });
    await s.sell([bolet('23', 1000)]);
    const before = await s.tickets();
    await expect(s.sell([bolet('23', 2500)])).rejects.toMatchObject({
      message: `Ligne 1 : 23 : maximum 20,00 HTG encore pour ${s.t1.name}`,
    });
    expect(await s.tickets()).toBe(before);
    await s.sell([bolet('23', 2000)]);
    await expect(s.sell([bolet('45', 100), bolet('23', 1)])).rejects.toMatchObject({
      message: `Ligne 2 : 23 : maximum 0,00 HTG encore pour ${s.t1.name}`,
    });
    await s.sell([bolet('45', 10_000)]);
    // An all-draws limit holds for each draw on its own.
    await s.sell([bolet('23', 3000)], { tirage: s.t2.id });
    expect(await s.sold('type-boules', l.id)).toBe(3000);
  });

  it('a ball limit overrides the game limit; a draw’s limit overrides the all-draws one', async () => {
    const s = await shop();
    await s.limit('type-games', { code: 20, max_amount: 1000 });
    await s.limit('type-boules', { code: 20, number: '23', max_amount: 5000 });
    await s.sell([bolet('23', 4000)]);
    await expect(s.sell([bolet('45', 1500)])).rejects.toMatchObject({
      message: `Ligne 1 : 45 : maximum 10,00 HTG encore pour ${s.t1.name}`,
    });
    await s.limit('type-games', { code: 20, tirage_id: s.t1.id, max_amount: 2000 });
    await s.sell([bolet('45', 1500)]);
    await expect(s.sell([bolet('45', 1500)], { tirage: s.t2.id })).rejects.toMatchObject({
      message: `Ligne 1 : 45 : maximum 10,00 HTG encore pour ${s.t2.name}`,
    });
    // Another game is not concerned.
    await s.sell([{ code: 30, number: '123', stake: 9000 }]);
  });

  it('a per-agent limit applies to that agent only; company and agent limits both apply', async () => {
    const s = await shop(2);
    const [a0, a1] = s.c.agents.map((a) => a.id);
    await s.limit('type-boules-agent', { code: 20, number: '23', agent_id: a0, max_amount: 1000 });
    await s.sell([bolet('23', 5000)], { agent: 1 });
    await expect(s.sell([bolet('23', 1500)], { agent: 0 })).rejects.toMatchObject({
      message: `Ligne 1 : 23 : maximum 10,00 HTG encore pour ${s.t1.name} (limite du vendeur)`,
    });
    await s.sell([bolet('23', 1000)], { agent: 0 });
    await s.limit('type-boules', { code: 20, number: '23', max_amount: 7000 });
    await expect(s.sell([bolet('23', 1500)], { agent: 1 })).rejects.toMatchObject({
      message: `Ligne 1 : 23 : maximum 10,00 HTG encore pour ${s.t1.name}`,
    });
    await s.limit('type-games-agent', { code: 20, agent_id: a1, max_amount: 500 });
    await expect(s.sell([bolet('45', 600)], { agent: 1 })).rejects.toMatchObject({
      message: `Ligne 1 : 45 : maximum 5,00 HTG encore pour ${s.t1.name} (limite du vendeur)`,
    });
    await s.sell([bolet('45', 600)], { agent: 0 });
    expect(a0).not.toBe(a1);
  });

  it('a suspended (blocked) limit is not applied until it is resumed', async () => {
    const s = await shop();
    const l = await s.limit('type-boules', { code: 20, number: '23', max_amount: 1000 });
    await s.api('POST', 'type-boules/block', { id: l.id, blocked: true });
    await s.sell([bolet('23', 5000)]);
    await s.api('POST', 'type-boules/block', { id: l.id, blocked: false });
    await expect(s.sell([bolet('23', 1)])).rejects.toMatchObject({
      message: `Ligne 1 : 23 : maximum 0,00 HTG encore pour ${s.t1.name}`,
    });
  });

  it('a mariage limit counts both orders as one number', async () => {
    const s = await shop();
    const l = await s.limit('type-boules', { code: 40, number: '34*12', max_amount: 2000 });
    expect(l.number).toBe('12*34');
    await s.sell([{ code: 40, number: normaliseNumber(40, '34*12'), stake: 1500 }]);
    await expect(s.sell([{ code: 40, number: normaliseNumber(40, '12*34'), stake: 1000 }])).rejects.toMatchObject({
      message: `Ligne 1 : 12*34 : maximum 5,00 HTG encore pour ${s.t1.name}`,
    });
    expect(await s.sold('type-boules', l.id)).toBe(1500);
  });

  it('sold_today: the highest total of today on one number and one draw, for the sellers concerned', async () => {
    const s = await shop(2);
    const [a0, a1] = s.c.agents.map((a) => a.id);
    await s.sell([bolet('23', 1000), bolet('45', 2000)], { agent: 0 });
    await s.sell([bolet('23', 1500)], { agent: 0, tirage: s.t2.id });
    await s.sell([bolet('23', 700)], { agent: 1 });
    const big = 1_000_000;
    const ball = await s.limit('type-boules', { code: 20, number: '23', max_amount: big });
    const ballT2 = await s.limit('type-boules', { code: 20, number: '23', tirage_id: s.t2.id, max_amount: big });
    const game = await s.limit('type-games', { code: 20, max_amount: big });
    const loto = await s.limit('type-games', { code: 30, max_amount: big });
    const agentBall = await s.limit('type-boules-agent', { code: 20, number: '23', agent_id: a0, max_amount: big });
    const agentGame = await s.limit('type-games-agent', { code: 20, agent_id: a1, max_amount: big });
    const agentGameT2 = await s.limit('type-games-agent', {
      code: 20,
      agent_id: a1,
      tirage_id: s.t2.id,
      max_amount: big,
    });
    expect(await s.sold('type-boules', ball.id)).toBe(1700); // draw 1: 1000 + 700
    expect(await s.sold('type-boules', ballT2.id)).toBe(1500);
    expect(await s.sold('type-games', game.id)).toBe(2000); // ball 45 on draw 1, not a sum of numbers
    expect(await s.sold('type-games', loto.id)).toBe(0);
    expect(await s.sold('type-boules-agent', agentBall.id)).toBe(1500);
    expect(await s.sold('type-games-agent', agentGame.id)).toBe(700);
    expect(await s.sold('type-games-agent', agentGameT2.id)).toBe(0);
    const list = await s.api('GET', 'type-games?sort=code');
    expect(list.results.map((r: { sold_today: number }) => r.sold_today)).toEqual([2000, 0]);
    // Counted again after another sale.
    await s.sell([bolet('23', 800)], { agent: 1 });
    expect(await s.sold('type-boules', ball.id)).toBe(2500);
  });
});
