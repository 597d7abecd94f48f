import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createCompany, createTestDatabase, createUser, describeApi, login, PASSWORD } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';

describeApi('secrets never leave the server; HSTS behind TLS', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop?.());

  it('sets HSTS only on requests that came over TLS through a trusted proxy', async () => {
    const proxied = await buildApp({ database, config: testConfig({ webDist: '/nonexistent', trustProxy: true }) });
    const direct = await buildApp({ database, config: testConfig({ webDist: '/nonexistent', trustProxy: false }) });
    try {
      const tls = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Not trusted: a client cannot claim TLS.
      const spoofed = await direct.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('no password, token or password hash in any response of the read routes or in any log line', async () => {
    const logs: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => logs.push(...d.toString().split('\n').filter(Boolean)));
    const app = await buildApp({
      database,
      config: testConfig({ webDist: '/nonexistent', logLevel: 'debug' }),
      logStream: stream,
    });
    try {
      const company = await createCompany(database);
      const root = await createUser(database, { role: 'superuser', fullAccess: true });
      const admin = await createUser(database, { role: 'company', companyId: company.id });
      await createUser(database, { role: 'agent', companyId: company.id });
      const tokens = [(await login(app, root.username)).accessToken, (await login(app, admin.username)).accessToken];
      const wrong = 'Wrong-Secret-Pass-987';
      const refused = await app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: admin.username, password: wrong },
      });
      expect(refused.statusCode).toBe(401);

      const bodies: string[] = [];
      const reads = app.apiRoutes.filter(
        (r) => r.method === 'GET' && !r.url.includes(':') && !r.url.includes('*') && !r.access.public,
      );
      expect(reads.length).toBeGreaterThan(40);
      for (const token of tokens) {
        for (const r of reads) {
          const res = await app.inject({ url: r.url, headers: auth(token) });
          expect(res.statusCode, `${r.url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          bodies.push(`${r.url} ${res.body}`);
        }
      }
      const hashes = (await database.raw.query<{ h: string }>('SELECT password_hash AS h FROM users')).map((u) => u.h);
      const secrets = [PASSWORD, wrong, ...tokens, ...hashes];
      for (const text of [...bodies, ...logs]) {
        for (const s of secrets) expect(text.includes(s), `a secret in: ${text.slice(0, 300)}`).toBe(false);
        expect(text).not.toMatch(/scrypt\$\d+\$/);
        expect(text).not.toContain('password_hash');
      }
      // Structured: JSON lines, one per API request (http/request-log.ts), each carrying its id.
      expect(logs.length).toBeGreaterThan(reads.length);
      const parsed = logs.map((l) => JSON.parse(l) as { reqId?: string; path?: string });
      const requestLines = parsed.filter((l) => l.path);
      expect(requestLines.length).toBeGreaterThan(reads.length);
      for (const l of requestLines) expect(l.reqId).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});
