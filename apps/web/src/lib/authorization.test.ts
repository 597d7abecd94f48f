import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { DASHBOARD_SCREENS } from '@borlette/shared/routes';
import { describe, expect, it } from 'vitest';
import { canAccessScreen, displayName, findScreen, hasPermission } from './authorization';

const user = (role: CurrentUser['role'], codenames: string[]): CurrentUser => ({
  id: 1,
  username: 'u',
  first_name: 'Marie',
  last_name: 'Joseph',
  companyname: 'Soleil',
  user_photo: null,
  role,
  perms: codenames.map((codename) => ({ codename })),
  select_company: null,
  select_country_code: null,
  time_zone: 'America/Port-au-Prince',
  company: null,
});

const screen = (path: string) => {
  const found = DASHBOARD_SCREENS.find((s) => s.path === path);
  if (!found) throw new Error(path);
  return found;
};

describe('authorization (docs/spec.md §6)', () => {
  it('allows an entry without permission and checks codenames otherwise', () => {
    const u = user('company', ['view_agent']);
    expect(hasPermission(u, null)).toBe(true);
    expect(hasPermission(u, 'view_agent')).toBe(true);
    expect(hasPermission(u, 'add_agent')).toBe(false);
    expect(hasPermission(null, 'view_agent')).toBe(false);
  });

  it('keeps superuser-only screens from other roles; mon compte (hidden from its menus) opens for its password', () => {
    const all = ['view_company', 'view_tracecompanyaction'];
    expect(canAccessScreen(user('company', all), screen('/dashboard/company'))).toBe(false);
    expect(canAccessScreen(user('superuser', all), screen('/dashboard/company'))).toBe(true);
    expect(canAccessScreen(user('superuser', all), screen('/dashboard/user/account'))).toBe(true);
    expect(canAccessScreen(user('supervisor', []), screen('/dashboard/user/account'))).toBe(true);
    expect(canAccessScreen(user('supervisor', []), screen('/dashboard/app'))).toBe(true);
  });

  it('keeps a screen to its roles whatever the codenames (company settings: never a supervisor)', () => {
    const settings = screen('/dashboard/parametres');
    expect(canAccessScreen(user('supervisor', ['view_tirage']), settings)).toBe(false);
    expect(canAccessScreen(user('company', ['view_tirage']), settings)).toBe(true);
    expect(canAccessScreen(user('superuser', ['view_tirage']), settings)).toBe(true);
  });

  it('finds the screen of a concrete path, static paths first', () => {
    expect(findScreen('/dashboard/agent/12/edit')?.permission).toBe('change_agent');
    expect(findScreen('/dashboard/agent/new')?.permission).toBe('add_agent');
    expect(findScreen('/dashboard/tirage/configuration/generale')?.permission).toBe('view_tauxtirage');
    expect(findScreen('/dashboard/tirage/configuration/agent')?.permission).toBe('view_agenttauxtirage');
    expect(findScreen('/dashboard/nope')).toBeUndefined();
  });

  it('names the user by first and last name, or by username', () => {
    expect(displayName(user('company', []))).toBe('Marie Joseph');
    expect(displayName({ first_name: '', last_name: ' ', username: 'demo' })).toBe('demo');
  });
});
