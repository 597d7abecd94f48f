import { auth, createCompany, createTestApp, createUser, login, type TestContext } from '../../../test/helpers';

interface Entry {
  companyId: number | null;
  userId: number | null;
  role: string;
  username: string;
  action: string;
  entity: string;
  entityId?: string | number | null;
  at: string;
  before?: object;
  after?: object;
  ip?: string;
}

/**
 * The world shared by the traceability API suites (`traceability*.api.test.ts`): companies A and B
 * (B in Asia/Tokyo), their admins, agents in A's north and south sub-branches and in B, a supervisor
 * of A watching north (sup), another supervisor of A (otherSup), one without codenames (bareSup), a
 * full-access superuser, and an audit trail of agents', supervisors' and admins' entries.
 * Each suite calls `setupTraceability` in its `beforeAll` (one app and database per file); the bindings
 * below are live, so the tests read the values set there.
 */
export let t: TestContext;
export let a: { id: number; ref_code: string };
export let b: { id: number; ref_code: string };
export let adminA: { id: number; username: string; token: string };
export let adminB: { id: number; username: string };
export let agentNorth: { id: number; username: string };
export let agentSouth: { id: number; username: string };
export let agentB: { id: number; username: string };
export let sup: { id: number; username: string; token: string };
export let otherSup: { id: number; username: string };
export let bareSup: string;
export let superuser: string;
const recent = new Date(Date.now() - 3600_000).toISOString();
const old = new Date(Date.now() - 10 * 86_400_000).toISOString();

export const put = (e: Entry) =>
  t.database.raw.query(
    `INSERT INTO audit_log (company_id, user_id, role, username, action, entity, entity_id, at, before, after, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Mozilla/5.0 test')`,
    [
      e.companyId,
      e.userId,
      e.role,
      e.username,
      e.action,
      e.entity,
      e.entityId == null ? null : String(e.entityId),
      e.at,
      e.before ? JSON.stringify(e.before) : null,
      e.after ? JSON.stringify(e.after) : null,
      e.ip ?? '10.0.0.1',
    ],
  );
export const agentUser = async (companyId: number, surcussaleId: number, first: string) => {
  const u = await createUser(t.database, { role: 'agent', companyId });
  await t.database.raw.query('UPDATE users SET surcussale_id = $2, first_name = $3 WHERE id = $1', [
    u.id,
    surcussaleId,
    first,
  ]);
  return u;
};
export const branch = async (companyId: number, name: string) =>
  (
    await t.database.raw.query<{ id: number }>(
      'INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id',
      [companyId, name],
    )
  )[0].id;

export async function setupTraceability(): Promise<void> {
  t = await createTestApp();
  a = await createCompany(t.database);
  b = await createCompany(t.database);
  await t.database.raw.query("UPDATE companies SET timezone = 'Asia/Tokyo' WHERE id = $1", [b.id]);
  const admin = await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true });
  adminA = { ...admin, token: (await login(t.app, admin.username)).accessToken };
  adminB = await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true });
  const north = await branch(a.id, 'Nord');
  agentNorth = await agentUser(a.id, north, 'Nora');
  agentSouth = await agentUser(a.id, await branch(a.id, 'Sud'), 'Sam');
  agentB = await agentUser(b.id, await branch(b.id, 'B'), 'Bea');
  const s = await createUser(t.database, {
    role: 'supervisor',
    companyId: a.id,
    permissions: ['view_traceagentaction', 'view_tracesupervisoraction'],
  });
  await t.database.raw.query(
    'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
    [a.id, s.id, north],
  );
  sup = { ...s, token: (await login(t.app, s.username)).accessToken };
  otherSup = await createUser(t.database, { role: 'supervisor', companyId: a.id });
  bareSup = (await login(t.app, (await createUser(t.database, { role: 'supervisor', companyId: a.id })).username))
    .accessToken;
  superuser = (await login(t.app, (await createUser(t.database, { role: 'superuser', fullAccess: true })).username))
    .accessToken;

  const ag = (u: { id: number; username: string }, companyId: number, action: string, at = recent, extra = {}) =>
    put({ companyId, userId: u.id, role: 'agent', username: u.username, action, entity: 'fiche', at, ...extra });
  await ag(agentNorth, a.id, 'login');
  await ag(agentNorth, a.id, 'create', recent, { entityId: 501, after: { amount: 2500, lines: 3 } });
  await ag(agentSouth, a.id, 'login');
  await ag(agentSouth, a.id, 'create', old);
  await ag(agentB, b.id, 'login', recent, { ip: '192.168.9.9' });
  const sp = (u: { id: number; username: string }, action: string, entity: string, entityId: number | null) =>
    put({
      companyId: a.id,
      userId: u.id,
      role: 'supervisor',
      username: u.username,
      action,
      entity,
      entityId,
      at: recent,
    });
  await sp(sup, 'login', 'session', null);
  await sp(otherSup, 'block', 'agent', agentNorth.id);
  await sp(otherSup, 'block', 'agent', agentSouth.id);
  await sp(otherSup, 'login', 'session', null);
  await put({
    companyId: a.id,
    userId: adminA.id,
    role: 'company',
    username: adminA.username,
    action: 'update',
    entity: 'surcussale',
    entityId: north,
    at: recent,
    before: { id: north, name: 'Nord', address: null, agents_count: 1 },
    after: { name: 'Nord-Est', address: 'Rue 5', password: '[masqué]' },
  });
  await put({
    companyId: b.id,
    userId: adminB.id,
    role: 'company',
    username: adminB.username,
    action: 'login',
    entity: 'session',
    at: recent,
  });
}

export const get = (url: string, tok: string) => t.app.inject({ url, headers: auth(tok) });
