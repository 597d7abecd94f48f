import type { limiteFicheInput } from '@borlette/shared/contracts/limite-fiche';
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
import { getLimite } from './limite-fiche-query';

const idRow = z.object({ id: z.number() });
const foundRow = z.object({ found: z.number() });

async function checkAgent(raw: RawClient, ctx: HasAuth, companyId: number, agentId: number | null) {
  if (agentId === null) return;
  const conds = [
    sql`ag.id = ${agentId}`,
    sql`ag.company_id = ${companyId}`,
    sql`ag.role = 'agent'`,
    sql`ag.status <> 'archived'`,
    ...agentsWatched(ctx, sql`ag`),
  ];
  if (!(await firstRow(raw, foundRow, sql`SELECT 1 AS found FROM users ag WHERE ${joinSql(conds, ' AND ')}`)))
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

export async function createLimite(database: Database, ctx: RequestContext, companyId: number, v: LimiteValues) {
  const agentId = v.agent_id ?? null;
  await checkAgent(database.raw, ctx, companyId, agentId);
  try {
    const id = await database.transaction(async (tx) => {
      const row = await oneRow(
        tx,
        idRow,
        sql`INSERT INTO limite_fiches (company_id, agent_id, max_amount)
            VALUES (${companyId}, ${agentId}, ${v.max_amount}) RETURNING id`,
      );
      await audit(tx, ctx, {
        action: 'create',
        entity: 'limite_fiche',
        entityId: row.id,
        companyId,
        after: { agent_id: agentId, max_amount: v.max_amount },
      });
      return row.id;
    });
    return getLimite(database.raw, ctx, companyId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'limite_fiches_company_agent')) throw duplicate(agentId);
    throw err;
  }
}

export async function updateLimite(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  v: LimiteValues,
) {
  const before = await getLimite(database.raw, ctx, companyId, id);
  // Absent agent_id keeps the limit's scope; null makes it the company-wide one.
  const agentId = v.agent_id === undefined ? before.agent_id : v.agent_id;
  await checkAgent(database.raw, ctx, companyId, agentId);
  try {
    await database.transaction(async (tx) => {
      await execute(
        tx,
        sql`UPDATE limite_fiches SET agent_id = ${agentId}, max_amount = ${v.max_amount}, updated_at = now()
             WHERE company_id = ${companyId} AND id = ${id}`,
      );
      await audit(tx, ctx, {
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
  return getLimite(database.raw, ctx, companyId, id);
}

export async function blockLimite(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return setRecordBlocked(database, ctx, {
    table: 'limite_fiches',
    entity: 'limite_fiche',
    companyId,
    id,
    blocked,
    load: (raw) => getLimite(raw, ctx, companyId, id),
  });
}

export async function deleteLimite(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getLimite(database.raw, ctx, companyId, id);
  await database.transaction(async (tx) => {
    await execute(tx, sql`DELETE FROM limite_fiches WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, { action: 'delete', entity: 'limite_fiche', entityId: id, companyId, before });
  });
}
