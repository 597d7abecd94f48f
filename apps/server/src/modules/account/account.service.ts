import {
  ACCOUNT_INFO_FIELDS,
  ACCOUNT_PASSWORD_FIELDS,
  type AccountProfile,
  accountImageFlags,
  accountInfoInput,
  accountPasswordInput,
} from '@borlette/shared/contracts/account';
import type { Codename } from '@borlette/shared/permissions';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, joinSql, rawSql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { type AuthContext, authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { storeImage } from '../_lib/images';
import type { ParsedForm } from '../_lib/multipart';
import { validate } from '../_lib/validate';
import { loadCurrentUser } from '../session/current-user';
import { applyPasswordChange, preparePasswordChange } from './own-password';

/** storeImage, its refusal worded like its field message (the form then shows it once, on the field). */
async function storeImageOnField(raw: RawClient, opts: { companyId: number | null; data: Buffer; field: string }) {
  try {
    return await storeImage(raw, opts);
  } catch (err) {
    if (err instanceof AppError && err.fields?.[opts.field]) throw badRequest(err.fields[opts.field], err.fields);
    throw err;
  }
}

/** The current user plus the fields of the account form. */
export async function loadAccount(raw: RawClient, userId: number): Promise<AccountProfile> {
  const user = await loadCurrentUser(raw, userId);
  const row = await firstRow(
    raw,
    z.object({ photo: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
    sql`SELECT photo, phone, email FROM users WHERE id = ${userId}`,
  );
  return { ...user, photo: row?.photo ?? null, phone: row?.phone ?? null, email: row?.email ?? null };
}

function requirePermission(auth: AuthContext, codename: Codename) {
  if (!auth.permissions.has(codename))
    throw new AppError(403, 'PERMISSION_DENIED', `Permission requise : ${codename}.`);
}

/** Multipart sends every value as text: the flags become booleans; '' stays '' (it clears phone/email). */
function flag(v: unknown): unknown {
  return v === 'true' ? true : v === 'false' ? false : v;
}

const FILE_FIELDS = new Set(['photo', 'logo']);

interface Parts {
  info?: Partial<z.output<typeof accountInfoInput>>;
  photo?: Buffer | null; // null = remove
  logo?: Buffer | null;
  password?: { current_password: string; new_password: string };
}

/** Which parts the request carries, checked against the user's permissions (403) and validated (400). */
export function readParts(auth: AuthContext, form: ParsedForm): Parts {
  const { fields, files } = form;
  for (const name of Object.keys(files)) {
    if (!FILE_FIELDS.has(name)) throw badRequest(`Fichier inattendu (« ${name} »).`, { [name]: 'Fichier inattendu.' });
  }
  const has = (k: string) => Object.hasOwn(fields, k);
  const flags = validate(accountImageFlags, {
    remove_photo: flag(fields.remove_photo),
    remove_logo: flag(fields.remove_logo),
  });
  const infoSent = ACCOUNT_INFO_FIELDS.some(has);
  const photoSent = Boolean(files.photo) || flags.remove_photo === true;
  const logoSent = Boolean(files.logo) || flags.remove_logo === true;
  const passwordSent = ACCOUNT_PASSWORD_FIELDS.some(has);
  if (!infoSent && !photoSent && !logoSent && !passwordSent) throw badRequest('Rien à modifier.');

  if (logoSent && auth.role !== 'company')
    throw forbidden('Seul l’administrateur de la compagnie peut changer le logo de la compagnie.');
  if (infoSent) requirePermission(auth, 'change_user_info');
  if (photoSent || logoSent) requirePermission(auth, 'change_logo');
  // Everyone's own password, with the current one: no codename (own-password.ts).

  const parts: Parts = {};
  if (infoSent) {
    const present = Object.fromEntries(ACCOUNT_INFO_FIELDS.filter(has).map((k) => [k, fields[k]]));
    parts.info = validate(accountInfoInput.partial(), present);
  }
  if (photoSent) parts.photo = files.photo ?? null;
  if (logoSent) parts.logo = files.logo ?? null;
  if (passwordSent) {
    parts.password = validate(accountPasswordInput, {
      current_password: fields.current_password,
      new_password: fields.new_password,
    });
  }
  return parts;
}

const userRow = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  photo: z.string().nullable(),
  company_id: z.number().nullable(),
  logo: z.string().nullable(),
});
type UserRow = z.output<typeof userRow>;

/** The columns the account form writes (their names are spliced into the UPDATE: this list only). */
const WRITABLE = new Set(['first_name', 'last_name', 'phone', 'email', 'photo']);

/**
 * PUT …/user: applies the parts sent, in one transaction, and answers the updated account.
 * A password change revokes every other session of the user (the one making the change stays).
 */
export async function updateAccount(
  database: Database,
  ctx: RequestContext,
  form: ParsedForm,
): Promise<AccountProfile> {
  const auth = authOf(ctx);
  const parts = readParts(auth, form);
  const user = await firstRow(
    database.raw,
    userRow,
    sql`SELECT u.first_name, u.last_name, u.phone, u.email, u.photo, u.company_id, c.logo
          FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ${auth.userId}`,
  );
  if (!user) throw new AppError(404, 'NOT_FOUND', 'Utilisateur introuvable.');
  const hashes = parts.password
    ? await preparePasswordChange(database, ctx, parts.password.current_password, parts.password.new_password)
    : null;

  await database.transaction(async (tx) => {
    const changes: Record<string, unknown> = { ...parts.info };
    if (parts.photo !== undefined) {
      changes.photo = parts.photo
        ? await storeImageOnField(tx, { companyId: user.company_id, data: parts.photo, field: 'photo' })
        : null;
    }
    const keys = Object.keys(changes).filter((k) => WRITABLE.has(k));
    if (keys.length) {
      const sets = keys.map((k) => sql`${rawSql(k)} = ${changes[k]}`);
      await execute(tx, sql`UPDATE users SET ${joinSql(sets, ', ')}, updated_at = now() WHERE id = ${auth.userId}`);
      const before = Object.fromEntries(keys.map((k) => [k, user[k as keyof UserRow]]));
      await audit(tx, ctx, {
        action: 'update_profile',
        entity: 'user',
        entityId: auth.userId,
        before,
        after: changes,
      });
    }
    if (parts.logo !== undefined && user.company_id !== null) {
      const logo = parts.logo
        ? await storeImageOnField(tx, { companyId: user.company_id, data: parts.logo, field: 'logo' })
        : null;
      await execute(tx, sql`UPDATE companies SET logo = ${logo}, updated_at = now() WHERE id = ${user.company_id}`);
      await audit(tx, ctx, {
        action: 'change_logo',
        entity: 'company',
        entityId: user.company_id,
        before: { logo: user.logo },
        after: { logo },
      });
    }
    if (hashes) await applyPasswordChange(tx, ctx, hashes);
  });
  return loadAccount(database.raw, auth.userId);
}
