import { COMPANY_CODENAMES } from '@borlette/shared';
import type { Supervisor, supervisorInput, supervisorUpdate } from '@borlette/shared/contracts/supervisors';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf, effectivePermissions } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { assertHoldsAll } from '../_lib/holds';
import { storeImage } from '../_lib/images';
import {
  archiveUser,
  assertNotArchived,
  assertStatusChange,
  assertSurcussalesOfCompany,
  assertUsernameFree,
  isoUtc,
  rethrowUsernameTaken,
  revokeSessions,
  setUserPassword,
  setUserStatus,
  supervisorActor,
  unlockSignIn,
  watchedSurcussales,
} from '../_lib/people';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';

export const SUPERVISOR_COLUMNS = `
  u.id, u.company_id, u.username, u.first_name, u.last_name, u.phone, u.email, u.photo, u.status,
  coalesce((SELECT array_agg(p.codename ORDER BY p.codename) FROM user_permissions p WHERE p.user_id = u.id),
           '{}'::text[]) AS permissions,
  coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id)
              FROM supervisor_surcussales ss JOIN surcussales s ON s.id = ss.surcussale_id
             WHERE ss.company_id = u.company_id AND ss.supervisor_id = u.id), '[]'::json) AS surcussales,
  (SELECT count(*)::int FROM users a
    WHERE a.company_id = u.company_id AND a.role = 'agent' AND a.status <> 'archived'
      AND (a.supervisor_id = u.id
           OR a.surcussale_id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss
                                   WHERE ss.company_id = u.company_id AND ss.supervisor_id = u.id))) AS agents_count,
  ${isoUtc('u.created_at')} AS created_at`;
export const SUPERVISOR_FROM = 'FROM users u';

export type SupervisorRow = Supervisor & { company_id: number };
export type SupervisorValues = z.output<typeof supervisorInput>;
export type SupervisorUpdateValues = Omit<z.output<typeof supervisorUpdate>, 'id'>;

export const stripSupervisor = ({ company_id, ...r }: SupervisorRow): Supervisor => r;

/** A supervisor, seen by a supervisor: only itself. */
export function supervisorVisibility(request: FastifyRequest, params: SqlParams, alias: string): string[] {
  const auth = authOf(request);
  return auth.role === 'supervisor' ? [`${alias}.id = ${params.p(auth.userId)}`] : [];
}

