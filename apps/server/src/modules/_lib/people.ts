import type { Codename } from '@borlette/shared';
import { errorBody, okBody } from '@borlette/shared/contracts/common';
import { blockBody, idBody, passwordBody, unlockResult } from '@borlette/shared/contracts/list';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import type { Access } from '../../http/access';
import { audit } from '../../http/audit';
import { type AuthContext, authOf } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { clearFailures } from '../auth/throttle';
import { deleteIdOf, deleteTarget } from './delete-target';
import { isUniqueViolation } from './validate';

/**
 * What the people of a company (agents, supervisors, generated agents) share on the server:
 * sign-in name conflicts, session revocation, scope checks of a supervisor's writes, status changes.
 */

export const USERNAME_TAKEN = { username: 'Ce nom d’utilisateur est déjà pris.' };
/**
 * Sign-in names are platform-wide (the sign-in form asks no company), but a company must not learn
 * another tenant's names (issue 15, defect 14): a name held outside the caller's company gets this
 * refusal, which does not say by whom nor that it is a person's name.
 */
export const USERNAME_UNAVAILABLE = {
  username:
    'Ce nom d’utilisateur n’est pas disponible. Choisissez-en un autre (par exemple avec le code de votre compagnie).',
};

export function conflictOn(fields: Record<string, string>) {
  return new AppError(409, 'CONFLICT', Object.values(fields)[0], fields);
}

/** A name taken under a race (the unique index decided; whose it is, unknown): the neutral refusal. */
export function rethrowUsernameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'users_username_lower')) throw conflictOn(USERNAME_UNAVAILABLE);
  throw err;
}

/**
 * Checked before any costly work (hashing, image resize); the unique index still decides under races.
 * « Déjà pris » only for a name of the caller's own company (`companyId`); the neutral refusal otherwise.
 */
export async function assertUsernameFree(raw: RawClient, username: string, companyId: number, exceptId?: number) {
  const rows = await raw.query<{ company_id: number | null }>(
    `SELECT company_id FROM users
      WHERE lower(username) = lower($1) AND ($2::bigint IS NULL OR id <> $2::bigint) LIMIT 1`,
    [username, exceptId ?? null],
  );
  if (rows.length) throw conflictOn(rows[0].company_id === companyId ? USERNAME_TAKEN : USERNAME_UNAVAILABLE);
}

/** Ends every live session of a user (optionally but the caller's own). Returns how many. */
export async function revokeSessions(raw: RawClient, userId: number, exceptSessionId?: number): Promise<number> {
  const rows = await raw.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint) RETURNING id`,
    [userId, exceptSessionId ?? null],
  );
  return rows.length;
}

/** A person of a company that the block / password / archive writes act on (the role is also the audit entity). */
export interface PersonRef {
  role: 'agent' | 'supervisor';
  companyId: number;
  id: number;
}

/** Refuses a write that an archived person must first be restored for (409 ARCHIVED). */
export function assertNotArchived(status: string, message: string) {
  if (status === 'archived') throw new AppError(409, 'ARCHIVED', message);
}

/**
 * Block or unblock an existing person (the caller has checked it): status set, its sessions ended when
 * blocked, the change audited (`block` / `unblock`).
 */
export async function setUserStatus(
  database: Database,
  request: FastifyRequest,
  { role, companyId, id }: PersonRef,
  before: { status: string },
  blocked: boolean,
) {
  const status = blocked ? 'blocked' : 'active';
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET status = $3, updated_at = now() WHERE company_id = $1 AND id = $2 AND role = '${role}'`,
      [companyId, id, status],
    );
    const revoked = blocked ? await revokeSessions(tx, id) : 0;
    await audit(tx, request, {
      action: blocked ? 'block' : 'unblock',
      entity: role,
      entityId: id,
      companyId,
      before: { status: before.status },
      after: { status, sessions_revoked: revoked },
    });
  });
}

/**
 * New password for an existing person: its sessions end (but `keepSessionId`, the caller's own when it
 * changes its own), audited as `password`.
 */
