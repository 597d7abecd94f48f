import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './auth';

/**
 * What a service knows of the request it serves: who acts (and on which company), and where from
 * (for the audit trail). Services take this, never a FastifyRequest: they run the same from a route,
 * a background job or a test.
 */
export interface RequestContext {
  /** The signed-in user; null on public endpoints and for jobs acting as the system. */
  auth: AuthContext | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** The context of an HTTP request (routes build it once and hand it to the service). */
export function contextOf(request: FastifyRequest): RequestContext {
  return {
    auth: request.auth,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    requestId: String(request.id),
  };
}

/** The context of a background job: no user, no address. */
export const SYSTEM_CONTEXT: RequestContext = { auth: null, ip: null, userAgent: null, requestId: null };
