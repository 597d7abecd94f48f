import { COMPANY_CODENAMES, GRANTABLE_PERMISSIONS } from '@borlette/shared/permissions';
import { describe, expect, it } from 'vitest';
import { heldGroups, PERMISSION_GROUPS, permissionLabel } from './permission-labels';

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

  it('group what a person holds by domain and entity, in French, unknown codenames last', () => {
    const groups = heldGroups(['view_agent', 'block_agent', 'view_report_vente', 'pos_sell', 'change_password']);
    expect(groups.map((g) => g.label)).toEqual([
      'Organisation des compagnies',
      'Rapports et tableaux de bord',
      'Traçabilité et compte',
      'Autres',
    ]);
    expect(groups[0]).toEqual({
      label: 'Organisation des compagnies',
      rows: [{ label: 'Vendeurs', items: ['Voir', 'Bloquer'] }],
      count: 2,
    });
    expect(groups[3].rows[0].items).toEqual(['pos_sell']);
    // Every codename a company admin holds has a name: no raw codename on its « Mon compte ».
    const admin = heldGroups(COMPANY_CODENAMES);
    expect(admin.map((g) => g.label)).not.toContain('Autres');
    expect(admin.reduce((n, g) => n + g.count, 0)).toBe(COMPANY_CODENAMES.length);
  });
});
