import { toCentimes } from '@borlette/shared/contracts/money';
import type { AgentBalance, WalletEntry, walletListQuery } from '@borlette/shared/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { notFound } from '../../http/errors';
import type { ListSpec } from '../_lib/list';
import { type Period, tenantCondition } from '../_lib/report-scope';
import { agentVisibility } from '../_lib/scope';
import { containsPattern, SqlParams } from '../_lib/sql';

type Query = z.output<typeof walletListQuery>;
export type WalletRow = WalletEntry & { timezone: string };

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const NAME = (u: string) => `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`;

export const ENTRY_COLUMNS = `
  w.id, w.agent_id, ${NAME('u')} AS agent_name, u.username AS agent_username, x.name AS surcussale_name,
  w.kind, w.amount, w.gross, w.commission, w.fiche_id, f.number AS fiche_number, w.reverses_id,
  (w.kind = 'zero' AND EXISTS (SELECT 1 FROM wallet_entries r WHERE r.company_id = w.company_id AND r.reverses_id = w.id))
    AS reversed,
  w.note, (SELECT ${NAME('p')} FROM users p WHERE p.id = w.actor_id) AS actor_name,
  to_char(w.business_date, 'YYYY-MM-DD') AS business_date, ${ISO('w.at')} AS at, co.currency, co.timezone`;

export const ENTRY_FROM = `FROM wallet_entries w JOIN users u ON u.id = w.agent_id
  JOIN companies co ON co.id = w.company_id
  LEFT JOIN surcussales x ON x.id = u.surcussale_id
  LEFT JOIN fiches f ON f.id = w.fiche_id`;

/** One entry as the API answers it (the writes answer the entry they made or found). */
export async function loadEntry(raw: RawClient, companyId: number, id: number): Promise<WalletEntry> {
  const [row] = await raw.query<WalletRow>(
    `SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} WHERE w.company_id = $1 AND w.id = $2`,
    [companyId, id],
  );
  if (!row) throw notFound('Transaction introuvable.');
  return row;
}

/** The list's spec: the period's entries of the request's companies and agents, with the filters. */
export function walletListSpec(request: FastifyRequest, q: Query, period: Period): ListSpec {
  const params = new SqlParams();
  const where = [
    ...tenantCondition(request, params, 'w.company_id'),
    ...agentVisibility(request, params, 'u'),
    `w.business_date BETWEEN ${params.p(period.start)}::date AND ${params.p(period.end)}::date`,
  ];
  if (q.agent_id) where.push(`w.agent_id = ${params.p(q.agent_id)}`);
  if (q.surcussale_id) where.push(`u.surcussale_id = ${params.p(q.surcussale_id)}`);
  if (q.kind) where.push(`w.kind = ${params.p(q.kind)}`);
  return {
    select: ENTRY_COLUMNS,
    from: ENTRY_FROM,
    where,
    params,
    sortable: {
      at: 'w.at',
      business_date: 'w.business_date',
      amount: 'w.amount',
      kind: 'w.kind',
      agent: `lower(${NAME('u')})`,
    },
    search: ['u.username', 'u.first_name', 'u.last_name', 'w.note', 'f.number'],
    tieBreaker: 'w.id',
  };
}

/** The spec's conditions with the search applied (as listPage does). */
function filtered(spec: ListSpec, q: Query): string {
  const conds = [...spec.where];
  if (q.search) {
    const p = spec.params.p(containsPattern(q.search));
    conds.push(`(${spec.search.map((e) => `lower(coalesce(${e}::text, '')) LIKE ${p}`).join(' OR ')})`);
  }
  return conds.length ? conds.join(' AND ') : 'true';
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
async function ledgerFigures(
  raw: RawClient,
  request: FastifyRequest,
  p: SqlParams,
  q: Query,
  period: Period,
  m: string,
): Promise<LedgerFigures> {
  const end = `${p.p(period.end)}::date`;
  const asked = q.agent_id
    ? `UNION SELECT a.id, a.company_id FROM users a
        WHERE a.id = ${p.p(q.agent_id)} AND a.role = 'agent'
          AND ${[...tenantCondition(request, p, 'a.company_id'), ...agentVisibility(request, p, 'a'), 'true'].join(' AND ')}`
    : '';
  const rows = await raw.query<
    AgentBalance & { currency: string; totals: { currency: string; total: number | string; count: number }[] | null }
  >(
    `WITH m AS (${m}),
     c AS (SELECT DISTINCT agent_id, company_id FROM m ${asked}),
     t AS (SELECT json_agg(json_build_object('currency', x.currency, 'total', x.total::text, 'count', x.count)
                           ORDER BY x.currency) AS totals
             FROM (SELECT co.currency, sum(m.amount) AS total, sum(m.entries)::int AS count
                     FROM m JOIN companies co ON co.id = m.company_id GROUP BY co.currency) x)
     SELECT c.agent_id, ${NAME('a')} AS agent_name, ac.currency,
            (SELECT coalesce(sum(b.total), 0)::bigint FROM wallet_agent_day b
              WHERE b.company_id = c.company_id AND b.agent_id = c.agent_id AND b.business_date <= ${end}) AS balance,
            t.totals
       FROM t LEFT JOIN (c JOIN users a ON a.id = c.agent_id JOIN companies ac ON ac.id = c.company_id) ON true
      ORDER BY lower(${NAME('a')}), a.username, a.id`,
    p.values,
  );
  // Sums travel as text inside the JSON (exact past 2^53), read back as centimes.
  const totals = (rows[0]?.totals ?? []).map((x) => ({ ...x, total: toCentimes(x.total) as number }));
  if (!totals.length) totals.push({ currency: period.currency, total: 0, count: 0 });
  return {
    count: totals.reduce((n, x) => n + x.count, 0),
    total: totals.length === 1 ? totals[0].total : null,
    totals,
    balances: rows.filter((r) => r.agent_id !== null).map(({ totals: _t, ...b }) => b),
  };
}

/** The sum of every filtered entry (all pages) and the balances; give it a spec of its own (params are consumed). */
export async function walletSummary(
  raw: RawClient,
  request: FastifyRequest,
  spec: ListSpec,
  q: Query,
  period: Period,
): Promise<Omit<LedgerFigures, 'count'>> {
  const m = `SELECT w.agent_id, w.company_id, w.amount, 1 AS entries ${spec.from} WHERE ${filtered(spec, q)}`;
  const { count: _c, ...figures } = await ledgerFigures(raw, request, spec.params, q, period, m);
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
export async function walletDaySummary(
  raw: RawClient,
  request: FastifyRequest,
  q: Query,
  period: Period,
): Promise<LedgerFigures> {
  const p = new SqlParams();
  const agents = agentVisibility(request, p, 'a');
  if (q.surcussale_id) agents.push(`a.surcussale_id = ${p.p(q.surcussale_id)}`);
  const where = [
    ...tenantCondition(request, p, 'd.company_id'),
    `d.business_date BETWEEN ${p.p(period.start)}::date AND ${p.p(period.end)}::date`,
    'd.entries > 0',
  ];
  if (q.agent_id) where.push(`d.agent_id = ${p.p(q.agent_id)}`);
  if (agents.length) where.push(`EXISTS (SELECT 1 FROM users a WHERE a.id = d.agent_id AND ${agents.join(' AND ')})`);
  const m = `SELECT d.agent_id, d.company_id, d.total AS amount, d.entries FROM wallet_agent_day d WHERE ${where.join(' AND ')}`;
  return ledgerFigures(raw, request, p, q, period, m);
}
