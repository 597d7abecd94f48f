import type { Codename } from '@borlette/shared';
import type { Generale, generaleInput, generaleUpdate } from '@borlette/shared/contracts/generales';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { type AuthContext, authOf } from '../../http/auth';
import { AppError, conflict, forbidden } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { revokeSessions, unlockSignIn } from '../_lib/people';
import { orNotFound } from '../_lib/scope';
import { isUniqueViolation } from '../_lib/validate';

export type GeneraleValues = z.output<typeof generaleInput>;
export type GeneraleUpdateValues = Omit<z.output<typeof generaleUpdate>, 'id'>;

const ISO = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const GENERALE_COLUMNS = `
  u.id, u.username, u.first_name, u.last_name, u.phone, u.email, u.status,
  coalesce((SELECT array_agg(p.codename ORDER BY p.codename) FROM user_permissions p WHERE p.user_id = u.id), '{}') AS permissions,
  (SELECT ${ISO('max(s.created_at)')} FROM sessions s WHERE s.user_id = u.id) AS last_login_at,
  ${ISO('u.created_at')} AS created_at`;
export const GENERALE_FROM = 'FROM users u';
/** Platform staff: superusers without full access (the root accounts are not managed here). */
export const GENERALE_WHERE = "u.role = 'superuser' AND u.full_access = false";

export async function getGenerale(raw: RawClient, id: number): Promise<Generale> {
  const [row] = await raw.query<Generale>(
    `SELECT ${GENERALE_COLUMNS} ${GENERALE_FROM} WHERE ${GENERALE_WHERE} AND u.id = $1`,
    [id],
  );
  return orNotFound(row, 'Compte introuvable.');
}

const conflictOn = (fields: Record<string, string>) => new AppError(409, 'CONFLICT', Object.values(fields)[0], fields);
const USERNAME_TAKEN = { username: 'Ce nom d’utilisateur est déjà pris.' };

async function checkUsername(raw: RawClient, username: string, exceptId: number | null) {
  const rows = await raw.query(
    'SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> coalesce($2::bigint, 0)',
    [username, exceptId],
  );
  if (rows.length) throw conflictOn(USERNAME_TAKEN);
}

/** A general grants only what it holds itself. */
function checkGrant(auth: AuthContext, permissions: readonly string[]) {
  const missing = permissions.filter((c) => !auth.permissions.has(c as Codename));
  if (missing.length) {
    const message = `Vous ne pouvez pas accorder une permission que vous n’avez pas : ${missing.join(', ')}.`;
    throw new AppError(403, 'PERMISSION_DENIED', message, { permissions: message });
  }
}

/** Nobody acts on an account that holds more than itself (a password change would hand it over). */
function checkTarget(auth: AuthContext, target: Generale) {
  if (target.permissions.some((c) => !auth.permissions.has(c as Codename))) {
    throw forbidden('Ce compte a des permissions que vous n’avez pas : vous ne pouvez pas le modifier.');
  }
}

function checkNotSelf(auth: AuthContext, id: number, what: string) {
  if (auth.userId === id) throw forbidden(`Vous ne pouvez pas ${what} votre propre compte.`);
}

function checkNotArchived(target: Generale) {
  if (target.status === 'archived') throw conflict('Ce compte est archivé : il ne peut plus être modifié.');
}

async function setPermissions(raw: RawClient, userId: number, permissions: readonly string[]) {
  await raw.query('DELETE FROM user_permissions WHERE user_id = $1', [userId]);
  if (permissions.length) {
    await raw.query('INSERT INTO user_permissions (user_id, codename) SELECT $1, unnest($2::text[])', [
      userId,
      permissions,
    ]);
  }
}

