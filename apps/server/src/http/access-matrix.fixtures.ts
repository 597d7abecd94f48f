import { randomUUID } from 'node:crypto';
import { COMPANY_CODENAMES, type Codename } from '@borlette/shared';
import { sell } from '../../test/engine-fixtures';
import { createCompany, createUser, login, type TestContext } from '../../test/helpers';
import { buildCompany, type CompanyWorld, FOREIGN_MARKER, HOME_MARKER } from './access-matrix.company';

/**
 * The world of the access matrix: two companies built by the same function, A (ours) and B (the
 * foreign one, every name and username of it carrying FOREIGN_MARKER), each with every kind of record
 * that a route takes the id of; a third company C, the victim of the superuser's writes on companies;
 * and the actors whose tokens the matrix uses. Actors are never the targets of a write, so a write
 * of the matrix never ends the session of a later check.
 */

export type ActorKey =
  | 'anonymous'
  | 'agent'
  | 'supervisorWith'
  | 'supervisorWithout'
  | 'foreignAdmin'
  | 'admin'
  | 'superuser'
  | 'generalWithout'
  | 'generalWith';

export interface Actor {
  key: ActorKey;
  role: 'superuser' | 'company' | 'supervisor' | 'agent' | null;
  token: string | null;
  userId: number | null;
}

export interface MatrixWorld {
  a: CompanyWorld;
  b: CompanyWorld;
  /** A company of no actor: the target of the superuser's writes on companies. */
  victimCompany: number;
  /** Platform records (superuser-only routes): a country and a city no company uses, a general. */
  country: number;
  city: number;
  /** A city of company A's country (Haiti). */
  homeCity: number;
  general: number;
  /** A message of the public contact form (the platform's inbox, issue 16). */
  contact: number;
  drawSource: number;
  /** A's agent that signs in at the point of sale (not a target of any write). */
  posAgent: { id: number; username: string };
  posFiche: { id: number; number: number; refCode: string };
  actors: Record<ActorKey, Actor>;
}

export async function buildMatrixWorld(t: TestContext): Promise<MatrixWorld> {
  const { database, app } = t;
  const raw = database.raw;
  const a = await buildCompany(t, HOME_MARKER);
  const b = await buildCompany(t, FOREIGN_MARKER);
  const victim = await createCompany(database, { name: 'Compagnie victime' });
  // Its admin: the account staff holding only change_company may not reset, block or delete (issue 15).
  await createUser(database, { role: 'company', companyId: victim.id, fullAccess: true });
  const one = async (sql: string, params: unknown[]) => (await raw.query<{ id: number }>(sql, params))[0].id;
  const country = await one(
    "INSERT INTO countries (name_code, name, currency, timezone) VALUES ('ZX', 'Pays Matrice', 'HTG', 'America/Port-au-Prince') RETURNING id",
    [],
  );
  const city = await one('INSERT INTO cities (country_id, name) VALUES ($1, $2) RETURNING id', [
    country,
    'Ville Matrice',
  ]);
  const homeCity = await one(
    "SELECT ci.id FROM cities ci JOIN countries k ON k.id = ci.country_id WHERE k.name_code = 'HT' ORDER BY ci.id LIMIT 1",
    [],
  );
  // No codename: the staff given only change_generale may edit it (not one holding more than they do).
  const general = (await createUser(database, { role: 'superuser' })).id;
  const [contactRow] = await raw.query<{ id: number }>(
    "INSERT INTO contact_messages (name, email, message) VALUES ('Matrice', 'matrice@example.ht', 'Bonjour matrice') RETURNING id",
  );
  const [source] = await raw.query<{ id: number }>('SELECT id FROM draw_sources ORDER BY id LIMIT 1');
  const drawSource = source?.id ?? 1;

  const posAgent = await createUser(database, { role: 'agent', companyId: a.id, fullAccess: true });
  await raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [posAgent.id, a.surcussale]);
  const f = await sell(raw, {
    companyId: a.id,
    agentId: posAgent.id,
    tirages: [a.tirage],
    lines: [{ code: 20, number: '88', stake: 1000 }],
    key: randomUUID(),
  });
  const [fr] = await raw.query<{ ref_code: string }>('SELECT ref_code FROM fiches WHERE id = $1', [f.id]);
  const posFiche = { id: Number(f.id), number: Number(f.number), refCode: fr.ref_code };

  const actor = async (
    key: ActorKey,
    role: Actor['role'],
    opts: Parameters<typeof createUser>[1] | null,
  ): Promise<Actor> => {
    if (!opts || !role) return { key, role: null, token: null, userId: null };
    const u = await createUser(database, opts);
    return { key, role, token: (await login(app, u.username)).accessToken, userId: u.id };
  };
  const supervisorWith = await actor('supervisorWith', 'supervisor', {
    role: 'supervisor',
    companyId: a.id,
    permissions: [...COMPANY_CODENAMES] as Codename[],
  });
  const supervisorWithout = await actor('supervisorWithout', 'supervisor', { role: 'supervisor', companyId: a.id });
  for (const s of [supervisorWith, supervisorWithout]) {
    await raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, s.userId, a.surcussale],
    );
  }
  const posActor: Actor = {
    key: 'agent',
    role: 'agent',
    token: (await login(app, posAgent.username)).accessToken,
    userId: posAgent.id,
  };
  const superuser = await actor('superuser', 'superuser', { role: 'superuser', fullAccess: true });
  const generalWithout = await actor('generalWithout', 'superuser', { role: 'superuser' });
  // Platform staff given, route by route, the codenames the route asks (access-matrix.api.test.ts).
  const generalWith = await actor('generalWith', 'superuser', { role: 'superuser' });
  for (const s of [superuser, generalWithout, generalWith]) {
    await raw.query('UPDATE users SET select_company = $2 WHERE id = $1', [s.userId, a.refCode]);
  }
  const actors: Record<ActorKey, Actor> = {
    anonymous: { key: 'anonymous', role: null, token: null, userId: null },
    agent: posActor,
    supervisorWith,
    supervisorWithout,
    foreignAdmin: await actor('foreignAdmin', 'company', {
      role: 'company',
      companyId: b.id,
      fullAccess: true,
      username: `${FOREIGN_MARKER.toLowerCase()}_admin_${b.id}`,
    }),
    admin: await actor('admin', 'company', { role: 'company', companyId: a.id, fullAccess: true }),
    superuser,
    generalWithout,
    generalWith,
  };
  return {
    a,
    b,
    victimCompany: victim.id,
    country,
    city,
    homeCity,
    general,
    contact: contactRow.id,
    drawSource,
    posAgent,
    posFiche,
    actors,
  };
}

/** Sets the codenames of a supervisor (the session reads them at every request). */
export async function setPermissions(t: TestContext, userId: number, codenames: readonly string[]) {
  await t.database.raw.query('DELETE FROM user_permissions WHERE user_id = $1', [userId]);
  if (codenames.length) {
    await t.database.raw.query('INSERT INTO user_permissions (user_id, codename) SELECT $1, unnest($2::text[])', [
      userId,
      [...codenames],
    ]);
  }
}
