import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestDatabase, describeApi, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../db/client';

/**
 * The sale's session (issue 19): the sale route may take the session from the instance's memory
 * (http/session-cache.ts), so whatever ends a session must still stop the next sale, through the
 * engine's own check. Every case first sells once (the session is then remembered), ends the session
 * another way than this instance would notice, and sells again: refused, and nothing written.
 */
describeApi('the sale after its session ended (remembered sessions)', () => {
  let database: Database;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let c: SellingCompany;

  beforeAll(async () => {
    const made = await createTestDatabase();
    database = made.url ? await openPostgres(made.url, { max: 12 }) : made.database;
    app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    await app.ready();
    close = async () => {
      await app.close();
      if (made.url) await database.close();
      await made.drop();
    };
    c = await sellingCompany(database, { agents: 5 });
  }, 120_000);
  afterAll(() => close?.());

  const sale = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(token),
      payload: {
        idempotency_key: randomUUID(),
        tirages: [c.tirages[0].id],
        lines: [{ code: 20, number: '12', stake: 100 }],
      },
    });
  const check = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/agents/fiches/check',
      headers: auth(token),
      payload: { tirages: [c.tirages[0].id], lines: [{ code: 20, number: '12', stake: 100 }] },
    });
  const tickets = async (agentId: number) =>
    (await database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE agent_id = $1', [agentId]))[0]
      .n;
  /** An agent signed in who has sold once (its session now remembered by the instance). */
  const remembered = async (i: number) => {
    const agent = c.agents[i];
    const token = (await login(app, agent.username)).accessToken;
    expect((await sale(token)).statusCode).toBe(200);
    return { agent, token, before: await tickets(agent.id) };
  };

  it('signed out: 401, no ticket; the live check is refused too', async () => {
    const { agent, token, before } = await remembered(0);
    expect((await check(token)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/user/auth/logout', headers: auth(token) });
    expect(out.statusCode).toBeLessThan(300);
    const res = await sale(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await tickets(agent.id)).toBe(before);
    expect((await check(token)).statusCode).toBe(401);
  });

  it('revoked or expired in the database (another instance, an admin): 401, no ticket', async () => {
    for (const [i, change] of [
      [1, 'revoked_at = now()'],
      [2, "expires_at = now() - interval '1 second'"],
    ] as const) {
      const { agent, token, before } = await remembered(i);
      await database.raw.query(`UPDATE sessions SET ${change} WHERE user_id = $1`, [agent.id]);
      const res = await sale(token);
      expect(res.statusCode).toBe(401);
      expect(await tickets(agent.id)).toBe(before);
    }
  });

  it('the agent blocked: 403 AGENT_BLOCKED, no ticket', async () => {
    const { agent, token, before } = await remembered(3);
    expect((await check(token)).statusCode).toBe(200);
    await database.raw.query("UPDATE users SET status = 'blocked' WHERE id = $1", [agent.id]);
    const res = await sale(token);
    expect(res.statusCode).toBe(403);
    // The block's own words, as every route answers them (not the engine's).
    expect(res.json()).toMatchObject({
      code: 'AGENT_BLOCKED',
      message: 'Votre compte est bloqué. Contactez l’administration.',
    });
    expect(await tickets(agent.id)).toBe(before);
    expect((await check(token)).json()).toMatchObject({ code: 'AGENT_BLOCKED' });
  });

  it('20 parallel sales right after a sign-out: every one refused', async () => {
    const { agent, token, before } = await remembered(4);
    const burst = await Promise.all(Array.from({ length: 20 }, () => sale(token)));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    await app.inject({ method: 'POST', url: '/api/user/auth/logout', headers: auth(token) });
    const after = await Promise.all(Array.from({ length: 20 }, () => sale(token)));
    expect(after.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    expect(await tickets(agent.id)).toBe(before + 20);
  });
});
