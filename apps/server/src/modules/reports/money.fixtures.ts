import type { Codename } from '@borlette/shared';
import type { LightMyRequestResponse as Response } from 'fastify';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createCompany, createUser, login, type TestContext } from '../../../test/helpers';

/**
 * Test world of the wallet and reports suites: two selling companies of Haiti (midday zone, forced-open
 * draws) and one of another country; A has a watched branch (agents Alice, Bruno) and an unwatched one
 * (Sud: Zoé); a supervisor holding `supPerms` watching the first branch, one without any codename;
 * each company's admin; the superuser with « Toutes » (country HT) and one with « Toutes » (country DO).
 */
export interface MoneyWorld {
  a: SellingCompany;
  b: SellingCompany;
  adminA: string;
  adminB: string;
  alice: number;
  bruno: number;
  zoe: number;
  agentB: number;
  agentTokens: Map<number, string>;
  supId: number;
  sup: string;
  noPermSup: string;
  superHT: string;
  superDO: string;
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => Promise<Response>;
}

export async function moneyWorld(t: TestContext, supPerms: Codename[]): Promise<MoneyWorld> {
  const raw = t.database.raw;
  const token = async (u: { username: string }) => (await login(t.app, u.username)).accessToken;
  const a = await sellingCompany(t.database, { agents: 2, tirages: 2 });
  const b = await sellingCompany(t.database, { agents: 1, tirages: 1 });
  await createCompany(t.database, { country: 'DO' });
  const [alice, bruno] = a.agents.map((x) => x.id);
  await raw.query("UPDATE users SET first_name = 'Alice', last_name = 'Adam' WHERE id = $1", [alice]);
  await raw.query("UPDATE users SET first_name = 'Bruno', last_name = 'Blanc' WHERE id = $1", [bruno]);
  const [south] = await raw.query<{ id: number }>(
    "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Sud') RETURNING id",
    [a.company.id],
  );
  const z = await createUser(t.database, { role: 'agent', companyId: a.company.id, fullAccess: true });
  await raw.query("UPDATE users SET surcussale_id = $2, first_name = 'Zoé', last_name = 'Zèbre' WHERE id = $1", [
    z.id,
    south.id,
  ]);
  a.agents.push(z);
  const s = await createUser(t.database, { role: 'supervisor', companyId: a.company.id, permissions: supPerms });
  await raw.query("UPDATE users SET first_name = 'Sam', last_name = 'Sup' WHERE id = $1", [s.id]);
  await raw.query('INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)', [
    a.company.id,
    s.id,
    a.surcussaleId,
  ]);
  const superuser = async (country: string) => {
    const u = await createUser(t.database, { role: 'superuser', fullAccess: true });
    await raw.query("UPDATE users SET select_company = 'all', select_country_code = $2 WHERE id = $1", [u.id, country]);
    return token(u);
  };
  const agentTokens = new Map<number, string>();
  for (const ag of [...a.agents, ...b.agents]) agentTokens.set(ag.id, await token(ag));
  return {
    a,
    b,
    adminA: await token(await createUser(t.database, { role: 'company', companyId: a.company.id, fullAccess: true })),
    adminB: await token(await createUser(t.database, { role: 'company', companyId: b.company.id, fullAccess: true })),
    alice,
    bruno,
    zoe: z.id,
    agentB: b.agents[0].id,
    agentTokens,
    supId: s.id,
    sup: await token(s),
    noPermSup: await token(await createUser(t.database, { role: 'supervisor', companyId: a.company.id })),
    superHT: await superuser('HT'),
    superDO: await superuser('DO'),
    call: (method, url, tok, payload) => t.app.inject({ method, url, headers: auth(tok), payload }),
  };
}

let keySeq = 0;
/** A fresh idempotency key. */
export const newKey = () => `k${Date.now().toString(36)}_${++keySeq}_${Math.random().toString(36).slice(2, 8)}`;
