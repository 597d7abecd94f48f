import {
  COMPANY_CODENAMES,
  type Codename,
  GRANTABLE_PERMISSIONS,
  ROLE_DEFAULT_PERMISSIONS,
  type Role,
} from '@borlette/shared';
import type { TerminalState } from '@borlette/shared/contracts/terminals';
import type { Endpoint } from '@borlette/shared/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { hashToken } from '../lib/tokens';
import { type Access, isAccess } from './access';
import { AppError, databaseRefusal, forbidden, unauthorized } from './errors';
import { SessionCache } from './session-cache';

export interface AuthContext {
  userId: number;
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  sessionId: number;
  /** The user's own company (null for platform staff). */
  ownCompanyId: number | null;
  /**
   * The company the request acts on: the user's own, or the superuser's selection
   * (null when the superuser selected 'all': reads span companies, writes are refused).
   */
  companyId: number | null;
  permissions: ReadonlySet<Codename>;
  selectCompany: string | null;
  selectCountryCode: string | null;
  /** The agent's device of this session (issue 20), null for web sign-ins; its state read with the session. */
  terminalId: number | null;
  terminalState: TerminalState | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set when the session came from memory (session-cache.ts): looks it up again, throws its answer. */
    sessionRecheck: (() => Promise<void>) | null;
  }
  interface FastifyInstance {
    /** Every /api route with the access it declared: the source of the access tests. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The declaration it was registered from. */
  endpoint: Endpoint;
}

export interface SessionRow {
  session_id: number;
  user_id: number;
  username: string;
  role: Role;
  first_name: string;
  last_name: string;
  company_id: number | null;
  full_access: boolean;
  select_company: string | null;
  select_country_code: string | null;
  selected_company_id: number | null;
  perms: string[] | null;
  /** last_seen_at is more than 5 minutes old (compared in SQL: no timestamp parsed per request). */
  stale: boolean;
  revoked: boolean;
  status: string;
  company_status: string | null;
  surcussale_status: string | null;
  surcussale_name: string | null;
  terminal_id: number | null;
  terminal_state: TerminalState | null;
}

/**
 * One round trip: token -> unexpired session -> user, company, (an agent's) sub-branch -> permissions.
 * The statuses come with it so that a session ended by a block answers the block (403) rather than
 * a generic 401 (docs/api-pos.md); a revoked session of an active user stays a 401.
 */
export const SESSION_SQL = `
SELECT s.id AS session_id, s.last_seen_at < now() - interval '5 minutes' AS stale, s.revoked_at IS NOT NULL AS revoked, u.id AS user_id, u.username, u.role,
       u.first_name, u.last_name, u.status, u.company_id, u.full_access, u.select_company, u.select_country_code,
       c.status AS company_status, b.status AS surcussale_status, b.name AS surcussale_name,
       sc.id AS selected_company_id, s.terminal_id, t.state AS terminal_state,
       -- Agents and full-access accounts hold their role's defaults whatever their grants: not read.
       CASE WHEN u.role <> 'agent' AND NOT u.full_access
            THEN (SELECT array_agg(p.codename) FROM user_permissions p WHERE p.user_id = u.id) END AS perms
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN companies c ON c.id = u.company_id
  LEFT JOIN surcussales b ON u.role = 'agent' AND b.id = u.surcussale_id AND b.company_id = u.company_id
  LEFT JOIN companies sc ON u.role = 'superuser' AND sc.ref_code = u.select_company
  -- The device's state comes with the session (issue 20): the sale and the payment check it without a query.
  LEFT JOIN terminals t ON t.company_id = u.company_id AND t.id = s.terminal_id
 WHERE s.token_hash = $1 AND s.expires_at > now()`;

/** The block that ends this session, in the sale's order (company, account, sub-branch), or null. */
function blockOf(r: SessionRow): AppError | null {
  if (r.company_id !== null && r.company_status !== 'active') {
    return new AppError(403, 'COMPANY_BLOCKED', 'Votre compagnie est bloquée. Contactez l’administration.');
  }
  if (r.status === 'blocked') {
    return new AppError(
      403,
      r.role === 'agent' ? 'AGENT_BLOCKED' : 'ACCOUNT_BLOCKED',
      'Votre compte est bloqué. Contactez l’administration.',
    );
  }
  if (r.surcussale_status !== null && r.surcussale_status !== 'active') {
    return new AppError(
      403,
      'SURCUSSALE_BLOCKED',
      `La succursale ${r.surcussale_name} est bloquée. Contactez l’administration.`,
    );
  }
  return null;
}

