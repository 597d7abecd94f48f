import type { Company, companyInput, companyUpdate } from '@borlette/shared/contracts/companies';
import { UPLOAD_URL } from '@borlette/shared/contracts/countries';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { AppError, badRequest, conflict } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { randomCode } from '../../lib/tokens';
import { assertHoldsAll, codenamesHeld } from '../_lib/holds';
import { storeImage } from '../_lib/images';
import { unlockSignIn } from '../_lib/people';
import { orNotFound } from '../_lib/scope';
import { isUniqueViolation } from '../_lib/validate';

export type CompanyValues = z.output<typeof companyInput>;
export type CompanyUpdateValues = Omit<z.output<typeof companyUpdate>, 'id'>;

/** The company's admin: its first full-access 'company' user (the one created with it). */
const ADMIN_LATERAL = `LEFT JOIN LATERAL (
    SELECT u.id, u.username, u.first_name, u.last_name FROM users u
     WHERE u.company_id = c.id AND u.role = 'company'
     ORDER BY u.full_access DESC, u.id LIMIT 1) adm ON true`;

export const COMPANY_COLUMNS = `
  c.id, c.ref_code, c.name, c.logo, k.name_code AS country_code, k.name AS country_name, k.flag AS country_flag,
  c.city_id, ci.name AS city_name, c.timezone, c.currency, c.phone, c.email, c.address, c.status,
  (SELECT count(*)::int FROM users a WHERE a.company_id = c.id AND a.role = 'agent' AND a.status <> 'archived') AS agents_count,
  (SELECT count(*)::int FROM users o WHERE o.company_id = c.id AND o.id <> coalesce(adm.id, 0)) AS users_count,
  adm.id AS admin_id, adm.username AS admin_username, adm.first_name AS admin_first_name, adm.last_name AS admin_last_name,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;
export const COMPANY_FROM = `FROM companies c JOIN countries k ON k.id = c.country_id
  LEFT JOIN cities ci ON ci.id = c.city_id ${ADMIN_LATERAL}`;

export async function getCompany(raw: RawClient, id: number): Promise<Company> {
  const [row] = await raw.query<Company>(`SELECT ${COMPANY_COLUMNS} ${COMPANY_FROM} WHERE c.id = $1`, [id]);
  return orNotFound(row, 'Compagnie introuvable.');
}

/**
 * Acting on the company's admin account (its password, its names, blocking or deleting the company it
 * signs in to) needs every codename its admin accounts hold (modules/_lib/holds.ts): change_company
 * alone would let platform staff take the company over.
 */
async function assertMayActOnAdmins(raw: RawClient, request: FastifyRequest, companyId: number, userId?: number) {
  const held = await codenamesHeld(raw, { companyId, role: 'company', userId });
  assertHoldsAll(request, held, 'Le compte admin de cette compagnie');
}

const conflictOn = (fields: Record<string, string>) => new AppError(409, 'CONFLICT', Object.values(fields)[0], fields);
const USERNAME_TAKEN = { admin_username: 'Ce nom d’utilisateur est déjà pris.' };

interface CountryRow {
  id: number;
  timezone: string;
  currency: string;
}

async function resolveCountry(raw: RawClient, input: CompanyUpdateValues): Promise<CountryRow> {
  const [k] = await raw.query<CountryRow>('SELECT id, timezone, currency FROM countries WHERE name_code = $1', [
    input.country_code,
  ]);
  if (!k) throw badRequest('Pays introuvable.', { country_code: 'Pays introuvable.' });
  if (input.city_id) {
    const found = await raw.query('SELECT 1 FROM cities WHERE id = $1 AND country_id = $2', [input.city_id, k.id]);
    if (!found.length) {
      throw badRequest('Ville inconnue dans ce pays.', { city_id: 'Ville inconnue dans ce pays.' });
    }
  }
  return k;
}

async function checkUsername(raw: RawClient, username: string, exceptUserId: number | null) {
  const rows = await raw.query(
    'SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> coalesce($2::bigint, 0)',
    [username, exceptUserId],
  );
  if (rows.length) throw conflictOn(USERNAME_TAKEN);
}

async function newRefCode(raw: RawClient): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = randomCode(6);
    const taken = await raw.query('SELECT 1 FROM companies WHERE ref_code = $1', [code]);
    if (!taken.length) return code;
  }
  throw new AppError(503, 'UNAVAILABLE', 'Impossible de générer un code de compagnie. Réessayez.');
}

/** The logo to keep: the current URL (unchanged) or nothing; a new image comes as a file. */
function keptLogo(logo: string | null, current: string | null): string | null {
  if (logo && UPLOAD_URL.test(logo) && logo !== current) {
    throw badRequest('Logo : envoyez une image.', { logo: 'Envoyez une image.' });
  }
  return logo;
}

/** The company, its settings (defaults) and its admin account, in one transaction. */
export async function createCompany(
  database: Database,
  request: FastifyRequest,
  input: CompanyValues,
  logoFile: Buffer | undefined,
): Promise<Company> {
  const k = await resolveCountry(database.raw, input);
  await checkUsername(database.raw, input.admin_username, null);
  if (input.logo) throw badRequest('Logo : envoyez une image.', { logo: 'Envoyez une image.' });
  const passwordHash = await hashPassword(input.admin_password);
  try {
    const id = await database.transaction(async (raw) => {
      const refCode = await newRefCode(raw);
      const [row] = await raw.query<{ id: number }>(
        `INSERT INTO companies (ref_code, name, country_id, city_id, timezone, currency, phone, email, address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          refCode,
          input.name,
          k.id,
          input.city_id ?? null,
          input.timezone ?? k.timezone,
          input.currency ?? k.currency,
          input.phone,
          input.email,
          input.address,
        ],
      );
      let logo: string | null = null;
      if (logoFile) {
        logo = await storeImage(raw, { companyId: row.id, data: logoFile, field: 'logo' });
        await raw.query('UPDATE companies SET logo = $2 WHERE id = $1', [row.id, logo]);
      }
      // Settings, general primes, loto options and the usual draws (domain.md defaults).
      await raw.query('SELECT borlette_init_company($1)', [row.id]);
      const [admin] = await raw.query<{ id: number }>(
        `INSERT INTO users (company_id, role, username, first_name, last_name, password_hash, full_access)
         VALUES ($1, 'company', $2, $3, $4, $5, true) RETURNING id`,
        [row.id, input.admin_username, input.admin_first_name, input.admin_last_name, passwordHash],
      );
      await audit(raw, request, {
        action: 'create',
        entity: 'company',
        entityId: row.id,
        companyId: row.id,
        after: { ...input, ref_code: refCode, logo, admin_id: admin.id }, // the password is masked by audit()
      });
      return row.id;
    });
    return getCompany(database.raw, id);
  } catch (err) {
    if (isUniqueViolation(err, 'users_username')) throw conflictOn(USERNAME_TAKEN);
    throw err;
  }
}

