import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  agentBody,
  b,
  bSub,
  newSub,
  setupAgents,
  supAToken,
  t,
  tokenOf,
  viewerToken,
} from '../../../test/fixtures/agents.fixtures';
import { callAs, createCompany, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';

/**
 * Who may see or change an agent (codenames, a supervisor's scope, other companies),
 * and its sign-in (block, password, archive).
 */
describeApi('agents (vendeurs): access', () => {
  beforeAll(setupAgents);
  afterAll(() => t?.close());

  it('refuses a supervisor without the codename (403), and one that watches nothing outside its scope', async () => {
    const denied = await callAs(t, 'POST', '/api/companies/agent', viewerToken, agentBody());
    expect(expectErrorBody(denied, 403).code).toBe('PERMISSION_DENIED');
    const ag = (await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody())).json();
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/agent', viewerToken, { ...agentBody(), id: ag.id }), 403);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/agent', viewerToken, { id: ag.id }), 403);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/agent/block', viewerToken, { id: ag.id, blocked: true }),
      403,
    );
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/agent/password', viewerToken, { id: ag.id, password: 'nouveau-mdp-1' }),
      403,
    );
    const none = await tokenOf((await createUser(t.database, { role: 'supervisor', companyId: a.id })).username);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-agent', none), 403);
    expectErrorBody(await callAs(t, 'GET', `/api/companies/agent?id=${ag.id}`, none), 403);
    // change_agent without block_agent: the form cannot block either.
    const put = await callAs(t, 'PUT', '/api/companies/agent', supAToken, {
      ...agentBody(),
      id: ag.id,
      username: ag.username,
      status: 'blocked',
    });
    expect(expectErrorBody(put, 403).message).toContain('block_agent');
  });

  it('never shows or changes another company’s agent (404, no data), nor assigns its sub-branch', async () => {
    const secret = agentBody({ surcussale_id: bSub, first_name: 'Clandestin' });
    const bAgent = (await callAs(t, 'POST', '/api/companies/agent', adminB, secret)).json();
    for (const token of [adminA, supAToken]) {
      const read = await callAs(t, 'GET', `/api/companies/agent?id=${bAgent.id}`, token);
      expectErrorBody(read, 404);
      expect(read.body).not.toContain('Clandestin');
      expect(read.body).not.toContain(secret.username);
    }
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/agent', adminA, { ...agentBody(), id: bAgent.id }), 404);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/agent', adminA, { id: bAgent.id }), 404);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/agent/block', adminA, { id: bAgent.id, blocked: true }),
      404,
    );
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/agent/password', adminA, { id: bAgent.id, password: 'piratage-123' }),
      404,
    );
    const list = await callAs(t, 'GET', '/api/companies/list-agent?page_size=100', adminA);
    expect(list.body).not.toContain('Clandestin');
    const filtered = await callAs(t, 'GET', `/api/companies/list-agent?surcussale_id=${bSub}`, adminA);
    expect(filtered.json().count).toBe(0);
    // A's admin cannot put an agent in B's sub-branch or under B's supervisor.
    const wrongSub = await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody({ surcussale_id: bSub }));
    expect(expectErrorBody(wrongSub, 400).fields?.surcussale_id).toBeTruthy();
    expect(wrongSub.body).not.toContain('Secret B');
    const bSup = await createUser(t.database, { role: 'supervisor', companyId: b.id });
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody({ supervisor_id: bSup.id })),
      400,
    );
    // B's agent is untouched.
    expect((await callAs(t, 'GET', `/api/companies/agent?id=${bAgent.id}`, adminB)).json().status).toBe('active');
  });

  it('shows a supervisor only the agents of its sub-branches and those assigned to it', async () => {
    const company = await createCompany(t.database);
    const admin = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true })).username,
    );
    const s1 = await newSub(admin, 'S1');
    const s2 = await newSub(admin, 'S2');
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: company.id,
      permissions: ['view_agent', 'add_agent', 'change_agent'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [company.id, sup.id, s1],
    );
    const supToken = await tokenOf(sup.username);
    const inS1 = (await callAs(t, 'POST', '/api/companies/agent', admin, agentBody({ surcussale_id: s1 }))).json();
    const assigned = (
      await callAs(t, 'POST', '/api/companies/agent', admin, agentBody({ surcussale_id: s2, supervisor_id: sup.id }))
    ).json();
    const outside = (await callAs(t, 'POST', '/api/companies/agent', admin, agentBody({ surcussale_id: s2 }))).json();

    const seen = (await callAs(t, 'GET', '/api/companies/list-agent?page_size=100', supToken)).json();
    expect(seen.results.map((r: { id: number }) => r.id).sort()).toEqual([inS1.id, assigned.id].sort());
    expect(seen.count).toBe(2);
    expect((await callAs(t, 'GET', `/api/companies/agent?id=${assigned.id}`, supToken)).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'GET', `/api/companies/agent?id=${outside.id}`, supToken), 404);
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/agent', supToken, { ...agentBody(), id: outside.id }), 404);
    const csv = await callAs(t, 'GET', '/api/companies/list-agent?format=csv', supToken);
    expect(csv.body).not.toContain(outside.username);

    // Its writes stay within its scope.
    const outOfScope = await callAs(t, 'POST', '/api/companies/agent', supToken, agentBody({ surcussale_id: s2 }));
    expect(expectErrorBody(outOfScope, 400).fields?.surcussale_id).toMatch(/périmètre/);
    const own = await callAs(t, 'POST', '/api/companies/agent', supToken, agentBody({ surcussale_id: s1 }));
    expect(own.statusCode, own.body).toBe(200);
    const toMe = await callAs(
      t,
      'POST',
      '/api/companies/agent',
      supToken,
      agentBody({ surcussale_id: s2, supervisor_id: sup.id }),
    );
    expect(toMe.statusCode, toMe.body).toBe(200);
    const moveAway = await callAs(t, 'PUT', '/api/companies/agent', supToken, {
      ...agentBody(),
      id: inS1.id,
      username: inS1.username,
      surcussale_id: s2,
    });
    expectErrorBody(moveAway, 400);

    // The form's choices are scoped the same way.
    const opts = (await callAs(t, 'GET', '/api/companies/agent/options', supToken)).json();
    expect(opts.surcussales.map((s: { id: number }) => s.id)).toEqual([s1]);
    expect(opts.supervisors.map((s: { id: number }) => s.id)).toEqual([sup.id]);
    const adminOpts = (await callAs(t, 'GET', '/api/companies/agent/options', admin)).json();
    expect(adminOpts.surcussales.map((s: { name: string }) => s.name)).toEqual(['S1', 'S2']);
    expect(adminOpts).toMatchObject({ default_commission_bp: 1000, ref_code: company.ref_code });
  });

  it('block stops sign-in and ends the agent’s sessions; unblock lets it back in', async () => {
    const body = agentBody();
    const ag = (await callAs(t, 'POST', '/api/companies/agent', adminA, body)).json();
    const agentToken = await tokenOf(body.username, body.password);
    expect((await callAs(t, 'GET', '/api/agents/user', agentToken)).statusCode).toBe(200);

    const blocked = await callAs(t, 'POST', '/api/companies/agent/block', adminA, { id: ag.id, blocked: true });
    expect(blocked.json().status).toBe('blocked');
    expect(expectErrorBody(await callAs(t, 'GET', '/api/agents/user', agentToken), 403).code).toBe('AGENT_BLOCKED');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expect(expectErrorBody(refused, 403).code).toBe('ACCOUNT_BLOCKED');
    const [s] = await t.database.raw.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [ag.id],
    );
    expect(s.live).toBe(0);

    const unblocked = await callAs(t, 'POST', '/api/companies/agent/block', adminA, { id: ag.id, blocked: false });
    expect(unblocked.json().status).toBe('active');
    expect((await login(t.app, body.username, body.password)).role).toBe('agent');
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'agent' AND entity_id = $1 ORDER BY id",
      [String(ag.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'block', 'unblock']);
    // Blocking through the edit form (with block_agent) ends sessions too.
    const again = await tokenOf(body.username, body.password);
    const put = await callAs(t, 'PUT', '/api/companies/agent', adminA, { ...body, id: ag.id, status: 'blocked' });
    expect(put.json().status).toBe('blocked');
    expect(expectErrorBody(await callAs(t, 'GET', '/api/agents/user', again), 403).code).toBe('AGENT_BLOCKED');
  });

  it('changes the password: the old one and the old sessions stop working, the new one signs in', async () => {
    const body = agentBody();
    const ag = (await callAs(t, 'POST', '/api/companies/agent', adminA, body)).json();
    const old = await tokenOf(body.username, body.password);
    const short = await callAs(t, 'POST', '/api/companies/agent/password', adminA, { id: ag.id, password: 'court' });
    expect(expectErrorBody(short, 400).fields?.password).toBeTruthy();
    const res = await callAs(t, 'POST', '/api/companies/agent/password', adminA, {
      id: ag.id,
      password: 'nouveau-secret-9',
    });
    expect(res.json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', '/api/agents/user', old), 401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expectErrorBody(wrong, 401);
    expect((await login(t.app, body.username, 'nouveau-secret-9')).role).toBe('agent');
  });

  it('archives on DELETE: hidden from lists, sign-in refused; listed with status=archived; restorable', async () => {
    const body = agentBody({ first_name: 'Archibald' });
    const ag = (await callAs(t, 'POST', '/api/companies/agent', adminA, body)).json();
    const token = await tokenOf(body.username, body.password);
    expect((await callAs(t, 'DELETE', '/api/companies/agent', adminA, { id: ag.id })).json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', '/api/agents/user', token), 401);
    expect((await callAs(t, 'GET', '/api/companies/list-agent?search=archibald', adminA)).json().count).toBe(0);
    const archived = (
      await callAs(t, 'GET', '/api/companies/list-agent?search=archibald&status=archived', adminA)
    ).json();
    expect(archived.results).toMatchObject([{ id: ag.id, status: 'archived' }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expectErrorBody(refused, 403);
    expectErrorBody(await callAs(t, 'POST', '/api/companies/agent/block', adminA, { id: ag.id, blocked: false }), 409);
    // DELETE with ?id= as well; twice is harmless.
    expect((await callAs(t, 'DELETE', `/api/companies/agent?id=${ag.id}`, adminA)).json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/agent', adminA, {}), 400);
    // Restored through the form (status active).
    const restored = await callAs(t, 'PUT', '/api/companies/agent', adminA, { ...body, id: ag.id, status: 'active' });
    expect(restored.json().status).toBe('active');
    expect((await login(t.app, body.username, body.password)).role).toBe('agent');
  });

  it('a superuser with « Toutes » selected may read but not write', async () => {
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const token = await tokenOf(su.username);
    expect((await callAs(t, 'GET', '/api/companies/list-agent', token)).statusCode).toBe(200);
    expect(expectErrorBody(await callAs(t, 'POST', '/api/companies/agent', token, agentBody()), 409).code).toBe(
      'COMPANY_REQUIRED',
    );
  });
});
