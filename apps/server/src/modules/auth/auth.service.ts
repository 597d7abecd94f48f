import type { LoginResponse, Role } from '@borlette/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { audit } from '../../http/audit';
import { AppError } from '../../http/errors';
import { dummyHash, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { loadCurrentUser } from '../session/current-user';
import { finishAttempt, reserveAttempt, throttleDelay } from './throttle';

const WRONG_CREDENTIALS = 'Identifiants incorrects!';

interface LoginUserRow {
  id: number;
  username: string;
  role: Role;
  password_hash: string;
  status: string;
  company_id: number | null;
  company_status: string | null;
}

export async function login(
  database: Database,
  config: Config,
  request: FastifyRequest,
  input: { username: string; password: string; remember: boolean },
): Promise<LoginResponse> {
  const { raw } = database;
  const key = input.username.toLowerCase();
  // Reserved before anything is hashed: the limit holds under parallel guesses (see throttle.ts).
  const reservation = await reserveAttempt(raw, 'login', key, request.ip);
  const wait = throttleDelay(reservation.failuresBefore);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  const rows = await raw.query<LoginUserRow>(
    `SELECT u.id, u.username, u.role, u.password_hash, u.status, u.company_id, c.status AS company_status
       FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE lower(u.username) = $1`,
    [key],
  );
  const user = rows[0];
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    await finishAttempt(raw, 'login', reservation, key, request.ip, false);
    await audit(raw, request, {
      action: 'login_failed',
      entity: 'session',
      companyId: user?.company_id ?? null,
      actor: { userId: user?.id ?? null, role: user?.role ?? null, username: input.username.slice(0, 150) },
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', WRONG_CREDENTIALS);
  }
  await finishAttempt(raw, 'login', reservation, key, request.ip, true);
  if (user.status !== 'active' || (user.company_id !== null && user.company_status !== 'active')) {
    throw new AppError(
      403,
      'ACCOUNT_BLOCKED',
      user.status === 'archived'
        ? 'Ce compte a été archivé. Contactez l’administration.'
        : user.status !== 'active'
          ? 'Votre compte est bloqué. Contactez l’administration.'
          : 'Votre compagnie est bloquée. Contactez l’administration.',
    );
  }

  const token = newToken();
  const expiresAt = new Date(Date.now() + (input.remember ? config.rememberMs : config.sessionMs));
  const [session] = await raw.query<{ id: number }>(
    `INSERT INTO sessions (user_id, token_hash, remember, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      user.id,
      hashToken(token),
      input.remember,
      expiresAt,
      request.ip,
      request.headers['user-agent']?.slice(0, 300) ?? null,
    ],
  );
  await audit(raw, request, {
    action: 'login',
    entity: 'session',
    entityId: session.id,
    companyId: user.company_id,
    actor: { userId: user.id, role: user.role, username: user.username },
    after: { remember: input.remember, expiresAt },
  });
  const current = await loadCurrentUser(raw, user.id);
  return { accessToken: token, user: current, role: user.role, expiresAt: expiresAt.toISOString() };
}

export async function logout(database: Database, request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth) return;
  await database.raw.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    auth.sessionId,
  ]);
  await audit(database.raw, request, { action: 'logout', entity: 'session', entityId: auth.sessionId });
}
