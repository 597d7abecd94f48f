import type { BetCode } from '@borlette/shared/game/bets';
import { type LotPart, type Lots, lotsFromResult, type OptionMapping } from '@borlette/shared/game/lots';
import { winningsForLine } from '@borlette/shared/game/payout';
import type { RawClient } from '../../src/db/client';

/**
 * What must hold in a company's tickets whatever happened to the process that wrote them (a crash in
 * the middle of a sale or a settlement): every figure is recomputed from the raw rows with SQL of its
 * own (the same recomputation as modules/fiches/summaries.api.test.ts) and compared with what the
 * engine stored. Each entry counts the rows that disagree: all zero, or something is half-written.
 */
export interface HalfWritten {
  /** Tickets without any line. */
  ficheWithoutLines: number;
  /** Tickets without their draws (fiche_tirages). */
  ficheWithoutDraws: number;
  /** Tickets whose amount, commission or win is not the sum of their draws', or whose draws' amount/win/commission is not their lines'. */
  amountMismatch: number;
  /** Tickets without exactly one ledger entry of their sale (with their amount and commission). */
  ledgerEntryMismatch: number;
  /** Limit counters (draw, day, agent or 0, game, number) that differ from the active tickets' lines. */
  counterMismatch: number;
  /** Day sums per number (sale_numbers: day, game, number over every draw) that differ from the active tickets' lines. */
  numberDayMismatch: number;
  /** Rows of stats_agent_draw_day that differ from the recomputation (either side). */
  drawDaySummaryMismatch: number;
  /** Rows of stats_agent_day that differ from the recomputation (either side). */
  daySummaryMismatch: number;
  /** Rows of wallet_agent_day (the ledger's day sums and counts) that differ from the entries (either side). */
  ledgerDayMismatch: number;
  /** Agents whose ledger balance is not their active tickets' sales − commission − net payouts (+ manual moves). */
  agentBalanceMismatch: number;
  /** Lines, draws or ledger entries whose ticket does not exist. */
  orphans: number;
}

export function totalHalfWritten(h: HalfWritten): number {
  return Object.values(h).reduce((s, n) => s + n, 0);
}

const n = async (raw: RawClient, sql: string, params: unknown[]) =>
  Number((await raw.query<{ n: number }>(sql, params))[0].n);

/* ---------------- the summaries recomputed from the raw rows ($1: the company) ---------------- */

/** Columns of a summary row after its key (stats_agent_draw_day and stats_agent_day). */
export const SUMMARY_FIGURES = 'tickets, sales, commission, cancelled, cancelled_amount, wins, winners, payouts, paid';

/** stats_agent_draw_day recomputed: one row per (d, tirage_id, agent_id) with SUMMARY_FIGURES. */
export const DRAW_DAY_FROM_TICKETS = `WITH s AS (
       SELECT f.sale_date AS d, ft.tirage_id, f.agent_id,
              count(*) FILTER (WHERE f.status = 'active')::int AS tickets,
              coalesce(sum(ft.amount) FILTER (WHERE f.status = 'active'), 0)::bigint AS sales,
              coalesce(sum(ft.commission_amount) FILTER (WHERE f.status = 'active'), 0)::bigint AS commission,
              count(*) FILTER (WHERE f.status <> 'active')::int AS cancelled,
              coalesce(sum(ft.amount) FILTER (WHERE f.status <> 'active'), 0)::bigint AS cancelled_amount,
              coalesce(sum(ft.win_amount) FILTER (WHERE f.status = 'active'), 0)::bigint AS wins,
              count(*) FILTER (WHERE f.status = 'active' AND ft.win_amount > 0)::int AS winners
         FROM fiches f JOIN fiche_tirages ft ON ft.fiche_id = f.id WHERE f.company_id = $1
        GROUP BY 1, 2, 3
     ), p AS (
       SELECT (p.at AT TIME ZONE c.timezone)::date AS d, p.tirage_id, p.agent_id,
              sum(p.amount)::bigint AS payouts,
              (count(*) FILTER (WHERE p.kind = 'payment') - count(*) FILTER (WHERE p.kind = 'reversal'))::int AS paid
         FROM fiche_payments p JOIN companies c ON c.id = p.company_id WHERE p.company_id = $1
        GROUP BY 1, 2, 3
     )
     SELECT coalesce(s.d, p.d) AS d, coalesce(s.tirage_id, p.tirage_id) AS tirage_id,
            coalesce(s.agent_id, p.agent_id) AS agent_id,
            coalesce(s.tickets, 0) AS tickets, coalesce(s.sales, 0) AS sales, coalesce(s.commission, 0) AS commission,
            coalesce(s.cancelled, 0) AS cancelled, coalesce(s.cancelled_amount, 0) AS cancelled_amount,
            coalesce(s.wins, 0) AS wins, coalesce(s.winners, 0) AS winners,
            coalesce(p.payouts, 0) AS payouts, coalesce(p.paid, 0) AS paid
       FROM s FULL JOIN p ON p.d = s.d AND p.tirage_id = s.tirage_id AND p.agent_id = s.agent_id`;

