import {
  type FicheCurrencyTotals,
  type FicheDetail,
  type FicheTotals,
  ficheCurrencyTotals,
  ficheDetail,
  ficheEvent,
  type ficheListQuery,
  ficheRow,
  ficheView,
} from '@borlette/shared/contracts/fiches';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { containsPattern, firstRow, isoTime, joinSql, rows, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { ListSource } from '../_lib/list';
import { agentsWatched, companyWhere } from '../_lib/scope';

export type FicheListKind = 'sold' | 'winning' | 'paid' | 'deleted';
type Query = z.output<typeof ficheListQuery>;

/** A ticket as borlette_fiche_json builds it. */
export const ficheJson = z.object({ j: ficheView });

/** What each of the four lists holds (contracts/fiches.ts). */
const KIND_CONDITION: Record<FicheListKind, Sql> = {
  sold: sql`f.status = 'active'`,
  winning: sql`f.status = 'active' AND f.win_amount > 0`,
  paid: sql`f.status = 'active' AND f.paid_at IS NOT NULL`,
  deleted: sql`f.status IN ('cancelled', 'deleted')`,
};

const PENDING = sql`EXISTS (SELECT 1 FROM fiche_tirages ft WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id
  AND NOT EXISTS (SELECT 1 FROM info_tirages i WHERE i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                    AND i.draw_date = ft.draw_date))`;

/** The display status as SQL conditions (same rules as borlette_fiche_status). */
const STATUS_CONDITION: Record<string, Sql> = {
  annule: sql`f.status = 'cancelled'`,
  supprime: sql`f.status = 'deleted'`,
  paye: sql`f.status = 'active' AND f.paid_at IS NOT NULL`,
  en_attente: sql`f.status = 'active' AND f.paid_at IS NULL AND ${PENDING}`,
  gagnant: sql`f.status = 'active' AND f.paid_at IS NULL AND f.win_amount > 0 AND NOT ${PENDING}`,
  perdant: sql`f.status = 'active' AND f.paid_at IS NULL AND f.win_amount = 0 AND NOT ${PENDING}`,
};

const FICHE_COLUMNS = sql`
  f.id, f.number, f.ref_code, ${isoTime(sql`f.sold_at`)} AS sold_at, to_char(f.sale_date, 'YYYY-MM-DD') AS sale_date,
  f.agent_id, trim(u.first_name || ' ' || u.last_name) AS agent_name, u.username AS agent_username,
  f.surcussale_id, s.name AS surcussale_name,
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name), '[]'::json)
     FROM fiche_tirages ft JOIN tirages t ON t.id = ft.tirage_id
    WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id) AS tirages,
  f.amount, f.commission_amount, f.win_amount, borlette_fiche_status(f) AS status, f.blocked,
  ${isoTime(sql`f.paid_at`)} AS paid_at, f.paid_amount,
  (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.paid_by) AS paid_by_name,
  ${isoTime(sql`f.status_at`)} AS status_at,
  (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.status_by) AS status_by_name,
  f.status_reason, co.name AS company_name, co.currency, co.timezone`;

const FROM = sql`FROM fiches f JOIN users u ON u.id = f.agent_id LEFT JOIN surcussales s ON s.id = f.surcussale_id
  JOIN companies co ON co.id = f.company_id`;

const SEARCH = [sql`f.number`, sql`u.username`, sql`u.first_name`, sql`u.last_name`];

/** The company's today: the default period of the lists (UTC date for the superuser's « Toutes »). */
function today(companyId: number | null): Sql {
  return companyId === null
    ? sql`(now() AT TIME ZONE 'UTC')::date`
    : sql`(now() AT TIME ZONE (SELECT timezone FROM companies WHERE id = ${companyId}))::date`;
}

/** The first day of the list's period (the company's today by default). */
function periodStart(q: Query, companyId: number | null): Sql {
  return q.start_date ? sql`${q.start_date}::date` : today(companyId);
}

/**
 * The list's period on `column` (sale dates). One day is an equality, so that the index on (company,
 * sale date, sold at) gives the day's tickets in sale order: a page stops after its rows.
 */
function period(q: Query, companyId: number | null, column: Sql): Sql {
  const oneDay = !q.end_date || q.end_date === q.start_date;
  if (oneDay) return sql`${column} = ${periodStart(q, companyId)}`;
  return sql`${column} BETWEEN ${periodStart(q, companyId)} AND ${q.end_date}::date`;
}

/** The agents a supervisor watches, as a condition on `agentId` (nothing for other roles). */
function watchedAgent(ctx: HasAuth, agentId: Sql): Sql[] {
  const visible = agentsWatched(ctx, sql`a`);
  return visible.length
    ? [sql`EXISTS (SELECT 1 FROM users a WHERE a.id = ${agentId} AND ${joinSql(visible, ' AND ')})`]
    : [];
}

/** One of the four lists (filters, scope, search, sort) for _lib/list.ts, and its totals. */
export function ficheList(
  ctx: HasAuth,
  kind: FicheListKind,
  q: Query,
  companyId: number | null,
): ListSource<typeof ficheRow, SortKey<typeof ficheListQuery>> {
  const where = [KIND_CONDITION[kind], ...companyWhere(ctx, sql`f.company_id`), ...watchedAgent(ctx, sql`f.agent_id`)];
  where.push(period(q, companyId, sql`f.sale_date`));
  if (q.tirage_id) {
    where.push(
      sql`EXISTS (SELECT 1 FROM fiche_tirages ft WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id AND ft.tirage_id = ${q.tirage_id})`,
    );
  }
  if (q.surcussale_id) where.push(sql`f.surcussale_id = ${q.surcussale_id}`);
  if (q.agent_id) where.push(sql`f.agent_id = ${q.agent_id}`);
  if (q.status) where.push(sql`(${STATUS_CONDITION[q.status]})`);
  return {
    row: ficheRow,
    select: FICHE_COLUMNS,
    from: FROM,
    where,
    sortable: {
      sold_at: sql`f.sold_at`,
      number: sql`f.number`,
      amount: sql`f.amount`,
      win_amount: sql`f.win_amount`,
      paid_at: sql`f.paid_at`,
      status_at: sql`f.status_at`,
      agent: sql`u.last_name`,
    },
    search: SEARCH,
    tieBreaker: sql`f.id`,
  };
}

/** Totals of every matching ticket of a list (not only the page). */
export async function ficheTotals(raw: RawClient, list: ListSource<typeof ficheRow>, q: Query): Promise<FicheTotals> {
  const where = [...list.where];
  if (q.search) {
    const term = containsPattern(q.search);
    where.push(
      sql`(${joinSql(
        list.search.map((e) => sql`lower(coalesce(${e}::text, '')) LIKE ${term}`),
        ' OR ',
      )})`,
    );
  }
  const found = await rows(
    raw,
    ficheCurrencyTotals,
    sql`SELECT co.currency, count(*)::int AS count, coalesce(sum(f.amount), 0)::bigint AS amount,
            coalesce(sum(f.commission_amount), 0)::bigint AS commission_amount,
            coalesce(sum(f.win_amount), 0)::bigint AS win_amount,
            coalesce(sum(f.paid_amount), 0)::bigint AS paid_amount
       ${list.from} WHERE ${joinSql(where, ' AND ')}
      GROUP BY co.currency ORDER BY co.currency`,
  );
  return totalsOf(found);
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
  ctx: HasAuth,
  raw: RawClient,
  q: Query,
  companyId: number | null,
): Promise<FicheTotals> {
  const days = [...companyWhere(ctx, sql`s.company_id`), period(q, companyId, sql`s.business_date`)];
  const paid = [
    ...companyWhere(ctx, sql`f.company_id`),
    sql`f.status = 'active'`,
    sql`f.paid_at IS NOT NULL`,
    sql`f.paid_at >= ${periodStart(q, companyId)} - 2`,
    period(q, companyId, sql`f.sale_date`),
  ];
  if (q.agent_id) {
    days.push(sql`s.agent_id = ${q.agent_id}`);
    paid.push(sql`f.agent_id = ${q.agent_id}`);
  }
  days.push(...watchedAgent(ctx, sql`s.agent_id`));
  paid.push(...watchedAgent(ctx, sql`f.agent_id`));
  // Per currency of the companies (the superuser's « Toutes » spans several).
  const found = await rows(
    raw,
    ficheCurrencyTotals,
    sql`WITH d AS (
       SELECT co.currency, sum(s.tickets)::int AS count, sum(s.sales)::bigint AS amount,
              sum(s.commission)::bigint AS commission_amount, sum(s.wins)::bigint AS win_amount
         FROM stats_agent_day s JOIN companies co ON co.id = s.company_id
        WHERE ${joinSql(days, ' AND ')} GROUP BY co.currency
     ), p AS (
       SELECT co.currency, sum(f.paid_amount)::bigint AS paid_amount
         FROM fiches f JOIN companies co ON co.id = f.company_id
        WHERE ${joinSql(paid, ' AND ')} GROUP BY co.currency
     )
     SELECT coalesce(d.currency, p.currency) AS currency, coalesce(d.count, 0)::int AS count,
            coalesce(d.amount, 0)::bigint AS amount, coalesce(d.commission_amount, 0)::bigint AS commission_amount,
            coalesce(d.win_amount, 0)::bigint AS win_amount, coalesce(p.paid_amount, 0)::bigint AS paid_amount
       FROM d FULL JOIN p ON p.currency = d.currency
      WHERE coalesce(d.count, 0) <> 0 OR coalesce(p.paid_amount, 0) <> 0
      ORDER BY 1`,
  );
  return totalsOf(found);
}

const detailRow = z.object({ j: ficheDetail.omit({ events: true }), company_id: z.number().int() });

/** One ticket with its events, within the company and the supervisor's scope. */
export async function getFicheDetail(ctx: HasAuth, raw: RawClient, id: number): Promise<FicheDetail> {
  const where = [sql`f.id = ${id}`, ...companyWhere(ctx, sql`f.company_id`), ...watchedAgent(ctx, sql`f.agent_id`)];
  const row = await firstRow(
    raw,
    detailRow,
    sql`SELECT borlette_fiche_json(f.id) || jsonb_build_object(
              'agent_username', u.username, 'status_reason', f.status_reason, 'status_at', ${isoTime(sql`f.status_at`)},
              'status_by_name', (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.status_by),
              'paid_by_name', (SELECT trim(p.first_name || ' ' || p.last_name) FROM users p WHERE p.id = f.paid_by),
              'location', (SELECT jsonb_build_object('latitude', l.latitude, 'longitude', l.longitude, 'accuracy_m', l.accuracy_m)
                             FROM fiche_locations l WHERE l.company_id = f.company_id AND l.fiche_id = f.id)) AS j,
            f.company_id
       FROM fiches f JOIN users u ON u.id = f.agent_id WHERE ${joinSql(where, ' AND ')}`,
  );
  if (!row) throw notFound('Fiche introuvable.');
  // The sale itself is the ticket row; every later change is in the audit trail.
  const events = await rows(
    raw,
    ficheEvent,
    sql`SELECT ${isoTime(sql`f.sold_at`)} AS at, 'sell' AS action, trim(u.first_name || ' ' || u.last_name) AS actor_name,
            'agent' AS actor_role, jsonb_build_object('number', f.number, 'amount', f.amount) AS details, 0 AS k, 0::bigint AS id
       FROM fiches f JOIN users u ON u.id = f.agent_id WHERE f.id = ${id}
     UNION ALL
     SELECT ${isoTime(sql`l.at`)}, l.action,
            coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), l.username),
            l.role, l.after, 1, l.id
       FROM audit_log l LEFT JOIN users u ON u.id = l.user_id
      WHERE l.company_id = ${row.company_id} AND l.entity = 'fiche' AND l.entity_id = ${String(id)}
      ORDER BY k, at, id`,
  );
  return { ...row.j, events };
}

/** The id of the company's ticket of that number, 404 if none. */
export async function ficheIdByNumber(raw: RawClient, companyId: number, number: number): Promise<number> {
  const row = await firstRow(
    raw,
    z.object({ id: z.number().int() }),
    sql`SELECT id FROM fiches WHERE company_id = ${companyId} AND number = ${number}`,
  );
  if (!row) throw notFound('Fiche introuvable.');
  return row.id;
}

/**
 * A ticket by its public ref (the receipt's QR), or undefined. Since 0020 a ref code is unique per
 * company only: a code two companies hold names no ticket for certain, so neither is shown.
 */
export async function ficheByRef(raw: RawClient, refCode: string) {
  const row = await firstRow(
    raw,
    ficheJson,
    sql`SELECT borlette_fiche_json(min(id)) AS j FROM fiches WHERE ref_code = ${refCode} HAVING count(*) = 1`,
  );
  return row?.j;
}
