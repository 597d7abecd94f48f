import { BET_TYPES, type BetCode } from '@borlette/shared/game/bets';
import { commissionFor } from '@borlette/shared/game/money';
import type { Fiche, RawData } from './dashboards-raw.oracle';

export { loadRaw, type RawData } from './dashboards-raw.oracle';

/** The tests' recomputation of every figure from the raw rows (dashboards-raw.oracle.ts). */

/** Who asks and what: companies in reach, the period, the filters, the supervisor's agents. */
export interface Scope {
  companies: Set<number>;
  start: string;
  end: string;
  tirage_id?: number;
  surcussale_id?: number;
  agent_id?: number;
  lotto_id?: number;
  /** A supervisor's agents (undefined: everyone). */
  visible?: Set<number>;
  /** The supervisor reading (its own commission only). */
  supervisor?: number;
}

const inPeriod = (s: Scope, d: string) => d >= s.start && d <= s.end;
const agentOk = (s: Scope, agent: number) =>
  (s.agent_id === undefined || agent === s.agent_id) && (!s.visible || s.visible.has(agent));
const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);

/** Tickets sold in scope (sale day in the period), with their part on the asked draw. */
function soldItems(d: RawData, s: Scope) {
  const fiches = new Map(d.fiches.map((f) => [f.id, f]));
  const keep = (f: Fiche) =>
    s.companies.has(f.company_id) &&
    inPeriod(s, f.sale_date) &&
    (s.surcussale_id === undefined || f.surcussale_id === s.surcussale_id) &&
    agentOk(s, f.agent_id);
  if (s.tirage_id === undefined) {
    return d.fiches
      .filter(keep)
      .map((f) => ({ f, amount: f.amount, commission: f.commission_amount, win: f.win_amount }));
  }
  return d.parts
    .filter((p) => p.tirage_id === s.tirage_id)
    .map((p) => ({ p, f: fiches.get(p.fiche_id) as Fiche }))
    .filter(({ f }) => keep(f))
    .map(({ p, f }) => ({ f, amount: p.amount, commission: p.commission_amount, win: p.win_amount }));
}

function paymentRows(d: RawData, s: Scope) {
  return d.payments.filter(
    (p) =>
      s.companies.has(p.company_id) &&
      inPeriod(s, p.day) &&
      (s.tirage_id === undefined || p.tirage_id === s.tirage_id) &&
      (s.surcussale_id === undefined || p.surcussale_id === s.surcussale_id) &&
      agentOk(s, p.agent_id),
  );
}

export function figures(d: RawData, s: Scope) {
  const items = soldItems(d, s);
  const active = items.filter((i) => i.f.status === 'active');
  const voided = items.filter((i) => i.f.status !== 'active');
  const pays = paymentRows(d, s);
  // A payment (or reversal) of a ticket is one event: its rows per draw share the instant.
  const events = new Map<string, string>();
  for (const p of pays)
    events.set(
      s.tirage_id === undefined ? `${p.fiche_id}|${p.kind}|${p.at}` : `${p.fiche_id}|${p.kind}|${p.at}|${p.tirage_id}`,
      p.kind,
    );
  const kinds = [...events.values()];
  const sales = sum(active, (i) => i.amount);
  const commission = sum(active, (i) => i.commission);
  const payouts = sum(pays, (p) => p.amount);
  return {
    tickets: active.length,
    sales,
    commission,
    cancelled: voided.length,
    cancelled_amount: sum(voided, (i) => i.amount),
    wins: sum(active, (i) => i.win),
    winners: active.filter((i) => i.win > 0).length,
    payouts,
    paid: kinds.filter((k) => k === 'payment').length - kinds.filter((k) => k === 'reversal').length,
    balance: sales - payouts - commission,
  };
}

function top<K>(entries: Map<K, number>, order: (a: K, b: K) => number) {
  return [...entries.entries()]
    .filter(([, v]) => v > 0)
    .sort((x, y) => y[1] - x[1] || order(x[0], y[0]))
    .slice(0, 5);
}

/**
 * Issue 20 §3: the supervisors' commission of the scope. Per active ticket draw part in scope, summed
 * per (agent, day, draw); each supervisor of the agent's company, not archived, with a rate, watching the
 * agent (its sub-branches or assigned) earns that sum × its rate, half up (the reader alone if a supervisor).
 */
