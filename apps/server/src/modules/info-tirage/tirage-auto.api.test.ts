import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  callAs,
  createTestApp,
  describeApi,
  expectErrorBody,
  type TestContext,
  type UserOptions,
} from '../../../test/helpers';
import type { RawClient } from '../../db/client';

interface Outcome {
  company_id: number;
  tirage_id: number;
  outcome: string;
  message: string | null;
  settlement: { win_amount: number; reversed: number; tickets: number } | null;
}

/**
 * Tickets are sold today on a forced-open draw of the company's own; the draw then follows New York
 * Soir and the tickets move to a date whose official draw is past at any hour of the test run.
 */
async function followNySoir(raw: RawClient, c: SellingCompany, source: number, date: string) {
  await raw.query('UPDATE tirages SET source_id = $2 WHERE id = $1', [c.tirages[0].id, source]);
  for (const table of ['fiche_tirages', 'fiche_lines', 'sale_counters'])
    await raw.query(`UPDATE ${table} SET draw_date = $2::date WHERE company_id = $1`, [c.company.id, date]);
  await raw.query('UPDATE fiches SET sale_date = $2::date WHERE company_id = $1', [c.company.id, date]);
}

describeApi('the platform’s results (tirage-auto)', () => {
  let t: TestContext;
  let c1: SellingCompany;
  let c2: SellingCompany;
  let root: string;
  let date: string;
  let nySoir: number;
  let fiche1: number;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;
  const publish = (pick3: string, pick4: string, extra: object = {}) =>
    callAs(t, 'POST', '/api/generals/tirage-auto', root, {
      state: 'ny',
      session: 'Soir',
      draw_date: date,
      pick3,
      pick4,
      ...extra,
    });
  const mine = (companies: Outcome[]) =>
    [c1, c2].map((c) => companies.find((o) => o.tirage_id === c.tirages[0].id) as Outcome);
  const auditCount = async () => {
    const [r] = await t.database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE entity IN ('info_tirage', 'draw_result')",
    );
    return r.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    root = await token({ role: 'superuser', fullAccess: true });
    [{ id: nySoir }] = await t.database.raw.query<{ id: number }>(
      "SELECT id FROM draw_sources WHERE state = 'NY' AND session = 'soir'",
    );
    [{ d: date }] = await t.database.raw.query<{ d: string }>(
      "SELECT to_char((now() AT TIME ZONE 'UTC')::date - 3, 'YYYY-MM-DD') AS d",
    );
    c1 = await sellingCompany(t.database);
    c2 = await sellingCompany(t.database);
    const f = await sell(t.database.raw, {
      companyId: c1.company.id,
      agentId: c1.agents[0].id,
      tirages: [c1.tirages[0].id],
      lines: [
        { code: 20, number: '23', stake: 1000 },
        { code: 20, number: '45', stake: 500 },
        { code: 20, number: '99', stake: 500 },
        { code: 40, number: '23*67', stake: 200 },
        { code: 30, number: '123', stake: 100 },
        { code: 41, number: '4567', stake: 100 },
        { code: 42, number: '4567', stake: 100 },
      ],
    });
    fiche1 = f.id;
    await sell(t.database.raw, {
      companyId: c2.company.id,
      agentId: c2.agents[0].id,
      tirages: [c2.tirages[0].id],
      lines: [{ code: 20, number: '45', stake: 1000 }],
    });
    await followNySoir(t.database.raw, c1, nySoir, date);
    await followNySoir(t.database.raw, c2, nySoir, date);
  });
  afterAll(() => t?.close());

  it('publishes a source’s result: every company draw following it gets it and is settled', async () => {
    const res = await publish('123', '4567');
    expect(res.statusCode).toBe(200);
    const { result, companies } = res.json();
    expect(result).toMatchObject({
      source_id: nySoir,
      source_name: 'New York Soir',
      state: 'NY',
      session: 'soir',
      draw_date: date,
      lot1: '23',
      lot2: '45',
      lot3: '67',
      version: 1,
    });
    expect(result.companies).toBeGreaterThanOrEqual(2);
    const [o1, o2] = mine(companies);
    expect(o1).toMatchObject({ company_id: c1.company.id, outcome: 'settled', message: null });
    expect(o1.settlement).toMatchObject({ tickets: 1, winners: 1, win_amount: 810000 });
    // bolet 45 ×10 on lot2 (20) = 200 HTG.
    expect(o2.settlement).toMatchObject({ tickets: 1, win_amount: 20000 });
    const [row] = await t.database.raw.query<{ origin: string; draw_result_id: number; version: number }>(
      'SELECT origin, draw_result_id, version FROM info_tirages WHERE company_id = $1 AND tirage_id = $2',
      [c1.company.id, c1.tirages[0].id],
    );
    expect(row).toEqual({ origin: 'auto', draw_result_id: result.id, version: 1 });
  });

  it('is idempotent: the same call again changes nothing (a feed may push it twice)', async () => {
    const before = await auditCount();
    const res = await publish('123', '4567');
    expect(res.json().result.version).toBe(1);
    for (const o of mine(res.json().companies)) expect(o).toMatchObject({ outcome: 'unchanged', settlement: null });
    expect(res.json().companies.every((o: Outcome) => o.outcome === 'unchanged')).toBe(true);
    expect(await auditCount()).toBe(before);
  });

  it('a correction re-settles every company; one with paid tickets is refused without confirm, corrected with it', async () => {
    await t.database.raw.query(
      'UPDATE fiches SET paid_at = now(), paid_amount = win_amount, paid_by = agent_id WHERE id = $1',
      [fiche1],
    );
    await t.database.raw.query(
      `INSERT INTO fiche_payments (company_id, fiche_id, kind, amount, actor_id, agent_id)
       SELECT company_id, id, 'payment', win_amount, agent_id, agent_id FROM fiches WHERE id = $1`,
      [fiche1],
    );
    const res = await publish('124', '4567');
    expect(res.json().result).toMatchObject({ version: 2, pick3: '124', lot1: '24' });
    const [o1, o2] = mine(res.json().companies);
    expect(o1).toMatchObject({ outcome: 'refused', settlement: null });
    expect(o1.message).toMatch(/déjà payée/);
    expect(o2).toMatchObject({ outcome: 'corrected' });
    expect(o2.settlement?.win_amount).toBe(20000);
    const [kept] = await t.database.raw.query<{ pick3: string }>(
      'SELECT pick3 FROM info_tirages WHERE company_id = $1 AND tirage_id = $2',
      [c1.company.id, c1.tirages[0].id],
    );
    expect(kept.pick3).toBe('123');

    const confirmed = await publish('124', '4567', { confirm: true });
    const [p1, p2] = mine(confirmed.json().companies);
    // bolet 45 ×5 = 100 HTG, loto 4 option 1 ×1 = 5000 HTG.
    expect(p1).toMatchObject({ outcome: 'corrected', settlement: { win_amount: 510000, reversed: 1 } });
    expect(p2.outcome).toBe('unchanged');
    expect(confirmed.json().result.version).toBe(2);
    const [f] = await t.database.raw.query<{ paid_at: string | null; win_amount: number }>(
      'SELECT paid_at, win_amount FROM fiches WHERE id = $1',
      [fiche1],
    );
    expect(f).toEqual({ paid_at: null, win_amount: 510000 });
    const versions = await t.database.raw.query<{ version: number; origin: string }>(
      'SELECT version, origin FROM info_tirage_versions WHERE company_id = $1 AND tirage_id = $2 ORDER BY id',
      [c1.company.id, c1.tirages[0].id],
    );
    expect(versions).toEqual([
      { version: 1, origin: 'auto' },
      { version: 2, origin: 'auto' },
    ]);
  });

  it('refuses before the official time, an unknown source, a day without draw and bad input', async () => {
    const early = await callAs(t, 'POST', '/api/generals/tirage-auto', root, {
      state: 'NY',
      session: 'soir',
      draw_date: '2099-01-01',
      pick3: '123',
      pick4: '4567',
    });
    const body = expectErrorBody(early, 409);
    expect(body.code).toBe('TOO_EARLY');
    expect(body.message).toMatch(/du 01\/01\/2099 a lieu à 22:30 \(heure de New York\)/);
    const unknown = await callAs(t, 'POST', '/api/generals/tirage-auto', root, {
      state: 'ZZ',
      session: 'soir',
      draw_date: date,
      pick3: '123',
      pick4: '4567',
    });
    expect(expectErrorBody(unknown, 404).message).toMatch(/ZZ soir/);
    // 2024-03-03 was a Sunday: Tennessee's morning draw does not take place.
    const sunday = await callAs(t, 'POST', '/api/generals/tirage-auto', root, {
      state: 'TN',
      session: 'matin',
      draw_date: '2024-03-03',
      pick3: '123',
      pick4: '4567',
    });
    expect(expectErrorBody(sunday, 400).fields?.draw_date).toMatch(/dimanche/);
    const bad = await callAs(t, 'POST', '/api/generals/tirage-auto', root, {
      state: 'N',
      session: '1',
      draw_date: 'hier',
      pick3: '1',
    });
    const fields = expectErrorBody(bad, 400).fields;
    expect(fields?.state).toBe('État invalide (deux lettres, ex. NY)');
    expect(fields?.pick4).toBeTruthy();
    const [{ n }] = await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM draw_results');
    expect(n).toBe(1);
  });

  it('is the platform’s: a company admin or a staff member without add_tirage_auto is refused (403)', async () => {
    const admin = await token({ role: 'company', companyId: c1.company.id, fullAccess: true });
    expectErrorBody(await callAs(t, 'GET', '/api/generals/tirage-auto', admin), 403);
    expectErrorBody(
      await callAs(t, 'POST', '/api/generals/tirage-auto', admin, {
        state: 'NY',
        session: 'soir',
        draw_date: date,
        pick3: '1',
        pick4: '2',
      }),
      403,
    );
    const staff = await token({ role: 'superuser', permissions: ['view_company'] });
    const res = await callAs(t, 'POST', '/api/generals/tirage-auto', staff, {
      state: 'NY',
      session: 'soir',
      draw_date: date,
      pick3: '555',
      pick4: '5555',
    });
    expect(expectErrorBody(res, 403).code).toBe('PERMISSION_DENIED');
    expect(
      (await callAs(t, 'GET', `/api/generals/tirage-auto?source_id=${nySoir}`, root)).json().results[0].pick3,
    ).not.toBe('555');
  });

  it('lists the published results with filters and CSV', async () => {
    const list = (
      await callAs(t, 'GET', `/api/generals/tirage-auto?source_id=${nySoir}&start_date=${date}`, root)
    ).json();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ draw_date: date, version: 2, pick3: '124', lot1: '24' });
    expect(list.results[0].companies).toBeGreaterThanOrEqual(2);
    expect((await callAs(t, 'GET', '/api/generals/tirage-auto?end_date=2020-01-01', root)).json().count).toBe(0);
    expect((await callAs(t, 'GET', '/api/generals/tirage-auto?search=york', root)).json().count).toBe(1);
    const csv = await callAs(t, 'GET', '/api/generals/tirage-auto?format=csv', root);
    expect(csv.body).toContain('New York Soir');
    expectErrorBody(
      await callAs(t, 'GET', '/api/generals/tirage-auto?start_date=2024-02-01&end_date=2024-01-01', root),
      400,
    );
  });
});
