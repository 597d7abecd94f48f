import { HOT_NUMBERS_MAX } from '@borlette/shared/contracts/exposure';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  auth,
  createTestApp,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * The board's quick actions (issue 22 §1) are the existing blocking and limit endpoints: each is
 * audited, shows on the board and on the POS's hot numbers, and the next sale obeys it. The POS's hot
 * numbers: near the « chaud » threshold or blocked, the agent's company only, bounded input.
 */
describeApi('exposure quick actions and the POS hot numbers', () => {
  let t: TestContext;
  let co: SellingCompany;
  let admin: { id: number; token: string };
  let agent: string;

  beforeAll(async () => {
    t = await createTestApp();
    co = await sellingCompany(t.database, { agents: 1, tirages: 2 });
    const a = await asUser(t, { role: 'company', companyId: co.company.id, fullAccess: true });
    admin = { id: a.id, token: a.token };
    agent = (await login(t.app, co.agents[0].username)).accessToken;
    for (const number of ['19', '42', '55']) {
      await sell(t.database.raw, {
        companyId: co.company.id,
        agentId: co.agents[0].id,
        tirages: [co.tirages[0].id],
        lines: [{ code: 20, number, stake: 10_000 }],
      });
    }
  }, 120_000);
  afterAll(() => t?.close());

  const board = async (tirage: number) =>
    (await t.app.inject({ url: `/api/companies/exposure?tirage_id=${tirage}`, headers: auth(admin.token) })).json();
  const hot = (ids: string) => t.app.inject({ url: `/api/agents/hot-numbers?tirage_ids=${ids}`, headers: auth(agent) });
  const lastAudit = async () =>
    (
      await t.database.raw.query<{ action: string; entity: string; user_id: number }>(
        'SELECT action, entity, user_id::int FROM audit_log WHERE company_id = $1 ORDER BY id DESC LIMIT 1',
        [co.company.id],
      )
    )[0];

  it('blocks a ball from the board: audited, shown, and the next sale on it is refused', async () => {
    const tirage = co.tirages[0].id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/boules-block',
      headers: auth(admin.token),
      payload: { number: '42', tirage_id: tirage, note: 'Centre de risque' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit()).toEqual({ action: 'create', entity: 'boule_block', user_id: admin.id });
    const b = await board(tirage);
    expect(b.blocked).toEqual(['42']);
    expect(b.rows.find((r: { number: string }) => r.number === '42')).toMatchObject({
      blocked: true,
      level: 'blocked',
    });
    expect((await hot(String(tirage))).json().rows).toContainEqual({
      tirage_id: tirage,
      code: 20,
      number: '42',
      used: null,
      blocked: true,
      left: null,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(agent),
      payload: {
        idempotency_key: crypto.randomUUID(),
        tirages: [tirage],
        lines: [{ code: 20, number: '42', stake: 100 }],
      },
    });
    expect(expectErrorBody(refused, 409).message).toMatch(/42/);
  });

  it('lowers a limit from the board: audited, the share used and the hot numbers follow, the sale obeys', async () => {
    const tirage = co.tirages[0].id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/type-boules',
      headers: auth(admin.token),
      payload: { code: 20, number: '19', tirage_id: tirage, max_amount: 10_500 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ entity: 'sale_limit', user_id: admin.id });
    const row = (await board(tirage)).rows.find((r: { number: string }) => r.number === '19');
    expect(row).toMatchObject({ sold: 10_000, limit: 10_500, used: 95.2, level: 'hot' });
    expect((await hot(String(tirage))).json().rows).toContainEqual({
      tirage_id: tirage,
      code: 20,
      number: '19',
      used: 95.2,
      blocked: false,
      left: 500,
    });
    // 55 sold as much, without a ball limit: not hot.
    expect((await hot(String(tirage))).json().rows.some((r: { number: string }) => r.number === '55')).toBe(false);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(agent),
      payload: {
        idempotency_key: crypto.randomUUID(),
        tirages: [tirage],
        lines: [{ code: 20, number: '19', stake: 600 }],
      },
    });
    expectErrorBody(over, 409);
  });

  it('hot numbers: another company’s draws are ignored, input is bounded, back-office users are refused', async () => {
    const other = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    await t.database.raw.query("INSERT INTO boule_blocks (company_id, tirage_id, number) VALUES ($1, NULL, '77')", [
      other.company.id,
    ]);
    const res = await hot(`${other.tirages[0].id},${co.tirages[1].id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ hot: 0, rows: [] });
    for (const bad of ['', 'x', '1,,2', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      expectErrorBody(await hot(bad), 400);
    }
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1).join(',');
    expect((await hot(twenty)).statusCode).toBe(200);
    expectErrorBody(
      await t.app.inject({ url: `/api/agents/hot-numbers?tirage_ids=${co.tirages[0].id}`, headers: auth(admin.token) }),
      403,
    );
  });

  it('answers one board event and ends to a client that does not ask for the stream', async () => {
    const res = await t.app.inject({
      url: `/api/companies/exposure/stream?tirage_id=${co.tirages[0].id}`,
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const data = /^event: board\ndata: (.*)$/m.exec(res.body)?.[1];
    expect(JSON.parse(data as string)).toMatchObject({ tirage_id: co.tirages[0].id, numbers: 3 });
  });

  it('caps the POS strip and counts every hot number', async () => {
    const tirage = co.tirages[1].id;
    const values = Array.from({ length: HOT_NUMBERS_MAX + 10 }, (_, i) => `($1, $2, '${String(100 + i)}')`).join(',');
    await t.database.raw.query(`INSERT INTO boule_blocks (company_id, tirage_id, number) VALUES ${values}`, [
      co.company.id,
      tirage,
    ]);
    const body = (await hot(String(tirage))).json();
    expect(body.hot).toBe(HOT_NUMBERS_MAX + 10);
    expect(body.rows).toHaveLength(HOT_NUMBERS_MAX);
  });
});
