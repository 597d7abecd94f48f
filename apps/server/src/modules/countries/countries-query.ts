import {
  type City,
  type CountryDetail,
  city,
  country,
  type countryListQuery,
  countrySummary,
} from '@borlette/shared/contracts/countries';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, rawSql, rows, type Sql, sql, whereSql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { orNotFound } from '../_lib/scope';

const COUNTRY_COLUMNS = sql`
  k.id, k.name_code, k.name, k.flag, k.currency, k.timezone,
  (SELECT count(*)::int FROM cities ci WHERE ci.country_id = k.id) AS cities_count,
  (SELECT count(*)::int FROM companies c WHERE c.country_id = k.id) AS companies_count,
  ${isoTime(sql`k.created_at`)} AS created_at`;
const COUNTRY_FROM = sql`FROM countries k`;

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * A name for sorting without accents nor case (« États-Unis » among the E): PGlite has neither ICU
 * collations nor unaccent, so the common Latin accents are folded by hand.
 */
export const sortable = (expr: string) =>
  `translate(lower(${expr}), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy')`;
export const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name);

/** The management list of GET /api/generals/countries (with page or format=csv). */
export const countryList: ListSource<typeof country, SortKey<typeof countryListQuery>> = {
  row: country,
  select: COUNTRY_COLUMNS,
  from: COUNTRY_FROM,
  where: [],
  sortable: {
    name: rawSql(sortable('k.name')),
    name_code: sql`k.name_code`,
    currency: sql`k.currency`,
    timezone: sql`k.timezone`,
    cities_count: sql`cities_count`,
    companies_count: sql`companies_count`,
    created_at: sql`k.created_at`,
  },
  search: [sql`k.name`, sql`k.name_code`, sql`k.currency`, sql`k.timezone`],
  tieBreaker: sql`k.id`,
};

/** The switcher's list: every country, by name. */
export async function countrySummaries(raw: RawClient) {
  const found = await rows(raw, countrySummary, sql`SELECT name_code, name, flag FROM countries`);
  return found.sort(byName);
}

export async function getCountry(raw: RawClient, id: number) {
  const row = await firstRow(raw, country, sql`SELECT ${COUNTRY_COLUMNS} ${COUNTRY_FROM} WHERE k.id = ${id}`);
  return orNotFound(row, 'Pays introuvable.');
}

export async function getCountryDetail(raw: RawClient, id: number): Promise<CountryDetail> {
  const found = await getCountry(raw, id);
  const cities = await rows(
    raw,
    city,
    sql`SELECT ci.id, ci.name, ${found.name_code}::text AS country_code FROM cities ci WHERE ci.country_id = ${id}`,
  );
  return { ...found, cities: cities.sort(byName) };
}

/** The cities of a country (all when null); a company user only gets its own country's. */
export async function citiesOf(raw: RawClient, ctx: HasAuth, code: string | null): Promise<City[]> {
  const auth = authOf(ctx);
  const conds: Sql[] = [sql`(${code}::text IS NULL OR k.name_code = ${code}::text)`];
  if (auth.role !== 'superuser')
    conds.push(sql`ci.country_id = (SELECT c.country_id FROM companies c WHERE c.id = ${auth.ownCompanyId})`);
  const found = await rows(
    raw,
    city,
    sql`SELECT ci.id, ci.name, k.name_code AS country_code
          FROM cities ci JOIN countries k ON k.id = ci.country_id
        ${whereSql(conds)}`,
  );
  return found.sort((a, b) => a.country_code.localeCompare(b.country_code) || byName(a, b));
}

/** A city with what still names it (its delete is refused while something does). */
export const cityUse = city.extend({ companies: z.number(), surcussales: z.number() });

export function cityWithUses(raw: RawClient, id: number) {
  return firstRow(
    raw,
    cityUse,
    sql`SELECT ci.id, ci.name, k.name_code AS country_code,
               (SELECT count(*)::int FROM companies c WHERE c.city_id = ci.id) AS companies,
               (SELECT count(*)::int FROM surcussales s WHERE s.city_id = ci.id) AS surcussales
          FROM cities ci JOIN countries k ON k.id = ci.country_id WHERE ci.id = ${id}`,
  );
}
