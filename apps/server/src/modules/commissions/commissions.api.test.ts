import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
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

/** Commission per game at company, sub-branch and agent level (issue 20 §3), and the supervisor's rate. */
describeApi('commissions per game (/api/companies/commissions)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;
  let other: { id: number };
  let adminOther: string;
  let agentSup: string;
  let noneSup: string;
  let agent2: number;
  let s2: number;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;
  const lines = [
    { code: 20, number: '23', stake: 1_003 },
    { code: 40, number: '12*34', stake: 1_000 },
    { code: 30, number: '123', stake: 100 },
    { code: 41, number: '1234', stake: 100 },
    { code: 51, number: '12345', stake: 105 },
  ];
  const lineRows = (ficheId: number) =>
    t.database.raw.query<{ code: number; commission_bp: number | null; commission_amount: number | null }>(
      `SELECT code::int AS code, commission_bp, commission_amount FROM fiche_lines
        WHERE fiche_id = $1 AND code <> 44 ORDER BY tirage_id, position`,
      [ficheId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { tirages: 2 });
    admin = await token({ role: 'company', companyId: c.company.id, fullAccess: true });
    other = await createCompany(t.database);
    adminOther = await token({ role: 'company', companyId: other.id, fullAccess: true });
    // A supervisor of the first sub-branch with the agents' codenames (not the company level's).
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_agenttauxtirage', 'change_agenttauxtirage'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [c.company.id, sup.id, c.surcussaleId],
    );
    agentSup = (await login(t.app, sup.username)).accessToken;
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

  it('without any rate per game, every game takes the single rate (nothing changes)', async () => {
    const agent = c.agents[0];
    const res = await callAs(t, 'GET', `/api/companies/commissions?level=agent&agent_id=${agent.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      level: 'agent',
      target_id: agent.id,
      rates: { bolet: null, mariage: null, loto3: null, loto4: null, loto5: null },
      effective: { bolet: 1000, mariage: 1000, loto3: 1000, loto4: 1000, loto5: 1000 },
      fallback_bp: 1000,
      updated_at: null,
    });
    const f = await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: agent.id,
      tirages: [c.tirages[0].id],
      lines,
    });
    // 10 % of 2 308 per line, half up: 100 (100.3) + 100 + 10 + 10 + 11 (10.5).
    expect(f.commission_amount).toBe(231);
  });

  it('the most specific level wins per game; the lines, draws, ticket and ledger agree', async () => {
    const agent = c.agents[0];
    const put = (tok: string, body: Record<string, unknown>) =>
      callAs(t, 'PUT', '/api/companies/commissions', tok, body);
    const company = await put(admin, { level: 'company', bolet: 500, mariage: '800', loto3: '' });
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json()).toMatchObject({
      level: 'company',
      target_id: null,
      rates: { bolet: 500, mariage: 800, loto3: null },
      effective: { bolet: 500, mariage: 800, loto3: 1000, loto4: 1000, loto5: 1000 },
    });
    expect(
      (await put(admin, { level: 'surcussale', surcussale_id: c.surcussaleId, mariage: 1200, loto3: 1500 })).statusCode,
    ).toBe(200);
    const own = await put(agentSup, { level: 'agent', agent_id: agent.id, bolet: 2000 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      target_name: expect.any(String),
      rates: { bolet: 2000, mariage: null },
      effective: { bolet: 2000, mariage: 1200, loto3: 1500, loto4: 1000, loto5: 1000 },
    });

    const f = await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: agent.id,
      tirages: c.tirages.map((d) => d.id),
      lines,
    });
    const perDraw = [
      { code: 20, commission_bp: 2000, commission_amount: 201 }, // 200.6
      { code: 40, commission_bp: 1200, commission_amount: 120 },
      { code: 30, commission_bp: 1500, commission_amount: 15 },
      { code: 41, commission_bp: 1000, commission_amount: 10 },
      { code: 51, commission_bp: 1000, commission_amount: 11 }, // 10.5
    ];
    expect(await lineRows(f.id)).toEqual([...perDraw, ...perDraw]);
    expect(f.commission_amount).toBe(2 * 357);
    const draws = await t.database.raw.query<{ commission_amount: number }>(
      'SELECT commission_amount FROM fiche_tirages WHERE fiche_id = $1',
      [f.id],
    );
    expect(draws.map((d) => d.commission_amount)).toEqual([357, 357]);
    const [entry] = await t.database.raw.query<{ commission: number }>(
      "SELECT commission FROM wallet_entries WHERE fiche_id = $1 AND kind = 'sale'",
      [f.id],
    );
    expect(entry.commission).toBe(714);

    // A rate changed later: the ticket keeps its snapshot, the next sale takes the new rate.
    expect((await put(admin, { level: 'agent', agent_id: agent.id, bolet: 100 })).statusCode).toBe(200);
    expect(await lineRows(f.id)).toEqual([...perDraw, ...perDraw]);
    const g = await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: agent.id,
      tirages: [c.tirages[0].id],
      lines,
    });
    expect((await lineRows(g.id))[0]).toEqual({ code: 20, commission_bp: 100, commission_amount: 10 });
    // Every game null: the agent's level inherits again (the sub-branch's, the company's).
    const cleared = await put(admin, { level: 'agent', agent_id: agent.id });
    expect(cleared.json()).toMatchObject({ updated_at: null, effective: { bolet: 500, mariage: 1200 } });
    // The list of the agents with their own rates no longer has it; the sub-branch's is listed.
    const list = await callAs(t, 'GET', '/api/companies/commissions/list?level=surcussale', admin);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ target_id: c.surcussaleId, mariage: 1200, bolet: null }],
    });
    expect((await callAs(t, 'GET', '/api/companies/commissions/list?level=agent', admin)).json().count).toBe(0);
    const csv = await callAs(t, 'GET', '/api/companies/commissions/list?level=surcussale&format=csv', admin);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('12 %');
  });

  it('refuses bad input in French (400), never a 500', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const e = expectErrorBody(await callAs(t, 'PUT', '/api/companies/commissions', admin, body), 400);
      expect(e.fields?.[field]).toMatch(/[a-zé]/);
    };
    await bad({ level: 'agent', bolet: 100 }, 'agent_id');
    await bad({ level: 'surcussale', bolet: 100 }, 'surcussale_id');
    await bad({ level: 'company', bolet: 10_001 }, 'bolet');
    await bad({ level: 'company', mariage: -1 }, 'mariage');
    await bad({ level: 'company', loto3: 'dix' }, 'loto3');
    await bad({ level: 'company', loto4: 12.5 }, 'loto4');
    await bad({ level: 'pays', loto5: 1 }, 'level');
    // A target the level does not take: refused, not ignored.
    await bad({ level: 'company', agent_id: c.agents[0].id, bolet: 1 }, 'agent_id');
    await bad({ level: 'agent', agent_id: c.agents[0].id, surcussale_id: c.surcussaleId, bolet: 1 }, 'surcussale_id');
    expectErrorBody(await callAs(t, 'GET', '/api/companies/commissions?level=agent&agent_id=abc', admin), 400);
  });

  it('another company’s target is 404 with none of its data; a write never touches it', async () => {
    const agent = c.agents[0];
    const read = await callAs(t, 'GET', `/api/companies/commissions?level=agent&agent_id=${agent.id}`, adminOther);
    expect(expectErrorBody(read, 404).code).toBe('NOT_FOUND');
    expect(read.body).not.toContain(agent.username);
    const write = await callAs(t, 'PUT', '/api/companies/commissions', adminOther, {
      level: 'surcussale',
      surcussale_id: c.surcussaleId,
      bolet: 9000,
    });
    expectErrorBody(write, 404);
    const rows = await t.database.raw.query('SELECT 1 FROM commission_rates WHERE bolet = 9000');
    expect(rows).toEqual([]);
    // B's own company level is its own: A's rates are not in it.
    const mine = await callAs(t, 'GET', '/api/companies/commissions?level=company', adminOther);
    expect(mine.json()).toMatchObject({ rates: { bolet: null, mariage: null } });
  });

  it('needs the primes’ codenames per level; a supervisor only its own agents', async () => {
    expect((await callAs(t, 'GET', '/api/companies/commissions?level=company', noneSup)).statusCode).toBe(403);
    expect(
      (await callAs(t, 'PUT', '/api/companies/commissions', noneSup, { level: 'company', bolet: 1 })).statusCode,
    ).toBe(403);
    expect((await callAs(t, 'GET', '/api/companies/commissions/list?level=agent', noneSup)).statusCode).toBe(403);
    // The agents' codenames do not open the company level.
    expect((await callAs(t, 'GET', '/api/companies/commissions?level=company', agentSup)).statusCode).toBe(403);
    expect(
      (await callAs(t, 'PUT', '/api/companies/commissions', agentSup, { level: 'company', bolet: 1 })).statusCode,
    ).toBe(403);
    // An agent of a sub-branch it does not watch: 404, like another company's.
    expectErrorBody(await callAs(t, 'GET', `/api/companies/commissions?level=agent&agent_id=${agent2}`, agentSup), 404);
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/commissions', agentSup, {
        level: 'surcussale',
        surcussale_id: s2,
        bolet: 1,
      }),
      404,
    );
    // The agent itself (point of sale) may not call the back office's settings.
    const posAgent = (await login(t.app, c.agents[0].username)).accessToken;
    expect((await callAs(t, 'GET', '/api/companies/commissions?level=company', posAgent)).statusCode).toBe(403);
  });

  it('parallel updates of one target: each answers 200, one row remains with one writer’s values', async () => {
    const values = Array.from({ length: 8 }, (_, i) => 100 * (i + 1));
    const answers = await Promise.all(
      values.map((v) =>
        callAs(t, 'PUT', '/api/companies/commissions', admin, { level: 'agent', agent_id: agent2, bolet: v, loto5: v }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(values.map(() => 200));
    const rows = await t.database.raw.query<{ bolet: number; loto5: number }>(
      "SELECT bolet, loto5 FROM commission_rates WHERE company_id = $1 AND level = 'agent' AND target_id = $2",
      [c.company.id, agent2],
    );
    expect(rows).toHaveLength(1);
    expect(values).toContain(rows[0].bolet);
    expect(rows[0].loto5).toBe(rows[0].bolet);
    const audits = await t.database.raw.query(
      "SELECT 1 FROM audit_log WHERE entity = 'commission_agent' AND entity_id = $1",
      [String(agent2)],
    );
    expect(audits).toHaveLength(8);
  });

  it('a supervisor’s rate is the company’s to set, and the report per supervisor shows its commission', async () => {
    const sup = await createUser(t.database, { role: 'supervisor', companyId: c.company.id, permissions: [] });
    const body = {
      id: sup.id,
      first_name: 'Paul',
      last_name: 'Sup',
      username: sup.username,
      permissions: [],
      surcussales: [c.surcussaleId],
      commission_bp: '250',
    };
    const set = await callAs(t, 'PUT', '/api/companies/supervisor', admin, body);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().commission_bp).toBe(250);
    const bad = await callAs(t, 'PUT', '/api/companies/supervisor', admin, { ...body, commission_bp: 10_001 });
    expect(expectErrorBody(bad, 400).fields?.commission_bp).toBeDefined();
    // Without the field the rate stays; a supervisor may not set one.
    const kept = await callAs(t, 'PUT', '/api/companies/supervisor', admin, { ...body, commission_bp: undefined });
    expect(kept.json().commission_bp).toBe(250);
    const supToken = (await login(t.app, sup.username)).accessToken;
    const own = await callAs(t, 'PUT', '/api/companies/supervisor', supToken, { ...body, commission_bp: 9000 });
    expect([403]).toContain(own.statusCode);

    const report = await callAs(
      t,
      'GET',
      `/api/companies/rapport-journalier-sup?start_date=${c.today}&end_date=${c.today}`,
      admin,
    );
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().rows.find((r: { key: number }) => r.key === sup.id);
    expect(row).toMatchObject({ supervisor_commission_bp: 250 });
    expect(row.supervisor_commission).toBe(Math.floor((row.sales * 250 + 5000) / 10000));
    expect(row.sales).toBeGreaterThan(0);
  });
});