export async function updateCompany(
  database: Database,
  request: FastifyRequest,
  id: number,
  input: CompanyUpdateValues,
  logoFile: Buffer | undefined,
): Promise<Company> {
  const before = await getCompany(database.raw, id);
  const k = await resolveCountry(database.raw, input);
  if (before.admin_id && input.admin_username) await checkUsername(database.raw, input.admin_username, before.admin_id);
  const kept = keptLogo(input.logo, before.logo);
  const renamesAdmin =
    (input.admin_username != null && input.admin_username !== before.admin_username) ||
    (input.admin_first_name != null && input.admin_first_name !== before.admin_first_name) ||
    (input.admin_last_name != null && input.admin_last_name !== before.admin_last_name);
  if (before.admin_id && renamesAdmin) await assertMayActOnAdmins(database.raw, request, id, before.admin_id);
  try {
    await database.transaction(async (raw) => {
      const logo = logoFile ? await storeImage(raw, { companyId: id, data: logoFile, field: 'logo' }) : kept;
      await raw.query(
        `UPDATE companies SET name = $2, logo = $3, country_id = $4, city_id = $5, timezone = $6, currency = $7,
                phone = $8, email = $9, address = $10, updated_at = now()
          WHERE id = $1`,
        [
          id,
          input.name,
          logo,
          k.id,
          input.city_id ?? null,
          input.timezone ?? k.timezone,
          input.currency ?? k.currency,
          input.phone,
          input.email,
          input.address,
        ],
      );
      if (before.admin_id) {
        await raw.query(
          `UPDATE users SET username = coalesce($2, username), first_name = coalesce($3, first_name),
                  last_name = coalesce($4, last_name), updated_at = now()
            WHERE id = $1`,
          [
            before.admin_id,
            input.admin_username ?? null,
            input.admin_first_name ?? null,
            input.admin_last_name ?? null,
          ],
        );
      }
      await audit(raw, request, {
        action: 'update',
        entity: 'company',
        entityId: id,
        companyId: id,
        before,
        after: { ...input, logo },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_username')) throw conflictOn(USERNAME_TAKEN);
    throw err;
  }
  return getCompany(database.raw, id);
}

/**
 * A blocked company: its users cannot sign in and their sessions stop at the next request
 * (http/auth.ts checks the company's status); unblocked, sessions still valid resume.
 */
export async function blockCompany(database: Database, request: FastifyRequest, id: number, blocked: boolean) {
  const before = await getCompany(database.raw, id);
  await assertMayActOnAdmins(database.raw, request, id);
  const status = blocked ? 'blocked' : 'active';
  await database.transaction(async (raw) => {
    await raw.query('UPDATE companies SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
    await audit(raw, request, {
      action: blocked ? 'block' : 'unblock',
      entity: 'company',
      entityId: id,
      companyId: id,
      before: { status: before.status },
      after: { status },
    });
  });
  return getCompany(database.raw, id);
}

/**
 * Lifts the admin's sign-in throttling. Clearing the failures is what lets guessing go on, so it asks
 * what a new password asks: the caller holds everything the admin holds (issue 15, defects 2 and 3).
 */
export async function unlockAdminSignIn(database: Database, request: FastifyRequest, id: number) {
  const company = await getCompany(database.raw, id);
  if (!company.admin_id) throw conflict('Cette compagnie n’a pas de compte admin.');
  await assertMayActOnAdmins(database.raw, request, id, company.admin_id);
  return unlockSignIn(database, request, { entity: 'user', companyId: id, id: company.admin_id });
}

/** Sets the company admin's password (the spec's forgotten password goes through the administration). */
export async function setAdminPassword(database: Database, request: FastifyRequest, id: number, password: string) {
  const company = await getCompany(database.raw, id);
  if (!company.admin_id) throw conflict('Cette compagnie n’a pas de compte admin.');
  await assertMayActOnAdmins(database.raw, request, id, company.admin_id);
  const hash = await hashPassword(password);
  await database.transaction(async (raw) => {
    await raw.query(
      'UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE id = $1',
      [company.admin_id, hash],
    );
    // The old password no longer opens anything: the admin signs in again.
    const revoked = await raw.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
      [company.admin_id],
    );
    // The caller's act (the audit's actor is the signed-in platform account), on the admin's account.
    await audit(raw, request, {
      action: 'change_password',
      entity: 'user',
      entityId: company.admin_id,
      companyId: id,
      after: { username: company.admin_username, sessions_revoked: revoked.length },
    });
  });
}

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23503';
}

/**
 * Refused while the company has agents or any user besides its admin (block it instead); otherwise
 * the company goes with its admin, settings and configuration. The audit trail is kept.
 */
export async function deleteCompany(database: Database, request: FastifyRequest, id: number): Promise<void> {
  const before = await getCompany(database.raw, id);
  if (before.admin_id) await assertMayActOnAdmins(database.raw, request, id);
  const [{ agents, others }] = await database.raw.query<{ agents: number; others: number }>(
    `SELECT count(*) FILTER (WHERE role = 'agent')::int AS agents,
            count(*) FILTER (WHERE role <> 'agent')::int AS others
       FROM users WHERE company_id = $1 AND id <> coalesce($2::bigint, 0)`,
    [id, before.admin_id],
  );
  if (agents + others > 0) {
    const parts = [agents ? `${agents} vendeur(s)` : null, others ? `${others} autre(s) utilisateur(s)` : null].filter(
      Boolean,
    );
    throw conflict(
      `Impossible de supprimer « ${before.name} » : ${parts.join(' et ')} y sont rattachés. Bloquez la compagnie plutôt.`,
    );
  }
  try {
    await database.transaction(async (raw) => {
      await raw.query('DELETE FROM messages WHERE company_id = $1', [id]);
      await raw.query('DELETE FROM limite_fiches WHERE company_id = $1', [id]);
      // Its game configuration (defaults made at creation); tickets would make the DELETE fail (409).
      for (const table of [
        'info_tirage_versions',
        'info_tirages',
        'primes',
        'sale_limits',
        'boule_blocks',
        'interval_mas',
        'lotto_options',
        'sale_counters',
        // After the counters: deleting them writes their day sums (to 0) through the trigger.
        'sale_numbers',
        'tirages',
      ]) {
        await raw.query(`DELETE FROM ${table} WHERE company_id = $1`, [id]);
      }
      await raw.query('DELETE FROM supervisor_surcussales WHERE company_id = $1', [id]);
      await raw.query('DELETE FROM surcussales WHERE company_id = $1', [id]);
      // Only its admin: a user added meanwhile makes the company's DELETE fail (409 below), never vanish.
      await raw.query('DELETE FROM users WHERE company_id = $1 AND id = $2', [id, before.admin_id]);
      await raw.query('DELETE FROM company_settings WHERE company_id = $1', [id]);
      await raw.query('DELETE FROM files WHERE company_id = $1', [id]);
      await raw.query('DELETE FROM companies WHERE id = $1', [id]);
      // Superusers who had selected it act on every company again.
      await raw.query("UPDATE users SET select_company = 'all' WHERE role = 'superuser' AND select_company = $1", [
        before.ref_code,
      ]);
      await audit(raw, request, { action: 'delete', entity: 'company', entityId: id, companyId: id, before });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw conflict(
        `Impossible de supprimer « ${before.name} » : elle a encore des données (tirages, fiches…). Bloquez-la plutôt.`,
      );
    }
    throw err;
  }
}
