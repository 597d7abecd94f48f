import { PRIME_FIELDS, type primeGeneralInput } from '@borlette/shared/contracts/primes';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, joinSql, rawSql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf, type HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { getGeneral } from './primes-query';

/**
 * The company whose general primes a request reads or writes: the superuser names it (`company_id`)
 * or uses its selection; everyone else acts on its own (naming another company is a 404).
 */
export function generalTarget(ctx: HasAuth, given: number | undefined): number {
  const auth = authOf(ctx);
  if (auth.role !== 'superuser') {
    if (given !== undefined && given !== auth.companyId) throw notFound('Compagnie introuvable.');
    return auth.companyId as number;
  }
  const id = given ?? auth.companyId;
  if (id === null) {
    throw new AppError(400, 'COMPANY_REQUIRED', 'Choisissez une compagnie (et non « Toutes ») pour ses primes.', {
      company_id: 'Choisissez une compagnie',
    });
  }
  return id;
}

export type GeneralValues = Omit<z.output<typeof primeGeneralInput>, 'company_id'>;

/** The general multipliers and the payout settings that go with them, in one transaction. */
export async function updateGeneral(database: Database, ctx: RequestContext, companyId: number, v: GeneralValues) {
  const before = await getGeneral(database.raw, companyId);
  await database.transaction(async (tx) => {
    const sets = joinSql(
      PRIME_FIELDS.map((f) => sql`${rawSql(f)} = ${v[f]}`),
      ', ',
    );
    await execute(
      tx,
      sql`UPDATE primes SET ${sets}, updated_by = ${authOf(ctx).userId}, updated_at = now()
           WHERE company_id = ${companyId} AND level = 'general'`,
    );
    await execute(
      tx,
      sql`UPDATE company_settings SET free_mariage_amount = ${v.free_mariage_amount},
                 bolet_cumulative = ${v.bolet_cumulative}, updated_at = now()
           WHERE company_id = ${companyId}`,
    );
    const { company_name, updated_at, ...was } = before;
    await audit(tx, ctx, {
      action: 'update',
      entity: 'prime_general',
      entityId: companyId,
      companyId,
      before: was,
      after: v,
    });
  });
  return getGeneral(database.raw, companyId);
}
