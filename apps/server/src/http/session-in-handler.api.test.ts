import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellingCompany } from '../../test/engine-fixtures';
import { auth, createTestDatabase, createUser, describeApi, expectErrorBody, login } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';

/**
 * The sale reads its session in its own statement (http/session-in-handler.ts): every answer stays
 * the auth hook's — the session's 401/403 before the input's 400, whatever is wrong with the body —
 * no sale is made for a session the hook would refuse, and the log line still names who sold.
 */
describeApi('the sale resolves its session in its own statement', () => {
  let app: FastifyInstance;
  let database: Database;
  let drop: () => Promise<void>;
  const lines: { path?: string; status?: number; userId?: number; user?: string }[] = [];
  let agent: { id: number; username: string };
  let agentToken: string;
  let blockedToken: string;
  let adminToken: string;
  let tirage: number;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => {
      for (const l of d.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    });
    app = await buildApp({
      database,
      config: testConfig({ webDist: '/nonexistent', logLevel: 'info' }),
      logStream: stream,
    });
    const c = await sellingCompany(database, { agents: 2, tirages: 1 });
    agent = c.agents[0];
    tirage = c.tirages[0].id;
    agentToken = (await login(app, agent.username)).accessToken;
    blockedToken = (await login(app, c.agents[1].username)).accessToken;
    await database.raw.query("UPDATE users SET status = 'blocked' WHERE id = $1", [c.agents[1].id]);
    const admin = await createUser(database, { role: 'company', companyId: c.company.id, fullAccess: true });
    adminToken = (await login(app, admin.username)).accessToken;
    await database.raw.query("INSERT INTO boule_blocks (company_id, number) VALUES ($1, '13')", [c.company.id]);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const ticket = (number = '12') => ({
    idempotency_key: randomUUID(),
    tirages: [tirage],
    lines: [{ code: 20, number, stake: 100 }],
  });
  const sell = (token: string | null, payload: unknown, raw = false) =>
    app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: { ...(token ? auth(token) : {}), ...(raw ? { 'content-type': 'application/json' } : {}) },
      ...(raw ? { body: payload as string } : { payload: payload as object }),
    });
  const sold = async () =>
    Number(
      (
        await database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE agent_id = $1', [agent.id])
      )[0].n,
    );

  it('sells, and the request line names the agent', async () => {
    const res = await sell(agentToken, ticket());
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body).replayed).toBe(false);
    const line = lines.filter((l) => l.path === '/api/agents/fiches').at(-1);
    expect(line).toMatchObject({ status: 200, userId: agent.id, user: agent.username });
  });

  it('one statement per sale: the session and the sale in one round trip', async () => {
    const query = database.raw.query;
    const texts: string[] = [];
    database.raw.query = ((text: string, ...rest: never[]) => {
      texts.push(text);
      return query.call(database.raw, text, ...rest);
    }) as typeof query;
    try {
      expect((await sell(agentToken, ticket())).statusCode).toBe(200);
    } finally {
      database.raw.query = query;
    }
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('borlette_sell(');
  });

  it('a refused sale (a blocked ball) answers its 409 and its line still names the agent', async () => {
    const res = await sell(agentToken, ticket('13'));
    expect(expectErrorBody(res, 409).code).toBe('BOULE_BLOCKED');
    const line = lines.filter((l) => l.path === '/api/agents/fiches').at(-1);
    expect(line).toMatchObject({ status: 409, userId: agent.id });
  });

  it('the session before the input: 401/403 for a bad token or role, whatever the body', async () => {
    const before = await sold();
    const bodies: [unknown, boolean][] = [
      [ticket(), false],
      [{ tirages: 'x' }, false],
      [{ ...ticket(), lines: [{ code: 20, number: 'ab', stake: 100 }] }, false],
      ['{"not json', true],
    ];
    for (const [body, raw] of bodies) {
      expect(expectErrorBody(await sell(null, body, raw), 401).code).toBe('UNAUTHORIZED');
      expect(expectErrorBody(await sell('x'.repeat(40), body, raw), 401).code).toBe('UNAUTHORIZED');
      expect(expectErrorBody(await sell(blockedToken, body, raw), 403).code).toBe('AGENT_BLOCKED');
      expect(expectErrorBody(await sell(adminToken, body, raw), 403).code).toBe('FORBIDDEN');
    }
    expect(await sold()).toBe(before);
  });

  it('a valid session and a bad body: the input’s own 400s', async () => {
    expect(expectErrorBody(await sell(agentToken, { tirages: 'x' }), 400).code).toBe('VALIDATION_ERROR');
    const line = { ...ticket(), lines: [{ code: 20, number: 'ab', stake: 100 }] };
    expect(expectErrorBody(await sell(agentToken, line), 400).code).toBe('INVALID_LINE');
    expect(expectErrorBody(await sell(agentToken, '{"not json', true), 400).code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it('a revoked session sells nothing: 401', async () => {
    const token = (await login(app, agent.username)).accessToken;
    expect((await sell(token, ticket())).statusCode).toBe(200);
    const before = await sold();
    await database.raw.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [agent.id]);
    expect(expectErrorBody(await sell(token, ticket()), 401).code).toBe('UNAUTHORIZED');
    expect(await sold()).toBe(before);
  });
});
