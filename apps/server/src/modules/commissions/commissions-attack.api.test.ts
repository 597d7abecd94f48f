import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellingCompany } from '../../../test/engine-fixtures';
import { callAs, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';

/** Review: a level's first rates saved by parallel requests (its row does not exist yet). */
describeApi('commissions under attack', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('20 parallel first rates of one agent: each audited with the rates it replaced, one only from nothing', async () => {
    const c = await sellingCompany(t.database, { agents: 1 });
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const token = (await login(t.app, admin.username)).accessToken;
    const agent = c.agents[0].id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callAs(t, 'PUT', '/api/companies/commissions', token, { level: 'agent', agent_id: agent, bolet: 100 + i }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const audits = await t.database.raw.query<{ before: { bolet: number } | null; after: { bolet: number } }>(
      `SELECT before, after FROM audit_log WHERE entity = 'commission_agent' AND entity_id = $1 ORDER BY id`,
      [String(agent)],
    );
    expect(audits).toHaveLength(20);
    expect(audits.filter((a) => a.before === null)).toHaveLength(1);
    for (let i = 1; i < audits.length; i++) expect(audits[i].before?.bolet).toBe(audits[i - 1].after.bolet);
  });
});
