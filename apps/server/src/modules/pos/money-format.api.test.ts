import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 15, defect 11: one strict amount format (a JSON integer of centimes, or a string of digits).
 * The review's values, sent raw in the JSON body, are refused with 400 and a French message on the
 * field, and nothing is written: on a sale and on a wallet deposit.
 */
const REVIEW: unknown[] = [true, [5], '0x64', '1e2', '100.0000000000000001', 1.5, ' 100', '-100', {}];

describeApi('amounts: one strict format', () => {
  let t: TestContext;
  let c: SellingCompany;
  let agent: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database);
    agent = (await login(t.app, c.agents[0].username)).accessToken;
    const a = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    admin = (await login(t.app, a.username)).accessToken;
  });
  afterAll(() => t?.close());

  const count = async (table: string) =>
    (
      await t.database.raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE company_id = $1`, [
        c.company.id,
      ])
    )[0].n;
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload });
  const sale = (stake: unknown) =>
    post('/api/agents/fiches', agent, {
      idempotency_key: randomUUID(),
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '23', stake }],
    });
  const deposit = (amount: unknown) =>
    post('/api/companies/transactions', admin, {
      agent_id: c.agents[0].id,
      kind: 'deposit',
      amount,
      idempotency_key: randomUUID(),
    });

  it('refuses the review’s stakes on a sale, in French, on the line’s field', async () => {
    for (const stake of REVIEW) {
      const body = expectErrorBody(await sale(stake), 400);
      expect(body.fields?.['lines.0.stake'], JSON.stringify(stake)).toMatch(/^La mise /);
    }
    expect(await count('fiches')).toBe(0);
    // The two spellings the API accepts: a JSON integer, or digits (forms and query strings).
    expect((await sale(100)).statusCode).toBe(200);
    expect((await sale('100')).statusCode).toBe(200);
    expect(await count('fiches')).toBe(2);
  });

  it('refuses them on a wallet deposit too', async () => {
    const before = await count('wallet_entries');
    for (const amount of REVIEW) {
      const body = expectErrorBody(await deposit(amount), 400);
      expect(body.fields?.amount, JSON.stringify(amount)).toMatch(/^Le montant /);
    }
    expect(await count('wallet_entries')).toBe(before);
    expect((await deposit(2500)).statusCode).toBe(200);
    expect(await count('wallet_entries')).toBe(before + 1);
  });
});
