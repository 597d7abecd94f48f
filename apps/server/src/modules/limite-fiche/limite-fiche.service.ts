import type { LimiteFiche, LimiteFicheAgentChoice, limiteFicheInput } from '@borlette/shared/contracts/limite-fiche';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { AppError, badRequest } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { agentVisibility, orNotFound } from '../_lib/scope';
import { containsPattern, SqlParams } from '../_lib/sql';
import { isUniqueViolation } from '../_lib/validate';

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
export const AGENT_NAME = `coalesce(nullif(trim(ag.first_name || ' ' || ag.last_name), ''), ag.username)`;

export const LIMITE_COLUMNS = `
  l.id, l.company_id, l.agent_id, CASE WHEN ag.id IS NULL THEN NULL ELSE ${AGENT_NAME} END AS agent_name,
  ag.username AS agent_username, s.name AS surcussale_name, l.max_amount, l.status,
  ${iso('l.created_at')} AS created_at, ${iso('l.updated_at')} AS updated_at`;
export const LIMITE_FROM = `FROM limite_fiches l
  LEFT JOIN users ag ON ag.id = l.agent_id
  LEFT JOIN surcussales s ON s.id = ag.surcussale_id`;

/** A supervisor sees the company-wide limit and the limits of the agents it watches. */
export function limiteVisibility(request: FastifyRequest, params: SqlParams): string[] {
  const agents = agentVisibility(request, params, 'ag');
  return agents.length ? [`(l.agent_id IS NULL OR ${agents.join(' AND ')})`] : [];
}

type Row = LimiteFiche & { company_id: number };
export const strip = ({ company_id, ...r }: Row): LimiteFiche => r;

export async function getLimite(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number | null,
  id: number,
): Promise<LimiteFiche> {
  const params = new SqlParams();
  const conds = [`l.id = ${params.p(id)}`, ...limiteVisibility(request, params)];
  if (companyId !== null) conds.push(`l.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<Row>(
    `SELECT ${LIMITE_COLUMNS} ${LIMITE_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return strip(orNotFound(row, 'Limite introuvable.'));
}

/** Agents of the company the user may give a limit to (a supervisor: those it watches). 50 at most. */
export async function limiteAgentChoices(
  raw: RawClient,
  request: FastifyRequest,
  companyId: number | null,
  search: string | undefined,
): Promise<LimiteFicheAgentChoice[]> {
  if (companyId === null) return [];
  const params = new SqlParams();
  const c = params.p(companyId);
  const conds = [
    `ag.company_id = ${c}`,
    "ag.role = 'agent'",
    "ag.status <> 'archived'",
    ...agentVisibility(request, params, 'ag'),
  ];
  if (search) {
    const p = params.p(containsPattern(search));
    conds.push(`(lower(ag.username) LIKE ${p} OR lower(${AGENT_NAME}) LIKE ${p})`);
  }
  return raw.query<LimiteFicheAgentChoice>(
    `SELECT ag.id, ${AGENT_NAME} AS name, ag.username, s.name AS surcussale_name,
            EXISTS (SELECT 1 FROM limite_fiches l WHERE l.company_id = ${c} AND l.agent_id = ag.id) AS has_limit
       FROM users ag LEFT JOIN surcussales s ON s.id = ag.surcussale_id
      WHERE ${conds.join(' AND ')}
      ORDER BY lower(${AGENT_NAME}), ag.id LIMIT 50`,
    params.values,
  );
}

async function checkAgent(raw: RawClient, request: FastifyRequest, companyId: number, agentId: number | null) {
  if (agentId === null) return;
  const params = new SqlParams();
  const conds = [
    `ag.id = ${params.p(agentId)}`,
    `ag.company_id = ${params.p(companyId)}`,
    "ag.role = 'agent'",
    "ag.status <> 'archived'",
    ...agentVisibility(request, params, 'ag'),
  ];
  const rows = await raw.query(`SELECT 1 FROM users ag WHERE ${conds.join(' AND ')}`, params.values);
  if (!rows.length)
    throw badRequest('Vendeur inconnu pour cette compagnie.', { agent_id: 'Vendeur inconnu pour cette compagnie.' });
}

function duplicate(agentId: number | null) {
  const message =
    agentId === null
      ? 'La limite de la compagnie existe déjà : modifiez-la.'
      : 'Ce vendeur a déjà une limite : modifiez-la.';
  return new AppError(409, 'CONFLICT', message, { agent_id: message });
}

export type LimiteValues = z.output<typeof limiteFicheInput>;

export async function createLimite(database: Database, request: FastifyRequest, companyId: number, v: LimiteValues) {
  const agentId = v.agent_id ?? null;
  await checkAgent(database.raw, request, companyId, agentId);
  try {
    const id = await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO limite_fiches (company_id, agent_id, max_amount) VALUES ($1, $2, $3) RETURNING id',
        [companyId, agentId, v.max_amount],
      );
      await audit(tx, request, {
        action: 'create',
        entity: 'limite_fiche',
        entityId: row.id,
        companyId,
        after: { agent_id: agentId, max_amount: v.max_amount },
      });
      return row.id;
    });
    return getLimite(database.raw, request, companyId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'limite_fiches_company_agent')) throw duplicate(agentId);
    throw err;
  }
}

export async function updateLimite(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  v: LimiteValues,
) {
  const before = await getLimite(database.raw, request, companyId, id);
  // Absent agent_id keeps the limit's scope; null makes it the company-wide one.
  const agentId = v.agent_id === undefined ? before.agent_id : v.agent_id;
  await checkAgent(database.raw, request, companyId, agentId);
  try {
    await database.transaction(async (tx) => {
      await tx.query(
        'UPDATE limite_fiches SET agent_id = $3, max_amount = $4, updated_at = now() WHERE company_id = $1 AND id = $2',
        [companyId, id, agentId, v.max_amount],
      );
      await audit(tx, request, {
        action: 'update',
        entity: 'limite_fiche',
        entityId: id,
        companyId,
        before: { agent_id: before.agent_id, max_amount: before.max_amount },
        after: { agent_id: agentId, max_amount: v.max_amount },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'limite_fiches_company_agent')) throw duplicate(agentId);
    throw err;
  }
  return getLimite(database.raw, request, companyId, id);
}

export async function blockLimite(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return setRecordBlocked(database, request, {
    table: 'limite_fiches',
    entity: 'limite_fiche',
    companyId,
    id,
    blocked,
    load: (raw) => getLimite(raw, request, companyId, id),
  });
}

export async function deleteLimite(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getLimite(database.raw, request, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query('DELETE FROM limite_fiches WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(tx, request, { action: 'delete', entity: 'limite_fiche', entityId: id, companyId, before });
  });
}

/**
 * The maximum amount (centimes) of one ticket of this agent at sale: its own active limit, else the
 * company's active one, else null (no limit). Blocked limits are suspended.
 */
export async function ticketLimitFor(raw: RawClient, companyId: number, agentId: number): Promise<number | null> {
  const [row] = await raw.query<{ max_amount: number }>(
    `SELECT max_amount FROM limite_fiches
      WHERE company_id = $1 AND (agent_id = $2 OR agent_id IS NULL) AND status = 'active'
      ORDER BY agent_id NULLS LAST LIMIT 1`,
    [companyId, agentId],
  );
  return row?.max_amount ?? null;
}
