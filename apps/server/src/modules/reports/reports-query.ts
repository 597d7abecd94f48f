import { addMoney } from '@borlette/shared/contracts/money';
import { type Figures, type ReportRow, reportRow } from '@borlette/shared/contracts/reports';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { rawSql, rows, type Sql, sql, whereSql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import { type Period, tenantWhere, visibleAgentWhere, watchedBy } from '../_lib/report-scope';
import { companyScope } from '../_lib/scope';
import { supervisorCommissionParts } from '../_lib/supervisor-commission';

/**
 * The figures of the reports, read from the summaries the money transactions maintain
 * (stats_agent_day: a ticket counts once; stats_agent_draw_day: per draw) — never from the tickets.
 * Balance = sales − payouts − commission (docs/domain.md « Money »).
 */

export type Grouping = 'agent' | 'surcussale' | 'tirage' | 'day' | 'supervisor';

export interface ReportFilters {
  tirage_id?: number;
  surcussale_id?: number;
  agent_id?: number;
}

export const FIGURE_NAMES = [
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
const COUNTS = new Set(['tickets', 'cancelled', 'winners', 'paid']);

/** Sums of the summary columns of `alias` (counts as int, money as bigint), and the balance. */
export function figureSums(alias: string): Sql {
  const sums = FIGURE_NAMES.map((f) => `coalesce(sum(${alias}.${f}), 0)::${COUNTS.has(f) ? 'int' : 'bigint'} AS ${f}`);
  return rawSql(`${sums.join(', ')},
    (coalesce(sum(${alias}.sales), 0) - coalesce(sum(${alias}.payouts), 0) - coalesce(sum(${alias}.commission), 0))::bigint AS balance`);
}

/** A group appears when one of its figures is not zero. */
export const NOT_EMPTY = (alias: string): Sql =>
  rawSql(FIGURE_NAMES.map((f) => `sum(${alias}.${f}) <> 0`).join(' OR '));

export const ZERO_FIGURES: Figures = {
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
};

/** Totals = the sum of the rows. */
export function sumFigures<T extends Figures>(rows: T[], start: Figures = ZERO_FIGURES): Figures {
  const t = { ...start };
  // Exact past 2^53 (a sum of amounts may be a bigint: contracts/money.ts).
  for (const r of rows) for (const k of Object.keys(t) as (keyof Figures)[]) t[k] = addMoney(t[k], r[k]);
  return t;
}

/**
 * Totals per currency (issue 16: amounts of different currencies are never added): one line per
 * currency of the rows, sorted; `fallback` (the company's currency) when there is no row. `totals` is
 * the line when there is one currency, null when there are several.
 */
export function currencyTotals<R extends { currency: string }, T>(
  rows: R[],
  fallback: string,
  sum: (rows: R[]) => T,
): { totals: (T & { currency: string }) | null; totals_by_currency: (T & { currency: string })[] } {
  const groups = new Map<string, R[]>();
  for (const r of rows) groups.set(r.currency, [...(groups.get(r.currency) ?? []), r]);
  if (!groups.size) groups.set(fallback, []);
  const lines = [...groups.keys()].sort().map((currency) => ({ ...sum(groups.get(currency) ?? []), currency }));
  return { totals: lines.length === 1 ? lines[0] : null, totals_by_currency: lines };
}

/** The currency a report names: the rows' one currency, or the period's (the company's / the country's). */
export const reportCurrency = (lines: { currency: string }[], fallback: string) =>
  lines.length === 1 ? lines[0].currency : fallback;

/** The summary table a report reads: per draw when grouped by draw or filtered on one. */
export function statsTable(group: Grouping | null, f: ReportFilters): 'stats_agent_draw_day' | 'stats_agent_day' {
  return group === 'tirage' || f.tirage_id ? 'stats_agent_draw_day' : 'stats_agent_day';
}

/** Conditions on summary rows `s`: companies, period, filters and the supervisor's agents. */
export function statsConditions(
  ctx: HasAuth,
  period: Period,
  f: ReportFilters,
  opts: { drawTable: boolean; supervisorId?: number },
): Sql[] {
  const where = [
    ...tenantWhere(ctx, sql`s.company_id`),
    sql`s.business_date BETWEEN ${period.start}::date AND ${period.end}::date`,
  ];
  if (f.tirage_id && opts.drawTable) where.push(sql`s.tirage_id = ${f.tirage_id}`);
  if (f.surcussale_id) where.push(sql`s.surcussale_id = ${f.surcussale_id}`);
  if (f.agent_id) where.push(sql`s.agent_id = ${f.agent_id}`);
  where.push(...visibleAgentWhere(ctx, sql`s.agent_id`));
  if (opts.supervisorId) {
    where.push(
      sql`EXISTS (SELECT 1 FROM users wa WHERE wa.id = s.agent_id AND ${watchedBy(sql`wa`, sql`${opts.supervisorId}`)})`,
    );
  }
  return where;
}

const PERSON = (u: string) =>
  `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username) || ' (' || ${u}.username || ')'`;

/**
 * Group key, then how a key is shown (label, detail) and ordered. The groups are per key and currency:
 * an agent, sub-branch, draw or supervisor has one company, a day of « Toutes » one row per currency.
 */
function grouping(group: Grouping, multi: boolean): { key: Sql; from: Sql; show: Sql; part: Sql } {
  const g = grouped(group, multi);
  return { key: rawSql(g.key), from: g.from, show: rawSql(g.show), part: rawSql(PART_KEY[group]) };
}

/** The group key of a supervisors' commission part (supervisor-commission.ts), aliased `p`. */
const PART_KEY: Record<Grouping, string> = {
  agent: 'p.agent_id',
  surcussale: 'p.surcussale_id',
  tirage: 'p.tirage_id',
  day: 'p.business_date',
  supervisor: 'p.supervisor_id',
};

function grouped(group: Grouping, multi: boolean): { key: string; from: Sql; show: string } {
  const company = (co: string) => (multi ? `${co}.name` : 'NULL');
  switch (group) {
    case 'agent':
      return {
        key: 's.agent_id',
        from: rawSql(''),
        show: `SELECT g.k AS key, ${PERSON('u')} AS label,
                      ${multi ? "concat_ws(' · ', co.name, x.name)" : 'x.name'} AS detail, g.*
                 FROM g JOIN users u ON u.id = g.k JOIN companies co ON co.id = u.company_id
                 LEFT JOIN surcussales x ON x.id = u.surcussale_id
                ORDER BY lower(${PERSON('u')}), g.k`,
      };
    case 'surcussale':
      return {
        key: 's.surcussale_id',
        from: rawSql(''),
        show: `SELECT g.k AS key, coalesce(x.name, 'Sans succursale') AS label, ${company('co')} AS detail, g.*
                 FROM g LEFT JOIN surcussales x ON x.id = g.k LEFT JOIN companies co ON co.id = x.company_id
                ORDER BY lower(x.name) NULLS LAST, co.name, g.k`,
      };
    case 'tirage':
      return {
        key: 's.tirage_id',
        from: rawSql(''),
        show: `SELECT g.k AS key, x.name AS label, ${company('co')} AS detail, g.*
                 FROM g JOIN tirages x ON x.id = g.k JOIN companies co ON co.id = x.company_id
                ORDER BY lower(x.name), co.name, g.k`,
      };
    case 'day':
      return {
        key: 's.business_date',
        from: rawSql(''),
        show: `SELECT to_char(g.k, 'YYYY-MM-DD') AS key, to_char(g.k, 'DD/MM/YYYY') AS label, NULL AS detail, g.*
                 FROM g ORDER BY g.k, g.currency`,
      };
    case 'supervisor':
      return {
        key: 'sup.id',
        // Every (non-archived) supervisor watching the row's agent: an agent may be in two rows.
        from: sql`JOIN users a ON a.id = s.agent_id
               JOIN users sup ON sup.company_id = s.company_id AND sup.role = 'supervisor'
                             AND sup.status <> 'archived' AND ${watchedBy(sql`a`, sql`sup.id`)}`,
        // Its rate; its commission (g.supervisor_commission) is the sum of its parts.
        show: `SELECT g.k AS key, ${PERSON('u')} AS label, u.commission_bp AS supervisor_commission_bp,
                      concat_ws(' · ', ${company('co')},
                        (SELECT string_agg(x.name, ', ' ORDER BY x.name) FROM supervisor_surcussales ss
                           JOIN surcussales x ON x.id = ss.surcussale_id WHERE ss.supervisor_id = u.id)) AS detail, g.*
                 FROM g JOIN users u ON u.id = g.k JOIN companies co ON co.id = u.company_id
                ORDER BY lower(${PERSON('u')}), g.k`,
      };
  }
}

const groupRow = reportRow.extend({ k: z.unknown() });

/** The rows of a report grouped by `group` (rows whose figures are all zero are left out). */
export async function groupedRows(
  raw: RawClient,
  ctx: HasAuth,
  o: { group: Grouping; period: Period; filters: ReportFilters; supervisorId?: number },
): Promise<ReportRow[]> {
  const table = statsTable(o.group, o.filters);
  const perSupervisor = o.group === 'supervisor';
  const where = statsConditions(ctx, o.period, o.filters, {
    drawTable: table === 'stats_agent_draw_day',
    supervisorId: perSupervisor ? undefined : o.supervisorId,
  });
  const g = grouping(o.group, companyScope(ctx) === null);
  const auth = authOf(ctx);
  // Per supervisor: one supervisor's row when one is asked (a supervisor: always its own).
  const onlySupervisor = o.supervisorId ?? (auth.role === 'supervisor' ? auth.userId : undefined);
  if (perSupervisor && onlySupervisor) where.push(sql`sup.id = ${onlySupervisor}`);
  // The supervisors' commission of each group: its parts under the same conditions (per draw rows), of
  // the one supervisor asked or read by a supervisor (supervisor-commission.ts).
  const partWhere = statsConditions(ctx, o.period, o.filters, { drawTable: true, supervisorId: o.supervisorId });
  const parts = supervisorCommissionParts(ctx, partWhere, onlySupervisor);
  const found = await rows(
    raw,
    groupRow,
    sql`WITH f AS (
       SELECT ${g.key} AS k, cur.currency, ${figureSums('s')}
         FROM ${rawSql(table)} s JOIN companies cur ON cur.id = s.company_id ${g.from}
        ${whereSql(where)}
        GROUP BY 1, 2
       HAVING ${NOT_EMPTY('s')}
     ), sc AS (
       SELECT ${g.part} AS k, cur.currency, sum(p.commission)::bigint AS supervisor_commission
         FROM (${parts}) p JOIN companies cur ON cur.id = p.company_id
        GROUP BY 1, 2
     ), g AS (
       SELECT f.*, coalesce(sc.supervisor_commission, 0)::bigint AS supervisor_commission
         FROM f LEFT JOIN sc ON sc.k IS NOT DISTINCT FROM f.k AND sc.currency = f.currency
     ) ${g.show}`,
  );
  return found.map(({ k, ...r }) => r);
}

/** Whether `id` is a supervisor of the request's companies. */
export async function isSupervisorInScope(raw: RawClient, ctx: HasAuth, id: number): Promise<boolean> {
  const where = [sql`u.id = ${id}`, sql`u.role = 'supervisor'`, ...tenantWhere(ctx, sql`u.company_id`)];
  const found = await rows(raw, z.object({ one: z.number() }), sql`SELECT 1 AS one FROM users u ${whereSql(where)}`);
  return found.length > 0;
}
