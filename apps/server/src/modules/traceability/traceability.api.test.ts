import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';
import { dayRange } from './traceability.service';

interface Entry {
  companyId: number | null;
  userId: number | null;
  role: string;
  username: string;
  action: string;
  entity: string;
  entityId?: string | number | null;
  at: string;
  before?: object;
  after?: object;
  ip?: string;
}

describeApi('traceability (audit trail lists)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: { id: number; username: string; token: string };
  let adminB: { id: number; username: string };
  let agentNorth: { id: number; username: string };
  let agentSouth: { id: number; username: string };
  let agentB: { id: number; username: string };
  let sup: { id: number; username: string; token: string };
  let otherSup: { id: number; username: string };
  let bareSup: string;
  let superuser: string;
  const recent = new Date(Date.now() - 3600_000).toISOString();
  const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
  const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  const put = (e: Entry) =>
    t.database.raw.query(
      `INSERT INTO audit_log (company_id, user_id, role, username, action, entity, entity_id, at, before, after, ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Mozilla/5.0 test')`,
      [
        e.companyId,
        e.userId,
        e.role,
        e.username,
        e.action,
        e.entity,
        e.entityId == null ? null : String(e.entityId),
        e.at,
        e.before ? JSON.stringify(e.before) : null,
        e.after ? JSON.stringify(e.after) : null,
        e.ip ?? '10.0.0.1',
      ],
    );
  const agentUser = async (companyId: number, surcussaleId: number, first: string) => {
    const u = await createUser(t.database, { role: 'agent', companyId });
    await t.database.raw.query('UPDATE users SET surcussale_id = $2, first_name = $3 WHERE id = $1', [
      u.id,
      surcussaleId,
      first,
    ]);
    return u;
  };
  const branch = async (companyId: number, name: string) =>
    (
      await t.database.raw.query<{ id: number }>(
        'INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id',
        [companyId, name],
      )
    )[0].id;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    await t.database.raw.query("UPDATE companies SET timezone = 'Asia/Tokyo' WHERE id = $1", [b.id]);
    const admin = await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true });
    adminA = { ...admin, token: (await login(t.app, admin.username)).accessToken };
    adminB = await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true });
    const north = await branch(a.id, 'Nord');
    agentNorth = await agentUser(a.id, north, 'Nora');
    agentSouth = await agentUser(a.id, await branch(a.id, 'Sud'), 'Sam');
    agentB = await agentUser(b.id, await branch(b.id, 'B'), 'Bea');
    const s = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_traceagentaction', 'view_tracesupervisoraction'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, s.id, north],
    );
    sup = { ...s, token: (await login(t.app, s.username)).accessToken };
    otherSup = await createUser(t.database, { role: 'supervisor', companyId: a.id });
    bareSup = (await login(t.app, (await createUser(t.database, { role: 'supervisor', companyId: a.id })).username))
      .accessToken;
    superuser = (await login(t.app, (await createUser(t.database, { role: 'superuser', fullAccess: true })).username))
      .accessToken;

    const ag = (u: { id: number; username: string }, companyId: number, action: string, at = recent, extra = {}) =>
      put({ companyId, userId: u.id, role: 'agent', username: u.username, action, entity: 'fiche', at, ...extra });
    await ag(agentNorth, a.id, 'login');
    await ag(agentNorth, a.id, 'create', recent, { entityId: 501, after: { amount: 2500, lines: 3 } });
    await ag(agentSouth, a.id, 'login');
    await ag(agentSouth, a.id, 'create', old);
    await ag(agentB, b.id, 'login', recent, { ip: '192.168.9.9' });
    const sp = (u: { id: number; username: string }, action: string, entity: string, entityId: number | null) =>
      put({
        companyId: a.id,
        userId: u.id,
        role: 'supervisor',
        username: u.username,
        action,
        entity,
        entityId,
        at: recent,
      });
    await sp(sup, 'login', 'session', null);
    await sp(otherSup, 'block', 'agent', agentNorth.id);
    await sp(otherSup, 'block', 'agent', agentSouth.id);
    await sp(otherSup, 'login', 'session', null);
    await put({
      companyId: a.id,
      userId: adminA.id,
      role: 'company',
      username: adminA.username,
      action: 'update',
      entity: 'surcussale',
      entityId: north,
      at: recent,
      before: { id: north, name: 'Nord', address: null, agents_count: 1 },
      after: { name: 'Nord-Est', address: 'Rue 5', password: '[masqué]' },
    });
    await put({
      companyId: b.id,
      userId: adminB.id,
      role: 'company',
      username: adminB.username,
      action: 'login',
      entity: 'session',
      at: recent,
    });
  });
  afterAll(() => t?.close());

  const get = (url: string, tok: string) => t.app.inject({ url, headers: auth(tok) });

  describe('lists by actor role', () => {
    it('lists the agents’ entries of the last 7 days by default, newest first, with who/what/when/where', async () => {
      const res = await get('/api/companies/tracabilites-agents', adminA.token);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ count: 3, page: 1, page_size: 25, timezone: 'America/Port-au-Prince' });
      expect(page.start_date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(Date.parse(page.end_date) - Date.parse(page.start_date)).toBe(6 * 86_400_000);
      expect(page.results.every((r: { role: string }) => r.role === 'agent')).toBe(true);
      const created = page.results.find((r: { action: string }) => r.action === 'create');
      expect(created).toMatchObject({
        username: agentNorth.username,
        name: 'Nora Nom',
        role: 'agent',
        entity: 'fiche',
        entity_id: '501',
        ip: '10.0.0.1',
        user_agent: 'Mozilla/5.0 test',
        company_id: a.id,
      });
      expect(created.changes).toHaveLength(2);
      expect(created.changes).toEqual(
        expect.arrayContaining([
          { field: 'amount', before: null, after: '2500' },
          { field: 'lines', before: null, after: '3' },
        ]),
      );
      expect(created.at).toMatch(/Z$/);
      expect(created.at_local).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(res.body).not.toContain(agentB.username);
    });

    it('shows the changed fields of an update as field / before / after (secrets stay masked)', async () => {
      const page = (await get('/api/companies/tracabilites-companies', superuser)).json();
      const entry = page.results.find(
        (r: { username: string; action: string }) => r.username === adminA.username && r.action === 'update',
      );
      expect(entry.changes).toHaveLength(3);
      expect(entry.changes).toEqual(
        expect.arrayContaining([
          { field: 'name', before: 'Nord', after: 'Nord-Est' },
          { field: 'address', before: null, after: 'Rue 5' },
          { field: 'password', before: null, after: '[masqué]' },
        ]),
      );
    });

    it('lists supervisors’ entries on their own list and companies’ entries for the superuser only', async () => {
      const sups = (await get('/api/companies/tracabilites-supervisors', adminA.token)).json();
      expect(sups.results.every((r: { role: string }) => r.role === 'supervisor')).toBe(true);
      // Sign-ins of the fixtures are there too (real entries); the blocks are the two inserted.
      expect(sups.results.map((r: { user_id: number }) => r.user_id)).toEqual(
        expect.arrayContaining([sup.id, otherSup.id]),
      );
      expect((await get('/api/companies/tracabilites-supervisors?action=block', adminA.token)).json().count).toBe(2);
      expectErrorBody(await get('/api/companies/tracabilites-companies', adminA.token), 403);
      // « Toutes » selected: every company's entries, each with its company.
      const all = (await get('/api/companies/tracabilites-companies?page_size=100', superuser)).json();
      expect(new Set(all.results.map((r: { company_name: string }) => r.company_name))).toEqual(
        new Set([`Compagnie ${a.ref_code}`, `Compagnie ${b.ref_code}`]),
      );
      const bEntry = all.results.find((r: { company_id: number }) => r.company_id === b.id);
      expect(bEntry.timezone).toBe('Asia/Tokyo');
      // With a company selected, only that one.
      await t.app.inject({
        method: 'POST',
        url: '/api/generals/company',
        headers: auth(superuser),
        payload: { ref_code: b.ref_code },
      });
      const onlyB = (await get('/api/companies/tracabilites-companies', superuser)).json();
      expect(new Set(onlyB.results.map((r: { company_id: number }) => r.company_id))).toEqual(new Set([b.id]));
      expect(onlyB.timezone).toBe('Asia/Tokyo');
      await t.app.inject({
        method: 'POST',
        url: '/api/generals/company',
        headers: auth(superuser),
        payload: { ref_code: 'all' },
      });
    });
  });

  describe('date range in the company’s time zone', () => {
    it('turns a day of the company’s calendar into its UTC bounds (Port-au-Prince, UTC-5 in January)', async () => {
      const c = await createCompany(t.database);
      const admin = await createUser(t.database, { role: 'company', companyId: c.id, fullAccess: true });
      const token = (await login(t.app, admin.username)).accessToken;
      const ag = await agentUser(c.id, await branch(c.id, 'X'), 'Tim');
      for (const at of [
        '2025-01-15T04:59:59Z',
        '2025-01-15T05:00:00Z',
        '2025-01-16T04:59:59Z',
        '2025-01-16T05:00:00Z',
      ]) {
        await put({
          companyId: c.id,
          userId: ag.id,
          role: 'agent',
          username: ag.username,
          action: 'login',
          entity: 'session',
          at,
        });
      }
      const day = (
        await get('/api/companies/tracabilites-agents?start_date=2025-01-15&end_date=2025-01-15&order=asc', token)
      ).json();
      expect(day).toMatchObject({ count: 2, start_date: '2025-01-15', end_date: '2025-01-15' });
      expect(day.results.map((r: { at: string; at_local: string }) => [r.at, r.at_local])).toEqual([
        ['2025-01-15T05:00:00Z', '2025-01-15 00:00:00'],
        ['2025-01-16T04:59:59Z', '2025-01-15 23:59:59'],
      ]);
      // The same instants in Tokyo (UTC+9): 2025-01-15 runs from 2025-01-14T15:00Z to 2025-01-15T15:00Z.
      await t.database.raw.query("UPDATE companies SET timezone = 'Asia/Tokyo' WHERE id = $1", [c.id]);
      const tokyo = (
        await get('/api/companies/tracabilites-agents?start_date=2025-01-15&end_date=2025-01-15&order=asc', token)
      ).json();
      expect(tokyo.results.map((r: { at_local: string }) => r.at_local)).toEqual([
        '2025-01-15 13:59:59',
        '2025-01-15 14:00:00',
      ]);
      const two = (
        await get('/api/companies/tracabilites-agents?start_date=2025-01-15&end_date=2025-01-16', token)
      ).json();
      expect(two.count).toBe(4);
    });

    it('fills a missing bound: 7 days from the start, or 7 days up to the end', () => {
      expect(dayRange({}, '2025-03-10')).toEqual({ start: '2025-03-04', end: '2025-03-10' });
      expect(dayRange({ end_date: '2025-03-02' }, '2025-03-10')).toEqual({ start: '2025-02-24', end: '2025-03-02' });
      expect(dayRange({ start_date: '2025-02-01' }, '2025-03-10')).toEqual({ start: '2025-02-01', end: '2025-02-07' });
      expect(dayRange({ start_date: '2025-03-08' }, '2025-03-10')).toEqual({ start: '2025-03-08', end: '2025-03-10' });
    });

    it('refuses bad dates, an inverted or too long range, and unknown sorts or filters (400 on the field)', async () => {
      const cases: [string, string, RegExp][] = [
        ['start_date=2025-13-01', 'start_date', /invalide/],
        ['start_date=15/01/2025', 'start_date', /invalide/],
        ['end_date=2025-02-30', 'end_date', /invalide/],
        ['start_date=2025-02-10&end_date=2025-02-01', 'end_date', /suivre/],
        ['start_date=2024-01-01&end_date=2025-06-01', 'end_date', /366 jours/],
        ['sort=ip', 'sort', /inconnue/],
        ['action=DROP%20TABLE', 'action', /invalide/],
        ['user_id=abc', 'user_id', /invalide/],
        ['page_size=1000', 'page_size', /100 au plus/],
      ];
      for (const [query, field, message] of cases) {
        const body = expectErrorBody(await get(`/api/companies/tracabilites-agents?${query}`, adminA.token), 400);
        expect(body.fields?.[field], query).toMatch(message);
      }
    });
  });

  describe('tenancy and supervisors', () => {
    it('never shows another company’s entries, even asked by its user id or by search', async () => {
      const byUser = await get(`/api/companies/tracabilites-agents?user_id=${agentB.id}`, adminA.token);
      expect(byUser.json().count).toBe(0);
      expect(byUser.body).not.toContain(agentB.username);
      const bySearch = await get('/api/companies/tracabilites-agents?search=192.168', adminA.token);
      expect(bySearch.json().count).toBe(0);
      const supAsks = await get(`/api/companies/tracabilites-agents?user_id=${agentB.id}`, sup.token);
      expect(supAsks.json().count).toBe(0);
      expect(supAsks.body).not.toContain('192.168.9.9');
    });

    it('shows a supervisor only the entries by or about the agents it watches, and its own', async () => {
      const agents = (await get('/api/companies/tracabilites-agents', sup.token)).json();
      expect(agents.count).toBe(2);
      expect(new Set(agents.results.map((r: { user_id: number }) => r.user_id))).toEqual(new Set([agentNorth.id]));
      const sups = (await get('/api/companies/tracabilites-supervisors?page_size=100', sup.token)).json();
      const seen = sups.results.map((r: { user_id: number; entity_id: string | null }) => [r.user_id, r.entity_id]);
      expect(seen).toContainEqual([sup.id, null]);
      expect(seen).toContainEqual([otherSup.id, String(agentNorth.id)]);
      expect(seen).not.toContainEqual([otherSup.id, String(agentSouth.id)]);
      for (const [userId, entityId] of seen) expect(userId === sup.id || entityId === String(agentNorth.id)).toBe(true);
    });

    it('refuses without the codename (403)', async () => {
      expect(expectErrorBody(await get('/api/companies/tracabilites-agents', bareSup), 403).code).toBe(
        'PERMISSION_DENIED',
      );
      expectErrorBody(await get('/api/companies/tracabilites-supervisors', bareSup), 403);
      expectErrorBody(await get('/api/companies/tracabilites-companies', sup.token), 403);
    });
  });

  describe('paging, filters, CSV', () => {
    it('paginates, sorts, filters by user and action, searches, and exports CSV', async () => {
      const p1 = (await get('/api/companies/tracabilites-agents?page_size=2', adminA.token)).json();
      expect(p1.count).toBe(3);
      expect(p1.results).toHaveLength(2);
      const p2 = (await get('/api/companies/tracabilites-agents?page_size=2&page=2', adminA.token)).json();
      expect(p2.results).toHaveLength(1);
      const ids = [...p1.results, ...p2.results].map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const far = (await get('/api/companies/tracabilites-agents?page=50', adminA.token)).json();
      expect(far).toMatchObject({ results: [], count: 3 });
      const byUser = (await get(`/api/companies/tracabilites-agents?user_id=${agentSouth.id}`, adminA.token)).json();
      expect(byUser.count).toBe(1);
      const byAction = (await get('/api/companies/tracabilites-agents?action=create', adminA.token)).json();
      expect(byAction.results.map((r: { entity_id: string }) => r.entity_id)).toEqual(['501']);
      const byName = (await get('/api/companies/tracabilites-agents?search=nora', adminA.token)).json();
      expect(byName.count).toBe(2);
      const sorted = (await get('/api/companies/tracabilites-agents?sort=action&order=asc', adminA.token)).json();
      expect(sorted.results.map((r: { action: string }) => r.action)).toEqual(['create', 'login', 'login']);
      const wide = (
        await get(
          `/api/companies/tracabilites-agents?start_date=${daysFromNow(-12)}&end_date=${daysFromNow(1)}&user_id=${agentSouth.id}`,
          adminA.token,
        )
      ).json();
      expect(wide.count).toBe(2);

      const csv = await get('/api/companies/tracabilites-agents?format=csv&action=create', adminA.token);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toMatch(/tracabilite-vendeurs-.*\.csv/);
      const lines = csv.body.split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFDate;Fuseau;Utilisateur;Nom;Rôle;Action;Entité;Identifiant;Changements;Adresse IP;Navigateur',
      );
      expect(lines[1]).toContain(`;America/Port-au-Prince;${agentNorth.username};Nora Nom;Vendeur;create;fiche;501;`);
      expect(lines[1]).toContain('amount : ∅ → 2500');
      expect(lines[1]).toContain(' | ');
      expect(lines[1]).toMatch(/;10\.0\.0\.1;Mozilla\/5\.0 test$/);
      const all = await get('/api/companies/tracabilites-companies?format=csv', superuser);
      expect(all.body.split('\r\n')[0]).toContain(';Compagnie;');
    });

    it('records real writes: a password change appears in the company list without the password', async () => {
      const { payload, headers } = await import('../../../test/multipart-body').then((m) =>
        m.multipartBody({ first_name: 'Trace' }),
      );
      await t.app.inject({
        method: 'PUT',
        url: '/api/companies/user',
        payload,
        headers: { ...headers, ...auth(adminA.token) },
      });
      const page = (await get('/api/companies/tracabilites-companies?action=update_profile', superuser)).json();
      expect(page.results[0]).toMatchObject({
        username: adminA.username,
        role: 'company',
        entity: 'user',
        changes: [{ field: 'first_name', before: 'Prénom', after: 'Trace' }],
      });
    });
  });
});
