import type { CurrentUser } from '@borlette/shared/contracts/auth';
import type { CodenameOf, Endpoint } from '@borlette/shared/endpoint';
import type { Codename } from '@borlette/shared/permissions';
import { DASHBOARD_SCREENS, type ScreenDef } from '@borlette/shared/routes';
import { matchPath } from 'react-router';
import { useUser } from './session/use-session';

/** docs/spec.md §6: access depends on the codename list; an entry without permission is always allowed. */
export function hasPermission(user: CurrentUser | null | undefined, permission: Codename | null | undefined): boolean {
  if (!permission) return true;
  return !!user?.perms.some((p) => p.codename === permission);
}

/** Permission plus the role rules of a screen (superuser-only screens, 'mon compte' hidden for him). */
export function canAccessScreen(user: CurrentUser | null | undefined, screen: ScreenDef): boolean {
  if (!user) return false;
  const isSuperuser = user.role === 'superuser';
  if (screen.superuserOnly && !isSuperuser) return false;
  if (screen.hideForSuperuser && isSuperuser) return false;
  if (screen.roles && !screen.roles.includes(user.role)) return false;
  return hasPermission(user, screen.permission);
}

const staticFirst = [...DASHBOARD_SCREENS].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));

/** The screen a concrete dashboard path belongs to (static paths win over `:param` ones). */
export function findScreen(pathname: string): ScreenDef | undefined {
  return staticFirst.find((s) => matchPath({ path: s.path, end: true }, pathname));
}

export function displayName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'username'>): string {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name || user.username;
}

/**
 * The superuser on « Toutes » reads every company but writes into one (the server's companyForWrite):
 * until it chooses one, company writes are not offered.
 */
export function companyChosen(user: Pick<CurrentUser, 'role' | 'company'>): boolean {
  return user.role !== 'superuser' || !!user.company;
}

/** A write on a company's data (not a read, not the platform's own records). */
function writesCompanyData(e: Endpoint): boolean {
  return e.method !== 'GET' && !('public' in e.access && e.access.public) && e.access.roles.includes('company');
}

/**
 * May `user` call `endpoint`? Its roles, its codename (for an `anyOf`, `codename` says which of them
 * this use needs, else any), staff's extra codenames, and a chosen company for a company write. The
 * server checks the same declaration (apps/server/src/http/auth.ts).
 */
export function can<E extends Endpoint>(
  user: CurrentUser | null | undefined,
  endpoint: E,
  codename?: CodenameOf<E>,
): boolean {
  if (!user) return false;
  const a = endpoint.access;
  if ('public' in a && a.public) return true;
  if (!a.roles.includes(user.role)) return false;
  if (writesCompanyData(endpoint) && !companyChosen(user)) return false;
  if (user.role === 'superuser' && a.staffPermission && !a.staffPermission.some((c) => hasPermission(user, c)))
    return false;
  if (codename) return hasPermission(user, codename as Codename);
  if (a.permission === null) return true;
  const needed: readonly Codename[] = typeof a.permission === 'string' ? [a.permission] : a.permission;
  return needed.some((c) => hasPermission(user, c));
}

/** `can` for the signed-in user (below a guard that guarantees one). */
export function useCan<E extends Endpoint>(endpoint: E, codename?: CodenameOf<E>): boolean {
  return can(useUser(), endpoint, codename);
}
