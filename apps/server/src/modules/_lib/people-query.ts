import type { Codename } from '@borlette/shared';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, rows, sql } from '../../db/sql';
import { type AuthContext, authOf, type HasAuth } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';

/**
 * The checks the people writes (agents, supervisors, generated agents) share: the sub-branches and
 * supervisors they name belong to the company, a supervisor stays within what it watches, a status
 * change holds the right codename.
 */

/** The acting user when it is a supervisor (its writes are limited to what it watches), else null. */
export function supervisorActor(ctx: HasAuth): AuthContext | null {
  const auth = authOf(ctx);
  return auth.role === 'supervisor' ? auth : null;
}

const idRow = z.object({ id: z.number() });
const namedRow = z.object({ id: z.number(), name: z.string() });

export async function watchedSurcussales(raw: RawClient, companyId: number, supervisorId: number): Promise<number[]> {
  const found = await rows(
    raw,
    idRow,
    sql`SELECT surcussale_id AS id FROM supervisor_surcussales WHERE company_id = ${companyId} AND supervisor_id = ${supervisorId}`,
  );
  return found.map((r) => r.id);
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
  const found = await rows(
    raw,
    namedRow,
    sql`SELECT id, name FROM surcussales WHERE company_id = ${companyId} AND id = ANY(${unique}::bigint[])`,
  );
  if (found.length !== unique.length) {
    throw badRequest('Succursale inconnue pour cette compagnie.', {
      [field]: 'Succursale inconnue pour cette compagnie.',
    });
  }
  return new Map(found.map((r) => [r.id, r.name]));
}

/** A supervisor of the company, not archived. Returns its display name. */
export async function assertSupervisorOfCompany(
  raw: RawClient,
  companyId: number,
  id: number | null,
  field = 'supervisor_id',
): Promise<string | null> {
  if (id === null) return null;
  const row = await firstRow(
    raw,
    z.object({ name: z.string() }),
    sql`SELECT trim(first_name || ' ' || last_name) AS name FROM users
         WHERE company_id = ${companyId} AND id = ${id} AND role = 'supervisor' AND status <> 'archived'`,
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
  ctx: HasAuth,
  companyId: number,
  agent: { surcussale_id: number; supervisor_id: number | null },
  field = 'surcussale_id',
) {
  const me = supervisorActor(ctx);
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
  ctx: HasAuth,
  from: string,
  to: string | undefined,
  blockCodename: Codename,
  selfId?: number,
) {
  if (to === undefined || to === from) return;
  const auth = authOf(ctx);
  if (selfId === auth.userId && to === 'blocked') {
    throw new AppError(409, 'SELF', 'Vous ne pouvez pas bloquer votre propre compte.');
  }
  const restoring = from === 'archived' && to === 'active';
  if (!restoring && !auth.permissions.has(blockCodename)) {
    throw new AppError(403, 'PERMISSION_DENIED', `Permission requise : ${blockCodename}.`);
  }
}

/** `to_char` of a timestamp as ISO-8601 UTC, the form every answer uses. */
