import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../test/engine-fixtures';
import { auth, createTestApp, createUser, describeApi, ENGINE, login, type TestContext } from '../../test/helpers';
import { DEFAULT_TEST_DATABASE_URL } from '../../test/postgres-global-setup';

/**
 * The sale's session under attack (the auth hook, then the sale's statement; a one-statement version
 * with a SQL gate was tried in issue 19 and measured slower): every session the auth hook refuses
 * sells nothing and answers the hook's own code; parallel sales and a block in their midst — every 200
 * is a ticket, every refusal none, and no sale sent after the block's commit sells.
 */
describeApi('the sale’s session gate, attacked', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 6 });
    other = await sellingCompany(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ticket = (tirage = c.tirages[0].id) => ({
    idempotency_key: randomUUID(),
    tirages: [tirage],
    lines: [{ code: 20, number: '12', stake: 100 }],
  });
  const sell = (token: string, body: unknown = ticket(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: { ...auth(token), ...headers },
      payload: body as object,
    });
  const tickets = async () =>
    Number((await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches'))[0].n);
  const token = async (username: string, remember = false) =>
    (await login(t.app, username, undefined, remember)).accessToken;

  it('every session the hook refuses sells nothing, with the hook’s code', async () => {
    const raw = t.database.raw;
    const [a1, a2, a3, a4] = c.agents;
    const expired = await token(a1.username);
    await raw.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [a1.id]);
    const archived = await token(a2.username);
    await raw.query("UPDATE users SET status = 'archived' WHERE id = $1", [a2.id]);
    const superuser = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['pos_sell' as never],
    });
    const before = await tickets();
    const cases: [string, string, number, string][] = [
      ['expired', expired, 401, 'UNAUTHORIZED'],
      ['archived user', archived, 401, 'UNAUTHORIZED'],
      ['superuser', await token(superuser.username), 403, 'FORBIDDEN'],
      ['company', await token(admin.username), 403, 'FORBIDDEN'],
      ['unknown', 'x'.repeat(40), 401, 'UNAUTHORIZED'],
      ['huge', 'x'.repeat(100_000), 401, 'UNAUTHORIZED'],
      ['odd chars', 'abc$%^&*()!@#abc$%^&*()', 401, 'UNAUTHORIZED'],
    ];
    try {
      cases.push(['supervisor', await token(sup.username), 403, 'FORBIDDEN']);
    } catch {}
    const answers = await Promise.all(cases.map(([, tok]) => sell(tok)));
    answers.forEach((res, i) => {
      expect([cases[i][0], res.statusCode, res.json().code]).toEqual([cases[i][0], cases[i][2], cases[i][3]]);
    });
    // Another company's draw: the engine's 404, no ticket.
    const mine = await token(a3.username);
    expect((await sell(mine, ticket(other.tirages[0].id))).statusCode).toBe(404);
    // A remember-me session sells.
    expect((await sell(await token(a4.username, true))).statusCode).toBe(200);
    expect(await tickets()).toBe(before + 1);
  });

  it('a bad token and any unreadable body: the session’s 401 first, never the body’s error', async () => {
    const before = await tickets();
    const bad = 'y'.repeat(40);
    const bodies: [string | Buffer, string][] = [
      [Buffer.alloc(3 * 1024 * 1024, 'a'), 'application/json'],
      ['{"a":1}', 'text/plain'],
      ['', 'application/json'],
      ['{"__proto__":{"x":1}}', 'application/json'],
      ['--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n', 'multipart/form-data; boundary=b'],
      [
        JSON.stringify({
          ...ticket(),
          lines: Array.from({ length: 5000 }, () => ({ code: 20, number: '12', stake: 1 })),
        }),
        'application/json',
      ],
    ];
    for (const [payload, type] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agents/fiches',
        headers: { ...auth(bad), 'content-type': type },
        payload,
      });
      expect([type, payload.length, res.statusCode]).toEqual([type, payload.length, 401]);
    }
    expect(await tickets()).toBe(before);
  });

  it('a block amid 20 parallel sales: each 200 is a ticket, nothing sells after the block', async () => {
    const agent = c.agents[5];
    const tok = await token(agent.username);
    const count = async () =>
      Number(
        (
          await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE agent_id = $1', [
            agent.id,
          ])
        )[0].n,
      );
    const inFlight = Array.from({ length: 20 }, () => sell(tok));
    await new Promise((r) => setTimeout(r, 5));
    await t.database.raw.query("UPDATE users SET status = 'blocked' WHERE id = $1", [agent.id]);
    const after = await Promise.all(Array.from({ length: 20 }, () => sell(tok)));
    const during = await Promise.all(inFlight);
    for (const res of after) expect([res.statusCode, res.json().code]).toEqual([403, 'AGENT_BLOCKED']);
    const ok = during.filter((r) => r.statusCode === 200);
    for (const r of during) if (r.statusCode !== 200) expect(r.json().code).toBe('AGENT_BLOCKED');
    expect(await count()).toBe(ok.length);
  });

  it.runIf(ENGINE === 'postgres')(
    'sales held on the draw lock past a block’s commit: each 200 is a ticket, each refusal none',
    async () => {
      const agent = c.agents[4];
      const tok = await token(agent.username);
      const url = new URL(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
      url.pathname = `/${(await t.database.raw.query<{ d: string }>('SELECT current_database() AS d'))[0].d}`;
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      try {
        // What a result's entry holds: the draw's lock, exclusively; the sales wait on it.
        await holder.query('BEGIN');
        await holder.query('SELECT borlette_lock_draws($1::bigint[], true)', [[c.tirages[0].id]]);
        const inFlight = Array.from({ length: 3 }, () => sell(tok));
        await new Promise((r) => setTimeout(r, 500));
        const blocker = new pg.Client({ connectionString: url.toString() });
        await blocker.connect();
        await blocker.query("UPDATE users SET status = 'blocked' WHERE id = $1", [agent.id]);
        await blocker.end();
        await holder.query('COMMIT');
        const during = await Promise.all(inFlight);
        const sold = Number(
          (
            await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE agent_id = $1', [
              agent.id,
            ])
          )[0].n,
        );
        // They read the agent before the block (no row lock): today they sell (reported, issue 19 review).
        for (const r of during) if (r.statusCode !== 200) expect(r.json().code).toBe('AGENT_BLOCKED');
        expect(sold).toBe(during.filter((r) => r.statusCode === 200).length);
        // Sent after the block's commit: refused.
        expect((await sell(tok)).json().code).toBe('AGENT_BLOCKED');
      } finally {
        await holder.end();
      }
    },
  );
});
