import { RISK_RULES_DEFAULTS } from '@borlette/shared/contracts/risk-rules';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  login,
  type TestContext,
} from '../../../test/helpers';

/** Review: the company's first rules saved by parallel requests (its row does not exist yet). */
describeApi('risk rules under attack', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('20 parallel first saves: each audited with the settings it replaced, one only from nothing', async () => {
    const company = await createCompany(t.database);
    const admin = await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true });
    const token = (await login(t.app, admin.username)).accessToken;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callAs(t, 'PUT', '/api/companies/risk-rules', token, { ...RISK_RULES_DEFAULTS, share_bp: 100 + i }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const audits = await t.database.raw.query<{ before: { share_bp: number } | null; after: { share_bp: number } }>(
      `SELECT before, after FROM audit_log WHERE company_id = $1 AND entity = 'risk_rules' ORDER BY id`,
      [company.id],
    );
    expect(audits).toHaveLength(20);
    expect(audits.filter((a) => a.before === null)).toHaveLength(1);
    // A chain: each change replaced the one before it.
    for (let i = 1; i < audits.length; i++) expect(audits[i].before).toEqual(audits[i - 1].after);
  });
});
