import type { Codename } from '@borlette/shared';
import { hashPassword } from '../../lib/password';
import type { RawClient } from '../client';
import { seedDemoGame } from './demo-game';

export const DEMO_PASSWORD = 'demo1234';
/** The demo company's code: only this seed creates it (the app generates 6-character codes). */
export const DEMO_REF_CODE = 'DEMO';

/** What the demo supervisor may do: watch agents, tickets and reports; nothing about draws or money. */
export const DEMO_SUPERVISOR_PERMISSIONS: Codename[] = [
  'view_agent',
  'block_agent',
  'view_surcussale',
  'view_supervisor',
  'view_fichevente',
  'view_fiche_win',
  'view_report_vente',
  'view_report_partiel',
  'view_report_agent',
  'view_graphe',
  'view_app_report',
  'view_traceagentaction',
];

export const DEMO_LOGINS = [
  { username: 'superadmin', role: 'Super Admin' },
  { username: 'demo', role: 'Admin — Borlette Démo' },
  { username: 'superviseur', role: 'Superviseur — Borlette Démo' },
  { username: 'agent1 … agent5', role: 'Vendeurs (point de vente /pos)' },
];

/**
 * Seeds the demo on an empty database (no user yet), its company in `timezone` (the browser tests seed
 * it where it is midday: its tickets of today stay today for the whole run). Returns false when there
 * was something already.
 */
export async function seedDemo(raw: RawClient, timezone = 'America/Port-au-Prince'): Promise<boolean> {
  const [{ n }] = await raw.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (n > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  await raw.exec('BEGIN');
  try {
    const user = async (v: {
      username: string;
      role: string;
      first: string;
      last: string;
      companyId?: number;
      surcussaleId?: number;
      fullAccess?: boolean;
      phone?: string;
    }) => {
      const [row] = await raw.query<{ id: number }>(
        `INSERT INTO users (username, role, first_name, last_name, company_id, surcussale_id, full_access, phone, password_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          v.username,
          v.role,
          v.first,
          v.last,
          v.companyId ?? null,
          v.surcussaleId ?? null,
          v.fullAccess ?? false,
          v.phone ?? null,
          hash,
        ],
      );
      return row.id;
    };
    await user({ username: 'superadmin', role: 'superuser', first: 'Super', last: 'Admin', fullAccess: true });
    const [company] = await raw.query<{ id: number }>(
      `INSERT INTO companies (ref_code, name, country_id, timezone, currency)
       SELECT $1, 'Borlette Démo', id, $2, 'HTG' FROM countries WHERE name_code = 'HT'
       RETURNING id`,
      [DEMO_REF_CODE, timezone],
    );
    // Settings, general primes, loto options and the usual draws (docs/domain.md defaults).
    await raw.query('SELECT borlette_init_company($1)', [company.id]);
    await user({
      username: 'demo',
      role: 'company',
      first: 'Jean',
      last: 'Baptiste',
      companyId: company.id,
      fullAccess: true,
      phone: '+509 3700 0000',
    });
    const supervisorId = await user({
      username: 'superviseur',
      role: 'supervisor',
      first: 'Marie',
      last: 'Joseph',
      companyId: company.id,
      phone: '+509 3700 0001',
    });
    for (const codename of DEMO_SUPERVISOR_PERMISSIONS) {
      await raw.query('INSERT INTO user_permissions (user_id, codename) VALUES ($1, $2)', [supervisorId, codename]);
    }
    const branches: number[] = [];
    const city = `(SELECT ci.id FROM cities ci JOIN countries k ON k.id = ci.country_id WHERE k.name_code = 'HT' AND ci.name = $4)`;
    await raw.query(
      `UPDATE companies SET city_id = ${city.replace('$4', '$2')}, phone = '+509 2940 0000' WHERE id = $1`,
      [company.id, 'Port-au-Prince'],
    );
    for (const [name, address, cityName, phone] of [
      ['Succursale Centre-Ville', 'Rue Capois, Port-au-Prince', 'Port-au-Prince', '+509 3701 1000'],
      ['Succursale Pétion-Ville', 'Rue Grégoire, Pétion-Ville', 'Pétion-Ville', '+509 3701 2000'],
    ]) {
      const [b] = await raw.query<{ id: number }>(
        `INSERT INTO surcussales (company_id, name, address, city_id, phone) VALUES ($1, $2, $3, ${city}, $5) RETURNING id`,
        [company.id, name, address, cityName, phone],
      );
      branches.push(b.id);
    }
    // The demo supervisor watches the first sub-branch (agent1..agent3).
    await raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [company.id, supervisorId, branches[0]],
    );
    const names = [
      ['Pierre', 'Louis'],
      ['Rose', 'Charles'],
      ['Paul', 'Etienne'],
      ['Nadia', 'Pierre-Louis'],
      ['Marc', 'Alexis'],
    ];
    const agentIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const agentId = await user({
        username: `agent${i + 1}`,
        role: 'agent',
        first: names[i][0],
        last: names[i][1],
        companyId: company.id,
        surcussaleId: branches[i < 3 ? 0 : 1],
        phone: `+509 3800 000${i + 1}`,
      });
      agentIds.push(agentId);
    }
    await seedDemoGame(raw, company.id, agentIds);
    // The demo has no internet: every source but Tennessee's manual one reads the built-in feed, which
    // publishes plausible results at each official time, so the day's results arrive by themselves.
    await raw.query(
      `UPDATE result_providers SET base_url = 'sandbox:', enabled = true, updated_at = now() WHERE kind <> 'manual'`,
    );
    await raw.exec('COMMIT');
    return true;
  } catch (err) {
    await raw.exec('ROLLBACK');
    throw err;
  }
}
