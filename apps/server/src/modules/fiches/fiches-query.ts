import type {
  FicheCurrencyTotals,
  FicheDetail,
  FicheRow,
  FicheTotals,
  ficheListQuery,
} from '@borlette/shared/contracts/fiches';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { notFound } from '../../http/errors';
import type { ListSpec } from '../_lib/list';
import { agentVisibility, companyCondition } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';

export type FicheListKind = 'sold' | 'winning' | 'paid' | 'deleted';
type Query = z.output<typeof ficheListQuery>;

/** What each of the four lists holds (contracts/fiches.ts). */
const KIND_CONDITION: Record<FicheListKind, string> = {
  sold: "f.status = 'active'",
  winning: "f.status = 'active' AND f.win_amount > 0",
  paid: "f.status = 'active' AND f.paid_at IS NOT NULL",
  deleted: "f.status IN ('cancelled', 'deleted')",
};

const PENDING = `EXISTS (SELECT 1 FROM fiche_tirages ft WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id
  AND NOT EXISTS (SELECT 1 FROM info_tirages i WHERE i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                    AND i.draw_date = ft.draw_date))`;

/** The display status as SQL conditions (same rules as borlette_fiche_status). */
const STATUS_CONDITION: Record<string, string> = {
  annule: "f.status = 'cancelled'",
  supprime: "f.status = 'deleted'",
  paye: "f.status = 'active' AND f.paid_at IS NOT NULL",
  en_attente: `f.status = 'active' AND f.paid_at IS NULL AND ${PENDING}`,
  gagnant: `f.status = 'active' AND f.paid_at IS NULL AND f.win_amount > 0 AND NOT ${PENDING}`,
  perdant: `f.status = 'active' AND f.paid_at IS NULL AND f.win_amount = 0 AND NOT ${PENDING}`,
};

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const FICHE_COLUMNS = `
  f.id, f.number, f.ref_code, ${ISO('f.sold_at')} AS sold_at, to_char(f.sale_date, 'YYYY-MM-DD') AS sale_date,
  f.agent_id, trim(u.first_name || ' ' || u.last_name) AS agent_name, u.username AS agent_username,
  f.surcussale_id, s.name AS surcussale_name,
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name), '[]'::json)
     FROM fiche_tirages ft JOIN tirages t ON t.id = ft.tirage_id
    WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id) AS tirages,
  f.amount, f.commission_amount, f.win_amount, borlette_fiche_status(f) AS status, f.blocked,
  ${ISO('f.paid_at')} AS paid_at, f.paid_amount,
  (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.paid_by) AS paid_by_name,
  ${ISO('f.status_at')} AS status_at,
  (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.status_by) AS status_by_name,
  f.status_reason, co.name AS company_name, co.currency, co.timezone`;

const FROM = `FROM fiches f JOIN users u ON u.id = f.agent_id LEFT JOIN surcussales s ON s.id = f.surcussale_id
  JOIN companies co ON co.id = f.company_id`;

/** The company's today: the default period of the lists (UTC date for the superuser's « Toutes »). */
function todayExpr(params: SqlParams, companyId: number | null): string {
  return companyId === null
    ? "(now() AT TIME ZONE 'UTC')::date"
    : `(now() AT TIME ZONE (SELECT timezone FROM companies WHERE id = ${params.p(companyId)}))::date`;
}

/** The first day of the list's period (the company's today by default). */
function periodStart(params: SqlParams, q: Query, companyId: number | null): string {
  return q.start_date ? `${params.p(q.start_date)}::date` : todayExpr(params, companyId);
}

/**
 * The list's period on `column` (sale dates). One day is an equality, so that the index on (company,
 * sale date, sold at) gives the day's tickets in sale order: a page stops after its rows.
 */
function periodCondition(params: SqlParams, q: Query, companyId: number | null, column: string): string {
  const oneDay = !q.end_date || q.end_date === q.start_date;
  if (oneDay) return `${column} = ${periodStart(params, q, companyId)}`;
  return `${column} BETWEEN ${periodStart(params, q, companyId)} AND ${params.p(q.end_date)}::date`;
}

