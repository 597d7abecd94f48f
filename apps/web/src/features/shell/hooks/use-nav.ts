import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { NAV, type NavGroup, type NavItem } from '../../../config/nav';
import { canAccessScreen, findScreen } from '../../../lib/authorization';

export interface ResolvedNavItem extends NavItem {
  /** The path for this user (the superuser's Prime Generale goes to the list version). */
  to: string;
}

export interface ResolvedNavGroup extends Omit<NavGroup, 'items'> {
  items: ResolvedNavItem[];
}

/** docs/spec.md §6: the sidebar filtered by the user's codenames and role; empty groups disappear. */
export function filterNav(user: CurrentUser): ResolvedNavGroup[] {
  const isSuperuser = user.role === 'superuser';
  return NAV.filter((g) => !(g.superuserOnly && !isSuperuser) && !(g.hideForSuperuser && isSuperuser))
    .map((group) => ({
      ...group,
      items: group.items
        .map((item) => ({ ...item, to: (isSuperuser && item.superuserPath) || item.path }))
        .filter((item) => {
          const screen = findScreen(item.to);
          // An entry whose screen has no permission is always visible (docs/spec.md §6).
          return screen ? canAccessScreen(user, screen) : true;
        }),
    }))
    .filter((group) => group.items.length > 0);
}

function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function useNav(user: CurrentUser) {
  const { pathname } = useLocation();
  const groups = useMemo(() => filterNav(user), [user]);
  // The active entry is the most specific one containing the current path.
  const activePath = useMemo(() => {
    let best = '';
    for (const g of groups)
      for (const i of g.items) if (isWithin(pathname, i.to) && i.to.length > best.length) best = i.to;
    return best;
  }, [groups, pathname]);
  return { groups, activePath };
}