export function supervisorCommission(d: RawData, s: Scope): number {
  const fiches = new Map(d.fiches.map((f) => [f.id, f]));
  const units = new Map<string, { f: Fiche; sales: number }>();
  for (const p of d.parts) {
    const f = fiches.get(p.fiche_id) as Fiche;
    if (f.status !== 'active' || !s.companies.has(f.company_id) || !inPeriod(s, f.sale_date)) continue;
    if ((s.tirage_id !== undefined && p.tirage_id !== s.tirage_id) || !agentOk(s, f.agent_id)) continue;
    if (s.surcussale_id !== undefined && f.surcussale_id !== s.surcussale_id) continue;
    const k = `${f.agent_id}|${f.sale_date}|${p.tirage_id}`;
    units.set(k, { f, sales: (units.get(k)?.sales ?? 0) + p.amount });
  }
  let total = 0;
  for (const sup of d.supervisors) {
    if (sup.status === 'archived' || !sup.bp || (s.supervisor !== undefined && sup.id !== s.supervisor)) continue;
    for (const { f, sales } of units.values()) {
      const agent = d.agents.get(f.agent_id);
      const watches =
        agent?.supervisor_id === sup.id ||
        (agent?.surcussale_id != null && sup.surcussales.includes(agent.surcussale_id));
      if (sup.company_id === f.company_id && watches) total += commissionFor(sales, sup.bp);
    }
  }
  return total;
}

export function kpis(d: RawData, s: Scope) {
  const f = figures(d, s);
  const active = soldItems(d, s).filter((i) => i.f.status === 'active');
  const perAgent = new Map<number, number>();
  const perBranch = new Map<number | null, number>();
  for (const i of active) {
    perAgent.set(i.f.agent_id, (perAgent.get(i.f.agent_id) ?? 0) + i.amount);
    perBranch.set(i.f.surcussale_id, (perBranch.get(i.f.surcussale_id) ?? 0) + i.amount);
  }
  return {
    ...f,
    net: f.balance,
    supervisor_commission: supervisorCommission(d, s),
    active_agents: new Set(active.map((i) => i.f.agent_id)).size,
    start_date: s.start,
    end_date: s.end,
    top_agents: top(perAgent, (a, b) => a - b).map(([id, sales]) => ({ id, name: d.agents.get(id)?.name, sales })),
    top_surcussales: top(perBranch, (a, b) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER)).map(
      ([id, sales]) => ({ id, name: id === null ? 'Sans succursale' : d.surcussales.get(id), sales }),
    ),
  };
}