export async function getSupervisor(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number | null,
  id: number,
  scoped = true,
): Promise<SupervisorRow> {
  const params = new SqlParams();
  const conds = [`u.id = ${params.p(id)}`, `u.role = 'supervisor'`];
  if (scoped) conds.push(...supervisorVisibility(request, params, 'u'));
  if (companyId !== null) conds.push(`u.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<SupervisorRow>(
    `SELECT ${SUPERVISOR_COLUMNS} ${SUPERVISOR_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return orNotFound(row, 'Superviseur introuvable.');
}

/**
 * What may be granted: the company's codenames (the contract already refuses others). Whoever grants
 * (a supervisor, or platform staff acting on the company) may only pass on codenames it holds — and a
 * supervisor only sub-branches it watches — so that it can never raise anyone above itself.
 */
async function checkGrants(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number,
  input: { permissions: string[]; surcussales: number[] },
) {
  await assertSurcussalesOfCompany(raw, companyId, input.surcussales, 'surcussales');
  const mine = authOf(request).permissions;
  const beyond = input.permissions.filter((c) => !mine.has(c as never));
  if (beyond.length) {
    throw badRequest('Vous ne pouvez accorder que les permissions que vous détenez.', {
      permissions: `Vous ne pouvez accorder que les permissions que vous détenez (${beyond.slice(0, 5).join(', ')}).`,
    });
  }
  const me = supervisorActor(request);
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
  await tx.query('DELETE FROM user_permissions WHERE user_id = $1', [id]);
  if (input.permissions.length) {
    await tx.query('INSERT INTO user_permissions (user_id, codename) SELECT $1, unnest($2::text[])', [
      id,
      input.permissions,
    ]);
  }
  await tx.query('DELETE FROM supervisor_surcussales WHERE company_id = $1 AND supervisor_id = $2', [companyId, id]);
  if (input.surcussales.length) {
    await tx.query(
      `INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id)
       SELECT $1, $2, unnest($3::bigint[]) ON CONFLICT DO NOTHING`,
      [companyId, id, [...new Set(input.surcussales)]],
    );
  }
}

const publicFields = (input: SupervisorValues | SupervisorUpdateValues) => {
  const { password, ...rest } = input as SupervisorValues;
  return rest;
};

export async function createSupervisor(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  input: SupervisorValues,
  photo?: Buffer,
) {
  await checkGrants(database.raw, request, companyId, input);
  await assertUsernameFree(database.raw, input.username, companyId);
  const hash = await hashPassword(input.password);
  let id: number;
  try {
    id = await database.transaction(async (tx) => {
      const url = photo ? await storeImage(tx, { companyId, data: photo, field: 'photo' }) : null;
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO users (company_id, role, username, first_name, last_name, phone, email, photo, status, password_hash)
         VALUES ($1, 'supervisor', $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          companyId,
          input.username,
          input.first_name,
          input.last_name,
          input.phone,
          input.email,
          url,
          input.status,
          hash,
        ],
      );
      await setGrants(tx, companyId, row.id, input);
      await audit(tx, request, {
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
  return stripSupervisor(await getSupervisor(database.raw, request, companyId, id, false));
}

export async function updateSupervisor(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  input: SupervisorUpdateValues,
  photo?: Buffer,
) {
  const before = await getSupervisor(database.raw, request, companyId, id);
  assertMayManage(request, before);
  assertStatusChange(request, before.status, input.status, 'block_sup', id);
  await checkGrants(database.raw, request, companyId, input);
  await assertUsernameFree(database.raw, input.username, companyId, id);
  const status = input.status ?? before.status;
  try {
    await database.transaction(async (tx) => {
      let url = before.photo;
      if (photo) url = await storeImage(tx, { companyId, data: photo, field: 'photo' });
      else if (input.remove_photo) url = null;
      await tx.query(
        `UPDATE users SET username = $3, first_name = $4, last_name = $5, phone = $6, email = $7, photo = $8,
                status = $9, updated_at = now()
          WHERE company_id = $1 AND id = $2 AND role = 'supervisor'`,
        [companyId, id, input.username, input.first_name, input.last_name, input.phone, input.email, url, status],
      );
      await setGrants(tx, companyId, id, input);
      if (status !== 'active' && before.status === 'active') await revokeSessions(tx, id);
      await audit(tx, request, {
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
  return stripSupervisor(await getSupervisor(database.raw, request, companyId, id));
}

/** Nobody manages a supervisor holding more than they do (modules/_lib/holds.ts): staff with a lone codename. */
function assertMayManage(request: FastifyRequest, target: { permissions: string[] }) {
  assertHoldsAll(request, effectivePermissions('supervisor', false, target.permissions), 'Ce superviseur');
}

function refuseSelf(request: FastifyRequest, id: number, what: string) {
  if (authOf(request).userId === id) throw new AppError(409, 'SELF', `Vous ne pouvez pas ${what} votre propre compte.`);
}

export async function blockSupervisor(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  const before = await getSupervisor(database.raw, request, companyId, id);
  refuseSelf(request, id, blocked ? 'bloquer' : 'débloquer');
  assertMayManage(request, before);
  assertNotArchived(before.status, 'Ce superviseur est archivé : restaurez-le d’abord (modifier, statut actif).');
  await setUserStatus(database, request, { role: 'supervisor', companyId, id }, before, blocked);
  return stripSupervisor(await getSupervisor(database.raw, request, companyId, id));
}

/** New password; the supervisor's sessions end (except the caller's own, when it changes its own). */
export async function changeSupervisorPassword(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  password: string,
) {
  assertMayManage(request, await getSupervisor(database.raw, request, companyId, id));
  const auth = authOf(request);
  const keep = auth.userId === id ? auth.sessionId : undefined;
  await setUserPassword(database, request, { role: 'supervisor', companyId, id }, password, keep);
}

/** Lifts the supervisor's sign-in throttling: asks what a new password asks (clearing failures lets guessing go on). */
export async function unlockSupervisorSignIn(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
) {
  assertMayManage(request, await getSupervisor(database.raw, request, companyId, id));
  return unlockSignIn(database, request, { entity: 'supervisor', companyId, id });
}

/**
 * Archived: hidden from lists, sign-in refused, sessions ended, no longer watching any sub-branch,
 * and agents assigned to it are left without a supervisor. Kept for the history.
 */
export async function archiveSupervisor(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getSupervisor(database.raw, request, companyId, id);
  refuseSelf(request, id, 'archiver');
  assertMayManage(request, before);
  if (before.status === 'archived') return;
  await archiveUser(database, request, { role: 'supervisor', companyId, id }, stripSupervisor(before), async (tx) => {
    await tx.query('DELETE FROM supervisor_surcussales WHERE company_id = $1 AND supervisor_id = $2', [companyId, id]);
    const released = await tx.query<{ id: number }>(
      "UPDATE users SET supervisor_id = NULL, updated_at = now() WHERE company_id = $1 AND supervisor_id = $2 AND role = 'agent' RETURNING id",
      [companyId, id],
    );
    return { agents_released: released.map((r) => r.id) };
  });
}

/** Choices of the supervisor form: the company's sub-branches and what this user may grant. */
export async function supervisorOptions(raw: RawClient, request: FastifyRequest, companyId: number) {
  const me = supervisorActor(request);
  const surcussales = await raw.query<{ id: number; name: string; status: string }>(
    `SELECT s.id, s.name, s.status FROM surcussales s
      WHERE s.company_id = $1
        AND ($2::bigint IS NULL OR s.id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss
                                             WHERE ss.company_id = $1 AND ss.supervisor_id = $2::bigint))
      ORDER BY lower(s.name), s.id`,
    [companyId, me ? me.userId : null],
  );
  // What this user may grant: what it holds (the admin: every company codename).
  const mine = authOf(request).permissions;
  const permissions = COMPANY_CODENAMES.filter((c) => mine.has(c));
  return { surcussales, permissions };
}
