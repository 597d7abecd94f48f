import type { Access } from '@borlette/shared/endpoint';

export type { Access };

/**
 * Whether a route's `config.access` is a well-formed declaration (`http/auth.ts` refuses to register an
 * /api route without one). Declarations are written in packages/shared (`allow.*` in endpoint.ts).
 */
export function isAccess(value: unknown): value is Access {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (v.public === true) return true;
  const p = v.permission;
  const permissionOk =
    p === null || typeof p === 'string' || (Array.isArray(p) && p.length > 0 && p.every((c) => typeof c === 'string'));
  const s = v.staffPermission;
  const staffOk = s === undefined || (Array.isArray(s) && s.length > 0 && s.every((c) => typeof c === 'string'));
  return Array.isArray(v.roles) && v.roles.length > 0 && permissionOk && staffOk;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
