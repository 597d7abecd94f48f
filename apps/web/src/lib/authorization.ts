import type { CurrentUser } from '@borlette/shared/contracts/auth';
import type { Codename } from '@borlette/shared/permissions';
import { DASHBOARD_SCREENS, type ScreenDef } from '@borlette/shared/routes';
import { matchPath } from 'react-router';

/** Spec §6: access depends on the codename list; an entry without permission is always allowed. */
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
