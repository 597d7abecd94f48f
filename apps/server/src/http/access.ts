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
      /**
       * Platform staff (the superuser role) must also hold at least one of these: a route open to every
       * user of a company (its own data, scoped) is not thereby open to staff acting on that company.
       */
      staffPermission?: readonly Codename[];
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
  /**
   * Any user of the company, no codename (the pickers: scoped like every read); platform staff acting
   * on the company must hold one of `staff` (the codename of the list's own page).
   */
  companyUsersAndStaffWith: (staff: readonly Codename[]): { access: Access } => ({
    access: { roles: COMPANY_ROLES, permission: null, staffPermission: staff },
  }),
};

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
