import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../test/engine-fixtures';
import {
  auth,
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../test/helpers';

/**
 * Issue 15, defect 7: the live token of a just-blocked agent, sub-branch or company answers 403 with
 * the block's own message on every call (the sale and any other), not a generic 401 « Session
 * expirée » (docs/api-pos.md). Blocks are made through the admin API, as an administrator would.
 */
describeApi('a blocked session answers its block', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 3, tirages: 1 });
    const a = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    admin = (await login(t.app, a.username)).accessToken;
    const r = await createUser(t.database, { role: 'superuser', fullAccess: true });
    root = (await login(t.app, r.username)).accessToken;
  });
  afterAll(() => t?.close());

  const sale = (token: string) =>
    callAs(t, 'POST', '/api/agents/fiches', token, {
      idempotency_key: randomUUID(),
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '12', stake: 100 }],
    });
  /** The sale, the configuration and the current agent: all answer the same 403. */
  async function expectBlocked(token: string, code: string, message: string) {
    for (const res of [
      await sale(token),
      await callAs(t, 'GET', '/api/agents/config', token),
      await callAs(t, 'GET', '/api/agents/user', token),
      await callAs(t, 'GET', '/api/agents/fiches', token),
    ]) {
      const body = expectErrorBody(res, 403);
      expect(body.code).toBe(code);
      expect(body.message).toBe(message);
    }
  }
  const tokenOf = async (i: number) => (await login(t.app, c.agents[i].username)).accessToken;

  describe('through the admin API', () => {
    it('an agent blocked by its admin: 403 « compte bloqué »; its colleague sells on; unblocked, the old token is a 401', async () => {
      const token = await tokenOf(0);
      const colleague = await tokenOf(1);
      expect((await sale(token)).statusCode).toBe(200);
      const res = await callAs(t, 'POST', '/api/companies/agent/block', admin, { id: c.agents[0].id, blocked: true });
      expect(res.statusCode, res.body).toBe(200);
      await expectBlocked(token, 'AGENT_BLOCKED', 'Votre compte est bloqué. Contactez l’administration.');
      expect((await sale(colleague)).statusCode).toBe(200);
      await callAs(t, 'POST', '/api/companies/agent/block', admin, { id: c.agents[0].id, blocked: false });
      // Its sessions ended with the block: sign in again.
      expectErrorBody(await callAs(t, 'GET', '/api/agents/user', token), 401);
      expect((await sale(await tokenOf(0))).statusCode).toBe(200);
    });

    it('a sub-branch blocked: 403 naming it for its agents, on every call; unblocked, they sell again', async () => {
      const token = await tokenOf(1);
      const [{ name }] = await t.database.raw.query<{ name: string }>('SELECT name FROM surcussales WHERE id = $1', [
        c.surcussaleId,
      ]);
      const res = await callAs(t, 'POST', '/api/companies/surcussale/block', admin, {
        id: c.surcussaleId,
        blocked: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      await expectBlocked(
        token,
        'SURCUSSALE_BLOCKED',
        `La succursale ${name} est bloquée. Contactez l’administration.`,
      );
      // The company's admin is not in the sub-branch: it carries on.
      expect((await callAs(t, 'GET', '/api/companies/user', admin)).statusCode).toBe(200);
      await callAs(t, 'POST', '/api/companies/surcussale/block', admin, { id: c.surcussaleId, blocked: false });
      expect((await sale(token)).statusCode).toBe(200);
    });

    it('a company blocked by the platform: 403 « compagnie bloquée » for its agents and its admin', async () => {
      const token = await tokenOf(2);
      const res = await callAs(t, 'POST', '/api/generals/compagnies/block', root, { id: c.company.id, blocked: true });
      expect(res.statusCode, res.body).toBe(200);
      await expectBlocked(token, 'COMPANY_BLOCKED', 'Votre compagnie est bloquée. Contactez l’administration.');
      const other = expectErrorBody(await callAs(t, 'GET', '/api/companies/user', admin), 403);
      expect(other.code).toBe('COMPANY_BLOCKED');
      // A public route still answers (the token is ignored there).
      expect((await t.app.inject({ url: '/api/health', headers: auth(token) })).statusCode).toBe(200);
      await callAs(t, 'POST', '/api/generals/compagnies/block', root, { id: c.company.id, blocked: false });
    });
  });

  it('a signed-out or unknown token stays a 401', async () => {
    const token = await tokenOf(2);
    expect((await callAs(t, 'POST', '/api/user/auth/logout', token, {})).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'GET', '/api/agents/user', token), 401);
    expectErrorBody(await callAs(t, 'GET', '/api/agents/user', 'x'.repeat(40)), 401);
  });
});
