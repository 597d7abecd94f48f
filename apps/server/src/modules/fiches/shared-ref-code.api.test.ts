import { afterAll, beforeAll, expect, it } from 'vitest';
import { sell, sellingCompany } from '../../../test/engine-fixtures';
import { callAs, createTestApp, describeApi, login, type TestContext } from '../../../test/helpers';

/**
 * Migration 0020 made a ticket's ref code unique per company only (a sharded table cannot hold a
 * global unique key without its distribution column). The public link reads by ref code alone: a
 * code two companies hold (an import, a copy by SQL, a collision) must not show one company's ticket
 * to the other's customer, nor answer a 500 — the link names no ticket for certain: 404.
 */
describeApi('a ref code held by two companies', () => {
  let t: TestContext;
  let ref: string;
  let other: string;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const a = await sellingCompany(t.database);
    const b = await sellingCompany(t.database);
    const line = [{ code: 20, number: '12', stake: 100 }];
    const fa = await sell(t.database.raw, {
      companyId: a.company.id,
      agentId: a.agents[0].id,
      tirages: [a.tirages[0].id],
      lines: line,
    });
    const fb = await sell(t.database.raw, {
      companyId: b.company.id,
      agentId: b.agents[0].id,
      tirages: [b.tirages[0].id],
      lines: line,
    });
    ids.a = fa.id;
    ids.b = fb.id;
    tokens.a = (await login(t.app, a.agents[0].username)).accessToken;
    tokens.b = (await login(t.app, b.agents[0].username)).accessToken;
    ref = String(fa.ref_code);
    other = String(fb.ref_code);
    // B's ticket takes A's code: allowed by 0020's key (ref_code, company_id).
    await t.database.raw.query('UPDATE fiches SET ref_code = $1 WHERE id = $2', [ref, fb.id]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the public link answers 404, never one of the two tickets (nor a 500)', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/fiche/${ref}` });
      expect(res.statusCode, res.body).toBe(404);
    }
    // B's former code names nothing any more.
    expect((await t.app.inject({ method: 'GET', url: `/api/public/fiche/${other}` })).statusCode).toBe(404);
  });

  it('the receipt’s proof (?ref=) finds each company’s own ticket only', async () => {
    for (const k of ['a', 'b']) {
      const res = await callAs(t, 'GET', `/api/agents/fiche?ref=${ref}`, tokens[k]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(ids[k]);
    }
  });
});
