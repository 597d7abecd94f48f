import type { SaleLimit } from '@borlette/shared/contracts/limits';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, joinSql, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { agentsWatched } from '../_lib/scope';
import { isUniqueViolation } from '../_lib/validate';
import type { KindDef } from './limit-kinds';
import { getLimit } from './limits-query';

/** The validated body of a POST / PUT (update bodies also carry `id`, taken apart by the route). */
export interface LimitValues {
  code: number;
  tirage_id: number | null;
  max_amount: number;
  agent_id?: number;
  number?: string;
}

const idRow = z.object({ id: z.number() });
const foundRow = z.object({ found: z.number() });

/** An agent of the company (a supervisor: one it watches), a draw of the company, a real mariage. */
async function checkTargets(raw: RawClient, ctx: HasAuth, companyId: number, v: LimitValues) {
  if (v.agent_id !== undefined) {
    const conds = [
      sql`ag.id = ${v.agent_id}`,
      sql`ag.company_id = ${companyId}`,
      sql`ag.role = 'agent'`,
      sql`ag.status <> 'archived'`,
      ...agentsWatched(ctx, sql`ag`),
    ];
    if (!(await firstRow(raw, foundRow, sql`SELECT 1 AS found FROM users ag WHERE ${joinSql(conds, ' AND ')}`))) {
      const message = 'Vendeur inconnu pour cette compagnie.';
      throw badRequest(message, { agent_id: message });
    }
  }
  if (v.tirage_id !== null) {
    const found = await firstRow(
      raw,
      foundRow,
      sql`SELECT 1 AS found FROM tirages WHERE id = ${v.tirage_id} AND company_id = ${companyId}`,
    );
    if (!found) {
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
  ctx: RequestContext,
  def: KindDef,
  companyId: number,
  v: LimitValues,
): Promise<SaleLimit> {
  await checkTargets(database.raw, ctx, companyId, v);
  try {
    const id = await database.transaction(async (tx) => {
      const { id: created } = await oneRow(
        tx,
        idRow,
        sql`INSERT INTO sale_limits (company_id, agent_id, tirage_id, code, number, max_amount)
         VALUES (${companyId}, ${v.agent_id ?? null}, ${v.tirage_id}, ${v.code}, ${v.number ?? null}, ${v.max_amount}) RETURNING id`,
      );
      await audit(tx, ctx, {
        action: 'create',
        entity: 'sale_limit',
        entityId: created,
        companyId,
        after: snapshot(def, v),
      });
      return created;
    });
    return getLimit(database.raw, ctx, def, companyId, id);
  } catch (err) {
    if (uniqueTarget(err)) throw duplicate(def, v);
    throw err;
  }
}

export async function updateLimit(
  database: Database,
  ctx: RequestContext,
  def: KindDef,
  companyId: number,
  id: number,
  v: LimitValues,
): Promise<SaleLimit> {
  const before = await getLimit(database.raw, ctx, def, companyId, id);
  await checkTargets(database.raw, ctx, companyId, v);
  try {
    await database.transaction(async (tx) => {
      await execute(
        tx,
        sql`UPDATE sale_limits SET agent_id = ${v.agent_id ?? null}, tirage_id = ${v.tirage_id}, code = ${v.code},
               number = ${v.number ?? null}, max_amount = ${v.max_amount}, updated_at = now()
          WHERE company_id = ${companyId} AND id = ${id}`,
      );
      await audit(tx, ctx, {
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
  return getLimit(database.raw, ctx, def, companyId, id);
}

/** blocked = suspended: the sale ignores the limit until it is active again. */
export async function blockLimit(
  database: Database,
  ctx: RequestContext,
  def: KindDef,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<SaleLimit> {
  return setRecordBlocked(database, ctx, {
    table: 'sale_limits',
    entity: 'sale_limit',
    companyId,
    id,
    blocked,
    load: (raw) => getLimit(raw, ctx, def, companyId, id),
    auditExtra: { kind: def.kind },
  });
}

export async function deleteLimit(
  database: Database,
  ctx: RequestContext,
  def: KindDef,
  companyId: number,
  id: number,
): Promise<void> {
  const before = await getLimit(database.raw, ctx, def, companyId, id);
  await database.transaction(async (tx) => {
    await execute(tx, sql`DELETE FROM sale_limits WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, {
      action: 'delete',
      entity: 'sale_limit',
      entityId: id,
      companyId,
      before: { ...snapshot(def, before), status: before.status },
    });
  });
}