/** The list's spec (filters, scope, search, sort) for _lib/list.ts, and its totals. */
export function ficheListSpec(
  request: FastifyRequest,
  kind: FicheListKind,
  q: Query,
  companyId: number | null,
): ListSpec {
  const params = new SqlParams();
  const where = [KIND_CONDITION[kind], ...companyCondition(request, params, 'f.company_id')];
  const visible = agentVisibility(request, params, 'a');
  if (visible.length) where.push(`EXISTS (SELECT 1 FROM users a WHERE a.id = f.agent_id AND ${visible.join(' AND ')})`);
  where.push(periodCondition(params, q, companyId, 'f.sale_date'));
  if (q.tirage_id) {
    where.push(
      `EXISTS (SELECT 1 FROM fiche_tirages ft WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id AND ft.tirage_id = ${params.p(q.tirage_id)})`,
    );
  }
  if (q.surcussale_id) where.push(`f.surcussale_id = ${params.p(q.surcussale_id)}`);
  if (q.agent_id) where.push(`f.agent_id = ${params.p(q.agent_id)}`);
  if (q.status) where.push(`(${STATUS_CONDITION[q.status]})`);
  return {
    select: FICHE_COLUMNS,
    from: FROM,
    where,
    params,
    sortable: {
      sold_at: 'f.sold_at',
      number: 'f.number',
      amount: 'f.amount',
      win_amount: 'f.win_amount',
      paid_at: 'f.paid_at',
      status_at: 'f.status_at',
      agent: 'u.last_name',
    },
    search: ['f.number', 'u.username', 'u.first_name', 'u.last_name'],
    tieBreaker: 'f.id',
  };
}

/** Totals of every matching ticket (not only the page); give it a spec of its own (params are consumed). */
export async function ficheTotals(raw: RawClient, spec: ListSpec, q: Query): Promise<FicheTotals> {
  const where = [...spec.where];
  if (q.search) {
    const term = spec.params.p(`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(${spec.search.map((e) => `lower(coalesce(${e}::text, '')) LIKE ${term}`).join(' OR ')})`);
  }
  const rows = await raw.query<FicheCurrencyTotals>(
    `SELECT co.currency, count(*)::int AS count, coalesce(sum(f.amount), 0)::bigint AS amount,
            coalesce(sum(f.commission_amount), 0)::bigint AS commission_amount,
            coalesce(sum(f.win_amount), 0)::bigint AS win_amount,
            coalesce(sum(f.paid_amount), 0)::bigint AS paid_amount
       ${spec.from} WHERE ${where.join(' AND ')}
      GROUP BY co.currency ORDER BY co.currency`,
    spec.params.values,
  );
  return totalsOf(rows);
}

/**
 * The list's totals from its sums per currency: amounts are never added across currencies, so the
 * amounts beside the count are the one currency's, or null when the tickets are of several.
 */
export function totalsOf(byCurrency: FicheCurrencyTotals[]): FicheTotals {
  const count = byCurrency.reduce((n, r) => n + r.count, 0);
  if (byCurrency.length > 1) {
    return {
      count,
      currency: null,
      amount: null,
      commission_amount: null,
      win_amount: null,
      paid_amount: null,
      by_currency: byCurrency,
    };
  }
  const [one] = byCurrency;
  return {
    count,
    currency: one?.currency ?? null,
    amount: one?.amount ?? 0,
    commission_amount: one?.commission_amount ?? 0,
    win_amount: one?.win_amount ?? 0,
    paid_amount: one?.paid_amount ?? 0,
    by_currency: byCurrency,
  };
}

/**
 * Whether the figures of a list can come from the day summaries (`stats_agent_day`, kept by the sale,
 * void, reactivation and settlement SQL and tested equal to the tickets): the sold tickets of a period,
 * of one agent or of all the visible ones, nothing else narrowing them (no search, status, draw or
 * sub-branch: the summaries keep the sub-branch of the agent, not of each ticket).
 */
export function fromDaySummaries(kind: FicheListKind, q: Query): boolean {
  return kind === 'sold' && !q.search && !q.status && !q.tirage_id && !q.surcussale_id;
}

/**
 * The totals of `fromDaySummaries` lists from agents × days instead of every ticket; what was paid of
 * those tickets from the paid tickets alone (the index of paid tickets, from the period's start: a
 * ticket is paid after it is sold).
 */
