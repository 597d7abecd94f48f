import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { AppError, conflictOn } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { clearFailures } from '../auth/throttle';
import { isUniqueViolation } from './validate';

/**
 * The writes the people of a company (agents, supervisors) and platform staff (generales) share:
 * sign-in name conflicts, session revocation, status, password, archive and sign-in unlock.
 * Each module's routes register the matching endpoints (contracts/people.ts `personWriteEndpoints`).
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
  const holder = await firstRow(
    raw,
    z.object({ company_id: z.number().nullable() }),
    sql`SELECT company_id FROM users
         WHERE lower(username) = lower(${username}) AND (${exceptId ?? null}::bigint IS NULL OR id <> ${exceptId ?? null}::bigint) LIMIT 1`,
  );
  if (holder) throw conflictOn(holder.company_id === companyId ? USERNAME_TAKEN : USERNAME_UNAVAILABLE);
}

/** Ends every live session of a user (optionally but the caller's own). Returns how many. */
export async function revokeSessions(raw: RawClient, userId: number, exceptSessionId?: number): Promise<number> {
  const except = exceptSessionId ?? null;
  const revoked = await rows(
    raw,
    z.object({ id: z.number() }),
    sql`UPDATE sessions SET revoked_at = now()
         WHERE user_id = ${userId} AND revoked_at IS NULL AND (${except}::bigint IS NULL OR id <> ${except}::bigint) RETURNING id`,
  );
  return revoked.length;
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

/** The person's row: of the company, of its role. */
const personWhere = ({ role, companyId, id }: PersonRef) =>
  sql`company_id = ${companyId} AND id = ${id} AND role = ${role}`;

/**
 * Block or unblock an existing person (the caller has checked it): status set, its sessions ended when
 * blocked, the change audited (`block` / `unblock`).
 */
export async function setUserStatus(
  database: Database,
  ctx: RequestContext,
  person: PersonRef,
  before: { status: string },
  blocked: boolean,
) {
  const status = blocked ? 'blocked' : 'active';
  await database.transaction(async (tx) => {
    await execute(tx, sql`UPDATE users SET status = ${status}, updated_at = now() WHERE ${personWhere(person)}`);
    const revoked = blocked ? await revokeSessions(tx, person.id) : 0;
    await audit(tx, ctx, {
      action: blocked ? 'block' : 'unblock',
      entity: person.role,
      entityId: person.id,
      companyId: person.companyId,
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
  ctx: RequestContext,
  person: PersonRef,
  password: string,
  keepSessionId?: number,
) {
  const hash = await hashPassword(password);
  await database.transaction(async (tx) => {
    await execute(
      tx,
      sql`UPDATE users SET password_hash = ${hash}, password_changed_at = now(), updated_at = now()
           WHERE ${personWhere(person)}`,
    );
    const revoked = await revokeSessions(tx, person.id, keepSessionId);
    await audit(tx, ctx, {
      action: 'password',
      entity: person.role,
      entityId: person.id,
      companyId: person.companyId,
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
  ctx: RequestContext,
  person: PersonRef,
  before: unknown,
  also?: (tx: RawClient) => Promise<Record<string, unknown>>,
) {
  await database.transaction(async (tx) => {
    await execute(tx, sql`UPDATE users SET status = 'archived', updated_at = now() WHERE ${personWhere(person)}`);
    const revoked = await revokeSessions(tx, person.id);
    const more = also ? await also(tx) : {};
    await audit(tx, ctx, {
      action: 'archive',
      entity: person.role,
      entityId: person.id,
      companyId: person.companyId,
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
  ctx: RequestContext,
  target: { entity: string; companyId: number | null; id: number },
) {
  return database.transaction(async (tx) => {
    const user = await firstRow(
      tx,
      z.object({ username: z.string() }),
      sql`SELECT username FROM users WHERE id = ${target.id}`,
    );
    const cleared = user ? await clearFailures(tx, user.username) : 0;
    await audit(tx, ctx, {
      action: 'unlock_login',
      entity: target.entity,
      entityId: target.id,
      companyId: target.companyId,
      after: { failures_cleared: cleared },
    });
    return { ok: true as const, cleared };
  });
}
