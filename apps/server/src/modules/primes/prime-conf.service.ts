import {
  type PartialPrimeValues,
  PRIME_FIELDS,
  type PrimeConf,
  type PrimeType,
} from '@borlette/shared/contracts/primes';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, joinSql, oneRow, rawSql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { isUniqueViolation } from '../_lib/validate';
import { getConf, PRIME_LEVELS, targetExists } from './prime-conf-query';

/** The level's literal, as the `primes.level` column holds it (owned text). */
const levelOf = (type: PrimeType) => rawSql(`'${type}'`);

export async function createConf(
  database: Database,
  ctx: RequestContext,
  type: PrimeType,
  companyId: number,
  targetId: number,
  v: PartialPrimeValues,
) {
  const l = PRIME_LEVELS[type];
  // The target must be the company's (and, for a supervisor, one it watches): 404 otherwise.
  if (!(await targetExists(database.raw, ctx, type, companyId, targetId))) throw notFound(l.notFound);
  try {
    const id = await database.transaction(async (tx) => {
      const cols = rawSql(PRIME_FIELDS.join(', '));
      const vals = joinSql(
        PRIME_FIELDS.map((f) => sql`${v[f]}`),
        ', ',
      );
      const row = await oneRow(
        tx,
        z.object({ id: z.number() }),
        sql`INSERT INTO primes (company_id, level, ${rawSql(l.column)}, updated_by, ${cols})
            VALUES (${companyId}, ${levelOf(type)}, ${targetId}, ${authOf(ctx).userId}, ${vals}) RETURNING id`,
      );
      await audit(tx, ctx, {
        action: 'create',
        entity: `prime_${type}`,
        entityId: row.id,
        companyId,
        after: { target_id: targetId, ...v },
      });
      return row.id;
    });
    return getConf(database.raw, ctx, type, companyId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'primes_company_target')) {
      const message = `${l.label} a déjà sa configuration de primes : modifiez-la.`;
      throw new AppError(409, 'CONFLICT', message, { target_id: message });
    }
    throw err;
  }
}

const valuesOf = (c: PrimeConf) => Object.fromEntries(PRIME_FIELDS.map((f) => [f, c[f]]));

export async function updateConf(
  database: Database,
  ctx: RequestContext,
  type: PrimeType,
  companyId: number,
  id: number,
  v: PartialPrimeValues,
) {
  const before = await getConf(database.raw, ctx, type, companyId, id);
  await database.transaction(async (tx) => {
    const sets = joinSql(
      PRIME_FIELDS.map((f) => sql`${rawSql(f)} = ${v[f]}`),
      ', ',
    );
    await execute(
      tx,
      sql`UPDATE primes SET ${sets}, updated_by = ${authOf(ctx).userId}, updated_at = now()
           WHERE company_id = ${companyId} AND id = ${id} AND level = ${levelOf(type)}`,
    );
    await audit(tx, ctx, {
      action: 'update',
      entity: `prime_${type}`,
      entityId: id,
      companyId,
      before: { target_id: before.target_id, ...valuesOf(before) },
      after: v,
    });
  });
  return getConf(database.raw, ctx, type, companyId, id);
}

export async function deleteConf(
  database: Database,
  ctx: RequestContext,
  type: PrimeType,
  companyId: number,
  id: number,
) {
  const before = await getConf(database.raw, ctx, type, companyId, id);
  await database.transaction(async (tx) => {
    await execute(
      tx,
      sql`DELETE FROM primes WHERE company_id = ${companyId} AND id = ${id} AND level = ${levelOf(type)}`,
    );
    await audit(tx, ctx, {
      action: 'delete',
      entity: `prime_${type}`,
      entityId: id,
      companyId,
      before: { target_id: before.target_id, ...valuesOf(before) },
    });
  });
}
