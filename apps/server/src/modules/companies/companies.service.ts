import type { Company, companyInput, companyUpdate } from '@borlette/shared/contracts/companies';
import { UPLOAD_URL } from '@borlette/shared/contracts/countries';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, rawSql, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, conflictOn } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { randomCode } from '../../lib/tokens';
import { assertHoldsAll, codenamesHeld } from '../_lib/holds';
import { storeImage } from '../_lib/images';
import { unlockSignIn } from '../_lib/people.service';
import { isUniqueViolation } from '../_lib/validate';
import { getCompany } from './companies-query';

export type CompanyValues = z.output<typeof companyInput>;
export type CompanyUpdateValues = Omit<z.output<typeof companyUpdate>, 'id'>;

/**
 * Acting on the company's admin account (its password, its names, blocking or deleting the company it
 * signs in to) needs every codename its admin accounts hold (modules/_lib/holds.ts): change_company
 * alone would let platform staff take the company over.
 */
async function assertMayActOnAdmins(raw: RawClient, ctx: HasAuth, companyId: number, userId?: number) {
  const held = await codenamesHeld(raw, { companyId, role: 'company', userId });
  assertHoldsAll(ctx, held, 'Le compte admin de cette compagnie');
}

const USERNAME_TAKEN = { admin_username: 'Ce nom d’utilisateur est déjà pris.' };

const countryRow = z.object({ id: z.number(), timezone: z.string(), currency: z.string() });
type CountryRow = z.output<typeof countryRow>;
const idRow = z.object({ id: z.number() });
const anyRow = z.object({});

async function resolveCountry(raw: RawClient, input: CompanyUpdateValues): Promise<CountryRow> {
  const k = await firstRow(
    raw,
    countryRow,
    sql`SELECT id, timezone, currency FROM countries WHERE name_code = ${input.country_code}`,
  );
  if (!k) throw badRequest('Pays introuvable.', { country_code: 'Pays introuvable.' });
  if (input.city_id) {
    const found = await rows(
      raw,
      anyRow,
      sql`SELECT 1 FROM cities WHERE id = ${input.city_id} AND country_id = ${k.id}`,
    );
    if (!found.length) {
      throw badRequest('Ville inconnue dans ce pays.', { city_id: 'Ville inconnue dans ce pays.' });
    }
  }
  return k;
}

async function checkUsername(raw: RawClient, username: string, exceptUserId: number | null) {
  const found = await rows(
    raw,
    anyRow,
    sql`SELECT 1 FROM users WHERE lower(username) = lower(${username}) AND id <> coalesce(${exceptUserId}::bigint, 0)`,
  );
  if (found.length) throw conflictOn(USERNAME_TAKEN);
}

