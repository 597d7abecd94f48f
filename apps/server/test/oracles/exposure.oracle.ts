import type { RawClient } from '../../src/db/client';

/**
 * The exposure board recomputed from the raw lines, in TypeScript (issue 22 §1): every active line of
 * the draw and day, its own primes, the limits and blocks as rows. Independent of the SQL it checks.
 */
export interface RawLine {
  agent_id: number;
  status: string;
  code: number;
  number: string;
  stake: number;
  prime1: number;
  prime2: number | null;
  prime3: number | null;
  cumulative: boolean;
}
interface RawLimit {
  code: number;
  number: string | null;
  tirage_id: number | null;
  max_amount: number;
}

export interface OracleRow {
  code: number;
  number: string;
  sold: number;
  payout_lot1: number | null;
  payout_lot2: number | null;
  payout_lot3: number | null;
  payout: number;
  limit: number | null;
  used: number | null;
  blocked: boolean;
  level: string;
}

export async function loadDraw(raw: RawClient, companyId: number, tirageId: number, date: string) {
  const lines = await raw.query<RawLine>(
    `SELECT f.agent_id::int, f.status, l.code::int, l.number, l.stake::float8 AS stake, l.prime1::float8 AS prime1,
            l.prime2::float8 AS prime2, l.prime3::float8 AS prime3, l.cumulative
       FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
      WHERE l.company_id = $1 AND l.tirage_id = $2 AND l.draw_date = $3`,
    [companyId, tirageId, date],
  );
  const limits = await raw.query<RawLimit>(
    `SELECT code::int, number, tirage_id::int, max_amount::float8 AS max_amount FROM sale_limits
      WHERE company_id = $1 AND agent_id IS NULL AND status = 'active'`,
    [companyId],
  );
  const blocks = await raw.query<{ number: string; tirage_id: number | null }>(
    'SELECT number, tirage_id::int FROM boule_blocks WHERE company_id = $1 AND active',
    [companyId],
  );
  return { lines, limits, blocks };
}

export function board(
  d: Awaited<ReturnType<typeof loadDraw>>,
  tirageId: number,
  opts: { agents?: Set<number>; warn: number; hot: number },
) {
  const groups = new Map<string, OracleRow>();
  for (const l of d.lines) {
    if (l.status !== 'active' || (opts.agents && !opts.agents.has(l.agent_id))) continue;
    const code = l.code === 44 ? 40 : l.code;
    const k = `${code}|${l.number}`;
    const bolet = code === 20;
    const g = groups.get(k) ?? {
      code,
      number: l.number,
      sold: 0,
      payout_lot1: bolet ? 0 : null,
      payout_lot2: bolet ? 0 : null,
      payout_lot3: bolet ? 0 : null,
      payout: 0,
      limit: null,
      used: null,
      blocked: false,
      level: 'ok',
    };
    g.sold += l.stake;
    if (bolet) {
      const [a, b, c] = [l.stake * l.prime1, l.stake * (l.prime2 ?? 0), l.stake * (l.prime3 ?? 0)];
      g.payout_lot1 = (g.payout_lot1 ?? 0) + a;
      g.payout_lot2 = (g.payout_lot2 ?? 0) + b;
      g.payout_lot3 = (g.payout_lot3 ?? 0) + c;
      g.payout += l.cumulative ? a + b + c : Math.max(a, b, c);
    } else g.payout += l.code === 44 ? l.prime1 : l.stake * l.prime1;
    groups.set(k, g);
  }
  const limitOf = (code: number, number: string | null) =>
    d.limits.find((x) => x.code === code && x.number === number && x.tirage_id === tirageId) ??
    d.limits.find((x) => x.code === code && x.number === number && x.tirage_id === null);
  const blocked = new Set(
    d.blocks.filter((b) => b.tirage_id === null || b.tirage_id === tirageId).map((b) => b.number),
  );
  const rows = [...groups.values()].map((g) => {
    const lim = limitOf(g.code, g.number) ?? limitOf(g.code, null);
    g.limit = lim ? lim.max_amount : null;
    g.used = g.limit === null ? null : g.limit === 0 ? 100 : Math.round((g.sold * 1000) / g.limit) / 10;
    g.blocked =
      blocked.has(g.number) || (g.code === 40 && (blocked.has(g.number.slice(0, 2)) || blocked.has(g.number.slice(3))));
    g.level = g.blocked
      ? 'blocked'
      : g.used !== null && g.used >= opts.hot
        ? 'hot'
        : g.used !== null && g.used >= opts.warn
          ? 'warn'
          : 'ok';
    return g;
  });
  rows.sort((a, b) => b.payout - a.payout || b.sold - a.sold || a.code - b.code || (a.number < b.number ? -1 : 1));
  return {
    sales: rows.reduce((s, r) => s + r.sold, 0),
    numbers: rows.length,
    worst: rows[0] ?? null,
    worst_pair: rows.find((r) => r.code === 40) ?? null,
    hot_count: rows.filter((r) => r.level === 'hot' || r.level === 'blocked').length,
    rows,
    blocked: [...blocked].sort(),
  };
}
