import type { supervisorInput, supervisorUpdate } from '@borlette/shared/contracts/supervisors';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, oneRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf, effectivePermissions, type HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { assertHoldsAll } from '../_lib/holds';
import { storeImage } from '../_lib/images';
import {
  archiveUser,
  assertNotArchived,
  assertUsernameFree,
  rethrowUsernameTaken,
  revokeSessions,
  setUserPassword,
  setUserStatus,
  unlockSignIn,
} from '../_lib/people.service';
import {
  assertStatusChange,
  assertSurcussalesOfCompany,
  supervisorActor,
  watchedSurcussales,
} from '../_lib/people-query';
import { getSupervisor, stripSupervisor } from './supervisors-query';

export type SupervisorValues = z.output<typeof supervisorInput>;
export type SupervisorUpdateValues = Omit<z.output<typeof supervisorUpdate>, 'id'>;

const idRow = z.object({ id: z.number() });
const commissionRow = z.object({ commission_bp: z.number().nullable() });

/**
 * What may be granted: the company's codenames (the contract already refuses others). Whoever grants
 * (a supervisor, or platform staff acting on the company) may only pass on codenames it holds — and a
 * supervisor only sub-branches it watches — so that it can never raise anyone above itself.
 */
async function checkGrants(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number,
  input: { permissions: string[]; surcussales: number[] },
) {
  await assertSurcussalesOfCompany(raw, companyId, input.surcussales, 'surcussales');
  const mine = authOf(ctx).permissions;
  const beyond = input.permissions.filter((c) => !mine.has(c as never));
  if (beyond.length) {
    throw badRequest('Vous ne pouvez accorder que les permissions que vous détenez.', {
      permissions: `Vous ne pouvez accorder que les permissions que vous détenez (${beyond.slice(0, 5).join(', ')}).`,
    });
  }
  const me = supervisorActor(ctx);
  if (!me) return;
  const watched = new Set(await watchedSurcussales(raw, companyId, me.userId));
  if (input.surcussales.some((id) => !watched.has(id))) {
    throw badRequest('Cette succursale n’est pas dans votre périmètre.', {
      surcussales: 'Cette succursale n’est pas dans votre périmètre.',
    });
  }
}

async function setGrants(
  tx: RawClient,
  companyId: number,
  id: number,
  input: { permissions: string[]; surcussales: number[] },
) {
  await execute(tx, sql`DELETE FROM user_permissions WHERE user_id = ${id}`);
  if (input.permissions.length) {
    await execute(
      tx,
      sql`INSERT INTO user_permissions (user_id, codename) SELECT ${id}, unnest(${input.permissions}::text[])`,
    );
  }
  await execute(tx, sql`DELETE FROM supervisor_surcussales WHERE company_id = ${companyId} AND supervisor_id = ${id}`);
  if (input.surcussales.length) {
    await execute(
      tx,
      sql`INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id)
          SELECT ${companyId}, ${id}, unnest(${[...new Set(input.surcussales)]}::bigint[]) ON CONFLICT DO NOTHING`,
    );
  }
}

/** A supervisor's commission is the company's decision: a supervisor may not set one (its own or a peer's). */
function assertMaySetCommission(ctx: RequestContext, before: number | null, next: number | null | undefined) {
  if (next === undefined || next === before || authOf(ctx).role !== 'supervisor') return;
  throw new AppError(403, 'FORBIDDEN', 'Seule la compagnie fixe la commission d’un superviseur.', {
    commission_bp: 'Seule la compagnie fixe la commission d’un superviseur.',
  });
}

const publicFields = (input: SupervisorValues | SupervisorUpdateValues) => {
  const { password, ...rest } = input as SupervisorValues;
  return rest;
};

export async function createSupervisor(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  input: SupervisorValues,
  photo?: Buffer,
) {
  await checkGrants(database.raw, ctx, companyId, input);
  assertMaySetCommission(ctx, null, input.commission_bp);
  await assertUsernameFree(database.raw, input.username, companyId);
  const hash = await hashPassword(input.password);
  let id: number;
  try {
    id = await database.transaction(async (tx) => {
      const url = photo ? await storeImage(tx, { companyId, data: photo, field: 'photo' }) : null;
      const row = await oneRow(
        tx,
        idRow,
        sql`INSERT INTO users (company_id, role, username, first_name, last_name, phone, email, photo, status, password_hash,
                               commission_bp)
            VALUES (${companyId}, 'supervisor', ${input.username}, ${input.first_name}, ${input.last_name}, ${input.phone},
                    ${input.email}, ${url}, ${input.status}, ${hash}, ${input.commission_bp ?? null}) RETURNING id`,
      );
      await setGrants(tx, companyId, row.id, input);
      await audit(tx, ctx, {
        action: 'create',
        entity: 'supervisor',
        entityId: row.id,
        companyId,
        after: { ...publicFields(input), photo: url },
      });
      return row.id;
    });
  } catch (err) {
    rethrowUsernameTaken(err);
  }
  // The creator sees what it created, even a supervisor (which otherwise sees only itself).
  return stripSupervisor(await getSupervisor(database.raw, ctx, companyId, id, false));
}