export async function ficheDayTotals(
  request: FastifyRequest,
  raw: RawClient,
  q: Query,
  companyId: number | null,
): Promise<FicheTotals> {
  const params = new SqlParams();
  const days = [
    ...companyCondition(request, params, 's.company_id'),
    periodCondition(params, q, companyId, 's.business_date'),
  ];
  const paid = [
    ...companyCondition(request, params, 'f.company_id'),
    "f.status = 'active'",
    'f.paid_at IS NOT NULL',
    `f.paid_at >= ${periodStart(params, q, companyId)} - 2`,
    periodCondition(params, q, companyId, 'f.sale_date'),
  ];
  if (q.agent_id) {
    days.push(`s.agent_id = ${params.p(q.agent_id)}`);
    paid.push(`f.agent_id = ${params.p(q.agent_id)}`);
  }
  const visible = agentVisibility(request, params, 'a');
  if (visible.length) {
    days.push(`EXISTS (SELECT 1 FROM users a WHERE a.id = s.agent_id AND ${visible.join(' AND ')})`);
    paid.push(`EXISTS (SELECT 1 FROM users a WHERE a.id = f.agent_id AND ${visible.join(' AND ')})`);
  }
  // Per currency of the companies (the superuser's « Toutes » spans several).
  const rows = await raw.query<FicheCurrencyTotals>(
    `WITH d AS (
       SELECT co.currency, sum(s.tickets)::int AS count, sum(s.sales)::bigint AS amount,
              sum(s.commission)::bigint AS commission_amount, sum(s.wins)::bigint AS win_amount
         FROM stats_agent_day s JOIN companies co ON co.id = s.company_id
        WHERE ${days.join(' AND ')} GROUP BY co.currency
     ), p AS (
       SELECT co.currency, sum(f.paid_amount)::bigint AS paid_amount
         FROM fiches f JOIN companies co ON co.id = f.company_id
        WHERE ${paid.join(' AND ')} GROUP BY co.currency
     )
     SELECT coalesce(d.currency, p.currency) AS currency, coalesce(d.count, 0)::int AS count,
            coalesce(d.amount, 0)::bigint AS amount, coalesce(d.commission_amount, 0)::bigint AS commission_amount,
            coalesce(d.win_amount, 0)::bigint AS win_amount, coalesce(p.paid_amount, 0)::bigint AS paid_amount
       FROM d FULL JOIN p ON p.currency = d.currency
      WHERE coalesce(d.count, 0) <> 0 OR coalesce(p.paid_amount, 0) <> 0
      ORDER BY 1`,
    params.values,
  );
  return totalsOf(rows);
}

/** One ticket with its events, within the company and the supervisor's scope. */
export async function ficheDetail(request: FastifyRequest, raw: RawClient, id: number): Promise<FicheDetail> {
  const params = new SqlParams();
  const where = [`f.id = ${params.p(id)}`, ...companyCondition(request, params, 'f.company_id')];
  const visible = agentVisibility(request, params, 'a');
  if (visible.length) where.push(`EXISTS (SELECT 1 FROM users a WHERE a.id = f.agent_id AND ${visible.join(' AND ')})`);
  const [row] = await raw.query<{ j: FicheDetail; company_id: number }>(
    `SELECT borlette_fiche_json(f.id) || jsonb_build_object(
              'agent_username', u.username, 'status_reason', f.status_reason, 'status_at', ${ISO('f.status_at')},
              'status_by_name', (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.status_by),
              'paid_by_name', (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.paid_by)) AS j,
            f.company_id
       FROM fiches f JOIN users u ON u.id = f.agent_id WHERE ${where.join(' AND ')}`,
    params.values,
  );
  if (!row) throw notFound('Fiche introuvable.');
  // The sale itself is the ticket row; every later change is in the audit trail.
  const events = await raw.query<FicheDetail['events'][number]>(
    `SELECT ${ISO('f.sold_at')} AS at, 'sell' AS action, trim(u.first_name || ' ' || u.last_name) AS actor_name,
            'agent' AS actor_role, jsonb_build_object('number', f.number, 'amount', f.amount) AS details, 0 AS k, 0::bigint AS id
       FROM fiches f JOIN users u ON u.id = f.agent_id WHERE f.id = $3
     UNION ALL
     SELECT ${ISO('l.at')}, l.action,
            coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), l.username),
            l.role, l.after, 1, l.id
       FROM audit_log l LEFT JOIN users u ON u.id = l.user_id
      WHERE l.company_id = $1 AND l.entity = 'fiche' AND l.entity_id = $2
      ORDER BY k, at, id`,
    [row.company_id, String(id), id],
  );
  return { ...row.j, events };
}

export type { FicheRow };
