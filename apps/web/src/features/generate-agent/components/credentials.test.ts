import type { GeneratedAgent } from '@borlette/shared/contracts/generate-agent';
import { describe, expect, it } from 'vitest';
import { credentialsCsv } from './credentials';

const agent = (over: Partial<GeneratedAgent> = {}): GeneratedAgent => ({
  id: 1,
  username: 'demo001',
  password: 'aB3dE5gH7jK9',
  first_name: 'Vendeur',
  last_name: '001',
  surcussale_id: 1,
  surcussale_name: 'Centre; Ville',
  supervisor_id: null,
  supervisor_name: null,
  commission_bp: null,
  can_cancel: true,
  ...over,
});

const labels = {
  username: 'Nom d’utilisateur',
  password: 'Mot de passe',
  first_name: 'Prénom',
  last_name: 'Nom',
  surcussale: 'Succursale',
  supervisor: 'Superviseur',
  commission: 'Commission',
  defaultRate: 'par défaut',
};

describe('generated credentials CSV', () => {
  it('has a BOM, ; separators, CRLF lines, quotes where needed and the default rate spelled out', () => {
    const csv = credentialsCsv(
      [agent(), agent({ username: 'demo002', commission_bp: 1250, supervisor_name: 'Marie' })],
      labels,
      (bp) => `${bp / 100} %`,
    );
    const lines = csv.split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('\uFEFFNom d’utilisateur;Mot de passe;Prénom;Nom;Succursale;Superviseur;Commission');
    expect(lines[1]).toBe('demo001;aB3dE5gH7jK9;Vendeur;001;"Centre; Ville";;par défaut');
    expect(lines[2]).toBe('demo002;aB3dE5gH7jK9;Vendeur;001;"Centre; Ville";Marie;12.5 %');
    expect(lines[3]).toBe('');
  });

  it('neutralises spreadsheet formulas', () => {
    const csv = credentialsCsv([agent({ surcussale_name: '=HYPERLINK("x")' })], labels, String);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
