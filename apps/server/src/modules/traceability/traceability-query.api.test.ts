import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminA,
  agentNorth,
  agentSouth,
  agentUser,
  branch,
  get,
  put,
  setupTraceability,
  superuser,
  t,
} from '../../../test/fixtures/traceability.fixtures';
import { auth, createCompany, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';
import { dayRange } from './traceability.service';

/** The lists' query: date range in the company's time zone, paging, filters, search and CSV. */
describeApi('traceability (audit trail lists): query', () => {
  const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  beforeAll(setupTraceability);
  afterAll(() => t?.close());

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
        '\uFEFFDate;Fuseau;Utilisateur;Nom;Rôle;Action;Entité;Référence;Changements;Adresse IP;Navigateur',
      );
      expect(lines[1]).toContain(`;America/Port-au-Prince;${agentNorth.username};Nora Nom;Vendeur;Création;fiche;501;`);
      // Amounts in the company's currency, French formatting (centimes in the trail).
      expect(lines[1]).toContain('amount : ∅ → 25,00 HTG');
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
