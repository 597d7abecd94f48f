import type { Codename, Role } from '@borlette/shared';

/**
 * What a route requires. Every route under /api declares one (registration fails otherwise):
 * - `public`: anyone, signed in or not;
 * - otherwise a signed-in user of one of `roles`, holding `permission` (null = no permission needed).
 */
export type Access = { public: true } | { public?: false; roles: readonly Role[]; permission: Codename | null };

export const PUBLIC: Access = { public: true };

/** Company data routes: the company, its supervisors, and the superuser acting on a selected company. */
export const COMPANY_ROLES: readonly Role[] = ['company', 'supervisor', 'superuser'];

export const access = {
  public: (): { access: Access } => ({ access: PUBLIC }),
  /** Signed in with one of these roles; no particular permission. */
  signedIn: (roles: readonly Role[]): { access: Access } => ({ access: { roles, permission: null } }),
  /** Signed in with one of these roles AND holding the permission. */
  permission: (permission: Codename, roles: readonly Role[] = COMPANY_ROLES): { access: Access } => ({
    access: { roles, permission },
  }),
};

export function isAccess(value: unknown): value is Access {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (v.public === true) return true;
  return Array.isArray(v.roles) && v.roles.length > 0 && (v.permission === null || typeof v.permission === 'string');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
