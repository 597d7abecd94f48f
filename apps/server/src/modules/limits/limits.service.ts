import type { SaleLimit } from '@borlette/shared/contracts/limits';
import type { FastifyRequest } from 'fastify';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { AppError, badRequest } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import type { ListSpec } from '../_lib/list';
import { agentVisibility, orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { isUniqueViolation } from '../_lib/validate';
import type { KindDef } from './limits.kinds';

/** The validated body of a POST / PUT (update bodies also carry `id`, taken apart by the route). */
export interface LimitValues {
  code: number;
  tirage_id: number | null;
  max_amount: number;
  agent_id?: number;
  number?: string;
}

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
export const AGENT_NAME = `coalesce(nullif(trim(ag.first_name || ' ' || ag.last_name), ''), ag.username)`;

/**
 * sold_today: what the limit is compared with at sale — the largest running total of today (company's
 * business date) on one number and one draw among those the limit covers: counters of the company
 * (agent 0) or of the limit's agent; its draw or every draw; its number, or every number of its game.
 * Through the company's draws so that each lookup uses the counters' key (company, draw, date, agent,
 * code), never a scan of the company's whole history.
 */
const SOLD_TODAY = `coalesce((SELECT max(sc.amount) FROM tirages st
   JOIN sale_counters sc ON sc.company_id = l.company_id AND sc.tirage_id = st.id
    AND sc.draw_date = (now() AT TIME ZONE co.timezone)::date
    AND sc.agent_id = coalesce(l.agent_id, 0) AND sc.code = l.code
    AND (l.number IS NULL OR sc.number = l.number)
  WHERE st.company_id = l.company_id AND (l.tirage_id IS NULL OR st.id = l.tirage_id)), 0)::bigint`;

export const LIMIT_COLUMNS = `
  l.id, l.company_id,
  CASE WHEN l.agent_id IS NULL THEN CASE WHEN l.number IS NULL THEN 'game' ELSE 'boule' END
       ELSE CASE WHEN l.number IS NULL THEN 'game-agent' ELSE 'boule-agent' END END AS kind,
  l.code, l.number, l.agent_id, CASE WHEN ag.id IS NULL THEN NULL ELSE ${AGENT_NAME} END AS agent_name,
  l.tirage_id, t.name AS tirage_name, l.max_amount, l.status, ${SOLD_TODAY} AS sold_today,
  ${iso('l.created_at')} AS created_at, ${iso('l.updated_at')} AS updated_at`;
export const LIMIT_FROM = `FROM sale_limits l
  JOIN companies co ON co.id = l.company_id
  LEFT JOIN users ag ON ag.id = l.agent_id
  LEFT JOIN tirages t ON t.id = l.tirage_id`;

/** The rows of this kind the user may see (a supervisor: per-agent limits of the agents it watches). */
export function kindConditions(def: KindDef, request: FastifyRequest, params: SqlParams): string[] {
  const conds = [
    def.agent ? 'l.agent_id IS NOT NULL' : 'l.agent_id IS NULL',
    def.ball ? 'l.number IS NOT NULL' : 'l.number IS NULL',
  ];
  if (def.agent) conds.push(...agentVisibility(request, params, 'ag'));
  return conds;
}

export function limitListSpec(def: KindDef, request: FastifyRequest, params: SqlParams, where: string[]): ListSpec {
  return {
    select: LIMIT_COLUMNS,
    from: LIMIT_FROM,
    where: [...where, ...kindConditions(def, request, params)],
    params,
    sortable: {
      code: 'l.code',
      ...(def.ball ? { number: 'l.number' } : {}),
      ...(def.agent ? { agent: `lower(${AGENT_NAME})` } : {}),
      // All draws (null) last.
      tirage: 'lower(t.name)',
      max_amount: 'l.max_amount',
      status: 'l.status',
      created_at: 'l.created_at',
      updated_at: 'l.updated_at',
    },
    search: def.agent ? ['l.number', 'ag.username', "ag.first_name || ' ' || ag.last_name"] : ['l.number'],
    tieBreaker: 'l.id',
  };
}

type Row = SaleLimit & { company_id: number };
export const strip = ({ company_id, ...r }: Row): SaleLimit => r;

export async function getLimit(
  raw: RawClient,
  request: FastifyRequest,
  def: KindDef,
  companyId: number | null,
  id: number,
): Promise<SaleLimit> {
  const params = new SqlParams();
  const conds = [`l.id = ${params.p(id)}`, ...kindConditions(def, request, params)];
  if (companyId !== null) conds.push(`l.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<Row>(
    `SELECT ${LIMIT_COLUMNS} ${LIMIT_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return strip(orNotFound(row, 'Limite introuvable.'));
}

/** An agent of the company (a supervisor: one it watches), a draw of the company, a real mariage. */
async function checkTargets(raw: RawClient, request: FastifyRequest, companyId: number, v: LimitValues) {
  if (v.agent_id !== undefined) {
    const params = new SqlParams();
    const conds = [
      `ag.id = ${params.p(v.agent_id)}`,
      `ag.company_id = ${params.p(companyId)}`,
      "ag.role = 'agent'",
      "ag.status <> 'archived'",
      ...agentVisibility(request, params, 'ag'),
    ];
    const rows = await raw.query(`SELECT 1 FROM users ag WHERE ${conds.join(' AND ')}`, params.values);
    if (!rows.length) {
      const message = 'Vendeur inconnu pour cette compagnie.';
      throw badRequest(message, { agent_id: message });
    }
  }
  if (v.tirage_id !== null) {
    const rows = await raw.query('SELECT 1 FROM tirages WHERE id = $1 AND company_id = $2', [v.tirage_id, companyId]);
    if (!rows.length) {
      const message = 'Tirage inconnu pour cette compagnie.';
      throw badRequest(message, { tirage_id: message });
    }
  }
  if (v.code === 40 && v.number && /^(\d{2})\*\1$/.test(v.number)) {
    const message = 'Un mariage ne peut pas avoir deux fois la même boule';
    throw badRequest(message, { number: message });
  }
}

function duplicate(def: KindDef, v: LimitValues) {
  const who = def.agent ? 'Ce vendeur a déjà une limite' : 'Une limite existe déjà';
  const what = def.ball ? 'ce numéro' : 'ce jeu';
  const draw = v.tirage_id === null ? 'tous les tirages' : 'ce tirage';
  const message = `${who} pour ${what} et ${draw} : modifiez-la.`;
  return new AppError(409, 'CONFLICT', message, { [def.ball ? 'number' : 'code']: message });
}

/** What the audit trail keeps of a limit. */
const snapshot = (def: KindDef, v: LimitValues | SaleLimit) => ({
  kind: def.kind,
  code: v.code,
  number: v.number ?? null,
  agent_id: v.agent_id ?? null,
  tirage_id: v.tirage_id,
  max_amount: v.max_amount,
});

const uniqueTarget = (err: unknown) => isUniqueViolation(err, 'sale_limits_target_uq');

export async function createLimit(
  database: Database,
  request: FastifyRequest,
  def: KindDef,
  companyId: number,
  v: LimitValues,
): Promise<SaleLimit> {
  await checkTargets(database.raw, request, companyId, v);
  try {
    const id = await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO sale_limits (company_id, agent_id, tirage_id, code, number, max_amount)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [companyId, v.agent_id ?? null, v.tirage_id, v.code, v.number ?? null, v.max_amount],
      );
      await audit(tx, request, {
        action: 'create',
        entity: 'sale_limit',
        entityId: row.id,
        companyId,
        after: snapshot(def, v),
      });
      return row.id;
    });
    return getLimit(database.raw, request, def, companyId, id);
  } catch (err) {
    if (uniqueTarget(err)) throw duplicate(def, v);
    throw err;
  }
}

