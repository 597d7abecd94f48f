import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  agentB,
  agentNorth,
  agentSouth,
  b,
  bareSup,
  get,
  otherSup,
  setupTraceability,
  sup,
  superuser,
  t,
} from '../../../test/fixtures/traceability.fixtures';
import { auth, describeApi, expectErrorBody } from '../../../test/helpers';

/** What each list shows, and to whom; dates, paging, filters and CSV are in traceability-query.api.test.ts. */
describeApi('traceability (audit trail lists)', () => {
  beforeAll(setupTraceability);
  afterAll(() => t?.close());

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
});