export function days(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

export function daily(d: RawData, s: Scope) {
  return days(s.start, s.end).map((date) => {
    const f = figures(d, { ...s, start: date, end: date });
    return {
      date,
      sales: f.sales,
      commission: f.commission,
      payouts: f.payouts,
      wins: f.wins,
      net: f.balance,
      tickets: f.tickets,
      winners: f.winners,
      paid: f.paid,
    };
  });
}

export function draws(d: RawData, s: Scope) {
  const ids = [...new Set(d.parts.map((p) => p.tirage_id))].filter(
    (id) => s.tirage_id === undefined || id === s.tirage_id,
  );
  return ids
    .map((id) => {
      const f = figures(d, { ...s, tirage_id: id });
      return { tirage_id: id, name: d.tirages.get(id) as string, sales: f.sales, wins: f.wins, tickets: f.tickets };
    })
    .filter((x) => x.tickets > 0)
    .sort(
      (x, y) =>
        y.sales - x.sales || x.name.toLowerCase().localeCompare(y.name.toLowerCase()) || x.tirage_id - y.tirage_id,
    );
}

/** Lines of active tickets in scope (sub-branch: the agent's, as the counters know no other). */
function soldLines(d: RawData, s: Scope) {
  const fiches = new Map(d.fiches.map((f) => [f.id, f]));
  return d.lines
    .map((l) => ({ l, f: fiches.get(l.fiche_id) as Fiche }))
    .filter(
      ({ l, f }) =>
        l.code !== 44 &&
        f.status === 'active' &&
        s.companies.has(f.company_id) &&
        inPeriod(s, f.sale_date) &&
        (s.tirage_id === undefined || l.tirage_id === s.tirage_id) &&
        (s.lotto_id === undefined || l.code === s.lotto_id) &&
        (s.surcussale_id === undefined || d.agents.get(f.agent_id)?.surcussale_id === s.surcussale_id) &&
        agentOk(s, f.agent_id),
    );
}

export function games(d: RawData, s: Scope) {
  const per = new Map<number, number>();
  for (const { l } of soldLines(d, s)) per.set(l.code, (per.get(l.code) ?? 0) + l.stake);
  return [...per.entries()]
    .filter(([, v]) => v !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([code, sales]) => ({ code, label: BET_TYPES[code as BetCode].label, sales }));
}

function limitInForce(d: RawData, company: number, tirage: number, code: number, number: string): number | null {
  const found = d.limits
    .filter(
      (l) =>
        l.company_id === company &&
        l.agent_id === null &&
        l.status === 'active' &&
        l.code === code &&
        (l.number === number || l.number === null) &&
        (l.tirage_id === tirage || l.tirage_id === null),
    )
    .sort(
      (a, b) =>
        Number(a.number === null) - Number(b.number === null) ||
        Number(a.tirage_id === null) - Number(b.tirage_id === null),
    );
  return found[0]?.max_amount ?? null;
}

/** The statistics' answer: one page (`search` on the digits), the figures over every number, the grid. */
export function statistics(d: RawData, s: Scope, view: { page?: number; page_size?: number; search?: string } = {}) {
  const rows = new Map<string, { code: number; number: string; amount: number; limits: Set<string> }>();
  for (const { l, f } of soldLines(d, s)) {
    const key = `${l.code}|${l.number}`;
    const row = rows.get(key) ?? { code: l.code, number: l.number, amount: 0, limits: new Set<string>() };
    row.amount += l.stake;
    row.limits.add(`${f.company_id}|${l.tirage_id}`);
    rows.set(key, row);
  }
  const out = [...rows.values()].map((r) => {
    const limits = [...r.limits]
      .map((k) => k.split('|').map(Number))
      .map(([company, tirage]) => limitInForce(d, company, tirage, r.code, r.number))
      .filter((x): x is number => x !== null);
    return { code: r.code, number: r.number, amount: r.amount, limit: limits.length ? Math.min(...limits) : null };
  });
  out.sort((a, b) => b.amount - a.amount || a.code - b.code || a.number.localeCompare(b.number));
  let exposed: (typeof out)[number] | null = null;
  for (const r of out) {
    if (r.limit && r.limit > 0 && (!exposed || r.amount / r.limit > exposed.amount / (exposed.limit as number)))
      exposed = r;
  }
  const grid = new Map(out.filter((r) => r.code === 20).map((r) => [r.number, r]));
  const search = view.search?.replace(/\D/g, '') ?? '';
  const found = out.filter((r) => r.number.replace('*', '').includes(search));
  const page = view.page ?? 1;
  const size = view.page_size ?? 25;
  return {
    rows: found.slice((page - 1) * size, page * size),
    count: found.length,
    page,
    page_size: size,
    numbers: out.length,
    top: out[0] ?? null,
    exposed,
    bolet: Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).map((n) => ({
      number: n,
      amount: grid.get(n)?.amount ?? 0,
      limit: grid.get(n)?.limit ?? null,
      blocked: null, // the world blocks no ball (statistics.api.test.ts checks the blocked ones)
    })),
    total: sum(out, (r) => r.amount),
  };
}

export function statuses(d: RawData, s: Scope) {
  const results = new Set(d.infos.map((i) => `${i.tirage_id}|${i.draw_date}`));
  const parts = new Map<number, number[]>();
  for (const p of d.parts) parts.set(p.fiche_id, [...(parts.get(p.fiche_id) ?? []), p.tirage_id]);
  const counts: Record<string, number> = { en_attente: 0, gagnant: 0, perdant: 0, paye: 0, annule: 0, supprime: 0 };
  for (const { f } of soldItems(d, s)) {
    const pending = (parts.get(f.id) ?? []).some((t) => !results.has(`${t}|${f.sale_date}`));
    const label =
      f.status === 'cancelled'
        ? 'annule'
        : f.status === 'deleted'
          ? 'supprime'
          : f.paid
            ? 'paye'
            : pending
              ? 'en_attente'
              : f.win_amount > 0
                ? 'gagnant'
                : 'perdant';
    counts[label]++;
  }
  return Object.entries(counts).map(([status, count]) => ({ status, count }));
}

export function lots(d: RawData, s: Scope) {
  return d.infos
    .filter(
      (i) =>
        s.companies.has(i.company_id) &&
        inPeriod(s, i.draw_date) &&
        (s.tirage_id === undefined || i.tirage_id === s.tirage_id),
    )
    .map((i) => {
      const f = figures(d, {
        ...s,
        start: i.draw_date,
        end: i.draw_date,
        tirage_id: i.tirage_id,
        companies: new Set([i.company_id]),
      });
      const { company_id, ...lot } = i;
      return {
        ...lot,
        tirage_name: d.tirages.get(i.tirage_id) as string,
        tickets: f.tickets,
        winners: f.winners,
        wins: f.wins,
        currency: 'HTG', // every company of the world
      };
    })
    .sort(
      (x, y) =>
        y.draw_date.localeCompare(x.draw_date) ||
        x.tirage_name.toLowerCase().localeCompare(y.tirage_name.toLowerCase()) ||
        x.tirage_id - y.tirage_id,
    );
}
