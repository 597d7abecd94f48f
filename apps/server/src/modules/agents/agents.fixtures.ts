import { auth, createCompany, createTestApp, createUser, login, type TestContext } from '../../../test/helpers';

/**
 * The world shared by the agents API suites (`agents*.api.test.ts`): companies A and B with their
 * full-access admins; A's sub-branches north (watched by supA) and south (not watched), B's bSub;
 * supA (view/add/change_agent) and a supervisor of A with view_agent only.
 * Each suite calls `setupAgents` in its `beforeAll` (one app and database per file); the bindings
 * below are live, so the tests read the values set there.
 */
export let t: TestContext;
export let a: { id: number; ref_code: string };
export let b: { id: number; ref_code: string };
export let adminA: string;
export let adminB: string;
export let north: number;
export let south: number;
export let bSub: number;
export let supA: { id: number; username: string };
export let supAToken: string;
/** A supervisor of A with view_agent only. */
export let viewerToken: string;

export const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });

export const tokenOf = async (username: string, password?: string) =>
  (await login(t.app, username, password)).accessToken;

export const newSub = async (token: string, name: string) => {
  const res = await call('POST', '/api/companies/surcussale', token, { name });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().id as number;
};

let n = 0;
export const agentBody = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Pierre',
  last_name: 'Louis',
  phone: '+509 3800 0001',
  username: `vendeur_${process.pid}_${++n}`,
  password: 'motdepasse-1',
  surcussale_id: north,
  ...extra,
});

export async function setupAgents(): Promise<void> {
  t = await createTestApp();
  a = await createCompany(t.database);
  b = await createCompany(t.database);
  adminA = await tokenOf(
    (await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true })).username,
  );
  adminB = await tokenOf(
    (await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true })).username,
  );
  north = await newSub(adminA, 'Nord');
  south = await newSub(adminA, 'Sud');
  bSub = await newSub(adminB, 'Secret B');
  supA = await createUser(t.database, {
    role: 'supervisor',
    companyId: a.id,
    permissions: ['view_agent', 'add_agent', 'change_agent'],
  });
  await t.database.raw.query(
    'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
    [a.id, supA.id, north],
  );
  supAToken = await tokenOf(supA.username);
  viewerToken = await tokenOf(
    (await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['view_agent'] })).username,
  );
}
