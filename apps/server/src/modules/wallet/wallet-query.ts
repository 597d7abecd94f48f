import type { SortKey } from '@borlette/shared/contracts/list';
import { toCentimes } from '@borlette/shared/contracts/money';
import {
  type AgentBalance,
  type SupervisorCommissionLine,
  supervisorCommissionLine,
  type WalletEntry,
  walletEntry,
  type walletListQuery,
} from '@borlette/shared/contracts/wallet';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, rawSql, rows, type Sql, sql, whereSql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { type ListSource, sourceWhere } from '../_lib/list';
import { type Period, tenantWhere } from '../_lib/report-scope';
import { agentsWatched } from '../_lib/scope';
import { supervisorCommissionParts } from '../_lib/supervisor-commission';

type Query = z.output<typeof walletListQuery>;
/** An entry as the list reads it: with its company's time zone (the CSV's local time). */
export const walletRow = walletEntry.extend({ timezone: z.string() });
export type WalletRow = z.output<typeof walletRow>;

const NAME = (u: string) => `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`;

export const ENTRY_COLUMNS = sql`${rawSql(`
  w.id, w.agent_id, ${NAME('u')} AS agent_name, u.username AS agent_username, x.name AS surcussale_name,
  w.kind, w.amount, w.gross, w.commission, w.fiche_id, f.number AS fiche_number, w.reverses_id,
  (w.kind IN ('zero', 'collection') AND EXISTS (SELECT 1 FROM wallet_entries r WHERE r.company_id = w.company_id AND r.reverses_id = w.id))
    AS reversed,
  w.note, (SELECT ${NAME('p')} FROM users p WHERE p.id = w.actor_id) AS actor_name,
  to_char(w.business_date, 'YYYY-MM-DD') AS business_date`)}, ${isoTime(sql`w.at`)} AS at, co.currency, co.timezone`;

export const ENTRY_FROM = sql`FROM wallet_entries w JOIN users u ON u.id = w.agent_id
  JOIN companies co ON co.id = w.company_id
  LEFT JOIN surcussales x ON x.id = u.surcussale_id
  LEFT JOIN fiches f ON f.id = w.fiche_id`;

/** One entry as the API answers it (the writes answer the entry they made or found). */
export async function loadEntry(raw: RawClient, companyId: number, id: number): Promise<WalletEntry> {
  const row = await firstRow(
    raw,
    walletRow,
    sql`SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE w.company_id = ${companyId} AND w.id = ${id}`,
  );
  if (!row) throw notFound('Transaction introuvable.');
  return row;
}

/** The list: the period's entries of the request's companies and agents, with the filters. */
export function walletList(
  ctx: HasAuth,
  q: Query,
  period: Period,
): ListSource<typeof walletRow, SortKey<typeof walletListQuery>> {
  const where = [
    ...tenantWhere(ctx, sql`w.company_id`),
    ...agentsWatched(ctx, sql`u`),
    sql`w.business_date BETWEEN ${period.start}::date AND ${period.end}::date`,
  ];
  if (q.agent_id) where.push(sql`w.agent_id = ${q.agent_id}`);
  if (q.surcussale_id) where.push(sql`u.surcussale_id = ${q.surcussale_id}`);
  if (q.kind) where.push(sql`w.kind = ${q.kind}`);
  return {
    row: walletRow,
    select: ENTRY_COLUMNS,
    from: ENTRY_FROM,
    where,
    sortable: {
      at: sql`w.at`,
      business_date: sql`w.business_date`,
      amount: sql`w.amount`,
      kind: sql`w.kind`,
      agent: rawSql(`lower(${NAME('u')})`),
    },
    search: [sql`u.username`, sql`u.first_name`, sql`u.last_name`, sql`w.note`, sql`f.number`],
    tieBreaker: sql`w.id`,
  };
}

export interface LedgerFigures {
  count: number;
  total: number | null;
  totals: { currency: string; total: number; count: number }[];
  balances: AgentBalance[];
}

/**
 * The figures of the entries selected by `m` (columns agent_id, company_id, amount, entries): their
 * count and sum per currency of their companies (never added across currencies: issue 16), and per
 * agent concerned (those entries' agents, and the agent filtered on) its balance: the sum of ALL its
 * entries up to the end of the period, in its company's currency. `total` is the sum when there is one
 * currency (the period's when there is no entry), null with several.
 */
const ledgerRow = z.object({
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  currency: z.string().nullable(),
  balance: walletEntry.shape.amount,
  totals: z
    .array(z.object({ currency: z.string(), total: z.union([z.number(), z.string()]), count: z.number().int() }))
    .nullable(),
});

