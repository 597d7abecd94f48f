import type { Codename } from '@borlette/shared';
import type { Generale, generaleInput, generaleUpdate } from '@borlette/shared/contracts/generales';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, oneRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { type AuthContext, authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, conflictOn, forbidden } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { revokeSessions, unlockSignIn } from '../_lib/people.service';
import { isUniqueViolation } from '../_lib/validate';
import { getGenerale } from './generales-query';

export type GeneraleValues = z.output<typeof generaleInput>;
export type GeneraleUpdateValues = Omit<z.output<typeof generaleUpdate>, 'id'>;

const USERNAME_TAKEN = { username: 'Ce nom d’utilisateur est déjà pris.' };

async function checkUsername(raw: RawClient, username: string, exceptId: number | null) {
  const found = await rows(
    raw,
    z.object({}),
    sql`SELECT 1 FROM users WHERE lower(username) = lower(${username}) AND id <> coalesce(${exceptId}::bigint, 0)`,
  );
  if (found.length) throw conflictOn(USERNAME_TAKEN);
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
  await execute(raw, sql`DELETE FROM user_permissions WHERE user_id = ${userId}`);
  if (permissions.length) {
    await execute(
      raw,
      sql`INSERT INTO user_permissions (user_id, codename) SELECT ${userId}, unnest(${permissions}::text[])`,
    );
  }
}

export async function createGenerale(database: Database, ctx: RequestContext, input: GeneraleValues) {
  const auth = authOf(ctx);
  checkGrant(auth, input.permissions);
  await checkUsername(database.raw, input.username, null);
  const hash = await hashPassword(input.password);
  try {
    const id = await database.transaction(async (raw) => {
      const row = await oneRow(
        raw,
        z.object({ id: z.number() }),
        sql`INSERT INTO users (role, username, first_name, last_name, phone, email, password_hash, full_access)
            VALUES ('superuser', ${input.username}, ${input.first_name}, ${input.last_name}, ${input.phone},
                    ${input.email}, ${hash}, false) RETURNING id`,
      );
      await setPermissions(raw, row.id, input.permissions);
      await audit(raw, ctx, {
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

export async function updateGenerale(database: Database, ctx: RequestContext, id: number, input: GeneraleUpdateValues) {
  const auth = authOf(ctx);
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  checkGrant(auth, input.permissions);
  await checkUsername(database.raw, input.username, id);
  try {
    await database.transaction(async (raw) => {
      await execute(
        raw,
        sql`UPDATE users SET username = ${input.username}, first_name = ${input.first_name}, last_name = ${input.last_name},
                   phone = ${input.phone}, email = ${input.email}, updated_at = now()
             WHERE id = ${id}`,
      );
      await setPermissions(raw, id, input.permissions);
      await audit(raw, ctx, {
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
export async function blockGenerale(database: Database, ctx: RequestContext, id: number, blocked: boolean) {
  const auth = authOf(ctx);
  checkNotSelf(auth, id, 'bloquer');
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  const status = blocked ? 'blocked' : 'active';
  await database.transaction(async (raw) => {
    await execute(raw, sql`UPDATE users SET status = ${status}, updated_at = now() WHERE id = ${id}`);
    if (blocked) await revokeSessions(raw, id);
    await audit(raw, ctx, {
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
export async function archiveGenerale(database: Database, ctx: RequestContext, id: number) {
  const auth = authOf(ctx);
  checkNotSelf(auth, id, 'archiver');
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  await database.transaction(async (raw) => {
    await execute(raw, sql`UPDATE users SET status = 'archived', updated_at = now() WHERE id = ${id}`);
    await revokeSessions(raw, id);
    await audit(raw, ctx, {
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
export async function setGeneralePassword(database: Database, ctx: RequestContext, id: number, password: string) {
  const auth = authOf(ctx);
  const before = await getGenerale(database.raw, id);
  checkNotArchived(before);
  checkTarget(auth, before);
  const hash = await hashPassword(password);
  await database.transaction(async (raw) => {
    await execute(
      raw,
      sql`UPDATE users SET password_hash = ${hash}, password_changed_at = now(), updated_at = now() WHERE id = ${id}`,
    );
    await revokeSessions(raw, id, auth.sessionId);
    await audit(raw, ctx, { action: 'change_password', entity: 'generale', entityId: id, companyId: null });
  });
}

/** Lifts a general's sign-in throttling; like a password change, only for an account holding no more than the caller. */
export async function unlockGenerale(database: Database, ctx: RequestContext, id: number) {
  checkTarget(authOf(ctx), await getGenerale(database.raw, id));
  return unlockSignIn(database, ctx, { entity: 'generale', companyId: null, id });
}
