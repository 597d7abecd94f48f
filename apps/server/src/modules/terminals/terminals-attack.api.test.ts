import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers';
import { holdTransaction } from '../../../test/hold-transaction';

/** Issue 20 review: a device revoked while it sells, and an agent with a flood of devices. */
describeApi('terminals under attack', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;

  const signIn = async (username: string, deviceId: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username, password: PASSWORD, device: { device_id: deviceId, name: 'x'.repeat(100) } },
        headers: { 'user-agent': `Mozilla/5.0 ${'A'.repeat(5_000)}` },
      })
    ).json();
  const sale = (token: string) =>
    callAs(t, 'POST', '/api/agents/fiches', token, {
      idempotency_key: randomUUID(),
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '12', stake: 100 }],
    });

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 1 });
    const a = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    admin = (await login(t.app, a.username)).accessToken;
  });
  afterAll(() => t?.close());

  it('a sale whose session was read before a revocation commits is refused by the engine, not sold after it', async () => {
    const s = await signIn(c.agents[0].username, randomBytes(16).toString('base64url'));
    expect(s.terminal.state).toBe('approved');
    // The revocation's transaction is open (its row change not committed) while the sale arrives: the
    // session still reads « approved ». The sale must wait for it and see the terminal revoked.
    const revoke = holdTransaction(t.database, async (tx) => {
      await tx.query("UPDATE terminals SET state = 'revoked', revoked_at = now() WHERE id = $1", [s.terminal.id]);
    });
    await revoke.started;
    const selling = sale(s.accessToken);
    await new Promise((r) => setTimeout(r, 300));
    revoke.release();
    await revoke.done;
    const res = await selling;
    expect(expectErrorBody(res, 403).code).toBe('DEVICE_REVOKED');
    const [n] = await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE agent_id = $1', [
      c.agents[0].id,
    ]);
    expect(n.n).toBe(0);
  });

  it('30 sales of one device beside its revocation: every answer is whole, none sells after it', async () => {
    const s = await signIn(c.agents[1].username, randomBytes(16).toString('base64url'));
    const sales = Array.from({ length: 30 }, () => sale(s.accessToken));
    const revoked = callAs(t, 'POST', '/api/companies/terminals/revoke', admin, { id: s.terminal.id });
    const answers = await Promise.all(sales);
    expect((await revoked).statusCode).toBe(200);
    for (const a of answers) expect([200, 401, 403]).toContain(a.statusCode);
    // After it, nothing sells from it.
    expect([401, 403]).toContain((await sale(s.accessToken)).statusCode);
    // Every 200 is a ticket and every ticket a 200: nothing half done.
    const [row] = await t.database.raw.query<{ sold: number }>(
      'SELECT count(*)::int AS sold FROM fiches WHERE agent_id = $1',
      [c.agents[1].id],
    );
    expect(row.sold).toBe(answers.filter((a) => a.statusCode === 200).length);
  });

  it('a sign-in without a device while approval is being turned on gets no session that sells', async () => {
    const agent = c.agents[0];
    // The settings' transaction (company-settings.service): approval on, the deviceless sessions ended,
    // not yet committed while the sign-in reads the setting and writes its session.
    const turnOn = holdTransaction(t.database, async (tx) => {
      await tx.query('UPDATE company_settings SET terminal_approval = true WHERE company_id = $1', [c.company.id]);
      await tx.query(
        `UPDATE sessions SET revoked_at = now() WHERE terminal_id IS NULL AND revoked_at IS NULL
           AND user_id IN (SELECT id FROM users WHERE company_id = $1 AND role = 'agent')`,
        [c.company.id],
      );
    });
    await turnOn.started;
    const signing = t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: agent.username, password: PASSWORD },
    });
    await new Promise((r) => setTimeout(r, 300));
    turnOn.release();
    await turnOn.done;
    const res = await signing;
    expect(expectErrorBody(res, 403).code).toBe('DEVICE_PENDING');
    const [open] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND terminal_id IS NULL AND revoked_at IS NULL',
      [agent.id],
    );
    expect(open.n).toBe(0);
    await t.database.raw.query('UPDATE company_settings SET terminal_approval = false WHERE company_id = $1', [
      c.company.id,
    ]);
  });

  it('10 000 devices of one agent: the list stays one small page; long names and user agents are bounded', async () => {
    const agent = c.agents[1].id;
    await t.database.raw.query(
      `INSERT INTO terminals (company_id, device_id, agent_id, name, user_agent, state)
       SELECT $1, 'flood-device-' || lpad(g::text, 8, '0'), $2, 'Terminal ' || g, repeat('U', 300), 'pending'
         FROM generate_series(1, 10000) g`,
      [c.company.id, agent],
    );
    const started = Date.now();
    const res = await callAs(t, 'GET', `/api/companies/terminals?agent_id=${agent}&page_size=100`, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBeGreaterThanOrEqual(10_000);
    expect(page.results.length).toBeLessThanOrEqual(100);
    expect(res.body.length).toBeLessThan(120_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    // A sign-in with a 5 000-character user agent and the longest name: stored bounded, listed.
    const s = await signIn(c.agents[1].username, randomBytes(40).toString('base64url'));
    const [stored] = await t.database.raw.query<{ ua: number; name: number }>(
      'SELECT length(user_agent)::int AS ua, length(name)::int AS name FROM terminals WHERE id = $1',
      [s.terminal.id],
    );
    expect(stored.ua).toBeLessThanOrEqual(300);
    expect(stored.name).toBe(100);
  });
});