export async function setUserPassword(
  database: Database,
  request: FastifyRequest,
  { role, companyId, id }: PersonRef,
  password: string,
  keepSessionId?: number,
) {
  const hash = await hashPassword(password);
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET password_hash = $3, password_changed_at = now(), updated_at = now()
        WHERE company_id = $1 AND id = $2 AND role = '${role}'`,
      [companyId, id, hash],
    );
    const revoked = await revokeSessions(tx, id, keepSessionId);
    await audit(tx, request, {
      action: 'password',
      entity: role,
      entityId: id,
      companyId,
      after: { sessions_revoked: revoked },
    });
  });
}

/**
 * Archives an existing person (hidden, sign-in refused, sessions ended; kept for the history), audited as
 * `archive`. `also` runs in the same transaction and adds to the audit's `after`.
 */
export async function archiveUser(
  database: Database,
  request: FastifyRequest,
  { role, companyId, id }: PersonRef,
  before: unknown,
  also?: (tx: RawClient) => Promise<Record<string, unknown>>,
) {
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET status = 'archived', updated_at = now() WHERE company_id = $1 AND id = $2 AND role = '${role}'`,
      [companyId, id],
    );
    const revoked = await revokeSessions(tx, id);
    const more = also ? await also(tx) : {};
    await audit(tx, request, {
      action: 'archive',
      entity: role,
      entityId: id,
      companyId,
      before,
      after: { status: 'archived', sessions_revoked: revoked, ...more },
    });
  });
}

/**
 * Lifts the sign-in throttling of an existing account (the caller has checked it may): its failures from
 * every address are cleared, audited as `unlock_login` (entity: the person's kind). Answers how many.
 */
export async function unlockSignIn(
  database: Database,
  request: FastifyRequest,
  target: { entity: string; companyId: number | null; id: number },
) {
  return database.transaction(async (tx) => {
    const [user] = await tx.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [target.id]);
    const cleared = user ? await clearFailures(tx, user.username) : 0;
    await audit(tx, request, {
      action: 'unlock_login',
      entity: target.entity,
      entityId: target.id,
      companyId: target.companyId,
      after: { failures_cleared: cleared },
    });
    return { ok: true as const, cleared };
  });
}

interface PersonWrite<A extends unknown[], R> {
  config: { access: Access };
  summary: string;
  run: (request: FastifyRequest, id: number, ...args: A) => Promise<R>;
}

/**
 * The writes every kind of person has, under `path`: DELETE (archive; the id in the body or the
 * query), POST `/block` (answers the person, `item`), POST `/password` (answers `{ ok: true }`) and
 * POST `/unlock` (lifts its sign-in throttling; answers `{ ok: true, cleared }`).
 */
