import { randomUUID } from 'node:crypto';
import { isAuditAction } from '@borlette/shared/contracts/audit-actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

interface Row {
  key: string;
  id: number | null;
  at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  entity_label: string | null;
  username: string | null;
  role: string | null;
  currency: string;
  changes: { field: string; before: string | null; after: string | null }[];
}
interface Ticket {
  id: number;
  number: number;
  verification_code: string;
}

/**
 * The ticket events of the traceability lists, made through the real endpoints: sales (read from the
 * tickets), cancellations at the point of sale, deletions at the office, payments (office and point of
 * sale) and the reversal of a payment by a corrected result — who, when, which ticket (its number).
 */
describeApi('traceability: sales, cancellations and payments', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  let admin: string;
  let adminB: string;
  let agent: string;
  let agent2: string;
  let superuser: string;
  const tickets: Record<'win' | 'cancelled' | 'deleted' | 'other', Ticket> = {} as never;

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const list = async (kind: string, query: string, token: string) => {
    const res = await get(`/api/companies/tracabilites-${kind}?page_size=100&${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: Row[] };
  };
  const sellHttp = async (token: string, tirage: number, number: string, stake: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(token),
      payload: { idempotency_key: randomUUID(), tirages: [tirage], lines: [{ code: 20, number, stake }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Ticket;
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2 });
    other = await sellingCompany(t.database);
    const token = async (u: { username: string }) => (await login(t.app, u.username)).accessToken;
    admin = await token(await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true }));
    adminB = await token(
      await createUser(t.database, { role: 'company', companyId: other.company.id, fullAccess: true }),
    );
    superuser = await token(await createUser(t.database, { role: 'superuser', fullAccess: true }));
    await t.database.raw.query('UPDATE users SET can_cancel = true WHERE id = $1', [c.agents[0].id]);
    agent = await token(c.agents[0]);
    agent2 = await token(c.agents[1]);
    const draw = c.tirages[0].id;
    tickets.win = await sellHttp(agent, draw, '45', 1000);
    tickets.cancelled = await sellHttp(agent, draw, '12', 500);
    tickets.deleted = await sellHttp(agent2, draw, '13', 700);
    tickets.other = await sellHttp(await token(other.agents[0]), other.tirages[0].id, '45', 300);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches/cancel',
      headers: auth(agent),
      payload: { id: tickets.cancelled.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const del = await t.app.inject({
      method: 'PUT',
      url: '/api/companies/fiche',
      headers: auth(admin),
      payload: { id: tickets.deleted.id, action: 'delete', reason: 'Erreur de saisie' },
    });
    expect(del.statusCode, del.body).toBe(200);
    // Lots 45 23 45: the ticket wins 600 HTG; the office pays it; the correction (lots 46 23 45: 100 HTG)
    // reverses that payment; then the agent pays it at its point of sale with the receipt's code.
    await enterResult(t.database, {
      companyId: c.company.id,
      tirageId: draw,
      date: c.today,
      pick3: '145',
      pick4: '2345',
    });
    const office = await t.app.inject({
      method: 'POST',
      url: '/api/companies/fiches/pay',
      headers: auth(admin),
      payload: { number: tickets.win.number },
    });
    expect(office.statusCode, office.body).toBe(200);
    const [result] = await t.database.raw.query<{ id: number }>(
      'SELECT id FROM info_tirages WHERE company_id = $1 AND tirage_id = $2',
      [c.company.id, draw],
    );
    const correct = await t.app.inject({
      method: 'PUT',
      url: '/api/companies/info-tirage',
      headers: auth(admin),
      payload: { id: result.id, pick3: '146', pick4: '2345', confirm: true },
    });
    expect(correct.statusCode, correct.body).toBe(200);
    expect(correct.json().settlement.reversed).toBe(1);
    const pos = await t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches/pay',
      headers: auth(agent),
      payload: { number: tickets.win.number, code: tickets.win.verification_code },
    });
    expect(pos.statusCode, pos.body).toBe(200);
  });
  afterAll(() => t?.close());

  describe('the agents’ list', () => {
    it('shows each sale, read from the ticket: the agent, the ticket’s number and its amount', async () => {
      const sales = await list('agents', 'action=sell', admin);
      expect(sales.count).toBe(3);
      const win = sales.results.find((r) => r.entity_label === String(tickets.win.number));
      expect(win).toMatchObject({
        id: null,
        key: `s${tickets.win.id}`,
        action: 'sell',
        entity: 'fiche',
        username: c.agents[0].username,
        role: 'agent',
        currency: 'HTG',
      });
      expect(win?.changes).toEqual(expect.arrayContaining([{ field: 'amount', before: null, after: '1000' }]));
      expect(sales.results.map((r) => r.entity_label).sort()).toEqual(
        [tickets.win, tickets.cancelled, tickets.deleted].map((x) => String(x.number)).sort(),
      );
    });

    it('shows the agent’s cancellation and its payment at the point of sale, with the ticket numbers', async () => {
      const cancels = await list('agents', 'action=cancel', admin);
      expect(cancels.results).toHaveLength(1);
      expect(cancels.results[0]).toMatchObject({
        action: 'cancel',
        username: c.agents[0].username,
        entity_label: String(tickets.cancelled.number),
      });
      expect(cancels.results[0].changes).toEqual([{ field: 'status', before: 'active', after: 'cancelled' }]);
      const pays = await list('agents', 'action=pay', admin);
      expect(pays.results).toHaveLength(1);
      expect(pays.results[0]).toMatchObject({
        username: c.agents[0].username,
        entity_label: String(tickets.win.number),
      });
      expect(pays.results[0].changes).toContainEqual({ field: 'amount', before: null, after: '10000' });
    });

    it('merges sales and audit entries in one order, pages them, and searches by ticket number', async () => {
      const all = await list('agents', '', admin);
      const actions = all.results.map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['sell', 'cancel', 'pay', 'login']));
      const at = all.results.map((r) => r.at);
      expect(at).toEqual([...at].sort().reverse());
      expect(new Set(all.results.map((r) => r.key)).size).toBe(all.results.length);
      // Two by two, the pages hold the same rows as the whole list.
      const paged: string[] = [];
      for (let page = 1; paged.length < all.count; page++) {
        const p = (await get(`/api/companies/tracabilites-agents?page_size=2&page=${page}`, admin)).json();
        expect(p.count).toBe(all.count);
        paged.push(...p.results.map((r: Row) => r.key));
      }
      expect(paged).toEqual(all.results.map((r) => r.key));
      const byNumber = await list('agents', `search=${tickets.win.number}`, admin);
      expect(byNumber.results.map((r) => r.action).sort()).toEqual(['pay', 'sell']);
      const byLabel = await list('agents', 'search=vente', admin);
      expect(byLabel.results.every((r) => r.action === 'sell')).toBe(true);
      expect(byLabel.count).toBe(3);
      const byAgent2 = await list('agents', `user_id=${c.agents[1].id}`, admin);
      expect(byAgent2.results.filter((r) => r.action === 'sell')).toHaveLength(1);
      const csv = await get('/api/companies/tracabilites-agents?format=csv&action=sell', admin);
      expect(csv.body).toContain(`;Vente;fiche;${tickets.win.number};`);
      expect(csv.body).toContain('amount : ∅ → 10,00 HTG');
    });

    it('shows a supervisor the sales of the agents it watches only', async () => {
      const s = await createUser(t.database, {
        role: 'supervisor',
        companyId: c.company.id,
        permissions: ['view_traceagentaction'],
      });
      await t.database.raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [c.agents[1].id, s.id]);
      const token = (await login(t.app, s.username)).accessToken;
      const sales = await list('agents', 'action=sell', token);
      expect(sales.results.map((r) => r.entity_label)).toEqual([String(tickets.deleted.number)]);
    });
  });

  describe('the office’s actions', () => {
    it('shows the deletion, the office payment and its reversal by the admin, with the ticket numbers', async () => {
      const deleted = await list('companies', `action=delete&search=${tickets.deleted.number}`, superuser);
      expect(deleted.results).toHaveLength(1);
      expect(deleted.results[0]).toMatchObject({ role: 'company', entity_label: String(tickets.deleted.number) });
      const paid = await list('companies', `search=${tickets.win.number}`, superuser);
      expect(paid.results.map((r) => r.action).sort()).toEqual(['pay', 'payment_reversed']);
      const reversal = paid.results.find((r) => r.action === 'payment_reversed');
      expect(reversal?.changes).toContainEqual({ field: 'amount', before: null, after: '60000' });
    });

    it('records only actions that have a French label', async () => {
      const rows = await t.database.raw.query<{ action: string }>('SELECT DISTINCT action FROM audit_log');
      expect(rows.map((r) => r.action).filter((a) => !isAuditAction(a))).toEqual([]);
    });
  });

  describe('boundaries', () => {
    it('never shows another company’s sales or entries', async () => {
      const sales = await list('agents', 'action=sell', adminB);
      expect(sales.results.map((r) => r.entity_label)).toEqual([String(tickets.other.number)]);
      const res = await get('/api/companies/tracabilites-agents?page_size=100', adminB);
      expect(res.body).not.toContain(c.agents[0].username);
      // Ticket numbers are per company (B's first ticket may share A's number): the rows are B's own.
      expect(res.json().results.every((r: { company_id: number }) => r.company_id === other.company.id)).toBe(true);
    });

    it('refuses a supervisor without the codename and an agent (403)', async () => {
      const bare = await createUser(t.database, { role: 'supervisor', companyId: c.company.id, permissions: [] });
      const token = (await login(t.app, bare.username)).accessToken;
      expectErrorBody(await get('/api/companies/tracabilites-agents?action=sell', token), 403);
      expectErrorBody(await get('/api/companies/tracabilites-agents?action=sell', agent2), 403);
      expectErrorBody(await get('/api/companies/tracabilites-companies?action=pay', admin), 403);
    });
  });
});
