import { GRANTABLE_PERMISSIONS } from '@borlette/shared/permissions';
import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, permissionLabel } from './permission-labels';

describe('the generals’ permission labels', () => {
  const listed = PERMISSION_GROUPS.flatMap((g) => g.rows.flatMap((r) => r.items.map((i) => i.codename)));

  it('name every codename a general may be granted, exactly once, and nothing else', () => {
    expect([...listed].sort()).toEqual([...GRANTABLE_PERMISSIONS.superuser].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('give a readable French label', () => {
    expect(permissionLabel('block_agent')).toBe('Vendeurs · Bloquer');
    expect(permissionLabel('view_company')).toBe('Compagnies · Voir');
    expect(permissionLabel('unknown_code')).toBe('unknown_code');
  });
});
