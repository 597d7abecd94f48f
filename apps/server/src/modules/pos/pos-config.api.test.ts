import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, callAs, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';

/** GET /api/agents/config: what the POS needs to sell and to pay (split from pos.api.test.ts). */
describeApi('point of sale configuration (agents’ API)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let agent: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    agent = (await login(t.app, c.agents[0].username)).accessToken;
    const owner = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    admin = (await login(t.app, owner.username)).accessToken;
  });
  afterAll(() => t?.close());

  const sale = (token: string, body: { lines: object[] }) =>
    callAs(t, 'POST', '/api/agents/fiches', token, {
      idempotency_key: randomUUID(),
      tirages: [c.tirages[0].id],
      lines: body.lines,
    });

  it('gives the POS its configuration: draws open now, games, free mariage intervals', async () => {
    await t.database.raw.query(
      'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 5000, NULL, 2)',
      [c.company.id],
    );
    const res = (await callAs(t, 'GET', '/api/agents/config', agent)).json();
    expect(res.company.timezone).toBeTruthy();
    expect(res.agent.username).toBe(c.agents[0].username);
    expect(res.codes).toEqual([20, 30, 40, 41, 42, 43, 51, 52, 53]);
    const mine = res.tirages.find((x: { id: number }) => x.id === c.tirages[0].id);
    expect(mine).toMatchObject({ is_open: true, closed_reason: null, draw_date: c.today });
    expect(res.intervals).toEqual([{ min_amount: 5000, max_amount: null, count: 2 }]);
    // The sale draws the free mariages: 2 per draw, stake 0, never a pair already played.
    const f = (await sale(agent, { lines: [{ code: 40, number: '12*34', stake: 6000 }] })).json();
    const free = f.lines.filter((l: { free: boolean }) => l.free);
    expect(free).toHaveLength(2);
    for (const l of free) expect(l).toMatchObject({ code: 44, stake: 0 });
    expect(free.map((l: { number: string }) => l.number)).not.toContain('12*34');
    await t.database.raw.query('DELETE FROM interval_mas WHERE company_id = $1', [c.company.id]);
  });

  it('tells the POS whether it may pay other sub-branches’ tickets, and follows the company setting', async () => {
    const allowed = async () => (await callAs(t, 'GET', '/api/agents/config', agent)).json().agents_pay_other_branches;
    expect(await allowed()).toBe(true); // the default
    const put = (value: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/companies/settings',
        headers: auth(admin),
        payload: { agents_pay_other_branches: value },
      });
    expect((await put(false)).statusCode).toBe(200);
    expect(await allowed()).toBe(false);
    expect((await put(true)).statusCode).toBe(200);
    expect(await allowed()).toBe(true);
  });

  it('answers a free mariage amount past 2^53 with its exact digits, never a 500', async () => {
    const big = '1152921504606846977';
    const set = (v: string) =>
      t.database.raw.query('UPDATE company_settings SET free_mariage_amount = $2 WHERE company_id = $1', [
        c.company.id,
        v,
      ]);
    await set(big);
    try {
      const res = await callAs(t, 'GET', '/api/agents/config', agent);
      expect(res.statusCode).toBe(200);
      expect(res.json().free_mariage_amount).toBe(big);
    } finally {
      await set('100000');
    }
  });
});
