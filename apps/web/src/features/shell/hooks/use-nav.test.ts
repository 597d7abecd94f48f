import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { ROLE_DEFAULT_PERMISSIONS } from '@borlette/shared/permissions';
import { DASHBOARD_SCREENS } from '@borlette/shared/routes';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NAV } from '../../../config/nav';
import { filterNav } from './use-nav';

const user = (role: CurrentUser['role'], codenames: readonly string[]): CurrentUser => ({
  id: 1,
  username: 'u',
  first_name: 'A',
  last_name: 'B',
  companyname: 'C',
  user_photo: null,
  role,
  perms: codenames.map((codename) => ({ codename })),
  select_company: 'all',
  select_country_code: null,
  time_zone: 'America/Port-au-Prince',
  company: null,
});

const keys = (groups: ReturnType<typeof filterNav>) => groups.map((g) => g.key);

describe('sidebar (docs/spec.md §2 groups, §6 filtering)', () => {
  it('points every entry at a dashboard screen', () => {
    for (const item of NAV.flatMap((g) => g.items)) {
      for (const path of [item.path, item.superuserPath].filter(Boolean) as string[]) {
        expect(
          DASHBOARD_SCREENS.some((s) => matchPath({ path: s.path, end: true }, path)),
          path,
        ).toBe(true);
      }
    }
  });

  it('shows the superuser every group but mon compte, with the list version of Prime Generale', () => {
    const groups = filterNav(user('superuser', ROLE_DEFAULT_PERMISSIONS.superuser));
    expect(keys(groups)).toEqual([
      'dashboard',
      'configuration',
      'compagnie',
      'generale',
      'vendeur',
      'surveillance',
      'succursale',
      'rapports',
    ]);
    const prime = groups.flatMap((g) => g.items).find((i) => i.key === 'primeGenerale');
    expect(prime?.to).toBe('/dashboard/tirage/configuration/generale/list');
  });

  it('never shows the Compagnie group to a company admin, and keeps mon compte', () => {
    const groups = filterNav(user('company', ROLE_DEFAULT_PERMISSIONS.company));
    expect(keys(groups)).not.toContain('compagnie');
    expect(keys(groups)).toContain('monCompte');
    expect(groups.flatMap((g) => g.items).find((i) => i.key === 'primeGenerale')?.to).toBe(
      '/dashboard/tirage/configuration/generale',
    );
  });

  it('leaves a user without codenames the entries that need none', () => {
    const groups = filterNav(user('supervisor', []));
    expect(groups.flatMap((g) => g.items.map((i) => i.key))).toEqual(['app', 'account']);
  });
});
