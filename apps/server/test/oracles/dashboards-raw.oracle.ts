import type { RawClient } from '../../src/db/client';

/**
 * The tests' independent recomputation of every dashboard and statistics figure from the raw tables
 * (tickets, their draws and lines, payments, results, limits, people) — never the summaries or the
 * counters the server reads. Plain TypeScript over plain rows.
 */

export interface Fiche {
  id: number;
  company_id: number;
  agent_id: number;
  surcussale_id: number | null;
  sale_date: string;
  status: string;
  amount: number;
  commission_amount: number;
  win_amount: number;
  paid: boolean;
}
export interface Part {
  fiche_id: number;
  tirage_id: number;
  amount: number;
  commission_amount: number;
  win_amount: number;
}
export interface Line {
  fiche_id: number;
  tirage_id: number;
  code: number;
  number: string;
  stake: number;
}
export interface Payment {
  company_id: number;
  fiche_id: number;
  kind: string;
  tirage_id: number | null;
  amount: number;
  agent_id: number;
  surcussale_id: number | null;
  day: string;
  at: string;
}
export interface Info {
  company_id: number;
  tirage_id: number;
  draw_date: string;
  pick3: string;
  pick4: string;
  lot1: string;
  lot2: string;
  lot3: string;
}
export interface Limit {
  company_id: number;
  agent_id: number | null;
  tirage_id: number | null;
  code: number;
  number: string | null;
  max_amount: number;
  status: string;
}

export interface RawData {
  fiches: Fiche[];
  parts: Part[];
  lines: Line[];
  payments: Payment[];
  infos: Info[];
  limits: Limit[];
  agents: Map<number, { name: string; surcussale_id: number | null; supervisor_id: number | null }>;
  /** Issue 20 §3: the supervisors, their rate, status and the sub-branches they watch. */
  supervisors: { id: number; company_id: number; bp: number | null; status: string; surcussales: number[] }[];
  surcussales: Map<number, string>;
  tirages: Map<number, string>;
}

export async function loadRaw(raw: RawClient): Promise<RawData> {
  const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;
  const fiches = await raw.query<Fiche>(
    `SELECT id, company_id, agent_id, surcussale_id, ${day('sale_date')} AS sale_date, status, amount,
            commission_amount, win_amount, paid_at IS NOT NULL AS paid FROM fiches`,
  );
  const parts = await raw.query<Part>(
    'SELECT fiche_id, tirage_id, amount, commission_amount, win_amount FROM fiche_tirages',
  );
  const lines = await raw.query<Line>('SELECT fiche_id, tirage_id, code::int AS code, number, stake FROM fiche_lines');
  const payments = await raw.query<Payment>(
    `SELECT p.company_id, p.fiche_id, p.kind, p.tirage_id, p.amount, p.agent_id, p.surcussale_id,
            ${day('(p.at AT TIME ZONE c.timezone)::date')} AS day, p.at::text AS at
       FROM fiche_payments p JOIN companies c ON c.id = p.company_id`,
  );
  const infos = await raw.query<Info>(
    `SELECT company_id, tirage_id, ${day('draw_date')} AS draw_date, pick3, pick4, lot1, lot2, lot3 FROM info_tirages`,
  );
  const limits = await raw.query<Limit>(
    'SELECT company_id, agent_id, tirage_id, code::int AS code, number, max_amount, status FROM sale_limits',
  );
  const people = await raw.query<{
    id: number;
    name: string;
    surcussale_id: number | null;
    supervisor_id: number | null;
  }>(
    `SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) AS name, surcussale_id, supervisor_id
       FROM users WHERE role = 'agent'`,
  );
  const supervisors = await raw.query<RawData['supervisors'][number]>(
    `SELECT u.id, u.company_id, u.commission_bp AS bp, u.status,
            array(SELECT ss.surcussale_id FROM supervisor_surcussales ss WHERE ss.supervisor_id = u.id) AS surcussales
       FROM users u WHERE u.role = 'supervisor'`,
  );
  const branches = await raw.query<{ id: number; name: string }>('SELECT id, name FROM surcussales');
  const draws = await raw.query<{ id: number; name: string }>('SELECT id, name FROM tirages');
  return {
    fiches,
    parts,
    lines,
    payments,
    infos,
    limits,
    agents: new Map(
      people.map((p) => [p.id, { name: p.name, surcussale_id: p.surcussale_id, supervisor_id: p.supervisor_id }]),
    ),
    supervisors: supervisors.map((x) => ({ ...x, surcussales: x.surcussales.map(Number) })),
    surcussales: new Map(branches.map((s) => [s.id, s.name])),
    tirages: new Map(draws.map((t) => [t.id, t.name])),
  };
}
