import type { Codename } from '@borlette/shared';
import type { LightMyRequestResponse as Response } from 'fastify';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createUser, login, type TestContext } from '../../../test/helpers';

/**
 * Test world of the limits, blocked balls and free mariage suites: two selling companies (midday
 * zone, forced-open draws), A with a watched branch (agents Alice, Bruno) and an unwatched one (Sud:
 * Zoé), a supervisor holding `supPerms` and watching the first branch, a supervisor without any
 * codename, and each company's admin.
 */
export interface LimitsWorld {
  a: SellingCompany;
  b: SellingCompany;
  adminA: string;
  adminB: string;
  /** A's agents in the watched branch (Alice, Bruno) and the agent of the other branch (Zoé). */
  alice: number;
  bruno: number;
  zoe: number;
  agentB: number;
  sup: string;
  noPermSup: string;
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => Promise<Response>;
}

export async function limitsWorld(t: TestContext, supPerms: Codename[]): Promise<LimitsWorld> {
  const raw = t.database.raw;
  const token = async (u: { username: string }) => (await login(t.app, u.username)).accessToken;
  const a = await sellingCompany(t.database, { agents: 2, tirages: 2 });
  const b = await sellingCompany(t.database, { agents: 1, tirages: 1 });
  const [alice, bruno] = a.agents.map((x) => x.id);
  await raw.query("UPDATE users SET first_name = 'Alice' WHERE id = $1", [alice]);
  await raw.query("UPDATE users SET first_name = 'Bruno' WHERE id = $1", [bruno]);
  const [south] = await raw.query<{ id: number }>(
    "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Sud') RETURNING id",
    [a.company.id],
  );
  const z = await createUser(t.database, { role: 'agent', companyId: a.company.id, fullAccess: true });
  await raw.query("UPDATE users SET surcussale_id = $2, first_name = 'Zoé' WHERE id = $1", [z.id, south.id]);
  const s = await createUser(t.database, { role: 'supervisor', companyId: a.company.id, permissions: supPerms });
  await raw.query('INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)', [
    a.company.id,
    s.id,
    a.surcussaleId,
  ]);
  return {
    a,
    b,
    adminA: await token(await createUser(t.database, { role: 'company', companyId: a.company.id, fullAccess: true })),
    adminB: await token(await createUser(t.database, { role: 'company', companyId: b.company.id, fullAccess: true })),
    alice,
    bruno,
    zoe: z.id,
    agentB: b.agents[0].id,
    sup: await token(s),
    noPermSup: await token(await createUser(t.database, { role: 'supervisor', companyId: a.company.id })),
    call: (method, url, tok, payload) => t.app.inject({ method, url, headers: auth(tok), payload }),
  };
}