/** stats_agent_day recomputed: one row per (d, agent_id) with SUMMARY_FIGURES. */
export const DAY_FROM_TICKETS = `WITH s AS (
       SELECT f.sale_date AS d, f.agent_id,
              count(*) FILTER (WHERE f.status = 'active')::int AS tickets,
              coalesce(sum(f.amount) FILTER (WHERE f.status = 'active'), 0)::bigint AS sales,
              coalesce(sum(f.commission_amount) FILTER (WHERE f.status = 'active'), 0)::bigint AS commission,
              count(*) FILTER (WHERE f.status <> 'active')::int AS cancelled,
              coalesce(sum(f.amount) FILTER (WHERE f.status <> 'active'), 0)::bigint AS cancelled_amount,
              coalesce(sum(f.win_amount) FILTER (WHERE f.status = 'active'), 0)::bigint AS wins,
              count(*) FILTER (WHERE f.status = 'active' AND f.win_amount > 0)::int AS winners
         FROM fiches f WHERE f.company_id = $1 GROUP BY 1, 2
     ), p AS (
       SELECT (p.at AT TIME ZONE c.timezone)::date AS d, p.agent_id, sum(p.amount)::bigint AS payouts,
              (count(DISTINCT p.fiche_id) FILTER (WHERE p.kind = 'payment')
               - count(DISTINCT p.fiche_id) FILTER (WHERE p.kind = 'reversal'))::int AS paid
         FROM fiche_payments p JOIN companies c ON c.id = p.company_id WHERE p.company_id = $1 GROUP BY 1, 2
     )
     SELECT coalesce(s.d, p.d) AS d, coalesce(s.agent_id, p.agent_id) AS agent_id,
            coalesce(s.tickets, 0) AS tickets, coalesce(s.sales, 0) AS sales, coalesce(s.commission, 0) AS commission,
            coalesce(s.cancelled, 0) AS cancelled, coalesce(s.cancelled_amount, 0) AS cancelled_amount,
            coalesce(s.wins, 0) AS wins, coalesce(s.winners, 0) AS winners,
            coalesce(p.payouts, 0) AS payouts, coalesce(p.paid, 0) AS paid
       FROM s FULL JOIN p ON p.d = s.d AND p.agent_id = s.agent_id`;

/** Columns of wallet_agent_day after its key (d, agent_id). */
export const LEDGER_DAY_FIGURES = 'total, deposits, withdrawals, adjustments, zero, moves, entries';

/** wallet_agent_day recomputed from the entries: one row per (d, agent_id) with LEDGER_DAY_FIGURES. */
export const LEDGER_DAY_FROM_ENTRIES = `SELECT business_date AS d, agent_id, sum(amount)::bigint AS total,
            coalesce(sum(amount) FILTER (WHERE kind = 'deposit'), 0)::bigint AS deposits,
            coalesce(sum(amount) FILTER (WHERE kind = 'withdrawal'), 0)::bigint AS withdrawals,
            coalesce(sum(amount) FILTER (WHERE kind = 'adjustment'), 0)::bigint AS adjustments,
            coalesce(sum(amount) FILTER (WHERE kind IN ('zero', 'zero_reversal')), 0)::bigint AS zero,
            count(*) FILTER (WHERE kind IN ('deposit', 'withdrawal', 'adjustment', 'zero', 'zero_reversal'))::int AS moves,
            count(*)::int AS entries
       FROM wallet_entries WHERE company_id = $1 GROUP BY business_date, agent_id`;

