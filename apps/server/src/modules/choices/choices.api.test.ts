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
  type UserOptions,
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

  /** Platform staff holding `permissions`, acting on company A (selected). */
  async function staff(permissions: UserOptions['permissions'], fullAccess = false) {
    const user = await createUser(t.database, { role: 'superuser', permissions, fullAccess });
    const token = (await login(t.app, user.username)).accessToken;
    const selected = await t.app.inject({
      method: 'POST',
      url: '/api/generals/company',
      headers: auth(token),
      payload: { ref_code: a.company.ref_code },
    });
    expect(selected.statusCode).toBe(200);
    return token;
  }

  it('refuses platform staff each picker unless it holds the codename of that list’s own page', async () => {
    // Issue 15, defect 13: view_company alone, after selecting A, listed A's agents, draws and sub-branches.
    const viewCompany = await staff(['view_company']);
    for (const list of ['agents', 'tirages', 'surcussales']) {
      const res = await get(`/api/companies/choices/${list}`, viewCompany);
      expectErrorBody(res, 403);
      expect(res.body).not.toContain(a.agents[0].username);
    }
    const viewAgent = await staff(['view_company', 'view_agent']);
    const agents = (await get('/api/companies/choices/agents', viewAgent)).json();
    expect(agents.map((x: { id: number }) => x.id).sort()).toEqual(a.agents.map((x) => x.id).sort());
    expectErrorBody(await get('/api/companies/choices/tirages', viewAgent), 403);
    expectErrorBody(await get('/api/companies/choices/surcussales', viewAgent), 403);
    const viewTirage = await staff(['view_tirage']);
    expect((await get('/api/companies/choices/tirages', viewTirage)).statusCode).toBe(200);
    const viewSurcussale = await staff(['view_surcussale']);
    expect((await get('/api/companies/choices/surcussales', viewSurcussale)).json()).toEqual([
      expect.objectContaining({ id: a.surcussaleId }),
    ]);
    // The root superuser (full access) holds every codename.
    const root = await staff([], true);
    for (const list of ['agents', 'tirages', 'surcussales']) {
      expect((await get(`/api/companies/choices/${list}`, root)).statusCode).toBe(200);
    }
  });
});
