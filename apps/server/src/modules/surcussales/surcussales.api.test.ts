import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

describeApi('sub-branches (surcussales)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let supervisorId: number;
  let supToken: string;
  let readOnlySup: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    adminA = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    adminB = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    const sup = await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['view_surcussale'] });
    supervisorId = sup.id;
    supToken = (await login(t.app, sup.username)).accessToken;
    const ro = await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: [] });
    readOnlySup = (await login(t.app, ro.username)).accessToken;
  });
  afterAll(() => t?.close());

  it('creates, reads, updates and lists a sub-branch, recording each write', async () => {
    const created = await callAs(t, 'POST', '/api/companies/surcussale', adminA, {
      name: 'Centre',
      address: 'Rue 1',
      phone: '',
      supervisors: [supervisorId],
    });
    expect(created.statusCode).toBe(200);
    const s = created.json();
    expect(s).toMatchObject({ name: 'Centre', address: 'Rue 1', phone: null, status: 'active', agents_count: 0 });
    expect(s.supervisors).toEqual([{ id: supervisorId, name: 'Prénom Nom' }]);

    const read = await callAs(t, 'GET', `/api/companies/surcussale?id=${s.id}`, adminA);
    expect(read.json().name).toBe('Centre');

    const updated = await callAs(t, 'PUT', '/api/companies/surcussale', adminA, {
      id: s.id,
      name: 'Centre-Ville',
      supervisors: [],
    });
    expect(updated.json()).toMatchObject({ name: 'Centre-Ville', supervisors: [], address: null });

    const list = await callAs(t, 'GET', '/api/companies/list-surcussale?search=centre-v', adminA);
    expect(list.json()).toMatchObject({ count: 1, page: 1, page_size: 25 });
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'surcussale' AND entity_id = $1 ORDER BY id",
      [String(s.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('refuses bad input with French messages per field, and a duplicate name on the name field', async () => {
    const bad = await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'x', supervisors: ['a'] });
    const body = expectErrorBody(bad, 400);
    expect(body.fields?.name).toBe('Le nom doit compter 2 caractères au moins');
    await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'Doublon' });
    const dup = await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'Doublon' });
    expect(expectErrorBody(dup, 409).fields).toEqual({ name: 'Une succursale porte déjà ce nom.' });
    const otherSup = await callAs(t, 'POST', '/api/companies/surcussale', adminA, {
      name: 'Avec sup',
      supervisors: [999999],
    });
    expect(expectErrorBody(otherSup, 400).fields?.supervisors).toBeTruthy();
  });

  it('never shows or changes another company’s sub-branch (404, no data)', async () => {
    const s = (await callAs(t, 'POST', '/api/companies/surcussale', adminB, { name: 'Secret B' })).json();
    const read = await callAs(t, 'GET', `/api/companies/surcussale?id=${s.id}`, adminA);
    expectErrorBody(read, 404);
    expect(read.body).not.toContain('Secret B');
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/surcussale', adminA, { id: s.id, name: 'Pris' }), 404);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/surcussale', adminA, { id: s.id }), 404);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/surcussale/block', adminA, { id: s.id, blocked: true }),
      404,
    );
    const list = await callAs(t, 'GET', '/api/companies/list-surcussale?page_size=100', adminA);
    expect(list.body).not.toContain('Secret B');
    // A supervisor of A cannot use B's supervisors either.
    const bSup = await createUser(t.database, { role: 'supervisor', companyId: b.id });
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'Mix', supervisors: [bSup.id] }),
      400,
    );
  });

  it('refuses writes to a supervisor without the permission (403), and all access without view_surcussale', async () => {
    expect(
      expectErrorBody(await callAs(t, 'POST', '/api/companies/surcussale', supToken, { name: 'Non' }), 403).code,
    ).toBe('PERMISSION_DENIED');
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-surcussale', readOnlySup), 403);
  });

  it('shows a supervisor only the sub-branches it watches', async () => {
    const mine = (
      await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'Nord', supervisors: [supervisorId] })
    ).json();
    const other = (await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'Sud' })).json();
    const list = (await callAs(t, 'GET', '/api/companies/list-surcussale?page_size=100', supToken)).json();
    const names = list.results.map((r: { name: string }) => r.name);
    expect(names).toContain('Nord');
    expect(names).not.toContain('Sud');
    expect((await callAs(t, 'GET', `/api/companies/surcussale?id=${mine.id}`, supToken)).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'GET', `/api/companies/surcussale?id=${other.id}`, supToken), 404);
  });

  it('blocks and unblocks, and refuses to delete one that has agents', async () => {
    const s = (await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'Est' })).json();
    expect(
      (await callAs(t, 'POST', '/api/companies/surcussale/block', adminA, { id: s.id, blocked: true })).json().status,
    ).toBe('blocked');
    expect(
      (await callAs(t, 'POST', '/api/companies/surcussale/block', adminA, { id: s.id, blocked: false })).json().status,
    ).toBe('active');
    await t.database.raw.query(
      "INSERT INTO users (username, role, company_id, surcussale_id, password_hash) VALUES ('agent_est_' || $1, 'agent', $2, $3, 'x')",
      [s.id, a.id, s.id],
    );
    const refused = await callAs(t, 'DELETE', '/api/companies/surcussale', adminA, { id: s.id });
    expect(expectErrorBody(refused, 409).message).toMatch(/1 vendeur/);
    const empty = (await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: 'Ouest' })).json();
    expect((await callAs(t, 'DELETE', `/api/companies/surcussale?id=${empty.id}`, adminA)).json()).toEqual({
      ok: true,
    });
    expectErrorBody(await callAs(t, 'GET', `/api/companies/surcussale?id=${empty.id}`, adminA), 404);
  });

  it('paginates, sorts, filters and exports CSV', async () => {
    for (const n of ['P1', 'P2', 'P3'])
      await callAs(t, 'POST', '/api/companies/surcussale', adminA, { name: `Page ${n}` });
    const p1 = (
      await callAs(t, 'GET', '/api/companies/list-surcussale?search=page&page_size=2&sort=name&order=desc', adminA)
    ).json();
    expect(p1.count).toBe(3);
    expect(p1.results.map((r: { name: string }) => r.name)).toEqual(['Page P3', 'Page P2']);
    const p2 = (
      await callAs(
        t,
        'GET',
        '/api/companies/list-surcussale?search=page&page_size=2&page=2&sort=name&order=desc',
        adminA,
      )
    ).json();
    expect(p2.results.map((r: { name: string }) => r.name)).toEqual(['Page P1']);
    const far = (await callAs(t, 'GET', '/api/companies/list-surcussale?search=page&page=9', adminA)).json();
    expect(far).toMatchObject({ results: [], count: 3 });
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-surcussale?sort=password', adminA), 400);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-surcussale?page_size=1000', adminA), 400);
    const csv = await callAs(t, 'GET', '/api/companies/list-surcussale?search=page&format=csv', adminA);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/succursales-.*\.csv/);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFNom;Ville;Adresse;Téléphone;Superviseurs;Vendeurs;Statut;Créée le');
    expect(csv.body).toContain('Page P2');
  });

  it('a superuser with « Toutes » selected may read but not write', async () => {
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const token = (await login(t.app, su.username)).accessToken;
    const list = (await callAs(t, 'GET', '/api/companies/list-surcussale?page_size=100', token)).json();
    expect(list.count).toBeGreaterThan(3);
    expect(
      expectErrorBody(await callAs(t, 'POST', '/api/companies/surcussale', token, { name: 'Global' }), 409).code,
    ).toBe('COMPANY_REQUIRED');
  });
});
