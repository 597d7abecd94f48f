import type { RawClient } from '../../src/db/client';

/**
 * The reports' oracle: the same figures recomputed in JavaScript from the raw tables (fiches,
 * fiche_tirages, fiche_payments, wallet_entries) — never from the summaries the reports read.
 * Definitions: contracts/reports.ts.
 */

export interface Fig {
  tickets: number;
  sales: number;
  commission: number;
  cancelled: number;
  cancelled_amount: number;
  wins: number;
  winners: number;
  payouts: number;
  paid: number;
  balance: number;
}
const FIG_KEYS = [
  'tickets',
  'sales',
  'commission',
  'cancelled',
  'cancelled_amount',
  'wins',
  'winners',
  'payouts',
  'paid',
] as const;
export const zero = (): Fig => ({
  tickets: 0,
  sales: 0,
  commission: 0,
  cancelled: 0,
  cancelled_amount: 0,
  wins: 0,
  winners: 0,
  payouts: 0,
  paid: 0,
  balance: 0,
});

interface Part {
  tirage: number;
  amount: number;
  commission: number;
  win: number;
}
interface Ticket extends Omit<Part, 'tirage'> {
  id: number;
  day: string;
  agent: number;
  surc: number | null;
  active: boolean;
  draws: Part[];
}
interface Payment {
  fiche: number;
  kind: 'payment' | 'reversal';
  tirage: number;
  amount: number;
  agent: number;
  surc: number | null;
  day: string;
  /** One payment or reversal of a ticket = its rows of one transaction (same instant). */
  event: string;
}
export interface Facts {
  tickets: Ticket[];
  payments: Payment[];
  ledger: { agent: number; kind: string; amount: number; day: string }[];
  /** Each agent's sub-branch (they do not move in the scenario). */
  agentSurc: Map<number, number | null>;
}

/**
 * Reads the raw facts of a company. Payment days: the company's zone changed at `switchAt` (from
 * `zones[0]` to `zones[1]`), so a payment's business day is its instant in the zone in force then.
 */
export async function loadFacts(
  raw: RawClient,
  companyId: number,
  switchAt: string,
  zones: [string, string],
): Promise<Facts> {
  const tickets = await raw.query<Omit<Ticket, 'draws'>>(
    `SELECT id, to_char(sale_date, 'YYYY-MM-DD') AS day, agent_id AS agent, surcussale_id AS surc,
            status = 'active' AS active, amount, commission_amount AS commission, win_amount AS win
       FROM fiches WHERE company_id = $1 ORDER BY id`,
    [companyId],
  );
  const parts = await raw.query<Part & { fiche: number }>(
    `SELECT fiche_id AS fiche, tirage_id AS tirage, amount, commission_amount AS commission, win_amount AS win
       FROM fiche_tirages WHERE company_id = $1 ORDER BY fiche_id, tirage_id`,
    [companyId],
  );
  const byId = new Map(tickets.map((t) => [t.id, { ...t, draws: [] as Part[] }]));
  for (const p of parts)
    byId.get(p.fiche)?.draws.push({ tirage: p.tirage, amount: p.amount, commission: p.commission, win: p.win });
  const payments = await raw.query<Payment>(
    `SELECT fiche_id AS fiche, kind, tirage_id AS tirage, amount, agent_id AS agent, surcussale_id AS surc,
            to_char(CASE WHEN at < $2::timestamptz THEN at AT TIME ZONE $3 ELSE at AT TIME ZONE $4 END, 'YYYY-MM-DD') AS day,
            fiche_id || '|' || kind || '|' || at::text AS event
       FROM fiche_payments WHERE company_id = $1 ORDER BY id`,
    [companyId, switchAt, zones[0], zones[1]],
  );
  const ledger = await raw.query<Facts['ledger'][number]>(
    `SELECT agent_id AS agent, kind, amount, to_char(business_date, 'YYYY-MM-DD') AS day
       FROM wallet_entries WHERE company_id = $1 ORDER BY id`,
    [companyId],
  );
  const agents = await raw.query<{ id: number; surc: number | null }>(
    "SELECT id, surcussale_id AS surc FROM users WHERE company_id = $1 AND role = 'agent'",
    [companyId],
  );
  return { tickets: [...byId.values()], payments, ledger, agentSurc: new Map(agents.map((a) => [a.id, a.surc])) };
}

export type Group = 'agent' | 'surcussale' | 'tirage' | 'day' | 'supervisor';
export interface Ask {
  group: Group;
  start: string;
  end: string;
  tirage?: number;
  surc?: number;
  agent?: number;
  /** The agents the reader may see (a supervisor's), or every one. */
  visible?: Set<number>;
  /** Per supervisor, the agents it watches (grouping per supervisor, or one supervisor's agents). */
  watch?: Map<number, Set<number>>;
  /** The one supervisor whose commission is read (a supervisor reading, or one supervisor's report). */
  supervisor?: number;
}

function add(rows: Map<string, Fig>, keys: (string | number | null)[], c: Partial<Fig>) {
  for (const k of keys) {
    const key = String(k);
    const f = rows.get(key) ?? zero();
    for (const n of FIG_KEYS) f[n] += c[n] ?? 0;
    rows.set(key, f);
  }
}

