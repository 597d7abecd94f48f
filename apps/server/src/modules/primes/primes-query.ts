import type { SortKey } from '@borlette/shared/contracts/list';
import {
  PRIME_FIELDS,
  type PrimeGeneral,
  primeGeneral,
  type primeGeneralListQuery,
} from '@borlette/shared/contracts/primes';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, rawSql, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { orNotFound } from '../_lib/scope';

const GENERAL_COLUMNS = sql`
  g.company_id, c.name AS company_name, ${rawSql(PRIME_FIELDS.map((f) => `g.${f}`).join(', '))},
  cs.free_mariage_amount, cs.bolet_cumulative, ${isoTime(sql`greatest(g.updated_at, cs.updated_at)`)} AS updated_at`;
const GENERAL_FROM = sql`FROM primes g
  JOIN companies c ON c.id = g.company_id
  JOIN countries k ON k.id = c.country_id
  JOIN company_settings cs ON cs.company_id = g.company_id`;

/** The list of GET /api/companies/prime/list (superuser): every company of the top bar's country. */
export function generalList(ctx: HasAuth): ListSource<typeof primeGeneral, SortKey<typeof primeGeneralListQuery>> {
  const auth = authOf(ctx);
  const where = [sql`g.level = 'general'`];
  // The top bar's country filter, as on the companies list.
  if (auth.selectCountryCode) where.push(sql`k.name_code = ${auth.selectCountryCode}`);
  return {
    row: primeGeneral,
    select: GENERAL_COLUMNS,
    from: GENERAL_FROM,
    where,
    sortable: {
      company_name: sql`lower(c.name)`,
      bolet_1: sql`g.bolet_1`,
      mariage: sql`g.mariage`,
      updated_at: sql`greatest(g.updated_at, cs.updated_at)`,
    },
    search: [sql`c.name`, sql`c.ref_code`],
    tieBreaker: sql`g.id`,
  };
}

export async function getGeneral(raw: RawClient, companyId: number): Promise<PrimeGeneral> {
  const row = await firstRow(
    raw,
    primeGeneral,
    sql`SELECT ${GENERAL_COLUMNS} ${GENERAL_FROM} WHERE g.company_id = ${companyId} AND g.level = 'general'`,
  );
  return orNotFound(row, 'Compagnie introuvable.');
}