export async function createGenerale(database: Database, request: FastifyRequest, input: GeneraleValues) {
  const auth = authOf(request);
  checkGrant(auth, input.permissions);
  await checkUsername(database.raw, input.username, null);
  const hash = await hashPassword(input.password);
  try {
    const id = await database.transaction(async (raw) => {
      const [row] = await raw.query<{ id: number }>(
        `INSERT INTO users (role, username, first_name, last_name, phone, email, password_hash, full_access)
         VALUES ('superuser', $1, $2, $3, $4, $5, $6, false) RETURNING id`,
        [input.username, input.first_name, input.last_name, input.phone, input.email, hash],
      );
      await setPermissions(raw, row.id, input.permissions);
      await audit(raw, request, {
        action: 'create',
        entity: 'generale',
        entityId: row.id,
        companyId: null,
        after: input,
      });
      return row.id;
    });
    return getGenerale(database.raw, id);
  } catch (err) {
    if (isUniqueViolation(err, 'users_username')) throw conflictOn(USERNAME_TAKEN);
    throw err;
  }
}

export async function updateGenerale(
  database: Database,
  request: FastifyRequest,
  id: number,
  input: GeneraleUpdateValues,
) {
  const auth = authOf(request);
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  checkGrant(auth, input.permissions);
  await checkUsername(database.raw, input.username, id);
  try {
    await database.transaction(async (raw) => {
      await raw.query(
        `UPDATE users SET username = $2, first_name = $3, last_name = $4, phone = $5, email = $6, updated_at = now()
          WHERE id = $1`,
        [id, input.username, input.first_name, input.last_name, input.phone, input.email],
      );
      await setPermissions(raw, id, input.permissions);
      await audit(raw, request, {
        action: 'update',
        entity: 'generale',
        entityId: id,
        companyId: null,
        before,
        after: input,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_username')) throw conflictOn(USERNAME_TAKEN);
    throw err;
  }
  return getGenerale(database.raw, id);
}

/** Blocked: sign-in refused and its sessions closed; unblocked, it signs in again. */
export async function blockGenerale(database: Database, request: FastifyRequest, id: number, blocked: boolean) {
  const auth = authOf(request);
  checkNotSelf(auth, id, 'bloquer');
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  const status = blocked ? 'blocked' : 'active';
  await database.transaction(async (raw) => {
    await raw.query('UPDATE users SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
    if (blocked) await revokeSessions(raw, id);
    await audit(raw, request, {
      action: blocked ? 'block' : 'unblock',
      entity: 'generale',
      entityId: id,
      companyId: null,
      before: { status: before.status },
      after: { status },
    });
  });
  return getGenerale(database.raw, id);
}

/** People are archived, never deleted: the audit trail keeps its author. */
export async function archiveGenerale(database: Database, request: FastifyRequest, id: number) {
  const auth = authOf(request);
  checkNotSelf(auth, id, 'archiver');
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  await database.transaction(async (raw) => {
    await raw.query("UPDATE users SET status = 'archived', updated_at = now() WHERE id = $1", [id]);
    await revokeSessions(raw, id);
    await audit(raw, request, {
      action: 'archive',
      entity: 'generale',
      entityId: id,
      companyId: null,
      before: { status: before.status },
      after: { status: 'archived' },
    });
  });
}

/** A new password closes the account's other sessions (its own current one stays open). */
export async function setGeneralePassword(database: Database, request: FastifyRequest, id: number, password: string) {
  const auth = authOf(request);
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  const hash = await hashPassword(password);
  await database.transaction(async (raw) => {
    await raw.query(
      'UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE id = $1',
      [id, hash],
    );
    await revokeSessions(raw, id, auth.sessionId);
    await audit(raw, request, { action: 'change_password', entity: 'generale', entityId: id, companyId: null });
  });
}

/** Lifts a general's sign-in throttling; like a password change, only for an account holding no more than the caller. */
export async function unlockGenerale(database: Database, request: FastifyRequest, id: number) {
  checkTarget(authOf(request), await getGenerale(database.raw, id));
  return unlockSignIn(database, request, { entity: 'generale', companyId: null, id });
}
