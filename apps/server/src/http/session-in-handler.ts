import type { Codename, Role } from '@borlette/shared';
import type { Access } from '@borlette/shared/endpoint';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { hashToken } from '../lib/tokens';
import { admit, authenticate, effectivePermissions, readToken, SESSION_SQL, type SessionRow, sessionOf } from './auth';

/**
 * One round trip for a hot route: the session's lookup (SESSION_SQL) and the route's own work in ONE
 * statement, instead of the auth hook's query then the handler's. Still nothing cached: the session is
 * read from the database on every request (several instances share it).
 *
 * The statement runs the work only when the session row passes a gate written in SQL that admits
 * exactly what `admit` (http/auth.ts) admits for the route's declared access without looking at grants:
 * an active, unrevoked, unblocked session of a role whose defaults hold the permission (agents). Then
 * `admit` runs on the same row in Node, so every refusal (401, 403, the block's code) is the auth
 * hook's own. Errors keep their precedence over the input's: a bad body with a bad token answers the
 * token's 401/403, as on every route.
 */

/**
 * The route's error handler: a body Fastify could not read (bad JSON, too large, wrong type) is
 * refused before the handler runs, so the session is checked here first — its 401/403 wins, as on
 * every route. Everything then goes on to the application's error handler.
 */
export function sessionBeforeBodyErrors(database: Database) {
  return async (error: FastifyError, request: FastifyRequest) => {
    if (request.auth === null && String(error.code ?? '').startsWith('FST_ERR_CTP_')) {
      await authenticate(database, request);
    }
    throw error;
  };
}

/** The roles of `access` admitted whatever their grants (their permissions are their role's defaults). */
function gateRoles(declared: Access): Role[] {
  if (declared.public || declared.staffPermission) return [];
  const needed = declared.permission;
  const anyOf: readonly Codename[] = needed === null ? [] : typeof needed === 'string' ? [needed] : needed;
  return declared.roles.filter((role) => {
    if (role !== 'agent') return false; // other roles' permissions are grants (or staff rules)
    const held = effectivePermissions(role, false, []);
    return anyOf.length === 0 || anyOf.some((c) => held.has(c));
  });
}

/** The SQL gate over the session CTE `s`: true exactly when `admit` lets the session through. */
function gateSql(roles: readonly Role[]): string {
  if (roles.length === 0) return 'false';
  const list = roles.map((r) => `'${r}'`).join(', ');
  return `(s.company_id IS NULL OR s.company_status = 'active') AND s.status = 'active' AND NOT s.revoked
     AND (s.surcussale_status IS NULL OR s.surcussale_status = 'active') AND s.role IN (${list})`;
}

/**
 * The statement: the session row, and `work` (an SQL expression over the session columns of `s` and
 * the parameters from $2 on, e.g. `borlette_sell($2::jsonb || jsonb_build_object('agent_id', s.user_id))`)
 * evaluated only when the gate admits it, as the column `result`.
 */
export function sessionStatement(access: Access, work: string): string {
  return `WITH s AS (${SESSION_SQL})
SELECT s.*, CASE WHEN ${gateSql(gateRoles(access))} THEN ${work} END AS result FROM s`;
}

/**
 * Runs the route's work in its session's statement. `prepare` builds the parameters (it may refuse the
 * input: the session is then checked first, as the auth hook would have); `fallback` does the work
 * after a separate session check, for whatever the gate did not admit but `admit` does.
 */
export async function withSession<T>(
  database: Database,
  request: FastifyRequest,
  run: {
    statement: string;
    name: string;
    prepare: () => unknown[];
    fallback: () => Promise<T>;
  },
): Promise<T> {
  const token = readToken(request);
  // The auth hook already resolved it (no token: refused there), or the input is invalid: the session
  // first, then the input's 400.
  if (request.auth || !token || request.validationError) {
    if (!request.auth) await authenticate(database, request);
    if (request.validationError) throw request.validationError;
    return run.fallback();
  }
  let params: unknown[];
  try {
    params = run.prepare();
  } catch (err) {
    await authenticate(database, request);
    throw err;
  }
  let row: (SessionRow & { result: T | null }) | undefined;
  try {
    [row] = await database.raw.query(run.statement, [hashToken(token), ...params], run.name);
  } catch (err) {
    // The work ran (the gate admitted the session) and was refused: the log line still names who.
    await authenticate(database, request).catch(() => {});
    throw err;
  }
  admit(request, token, sessionOf(database, row));
  if (row?.result === null || row?.result === undefined) return run.fallback();
  return row.result;
}
