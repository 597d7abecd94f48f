import type { BouleBlock, bouleBlockInput } from '@borlette/shared/contracts/boules-block';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { isUniqueViolation } from '../_lib/validate';
import { getBlock } from './boules-block-query';

/**
 * Blocked numbers (blocage-boule). The sale (borlette_sell) refuses a line whose number has an active
 * block for one of its draws (or all draws); a 2-digit ball also blocks every mariage that contains it
 * and never appears in a free mariage. `active` false = the block is lifted but kept in the list.
 */

export type BlockValues = z.output<typeof bouleBlockInput>;

const idRow = z.object({ id: z.number() });
const foundRow = z.object({ found: z.number() });
const activeRow = z.object({ active: z.boolean() });

async function checkTirage(raw: RawClient, companyId: number, tirageId: number | null) {
  if (tirageId === null) return;
  const found = await firstRow(
    raw,
    foundRow,
    sql`SELECT 1 AS found FROM tirages WHERE id = ${tirageId} AND company_id = ${companyId}`,
  );
  if (!found) {
    const message = 'Tirage inconnu pour cette compagnie.';
    throw badRequest(message, { tirage_id: message });
  }
}

/** 409 on the number; says whether the existing block is lifted (then it can simply be re-activated). */
async function duplicate(raw: RawClient, companyId: number, v: BlockValues) {
  const row = await firstRow(
    raw,
    activeRow,
    sql`SELECT active FROM boule_blocks
         WHERE company_id = ${companyId} AND number = ${v.number} AND coalesce(tirage_id, 0) = ${v.tirage_id ?? 0}`,
  );
  const draw = v.tirage_id === null ? 'tous les tirages' : 'ce tirage';
  const message =
    row && !row.active
      ? `Ce numéro a déjà un blocage (levé) pour ${draw} : rebloquez-le depuis la liste.`
      : `Ce numéro est déjà bloqué pour ${draw}.`;
  return new AppError(409, 'CONFLICT', message, { number: message });
}

const uniqueTarget = (err: unknown) => isUniqueViolation(err, 'boule_blocks_target_uq');

export async function createBlock(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  v: BlockValues,
): Promise<BouleBlock> {
  await checkTirage(database.raw, companyId, v.tirage_id);
  try {
    const id = await database.transaction(async (tx) => {
      const { id: created } = await oneRow(
        tx,
        idRow,
        sql`INSERT INTO boule_blocks (company_id, tirage_id, number, note, created_by)
         VALUES (${companyId}, ${v.tirage_id}, ${v.number}, ${v.note}, ${authOf(ctx).userId}) RETURNING id`,
      );
      await audit(tx, ctx, { action: 'create', entity: 'boule_block', entityId: created, companyId, after: v });
      return created;
    });
    return getBlock(database.raw, companyId, id);
  } catch (err) {
    if (uniqueTarget(err)) throw await duplicate(database.raw, companyId, v);
    throw err;
  }
}

export async function updateBlock(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  v: BlockValues,
): Promise<BouleBlock> {
  const before = await getBlock(database.raw, companyId, id);
  await checkTirage(database.raw, companyId, v.tirage_id);
  try {
    await database.transaction(async (tx) => {
      await execute(
        tx,
        sql`UPDATE boule_blocks SET number = ${v.number}, tirage_id = ${v.tirage_id}, note = ${v.note}, updated_at = now()
          WHERE company_id = ${companyId} AND id = ${id}`,
      );
      await audit(tx, ctx, {
        action: 'update',
        entity: 'boule_block',
        entityId: id,
        companyId,
        before: { number: before.number, tirage_id: before.tirage_id, note: before.note },
        after: v,
      });
    });
  } catch (err) {
    if (uniqueTarget(err)) throw await duplicate(database.raw, companyId, v);
    throw err;
  }
  return getBlock(database.raw, companyId, id);
}

/** blocked false lifts the block (the number sells again); true blocks it again. */
export async function setBlocked(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<BouleBlock> {
  const before = await getBlock(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await execute(
      tx,
      sql`UPDATE boule_blocks SET active = ${blocked}, updated_at = now() WHERE company_id = ${companyId} AND id = ${id}`,
    );
    await audit(tx, ctx, {
      action: blocked ? 'block' : 'unblock',
      entity: 'boule_block',
      entityId: id,
      companyId,
      before: { number: before.number, blocked: before.blocked },
      after: { number: before.number, blocked },
    });
  });
  return getBlock(database.raw, companyId, id);
}

export async function deleteBlock(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getBlock(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await execute(tx, sql`DELETE FROM boule_blocks WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, { action: 'delete', entity: 'boule_block', entityId: id, companyId, before });
  });
}
