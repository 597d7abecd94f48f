import type { Codename } from '@borlette/shared';
import { enterResult, type SellingCompany, type SellLine, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createUser, login, type TestContext } from '../../../test/helpers';

/**
 * A world of tickets for the dashboards' and statistics' tests: company A (HT) with two sub-branches,
 * six agents, three draws, company limits and free mariages; company B (HT) and company C (moved to
 * DO) selling too; a supervisor of A watching sub-branch 2 and one agent of sub-branch 1. Tickets are
 * sold through the real SQL sale on two business days (the first day's data are moved one day back,
 * every table alike: tickets, their draws and lines, counters, summaries, ledger), voided through the
 * HTTP layer, settled against results, paid by agents, and one result corrected after payments.
 */

export const REPORT_CODENAMES: Codename[] = [
  'view_app_report',
  'view_graphe',
  'view_app_lot_gagnant',
  'view_statistique',
  'view_lot_gagnant_partiel',
  'view_report_vente',
];

export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export interface World {
  a: SellingCompany & { surcussale2: number };
  b: SellingCompany;
  c: SellingCompany;
  adminA: string;
  adminB: string;
  sup: string;
  supId: number;
  agentTokens: Map<number, string>;
  yesterday: string;
  today: string;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** A random bet line; balls from a small pool so that results hit often. */
function randomLine(r: () => number): SellLine {
  const ball = () => pad(Math.floor(r() * 30), 2);
  const stake = 100 * (1 + Math.floor(r() * 30));
  const x = r();
  if (x < 0.55) return { code: 20, number: ball(), stake };
  if (x < 0.7) {
    const p = ball();
    let q = ball();
    while (q === p) q = ball();
    return { code: 40, number: p < q ? `${p}*${q}` : `${q}*${p}`, stake };
  }
  if (x < 0.8) return { code: 30, number: `1${ball()}`, stake };
  if (x < 0.9) return { code: 41 + Math.floor(r() * 3), number: `${ball()}${ball()}`, stake };
  return { code: 51 + Math.floor(r() * 3), number: `1${ball()}${ball()}`, stake };
}

/** A random result whose lots come from the same pool. */
function randomResult(r: () => number) {
  const ball = () => pad(Math.floor(r() * 30), 2);
  return { pick3: `1${ball()}`, pick4: `${ball()}${ball()}` };
}

export async function shiftOneDayBack(ctx: TestContext, companies: number[]) {
  const raw = ctx.database.raw;
  await raw.query(
    `UPDATE fiches SET sale_date = sale_date - 1, sold_at = sold_at - interval '1 day' WHERE company_id = ANY($1)`,
    [companies],
  );
  for (const [table, col] of [
    ['fiche_tirages', 'draw_date'],
    ['fiche_lines', 'draw_date'],
    ['sale_counters', 'draw_date'],
    ['stats_agent_draw_day', 'business_date'],
    ['stats_agent_day', 'business_date'],
    ['wallet_entries', 'business_date'],
    ['wallet_agent_day', 'business_date'],
  ]) {
    await raw.query(`UPDATE ${table} SET ${col} = ${col} - 1 WHERE company_id = ANY($1)`, [companies]);
  }
}

export async function buildWorld(ctx: TestContext, opts: { ticketsPerDay: number; seed: number }): Promise<World> {
  const db = ctx.database;
  const raw = db.raw;
  const r = rng(opts.seed);
  const base = await sellingCompany(db, { agents: 6, tirages: 3 });
  const [s2] = await raw.query<{ id: number }>(
    "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Succursale Deux') RETURNING id",
    [base.company.id],
  );
  const a = { ...base, surcussale2: s2.id };
  for (const ag of a.agents.slice(3))
    await raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [ag.id, s2.id]);
  const b = await sellingCompany(db, { agents: 2, tirages: 1 });
  const c = await sellingCompany(db, { agents: 2, tirages: 1 });
  await raw.query("UPDATE companies SET country_id = (SELECT id FROM countries WHERE name_code = 'DO') WHERE id = $1", [
    c.company.id,
  ]);

  const supUser = await createUser(db, { role: 'supervisor', companyId: a.company.id, permissions: REPORT_CODENAMES });
  await raw.query('INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)', [
    a.company.id,
    supUser.id,
    s2.id,
  ]);
  await raw.query('UPDATE users SET supervisor_id = $2 WHERE id = $1', [a.agents[0].id, supUser.id]);

  // Company limits of A (and one per agent, which the statistics must not show), high enough to sell.
  const [t1, t2] = a.tirages.map((x) => x.id);
  const co = a.company.id;
  await raw.query(
    `INSERT INTO sale_limits (company_id, agent_id, tirage_id, code, number, max_amount, status) VALUES
       ($1, NULL, NULL, 20, NULL, 9000000, 'active'), ($1, NULL, $2, 20, NULL, 8000000, 'active'),
       ($1, NULL, NULL, 20, '07', 7000000, 'active'), ($1, NULL, $2, 20, '07', 6000000, 'active'),
       ($1, NULL, $3, 20, '08', 1, 'blocked'), ($1, NULL, NULL, 40, '01*02', 5000000, 'active'),
       ($1, NULL, $3, 40, NULL, 7500000, 'active'), ($1, NULL, NULL, 30, NULL, 6500000, 'active'),
       ($1, $4, NULL, 20, NULL, 9500000, 'active'), ($5, NULL, NULL, 20, '07', 4000000, 'active')`,
    [co, t1, t2, a.agents[1].id, b.company.id],
  );
  await raw.query('INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 3000, NULL, 1)', [
    co,
  ]);

  const agentTokens = new Map<number, string>();
  for (const ag of [...a.agents, ...b.agents, ...c.agents])
    agentTokens.set(ag.id, (await login(ctx.app, ag.username)).accessToken);
  const adminUser = async (companyId: number) =>
    (await login(ctx.app, (await createUser(db, { role: 'company', companyId, fullAccess: true })).username))
      .accessToken;
  const adminA = await adminUser(co);
  const adminB = await adminUser(b.company.id);
  const call = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    ctx.app.inject({ method, url, headers: auth(token), payload });

  async function sellDay(n: number) {
    const sold: { id: number; agent: number; company: SellingCompany }[] = [];
    const plan: [SellingCompany, number][] = [
      [a, Math.round(n * 0.8)],
      [b, Math.round(n * 0.12)],
      [c, Math.round(n * 0.08)],
    ];
    const free = ['03*04', '05*06', '10*11', '12*13'];
    for (const [company, count] of plan) {
      const ids = company.tirages.map((x) => x.id);
      for (let i = 0; i < count; i++) {
        const agent = company.agents[Math.floor(r() * company.agents.length)].id;
        const draws =
          ids.length > 1 && r() < 0.3
            ? [ids[0], ids[1 + Math.floor(r() * (ids.length - 1))]]
            : [ids[Math.floor(r() * ids.length)]];
        const lines = Array.from({ length: 1 + Math.floor(r() * 4) }, () => randomLine(r));
        if (i % 10 === 0) lines.push({ code: 20, number: '07', stake: 500 }, { code: 40, number: '01*02', stake: 300 });
        if (i % 10 === 5) lines.push({ code: 20, number: '08', stake: 200 });
        const f = await sell(raw, { companyId: company.company.id, agentId: agent, tirages: draws, lines, free });
        sold.push({ id: f.id, agent, company });
      }
    }
    // Voids: agents cancel, A's back office deletes, A reactivates some.
    const voided: number[] = [];
    for (const f of sold) {
      const x = r();
      if (x >= 0.12) continue;
      const res =
        x < 0.06 || f.company !== a
          ? await call('POST', '/api/agents/fiches/cancel', agentTokens.get(f.agent) as string, { id: f.id })
          : await call('PUT', '/api/companies/fiche', adminA, { id: f.id, action: 'delete', reason: 'Erreur' });
      if (res.statusCode !== 200) throw new Error(`void ${f.id}: ${res.statusCode} ${res.body}`);
      if (f.company === a) voided.push(f.id);
    }
    for (const id of voided.filter((_, i) => i % 4 === 0)) {
      const res = await call('PUT', '/api/companies/fiche', adminA, { id, action: 'reactivate' });
      if (res.statusCode !== 200) throw new Error(`reactivate ${id}: ${res.statusCode} ${res.body}`);
    }
  }

  const companies = [a.company.id, b.company.id, c.company.id];
  await sellDay(opts.ticketsPerDay);
  await shiftOneDayBack(ctx, companies);
  await sellDay(opts.ticketsPerDay);
  const today = a.today;
  const [{ d: yesterday }] = await raw.query<{ d: string }>("SELECT to_char($1::date - 1, 'YYYY-MM-DD') AS d", [today]);

  // Results: every draw yesterday; today every draw but A's third (its tickets stay pending).
  for (const company of [a, b, c]) {
    for (const [i, tirage] of company.tirages.entries()) {
      await enterResult(db, {
        companyId: company.company.id,
        tirageId: tirage.id,
        date: yesterday,
        ...randomResult(r),
      });
      if (company !== a || i < 2) {
        await enterResult(db, { companyId: company.company.id, tirageId: tirage.id, date: today, ...randomResult(r) });
      }
    }
  }
  // Payments by any agent of the company (some winners stay unpaid; pending tickets are refused).
  for (const company of [a, b, c]) {
    const winners = await raw.query<{ ref_code: string }>(
      "SELECT ref_code FROM fiches WHERE company_id = $1 AND status = 'active' AND win_amount > 0 ORDER BY id",
      [company.company.id],
    );
    for (const w of winners) {
      if (r() < 0.3) continue;
      const payer = company.agents[Math.floor(r() * company.agents.length)].id;
      const res = await call('POST', '/api/agents/fiches/pay', agentTokens.get(payer) as string, { ref: w.ref_code });
      if (res.statusCode !== 200 && res.statusCode !== 409) throw new Error(`pay: ${res.statusCode} ${res.body}`);
    }
  }
  // A confirmed correction of yesterday's first draw of A: paid tickets whose win changes are reversed.
  await enterResult(db, { companyId: co, tirageId: t1, date: yesterday, ...randomResult(r), allowPaid: true });

  const sup = (await login(ctx.app, supUser.username)).accessToken;
  return { a, b, c, adminA, adminB, sup, supId: supUser.id, agentTokens, yesterday, today };
}