/** Rows that differ between two queries with the same columns (either side, with multiplicity). */
const differing = (expected: string, stored: string) =>
  `WITH expected AS (${expected}), stored AS (${stored})
   SELECT ((SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM stored) a)
         + (SELECT count(*) FROM (SELECT * FROM stored EXCEPT ALL SELECT * FROM expected) b))::int AS n`;

export async function halfWritten(raw: RawClient, companyId: number): Promise<HalfWritten> {
  const p = [companyId];
  const ficheWithoutLines = await n(
    raw,
    `SELECT count(*)::int AS n FROM fiches f WHERE f.company_id = $1
        AND NOT EXISTS (SELECT 1 FROM fiche_lines l WHERE l.company_id = $1 AND l.fiche_id = f.id)`,
    p,
  );
  const ficheWithoutDraws = await n(
    raw,
    `SELECT count(*)::int AS n FROM fiches f WHERE f.company_id = $1
        AND NOT EXISTS (SELECT 1 FROM fiche_tirages ft WHERE ft.company_id = $1 AND ft.fiche_id = f.id)`,
    p,
  );
  const amountMismatch = await n(
    raw,
    `WITH l AS (
       SELECT fiche_id, tirage_id, sum(stake)::bigint AS stake, sum(win_amount)::bigint AS win,
              -- null: a ticket sold before the lines carried their commission (migration 0024)
              sum(commission_amount)::bigint AS commission
         FROM fiche_lines WHERE company_id = $1 GROUP BY fiche_id, tirage_id
     ), ld AS (
       SELECT fiche_id, count(*) AS draws FROM l GROUP BY fiche_id
     ), d AS (
       SELECT ft.fiche_id, sum(ft.amount)::bigint AS amount, sum(ft.commission_amount)::bigint AS commission,
              sum(ft.win_amount)::bigint AS win,
              bool_and(l.fiche_id IS NOT NULL AND l.stake = ft.amount AND l.win = ft.win_amount
                       AND coalesce(l.commission = ft.commission_amount, true)) AS lines_ok,
              count(*) AS draws
         FROM fiche_tirages ft
         LEFT JOIN l ON l.fiche_id = ft.fiche_id AND l.tirage_id = ft.tirage_id
        WHERE ft.company_id = $1 GROUP BY ft.fiche_id
     )
     SELECT count(*)::int AS n FROM fiches f JOIN d ON d.fiche_id = f.id LEFT JOIN ld ON ld.fiche_id = f.id
      WHERE f.company_id = $1
        AND (f.amount <> d.amount OR f.commission_amount <> d.commission OR f.win_amount <> d.win OR NOT d.lines_ok
             OR d.draws <> coalesce(ld.draws, 0))`,
    p,
  );
  const ledgerEntryMismatch = await n(
    raw,
    `SELECT count(*)::int AS n
       FROM fiches f
       LEFT JOIN (SELECT fiche_id, count(*) AS entries, min(gross) AS gross,
                         min(commission) AS commission, min(amount) AS amount, min(agent_id) AS agent_id
                    FROM wallet_entries WHERE company_id = $1 AND kind = 'sale' AND fiche_id IS NOT NULL
                   GROUP BY fiche_id) w ON w.fiche_id = f.id
      WHERE f.company_id = $1
        AND (w.entries IS DISTINCT FROM 1 OR w.gross <> f.amount OR w.commission <> f.commission_amount
             OR w.amount <> f.amount - f.commission_amount OR w.agent_id <> f.agent_id)`,
    p,
  );
  // The counters: company-wide (agent 0) and per seller, of every non-free line of the active tickets.
  const counterMismatch = await n(
    raw,
    `WITH lines AS (
       SELECT l.tirage_id, l.draw_date, f.agent_id, l.code, l.number, l.stake
         FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
        WHERE l.company_id = $1 AND f.status = 'active' AND l.code <> 44
     ), expected AS (
       SELECT tirage_id, draw_date, 0::bigint AS agent_id, code, number, sum(stake)::bigint AS amount
         FROM lines GROUP BY 1, 2, 3, 4, 5
       UNION ALL
       SELECT tirage_id, draw_date, agent_id, code, number, sum(stake)::bigint FROM lines GROUP BY 1, 2, 3, 4, 5
     ), stored AS (
       SELECT tirage_id, draw_date, agent_id, code, number, amount FROM sale_counters WHERE company_id = $1
     )
     SELECT count(*)::int AS n
       FROM expected e FULL JOIN stored s
         ON s.tirage_id = e.tirage_id AND s.draw_date = e.draw_date AND s.agent_id = e.agent_id
        AND s.code = e.code AND s.number = e.number
      WHERE coalesce(e.amount, 0) <> coalesce(s.amount, 0)`,
    p,
  );
  // The day sums per number (folded rows plus pending deltas, view sale_numbers_live): every draw's company-wide lines summed.
  const numberDayMismatch = await n(
    raw,
    `WITH expected AS (
       SELECT l.draw_date, l.code, l.number, sum(l.stake)::bigint AS amount
         FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
        WHERE l.company_id = $1 AND f.status = 'active' AND l.code <> 44
        GROUP BY 1, 2, 3
     ), stored AS (
       SELECT draw_date, code, number, amount FROM sale_numbers_live WHERE company_id = $1
     )
     SELECT count(*)::int AS n
       FROM expected e FULL JOIN stored s ON s.draw_date = e.draw_date AND s.code = e.code AND s.number = e.number
      WHERE coalesce(e.amount, 0) <> coalesce(s.amount, 0)`,
    p,
  );
  const drawDaySummaryMismatch = await n(
    raw,
    differing(
      DRAW_DAY_FROM_TICKETS,
      `SELECT business_date AS d, tirage_id, agent_id, ${SUMMARY_FIGURES} FROM stats_agent_draw_day WHERE company_id = $1`,
    ),
    p,
  );
  const daySummaryMismatch = await n(
    raw,
    differing(
      DAY_FROM_TICKETS,
      `SELECT business_date AS d, agent_id, ${SUMMARY_FIGURES} FROM stats_agent_day WHERE company_id = $1`,
    ),
    p,
  );
  const agentBalanceMismatch = await n(
    raw,
    `SELECT count(*)::int AS n FROM (
       SELECT u.id,
              (SELECT coalesce(sum(amount), 0) FROM wallet_entries w
                WHERE w.company_id = $1 AND w.agent_id = u.id
                  AND w.kind IN ('sale', 'cancel', 'reactivate', 'payout', 'payout_reversal')) AS ledger,
              (SELECT coalesce(sum(f.amount - f.commission_amount), 0) FROM fiches f
                WHERE f.company_id = $1 AND f.agent_id = u.id AND f.status = 'active')
              - (SELECT coalesce(sum(p.amount), 0) FROM fiche_payments p
                  WHERE p.company_id = $1 AND p.agent_id = u.id) AS expected
         FROM users u WHERE u.company_id = $1 AND u.role = 'agent'
     ) x WHERE x.ledger <> x.expected`,
    p,
  );
  const ledgerDayMismatch = await n(
    raw,
    differing(
      LEDGER_DAY_FROM_ENTRIES,
      `SELECT business_date AS d, agent_id, ${LEDGER_DAY_FIGURES} FROM wallet_agent_day WHERE company_id = $1`,
    ),
    p,
  );
  const orphans = await n(
    raw,
    `SELECT ((SELECT count(*) FROM fiche_lines l WHERE l.company_id = $1
                AND NOT EXISTS (SELECT 1 FROM fiches f WHERE f.id = l.fiche_id))
           + (SELECT count(*) FROM fiche_tirages ft WHERE ft.company_id = $1
                AND NOT EXISTS (SELECT 1 FROM fiches f WHERE f.id = ft.fiche_id))
           + (SELECT count(*) FROM wallet_entries w WHERE w.company_id = $1 AND w.fiche_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM fiches f WHERE f.id = w.fiche_id)))::int AS n`,
    p,
  );
  return {
    ficheWithoutLines,
    ficheWithoutDraws,
    amountMismatch,
    ledgerEntryMismatch,
    counterMismatch,
    numberDayMismatch,
    drawDaySummaryMismatch,
    daySummaryMismatch,
    ledgerDayMismatch,
    agentBalanceMismatch,
    orphans,
  };
}

