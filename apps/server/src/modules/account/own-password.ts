import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { firstRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { type AuthContext, authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { finishAttempt, reserveAttempt } from '../auth/throttle';

const idRow = z.object({ id: z.number() });

export const WRONG_CURRENT = 'Mot de passe actuel incorrect.';
export const CHANGED_MEANWHILE =
  'Votre mot de passe vient d’être changé par une autre demande : saisissez le mot de passe actuel et recommencez.';

/**
 * Checks the current password, reserved first like the sign-in (auth/throttle.ts): a burst of guesses
 * from a stolen session is checked at most THROTTLE.maxCurrentPassword times. A wrong one is audited.
 */
export async function checkCurrentPassword(
  database: Database,
  ctx: RequestContext,
  auth: AuthContext,
  hash: string,
  given: string,
) {
  const key = auth.username.toLowerCase();
  const ip = ctx.ip ?? '';
  const reservation = await reserveAttempt(database.raw, 'current_password', key, ip);
  const ok = await verifyPassword(given, hash);
  await finishAttempt(database.raw, 'current_password', reservation, key, ip, ok);
  if (ok) return;
  await audit(database.raw, ctx, {
    action: 'change_password_failed',
    entity: 'user',
    entityId: auth.userId,
    companyId: auth.ownCompanyId,
  });
  throw badRequest(WRONG_CURRENT, { current_password: WRONG_CURRENT });
}

/** The hash checked and the one to write: computed before the transaction (scrypt holds no lock). */
export async function preparePasswordChange(
  database: Database,
  ctx: RequestContext,
  current: string,
  next: string,
): Promise<{ oldHash: string; newHash: string }> {
  const auth = authOf(ctx);
  const row = await firstRow(
    database.raw,
    z.object({ password_hash: z.string() }),
    sql`SELECT password_hash FROM users WHERE id = ${auth.userId}`,
  );
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Utilisateur introuvable.');
  await checkCurrentPassword(database, ctx, auth, row.password_hash, current);
  return { oldHash: row.password_hash, newHash: await hashPassword(next) };
}

/**
 * Writes the new hash only if the one checked is still the user's (compare-and-set): of two changes at
 * the same instant with the same current password, one wins and the other is refused (409), instead of
 * both answering « changed » with one of them silently lost. Signs out the user's other sessions.
 */
export async function applyPasswordChange(
  tx: RawClient,
  ctx: RequestContext,
  hashes: { oldHash: string; newHash: string },
): Promise<number> {
  const auth = authOf(ctx);
  const changed = await rows(
    tx,
    idRow,
    sql`UPDATE users SET password_hash = ${hashes.newHash}, password_changed_at = now(), updated_at = now()
         WHERE id = ${auth.userId} AND password_hash = ${hashes.oldHash} RETURNING id`,
  );
  if (!changed.length) throw new AppError(409, 'PASSWORD_CHANGED_MEANWHILE', CHANGED_MEANWHILE);
  const revoked = await rows(
    tx,
    idRow,
    sql`UPDATE sessions SET revoked_at = now()
         WHERE user_id = ${auth.userId} AND id <> ${auth.sessionId} AND revoked_at IS NULL RETURNING id`,
  );
  await audit(tx, ctx, {
    action: 'change_password',
    entity: 'user',
    entityId: auth.userId,
    // The person's own company (none for platform staff), not the one a superuser has selected.
    companyId: auth.ownCompanyId,
    after: { other_sessions_revoked: revoked.length },
  });
  return revoked.length;
}

/** POST …/user/password: the signed-in person's own password, whatever their role. */
export async function changeOwnPassword(
  database: Database,
  ctx: RequestContext,
  input: { current_password: string; new_password: string },
) {
  const hashes = await preparePasswordChange(database, ctx, input.current_password, input.new_password);
  const revoked = await database.transaction((tx) => applyPasswordChange(tx, ctx, hashes));
  return { ok: true as const, other_sessions_revoked: revoked };
}
