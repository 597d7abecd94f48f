import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers';

/** Issue 20 §1: terminals, their approval, and what a pending or revoked device may not do. */
describeApi('terminals', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  const tokens: Record<string, string> = {};

  const device = () => ({
    device_id: randomBytes(16).toString('base64url'),
    name: 'Samsung A12',
    pos_version: '1.4.0',
  });
  const signIn = async (username: string, dev?: ReturnType<typeof device>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username, password: PASSWORD, ...(dev ? { device: dev } : {}) },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 12) test' },
    });
    return res;
  };
  const sale = (token: string) =>
    callAs(t, 'POST', '/api/agents/fiches', token, {
      idempotency_key: randomUUID(),
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '12', stake: 100 }],
    });
  const pay = (token: string, ref: string) => callAs(t, 'POST', '/api/agents/fiches/pay', token, { ref_code: ref });
  const cancel = (token: string, id: number) => callAs(t, 'POST', '/api/agents/fiches/cancel', token, { id });
  const reprint = (token: string, id: number) => callAs(t, 'POST', '/api/agents/fiches/reprint', token, { id });
  const setApproval = (on: boolean) =>
    callAs(t, 'PUT', '/api/companies/settings', tokens.admin, { terminal_approval: on });
  const list = (token: string, q = '') => callAs(t, 'GET', `/api/companies/terminals?${q}`, token);

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 3, tirages: 1 });
    other = await sellingCompany(t.database);
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const adminB = await createUser(t.database, { role: 'company', companyId: other.company.id, fullAccess: true });
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_terminal', 'change_terminal'],
    });
    const supView = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_terminal'],
    });
    // The supervisor watches agent 0 only.
    await t.database.raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [c.agents[0].id, sup.id]);
    for (const [k, u] of Object.entries({ admin, adminB, sup, supView }))
      tokens[k] = (await login(t.app, u.username)).accessToken;
  });
  afterAll(() => t?.close());

  it('approval off (default): a device is registered approved and sells; the list shows it online', async () => {
    const dev = device();
    const res = await signIn(c.agents[2].username, dev);
    expect(res.statusCode).toBe(200);
    expect(res.json().terminal).toMatchObject({ state: 'approved' });
    const token = res.json().accessToken;
    expect((await sale(token)).statusCode).toBe(200);
    const page = (await list(tokens.admin, `agent_id=${c.agents[2].id}`)).json();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      name: 'Samsung A12',
      pos_version: '1.4.0',
      state: 'approved',
      online: true,
      user_agent: expect.stringContaining('Android'),
    });
    // The device id is the device's secret (with the agent's password it is an approved terminal): the
    // list shows its first characters only, never enough to sign in as that phone.
    expect(page.results[0].device_id).toBe(`${dev.device_id.slice(0, 6)}…`);
    const csv = await t.app.inject({ url: '/api/companies/terminals?format=csv', headers: auth(tokens.admin) });
    expect(csv.body).not.toContain(dev.device_id);
    // A sign-in without a device (API client) still works while approval is off.
    expect((await signIn(c.agents[2].username)).statusCode).toBe(200);
  });

  describe('approval on', () => {
    let dev: ReturnType<typeof device>;
    let token: string;
    let terminalId: number;
    let ticketRef: string;
    let ticketId: number;

    beforeAll(async () => {
      // A ticket sold before, for the payment attempts.
      const before = await signIn(c.agents[0].username, device());
      const sold = (await sale(before.json().accessToken)).json();
      ticketRef = sold.ref_code;
      ticketId = sold.id;
      expect((await setApproval(true)).statusCode).toBe(200);
      // Approval turned on ended the sessions without a device; those with an approved device stay.
      expect((await callAs(t, 'GET', '/api/agents/config', before.json().accessToken)).statusCode).toBe(200);
      dev = device();
      const res = await signIn(c.agents[0].username, dev);
      expect(res.statusCode).toBe(200);
      expect(res.json().terminal).toMatchObject({ state: 'pending' });
      token = res.json().accessToken;
      terminalId = res.json().terminal.id;
    });

    it('refuses an agent’s sign-in without a device, in French', async () => {
      const body = expectErrorBody(await signIn(c.agents[0].username), 403);
      expect(body.code).toBe('DEVICE_PENDING');
      expect(body.message).toMatch(/point de vente/);
    });

    it('a pending device can neither sell nor pay (403 DEVICE_PENDING), but reads and beats', async () => {
      const s = expectErrorBody(await sale(token), 403);
      expect(s).toMatchObject({ code: 'DEVICE_PENDING', message: 'Ce terminal attend l’approbation de la compagnie.' });
      expect(expectErrorBody(await pay(token, ticketRef), 403).code).toBe('DEVICE_PENDING');
      // Nor cancel: a ticket's money moves on a cancellation too.
      expect(expectErrorBody(await cancel(token, ticketId), 403).code).toBe('DEVICE_PENDING');
      // Nor pre-check a sale (the check answers what the sale would), nor print a ticket (a copy is paper).
      const body = { tirages: [c.tirages[0].id], lines: [{ code: 20, number: '12', stake: 100 }] };
      const checked = await callAs(t, 'POST', '/api/agents/fiches/check', token, body);
      expect(expectErrorBody(checked, 403).code).toBe('DEVICE_PENDING');
      expect(expectErrorBody(await reprint(token, ticketId), 403).code).toBe('DEVICE_PENDING');
      expect((await callAs(t, 'GET', '/api/agents/config', token)).statusCode).toBe(200);
      const hb = await callAs(t, 'POST', '/api/agents/heartbeat', token, { pos_version: '1.4.1' });
      expect(hb.json()).toEqual({ terminal: { id: terminalId, state: 'pending' } });
    });

    it('another company’s admin cannot see nor approve it (404); a supervisor without the codename: 403', async () => {
      expect((await list(tokens.adminB)).json().results.map((r: { id: number }) => r.id)).not.toContain(terminalId);
      expectErrorBody(
        await callAs(t, 'POST', '/api/companies/terminals/approve', tokens.adminB, { id: terminalId }),
        404,
      );
      const denied = expectErrorBody(
        await callAs(t, 'POST', '/api/companies/terminals/approve', tokens.supView, { id: terminalId }),
        403,
      );
      expect(denied.message).toMatch(/change_terminal/);
      expectErrorBody(await list(token), 403); // an agent
      expectErrorBody(await callAs(t, 'POST', '/api/companies/terminals/approve', tokens.admin, { id: 'x' }), 400);
    });

    it('a supervisor sees and approves its agents’ terminals only', async () => {
      const other = await signIn(c.agents[1].username, device());
      const otherId = other.json().terminal.id;
      const seen = (await list(tokens.sup, 'page_size=100')).json().results.map((r: { id: number }) => r.id);
      expect(seen).toContain(terminalId);
      expect(seen).not.toContain(otherId);
      expectErrorBody(await callAs(t, 'POST', '/api/companies/terminals/approve', tokens.sup, { id: otherId }), 404);
      const ok = await callAs(t, 'POST', '/api/companies/terminals/approve', tokens.sup, { id: terminalId });
      expect(ok.json()).toMatchObject({ id: terminalId, state: 'approved' });
    });

    it('approved, the same session sells and may pay (the state is read with each request)', async () => {
      expect((await sale(token)).statusCode).toBe(200);
      const paid = await pay(token, ticketRef);
      expect(paid.json().code ?? '').not.toMatch(/^DEVICE_/);
    });

    it('renames it; a blank name is a French 400', async () => {
      const r = await callAs(t, 'PUT', '/api/companies/terminals', tokens.admin, { id: terminalId, name: 'Caisse 1' });
      expect(r.json()).toMatchObject({ name: 'Caisse 1' });
      const bad = expectErrorBody(
        await callAs(t, 'PUT', '/api/companies/terminals', tokens.admin, { id: terminalId, name: ' ' }),
        400,
      );
      expect(bad.fields?.name).toBe('Le nom est requis');
      // The sign-in keeps the admin's name.
      await signIn(c.agents[0].username, dev);
      expect((await list(tokens.admin, 'search=caisse')).json().results[0]).toMatchObject({ id: terminalId });
    });

    it('revoking ends its sessions (401); a new sign-in from it cannot sell (DEVICE_REVOKED)', async () => {
      const r = await callAs(t, 'POST', '/api/companies/terminals/revoke', tokens.admin, { id: terminalId });
      expect(r.json()).toMatchObject({ state: 'revoked', revoked_at: expect.any(String) });
      expectErrorBody(await callAs(t, 'GET', '/api/agents/config', token), 401);
      const again = await signIn(c.agents[0].username, dev);
      expect(again.json().terminal).toEqual({ id: terminalId, state: 'revoked' });
      const s = expectErrorBody(await sale(again.json().accessToken), 403);
      expect(s).toMatchObject({ code: 'DEVICE_REVOKED', message: 'Ce terminal a été révoqué.' });
      expect(expectErrorBody(await pay(again.json().accessToken, ticketRef), 403).code).toBe('DEVICE_REVOKED');
      // A stolen phone cannot cancel the agent's recent tickets either, nor print them by another path.
      const stolen = again.json().accessToken;
      expect(expectErrorBody(await cancel(stolen, ticketId), 403).code).toBe('DEVICE_REVOKED');
      expect(expectErrorBody(await reprint(stolen, ticketId), 403).code).toBe('DEVICE_REVOKED');
      for (const path of ['escpos', 'pdf']) {
        const res = await callAs(t, 'GET', `/api/agents/fiches/${path}?id=${ticketId}`, stolen);
        expect(expectErrorBody(res, 403).code).toBe('DEVICE_REVOKED');
      }
      const body = { tirages: [c.tirages[0].id], lines: [{ code: 20, number: '12', stake: 100 }] };
      const checked = await callAs(t, 'POST', '/api/agents/fiches/check', stolen, body);
      expect(expectErrorBody(checked, 403).code).toBe('DEVICE_REVOKED');
      // The audit trail has both acts.
      const acts = await t.database.raw.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'terminal' AND entity_id = $1 ORDER BY id",
        [terminalId],
      );
      expect(acts.map((a) => a.action)).toEqual(['approve', 'update', 'revoke']);
    });

    it('parallel approvals and revocations leave one state, and a revoked terminal no live session', async () => {
      const dev3 = device();
      const fresh = await signIn(c.agents[0].username, dev3);
      const id = fresh.json().terminal.id;
      // Several sessions of the same device, signed in in parallel: one terminal.
      const more = await Promise.all([1, 2, 3].map(() => signIn(c.agents[0].username, dev3)));
      expect(new Set(more.map((s) => s.json().terminal.id))).toEqual(new Set([id]));
      expectErrorBody(await signIn(c.agents[0].username, { ...dev3, device_id: 'short' }), 400);
      const calls = Array.from({ length: 12 }, (_, i) =>
        callAs(t, 'POST', `/api/companies/terminals/${i % 2 ? 'revoke' : 'approve'}`, tokens.admin, { id }),
      );
      const answers = await Promise.all(calls);
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const [row] = await t.database.raw.query<{ state: string; live: number }>(
        `SELECT t.state, (SELECT count(*)::int FROM sessions s WHERE s.terminal_id = t.id AND s.revoked_at IS NULL) AS live
           FROM terminals t WHERE t.id = $1`,
        [id],
      );
      expect(['approved', 'revoked']).toContain(row.state);
      if (row.state === 'revoked') expect(row.live).toBe(0);
      const status = (await sale(fresh.json().accessToken)).statusCode;
      expect(row.state === 'approved' ? [200, 401] : [401]).toContain(status);
    });

    it('lists with filters, pagination and CSV', async () => {
      const page = (await list(tokens.admin, 'state=revoked&page_size=1')).json();
      expect(page).toMatchObject({ page: 1, page_size: 1 });
      expect(page.results.every((r: { state: string }) => r.state === 'revoked')).toBe(true);
      expectErrorBody(await list(tokens.admin, 'state=lost'), 400);
      const csv = await t.app.inject({ url: '/api/companies/terminals?format=csv', headers: auth(tokens.admin) });
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('Premier accès');
      expect(csv.body).toContain('Révoqué');
    });

    it('approval turned off: a pending device is approved at its next sign-in', async () => {
      const dev2 = device();
      expect((await signIn(c.agents[1].username, dev2)).json().terminal.state).toBe('pending');
      expect((await setApproval(false)).statusCode).toBe(200);
      const res = await signIn(c.agents[1].username, dev2);
      expect(res.json().terminal.state).toBe('approved');
      expect((await sale(res.json().accessToken)).statusCode).toBe(200);
    });
  });
});