export async function updateLimit(
  database: Database,
  request: FastifyRequest,
  def: KindDef,
  companyId: number,
  id: number,
  v: LimitValues,
): Promise<SaleLimit> {
  const before = await getLimit(database.raw, request, def, companyId, id);
  await checkTargets(database.raw, request, companyId, v);
  try {
    await database.transaction(async (tx) => {
      await tx.query(
        `UPDATE sale_limits SET agent_id = $3, tirage_id = $4, code = $5, number = $6, max_amount = $7, updated_at = now()
          WHERE company_id = $1 AND id = $2`,
        [companyId, id, v.agent_id ?? null, v.tirage_id, v.code, v.number ?? null, v.max_amount],
      );
      await audit(tx, request, {
        action: 'update',
        entity: 'sale_limit',
        entityId: id,
        companyId,
        before: snapshot(def, before),
        after: snapshot(def, v),
      });
    });
  } catch (err) {
    if (uniqueTarget(err)) throw duplicate(def, v);
    throw err;
  }
  return getLimit(database.raw, request, def, companyId, id);
}

/** blocked = suspended: the sale ignores the limit until it is active again. */
export async function blockLimit(
  database: Database,
  request: FastifyRequest,
  def: KindDef,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<SaleLimit> {
  return setRecordBlocked(database, request, {
    table: 'sale_limits',
    entity: 'sale_limit',
    companyId,
    id,
    blocked,
    load: (raw) => getLimit(raw, request, def, companyId, id),
    auditExtra: { kind: def.kind },
  });
}

export async function deleteLimit(
  database: Database,
  request: FastifyRequest,
  def: KindDef,
  companyId: number,
  id: number,
): Promise<void> {
  const before = await getLimit(database.raw, request, def, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query('DELETE FROM sale_limits WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(tx, request, {
      action: 'delete',
      entity: 'sale_limit',
      entityId: id,
      companyId,
      before: { ...snapshot(def, before), status: before.status },
    });
  });
}
