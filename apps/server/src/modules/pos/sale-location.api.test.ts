import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/** Issue 20 §1: the location at sale (company setting sale_location), kept beside the ticket and shown on its detail. */
describeApi('location at sale', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  const tokens: Record<string, string> = {};
  const HERE = { latitude: 18.5392, longitude: -72.335, accuracy_m: 12 };

  const sale = (location?: object, key = randomUUID()) =>
    callAs(t, 'POST', '/api/agents/fiches', tokens.agent, {
      idempotency_key: key,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '07', stake: 100 }],
      ...(location ? { location } : {}),
    });
  const detail = (token: string, id: number) => callAs(t, 'GET', `/api/companies/fiche?id=${id}`, token);

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database);
    other = await sellingCompany(t.database);
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const adminB = await createUser(t.database, { role: 'company', companyId: other.company.id, fullAccess: true });
    const sup = await createUser(t.database, { role: 'supervisor', companyId: c.company.id });
    for (const [k, u] of Object.entries({ admin, adminB, sup, agent: c.agents[0] }))
      tokens[k] = (await login(t.app, u.username)).accessToken;
  });
  afterAll(() => t?.close());

  it('setting off: the sale goes, its location is not kept', async () => {
    const res = await sale(HERE);
    expect(res.statusCode).toBe(200);
    expect((await detail(tokens.admin, res.json().id)).json().location).toBeNull();
  });

  it('setting on: kept and shown on the detail; without one the sale still goes; a bad one is a French 400', async () => {
    expect((await callAs(t, 'PUT', '/api/companies/settings', tokens.admin, { sale_location: true })).statusCode).toBe(
      200,
    );
    expect((await callAs(t, 'GET', '/api/agents/config', tokens.agent)).json().sale_location).toBe(true);
    const res = await sale(HERE);
    expect(res.statusCode).toBe(200);
    expect((await detail(tokens.admin, res.json().id)).json().location).toEqual(HERE);
    const none = await sale();
    expect(none.statusCode).toBe(200);
    expect((await detail(tokens.admin, none.json().id)).json().location).toBeNull();
    const bad = expectErrorBody(await sale({ latitude: 200, longitude: 0 }), 400);
    expect(bad.message).toMatch(/Latitude invalide/);
  });

  it('another company’s admin gets 404; a supervisor without the codename 403', async () => {
    const res = await sale(HERE);
    const id = res.json().id;
    const foreign = expectErrorBody(await detail(tokens.adminB, id), 404);
    expect(JSON.stringify(foreign)).not.toContain('18.5392');
    expectErrorBody(await detail(tokens.sup, id), 403);
  });

  it('parallel retries of one sale: one ticket, one location', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sale(HERE, key)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const [{ n }] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fiche_locations WHERE company_id = $1 AND fiche_id = $2',
      [c.company.id, [...ids][0]],
    );
    expect(n).toBe(1);
  });
});