/** Figures per group key (String(key)), rows whose figures are all zero left out. */
export function expectedRows(facts: Facts, a: Ask): Map<string, Fig> {
  const drawLevel = a.group === 'tirage' || a.tirage !== undefined;
  const inScope = (day: string, agent: number, surc: number | null) =>
    day >= a.start &&
    day <= a.end &&
    (a.agent === undefined || agent === a.agent) &&
    (a.surc === undefined || surc === a.surc) &&
    (!a.visible || a.visible.has(agent));
  const keys = (agent: number, surc: number | null, tirage: number | null, day: string): (string | number | null)[] => {
    if (a.group === 'agent') return [agent];
    if (a.group === 'surcussale') return [surc];
    if (a.group === 'tirage') return [tirage];
    if (a.group === 'day') return [day];
    return [...(a.watch ?? new Map())].filter(([, agents]) => agents.has(agent)).map(([sup]) => sup);
  };
  const rows = new Map<string, Fig>();
  for (const t of facts.tickets) {
    if (!inScope(t.day, t.agent, t.surc)) continue;
    const units = drawLevel
      ? t.draws.filter((d) => a.tirage === undefined || d.tirage === a.tirage)
      : [{ ...t, tirage: null }];
    for (const u of units) {
      add(
        rows,
        keys(t.agent, t.surc, u.tirage, t.day),
        t.active
          ? { tickets: 1, sales: u.amount, commission: u.commission, wins: u.win, winners: u.win > 0 ? 1 : 0 }
          : { cancelled: 1, cancelled_amount: u.amount },
      );
    }
  }
  const events = new Set<string>();
  for (const p of facts.payments) {
    if (!inScope(p.day, p.agent, p.surc) || (a.tirage !== undefined && p.tirage !== a.tirage)) continue;
    // Per draw: one row = one payment of that draw; per day: one event of the ticket, whatever its draws.
    const counts = drawLevel || !events.has(p.event);
    events.add(p.event);
    add(rows, keys(p.agent, p.surc, p.tirage, p.day), {
      payouts: p.amount,
      paid: counts ? (p.kind === 'payment' ? 1 : -1) : 0,
    });
  }
  for (const [k, f] of rows) {
    if (FIG_KEYS.every((n) => f[n] === 0)) rows.delete(k);
    else f.balance = f.sales - f.payouts - f.commission;
  }
  return rows;
}

export interface AgentExpected extends Fig {
  deposits: number;
  withdrawals: number;
  adjustments: number;
  zero: number;
  collections: number;
  to_collect: number;
}

const MOVES: Record<string, keyof AgentExpected> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
  adjustment: 'adjustments',
  zero: 'zero',
  zero_reversal: 'zero',
  collection: 'collections',
  collection_reversal: 'collections',
};

/** The agent control report: figures per agent, the period's movements, the ledger at its end. */
export function expectedAgentRows(facts: Facts, a: Omit<Ask, 'group' | 'surc'> & { surc?: number }) {
  const mine = (agent: number) =>
    (a.agent === undefined || agent === a.agent) &&
    (a.surc === undefined || facts.agentSurc.get(agent) === a.surc) &&
    (!a.visible || a.visible.has(agent));
  const figures = expectedRows(facts, { ...a, group: 'agent', surc: undefined });
  const all = new Map<number, AgentExpected>();
  const row = (agent: number) => {
    const r = all.get(agent) ?? {
      ...zero(),
      deposits: 0,
      withdrawals: 0,
      adjustments: 0,
      zero: 0,
      collections: 0,
      to_collect: 0,
    };
    all.set(agent, r);
    return r;
  };
  for (const [k, f] of figures) if (mine(Number(k))) Object.assign(row(Number(k)), f);
  const moved = new Set<number>();
  for (const e of facts.ledger) {
    if (!mine(e.agent) || e.day > a.end) continue;
    const r = row(e.agent);
    r.to_collect += e.amount;
    const move = MOVES[e.kind];
    if (move && e.day >= a.start) {
      (r[move] as number) += e.amount;
      moved.add(e.agent);
    }
  }
  // An agent is listed with figures or movements in the period, or something to collect at its end.
  for (const [agent, r] of all) {
    if (!figures.has(String(agent)) && !moved.has(agent) && r.to_collect === 0) all.delete(agent);
  }
  return all;
}

/**
 * What an agent owes at the end of `day`, from its tickets and payments (not from the ledger's own
 * engine entries): active tickets' sales − commission, less net payouts, plus the back office's moves.
 */
export function owedFromTickets(facts: Facts, agent: number, day: string): number {
  let owed = 0;
  for (const t of facts.tickets) if (t.agent === agent && t.active && t.day <= day) owed += t.amount - t.commission;
  for (const p of facts.payments) if (p.agent === agent && p.day <= day) owed -= p.amount;
  for (const e of facts.ledger) if (e.agent === agent && MOVES[e.kind] && e.day <= day) owed += e.amount;
  return owed;
}