/* ---------------- settlement of one draw ---------------- */

/** A bet line with the snapshot it was sold with, and its ticket's status. */
export interface SettledLine {
  code: number;
  number: string;
  stake: number;
  prime1: number;
  prime2: number | null;
  prime3: number | null;
  template: string | null;
  cumulative: boolean;
  win_amount: number;
  status: string;
}

const mappingOf = (template: string): OptionMapping => {
  const parts = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as LotPart);
  return { 1: parts, 2: parts, 3: parts };
};

/** The pure rules' answer for a line, from its own snapshot (the settlement test's oracle too). */
export function expectedWin(l: SettledLine, lots: Lots): number {
  if (l.status !== 'active') return 0;
  const option = l.template ? mappingOf(l.template) : undefined;
  return winningsForLine(
    {
      code: l.code as BetCode,
      number: l.number,
      stake: l.stake,
      primes: {
        20: { 1: l.prime1, 2: l.prime2 ?? 0, 3: l.prime3 ?? 0 },
        30: l.prime1,
        40: l.prime1,
        41: l.prime1,
        42: l.prime1,
        43: l.prime1,
        51: l.prime1,
        52: l.prime1,
        53: l.prime1,
      },
    },
    lots,
    { boletCumulative: l.cumulative, freeMariageAmount: l.prime1, loto4Mapping: option, loto5Mapping: option },
  );
}

