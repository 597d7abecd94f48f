import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createCompany, createTestDatabase, createUser, describeApi, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig, testConfig } from '../../config';
import type { Database, RawClient } from '../../db/client';

describeApi('reports read from the replica when one is configured', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop?.());

  it('sends the reports, statistics and dashboards to the reports database, everything else to the primary', async () => {
    let onReplica = 0;
    const replicaRaw: RawClient = {
      query: (text, params, name) => {
        onReplica++;
        return database.raw.query(text, params, name);
      },
      exec: (text) => {
        onReplica++;
        return database.raw.exec(text);
      },
    };
    const reportsDatabase: Database = { ...database, raw: replicaRaw };
    const app = await buildApp({ database, reportsDatabase, config: testConfig({ webDist: '/nonexistent' }) });
    try {
      const company = await createCompany(database);
      const admin = await createUser(database, { role: 'company', companyId: company.id, fullAccess: true });
      const token = (await login(app, admin.username)).accessToken;
      expect(onReplica).toBe(0);
      const d = '2026-11-01';
      for (const url of [
        `/api/companies/rapports?start_date=${d}&end_date=${d}`,
        `/api/companies/rapports-agent?start_date=${d}&end_date=${d}`,
        `/api/companies/statistiques?start_date=${d}&end_date=${d}`,
        `/api/companies/app?start_date=${d}&end_date=${d}`,
      ]) {
        const before = onReplica;
        const res = await app.inject({ url, headers: auth(token) });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(onReplica, url).toBeGreaterThan(before);
      }
      const before = onReplica;
      expect((await app.inject({ url: '/api/companies/list-agent', headers: auth(token) })).statusCode).toBe(200);
      expect(onReplica).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('refuses a replica without a primary PostgreSQL', () => {
    expect(() => loadConfig({ REPORTS_DATABASE_URL: 'postgres://replica/db' })).toThrow(/REPORTS_DATABASE_URL/);
  });
});
