import type { Alert, AlertKind } from '@borlette/shared/contracts/alerts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenTirage, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  agentHistory,
  backdateFiche,
  locateFiche,
  payAs,
  tirageClosingIn,
} from '../../../test/fixtures/alerts.fixtures';
import { callAs, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';
import { detectAlerts } from './alerts-detect';

/**
 * Issue 22 §3: each detector with a case that fires and cases that must not, on both engines, and
 * passes run in parallel raising each anomaly once. Tickets are sold, deleted, settled and paid through
 * the real engine and API; other days and places come from test/fixtures/alerts.fixtures.ts.
 */
describeApi('alerts: the detectors', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;

  const pass = (kinds: AlertKind[], company = c) =>
    detectAlerts(t.database.raw, { companyId: company.company.id, kinds });
  const alertsOf = async (kind: AlertKind, token = admin): Promise<Alert[]> => {
    const res = await callAs(t, 'GET', `/api/companies/alerts?kind=${kind}&page_size=100`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results;
  };
  const sellOne = (agent: number, tirage: number, number: string, stake: number) =>
    sell(t.database.raw, {
      companyId: c.company.id,
      agentId: c.agents[agent].id,
      tirages: [tirage],
      lines: [{ code: 20, number, stake }],
    });
  const enterResult = async (tirageId: number, pick3: string, pick4: string) => {
    const res = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: tirageId,
      draw_date: c.today,
      pick3,
      pick4,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 4, tirages: 1 });
    const a = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    admin = (await login(t.app, a.username)).accessToken;
  });
  afterAll(() => t.close());

  it('after_draw: a ticket timestamped after its draw fires; a forced-open draw or a sale before the close does not', async () => {
    const late = await createOpenTirage(t.database.raw, c.company.id);
    const inTime = await tirageClosingIn(t.database.raw, c.company.id, 120);
    const lateFiche = await sellOne(0, late.id, '11', 1000);
    await sellOne(0, inTime, '12', 1000);
    expect((await pass(['after_draw'])).after_draw).toBe(0); // forced open by the admin, sold before the close
    // The draw back on its hours: that ticket now stands 11 hours past its close (as a replayed sale would).
    await t.database.raw.query("UPDATE tirages SET mode = 'auto' WHERE id = $1", [late.id]);
    expect((await pass(['after_draw'])).after_draw).toBe(1);
    const [found] = await alertsOf('after_draw');
    expect(found).toMatchObject({ severity: 'medium', tirage_id: late.id, agent_id: c.agents[0].id, state: 'new' });
    expect(found.evidence.fiches.map((f) => f.id)).toEqual([lateFiche.id]);
    expect(Number(found.evidence.figures.late_seconds)).toBeGreaterThan(0);
  });

  it('burst: one agent far beyond its own window fires; below the floor or at its usual rate does not', async () => {
    const tirage = await tirageClosingIn(t.database.raw, c.company.id, 10);
    for (let i = 0; i < 3; i++) await sellOne(1, tirage, '21', 50_000); // 1 500 HTG, no history
    await sellOne(2, tirage, '22', 50_000); // 500 HTG: below the 1 000 HTG floor
    // Agent 3 sold 1 500 HTG in that window on each of the last 5 days: today's 1 500 is its usual.
    for (let d = 1; d <= 5; d++) {
      const f = await sellOne(3, tirage, '23', 150_000);
      await backdateFiche(t.database.raw, c.company.id, f.id, d);
    }
    await sellOne(3, tirage, '23', 150_000);
    expect((await pass(['burst'])).burst).toBe(1);
    const [found] = await alertsOf('burst');
    expect(found).toMatchObject({ agent_id: c.agents[1].id, tirage_id: tirage, severity: 'medium' });
    expect(found.evidence.fiches).toHaveLength(3);
    expect(found.evidence.figures).toMatchObject({ sold_amount: '150000', tickets: 3, history_days: 0 });
    // Agent 3 triples its usual: now it fires too, high (twice the factor).
    for (let i = 0; i < 6; i++) await sellOne(3, tirage, '23', 150_000);
    expect((await pass(['burst'])).burst).toBe(1);
    const agent3 = (await alertsOf('burst')).find((a) => a.agent_id === c.agents[3].id);
    expect(agent3).toMatchObject({ severity: 'high' });
    expect(agent3?.evidence.figures).toMatchObject({ usual_amount: '150000', history_days: 5 });
  });

  it('daily_outlier: a day far above the median fires; near it, or without enough history, does not', async () => {
    const d = await sellingCompany(t.database, { agents: 3, tirages: 1 });
    const [x, y, z] = d.agents.map((a) => a.id);
    await agentHistory(t.database.raw, d.company.id, x, [100_000, 90_000, 110_000, 100_000, 100_000, 95_000]);
    await agentHistory(t.database.raw, d.company.id, y, [1_000_000, 1_000_000, 1_100_000, 900_000, 1_000_000]);
    await agentHistory(t.database.raw, d.company.id, z, [100_000, 100_000]);
    const day = (agentId: number) =>
      sell(t.database.raw, {
        companyId: d.company.id,
        agentId,
        tirages: [d.tirages[0].id],
        lines: [{ code: 20, number: '45', stake: agentId === y ? 1_500_000 : 2_000_000 }],
      });
    for (const a of [x, y, z]) await day(a);
    expect((await pass(['daily_outlier'], d)).daily_outlier).toBe(1);
    const rows = await t.database.raw.query<{ agent_id: number; severity: string; evidence: Alert['evidence'] }>(
      "SELECT agent_id, severity, evidence FROM company_alerts WHERE company_id = $1 AND kind = 'daily_outlier'",
      [d.company.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ agent_id: x, severity: 'high' });
    expect(rows[0].evidence.figures).toMatchObject({
      sold_amount: '2000000',
      median_amount: '100000',
      history_days: 6,
    });
    expect(rows[0].evidence.fiches).toHaveLength(1);
  });

  it('winning_voided: a deleted ticket that the result makes a winner fires; a deleted loser or a live winner does not', async () => {
    const w = await createOpenTirage(t.database.raw, c.company.id);
    const winner = await sellOne(0, w.id, '23', 1000);
    const loser = await sellOne(0, w.id, '55', 1000);
    await sellOne(1, w.id, '23', 1000); // stays active: the settlement pays it
    for (const f of [winner, loser]) {
      const res = await callAs(t, 'PUT', '/api/companies/fiche', admin, {
        id: f.id,
        action: 'delete',
        reason: 'Erreur',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await pass(['winning_voided'])).winning_voided).toBe(0); // no result yet
    await enterResult(w.id, '123', '4567'); // lot1 23
    expect((await pass(['winning_voided'])).winning_voided).toBe(1);
    const [found] = await alertsOf('winning_voided');
    expect(found.evidence.fiches.map((f) => [f.id, f.status])).toEqual([[winner.id, 'deleted']]);
    // Deleted after the draw's close (00:01): the numbers could be known.
    expect(found).toMatchObject({ severity: 'high', tirage_id: w.id });
    expect(found.evidence.figures).toMatchObject({ would_win_amount: '50000', status: 'deleted', reason: 'Erreur' });
  });

  it('result_edited: a correction after payouts fires with the paid tickets; one before any payment does not', async () => {
    const paid = await createOpenTirage(t.database.raw, c.company.id);
    const unpaid = await createOpenTirage(t.database.raw, c.company.id);
    const ticket = await sellOne(0, paid.id, '23', 1000);
    await sellOne(0, unpaid.id, '23', 1000);
    const paidResult = await enterResult(paid.id, '123', '4567');
    const unpaidResult = await enterResult(unpaid.id, '123', '4567');
    const pay = await callAs(t, 'POST', '/api/companies/fiches/pay', admin, { number: ticket.number });
    expect(pay.statusCode, pay.body).toBe(200);
    for (const id of [paidResult, unpaidResult]) {
      const res = await callAs(t, 'PUT', '/api/companies/info-tirage', admin, {
        id,
        pick3: '199',
        pick4: '4567',
        confirm: true,
        reason: 'Erreur de saisie',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await pass(['result_edited'])).result_edited).toBe(1);
    const [found] = await alertsOf('result_edited');
    expect(found).toMatchObject({ severity: 'high', tirage_id: paid.id, agent_id: null });
    expect(found.evidence.fiches.map((f) => f.id)).toEqual([ticket.id]);
    expect(found.evidence.figures).toMatchObject({
      paid_tickets: 1,
      paid_amount: '50000',
      before: '123-4567',
      after: '199-4567',
      reversed: 1,
      reason: 'Erreur de saisie',
    });
  });

  it('foreign_payments and paid_far: many others’ tickets paid by one agent, and a ticket paid far away', async () => {
    const m = await sellingCompany(t.database, { agents: 4, tirages: 1 });
    const [seller, payer, calm, far] = m.agents.map((a) => a.id);
    const tirage = m.tirages[0].id;
    const sellIn = (agentId: number, number: string) =>
      sell(t.database.raw, {
        companyId: m.company.id,
        agentId,
        tirages: [tirage],
        lines: [{ code: 20, number, stake: 1000 }],
      });
    const winners = [];
    for (let i = 0; i < 5; i++) winners.push(await sellIn(seller, '23'));
    const own = await sellIn(payer, '23');
    const payerSpot = await sellIn(payer, '88'); // the payer's place, from its own sale
    const farSpot = await sellIn(far, '88');
    const admM = await createUser(t.database, { role: 'company', companyId: m.company.id, fullAccess: true });
    const tokM = (await login(t.app, admM.username)).accessToken;
    const settings = await callAs(t, 'GET', '/api/companies/alerts/settings', tokM);
    const res = await callAs(t, 'PUT', '/api/companies/alerts/settings', tokM, {
      ...settings.json(),
      foreign_payments: { enabled: true, min_tickets: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = await callAs(t, 'POST', '/api/companies/info-tirage', tokM, {
      tirage_id: tirage,
      draw_date: m.today,
      pick3: '123',
      pick4: '4567',
    });
    expect(result.statusCode, result.body).toBe(200);
    for (const f of winners.slice(0, 3)) await payAs(t.database.raw, m.company.id, f.id, payer); // 3 of others'
    await payAs(t.database.raw, m.company.id, own.id, payer); // its own: not counted
    await payAs(t.database.raw, m.company.id, winners[3].id, calm); // one: below 3
    await payAs(t.database.raw, m.company.id, winners[4].id, far);
    // Places: sold in Port-au-Prince; the payer pays there, `far` in Cap-Haïtien (~135 km).
    for (const f of winners) await locateFiche(t.database.raw, m.company.id, f.id, 18.5392, -72.335);
    await locateFiche(t.database.raw, m.company.id, payerSpot.id, 18.545, -72.339);
    await locateFiche(t.database.raw, m.company.id, farSpot.id, 19.7594, -72.2);
    const raised = await pass(['foreign_payments', 'paid_far'], m);
    expect(raised).toMatchObject({ foreign_payments: 1, paid_far: 1 });
    const found = await t.database.raw.query<{ kind: string; agent_id: number; evidence: Alert['evidence'] }>(
      'SELECT kind, agent_id, evidence FROM company_alerts WHERE company_id = $1 ORDER BY kind',
      [m.company.id],
    );
    expect(found.map((a) => [a.kind, a.agent_id])).toEqual([
      ['foreign_payments', payer],
      ['paid_far', far],
    ]);
    expect(found[0].evidence.fiches.map((f) => f.id).sort()).toEqual(
      winners
        .slice(0, 3)
        .map((f) => f.id)
        .sort(),
    );
    expect(found[0].evidence.figures).toMatchObject({ paid_tickets: 3, sellers: 1, min_tickets: 3 });
    expect(Number(found[1].evidence.figures.distance_km)).toBeGreaterThan(130);
    expect(found[1].evidence.fiches.map((f) => f.id)).toEqual([winners[4].id, farSpot.id]);
  });

  it('passes run in parallel raise each anomaly once, and a disabled kind raises nothing', async () => {
    const p = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    const f = await sell(t.database.raw, {
      companyId: p.company.id,
      agentId: p.agents[0].id,
      tirages: [p.tirages[0].id],
      lines: [{ code: 20, number: '31', stake: 1000 }],
    });
    await t.database.raw.query("UPDATE tirages SET mode = 'auto' WHERE id = $1", [p.tirages[0].id]);
    await t.database.raw.query(
      `INSERT INTO alert_settings (company_id, kind, enabled) VALUES ($1, 'after_draw', false)`,
      [p.company.id],
    );
    expect((await pass(['after_draw'], p)).after_draw).toBe(0);
    await t.database.raw.query('UPDATE alert_settings SET enabled = true WHERE company_id = $1', [p.company.id]);
    const passes = await Promise.all(Array.from({ length: 6 }, () => pass(['after_draw'], p)));
    expect(passes.reduce((s, r) => s + r.after_draw, 0)).toBe(1);
    const rows = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM company_alerts WHERE company_id = $1',
      [p.company.id],
    );
    expect(rows[0].n).toBe(1);
    // A whole pass over every company finds nothing new for it either.
    await detectAlerts(t.database.raw);
    const again = await t.database.raw.query<{ n: number; fiche: number }>(
      "SELECT count(*)::int AS n, min((evidence->'fiches'->0->>'id')::bigint) AS fiche FROM company_alerts WHERE company_id = $1",
      [p.company.id],
    );
    expect(again[0]).toEqual({ n: 1, fiche: f.id });
  });
});
