import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/** « Toutes » reads the period in the selected country's zone: a window around today covers every test company's business day. */
const AROUND_TODAY = (() => {
  const d = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return `start_date=${d(-2)}&end_date=${d(2)}`;
})();
describeApi('back-office tickets (lists, detail, delete / reactivate / block)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;
  let adminB: string;
  let supervisor: string;
  let supervisorWin: string;
  const ids: Record<string, { id: number; number: number; verification_code?: unknown }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 2 });
    const other = await sellingCompany(t.database);
    admin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    adminB = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: other.company.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    // A supervisor who watches the first agent only (assigned to it), with the sold list and actions.
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_fichevente', 'delete_fiche'],
    });
    await t.database.raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [c.agents[0].id, sup.id]);
    supervisor = (await login(t.app, sup.username)).accessToken;
    const supWin = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_fiche_win'],
    });
    await t.database.raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [c.agents[1].id, supWin.id]);
    supervisorWin = (await login(t.app, supWin.username)).accessToken;
    const raw = t.database.raw;
    const [t1, t2] = c.tirages.map((x) => x.id);
    ids.a = await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [t1],
      lines: [{ code: 20, number: '23', stake: 1000 }],
    });
    ids.b = await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[1].id,
      tirages: [t1, t2],
      lines: [{ code: 20, number: '45', stake: 500 }],
    });
    ids.c = await sell(raw, {
      companyId: c.company.id,
      agentId: c.agents[1].id,
      tirages: [t2],
      lines: [{ code: 30, number: '999', stake: 300 }],
    });
    ids.foreign = await sell(raw, {
      companyId: other.company.id,
      agentId: other.agents[0].id,
      tirages: [other.tirages[0].id],
      lines: [{ code: 20, number: '23', stake: 100 }],
    });
  });
  afterAll(() => t?.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const put = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/companies/fiche', headers: auth(token), payload });

  it('lists today’s sold tickets with totals, filters and search', async () => {
    const all = (await get('/api/companies/fiche', admin)).json();
    expect(all.count).toBe(3);
    const sums = {
      count: 3,
      amount: 1000 + 1000 + 300,
      commission_amount: 100 + 100 + 30,
      win_amount: 0,
      paid_amount: 0,
    };
    expect(all.totals).toEqual({ ...sums, currency: 'HTG', by_currency: [{ currency: 'HTG', ...sums }] });
    expect(all.results[0].id).toBe(ids.c.id); // newest first
    expect(all.results.find((r: { id: number }) => r.id === ids.b.id).tirages).toHaveLength(2);
    const byDraw = (await get(`/api/companies/fiche?tirage_id=${c.tirages[1].id}`, admin)).json();
    expect(byDraw.results.map((r: { id: number }) => r.id).sort()).toEqual([ids.b.id, ids.c.id].sort());
    expect((await get(`/api/companies/fiche?agent_id=${c.agents[0].id}`, admin)).json().count).toBe(1);
    expect((await get(`/api/companies/fiche?search=${ids.a.number}`, admin)).json().totals.count).toBe(1);
    expect((await get('/api/companies/fiche?status=en_attente', admin)).json().count).toBe(3);
    expect((await get('/api/companies/fiche?start_date=2020-01-01&end_date=2020-01-02', admin)).json().count).toBe(0);
    expectErrorBody(await get('/api/companies/fiche?start_date=2020-02-01&end_date=2020-01-01', admin), 400);
    expectErrorBody(await get('/api/companies/fiche?status=inconnu', admin), 400);
    const csv = await get('/api/companies/fiche?format=csv', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Numéro;Vendue le;Date');
    expect(csv.body).toContain(String(ids.a.number));
  });

  it('never shows another company’s tickets; a supervisor sees only its agents and lists it holds', async () => {
    const b = await get('/api/companies/fiche', adminB);
    expect(b.json().count).toBe(1);
    // Numbers are per company (issue 15): the public code tells A's ticket apart.
    const aRef = (ids.a as unknown as { ref_code: string }).ref_code;
    expect(b.body).not.toContain(aRef);
    const foreign = await get(`/api/companies/fiche?id=${ids.a.id}`, adminB);
    expectErrorBody(foreign, 404);
    expect(foreign.body).not.toContain(aRef);
    expectErrorBody(await put(adminB, { id: ids.a.id, action: 'block' }), 404);

    const mine = (await get('/api/companies/fiche', supervisor)).json();
    expect(mine.results.map((r: { id: number }) => r.id)).toEqual([ids.a.id]);
    expect(mine.totals.count).toBe(1);
    expectErrorBody(await get(`/api/companies/fiche?id=${ids.b.id}`, supervisor), 404);
    expectErrorBody(await get('/api/companies/fiche-gagnants', supervisor), 403);
    // A supervisor with only the winning lists may open a ticket, but not list the sold ones.
    expect((await get('/api/companies/fiche-gagnants', supervisorWin)).statusCode).toBe(200);
    expect((await get(`/api/companies/fiche?id=${ids.b.id}`, supervisorWin)).json().number).toBe(ids.b.number);
    expect(expectErrorBody(await get('/api/companies/fiche', supervisorWin), 403).code).toBe('PERMISSION_DENIED');
    expectErrorBody(await put(supervisor, { id: ids.a.id, action: 'block' }), 403);
    expectErrorBody(await put(supervisorWin, { id: ids.a.id, action: 'delete', reason: 'erreur' }), 403);
  });

  it('deletes with a reason before results (freeing the limits), lists it as deleted, and reactivates it', async () => {
    expect(expectErrorBody(await put(admin, { id: ids.a.id, action: 'delete' }), 400).fields?.reason).toBe(
      'Le motif de la suppression est requis',
    );
    const deleted = await put(supervisor, { id: ids.a.id, action: 'delete', reason: 'Erreur de saisie' });
    expect(deleted.json().status).toBe('supprime');
    const counter = await t.database.raw.query<{ amount: number }>(
      "SELECT amount FROM sale_counters WHERE company_id = $1 AND number = '23' AND agent_id = 0",
      [c.company.id],
    );
    expect(counter[0].amount).toBe(0);
    const supp = (await get('/api/companies/fiche-supp', admin)).json();
    expect(supp.results[0]).toMatchObject({ id: ids.a.id, status: 'supprime', status_reason: 'Erreur de saisie' });
    expect(supp.results[0].status_by_name).toBe('Prénom Nom');
    expect(expectErrorBody(await put(admin, { id: ids.a.id, action: 'block' }), 409).message).toBe(
      'Cette fiche est supprimée : elle ne peut pas être bloquée.',
    );
    expect((await get('/api/companies/fiche', admin)).json().count).toBe(2);

    // Reactivation: refused when the limits no longer allow it, accepted when they do.
    await t.database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '23', 1500)",
      [c.company.id],
    );
    await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: c.agents[1].id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '23', stake: 1000 }],
    });
    const refused = expectErrorBody(await put(admin, { id: ids.a.id, action: 'reactivate' }), 409);
    expect(refused).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(refused.message).toBe(`Ligne 1 : 23 : maximum 5,00 HTG encore pour ${c.tirages[0].name}`);
    await t.database.raw.query('UPDATE sale_limits SET max_amount = 2000 WHERE company_id = $1', [c.company.id]);
    expect((await put(admin, { id: ids.a.id, action: 'reactivate' })).json().status).toBe('en_attente');
    expectErrorBody(await put(admin, { id: ids.a.id, action: 'reactivate' }), 409);
    const detail = (await get(`/api/companies/fiche?id=${ids.a.id}`, admin)).json();
    expect(detail.events.map((e: { action: string }) => e.action)).toEqual(['sell', 'delete', 'reactivate']);
    expect(detail.events[1]).toMatchObject({
      actor_role: 'supervisor',
      details: { reason: 'Erreur de saisie', status: 'deleted' },
    });
  });

  it('shows winners and paid tickets after the result; a blocked ticket is not paid; no delete after results', async () => {
    await enterResult(t.database, {
      companyId: c.company.id,
      tirageId: c.tirages[0].id,
      date: c.today,
      pick3: '145',
      pick4: '2345',
    });
    const winners = (await get('/api/companies/fiche-gagnants', admin)).json();
    // Lots 45 23 45: bolet 23 on lot 2 pays ×20; 45 on lots 1 and 3 pays ×50 + ×10 (cumulative by default).
    const a = winners.results.find((r: { id: number }) => r.id === ids.a.id);
    expect(a).toMatchObject({ status: 'gagnant', win_amount: 20_000 });
    const b = winners.results.find((r: { id: number }) => r.id === ids.b.id);
    expect(b).toMatchObject({ status: 'en_attente', win_amount: 500 * 60 });
    expect(winners.totals.win_amount).toBe(
      winners.results.reduce((s: number, r: { win_amount: number }) => s + r.win_amount, 0),
    );
    expect(
      expectErrorBody(await put(admin, { id: ids.a.id, action: 'delete', reason: 'trop tard' }), 409).message,
    ).toMatch(/a déjà ses résultats/);
    expect((await put(admin, { id: ids.a.id, action: 'block' })).json().blocked).toBe(true);
    const agent = (await login(t.app, c.agents[0].username)).accessToken;
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/agents/fiches/pay',
        headers: auth(agent),
        payload: { number: ids.a.number, code: ids.a.verification_code },
      });
    expectErrorBody(await pay(), 409);
    expect((await put(admin, { id: ids.a.id, action: 'unblock' })).json().blocked).toBe(false);
    expect((await pay()).json().status).toBe('paye');
    const paid = (await get('/api/companies/fiche-payants', admin)).json();
    expect(paid.results.map((r: { id: number }) => r.id)).toEqual([ids.a.id]);
    expect(paid.totals.paid_amount).toBe(20_000);
    expect(paid.results[0].paid_by_name).toBe('Prénom Nom');
    expectErrorBody(await put(admin, { id: ids.a.id, action: 'block' }), 409);
  });

  it('lets the superuser read across companies with « Toutes » but not act', async () => {
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const token = (await login(t.app, su.username)).accessToken;
    const all = (await get(`/api/companies/fiche?page_size=100&${AROUND_TODAY}`, token)).json();
    expect(all.count).toBeGreaterThanOrEqual(4);
    expect(expectErrorBody(await put(token, { id: ids.c.id, action: 'block' }), 409).code).toBe('COMPANY_REQUIRED');
  });
});