export function effectivePermissions(role: Role, fullAccess: boolean, granted: readonly string[]): Set<Codename> {
  // Agents hold the point-of-sale codenames by their role (can_cancel and blocking govern the rest).
  if (fullAccess || role === 'agent') return new Set(ROLE_DEFAULT_PERMISSIONS[role]);
  const allowed = new Set<string>(GRANTABLE_PERMISSIONS[role]);
  return new Set(granted.filter((c) => allowed.has(c)) as Codename[]);
}

/** A role's default permissions, built once (agents and full-access accounts hold exactly these). */
const ROLE_DEFAULTS = new Map<Role, ReadonlySet<Codename>>();

/** effectivePermissions for a session: the shared set of the role's defaults when no grant matters. */
function sessionPermissions(role: Role, fullAccess: boolean, granted: readonly string[]): ReadonlySet<Codename> {
  if (!fullAccess && role !== 'agent') return effectivePermissions(role, fullAccess, granted);
  let set = ROLE_DEFAULTS.get(role);
  if (!set) {
    set = effectivePermissions(role, true, []);
    ROLE_DEFAULTS.set(role, set);
  }
  return set;
}

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^(?:Token|Bearer)\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return m ? m[1] : '';
}

/** Resolves the session of every request and enforces the access each route declares. */
export function registerAuth(app: FastifyInstance, database: Database) {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionRecheck', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    // An /api route exists only as a declaration of packages/shared, registered by http/route.ts.
    const endpoint = route.config?.endpoint;
    if (!endpoint)
      throw new Error(`Route ${route.method} ${route.url} is not registered from a declaration (http/route.ts).`);
    const declared = route.config?.access;
    if (!isAccess(declared)) {
      throw new Error(`Route ${route.method} ${route.url} declares no access (public or a permission).`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access: declared, endpoint });
    }
  });

  const remembered = new SessionCache<AuthContext>();
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!config?.access) return; // not an API route (static files, docs, 404)
    if (config.engineChecksSession) await authenticateRemembered(database, request, remembered);
    else await authenticate(database, request);
  });
}

/** The engine's refusals that mean the session itself ended (signed out, expired, blocked). */
const SESSION_ENDED = new Set(['UNAUTHORIZED', 'AGENT_BLOCKED', 'COMPANY_BLOCKED', 'SURCUSSALE_BLOCKED']);

/**
 * The handler of a route whose session may be remembered: when the engine refuses because the session
 * ended, the session is looked up again and answers as on every other route (the same 401 or block).
 */
export function recheckingSession<A extends unknown[], R>(
  handler: (request: FastifyRequest, ...rest: A) => Promise<R> | R,
): (request: FastifyRequest, ...rest: A) => Promise<R> {
  return async (request, ...rest) => {
    try {
      return await handler(request, ...rest);
    } catch (e) {
      const code = databaseRefusal(e)?.body.code;
      if (request.sessionRecheck && typeof code === 'string' && SESSION_ENDED.has(code)) await request.sessionRecheck();
      throw e;
    }
  };
}

/** authenticate() for a route whose engine checks the session itself (http/session-cache.ts). */
async function authenticateRemembered(database: Database, request: FastifyRequest, cache: SessionCache<AuthContext>) {
  const token = readToken(request);
  if (!token) return admit(request, token, null);
  const key = hashToken(token);
  const known = cache.get(key);
  if (known) {
    // Should the engine find the session ended, the answer is the one a fresh lookup gives (its block's
    // own message, or the 401), not the engine's wording of it: see recheckingSession.
    request.sessionRecheck = async () => {
      cache.delete(key);
      await authenticate(database, request);
    };
    return admit(request, token, known);
  }
  const session = await sessionByHash(database, key);
  if (session && !(session instanceof AppError)) cache.set(key, session);
  admit(request, token, session);
}

/** The session of the request (one query) and the access its route declares: throws 401/403. */
export async function authenticate(database: Database, request: FastifyRequest): Promise<void> {
  const token = readToken(request);
  admit(request, token, token === null ? null : await resolveSession(database, token));
}

/**
 * Enforces the route's declared access for the session found for `token` (or its block): sets
 * `request.auth`, throws 401/403 as every route answers them.
 */
