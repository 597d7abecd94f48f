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

/** statistiques (exposure per number) and lotgagnant: input, permissions, tenancy, scope, CSV. */

interface Row {
  code: number;
  number: string;
  amount: number;
  limit: number | null;
}

describeApi('statistics: /api/companies/statistiques and /lotgagnant', () => {
  let t: TestContext;
  let w: World;
  // The statistics' table is paged: these tests read every number at once (one page of 500 holds them).
  const all = (path: string, qs: string) =>
    path === 'statistiques' && !/page_size|format=csv/.test(qs) ? [qs, 'page_size=500'].filter(Boolean).join('&') : qs;
  const get = (token: string, path: string, qs = '') =>
    t.app.inject({ url: `/api/companies/${path}${all(path, qs) ? `?${all(path, qs)}` : ''}`, headers: auth(token) });
  const period = () => `start_date=${w.yesterday}&end_date=${w.today}`;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t, { ticketsPerDay: 40, seed: 7 });
  }, 300_000);
  afterAll(() => t?.close());

  it('answers the amount per number with the company limit, the bolet grid and the total', async () => {
    const s = (await get(w.adminA, 'statistiques', period())).json();
    expect(s).toMatchObject({ start_date: w.yesterday, end_date: w.today, currency: 'HTG' });
    expect(s.rows.length).toBeGreaterThan(10);
    expect(s.total).toBe(s.rows.reduce((a: number, r: Row) => a + r.amount, 0));
    for (let i = 1; i < s.rows.length; i++) expect(s.rows[i - 1].amount).toBeGreaterThanOrEqual(s.rows[i].amount);
    expect(s.rows.some((r: Row) => r.code === 44)).toBe(false);
    expect(s.bolet.map((b: { number: string }) => b.number)).toEqual(
      Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
    );
    const bolet = s.rows.filter((r: Row) => r.code === 20);
    expect(s.bolet.reduce((a: number, b: { amount: number }) => a + b.amount, 0)).toBe(
      bolet.reduce((a: number, r: Row) => a + r.amount, 0),
    );
    // Ball limit on draw 1 (6 000 000) tighter than the all-draws one; suspended '08' falls back to the game limit.
    expect(s.rows.find((r: Row) => r.code === 20 && r.number === '07').limit).toBe(6_000_000);
    expect(s.rows.find((r: Row) => r.code === 20 && r.number === '08').limit).toBe(8_000_000);
    expect(s.rows.find((r: Row) => r.code === 40 && r.number === '01*02').limit).toBe(5_000_000);
    expect(s.rows.filter((r: Row) => r.code === 41).every((r: Row) => r.limit === null)).toBe(true);
    // Only draw 3 has a mariage game limit; draw 1 the tightest bolet game limit.
    const t1 = (await get(w.adminA, 'statistiques', `${period()}&tirage_id=${w.a.tirages[0].id}&lotto_id=20`)).json();
    expect(t1.rows.every((r: Row) => r.code === 20 && r.limit !== null && r.limit <= 8_000_000)).toBe(true);
    const loto = (await get(w.adminA, 'statistiques', `${period()}&lotto_id=30`)).json();
    expect(loto.rows.every((r: Row) => r.code === 30 && r.limit === 6_500_000)).toBe(true);
    expect(loto.bolet.every((b: { amount: number }) => b.amount === 0)).toBe(true);
  });

  it('pages and searches the table; the figures, the grid and the CSV cover every number', async () => {
    const every = (await get(w.adminA, 'statistiques', period())).json();
    expect(every.count).toBe(every.rows.length);
    expect(every.count).toBeLessThan(500);
    expect(every.numbers).toBe(every.count);
    expect(every.top).toEqual(every.rows[0]);
    const ratio = (r: Row) => r.amount / (r.limit as number);
    const exposed = every.rows.filter((r: Row) => r.limit).reduce((a: Row, r: Row) => (ratio(r) > ratio(a) ? r : a));
    expect(every.exposed).toEqual(exposed);
    for (const b of every.bolet) {
      const row = every.rows.find((r: Row) => r.code === 20 && r.number === b.number);
      expect(b).toEqual({ number: b.number, amount: row?.amount ?? 0, limit: row?.limit ?? null, blocked: null });
    }

    const p1 = (await get(w.adminA, 'statistiques', `${period()}&page_size=5`)).json();
    const p2 = (await get(w.adminA, 'statistiques', `${period()}&page_size=5&page=2`)).json();
    expect(p1).toMatchObject({ page: 1, page_size: 5, count: every.count, numbers: every.numbers, total: every.total });
    expect([...p1.rows, ...p2.rows]).toEqual(every.rows.slice(0, 10));
    expect(p1.top).toEqual(every.top);
    expect(p2.exposed).toEqual(every.exposed);
    const past = (await get(w.adminA, 'statistiques', `${period()}&page=999`)).json();
    expect(past).toMatchObject({ rows: [], count: every.count, total: every.total });

    // The digits of the number: « 0*7 » is « 07 », found in « 07 », « 107 », « 07*15 »…
    const found = (await get(w.adminA, 'statistiques', `${period()}&search=${encodeURIComponent('0*7')}`)).json();
    const expected = every.rows.filter((r: Row) => r.number.replace('*', '').includes('07'));
    expect(expected.length).toBeGreaterThan(0);
    expect(found.rows).toEqual(expected);
    expect(found).toMatchObject({ count: expected.length, numbers: every.numbers, total: every.total });
    expect(found.bolet).toEqual(every.bolet);

    const csv = await get(w.adminA, 'statistiques', `${period()}&format=csv&page_size=1&search=07`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(every.count + 1);
  });

  it('exports CSV (BOM, semicolons, French headers)', async () => {
    const res = await get(w.adminA, 'statistiques', `${period()}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('statistiques-');
    expect(res.body.startsWith('\uFEFFJeu;Numéro;Montant vendu;Limite;Devise\r\n')).toBe(true);
    expect(res.body).toContain('Bolet;07;');
    expect(res.body.trim().split('\r\n')[1].endsWith(';HTG')).toBe(true);
    const lots = await get(w.adminA, 'lotgagnant', `${period()}&format=csv`);
    expect(lots.statusCode).toBe(200);
    expect(lots.body.startsWith('\uFEFFDate;Tirage;Pick 3;Pick 4;1er lot;2e lot;3e lot;Fiches;Gagnantes;Gains')).toBe(
      true,
    );
  });

  it('answers the winning lots of each draw and date with tickets, winners and winnings', async () => {
    const res = (await get(w.adminA, 'lotgagnant', period())).json();
    expect(res.currency).toBe('HTG');
    // Every draw yesterday, two of three today (the third has no result yet).
    expect(res.rows).toHaveLength(5);
    expect(res.rows[0].draw_date).toBe(w.today);
    for (const r of res.rows) {
      expect(r.lot1).toBe(r.pick3.slice(1));
      expect(r.lot2).toBe(r.pick4.slice(0, 2));
      expect(r.lot3).toBe(r.pick4.slice(2));
      expect(r.winners).toBeLessThanOrEqual(r.tickets);
    }
    expect(res.rows.some((r: { winners: number }) => r.winners > 0)).toBe(true);
    const one = (await get(w.adminA, 'lotgagnant', `${period()}&tirage_id=${w.a.tirages[2].id}`)).json();
    expect(one.rows).toHaveLength(1);
    expect(one.rows[0].draw_date).toBe(w.yesterday);
    const day = (await get(w.adminA, 'appTirage-lotgagnant', period())).json();
    expect(day.rows.map((r: { draw_date: string }) => r.draw_date)).toEqual([w.today, w.today]);
  });

  it('refuses bad input with French messages', async () => {
    const cases: [string, string, string][] = [
      ['statistiques', 'lotto_id=44', 'Jeu inconnu'],
      ['statistiques', 'lotto_id=abc', 'Jeu invalide'],
      ['statistiques', 'lotto_id=20.5', 'Jeu invalide'],
      ['statistiques', 'format=xlsx', 'Format invalide'],
      ['statistiques', 'page_size=501', '500 au plus'],
      ['statistiques', 'page=0', 'La page commence à 1'],
      ['statistiques', `search=${'1'.repeat(21)}`, 'trop longue'],
      ['lotgagnant', 'format=pdf', 'Format invalide'],
    ];
    for (const [path, qs, message] of cases) {
      expect(expectErrorBody(await get(w.adminA, path, qs), 400).message, `${path}?${qs}`).toContain(message);
    }
    for (const path of ['statistiques', 'lotgagnant']) {
      for (const qs of [
        'start_date=2024-02-30',
        'start_date=2024-05-02&end_date=2024-05-01',
        'agent_id=x',
        'tirage_id=0',
      ]) {
        expectErrorBody(await get(w.adminA, path, qs), 400);
      }
    }
  });

  it('requires view_statistique / view_lot_gagnant_partiel', async () => {
    const other = await createUser(t.database, {
      role: 'supervisor',
      companyId: w.a.company.id,
      permissions: ['view_app_report', 'view_graphe', 'view_app_lot_gagnant'],
    });
    const tok = (await login(t.app, other.username)).accessToken;
    expect(expectErrorBody(await get(tok, 'statistiques'), 403).message).toContain('view_statistique');
    expect(expectErrorBody(await get(tok, 'lotgagnant'), 403).message).toContain('view_lot_gagnant_partiel');
    expectErrorBody(await get(w.agentTokens.get(w.a.agents[0].id) as string, 'statistiques'), 403);
    expectErrorBody(await t.app.inject({ url: '/api/companies/lotgagnant' }), 401);
  });

  it('never shows another company’s numbers or lots', async () => {
    const b = (await get(w.adminB, 'statistiques', period())).json();
    const a = (await get(w.adminA, 'statistiques', period())).json();
    expect(b.total).toBeGreaterThan(0);
    expect(b.total).toBeLessThan(a.total);
    // B's own limit on '07', never A's.
    const b07 = b.rows.find((r: Row) => r.code === 20 && r.number === '07');
    expect(b07.limit).toBe(4_000_000);
    for (const qs of [
      `tirage_id=${w.a.tirages[0].id}`,
      `agent_id=${w.a.agents[0].id}`,
      `surcussale_id=${w.a.surcussale2}`,
    ]) {
      const s = (await get(w.adminB, 'statistiques', `${period()}&${qs}`)).json();
      expect(s, qs).toMatchObject({ rows: [], total: 0 });
    }
    const lots = (await get(w.adminB, 'lotgagnant', period())).json();
    expect(lots.rows.every((r: { tirage_id: number }) => r.tirage_id === w.b.tirages[0].id)).toBe(true);
    expect((await get(w.adminB, 'lotgagnant', `${period()}&tirage_id=${w.a.tirages[0].id}`)).json().rows).toEqual([]);
  });

  it('gives a supervisor its agents’ counters only, never the company-wide rows', async () => {
    const sup = (await get(w.sup, 'statistiques', period())).json();
    const all = (await get(w.adminA, 'statistiques', period())).json();
    expect(sup.total).toBeGreaterThan(0);
    expect(sup.total).toBeLessThan(all.total);
    let sum = 0;
    for (const agent of [w.a.agents[0], ...w.a.agents.slice(3)]) {
      sum += (await get(w.adminA, 'statistiques', `${period()}&agent_id=${agent.id}`)).json().total;
    }
    expect(sup.total).toBe(sum);
    const branch = (await get(w.adminA, 'statistiques', `${period()}&surcussale_id=${w.a.surcussale2}`)).json();
    const supBranch = (await get(w.sup, 'statistiques', `${period()}&surcussale_id=${w.a.surcussale2}`)).json();
    expect(supBranch.total).toBe(branch.total);
    const notMine = (await get(w.sup, 'statistiques', `${period()}&agent_id=${w.a.agents[1].id}`)).json();
    expect(notMine).toMatchObject({ rows: [], total: 0 });
    const lots = (await get(w.sup, 'lotgagnant', period())).json();
    const allLots = (await get(w.adminA, 'lotgagnant', period())).json();
    expect(lots.rows.length).toBe(allLots.rows.length);
    const tickets = (r: { rows: { tickets: number }[] }) => r.rows.reduce((a, x) => a + x.tickets, 0);
    expect(tickets(lots)).toBeLessThan(tickets(allLots));
  });

  it('gives the superuser with « Toutes » every company’s numbers', async () => {
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const tok = (await login(t.app, su.username)).accessToken;
    await t.app.inject({
      method: 'POST',
      url: '/api/generals/country',
      headers: auth(tok),
      payload: { country_code: 'HT' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/generals/company',
      headers: auth(tok),
      payload: { ref_code: 'all' },
    });
    const s = (await get(tok, 'statistiques', period())).json();
    const a = (await get(w.adminA, 'statistiques', period())).json();
    const b = (await get(w.adminB, 'statistiques', period())).json();
    expect(s.total).toBe(a.total + b.total);
    // The tightest limit of the two companies on '07' (B's 4 000 000).
    expect(s.rows.find((r: Row) => r.code === 20 && r.number === '07').limit).toBe(4_000_000);
    const lots = (await get(tok, 'lotgagnant', period())).json();
    const aLots = (await get(w.adminA, 'lotgagnant', period())).json();
    const bLots = (await get(w.adminB, 'lotgagnant', period())).json();
    expect(lots.rows.length).toBe(aLots.rows.length + bLots.rows.length);
    expect(lots.rows.some((r: { tirage_id: number }) => r.tirage_id === w.c.tirages[0].id)).toBe(false);
  });

  it('applies on a draw its own limits even when looser than the all-draws ones, the tightest over draws', async () => {
    const t2 = w.a.tirages[1].id;
    const co = w.a.company.id;
    const read = async (qs: string) => (await get(w.adminA, 'statistiques', `${period()}${qs}`)).json();
    // A ball sold on draw 2 that has no limit of its own yet (07 and 08 have some).
    const ball = (await read(`&tirage_id=${t2}&lotto_id=20`)).rows.find(
      (r: Row) => r.number !== '07' && r.number !== '08',
    ) as Row;
    expect(ball).toBeDefined();
    await t.database.raw.query(
      `INSERT INTO sale_limits (company_id, agent_id, tirage_id, code, number, max_amount, status) VALUES
         ($1, NULL, NULL, 20, $3, 7700000, 'active'), ($1, NULL, $2, 20, $3, 9900000, 'active'),
         ($1, NULL, $2, 30, NULL, 9800000, 'active')`,
      [co, t2, ball.number],
    );
    try {
      // On draw 2: its own ball limit (9 900 000) over the all-draws one (7 700 000) and the game's.
      const b2 = await read(`&tirage_id=${t2}&lotto_id=20`);
      expect(b2.rows.find((r: Row) => r.number === ball.number).limit).toBe(9_900_000);
      // The loto3 game limit of draw 2 (9 800 000) over the all-draws one (6 500 000).
      const l2 = await read(`&tirage_id=${t2}&lotto_id=30`);
      expect(l2.rows.length).toBeGreaterThan(0);
      expect(l2.rows.every((r: Row) => r.limit === 9_800_000)).toBe(true);
      // Over every draw, the tightest of the draws where it sold: draw 2's 9 800 000 for a loto3 number
      // sold on draw 2 only, the all-draws 6 500 000 as soon as it sold on another draw too.
      const elsewhere = new Set<string>();
      for (const other of w.a.tirages.filter((x) => x.id !== t2)) {
        for (const r of (await read(`&tirage_id=${other.id}&lotto_id=30`)).rows as Row[]) elsewhere.add(r.number);
      }
      const onT2 = new Set(l2.rows.map((r: Row) => r.number));
      const every = (await read('&lotto_id=30')).rows as Row[];
      expect(every.some((r) => onT2.has(r.number) && !elsewhere.has(r.number))).toBe(true);
      for (const r of every) {
        expect(r.limit, r.number).toBe(onT2.has(r.number) && !elsewhere.has(r.number) ? 9_800_000 : 6_500_000);
      }
    } finally {
      await t.database.raw.query(
        'DELETE FROM sale_limits WHERE company_id = $1 AND max_amount IN (7700000, 9900000, 9800000)',
        [co],
      );
    }
  });
});