export async function updateSupervisor(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  input: SupervisorUpdateValues,
  photo?: Buffer,
) {
  const before = await getSupervisor(database.raw, ctx, companyId, id);
  assertMayManage(ctx, before);
  assertStatusChange(ctx, before.status, input.status, 'block_sup', id);
  await checkGrants(database.raw, ctx, companyId, input);
  assertMaySetCommission(ctx, before.commission_bp, input.commission_bp);
  await assertUsernameFree(database.raw, input.username, companyId, id);
  const status = input.status ?? before.status;
  try {
    await database.transaction(async (tx) => {
      // The rate read again under the row's lock: a change the company committed since `before` is kept
      // (absent field) or makes a supervisor's stale value a change it may not make, never overwritten.
      const { commission_bp: current } = await oneRow(
        tx,
        commissionRow,
        sql`SELECT commission_bp FROM users WHERE company_id = ${companyId} AND id = ${id} AND role = 'supervisor'
             FOR UPDATE`,
      );
      assertMaySetCommission(ctx, current, input.commission_bp);
      const commission = input.commission_bp === undefined ? current : input.commission_bp;
      let url = before.photo;
      if (photo) url = await storeImage(tx, { companyId, data: photo, field: 'photo' });
      else if (input.remove_photo) url = null;
      await execute(
        tx,
        sql`UPDATE users SET username = ${input.username}, first_name = ${input.first_name}, last_name = ${input.last_name},
                   phone = ${input.phone}, email = ${input.email}, photo = ${url}, status = ${status},
                   commission_bp = ${commission}, updated_at = now()
             WHERE company_id = ${companyId} AND id = ${id} AND role = 'supervisor'`,
      );
      await setGrants(tx, companyId, id, input);
      if (status !== 'active' && before.status === 'active') await revokeSessions(tx, id);
      await audit(tx, ctx, {
        action: 'update',
        entity: 'supervisor',
        entityId: id,
        companyId,
        before: stripSupervisor(before),
        after: { ...input, status, photo: url },
      });
    });
  } catch (err) {
    rethrowUsernameTaken(err);
  }
  return stripSupervisor(await getSupervisor(database.raw, ctx, companyId, id));
}

/** Nobody manages a supervisor holding more than they do (modules/_lib/holds.ts): staff with a lone codename. */
function assertMayManage(ctx: HasAuth, target: { permissions: string[] }) {
  assertHoldsAll(ctx, effectivePermissions('supervisor', false, target.permissions), 'Ce superviseur');
}

function refuseSelf(ctx: HasAuth, id: number, what: string) {
  if (authOf(ctx).userId === id) throw new AppError(409, 'SELF', `Vous ne pouvez pas ${what} votre propre compte.`);
}

export async function blockSupervisor(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  const before = await getSupervisor(database.raw, ctx, companyId, id);
  refuseSelf(ctx, id, blocked ? 'bloquer' : 'débloquer');
  assertMayManage(ctx, before);
  assertNotArchived(before.status, 'Ce superviseur est archivé : restaurez-le d’abord (modifier, statut actif).');
  await setUserStatus(database, ctx, { role: 'supervisor', companyId, id }, before, blocked);
  return stripSupervisor(await getSupervisor(database.raw, ctx, companyId, id));
}

/** New password; the supervisor's sessions end (except the caller's own, when it changes its own). */
export async function changeSupervisorPassword(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  password: string,
) {
  assertMayManage(ctx, await getSupervisor(database.raw, ctx, companyId, id));
  const auth = authOf(ctx);
  const keep = auth.userId === id ? auth.sessionId : undefined;
  await setUserPassword(database, ctx, { role: 'supervisor', companyId, id }, password, keep);
}

/** Lifts the supervisor's sign-in throttling: asks what a new password asks (clearing failures lets guessing go on). */
export async function unlockSupervisorSignIn(database: Database, ctx: RequestContext, companyId: number, id: number) {
  assertMayManage(ctx, await getSupervisor(database.raw, ctx, companyId, id));
  return unlockSignIn(database, ctx, { entity: 'supervisor', companyId, id });
}

/**
 * Archived: hidden from lists, sign-in refused, sessions ended, no longer watching any sub-branch,
 * and agents assigned to it are left without a supervisor. Kept for the history.
 */
export async function archiveSupervisor(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getSupervisor(database.raw, ctx, companyId, id);
  refuseSelf(ctx, id, 'archiver');
  assertMayManage(ctx, before);
  if (before.status === 'archived') return;
  await archiveUser(database, ctx, { role: 'supervisor', companyId, id }, stripSupervisor(before), async (tx) => {
    await execute(
      tx,
      sql`DELETE FROM supervisor_surcussales WHERE company_id = ${companyId} AND supervisor_id = ${id}`,
    );
    const released = await rows(
      tx,
      idRow,
      sql`UPDATE users SET supervisor_id = NULL, updated_at = now()
           WHERE company_id = ${companyId} AND supervisor_id = ${id} AND role = 'agent' RETURNING id`,
    );
    return { agents_released: released.map((r) => r.id) };
  });
}
