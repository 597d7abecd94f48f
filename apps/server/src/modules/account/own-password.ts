import type { FastifyRequest } from 'fastify';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { type AuthContext, authOf } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { finishAttempt, reserveAttempt } from '../auth/throttle';

export const WRONG_CURRENT = 'Mot de passe actuel incorrect.';
export const CHANGED_MEANWHILE =
  'Votre mot de passe vient d’être changé par une autre demande : saisissez le mot de passe actuel et recommencez.';

/**
 * Checks the current password, reserved first like the sign-in (auth/throttle.ts): a burst of guesses
 * from a stolen session is checked at most THROTTLE.maxCurrentPassword times. A wrong one is audited.
 */
export async function checkCurrentPassword(
  database: Database,
  request: FastifyRequest,
  auth: AuthContext,
  hash: string,
  given: string,
) {
  const key = auth.username.toLowerCase();
  const reservation = await reserveAttempt(database.raw, 'current_password', key, request.ip);
  const ok = await verifyPassword(given, hash);
  await finishAttempt(database.raw, 'current_password', reservation, key, request.ip, ok);
  if (ok) return;
  await audit(database.raw, request, {
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
  request: FastifyRequest,
  current: string,
  next: string,
): Promise<{ oldHash: string; newHash: string }> {
  const auth = authOf(request);
  const [row] = await database.raw.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
    auth.userId,
  ]);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Utilisateur introuvable.');
  await checkCurrentPassword(database, request, auth, row.password_hash, current);
  return { oldHash: row.password_hash, newHash: await hashPassword(next) };
}

/**
 * Writes the new hash only if the one checked is still the user's (compare-and-set): of two changes at
 * the same instant with the same current password, one wins and the other is refused (409), instead of
 * both answering « changed » with one of them silently lost. Signs out the user's other sessions.
 */
export async function applyPasswordChange(
  tx: RawClient,
  request: FastifyRequest,
  hashes: { oldHash: string; newHash: string },
): Promise<number> {
  const auth = authOf(request);
  const changed = await tx.query<{ id: number }>(
    `UPDATE users SET password_hash = $3, password_changed_at = now(), updated_at = now()
      WHERE id = $1 AND password_hash = $2 RETURNING id`,
    [auth.userId, hashes.oldHash, hashes.newHash],
  );
  if (!changed.length) throw new AppError(409, 'PASSWORD_CHANGED_MEANWHILE', CHANGED_MEANWHILE);
  const revoked = await tx.query<{ id: number }>(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id',
    [auth.userId, auth.sessionId],
  );
  await audit(tx, request, {
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
  request: FastifyRequest,
  input: { current_password: string; new_password: string },
) {
  const hashes = await preparePasswordChange(database, request, input.current_password, input.new_password);
  const revoked = await database.transaction((tx) => applyPasswordChange(tx, request, hashes));
  return { ok: true as const, other_sessions_revoked: revoked };
}
