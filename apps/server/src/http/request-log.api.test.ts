import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { auth, createCompany, createTestDatabase, createUser, describeApi, login } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';

interface Line {
  level: number;
  reqId?: string;
  msg?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  user?: string;
  userId?: number;
  companyId?: number;
}

describeApi('request log: one line per API request, none for files', () => {
  const lines: Line[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let web: string;
  let token: string;
  let user: { id: number; username: string };
  let companyId: number;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    // A small built web app: index.html and one hashed asset.
    web = mkdtempSync(path.join(tmpdir(), 'borlette-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Borlette</title>');
    writeFileSync(path.join(web, 'assets', 'app-1234abcd.js'), 'console.log(1);');
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => {
      for (const l of d.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    app = await buildApp({
      database: db.database,
      config: testConfig({ webDist: web, logLevel: 'info' }),
      logStream: stream,
    });
    const company = await createCompany(db.database);
    companyId = company.id;
    user = await createUser(db.database, { role: 'company', companyId });
    token = (await login(app, user.username)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(web, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });

  /** The lines written for the request whose answer carried this id (pino writes synchronously). */
  const linesOf = (reqId: unknown) => lines.filter((l) => l.reqId === reqId);

  it('writes one info line for an API request: method, path, status, duration, user and company', async () => {
    const res = await app.inject({ url: '/api/companies/user?x=secret-search', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    const mine = linesOf(res.headers['x-request-id']);
    expect(mine).toHaveLength(1);
    expect(lines).toHaveLength(1);
    const [l] = mine;
    expect(l.level).toBe(30); // info
    expect(l).toMatchObject({
      method: 'GET',
      path: '/api/companies/user',
      status: 200,
      user: user.username,
      userId: user.id,
      companyId,
    });
    expect(l.ms).toBeGreaterThanOrEqual(0);
    expect(l.msg).toMatch(/^GET \/api\/companies\/user 200 \d+ ms$/);
    // The query string stays out of the logs.
    expect(JSON.stringify(lines)).not.toContain('secret-search');
  });

  it('writes one line for a refused API request too, without a user', async () => {
    const res = await app.inject({ url: '/api/companies/user' });
    expect(res.statusCode).toBe(401);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: '/api/companies/user', status: 401 });
    expect(lines[0].user).toBeUndefined();
  });

  it('writes nothing for a static file, the app page or a health check', async () => {
    const file = await app.inject({ url: '/assets/app-1234abcd.js' });
    expect(file.statusCode).toBe(200);
    const page = await app.inject({ url: '/pos' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Borlette</title>');
    const missing = await app.inject({ url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});

describeApi('request log: no secret in the logged path', () => {
  const lines: { path?: string; msg?: string }[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => {
      for (const l of d.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    app = await buildApp({ database: db.database, config: testConfig({ logLevel: 'info' }), logStream: stream });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('leaves the receipt link’s ref_code (the QR’s secret, which pays a winning ticket) out of the line', async () => {
    const secret = 'Q1w2E3r4T5y6U7i8O9p0aA';
    const res = await app.inject({ url: `/api/public/fiche/${secret}` });
    expect(res.statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: '/api/public/fiche/:refCode' });
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('leaves the query string out of an unknown API path’s line too', async () => {
    lines.length = 0;
    const res = await app.inject({ url: '/api/nowhere?token=Zx9-query-secret' });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(lines)).not.toContain('Zx9-query-secret');
  });
});
