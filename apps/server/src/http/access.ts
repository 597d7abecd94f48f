import type { Codename, Role } from '@borlette/shared';

/**
 * What a route requires. Every route under /api declares one (registration fails otherwise):
 * - `public`: anyone, signed in or not;
 * - otherwise a signed-in user of one of `roles`, holding `permission` (null = no permission needed).
 */
export type Access =
  | { public: true }
  | {
      public?: false;
      roles: readonly Role[];
      /** One codename, or several of which the user must hold at least one (the handler refines). */
      permission: Codename | readonly Codename[] | null;
    };

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
  /** Signed in with one of these roles AND holding at least one of the codenames. */
  anyOf: (permissions: readonly Codename[], roles: readonly Role[] = COMPANY_ROLES): { access: Access } => ({
    access: { roles, permission: permissions },
  }),
};

export function isAccess(value: unknown): value is Access {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (v.public === true) return true;
  const p = v.permission;
  const permissionOk =
    p === null || typeof p === 'string' || (Array.isArray(p) && p.length > 0 && p.every((c) => typeof c === 'string'));
  return Array.isArray(v.roles) && v.roles.length > 0 && permissionOk;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
