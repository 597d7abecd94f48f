import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  auth,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 15, defect 2: lifting an account's sign-in throttling. POST <people base>/unlock { id }, guarded
 * by the codename that changes that account's password, in the caller's company (another company's
 * account is 404), audited as `unlock_login`.
 */
describeApi('unlocking a throttled sign-in', () => {
  let t: TestContext;
  let a: { id: number };
  let b: { id: number };
  let adminA: string;
  let adminB: string;
  let superuser: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    const token = async (u: { username: string }) => (await login(t.app, u.username)).accessToken;
    adminA = await token(await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true }));
    adminB = await token(await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true }));
    superuser = await token(await createUser(t.database, { role: 'superuser', fullAccess: true }));
  });
  afterAll(() => t?.close());

  const ADDRESS = '10.7.0.1';
  const signIn = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username, password: PASSWORD },
      remoteAddress: ADDRESS,
    });
  /** 10 failures from ADDRESS: that address is refused for the username. */
  const lock = async (username: string) => {
    await t.database.raw.query(
      `INSERT INTO login_attempts (username, ip, success) SELECT $1, $2, false FROM generate_series(1, 10)`,
      [username.toLowerCase(), ADDRESS],
    );
    expectErrorBody(await signIn(username), 429);
  };
  const unlock = (url: string, token: string, id: number) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload: { id } });

  it('the admin unlocks an agent of its company; audited; another company’s admin gets 404', async () => {
    const agent = await createUser(t.database, { role: 'agent', companyId: a.id });
    await lock(agent.username);
    expectErrorBody(await unlock('/api/companies/agent/unlock', adminB, agent.id), 404);
    expectErrorBody(await signIn(agent.username), 429);

    const res = await unlock('/api/companies/agent/unlock', adminA, agent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, cleared: 10 });
    expect((await signIn(agent.username)).statusCode).toBe(200);
    const [row] = await t.database.raw.query<{
      entity: string;
      company_id: number;
      after: { failures_cleared: number };
    }>(`SELECT entity, company_id, after FROM audit_log WHERE action = 'unlock_login' AND entity_id = $1`, [
      String(agent.id),
    ]);
    expect(row).toMatchObject({ entity: 'agent', company_id: a.id, after: { failures_cleared: 10 } });
    // Nothing to lift: it says so (0), still audited.
    expect((await unlock('/api/companies/agent/unlock', adminA, agent.id)).json()).toEqual({ ok: true, cleared: 0 });
  });

  it('a supervisor needs change_password_agent, and the agent within what it watches', async () => {
    const agent = await createUser(t.database, { role: 'agent', companyId: a.id });
    await lock(agent.username);
    const without = await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['view_agent'] });
    const res = await unlock(
      '/api/companies/agent/unlock',
      (await login(t.app, without.username)).accessToken,
      agent.id,
    );
    expect(expectErrorBody(res, 403).message).toMatch(/change_password_agent/);
    const holder = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_agent', 'change_password_agent'],
    });
    const holderToken = (await login(t.app, holder.username)).accessToken;
    // The agent is in no sub-branch it watches, nor assigned to it: not its to see.
    expectErrorBody(await unlock('/api/companies/agent/unlock', holderToken, agent.id), 404);
    await t.database.raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [agent.id, holder.id]);
    expect((await unlock('/api/companies/agent/unlock', holderToken, agent.id)).statusCode).toBe(200);
    expect((await signIn(agent.username)).statusCode).toBe(200);
  });

  it('the admin unlocks a supervisor; a supervisor without change_password_sup cannot', async () => {
    const sup = await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: [] });
    await lock(sup.username);
    const other = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor'],
    });
    const otherToken = (await login(t.app, other.username)).accessToken;
    expectErrorBody(await unlock('/api/companies/supervisor/unlock', otherToken, sup.id), 403);
    expectErrorBody(await unlock('/api/companies/supervisor/unlock', adminB, sup.id), 404);
    // Platform staff with the codename, on a supervisor holding more than they do: the same refusal as
    // for its password (clearing the failures lets guessing go on).
    const strong = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_agent', 'change_agent'],
    });
    await lock(strong.username);
    const staff = await createUser(t.database, {
      role: 'superuser',
      permissions: ['view_supervisor', 'change_password_sup'],
    });
    const staffToken = (await login(t.app, staff.username)).accessToken;
    const [company] = await t.database.raw.query<{ ref_code: string }>('SELECT ref_code FROM companies WHERE id = $1', [
      a.id,
    ]);
    const selected = await t.app.inject({
      method: 'POST',
      url: '/api/generals/company',
      headers: auth(staffToken),
      payload: { ref_code: company.ref_code },
    });
    expect(selected.statusCode, selected.body).toBe(200);
    expectErrorBody(await unlock('/api/companies/supervisor/unlock', staffToken, strong.id), 403);
    expectErrorBody(await signIn(strong.username), 429);
    expect((await unlock('/api/companies/supervisor/unlock', adminA, strong.id)).json()).toMatchObject({ cleared: 10 });
    expect((await unlock('/api/companies/supervisor/unlock', adminA, sup.id)).json()).toEqual({
      ok: true,
      cleared: 10,
    });
    expect((await signIn(sup.username)).statusCode).toBe(200);
  });

  it('the superuser unlocks a company admin (change_company) and a general (change_generale, holding no less)', async () => {
    const c = await createCompany(t.database);
    const target = await createUser(t.database, { role: 'company', companyId: c.id, fullAccess: true });
    await lock(target.username);
    // A company admin is not platform staff; a general without change_company neither may.
    expectErrorBody(await unlock('/api/generals/compagnies/unlock', adminA, c.id), 403);
    const viewer = await createUser(t.database, { role: 'superuser', permissions: ['view_company'] });
    const viewerToken = (await login(t.app, viewer.username)).accessToken;
    expectErrorBody(await unlock('/api/generals/compagnies/unlock', viewerToken, c.id), 403);
    // Clearing the failures lets guessing go on: staff who may not reset the admin's password (it holds
    // more than they do: defect 3) may not unlock it either.
    const editor = await createUser(t.database, { role: 'superuser', permissions: ['view_company', 'change_company'] });
    const editorToken = (await login(t.app, editor.username)).accessToken;
    expectErrorBody(await unlock('/api/generals/compagnies/unlock', editorToken, c.id), 403);
    expectErrorBody(await signIn(target.username), 429);
    expect((await unlock('/api/generals/compagnies/unlock', superuser, c.id)).json()).toEqual({
      ok: true,
      cleared: 10,
    });
    expect((await signIn(target.username)).statusCode).toBe(200);

    const general = await createUser(t.database, { role: 'superuser', permissions: ['view_company', 'view_generale'] });
    await lock(general.username);
    const weaker = await createUser(t.database, {
      role: 'superuser',
      permissions: ['view_generale', 'change_generale'],
    });
    const weakerToken = (await login(t.app, weaker.username)).accessToken;
    expectErrorBody(await unlock('/api/generals/generales/unlock', weakerToken, general.id), 403);
    expect((await unlock('/api/generals/generales/unlock', superuser, general.id)).json()).toEqual({
      ok: true,
      cleared: 10,
    });
    expect((await signIn(general.username)).statusCode).toBe(200);
  });
});
