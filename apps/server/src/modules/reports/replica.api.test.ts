import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createCompany, createTestDatabase, createUser, describeApi, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig, testConfig } from '../../config';
import { type Database, openPostgres, type RawClient } from '../../db/client';
import { REPLICA_UNAVAILABLE_MESSAGE, replicaReads } from '../../db/replica';

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

  it('when the replica does not answer: the reports read the primary, or answer 503 in French (REPORTS_FALLBACK)', async () => {
    // A replica that is not there (nothing listens on port 1): connections are refused, as when it is stopped.
    const gone = await openPostgres('postgres://postgres@127.0.0.1:1/replica', { max: 2 });
    const company = await createCompany(database);
    const admin = await createUser(database, { role: 'company', companyId: company.id, fullAccess: true });
    const d = '2026-11-01';
    const urls = [
      `/api/companies/rapports?start_date=${d}&end_date=${d}`,
      `/api/companies/statistiques?start_date=${d}&end_date=${d}`,
      `/api/companies/app?start_date=${d}&end_date=${d}`,
    ];
    try {
      for (const fallback of ['primary', 'none'] as const) {
        const reportsDatabase = replicaReads(gone, database, { fallback });
        const app = await buildApp({ database, reportsDatabase, config: testConfig({ webDist: '/nonexistent' }) });
        try {
          const token = (await login(app, admin.username)).accessToken;
          for (const url of urls) {
            const res = await app.inject({ url, headers: auth(token) });
            if (fallback === 'primary') expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
            else {
              expect(res.statusCode, url).toBe(503);
              expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: REPLICA_UNAVAILABLE_MESSAGE });
            }
          }
          // What is not a report never touches the replica.
          expect((await app.inject({ url: '/api/companies/list-agent', headers: auth(token) })).statusCode).toBe(200);
        } finally {
          await app.close();
        }
      }
    } finally {
      await gone.close();
    }
  });

  it('refuses a replica without a primary PostgreSQL', () => {
    expect(() => loadConfig({ REPORTS_DATABASE_URL: 'postgres://replica/db' })).toThrow(/REPORTS_DATABASE_URL/);
  });
});
