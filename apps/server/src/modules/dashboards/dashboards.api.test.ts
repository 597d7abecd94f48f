import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildWorld, type World } from '../../../test/fixtures/dashboards.fixtures';
import {
  auth,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/** The home board's endpoints: input, permissions, tenancy, the supervisor's scope, « Toutes ». */

const BOARDS = [
  'app',
  'app-journalier',
  'appGain',
  'appGpc',
  'appTirage',
  'appLotto',
  'appFiche',
  'appTirage-lotgagnant',
] as const;
const PERMISSION: Record<(typeof BOARDS)[number], string> = {
  app: 'view_app_report',
  'app-journalier': 'view_graphe',
  appGain: 'view_graphe',
  appGpc: 'view_graphe',
  appTirage: 'view_graphe',
  appLotto: 'view_graphe',
  appFiche: 'view_graphe',
  'appTirage-lotgagnant': 'view_app_lot_gagnant',
};

describeApi('dashboards: /api/companies/app…', () => {
  let t: TestContext;
  let w: World;
  const get = (token: string, path: string, qs = '') =>
    t.app.inject({ url: `/api/companies/${path}${qs ? `?${qs}` : ''}`, headers: auth(token) });
  const period = () => `start_date=${w.yesterday}&end_date=${w.today}`;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t, { ticketsPerDay: 30, seed: 99 });
  }, 300_000);
  afterAll(() => t?.close());

  it('answers each board to the company admin with its shape', async () => {
    for (const path of BOARDS) {
      const res = await get(w.adminA, path, period());
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    const k = (await get(w.adminA, 'app', period())).json();
    expect(k).toMatchObject({ currency: 'HTG', start_date: w.yesterday, end_date: w.today });
    expect(k.sales).toBeGreaterThan(0);
    expect(k.net).toBe(k.sales - k.commission - k.payouts);
    expect(k.balance).toBe(k.net);
    expect(k.top_agents.length).toBeGreaterThan(0);
    expect(k.top_agents.length).toBeLessThanOrEqual(5);
    const daily = (await get(w.adminA, 'app-journalier', period())).json();
    expect(daily.map((x: { date: string }) => x.date)).toEqual([w.yesterday, w.today]);
    const empty = (await get(w.adminA, 'app-journalier', 'start_date=2001-02-01&end_date=2001-02-28')).json();
    expect(empty).toHaveLength(28);
    expect(empty.every((x: { sales: number; tickets: number }) => x.sales === 0 && x.tickets === 0)).toBe(true);
    const statuses = (await get(w.adminA, 'appFiche', period())).json();
    expect(statuses.map((s: { status: string }) => s.status)).toEqual([
      'en_attente',
      'gagnant',
      'perdant',
      'paye',
      'annule',
      'supprime',
    ]);
    const games = (await get(w.adminA, 'appLotto', period())).json();
    expect(games.find((g: { code: number }) => g.code === 20)).toMatchObject({ label: 'Bolet' });
    expect(games.some((g: { code: number }) => g.code === 44)).toBe(false);
  });

  it('refuses bad input with French messages (400, never 500)', async () => {
    const cases: [string, string][] = [
      ['start_date=2024-13-01', 'start_date'],
      ['start_date=hier', 'start_date'],
      ['start_date=2024-03-10&end_date=2024-03-01', 'end_date'],
      ['start_date=2020-01-01&end_date=2024-01-01', 'end_date'],
      ['tirage_id=abc', 'tirage_id'],
      ['tirage_id=-3', 'tirage_id'],
      ['surcussale_id=0', 'surcussale_id'],
      ['agent_id=1.5', 'agent_id'],
    ];
    for (const path of BOARDS) {
      for (const [qs, field] of cases) {
        const body = expectErrorBody(await get(w.adminA, path, qs), 400);
        expect(body.fields?.[field], `${path}?${qs}`).toMatch(/[a-zé]/i);
      }
    }
    const body = expectErrorBody(await get(w.adminA, 'app', 'start_date=2024-03-10&end_date=2024-03-01'), 400);
    expect(body.message).toContain('La date de fin doit suivre la date de début');
  });

  it('requires each board’s codename (supervisor without it: 403) and a back-office role', async () => {
    const bare = await createUser(t.database, { role: 'supervisor', companyId: w.a.company.id });
    const bareTok = (await login(t.app, bare.username)).accessToken;
    const graphe = await createUser(t.database, {
      role: 'supervisor',
      companyId: w.a.company.id,
      permissions: ['view_graphe'],
    });
    const grapheTok = (await login(t.app, graphe.username)).accessToken;
    for (const path of BOARDS) {
      const body = expectErrorBody(await get(bareTok, path), 403);
      expect(body.message).toContain(PERMISSION[path]);
      expect((await get(grapheTok, path)).statusCode, path).toBe(PERMISSION[path] === 'view_graphe' ? 200 : 403);
      expectErrorBody(await get(w.agentTokens.get(w.a.agents[0].id) as string, path), 403);
      expectErrorBody(await t.app.inject({ url: `/api/companies/${path}` }), 401);
    }
  });

  it('never shows another company’s figures (its ids as filters answer nothing)', async () => {
    const a = (await get(w.adminA, 'app', period())).json();
    const b = (await get(w.adminB, 'app', period())).json();
    expect(b.sales).toBeGreaterThan(0);
    expect(b.sales).not.toBe(a.sales);
    const bAgents = new Set(w.b.agents.map((x) => x.id));
    expect(b.top_agents.every((x: { id: number }) => bAgents.has(x.id))).toBe(true);
    const foreign = [
      `tirage_id=${w.a.tirages[0].id}`,
      `agent_id=${w.a.agents[0].id}`,
      `surcussale_id=${w.a.surcussaleId}`,
    ];
    for (const qs of foreign) {
      const k = (await get(w.adminB, 'app', `${period()}&${qs}`)).json();
      expect(k, qs).toMatchObject({ tickets: 0, sales: 0, payouts: 0, wins: 0, active_agents: 0, top_agents: [] });
      expect((await get(w.adminB, 'appTirage', `${period()}&${qs}`)).json()).toEqual([]);
      expect((await get(w.adminB, 'appLotto', `${period()}&${qs}`)).json()).toEqual([]);
      const lots = (await get(w.adminB, 'appTirage-lotgagnant', `${period()}&${qs}`)).json();
      expect(lots.rows.every((r: { tirage_id: number }) => r.tirage_id === w.b.tirages[0].id)).toBe(true);
      expect(lots.rows.every((r: { tickets: number; wins: number }) => r.tickets === 0 && r.wins === 0)).toBe(true);
    }
    const draws = (await get(w.adminB, 'appTirage', period())).json();
    expect(draws.map((d: { tirage_id: number }) => d.tirage_id)).toEqual([w.b.tirages[0].id]);
    const body = JSON.stringify((await get(w.adminB, 'appTirage-lotgagnant', period())).json());
    for (const tirage of w.a.tirages) expect(body).not.toContain(tirage.name);
  });

  it('limits a supervisor to its agents (its sub-branch and the agent assigned to it)', async () => {
    const visible = new Set([w.a.agents[0].id, ...w.a.agents.slice(3).map((x) => x.id)]);
    const sup = (await get(w.sup, 'app', period())).json();
    const all = (await get(w.adminA, 'app', period())).json();
    expect(sup.sales).toBeGreaterThan(0);
    expect(sup.sales).toBeLessThan(all.sales);
    expect(sup.top_agents.every((x: { id: number }) => visible.has(x.id))).toBe(true);
    // Its own agents, one by one, add up to its view.
    let sum = 0;
    for (const id of visible) sum += (await get(w.sup, 'app', `${period()}&agent_id=${id}`)).json().sales;
    expect(sum).toBe(sup.sales);
    const other = (await get(w.sup, 'app', `${period()}&agent_id=${w.a.agents[1].id}`)).json();
    expect(other).toMatchObject({ sales: 0, tickets: 0, payouts: 0 });
    const supGames = (await get(w.sup, 'appLotto', period())).json();
    const allGames = (await get(w.adminA, 'appLotto', period())).json();
    const total = (rows: { sales: number }[]) => rows.reduce((a, r) => a + r.sales, 0);
    expect(total(supGames)).toBe(sup.sales);
    expect(total(allGames)).toBe(all.sales);
    const statuses = (await get(w.sup, 'appFiche', period())).json();
    const allStatuses = (await get(w.adminA, 'appFiche', period())).json();
    const count = (rows: { count: number }[]) => rows.reduce((a, r) => a + r.count, 0);
    expect(count(statuses)).toBeLessThan(count(allStatuses));
  });

  it('gives the superuser one company, or with « Toutes » every company (of its country)', async () => {
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const tok = (await login(t.app, su.username)).accessToken;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: auth(tok), payload });
    const figures = async (token: string) => (await get(token, 'app', period())).json();
    const [a, b] = [await figures(w.adminA), await figures(w.adminB)];
    await post('/api/generals/company', { ref_code: w.b.company.ref_code });
    expect((await figures(tok)).sales).toBe(b.sales);
    await post('/api/generals/company', { ref_code: 'all' });
    const everything = await figures(tok);
    expect(everything.sales).toBeGreaterThan(a.sales + b.sales); // C (another country) too
    await post('/api/generals/country', { country_code: 'HT' });
    await post('/api/generals/company', { ref_code: 'all' });
    const haiti = await figures(tok);
    expect(haiti.sales).toBe(a.sales + b.sales);
    expect(haiti.currency).toBe('HTG');
    const draws = (await get(tok, 'appTirage', period())).json();
    const ids = new Set(draws.map((d: { tirage_id: number }) => d.tirage_id));
    expect(ids.has(w.b.tirages[0].id)).toBe(true);
    expect(ids.has(w.c.tirages[0].id)).toBe(false);
    const def = (await get(tok, 'app')).json();
    expect(def.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(def.end_date).toBe(def.start_date);
  });
});