async function ledgerFigures(raw: RawClient, ctx: HasAuth, q: Query, period: Period, m: Sql): Promise<LedgerFigures> {
  const end = sql`${period.end}::date`;
  const asked = q.agent_id
    ? sql`UNION SELECT a.id, a.company_id FROM users a
        WHERE a.id = ${q.agent_id} AND a.role = 'agent'
          AND ${joinSql([...tenantWhere(ctx, sql`a.company_id`), ...agentsWatched(ctx, sql`a`), sql`true`], ' AND ')}`
    : rawSql('');
  const name = rawSql(NAME('a'));
  const found = await rows(
    raw,
    ledgerRow,
    sql`WITH m AS (${m}),
     c AS (SELECT DISTINCT agent_id, company_id FROM m ${asked}),
     t AS (SELECT json_agg(json_build_object('currency', x.currency, 'total', x.total::text, 'count', x.count)
                           ORDER BY x.currency) AS totals
             FROM (SELECT co.currency, sum(m.amount) AS total, sum(m.entries)::int AS count
                     FROM m JOIN companies co ON co.id = m.company_id GROUP BY co.currency) x)
     SELECT c.agent_id, ${name} AS agent_name, ac.currency,
            (SELECT coalesce(sum(b.total), 0)::bigint FROM wallet_agent_day b
              WHERE b.company_id = c.company_id AND b.agent_id = c.agent_id AND b.business_date <= ${end}) AS balance,
            t.totals
       FROM t LEFT JOIN (c JOIN users a ON a.id = c.agent_id JOIN companies ac ON ac.id = c.company_id) ON true
      ORDER BY lower(${name}), a.username, a.id`,
  );
  // Sums travel as text inside the JSON (exact past 2^53), read back as centimes.
  const totals = (found[0]?.totals ?? []).map((x) => ({ ...x, total: toCentimes(x.total) as number }));
  if (!totals.length) totals.push({ currency: period.currency, total: 0, count: 0 });
  const balances: AgentBalance[] = [];
  for (const { totals: _t, ...b } of found) {
    if (b.agent_id !== null)
      balances.push({ ...b, agent_id: b.agent_id, agent_name: b.agent_name ?? '', currency: b.currency ?? '' });
  }
  return {
    count: totals.reduce((n, x) => n + x.count, 0),
    total: totals.length === 1 ? totals[0].total : null,
    totals,
    balances,
  };
}

/** The sum of every filtered entry (all pages) and the balances. */
export async function walletSummary(
  raw: RawClient,
  ctx: HasAuth,
  list: ListSource<typeof walletRow>,
  q: Query,
  period: Period,
): Promise<Omit<LedgerFigures, 'count'>> {
  const m = sql`SELECT w.agent_id, w.company_id, w.amount, 1 AS entries ${list.from} ${sourceWhere(list, q)}`;
  const { count: _c, ...figures } = await ledgerFigures(raw, ctx, q, period, m);
  return figures;
}

/** Whether the list's figures can come from the ledger's day sums: no search, no kind. */
export function fromLedgerDays(q: Query): boolean {
  return !q.search && !q.kind;
}

/**
 * `walletSummary` and the entries' count for `fromLedgerDays` lists, from `wallet_agent_day` (agents ×
 * days, kept by a trigger in the transaction that appends the entries) instead of every entry.
 */
export async function walletDaySummary(raw: RawClient, ctx: HasAuth, q: Query, period: Period): Promise<LedgerFigures> {
  const agents = agentsWatched(ctx, sql`a`);
  if (q.surcussale_id) agents.push(sql`a.surcussale_id = ${q.surcussale_id}`);
  const where = [
    ...tenantWhere(ctx, sql`d.company_id`),
    sql`d.business_date BETWEEN ${period.start}::date AND ${period.end}::date`,
    sql`d.entries > 0`,
  ];
  if (q.agent_id) where.push(sql`d.agent_id = ${q.agent_id}`);
  if (agents.length)
    where.push(sql`EXISTS (SELECT 1 FROM users a WHERE a.id = d.agent_id AND ${joinSql(agents, ' AND ')})`);
  const m = sql`SELECT d.agent_id, d.company_id, d.total AS amount, d.entries FROM wallet_agent_day d ${whereSql(where)}`;
  return ledgerFigures(raw, ctx, q, period, m);
}

/**
 * The ledger's view of the supervisors' commission (issue 20 §3): per supervisor, the sum of its parts
 * (supervisor-commission.ts) on the period's sales of the agents the list is filtered on (the agent,
 * the agent's sub-branch as the list reads it). A supervisor: its own line.
 */
export async function supervisorCommissionLines(
  raw: RawClient,
  ctx: HasAuth,
  q: Query,
  period: Period,
): Promise<SupervisorCommissionLine[]> {
  const where = [
    ...tenantWhere(ctx, sql`s.company_id`),
    sql`s.business_date BETWEEN ${period.start}::date AND ${period.end}::date`,
  ];
  if (q.agent_id) where.push(sql`s.agent_id = ${q.agent_id}`);
  if (q.surcussale_id) where.push(sql`a.surcussale_id = ${q.surcussale_id}`);
  const name = rawSql(NAME('u'));
  return rows(
    raw,
    supervisorCommissionLine,
    sql`SELECT p.supervisor_id, ${name} AS supervisor_name, co.currency, sum(p.commission)::bigint AS commission
          FROM (${supervisorCommissionParts(ctx, where)}) p
          JOIN users u ON u.id = p.supervisor_id JOIN companies co ON co.id = p.company_id
         GROUP BY p.supervisor_id, u.id, co.currency
        HAVING sum(p.commission) <> 0
         ORDER BY lower(${name}), u.username, p.supervisor_id, co.currency`,
  );
}
