import type { LoginResponse } from '@borlette/shared';
import { type loginRequest, role } from '@borlette/shared/contracts/auth';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { execute, firstRow, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { dummyHash, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { loadCurrentUser } from '../session/current-user';
import { registerTerminal } from '../terminals/terminals.service';
import { finishAttempt, reserveAttempt, throttleDelay } from './throttle';

const WRONG_CREDENTIALS = 'Identifiants incorrects!';

const loginUserRow = z.object({
  id: z.number(),
  username: z.string(),
  role,
  password_hash: z.string(),
  status: z.string(),
  company_id: z.number().nullable(),
  company_status: z.string().nullable(),
});

export async function login(
  database: Database,
  config: Config,
  ctx: RequestContext,
  input: z.output<typeof loginRequest>,
): Promise<LoginResponse> {
  const { raw } = database;
  const key = input.username.toLowerCase();
  // Every HTTP request has an address; only a job (none signs in) would not.
  const ip = ctx.ip ?? '';
  // Reserved before anything is hashed: the limit holds under parallel guesses (see throttle.ts).
  const reservation = await reserveAttempt(raw, 'login', key, ip);
  const wait = throttleDelay(reservation.failuresBefore);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  const user = await firstRow(
    raw,
    loginUserRow,
    sql`SELECT u.id, u.username, u.role, u.password_hash, u.status, u.company_id, c.status AS company_status
          FROM users u LEFT JOIN companies c ON c.id = u.company_id
         WHERE lower(u.username) = ${key}`,
  );
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    await finishAttempt(raw, 'login', reservation, key, ip, false);
    await audit(raw, ctx, {
      action: 'login_failed',
      entity: 'session',
      companyId: user?.company_id ?? null,
      actor: { userId: user?.id ?? null, role: user?.role ?? null, username: input.username.slice(0, 150) },
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', WRONG_CREDENTIALS);
  }
  await finishAttempt(raw, 'login', reservation, key, ip, true);
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
  // One transaction: the approval setting read for an agent without a device stays share-locked until its
  // session is written, so approval turned on meanwhile either waits for it (and ends it) or refuses it.
  const { terminal, session } = await database.transaction(async (tx) => {
    // An agent's device (issue 20): registered or seen again; only agents sell from terminals.
    const terminal =
      user.role === 'agent' && user.company_id !== null
        ? await registerTerminal(tx, ctx, user.company_id, user.id, input.device)
        : null;
    const session = await oneRow(
      tx,
      z.object({ id: z.number() }),
      sql`INSERT INTO sessions (user_id, token_hash, remember, expires_at, ip, user_agent, terminal_id)
          VALUES (${user.id}, ${hashToken(token)}, ${input.remember}, ${expiresAt}, ${ctx.ip}, ${ctx.userAgent},
                  ${terminal?.id ?? null}) RETURNING id`,
    );
    return { terminal, session };
  });
  await audit(raw, ctx, {
    action: 'login',
    entity: 'session',
    entityId: session.id,
    companyId: user.company_id,
    actor: { userId: user.id, role: user.role, username: user.username },
    after: terminal
      ? { remember: input.remember, expiresAt, terminal_id: terminal.id, terminal_state: terminal.state }
      : { remember: input.remember, expiresAt },
  });
  const current = await loadCurrentUser(raw, user.id);
  const answer = { accessToken: token, user: current, role: user.role, expiresAt: expiresAt.toISOString() };
  return terminal ? { ...answer, terminal } : answer;
}

export async function logout(database: Database, ctx: RequestContext): Promise<void> {
  const auth = ctx.auth;
  if (!auth) return;
  await execute(
    database.raw,
    sql`UPDATE sessions SET revoked_at = now() WHERE id = ${auth.sessionId} AND revoked_at IS NULL`,
  );
  await audit(database.raw, ctx, { action: 'logout', entity: 'session', entityId: auth.sessionId });
}
