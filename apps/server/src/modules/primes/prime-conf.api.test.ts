import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenTirage, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
  type UserOptions,
} from '../../../test/helpers';

describeApi('primes per draw, sub-branch and agent (prime-tirage, prime-surcussale, prime-agent)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;
  let other: { id: number; ref_code: string };
  let adminOther: string;
  let otherTirage: number;
  let agentSup: string;
  let tirageSup: string;
  let noneSup: string;
  let s2: number;
  let agent2: number;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database);
    admin = await token({ role: 'company', companyId: c.company.id, fullAccess: true });
    other = await createCompany(t.database);
    adminOther = await token({ role: 'company', companyId: other.id, fullAccess: true });
    otherTirage = (await createOpenTirage(t.database.raw, other.id, 'Secret B')).id;
    // A supervisor watching the first sub-branch only; a second sub-branch with its agent.
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_agenttauxtirage', 'add_agenttauxtirage', 'change_agenttauxtirage'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [c.company.id, sup.id, c.surcussaleId],
    );
    agentSup = (await login(t.app, sup.username)).accessToken;
    tirageSup = await token({ role: 'supervisor', companyId: c.company.id, permissions: ['view_tiragetauxtirage'] });
    noneSup = await token({ role: 'supervisor', companyId: c.company.id, permissions: [] });
    [{ id: s2 }] = await t.database.raw.query<{ id: number }>(
      "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Autre succursale') RETURNING id",
      [c.company.id],
    );
    const a2 = await createUser(t.database, { role: 'agent', companyId: c.company.id });
    await t.database.raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [a2.id, s2]);
    agent2 = a2.id;
  });
  afterAll(() => t?.close());

  it('the most specific prime wins at sale: agent > surcussale > tirage > general, per multiplier', async () => {
    const [tirage] = c.tirages;
    const agent = c.agents[0];
    const pt = await callAs(t, 'POST', '/api/companies/prime-tirage', admin, {
      target_id: tirage.id,
      bolet_1: 60,
      bolet_2: 25,
    });
    expect(pt.json()).toMatchObject({
      type: 'tirage',
      target_id: tirage.id,
      target_name: tirage.name,
      bolet_1: 60,
      bolet_3: null,
    });
    const ps = await callAs(t, 'POST', '/api/companies/prime-surcussale', admin, {
      target_id: c.surcussaleId,
      bolet_1: 70,
      mariage: 1100,
    });
    expect(ps.statusCode).toBe(200);
    const pa = await callAs(t, 'POST', '/api/companies/prime-agent', agentSup, {
      target_id: agent.id,
      bolet_1: '80',
      loto3: '',
    });
    expect(pa.json()).toMatchObject({ type: 'agent', target_id: agent.id, bolet_1: 80, loto3: null });

    const primesOfSale = async () => {
      const f = await sell(t.database.raw, {
        companyId: c.company.id,
        agentId: agent.id,
        tirages: [tirage.id],
        lines: [
          { code: 20, number: '23', stake: 100 },
          { code: 40, number: '12*34', stake: 100 },
          { code: 30, number: '123', stake: 100 },
        ],
      });
      return t.database.raw.query<{ code: number; prime1: number; prime2: number | null; prime3: number | null }>(
        'SELECT code::int AS code, prime1, prime2, prime3 FROM fiche_lines WHERE fiche_id = $1 ORDER BY position',
        [f.id],
      );
    };
    expect(await primesOfSale()).toEqual([
      { code: 20, prime1: 80, prime2: 25, prime3: 10 },
      { code: 40, prime1: 1100, prime2: null, prime3: null },
      { code: 30, prime1: 500, prime2: null, prime3: null },
    ]);
    // Without the agent's configuration, the sub-branch's bolet 1 applies; without that, the draw's.
    expect((await callAs(t, 'DELETE', `/api/companies/prime-agent?id=${pa.json().id}`, admin)).json()).toEqual({
      ok: true,
    });
    expect((await primesOfSale())[0]).toEqual({ code: 20, prime1: 70, prime2: 25, prime3: 10 });
    await callAs(t, 'DELETE', '/api/companies/prime-surcussale', admin, { id: ps.json().id });
    expect((await primesOfSale()).slice(0, 2)).toEqual([
      { code: 20, prime1: 60, prime2: 25, prime3: 10 },
      { code: 40, prime1: 1000, prime2: null, prime3: null },
    ]);
    const updated = await callAs(t, 'PUT', '/api/companies/prime-tirage', admin, {
      id: pt.json().id,
      bolet_1: null,
      bolet_3: 15,
    });
    expect(updated.json()).toMatchObject({ bolet_1: null, bolet_2: null, bolet_3: 15 });
    expect((await primesOfSale())[0]).toEqual({ code: 20, prime1: 50, prime2: 20, prime3: 15 });
    const audits = await t.database.raw.query<{ entity: string; action: string }>(
      "SELECT entity, action FROM audit_log WHERE entity LIKE 'prime_%' AND company_id = $1 ORDER BY id",
      [c.company.id],
    );
    expect(audits.map((r) => `${r.entity}:${r.action}`)).toEqual([
      'prime_tirage:create',
      'prime_surcussale:create',
      'prime_agent:create',
      'prime_agent:delete',
      'prime_surcussale:delete',
      'prime_tirage:update',
    ]);
  });

  it('lists with paging, search and ?id=; one configuration per target (409 on target_id)', async () => {
    const t2 = await createOpenTirage(t.database.raw, c.company.id, 'Zeta Tirage');
    const made = (
      await callAs(t, 'POST', '/api/companies/prime-tirage', admin, { target_id: t2.id, loto3: 450 })
    ).json();
    const dup = await callAs(t, 'POST', '/api/companies/prime-tirage', admin, { target_id: t2.id, loto3: 400 });
    expect(expectErrorBody(dup, 409).fields?.target_id).toBe(
      'Ce tirage a déjà sa configuration de primes : modifiez-la.',
    );
    const list = (await callAs(t, 'GET', '/api/companies/prime-tirage?search=zeta', tirageSup)).json();
    expect(list).toMatchObject({ count: 1, page: 1 });
    expect(list.results[0]).toMatchObject({ id: made.id, target_name: 'Zeta Tirage', loto3: 450 });
    expect((await callAs(t, 'GET', `/api/companies/prime-tirage?id=${made.id}`, tirageSup)).json().loto3).toBe(450);
    const sorted = (
      await callAs(t, 'GET', '/api/companies/prime-tirage?sort=target_name&order=desc&page_size=1', admin)
    ).json();
    expect(sorted.count).toBe(2);
    expect(sorted.results[0].target_name).toBe('Zeta Tirage');
    const csv = await callAs(t, 'GET', '/api/companies/prime-tirage?format=csv', admin);
    expect(csv.body).toContain('Zeta Tirage');
    expect(csv.body).toContain('hérité');
  });

  it('refuses bad input with French messages, writing nothing', async () => {
    const none = await callAs(t, 'POST', '/api/companies/prime-agent', admin, { target_id: c.agents[0].id });
    expect(expectErrorBody(none, 400).fields?.bolet_1).toBe('Renseignez au moins une prime');
    const bad = await callAs(t, 'POST', '/api/companies/prime-agent', admin, {
      target_id: 'x',
      bolet_1: -5,
      mariage: 2.5,
    });
    const body = expectErrorBody(bad, 400);
    expect(body.fields?.target_id).toBeTruthy();
    expect(body.fields?.bolet_1).toBe('La prime ne peut pas être négative');
    expect(body.fields?.mariage).toBe('La prime doit être un nombre entier');
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/prime-agent', admin, { bolet_1: 5 }), 400);
    const [{ n }] = await t.database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM primes WHERE company_id = $1 AND level = 'agent'",
      [c.company.id],
    );
    expect(n).toBe(0);
  });

  it('refuses a supervisor without the codename (403)', async () => {
    expectErrorBody(await callAs(t, 'GET', '/api/companies/prime-agent', noneSup), 403);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/prime-surcussale', tirageSup), 403);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/prime-tirage', tirageSup, { target_id: c.tirages[0].id, bolet_1: 1 }),
      403,
    );
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/prime-tirage', tirageSup, { id: 1, bolet_1: 1 }), 403);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/prime-tirage?id=1', tirageSup), 403);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/prime-tirage', agentSup, { target_id: c.tirages[0].id, bolet_1: 1 }),
      403,
    );
  });

  it('a supervisor only sees and touches the agents and sub-branches it watches', async () => {
    const hidden = (
      await callAs(t, 'POST', '/api/companies/prime-agent', admin, { target_id: agent2, bolet_1: 55 })
    ).json();
    const hiddenS = (
      await callAs(t, 'POST', '/api/companies/prime-surcussale', admin, { target_id: s2, bolet_1: 65 })
    ).json();
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/prime-surcussale', agentSup, { target_id: s2, bolet_2: 1 }),
      404,
    );
    expectErrorBody(await callAs(t, 'GET', `/api/companies/prime-agent?id=${hidden.id}`, agentSup), 404);
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/prime-surcussale', agentSup, { id: hiddenS.id, bolet_1: 1 }),
      404,
    );
    expectErrorBody(await callAs(t, 'DELETE', `/api/companies/prime-agent?id=${hidden.id}`, agentSup), 404);
    const agents = (await callAs(t, 'GET', '/api/companies/prime-agent', agentSup)).json();
    expect(agents.results.map((r: { id: number }) => r.id)).not.toContain(hidden.id);
    expect((await callAs(t, 'GET', '/api/companies/prime-agent', admin)).json().count).toBe(1);
    const mine = await callAs(t, 'POST', '/api/companies/prime-surcussale', agentSup, {
      target_id: c.surcussaleId,
      bolet_2: 22,
    });
    expect(mine.statusCode).toBe(200);
    expect((await callAs(t, 'GET', '/api/companies/prime-surcussale', agentSup)).json().count).toBe(1);
  });

  it('never shows or touches another company’s configuration or target (404, no data)', async () => {
    const theirs = (
      await callAs(t, 'POST', '/api/companies/prime-tirage', adminOther, { target_id: otherTirage, bolet_1: 99 })
    ).json();
    const read = await callAs(t, 'GET', `/api/companies/prime-tirage?id=${theirs.id}`, admin);
    expectErrorBody(read, 404);
    expect(read.body).not.toContain('Secret B');
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/prime-tirage', admin, { id: theirs.id, bolet_1: 1 }), 404);
    expectErrorBody(await callAs(t, 'DELETE', `/api/companies/prime-tirage?id=${theirs.id}`, admin), 404);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/prime-tirage', admin, { target_id: otherTirage, bolet_1: 1 }),
      404,
    );
    expect((await callAs(t, 'GET', '/api/companies/prime-tirage?page_size=100', admin)).body).not.toContain('Secret B');
    expect((await callAs(t, 'GET', `/api/companies/prime-tirage?id=${theirs.id}`, adminOther)).json().bolet_1).toBe(99);
  });
});
