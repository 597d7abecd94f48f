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

describeApi('choices for pickers (draws, sub-branches, agents)', () => {
  let t: TestContext;
  let a: SellingCompany;
  let b: SellingCompany;
  let admin: string;
  let supervisor: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await sellingCompany(t.database, { agents: 2 });
    b = await sellingCompany(t.database);
    admin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: a.company.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    // A supervisor with no view_* codename at all, assigned to the first agent only.
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.company.id,
      permissions: ['add_typegameagent'],
    });
    await t.database.raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [a.agents[0].id, sup.id]);
    supervisor = (await login(t.app, sup.username)).accessToken;
  });
  afterAll(() => t?.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });

  it('gives the company’s draws, sub-branches and agents, never another company’s', async () => {
    const tirages = (await get('/api/companies/choices/tirages', admin)).json();
    expect(tirages.map((x: { id: number }) => x.id)).toContain(a.tirages[0].id);
    expect(tirages.map((x: { id: number }) => x.id)).not.toContain(b.tirages[0].id);
    expect(tirages.length).toBeGreaterThan(10); // the usual draws of every new company, and the test draw
    const agents = (await get('/api/companies/choices/agents', admin)).json();
    expect(agents.map((x: { id: number }) => x.id).sort()).toEqual(a.agents.map((x) => x.id).sort());
    const found = (
      await get(`/api/companies/choices/agents?search=${a.agents[1].username.slice(0, 12)}`, admin)
    ).json();
    expect(found.map((x: { id: number }) => x.id)).toContain(a.agents[1].id);
    const branches = (await get('/api/companies/choices/surcussales', admin)).json();
    expect(branches).toEqual([expect.objectContaining({ id: a.surcussaleId })]);
    expectErrorBody(await get('/api/companies/choices/agents?limit=5000', admin), 400);
    expect((await t.app.inject({ method: 'GET', url: '/api/companies/choices/agents' })).statusCode).toBe(401);
  });

  it('gives a supervisor only what it watches, without any view codename', async () => {
    const agents = (await get('/api/companies/choices/agents', supervisor)).json();
    expect(agents.map((x: { id: number }) => x.id)).toEqual([a.agents[0].id]);
    expect((await get('/api/companies/choices/surcussales', supervisor)).json()).toEqual([]);
    expect((await get('/api/companies/choices/tirages', supervisor)).statusCode).toBe(200);
  });
});
