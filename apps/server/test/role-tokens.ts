import { sellingCompany } from './engine-fixtures';
import { createUser, login, type TestContext } from './helpers';

export type Role = 'superuser' | 'company' | 'supervisor' | 'agent';

/**
 * A selling company (one agent, one draw) and a token for each role acting on it: the superuser with
 * the company selected, its admin, a supervisor with every codename, its agent. For the tests that
 * sweep the route table as every caller.
 */
export async function tokensPerRole(t: TestContext) {
  const c = await sellingCompany(t.database, { agents: 1, tirages: 1 });
  const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
  const root = await createUser(t.database, { role: 'superuser', fullAccess: true });
  await t.database.raw.query('UPDATE users SET select_company = $2 WHERE id = $1', [root.id, c.company.ref_code]);
  const sup = await createUser(t.database, { role: 'supervisor', companyId: c.company.id, fullAccess: true });
  const tokens: Record<Role, string> = {
    superuser: (await login(t.app, root.username)).accessToken,
    company: (await login(t.app, admin.username)).accessToken,
    supervisor: (await login(t.app, sup.username)).accessToken,
    agent: (await login(t.app, c.agents[0].username)).accessToken,
  };
  return { company: c, tokens };
}
