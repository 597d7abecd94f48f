import { PRIME_FIELDS, type PrimeGeneral, type primeGeneralInput } from '@borlette/shared/contracts/primes';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import { orNotFound } from '../_lib/scope';

export const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const GENERAL_COLUMNS = `
  g.company_id, c.name AS company_name, ${PRIME_FIELDS.map((f) => `g.${f}`).join(', ')},
  cs.free_mariage_amount, cs.bolet_cumulative, ${iso('greatest(g.updated_at, cs.updated_at)')} AS updated_at`;
export const GENERAL_FROM = `FROM primes g
  JOIN companies c ON c.id = g.company_id
  JOIN countries k ON k.id = c.country_id
  JOIN company_settings cs ON cs.company_id = g.company_id`;

/**
 * The company whose general primes a request reads or writes: the superuser names it (`company_id`)
 * or uses its selection; everyone else acts on its own (naming another company is a 404).
 */
export function generalTarget(request: FastifyRequest, given: number | undefined): number {
  const auth = authOf(request);
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

export async function getGeneral(raw: RawClient, companyId: number): Promise<PrimeGeneral> {
  const [row] = await raw.query<PrimeGeneral>(
    `SELECT ${GENERAL_COLUMNS} ${GENERAL_FROM} WHERE g.company_id = $1 AND g.level = 'general'`,
    [companyId],
  );
  return orNotFound(row, 'Compagnie introuvable.');
}

export type GeneralValues = Omit<z.output<typeof primeGeneralInput>, 'company_id'>;

/** The general multipliers and the payout settings that go with them, in one transaction. */
export async function updateGeneral(database: Database, request: FastifyRequest, companyId: number, v: GeneralValues) {
  const before = await getGeneral(database.raw, companyId);
  await database.transaction(async (tx) => {
    const sets = PRIME_FIELDS.map((f, i) => `${f} = $${i + 3}`).join(', ');
    await tx.query(
      `UPDATE primes SET ${sets}, updated_by = $2, updated_at = now() WHERE company_id = $1 AND level = 'general'`,
      [companyId, authOf(request).userId, ...PRIME_FIELDS.map((f) => v[f])],
    );
    await tx.query(
      'UPDATE company_settings SET free_mariage_amount = $2, bolet_cumulative = $3, updated_at = now() WHERE company_id = $1',
      [companyId, v.free_mariage_amount, v.bolet_cumulative],
    );
    const { company_name, updated_at, ...was } = before;
    await audit(tx, request, {
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