export interface DrawState {
  /** settled: a result in force and every line's win equals the pure rules'; unsettled: no result and no
   * win anywhere; partial: anything else (a result without its settlement, or wins without a result). */
  state: 'settled' | 'unsettled' | 'partial';
  lines: number;
  winners: number;
  /** Lines whose stored win differs from what the result in force (or its absence) gives. */
  wrongLines: number;
  result: { pick3: string; pick4: string; settled: boolean } | null;
}

/** The draw's lines against the result present in info_tirages (none: every win must be 0). */
export async function drawState(raw: RawClient, companyId: number, tirageId: number, date: string): Promise<DrawState> {
  const [info] = await raw.query<{ pick3: string; pick4: string; settled: boolean }>(
    `SELECT pick3, pick4, settled_at IS NOT NULL AS settled FROM info_tirages
      WHERE company_id = $1 AND tirage_id = $2 AND draw_date = $3::date`,
    [companyId, tirageId, date],
  );
  const lines = await raw.query<SettledLine>(
    `SELECT l.code, l.number, l.stake, l.prime1, l.prime2, l.prime3, l.template, l.cumulative, l.win_amount, f.status
       FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
      WHERE l.company_id = $1 AND l.tirage_id = $2 AND l.draw_date = $3::date`,
    [companyId, tirageId, date],
  );
  const lots = info ? lotsFromResult(info) : null;
  let wrongLines = 0;
  let winners = 0;
  for (const l of lines) {
    const expected = lots ? expectedWin(l, lots) : 0;
    if (l.win_amount > 0) winners++;
    if (l.win_amount !== expected) wrongLines++;
  }
  const state = wrongLines > 0 || (info && !info.settled) ? 'partial' : info ? 'settled' : 'unsettled';
  return { state, lines: lines.length, winners, wrongLines, result: info ?? null };
}
