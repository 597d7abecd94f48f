import { COMPANY_CODENAMES } from '@borlette/shared/permissions';
import { describe, expect, it } from 'vitest';
import fr from '../../locales/fr/supervisors.json';
import { groupsFor, PERMISSION_GROUPS } from './permission-groups';

describe('supervisor permission groups', () => {
  it('place every company codename exactly once, and nothing else', () => {
    const listed = PERMISSION_GROUPS.flatMap((g) => g.codenames);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...COMPANY_CODENAMES].sort());
  });

  it('have a French label for each codename and each group', () => {
    for (const c of COMPANY_CODENAMES) expect(fr.perm[c as keyof typeof fr.perm], c).toBeTruthy();
    for (const g of [...PERMISSION_GROUPS.map((x) => x.id), 'other'])
      expect(fr.permGroups[g as keyof typeof fr.permGroups], g).toBeTruthy();
  });

  it('show only what may be granted, unknown ones in « other »', () => {
    const groups = groupsFor(['view_agent', 'block_agent', 'view_fichevente', 'future_codename']);
    expect(groups).toEqual([
      { id: 'agents', codenames: ['view_agent', 'block_agent'] },
      { id: 'tickets', codenames: ['view_fichevente'] },
      { id: 'other', codenames: ['future_codename'] },
    ]);
  });
});
