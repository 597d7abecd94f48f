import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { describe, expect, it } from 'vitest';
import { pickerAllowed } from './choices';

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

describe('pickerAllowed (the server rule of /api/companies/choices/*)', () => {
  it('gives every list to the company’s own users, whatever their codenames', () => {
    for (const list of ['agents', 'tirages', 'surcussales'] as const) {
      expect(pickerAllowed(user('supervisor', []), list)).toBe(true);
      expect(pickerAllowed(user('company', []), list)).toBe(true);
    }
  });

  it('gives platform staff a list only with the codename of its own page', () => {
    const staff = user('superuser', ['view_company', 'view_agent']);
    expect(pickerAllowed(staff, 'agents')).toBe(true);
    expect(pickerAllowed(staff, 'tirages')).toBe(false);
    expect(pickerAllowed(staff, 'surcussales')).toBe(false);
    expect(pickerAllowed(user('superuser', ['view_tirage']), 'tirages')).toBe(true);
    expect(pickerAllowed(user('superuser', ['view_surcussale']), 'surcussales')).toBe(true);
  });
});
