import { type Company, company, type companyListQuery, simpleCompany } from '@borlette/shared/contracts/companies';
import type { SortKey } from '@borlette/shared/contracts/list';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, rawSql, rows, type Sql, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { orNotFound } from '../_lib/scope';
import { sortable } from '../countries/countries.service';

/** The company's admin: its first full-access 'company' user (the one created with it). */
const ADMIN_LATERAL = sql`LEFT JOIN LATERAL (
    SELECT u.id, u.username, u.first_name, u.last_name FROM users u
     WHERE u.company_id = c.id AND u.role = 'company'
     ORDER BY u.full_access DESC, u.id LIMIT 1) adm ON true`;

const COLUMNS = sql`
  c.id, c.ref_code, c.name, c.logo, k.name_code AS country_code, k.name AS country_name, k.flag AS country_flag,
  c.city_id, ci.name AS city_name, c.timezone, c.currency, c.phone, c.email, c.address, c.status,
  (SELECT count(*)::int FROM users a WHERE a.company_id = c.id AND a.role = 'agent' AND a.status <> 'archived') AS agents_count,
  (SELECT count(*)::int FROM users o WHERE o.company_id = c.id AND o.id <> coalesce(adm.id, 0)) AS users_count,
  adm.id AS admin_id, adm.username AS admin_username, adm.first_name AS admin_first_name, adm.last_name AS admin_last_name,
  ${isoTime(sql`c.created_at`)} AS created_at`;
const FROM = sql`FROM companies c JOIN countries k ON k.id = c.country_id
  LEFT JOIN cities ci ON ci.id = c.city_id ${ADMIN_LATERAL}`;

const byName = (expr: string): Sql => rawSql(sortable(expr));

type Filters = z.output<typeof companyListQuery>;

/** The list of GET /api/generals/compagnies. */
export function companyList(ctx: HasAuth, q: Filters): ListSource<typeof company, SortKey<typeof companyListQuery>> {
  const auth = authOf(ctx);
  const where: Sql[] = [];
  // The top bar's country filter (docs/spec.md §2) applies to this list like to the company selector.
  if (auth.selectCountryCode) where.push(sql`k.name_code = ${auth.selectCountryCode}`);
  if (q.country) where.push(sql`k.name_code = ${q.country}`);
  if (q.status) where.push(sql`c.status = ${q.status}`);
  return {
    row: company,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: {
      name: byName('c.name'),
      ref_code: sql`c.ref_code`,
      country: byName('k.name'),
      city: byName('ci.name'),
      status: sql`c.status`,
      agents_count: sql`agents_count`,
      admin_username: sql`lower(adm.username)`,
      created_at: sql`c.created_at`,
    },
    search: [sql`c.name`, sql`c.ref_code`, sql`c.phone`, sql`c.email`, sql`adm.username`, sql`k.name`, sql`ci.name`],
    tieBreaker: sql`c.id`,
  };
}

export async function getCompany(raw: RawClient, id: number): Promise<Company> {
  const row = await firstRow(raw, company, sql`SELECT ${COLUMNS} ${FROM} WHERE c.id = ${id}`);
  return orNotFound(row, 'Compagnie introuvable.');
}

/** The company selector: the companies of the country the caller selected (all without one). */
export function simpleCompanies(raw: RawClient, ctx: HasAuth) {
  const country = authOf(ctx).selectCountryCode;
  return rows(
    raw,
    simpleCompany,
    sql`SELECT c.ref_code, c.name AS companyname, c.logo AS user_photo
          FROM companies c JOIN countries k ON k.id = c.country_id
         WHERE ${country}::text IS NULL OR k.name_code = ${country}::text
         ORDER BY c.name`,
  );
}
