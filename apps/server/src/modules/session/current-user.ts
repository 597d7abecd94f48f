import type { CurrentUser } from '@borlette/shared';
import { role } from '@borlette/shared/contracts/auth';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, sql } from '../../db/sql';
import { effectivePermissions } from '../../http/auth';
import { notFound } from '../../http/errors';

const text = z.string().nullable();
const userRow = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  photo: text,
  role,
  full_access: z.boolean(),
  select_company: text,
  select_country_code: text,
  perms: z.array(z.string()).nullable(),
  ref_code: text,
  company_name: text,
  logo: text,
  timezone: text,
  currency: text,
  country_code: text,
  time_zone: z.string(),
});

/**
 * docs/spec.md §3 User. For company users, `company` is their own; for the superuser, the selected
 * company (or null when 'all' is selected).
 */
export async function loadCurrentUser(raw: RawClient, userId: number): Promise<CurrentUser> {
  const u = await firstRow(
    raw,
    userRow,
    sql`SELECT u.id, u.username, u.first_name, u.last_name, u.photo, u.role, u.full_access,
               u.select_company, u.select_country_code,
               (SELECT array_agg(p.codename ORDER BY p.codename) FROM user_permissions p WHERE p.user_id = u.id) AS perms,
               c.ref_code, c.name AS company_name, c.logo, c.timezone, c.currency,
               (SELECT k.name_code FROM countries k WHERE k.id = c.country_id) AS country_code,
               coalesce(c.timezone, (SELECT k.timezone FROM countries k WHERE k.name_code = u.select_country_code),
                        'UTC') AS time_zone
          FROM users u
          LEFT JOIN companies c
            ON c.id = CASE WHEN u.role = 'superuser'
                           THEN (SELECT id FROM companies WHERE ref_code = u.select_company)
                           ELSE u.company_id END
         WHERE u.id = ${userId}`,
  );
  if (!u) throw notFound('Utilisateur introuvable.');
  const perms = [...effectivePermissions(u.role, u.full_access, u.perms ?? [])].sort();
  const isSuper = u.role === 'superuser';
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    companyname: u.company_name ?? (isSuper ? 'Super Admin' : ''),
    user_photo: u.photo ?? (isSuper ? null : u.logo),
    role: u.role,
    perms: perms.map((codename) => ({ codename })),
    select_company: isSuper ? (u.select_company ?? 'all') : u.ref_code,
    select_country_code: u.select_country_code,
    time_zone: u.time_zone,
    company: u.ref_code
      ? {
          ref_code: u.ref_code,
          companyname: u.company_name ?? '',
          logo: u.logo,
          timezone: u.timezone ?? 'America/Port-au-Prince',
          currency: u.currency ?? 'HTG',
          country_code: u.country_code ?? 'HT',
        }
      : null,
  };
}