export function personWriteRoutes<T extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: {
    path: string;
    tags: string[];
    item: T;
    archive: PersonWrite<[], unknown>;
    block: PersonWrite<[blocked: boolean], z.input<T>>;
    password: PersonWrite<[password: string], unknown>;
    unlock: PersonWrite<[], z.input<typeof unlockResult>>;
  },
) {
  const { tags } = o;
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  app.delete(
    o.path,
    {
      config: o.archive.config,
      schema: {
        tags,
        summary: o.archive.summary,
        ...deleteTarget,
        response: { 200: okBody, ...errors },
      },
    },
    async (request) => {
      const id = deleteIdOf(request);
      await o.archive.run(request, id);
      return { ok: true as const };
    },
  );

  app.post(
    `${o.path}/block`,
    {
      config: o.block.config,
      // Widened for the handler's type (a generic schema); `run` is already checked against `item`.
      schema: { tags, summary: o.block.summary, body: blockBody, response: { 200: o.item as z.ZodType, ...errors } },
    },
    async (request) => o.block.run(request, request.body.id, request.body.blocked),
  );

  app.post(
    `${o.path}/password`,
    {
      config: o.password.config,
      schema: { tags, summary: o.password.summary, body: passwordBody, response: { 200: okBody, ...errors } },
    },
    async (request) => {
      await o.password.run(request, request.body.id, request.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    `${o.path}/unlock`,
    {
      config: o.unlock.config,
      schema: { tags, summary: o.unlock.summary, body: idBody, response: { 200: unlockResult, ...errors } },
    },
    async (request) => o.unlock.run(request, request.body.id),
  );
}

/** The acting user when it is a supervisor (its writes are limited to what it watches), else null. */
export function supervisorActor(request: FastifyRequest): AuthContext | null {
  const auth = authOf(request);
  return auth.role === 'supervisor' ? auth : null;
}

export async function watchedSurcussales(raw: RawClient, companyId: number, supervisorId: number): Promise<number[]> {
  const rows = await raw.query<{ id: number }>(
    'SELECT surcussale_id AS id FROM supervisor_surcussales WHERE company_id = $1 AND supervisor_id = $2',
    [companyId, supervisorId],
  );
  return rows.map((r) => r.id);
}

/** The sub-branch must be the company's (a sub-branch of another company is "unknown", never revealed). */
export async function assertSurcussalesOfCompany(
  raw: RawClient,
  companyId: number,
  ids: number[],
  field: string,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await raw.query<{ id: number; name: string }>(
    'SELECT id, name FROM surcussales WHERE company_id = $1 AND id = ANY($2::bigint[])',
    [companyId, unique],
  );
  if (rows.length !== unique.length) {
    throw badRequest('Succursale inconnue pour cette compagnie.', {
      [field]: 'Succursale inconnue pour cette compagnie.',
    });
  }
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A supervisor of the company, not archived. Returns its display name. */
export async function assertSupervisorOfCompany(
  raw: RawClient,
  companyId: number,
  id: number | null,
  field = 'supervisor_id',
): Promise<string | null> {
  if (id === null) return null;
  const [row] = await raw.query<{ name: string }>(
    `SELECT trim(first_name || ' ' || last_name) AS name FROM users
      WHERE company_id = $1 AND id = $2 AND role = 'supervisor' AND status <> 'archived'`,
    [companyId, id],
  );
  if (!row) {
    throw badRequest('Superviseur inconnu pour cette compagnie.', {
      [field]: 'Superviseur inconnu pour cette compagnie.',
    });
  }
  return row.name;
}

/**
 * A supervisor writing an agent: the agent must stay within what it watches — one of its
 * sub-branches, or assigned to itself.
 */
export async function assertAgentWithinSupervisor(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number,
  agent: { surcussale_id: number; supervisor_id: number | null },
  field = 'surcussale_id',
) {
  const me = supervisorActor(request);
  if (!me) return;
  if (agent.supervisor_id === me.userId) return;
  const watched = await watchedSurcussales(raw, companyId, me.userId);
  if (!watched.includes(agent.surcussale_id)) {
    throw badRequest('Cette succursale n’est pas dans votre périmètre.', {
      [field]: 'Cette succursale n’est pas dans votre périmètre.',
    });
  }
}

/**
 * Status change through a form. Moving between active and blocked needs the block codename;
 * an archived person is restored by setting it active (the change codename suffices).
 */
export function assertStatusChange(
  request: FastifyRequest,
  from: string,
  to: string | undefined,
  blockCodename: Codename,
  selfId?: number,
) {
  if (to === undefined || to === from) return;
  const auth = authOf(request);
  if (selfId === auth.userId && to === 'blocked') {
    throw new AppError(409, 'SELF', 'Vous ne pouvez pas bloquer votre propre compte.');
  }
  const restoring = from === 'archived' && to === 'active';
  if (!restoring && !auth.permissions.has(blockCodename)) {
    throw new AppError(403, 'PERMISSION_DENIED', `Permission requise : ${blockCodename}.`);
  }
}

/** `to_char` of a timestamp as ISO-8601 UTC, the form every answer uses. */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