async function newRefCode(raw: RawClient): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = randomCode(6);
    const taken = await rows(raw, anyRow, sql`SELECT 1 FROM companies WHERE ref_code = ${code}`);
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
  ctx: RequestContext,
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
      const row = await oneRow(
        raw,
        idRow,
        sql`INSERT INTO companies (ref_code, name, country_id, city_id, timezone, currency, phone, email, address)
            VALUES (${refCode}, ${input.name}, ${k.id}, ${input.city_id ?? null}, ${input.timezone ?? k.timezone},
                    ${input.currency ?? k.currency}, ${input.phone}, ${input.email}, ${input.address}) RETURNING id`,
      );
      let logo: string | null = null;
      if (logoFile) {
        logo = await storeImage(raw, { companyId: row.id, data: logoFile, field: 'logo' });
        await execute(raw, sql`UPDATE companies SET logo = ${logo} WHERE id = ${row.id}`);
      }
      // Settings, general primes, loto options and the usual draws (docs/domain.md defaults).
      await execute(raw, sql`SELECT borlette_init_company(${row.id})`);
      const admin = await oneRow(
        raw,
        idRow,
        sql`INSERT INTO users (company_id, role, username, first_name, last_name, password_hash, full_access)
            VALUES (${row.id}, 'company', ${input.admin_username}, ${input.admin_first_name}, ${input.admin_last_name},
                    ${passwordHash}, true) RETURNING id`,
      );
      await audit(raw, ctx, {
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
  ctx: RequestContext,
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
  if (before.admin_id && renamesAdmin) await assertMayActOnAdmins(database.raw, ctx, id, before.admin_id);
  try {
    await database.transaction(async (raw) => {
      const logo = logoFile ? await storeImage(raw, { companyId: id, data: logoFile, field: 'logo' }) : kept;
      await execute(
        raw,
        sql`UPDATE companies SET name = ${input.name}, logo = ${logo}, country_id = ${k.id}, city_id = ${input.city_id ?? null},
                   timezone = ${input.timezone ?? k.timezone}, currency = ${input.currency ?? k.currency},
                   phone = ${input.phone}, email = ${input.email}, address = ${input.address}, updated_at = now()
             WHERE id = ${id}`,
      );
      if (before.admin_id) {
        await execute(
          raw,
          sql`UPDATE users SET username = coalesce(${input.admin_username ?? null}, username),
                     first_name = coalesce(${input.admin_first_name ?? null}, first_name),
                     last_name = coalesce(${input.admin_last_name ?? null}, last_name), updated_at = now()
               WHERE id = ${before.admin_id}`,
        );
      }
      await audit(raw, ctx, {
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
export async function blockCompany(database: Database, ctx: RequestContext, id: number, blocked: boolean) {
  const before = await getCompany(database.raw, id);
  await assertMayActOnAdmins(database.raw, ctx, id);
  const status = blocked ? 'blocked' : 'active';
  await database.transaction(async (raw) => {
    await execute(raw, sql`UPDATE companies SET status = ${status}, updated_at = now() WHERE id = ${id}`);
    await audit(raw, ctx, {
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
export async function unlockAdminSignIn(database: Database, ctx: RequestContext, id: number) {
  const company = await getCompany(database.raw, id);
  if (!company.admin_id) throw conflict('Cette compagnie n’a pas de compte admin.');
  await assertMayActOnAdmins(database.raw, ctx, id, company.admin_id);
  return unlockSignIn(database, ctx, { entity: 'user', companyId: id, id: company.admin_id });
}

/** Sets the company admin's password (the spec's forgotten password goes through the administration). */
export async function setAdminPassword(database: Database, ctx: RequestContext, id: number, password: string) {
  const company = await getCompany(database.raw, id);
  const adminId = company.admin_id;
  if (!adminId) throw conflict('Cette compagnie n’a pas de compte admin.');
  await assertMayActOnAdmins(database.raw, ctx, id, adminId);
  const hash = await hashPassword(password);
  await database.transaction(async (raw) => {
    await execute(
      raw,
      sql`UPDATE users SET password_hash = ${hash}, password_changed_at = now(), updated_at = now()
           WHERE id = ${adminId}`,
    );
    // The old password no longer opens anything: the admin signs in again.
    const revoked = await rows(
      raw,
      idRow,
      sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${adminId} AND revoked_at IS NULL RETURNING id`,
    );
    // The caller's act (the audit's actor is the signed-in platform account), on the admin's account.
    await audit(raw, ctx, {
      action: 'change_password',
      entity: 'user',
      entityId: adminId,
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
export async function deleteCompany(database: Database, ctx: RequestContext, id: number): Promise<void> {
  const before = await getCompany(database.raw, id);
  if (before.admin_id) await assertMayActOnAdmins(database.raw, ctx, id);
  const { agents, others } = await oneRow(
    database.raw,
    z.object({ agents: z.number(), others: z.number() }),
    sql`SELECT count(*) FILTER (WHERE role = 'agent')::int AS agents,
               count(*) FILTER (WHERE role <> 'agent')::int AS others
          FROM users WHERE company_id = ${id} AND id <> coalesce(${before.admin_id}::bigint, 0)`,
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
      await execute(raw, sql`DELETE FROM messages WHERE company_id = ${id}`);
      await execute(raw, sql`DELETE FROM limite_fiches WHERE company_id = ${id}`);
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
        'sale_number_deltas',
        'tirages',
      ]) {
        await execute(raw, sql`DELETE FROM ${rawSql(table)} WHERE company_id = ${id}`);
      }
      await execute(raw, sql`DELETE FROM supervisor_surcussales WHERE company_id = ${id}`);
      // A deleted supervisor's rate history (no key to users: its rows outlive it).
      await execute(raw, sql`DELETE FROM supervisor_rates WHERE company_id = ${id}`);
      await execute(raw, sql`DELETE FROM surcussales WHERE company_id = ${id}`);
      // Only its admin: a user added meanwhile makes the company's DELETE fail (409 below), never vanish.
      await execute(raw, sql`DELETE FROM users WHERE company_id = ${id} AND id = ${before.admin_id}`);
      await execute(raw, sql`DELETE FROM company_settings WHERE company_id = ${id}`);
      await execute(raw, sql`DELETE FROM files WHERE company_id = ${id}`);
      await execute(raw, sql`DELETE FROM companies WHERE id = ${id}`);
      // Superusers who had selected it act on every company again.
      await execute(
        raw,
        sql`UPDATE users SET select_company = 'all' WHERE role = 'superuser' AND select_company = ${before.ref_code}`,
      );
      await audit(raw, ctx, { action: 'delete', entity: 'company', entityId: id, companyId: id, before });
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
