import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenTirage, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  callAs,
  createCompany,
  createTestApp,
  describeApi,
  expectErrorBody,
  type TestContext,
  type UserOptions,
} from '../../../test/helpers';

describeApi('draws (tirages)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let readOnlySup: string;
  let viewerSup: string;
  let nySoir: number;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;
  const own = { days: [1, 2, 3], open_time: '08:00', close_time: '12:00' };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    adminA = await token({ role: 'company', companyId: a.id, fullAccess: true });
    adminB = await token({ role: 'company', companyId: b.id, fullAccess: true });
    readOnlySup = await token({ role: 'supervisor', companyId: a.id, permissions: ['view_tirage'] });
    viewerSup = await token({ role: 'supervisor', companyId: a.id, permissions: [] });
    const [s] = await t.database.raw.query<{ id: number }>(
      "SELECT id FROM draw_sources WHERE state = 'NY' AND session = 'soir'",
    );
    nySoir = s.id;
  });
  afterAll(() => t?.close());

  it('creates, reads, updates, lists and blocks a draw, recording each write', async () => {
    const created = await callAs(t, 'POST', '/api/companies/tirage', adminA, {
      name: 'Maison Midi',
      ...own,
      days: [3, 1, 2, 1],
    });
    expect(created.statusCode).toBe(200);
    const d = created.json();
    expect(d).toMatchObject({
      name: 'Maison Midi',
      source_id: null,
      source_name: null,
      days: [1, 2, 3],
      open_time: '08:00',
      close_time: '12:00',
      mode: 'auto',
      status: 'active',
      draw_time: '12:00',
      last_result: null,
    });
    expect(typeof d.is_open).toBe('boolean');
    expect(d.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const updated = await callAs(t, 'PUT', '/api/companies/tirage', adminA, {
      id: d.id,
      name: 'New York Soir maison',
      source_id: nySoir,
      days: [0, 1, 2, 3, 4, 5, 6],
      open_time: '00:00',
      close_time: '22:00',
      mode: 'closed',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      source_id: nySoir,
      source_name: 'New York Soir',
      mode: 'closed',
      is_open: false,
      closed_reason: 'forced_closed',
    });
    // The official 22:30 New York, shown in the company's zone (Port-au-Prince follows New York).
    expect(updated.json().draw_time).toMatch(/^\d\d:\d\d$/);

    const blocked = await callAs(t, 'POST', '/api/companies/tirage/block', adminA, { id: d.id, blocked: true });
    expect(blocked.json()).toMatchObject({ status: 'blocked', is_open: false, closed_reason: 'blocked' });
    await callAs(t, 'POST', '/api/companies/tirage/block', adminA, { id: d.id, blocked: false });

    expect((await callAs(t, 'GET', `/api/companies/tirage?id=${d.id}`, readOnlySup)).json().name).toBe(
      'New York Soir maison',
    );
    const list = (await callAs(t, 'GET', '/api/companies/list-tirage?search=maison&page_size=10', adminA)).json();
    expect(list.count).toBe(1);
    expect(list.results[0].id).toBe(d.id);
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'tirage' AND entity_id = $1 ORDER BY id",
      [String(d.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'update', 'block', 'unblock']);
  });

  it('lists the company’s draws with filters, sort, the last result of the period and CSV', async () => {
    const page = (await callAs(t, 'GET', '/api/companies/list-tirage?page_size=100&sort=name', adminA)).json();
    // borlette_init_company gave the company its usual draws.
    expect(page.count).toBeGreaterThan(3);
    const bySource = (await callAs(t, 'GET', `/api/companies/list-tirage?source_id=${nySoir}`, adminA)).json();
    expect(bySource.results.every((r: { source_id: number }) => r.source_id === nySoir)).toBe(true);

    const open = await createOpenTirage(t.database.raw, a.id, 'Periode test');
    await t.database.raw.query(
      `INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, origin)
       VALUES ($1, $2, '2024-03-01', '123', '4567', '23', '45', '67', 'manual'),
              ($1, $2, '2024-03-05', '007', '1234', '07', '12', '34', 'manual')`,
      [a.id, open.id],
    );
    const inMarch = (
      await callAs(
        t,
        'GET',
        '/api/companies/list-tirage?search=periode&start_date=2024-03-01&end_date=2024-03-03',
        adminA,
      )
    ).json();
    expect(inMarch.results[0].last_result).toEqual({
      draw_date: '2024-03-01',
      pick3: '123',
      pick4: '4567',
      lot1: '23',
      lot2: '45',
      lot3: '67',
    });
    const ever = (await callAs(t, 'GET', `/api/companies/tirage?id=${open.id}`, adminA)).json();
    expect(ever.last_result.lot1).toBe('07');
    const none = (
      await callAs(t, 'GET', '/api/companies/list-tirage?search=periode&end_date=2024-02-01', adminA)
    ).json();
    expect(none.results[0].last_result).toBeNull();

    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-tirage?sort=secret', adminA), 400);
    const badRange = await callAs(
      t,
      'GET',
      '/api/companies/list-tirage?start_date=2024-03-05&end_date=2024-03-01',
      adminA,
    );
    expect(expectErrorBody(badRange, 400).fields?.end_date).toBeTruthy();
    const csv = await callAs(t, 'GET', '/api/companies/list-tirage?search=periode&format=csv', adminA);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Periode test');
  });

  it('refuses bad input with French messages, a taken name (409 on name) and an unknown source', async () => {
    const before = await t.database.raw.query('SELECT id FROM tirages WHERE company_id = $1', [a.id]);
    const bad = await callAs(t, 'POST', '/api/companies/tirage', adminA, {
      name: 'x',
      days: [],
      open_time: '25:00',
      close_time: '10:00',
    });
    const body = expectErrorBody(bad, 400);
    expect(body.fields?.name).toBe('Le nom doit compter 2 caractères au moins');
    const hours = await callAs(t, 'POST', '/api/companies/tirage', adminA, {
      name: 'Heures',
      ...own,
      close_time: '07:00',
    });
    expect(expectErrorBody(hours, 400).fields?.close_time).toBe('La fermeture doit suivre l’ouverture');
    const source = await callAs(t, 'POST', '/api/companies/tirage', adminA, {
      name: 'Source',
      ...own,
      source_id: 9999,
    });
    expect(expectErrorBody(source, 400).fields?.source_id).toBe('Source officielle inconnue.');
    await callAs(t, 'POST', '/api/companies/tirage', adminA, { name: 'Doublon', ...own });
    const dup = await callAs(t, 'POST', '/api/companies/tirage', adminA, { name: 'DOUBLON', ...own });
    expect(expectErrorBody(dup, 409).fields).toEqual({ name: 'Un tirage porte déjà ce nom.' });
    const after = await t.database.raw.query('SELECT id FROM tirages WHERE company_id = $1', [a.id]);
    expect(after.length).toBe(before.length + 1);
    // The same name in another company is fine.
    expect((await callAs(t, 'POST', '/api/companies/tirage', adminB, { name: 'Doublon', ...own })).statusCode).toBe(
      200,
    );
  });

  it('never shows or changes another company’s draw (404, no data)', async () => {
    const secret = (await callAs(t, 'POST', '/api/companies/tirage', adminB, { name: 'Secret B', ...own })).json();
    const read = await callAs(t, 'GET', `/api/companies/tirage?id=${secret.id}`, adminA);
    expectErrorBody(read, 404);
    expect(read.body).not.toContain('Secret B');
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/tirage', adminA, { id: secret.id, name: 'Pris', ...own }),
      404,
    );
    expectErrorBody(await callAs(t, 'DELETE', `/api/companies/tirage?tirageId=${secret.id}`, adminA), 404);
    expectErrorBody(
      await callAs(t, 'POST', '/api/companies/tirage/block', adminA, { id: secret.id, blocked: true }),
      404,
    );
    expect((await callAs(t, 'GET', '/api/companies/list-tirage?page_size=100', adminA)).body).not.toContain('Secret B');
    expect((await callAs(t, 'GET', `/api/companies/tirage?id=${secret.id}`, adminB)).json().status).toBe('active');
  });

  it('refuses a supervisor without the codename (403)', async () => {
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-tirage', viewerSup), 403);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/tirage?id=1', viewerSup), 403);
    expect(
      expectErrorBody(await callAs(t, 'POST', '/api/companies/tirage', readOnlySup, { name: 'Non', ...own }), 403).code,
    ).toBe('PERMISSION_DENIED');
    expectErrorBody(await callAs(t, 'PUT', '/api/companies/tirage', readOnlySup, { id: 1, name: 'Non', ...own }), 403);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/tirage?tirageId=1', readOnlySup), 403);
    expectErrorBody(await callAs(t, 'POST', '/api/companies/tirage/block', readOnlySup, { id: 1, blocked: true }), 403);
  });

  it('deletes an unused draw with its own configuration, refuses one with tickets or results', async () => {
    const d = (await callAs(t, 'POST', '/api/companies/tirage', adminA, { name: 'Jetable', ...own })).json();
    for (const sql of [
      "INSERT INTO primes (company_id, level, tirage_id, bolet_1) VALUES ($1, 'tirage', $2, 70)",
      'INSERT INTO sale_limits (company_id, tirage_id, code, max_amount) VALUES ($1, $2, 20, 1000)',
      "INSERT INTO boule_blocks (company_id, tirage_id, number) VALUES ($1, $2, '12')",
    ])
      await t.database.raw.query(sql, [a.id, d.id]);
    expect((await callAs(t, 'DELETE', `/api/companies/tirage?tirageId=${d.id}`, adminA)).json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', `/api/companies/tirage?id=${d.id}`, adminA), 404);
    const [left] = await t.database.raw.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM primes WHERE tirage_id = $1) + (SELECT count(*) FROM sale_limits WHERE tirage_id = $1)
            + (SELECT count(*) FROM boule_blocks WHERE tirage_id = $1) AS n`,
      [d.id],
    );
    expect(Number(left.n)).toBe(0);

    const c = await sellingCompany(t.database);
    const admin = await token({ role: 'company', companyId: c.company.id, fullAccess: true });
    await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '23', stake: 100 }],
    });
    const refused = await callAs(t, 'DELETE', `/api/companies/tirage?id=${c.tirages[0].id}`, admin);
    expect(expectErrorBody(refused, 409).message).toMatch(/1 fiche\(s\)/);
    const withResult = await createOpenTirage(t.database.raw, c.company.id);
    await t.database.raw.query(
      `INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, origin)
       VALUES ($1, $2, '2024-03-01', '123', '4567', '23', '45', '67', 'manual')`,
      [c.company.id, withResult.id],
    );
    expect(
      expectErrorBody(await callAs(t, 'DELETE', `/api/companies/tirage?tirageId=${withResult.id}`, admin), 409).message,
    ).toMatch(/résultat/);
    expectErrorBody(await callAs(t, 'DELETE', '/api/companies/tirage', admin), 400);
    const byBody = (await callAs(t, 'POST', '/api/companies/tirage', admin, { name: 'Par le corps', ...own })).json();
    expect((await callAs(t, 'DELETE', '/api/companies/tirage', admin, { id: byBody.id })).json()).toEqual({ ok: true });
  });

  it('lists the official sources with their time in the company’s zone, to any company user', async () => {
    const res = await callAs(t, 'GET', '/api/companies/draw-sources', viewerSup);
    expect(res.statusCode).toBe(200);
    const ny = res.json().find((s: { id: number }) => s.id === nySoir);
    expect(ny).toMatchObject({ state: 'NY', session: 'soir', draw_time: '22:30', timezone: 'America/New_York' });
    expect(ny.days).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(ny.local_draw_time).toMatch(/^\d\d:\d\d$/);
    expect(ny.sales_close_minutes).toBe(5); // the company's setting, for the form's proposed close time
    const root = await token({ role: 'superuser', fullAccess: true });
    const all = (await callAs(t, 'GET', '/api/companies/draw-sources', root)).json();
    expect(all[0].local_draw_time).toBeNull();
    expect(all[0].sales_close_minutes).toBeNull();
  });

  it('a superuser with « Toutes » reads every company’s draws but cannot write', async () => {
    const root = await token({ role: 'superuser', fullAccess: true });
    const list = (await callAs(t, 'GET', '/api/companies/list-tirage?search=secret', root)).json();
    expect(list.count).toBeGreaterThanOrEqual(1);
    expect(
      expectErrorBody(await callAs(t, 'POST', '/api/companies/tirage', root, { name: 'Global', ...own }), 409).code,
    ).toBe('COMPANY_REQUIRED');
    await callAs(t, 'POST', '/api/generals/company', root, { ref_code: a.ref_code });
    expect((await callAs(t, 'POST', '/api/companies/tirage', root, { name: 'Par le super', ...own })).statusCode).toBe(
      200,
    );
  });
});
