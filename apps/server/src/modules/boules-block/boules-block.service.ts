import type { BouleBlock, bouleBlockInput } from '@borlette/shared/contracts/limits';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { isUniqueViolation } from '../_lib/validate';

/**
 * Blocked numbers (blocage-boule). The sale (borlette_sell) refuses a line whose number has an active
 * block for one of its draws (or all draws); a 2-digit ball also blocks every mariage that contains it
 * and never appears in a free mariage. `active` false = the block is lifted but kept in the list.
 */

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const BLOCK_COLUMNS = `
  b.id, b.company_id, b.number,
  CASE WHEN b.number LIKE '%*%' THEN 'mariage' WHEN length(b.number) = 2 THEN 'boule'
       ELSE 'loto' || length(b.number) END AS kind,
  b.tirage_id, t.name AS tirage_name, b.active AS blocked, b.note,
  ${iso('b.created_at')} AS created_at, ${iso('b.updated_at')} AS updated_at`;
export const BLOCK_FROM = 'FROM boule_blocks b LEFT JOIN tirages t ON t.id = b.tirage_id';

type Row = BouleBlock & { company_id: number };
export const strip = ({ company_id, ...r }: Row): BouleBlock => r;

export type BlockValues = z.output<typeof bouleBlockInput>;

export async function getBlock(raw: RawClient, companyId: number | null, id: number): Promise<BouleBlock> {
  const params = new SqlParams();
  const conds = [`b.id = ${params.p(id)}`];
  if (companyId !== null) conds.push(`b.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<Row>(
    `SELECT ${BLOCK_COLUMNS} ${BLOCK_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return strip(orNotFound(row, 'Blocage introuvable.'));
}

async function checkTirage(raw: RawClient, companyId: number, tirageId: number | null) {
  if (tirageId === null) return;
  const rows = await raw.query('SELECT 1 FROM tirages WHERE id = $1 AND company_id = $2', [tirageId, companyId]);
  if (!rows.length) {
    const message = 'Tirage inconnu pour cette compagnie.';
    throw badRequest(message, { tirage_id: message });
  }
}

/** 409 on the number; says whether the existing block is lifted (then it can simply be re-activated). */
async function duplicate(raw: RawClient, companyId: number, v: BlockValues) {
  const [row] = await raw.query<{ active: boolean }>(
    'SELECT active FROM boule_blocks WHERE company_id = $1 AND number = $2 AND coalesce(tirage_id, 0) = $3',
    [companyId, v.number, v.tirage_id ?? 0],
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
  request: FastifyRequest,
  companyId: number,
  v: BlockValues,
): Promise<BouleBlock> {
  await checkTirage(database.raw, companyId, v.tirage_id);
  try {
    const id = await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO boule_blocks (company_id, tirage_id, number, note, created_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [companyId, v.tirage_id, v.number, v.note, authOf(request).userId],
      );
      await audit(tx, request, { action: 'create', entity: 'boule_block', entityId: row.id, companyId, after: v });
      return row.id;
    });
    return getBlock(database.raw, companyId, id);
  } catch (err) {
    if (uniqueTarget(err)) throw await duplicate(database.raw, companyId, v);
    throw err;
  }
}

export async function updateBlock(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  v: BlockValues,
): Promise<BouleBlock> {
  const before = await getBlock(database.raw, companyId, id);
  await checkTirage(database.raw, companyId, v.tirage_id);
  try {
    await database.transaction(async (tx) => {
      await tx.query(
        `UPDATE boule_blocks SET number = $3, tirage_id = $4, note = $5, updated_at = now()
          WHERE company_id = $1 AND id = $2`,
        [companyId, id, v.number, v.tirage_id, v.note],
      );
      await audit(tx, request, {
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
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<BouleBlock> {
  const before = await getBlock(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query('UPDATE boule_blocks SET active = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
      blocked,
    ]);
    await audit(tx, request, {
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

export async function deleteBlock(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getBlock(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query('DELETE FROM boule_blocks WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(tx, request, { action: 'delete', entity: 'boule_block', entityId: id, companyId, before });
  });
}
