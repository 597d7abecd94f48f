import type { Agent, agentInput, agentUpdate } from '@borlette/shared/contracts/agents';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { hashPassword } from '../../lib/password';
import {
  archiveUser,
  assertAgentWithinSupervisor,
  assertNotArchived,
  assertStatusChange,
  assertSupervisorOfCompany,
  assertSurcussalesOfCompany,
  assertUsernameFree,
  isoUtc,
  rethrowUsernameTaken,
  revokeSessions,
  setUserPassword,
  setUserStatus,
} from '../_lib/people';
import { agentVisibility, orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';

export const AGENT_COLUMNS = `
  u.id, u.company_id, u.username, u.first_name, u.last_name, u.phone, u.status,
  u.surcussale_id, s.name AS surcussale_name,
  u.supervisor_id, CASE WHEN sv.id IS NULL THEN NULL ELSE trim(sv.first_name || ' ' || sv.last_name) END AS supervisor_name,
  u.commission_bp, coalesce(u.commission_bp, cs.commission_bp, 1000) AS effective_commission_bp,
  u.can_cancel, ${isoUtc('u.created_at')} AS created_at`;

export const AGENT_FROM = `FROM users u
  LEFT JOIN surcussales s ON s.id = u.surcussale_id
  LEFT JOIN users sv ON sv.id = u.supervisor_id
  LEFT JOIN company_settings cs ON cs.company_id = u.company_id`;

export type AgentRow = Agent & { company_id: number };
export type AgentValues = z.output<typeof agentInput>;
export type AgentUpdateValues = Omit<z.output<typeof agentUpdate>, 'id'>;

export const stripAgent = ({ company_id, ...r }: AgentRow): Agent => r;

/** One agent of the company (404 otherwise), seen through the request's scope (a supervisor: only what it watches). */
export async function getAgent(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number | null,
  id: number,
): Promise<AgentRow> {
  const params = new SqlParams();
  const conds = [`u.id = ${params.p(id)}`, `u.role = 'agent'`, ...agentVisibility(request, params, 'u')];
  if (companyId !== null) conds.push(`u.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<AgentRow>(
    `SELECT ${AGENT_COLUMNS} ${AGENT_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return orNotFound(row, 'Vendeur introuvable.');
}

async function checkReferences(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number,
  input: { surcussale_id: number; supervisor_id: number | null },
) {
  await assertSurcussalesOfCompany(raw, companyId, [input.surcussale_id], 'surcussale_id');
  await assertSupervisorOfCompany(raw, companyId, input.supervisor_id);
  await assertAgentWithinSupervisor(raw, request, companyId, input);
}

const publicFields = (input: AgentUpdateValues | AgentValues) => {
  const { password, ...rest } = input as AgentValues;
  return rest;
};

export async function createAgent(database: Database, request: FastifyRequest, companyId: number, input: AgentValues) {
  await checkReferences(database.raw, request, companyId, input);
  await assertUsernameFree(database.raw, input.username, companyId);
  const hash = await hashPassword(input.password);
  let id: number;
  try {
    id = await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO users (company_id, role, username, first_name, last_name, phone, surcussale_id, supervisor_id,
                            commission_bp, can_cancel, status, password_hash)
         VALUES ($1, 'agent', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          companyId,
          input.username,
          input.first_name,
          input.last_name,
          input.phone,
          input.surcussale_id,
          input.supervisor_id,
          input.commission_bp,
          input.can_cancel,
          input.status,
          hash,
        ],
      );
      await audit(tx, request, {
        action: 'create',
        entity: 'agent',
        entityId: row.id,
        companyId,
        after: publicFields(input),
      });
      return row.id;
    });
  } catch (err) {
    rethrowUsernameTaken(err);
  }
  return stripAgent(await getAgent(database.raw, request, companyId, id));
}

export async function updateAgent(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  input: AgentUpdateValues,
) {
  const before = await getAgent(database.raw, request, companyId, id);
  assertStatusChange(request, before.status, input.status, 'block_agent');
  await checkReferences(database.raw, request, companyId, input);
  await assertUsernameFree(database.raw, input.username, companyId, id);
  const status = input.status ?? before.status;
  try {
    await database.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET username = $3, first_name = $4, last_name = $5, phone = $6, surcussale_id = $7,
                supervisor_id = $8, commission_bp = $9, can_cancel = $10, status = $11, updated_at = now()
          WHERE company_id = $1 AND id = $2 AND role = 'agent'`,
        [
          companyId,
          id,
          input.username,
          input.first_name,
          input.last_name,
          input.phone,
          input.surcussale_id,
          input.supervisor_id,
          input.commission_bp,
          input.can_cancel,
          status,
        ],
      );
      if (status !== 'active' && before.status === 'active') await revokeSessions(tx, id);
      await audit(tx, request, {
        action: 'update',
        entity: 'agent',
        entityId: id,
        companyId,
        before: stripAgent(before),
        after: { ...input, status },
      });
    });
  } catch (err) {
    rethrowUsernameTaken(err);
  }
  return stripAgent(await getAgent(database.raw, request, companyId, id));
}

/** Block or unblock: a blocked agent cannot sign in nor sell; its sessions end now. */
export async function blockAgent(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  const before = await getAgent(database.raw, request, companyId, id);
  assertNotArchived(before.status, 'Ce vendeur est archivé : restaurez-le d’abord (modifier, statut actif).');
  await setUserStatus(database, request, { role: 'agent', companyId, id }, before, blocked);
  return stripAgent(await getAgent(database.raw, request, companyId, id));
}

/** New password: every session of the agent ends (it signs in again with the new one). */
export async function changeAgentPassword(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  password: string,
) {
  await getAgent(database.raw, request, companyId, id);
  await setUserPassword(database, request, { role: 'agent', companyId, id }, password);
}

/** Archived: hidden from lists, sign-in refused, sessions ended; kept for the history (its tickets). */
export async function archiveAgent(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getAgent(database.raw, request, companyId, id);
  if (before.status === 'archived') return;
  await archiveUser(database, request, { role: 'agent', companyId, id }, stripAgent(before));
}

/** The sub-branches and supervisors an agent form may offer to this user, and the company's default rate. */
export async function agentOptions(raw: RawClient, request: FastifyRequest, companyId: number) {
  const auth = authOf(request);
  const isSup = auth.role === 'supervisor';
  const surcussales = await raw.query<{ id: number; name: string; status: string }>(
    `SELECT s.id, s.name, s.status FROM surcussales s
      WHERE s.company_id = $1
        AND ($2::bigint IS NULL OR s.id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss
                                             WHERE ss.company_id = $1 AND ss.supervisor_id = $2::bigint))
      ORDER BY lower(s.name), s.id`,
    [companyId, isSup ? auth.userId : null],
  );
  const supervisors = await raw.query<{ id: number; name: string; username: string }>(
    `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.username FROM users u
      WHERE u.company_id = $1 AND u.role = 'supervisor' AND u.status <> 'archived'
        AND ($2::bigint IS NULL OR u.id = $2::bigint)
      ORDER BY lower(u.first_name || ' ' || u.last_name), u.id`,
    [companyId, isSup ? auth.userId : null],
  );
  const [company] = await raw.query<{ ref_code: string; commission_bp: number | null }>(
    'SELECT c.ref_code, cs.commission_bp FROM companies c LEFT JOIN company_settings cs ON cs.company_id = c.id WHERE c.id = $1',
    [companyId],
  );
  return {
    surcussales,
    supervisors,
    default_commission_bp: company?.commission_bp ?? 1000,
    ref_code: company?.ref_code ?? '',
  };
}
