import { afterAll, beforeAll, expect, it } from 'vitest';
import { newCompany, root, rootId, setupCompanies, t, viewer } from '../../../test/fixtures/companies.fixtures';
import { asUser, callAs, createCompany, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';

/** The admin's password, blocking and deleting a company, and who may use these routes. */
describeApi('companies (platform): lifecycle and access', () => {
  beforeAll(setupCompanies);
  afterAll(() => t?.close());

  it('sets a new password for the company admin and closes its sessions', async () => {
    const input = newCompany();
    const c = (await callAs(t, 'POST', '/api/generals/compagnies', root, input)).json();
    const { accessToken } = await login(t.app, input.admin_username, input.admin_password);
    expect(
      (
        await callAs(t, 'POST', '/api/generals/compagnies/password', root, { id: c.id, password: 'nouveau-mdp-456' })
      ).json(),
    ).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', '/api/companies/user', accessToken), 401);
    expect((await login(t.app, input.admin_username, 'nouveau-mdp-456')).role).toBe('company');
    expectErrorBody(
      await callAs(t, 'POST', '/api/generals/compagnies/password', root, { id: c.id, password: 'x' }),
      400,
    );
  });

  it('blocking a company ends its users’ sessions (403 with the block’s message) and refuses their sign-in (403); unblocking restores', async () => {
    const input = newCompany();
    const c = (await callAs(t, 'POST', '/api/generals/compagnies', root, input)).json();
    const sup = await createUser(t.database, { role: 'supervisor', companyId: c.id });
    const adminToken = (await login(t.app, input.admin_username, input.admin_password)).accessToken;
    const supToken = (await login(t.app, sup.username)).accessToken;
    expect((await callAs(t, 'GET', '/api/companies/user', adminToken)).statusCode).toBe(200);

    const blocked = await callAs(t, 'POST', '/api/generals/compagnies/block', root, { id: c.id, blocked: true });
    expect(blocked.json().status).toBe('blocked');
    expect(expectErrorBody(await callAs(t, 'GET', '/api/companies/user', adminToken), 403).code).toBe(
      'COMPANY_BLOCKED',
    );
    expect(expectErrorBody(await callAs(t, 'GET', '/api/supervisors/user', supToken), 403).code).toBe(
      'COMPANY_BLOCKED',
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: input.admin_username, password: input.admin_password },
    });
    expect(expectErrorBody(refused, 403).message).toBe('Votre compagnie est bloquée. Contactez l’administration.');

    const unblocked = await callAs(t, 'POST', '/api/generals/compagnies/block', root, { id: c.id, blocked: false });
    expect(unblocked.json().status).toBe('active');
    expect((await login(t.app, input.admin_username, input.admin_password)).role).toBe('company');
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'company' AND entity_id = $1 ORDER BY id",
      [String(c.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'block', 'unblock']);
    expectErrorBody(await callAs(t, 'POST', '/api/generals/compagnies/block', root, { id: c.id }), 400);
    expectErrorBody(
      await callAs(t, 'POST', '/api/generals/compagnies/block', root, { id: 999999, blocked: true }),
      404,
    );
  });

  it('refuses to delete a company with agents or other users (409); deletes an unused one with its admin', async () => {
    const withAgent = (await callAs(t, 'POST', '/api/generals/compagnies', root, newCompany())).json();
    await t.database.raw.query(
      "INSERT INTO users (username, role, company_id, password_hash) VALUES ($1, 'agent', $2, 'x')",
      [`agent_del_${withAgent.id}`, withAgent.id],
    );
    const refused = await callAs(t, 'DELETE', '/api/generals/delete-company', root, { id: withAgent.id });
    expect(expectErrorBody(refused, 409).message).toBe(
      `Impossible de supprimer « ${withAgent.name} » : 1 vendeur(s) y sont rattachés. Bloquez la compagnie plutôt.`,
    );
    const withSup = (await callAs(t, 'POST', '/api/generals/compagnies', root, newCompany())).json();
    await createUser(t.database, { role: 'supervisor', companyId: withSup.id, status: 'archived' });
    expect(
      expectErrorBody(await callAs(t, 'DELETE', '/api/generals/delete-company', root, { id: withSup.id }), 409).message,
    ).toMatch(/1 autre\(s\) utilisateur\(s\)/);

    const input = newCompany();
    const empty = (await callAs(t, 'POST', '/api/generals/compagnies', root, input)).json();
    await callAs(t, 'POST', '/api/generals/company', root, { ref_code: empty.ref_code });
    await t.database.raw.query("INSERT INTO surcussales (company_id, name) VALUES ($1, 'Seule')", [empty.id]);
    const adminToken = (await login(t.app, input.admin_username, input.admin_password)).accessToken;
    expect((await callAs(t, 'DELETE', `/api/generals/delete-company?id=${empty.id}`, root)).json()).toEqual({
      ok: true,
    });
    expectErrorBody(await callAs(t, 'GET', `/api/generals/compagnies?id=${empty.id}`, root), 404);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/user', adminToken), 401);
    const gone = await t.database.raw.query('SELECT 1 FROM users WHERE username = $1', [input.admin_username]);
    expect(gone).toHaveLength(0);
    const settings = await t.database.raw.query('SELECT 1 FROM company_settings WHERE company_id = $1', [empty.id]);
    expect(settings).toHaveLength(0);
    // The audit trail stays; the superuser who had selected it is back on « Toutes ».
    const kept = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'company' AND entity_id = $1 ORDER BY id",
      [String(empty.id)],
    );
    expect(kept.map((r) => r.action)).toEqual(['create', 'delete']);
    const [me] = await t.database.raw.query<{ select_company: string }>(
      'SELECT select_company FROM users WHERE id = $1',
      [rootId],
    );
    expect(me.select_company).toBe('all');
    expectErrorBody(await callAs(t, 'DELETE', '/api/generals/delete-company', root, { id: empty.id }), 404);
  });

  it('is closed to company admins and supervisors (403), and to generals without the codename', async () => {
    const c = await createCompany(t.database);
    const admin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: c.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    const list = await callAs(t, 'GET', '/api/generals/compagnies', admin);
    expect(expectErrorBody(list, 403).code).toBe('FORBIDDEN');
    expect(list.body).not.toContain(c.ref_code);
    expectErrorBody(await callAs(t, 'GET', '/api/generals/simple-compagnies', admin), 403);
    expectErrorBody(await callAs(t, 'POST', '/api/generals/compagnies', admin, newCompany()), 403);
    expectErrorBody(await callAs(t, 'POST', '/api/generals/compagnies/block', admin, { id: c.id, blocked: true }), 403);
    const sup = (await asUser(t, { role: 'supervisor', companyId: c.id })).token;
    expectErrorBody(await callAs(t, 'GET', `/api/generals/compagnies?id=${c.id}`, sup), 403);

    expect(expectErrorBody(await callAs(t, 'POST', '/api/generals/compagnies', viewer, newCompany()), 403).code).toBe(
      'PERMISSION_DENIED',
    );
    expectErrorBody(
      await callAs(t, 'POST', '/api/generals/compagnies/block', viewer, { id: c.id, blocked: true }),
      403,
    );
    expectErrorBody(await callAs(t, 'DELETE', '/api/generals/delete-company', viewer, { id: c.id }), 403);
    const none = (await asUser(t, { role: 'superuser' })).token;
    expectErrorBody(await callAs(t, 'GET', '/api/generals/compagnies?page=1', none), 403);
  });
});