export function admit(request: FastifyRequest, token: string | null, session: AuthContext | AppError | null): void {
  const declared = request.routeOptions.config?.access;
  if (!declared) return;
  // A blocked user's token: the block's own message on every route that needs a session.
  if (session instanceof AppError) {
    if (declared.public) return;
    throw session;
  }
  request.auth = session;
  if (declared.public) return;
  if (token === null) throw unauthorized();
  if (!request.auth) throw unauthorized('Session expirée ou invalide. Veuillez vous reconnecter.');
  if (!declared.roles.includes(request.auth.role)) {
    throw forbidden('Cet accès n’est pas ouvert à votre rôle.');
  }
  const needed = declared.permission;
  if (needed) {
    const anyOf: readonly Codename[] = typeof needed === 'string' ? [needed] : needed;
    if (!anyOf.some((c) => request.auth?.permissions.has(c))) {
      throw new AppError(403, 'PERMISSION_DENIED', `Permission requise : ${anyOf.join(' ou ')}.`);
    }
  }
  const staff = declared.staffPermission;
  if (staff && request.auth.role === 'superuser' && !staff.some((c) => request.auth?.permissions.has(c))) {
    throw new AppError(403, 'PERMISSION_DENIED', `Permission requise : ${staff.join(' ou ')}.`);
  }
}

export async function resolveSession(database: Database, token: string): Promise<AuthContext | AppError | null> {
  if (!token) return null;
  return sessionByHash(database, hashToken(token));
}

async function sessionByHash(database: Database, tokenHash: string): Promise<AuthContext | AppError | null> {
  const rows = await database.raw.query<SessionRow>(SESSION_SQL, [tokenHash], 'borlette_session');
  return sessionOf(database, rows[0]);
}

/** The session (or the block that ends it) of a row of SESSION_SQL; null when there is none. */
export function sessionOf(database: Database, r: SessionRow | undefined): AuthContext | AppError | null {
  if (!r) return null;
  const block = blockOf(r);
  if (block) return block;
  if (r.revoked || r.status !== 'active') return null;
  // Keep last_seen_at roughly current without a write per request.
  if (r.stale) {
    void database.raw.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [r.session_id]).catch(() => {});
  }
  const isSuper = r.role === 'superuser';
  return {
    userId: r.user_id,
    username: r.username,
    role: r.role,
    firstName: r.first_name,
    lastName: r.last_name,
    sessionId: r.session_id,
    ownCompanyId: r.company_id,
    companyId: isSuper ? r.selected_company_id : r.company_id,
    permissions: sessionPermissions(r.role, r.full_access, r.perms ?? []),
    selectCompany: r.select_company,
    selectCountryCode: r.select_country_code,
    terminalId: r.terminal_id,
    terminalState: r.terminal_state,
  };
}

/**
 * A pending or revoked device can neither sell nor pay (issue 20): 403 with its own code. The state
 * is the one the session query read. The sale leaves it to borlette_sell (its session may come from
 * memory); the payment and the cancellation check it here and re-read it shared-locked in their own
 * transaction (borlette_payer_guard), so a revocation committed meanwhile still stops them. The pre-check and the
 * ticket on paper (reprint, ESC/POS, PDF) are refused alike. A session without a
 * device (web, API clients) passes: with approval on, the sign-in refuses an agent without one.
 */
export function assertDeviceMaySell(ctx: HasAuth): void {
  const state = authOf(ctx).terminalState;
  if (state === 'pending') {
    throw new AppError(403, 'DEVICE_PENDING', 'Ce terminal attend l’approbation de la compagnie.');
  }
  if (state === 'revoked') throw new AppError(403, 'DEVICE_REVOKED', 'Ce terminal a été révoqué.');
}

/** The signed-in user of a route that declared a role (never null there). */
/** Anything that carries the signed-in user: a RequestContext (services) or a request (routes). */
export type HasAuth = { readonly auth: AuthContext | null };

export function authOf(ctx: HasAuth): AuthContext {
  if (!ctx.auth) throw unauthorized();
  return ctx.auth;
}

/** Refuses (403) unless the user holds `codename` (for routes that declared several with anyOf). */
export function requirePermission(ctx: HasAuth, codename: Codename): void {
  if (!authOf(ctx).permissions.has(codename)) {
    throw new AppError(403, 'PERMISSION_DENIED', `Permission requise : ${codename}.`);
  }
}

/** The company a write acts on; the superuser must have selected one company, not 'all'. */
export function companyForWrite(ctx: HasAuth): number {
  const auth = authOf(ctx);
  if (auth.companyId === null) {
    throw new AppError(
      409,
      'COMPANY_REQUIRED',
      'Sélectionnez une compagnie (et non « Toutes ») avant de modifier des données.',
    );
  }
  return auth.companyId;
}

export { COMPANY_CODENAMES };
