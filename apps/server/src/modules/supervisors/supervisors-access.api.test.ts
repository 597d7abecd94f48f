import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  bSub,
  form,
  north,
  setupSupervisors,
  south,
  supBody,
  t,
  tokenOf,
} from '../../../test/fixtures/supervisors.fixtures';
import { callAs, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';

/**
 * Who may see or change a supervisor (codenames, its own scope, other companies),
 * and its sign-in (block, password, archive).
 */
describeApi('supervisors (access)', () => {
  /** Suffix for the usernames built here (supBody numbers its own). */
  let n = 0;

  beforeAll(setupSupervisors);
  afterAll(() => t?.close());

  it('refuses a supervisor without the codename (403)', async () => {
    const viewer = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor'],
    });
    const token = await tokenOf(viewer.username);
    expect(expectErrorBody(await callAs(t, 'POST', '/api/companies/supervisor', token, supBody()), 403).code).toBe(
      'PERMISSION_DENIED',
    );
    const target = (await callAs(t, 'POST', '/api/companies/supervisor', adminA, supBody())).json();
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/supervisor', token, { ...supBody(), id: target.id }), 403);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/supervisor', token, { id: target.id }), 403);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/supervisor/block', token, { id: target.id, blocked: true }),
      403,
    );
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/supervisor/password', token, { id: target.id, password: 'nouveau-123' }),
      403,
    );
    const none = await tokenOf((await createUser(t.database, { role: 'supervisor', companyId: a.id })).username);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-supervisor', none), 403);
    // change_supervisor without block_sup cannot block through the form.
    const editor = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor', 'change_supervisor'],
    });
    const editorToken = await tokenOf(editor.username);
    const selfBlock = await callAs(t, 'PUT', '/api/companies/supervisor', editorToken, {
      ...supBody({ surcussales: [], permissions: [] }),
      username: editor.username,
      id: editor.id,
      status: 'blocked',
    });
    expectErrorBody(selfBlock, 409);
  });

  it('a supervisor sees only itself, and can never grant more than it holds', async () => {
    const me = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor', 'add_supervisor', 'change_supervisor', 'view_agent'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, me.id, north],
    );
    const token = await tokenOf(me.username);
    const other = (
      await callAs(t, 'POST', '/api/companies/supervisor', adminA, supBody({ first_name: 'Autre' }))
    ).json();
    const list = (await callAs(t, 'GET', '/api/companies/list-supervisor?page_size=100', token)).json();
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([me.id]);
    expect((await callAs(t, 'GET', `/api/companies/supervisor?id=${me.id}`, token)).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'GET', `/api/companies/supervisor?id=${other.id}`, token), 404);
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/supervisor', token, { ...supBody(), id: other.id }), 404);

    const escalate = await callAs(
      t,
      'POST',
      '/api/companies/supervisor',
      token,
      supBody({ permissions: ['view_agent', 'change_password_agent'] }),
    );
    expect(expectErrorBody(escalate, 400).fields?.permissions).toMatch(/détenez.*change_password_agent/);
    const foreignSub = await callAs(
      t,
      'POST',
      '/api/companies/supervisor',
      token,
      supBody({ permissions: [], surcussales: [south] }),
    );
    expect(expectErrorBody(foreignSub, 400).fields?.surcussales).toMatch(/périmètre/);
    const ok = await callAs(
      t,
      'POST',
      '/api/companies/supervisor',
      token,
      supBody({ permissions: ['view_agent'], surcussales: [north] }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const opts = (await callAs(t, 'GET', '/api/companies/supervisor/options', token)).json();
    expect(opts.surcussales.map((s: { id: number }) => s.id)).toEqual([north]);
    expect(opts.permissions.sort()).toEqual(['add_supervisor', 'change_supervisor', 'view_agent', 'view_supervisor']);
    const adminOpts = (await callAs(t, 'GET', '/api/companies/supervisor/options', adminA)).json();
    expect(adminOpts.permissions).toContain('view_agent');
    expect(adminOpts.permissions).not.toContain('view_company');
    expect(adminOpts.permissions).not.toContain('pos_sell');
    // It cannot archive itself.
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/supervisor', token, { id: me.id }), 409);
  });

  it('never shows or changes another company’s supervisor (404, no data)', async () => {
    const secret = (
      await callAs(
        t,
        'POST',
        '/api/companies/supervisor',
        adminB,
        supBody({ first_name: 'Clandestine', surcussales: [bSub] }),
      )
    ).json();
    const supOfA = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor'],
    });
    for (const token of [adminA, await tokenOf(supOfA.username)]) {
      const read = await callAs(t, 'GET', `/api/companies/supervisor?id=${secret.id}`, token);
      expectErrorBody(read, 404);
      expect(read.body).not.toContain('Clandestine');
    }
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/supervisor', adminA, { ...supBody(), id: secret.id }), 404);
    const mp = await form('PUT', adminA, [
      ['id', String(secret.id)],
      ['first_name', 'X'],
      ['last_name', 'Y'],
      ['username', `xx_${++n}`],
    ]);
    expectErrorBody(mp, 404);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/supervisor', adminA, { id: secret.id }), 404);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/supervisor/block', adminA, { id: secret.id, blocked: true }),
      404,
    );
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/supervisor/password', adminA, {
        id: secret.id,
        password: 'piratage-123',
      }),
      404,
    );
    expect((await callAs(t, 'GET', '/api/companies/list-supervisor?page_size=100', adminA)).body).not.toContain(
      'Clandestine',
    );
    expect((await callAs(t, 'GET', `/api/companies/supervisor?id=${secret.id}`, adminB)).json().status).toBe('active');
  });

  it('block stops sign-in and ends its sessions; the password change ends them too', async () => {
    const body = supBody({ permissions: ['view_agent'] });
    const s = (await callAs(t, 'POST', '/api/companies/supervisor', adminA, body)).json();
    const token = await tokenOf(body.username, body.password);
    expect((await callAs(t, 'GET', '/api/supervisors/user', token)).statusCode).toBe(200);
    expect(
      (await callAs(t, 'POST', '/api/companies/supervisor/block', adminA, { id: s.id, blocked: true })).json().status,
    ).toBe('blocked');
    expect(expectErrorBody(await callAs(t, 'GET', '/api/supervisors/user', token), 403).code).toBe('ACCOUNT_BLOCKED');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expect(expectErrorBody(refused, 403).code).toBe('ACCOUNT_BLOCKED');
    await callAs(t, 'POST', '/api/companies/supervisor/block', adminA, { id: s.id, blocked: false });

    const again = await tokenOf(body.username, body.password);
    const changed = await callAs(t, 'POST', '/api/companies/supervisor/password', adminA, {
      id: s.id,
      password: 'tout-nouveau-7',
    });
    expect(changed.json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', '/api/supervisors/user', again), 401);
    expectErrorBody(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: body.username, password: body.password },
      }),
      401,
    );
    expect((await login(t.app, body.username, 'tout-nouveau-7')).role).toBe('supervisor');
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'supervisor' AND entity_id = $1 ORDER BY id",
      [String(s.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'block', 'unblock', 'password']);

    // A supervisor changing its own password keeps the session it used.
    const self = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor', 'change_password_sup'],
    });
    const selfToken = await tokenOf(self.username);
    const other = await tokenOf(self.username);
    expect(
      (
        await callAs(t, 'POST', '/api/companies/supervisor/password', selfToken, {
          id: self.id,
          password: 'mon-nouveau-1',
        })
      ).json(),
    ).toEqual({ ok: true });
    expect((await callAs(t, 'GET', '/api/supervisors/user', selfToken)).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'GET', '/api/supervisors/user', other), 401);
  });

  it('archives on DELETE: hidden, sign-in refused, sessions ended, no longer watching, agents released', async () => {
    const body = supBody({ first_name: 'Archivée', permissions: ['view_agent'] });
    const s = (await callAs(t, 'POST', '/api/companies/supervisor', adminA, body)).json();
    const ag = await callAs(t, 'POST', '/api/companies/agent', adminA, {
      first_name: 'A',
      last_name: 'B',
      username: `agsup_${process.pid}_${++n}`,
      password: 'motdepasse-1',
      surcussale_id: south,
      supervisor_id: s.id,
    });
    expect(ag.statusCode, ag.body).toBe(200);
    const token = await tokenOf(body.username, body.password);
    expect((await callAs(t, 'GET', `/api/companies/supervisor?id=${s.id}`, adminA)).json().agents_count).toBe(1);

    expect((await callAs(t, 'DELETE', '/api/companies/supervisor', adminA, { id: s.id })).json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', '/api/supervisors/user', token), 401);
    expect((await callAs(t, 'GET', '/api/companies/list-supervisor?search=archivée', adminA)).json().count).toBe(0);
    const archived = (
      await callAs(t, 'GET', '/api/companies/list-supervisor?search=archivée&status=archived', adminA)
    ).json();
    expect(archived.results).toMatchObject([{ id: s.id, status: 'archived', surcussales: [] }]);
    const [{ c }] = await t.database.raw.query<{ c: number }>(
      'SELECT count(*)::int AS c FROM supervisor_surcussales WHERE supervisor_id = $1',
      [s.id],
    );
    expect(c).toBe(0);
    expect((await callAs(t, 'GET', `/api/companies/agent?id=${ag.json().id}`, adminA)).json().supervisor_id).toBeNull();
    expectErrorBody(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: body.username, password: body.password },
      }),
      403,
    );
    // No longer offered to agents' forms nor accepted as a supervisor of an agent.
    const opts = (await callAs(t, 'GET', '/api/companies/agent/options', adminA)).json();
    expect(opts.supervisors.map((x: { id: number }) => x.id)).not.toContain(s.id);
  });
});
