import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, sell, sellingCompany } from '../../test/engine-fixtures';
import { auth, createTestDatabase, describeApi } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { hashPassword } from '../lib/password';
import type { Database } from './client';
import { migrate } from './migrate';
import { prepareDatabase } from './setup';

const FILES = readdirSync(path.join(import.meta.dirname, 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort();
const ENGINE_FILES = readdirSync(path.join(import.meta.dirname, 'functions'))
  .filter((f) => f.endsWith('.sql'))
  .sort();
/** The last migration before the engine: a database of a platform already running with companies. */
const OLDER = '0002_platform_and_traceability.sql';

describeApi('upgrade: an older database is migrated forward to the newest, its data kept and working', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase({ empty: true }));
  });
  afterAll(() => drop?.());

  it('applies only the missing migrations, keeps the companies and users, and they work on the new schema', async () => {
    expect(FILES).toContain(OLDER);
    expect(await migrate(database, { until: OLDER })).toEqual({
      migrations: FILES.filter((f) => f <= OLDER),
      functions: [],
    });

    // Data as the older version wrote it (its own columns only).
    const raw = database.raw;
    const [country] = await raw.query<{ id: number }>(
      `INSERT INTO countries (name_code, name, currency, timezone)
       VALUES ('HT', 'Haïti', 'HTG', 'America/Port-au-Prince') RETURNING id`,
    );
    const [company] = await raw.query<{ id: number }>(
      `INSERT INTO companies (ref_code, name, country_id, phone) VALUES ('OLD1', 'Ancienne Compagnie', $1, '+509 1111 2222')
       RETURNING id`,
      [country.id],
    );
    await raw.query('INSERT INTO company_settings (company_id) VALUES ($1)', [company.id]);
    const [branch] = await raw.query<{ id: number }>(
      `INSERT INTO surcussales (company_id, name) VALUES ($1, 'Succursale d’avant') RETURNING id`,
      [company.id],
    );
    const hash = await hashPassword('older-pass-123');
    await raw.query(
      `INSERT INTO users (username, role, company_id, password_hash, first_name, last_name, full_access)
       VALUES ('old_admin', 'company', $1, $2, 'Ancien', 'Admin', true),
              ('old_agent', 'agent', $1, $2, 'Ancien', 'Vendeur', false)`,
      [company.id, hash],
    );
    await raw.query("UPDATE users SET surcussale_id = $1 WHERE username = 'old_agent'", [branch.id]);

    // The newer version starts on it.
    const { applied, functions } = await prepareDatabase(database, { demo: false });
    expect(applied).toEqual(FILES.filter((f) => f > OLDER));
    // The engine as its files show it, once; a second start applies nothing.
    expect(functions).toEqual(ENGINE_FILES);
    expect(await prepareDatabase(database, { demo: false })).toMatchObject({ applied: [], functions: [] });

    const [c] = await raw.query<{ name: string; phone: string; tirages: number; primes: number }>(
      `SELECT name, phone, (SELECT count(*)::int FROM tirages WHERE company_id = c.id) AS tirages,
              (SELECT count(*)::int FROM primes WHERE company_id = c.id) AS primes
         FROM companies c WHERE id = $1`,
      [company.id],
    );
    // Kept, and started with the domain defaults the engine brought (draws, primes).
    expect(c).toMatchObject({ name: 'Ancienne Compagnie', phone: '+509 1111 2222' });
    expect(c.tirages).toBeGreaterThanOrEqual(14);
    expect(c.primes).toBeGreaterThan(0);

    const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: 'old_admin', password: 'older-pass-123' },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().accessToken as string;
      expect(token).toBeTruthy();
      const agents = await app.inject({ url: '/api/companies/list-agent', headers: auth(token) });
      expect(agents.statusCode).toBe(200);
      expect(agents.body).toContain('old_agent');
      const tirages = await app.inject({ url: '/api/companies/list-tirage', headers: auth(token) });
      expect(tirages.statusCode).toBe(200);
      const agentLogin = await app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: 'old_agent', password: 'older-pass-123' },
      });
      expect(agentLogin.statusCode).toBe(200);
      const config = await app.inject({ url: '/api/agents/config', headers: auth(agentLogin.json().accessToken) });
      expect(config.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

/** The last migration before the keys widened by company_id (0020): a database that has sold. */
const BEFORE_KEYS = FILES.filter((f) => f < '0020').at(-1) as string;

describeApi('upgrade: the hot tables of a database that has sold take their company_id keys (0020)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase({ empty: true }));
  });
  afterAll(() => drop?.());

  const keys = (table: string) =>
    database.raw
      .query<{ def: string }>(
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
          WHERE conrelid = $1::regclass AND contype IN ('p', 'f') ORDER BY contype DESC, conname`,
        [table],
      )
      .then((r) => r.map((x) => x.def));
  const count = (table: string) =>
    database.raw.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`).then((r) => r[0].n);

  it('keeps the tickets, lines, payments and ledger; the newest engine sells on the new keys', async () => {
    await migrate(database, { until: BEFORE_KEYS });
    await database.raw.query(
      `INSERT INTO countries (name_code, name, currency, timezone) VALUES ('HT', 'Haïti', 'HTG', 'America/Port-au-Prince')`,
    );
    // Sold, settled and paid by the engine of that release.
    const c = await sellingCompany(database, { agents: 2, tirages: 2 });
    const [agent, payer] = c.agents.map((a) => a.id);
    const line = (number: string) => [{ code: 20, number, stake: 10_000 }];
    const win = await sell(database.raw, {
      companyId: c.company.id,
      agentId: agent,
      tirages: [c.tirages[0].id],
      lines: line('45'),
    });
    await sell(database.raw, {
      companyId: c.company.id,
      agentId: agent,
      tirages: [c.tirages[0].id],
      lines: line('12'),
    });
    await enterResult(database, {
      companyId: c.company.id,
      tirageId: c.tirages[0].id,
      date: c.today,
      pick3: '145',
      pick4: '2345',
    });
    await database.raw.query('SELECT borlette_pay($1, $2, $3)', [c.company.id, win.id, payer]);
    const tables = ['fiches', 'fiche_lines', 'fiche_tirages', 'fiche_payments', 'wallet_entries'];
    const before = await Promise.all(tables.map(count));
    expect(before[3]).toBeGreaterThan(0);

    const { applied } = await prepareDatabase(database, { demo: false });
    expect(applied).toContain('0020_distributable_keys.sql');
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(await keys('fiches')).toEqual(['PRIMARY KEY (id, company_id)']);
    expect(await keys('fiche_payments')).toEqual([
      'PRIMARY KEY (id, company_id)',
      'FOREIGN KEY (company_id, fiche_id) REFERENCES fiches(company_id, id)',
    ]);

    // The newest engine on the kept rows: a sale on the other draw (its id after the old ones), the winner's public
    // link by ref_code alone, and a payment bound to its ticket's company.
    const next = await sell(database.raw, {
      companyId: c.company.id,
      agentId: agent,
      tirages: [c.tirages[1].id],
      lines: line('33'),
    });
    expect(next.id).toBeGreaterThan(win.id);
    const [link] = await database.raw.query<{ id: number }>(
      'SELECT id FROM fiches WHERE ref_code = (SELECT ref_code FROM fiches WHERE id = $1)',
      [win.id],
    );
    expect(link.id).toBe(win.id);
    await expect(
      database.raw.query(
        `INSERT INTO fiche_payments (company_id, fiche_id, kind, amount) VALUES ($1, $2, 'payment', 1)`,
        [c.company.id + 1000, win.id],
      ),
    ).rejects.toThrow(/fiche_payments_company_id_fiche_id_fiches_company_id_id_fk/);
  });
});
