import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, SALE_ACTION } from '@borlette/shared/contracts/audit-actions';
import type { SortKey } from '@borlette/shared/contracts/list';
import { TRACE_ROLE, type TraceKind, traceEntry, type traceQuery } from '@borlette/shared/contracts/traceability';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { containsPattern, isoTime, joinSql, oneRow, rawSql, rows, type Sql, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import { agentsWatched, companyScope } from '../_lib/scope';

/**
 * The two sources of a traceability list, as SQL branches with the same columns:
 * - the audit trail (`audit_log`), every action but the sale;
 * - the sales, read from the tickets themselves (`fiches`: who sold, when, which number, how much).
 * Why not an audit row per sale: the sale is the hottest path (one round trip, `borlette_sell`); an
 * `audit_log` row there is a heap row and five index entries per ticket, doubling the trail's size
 * for a fact the ticket already holds exactly (agent, time, number, amount). Reading it from the
 * ticket costs the sale nothing; the trail's list pays a second index range instead.
 */

export type TraceQueryValues = z.output<typeof traceQuery>;
type TraceSort = SortKey<typeof traceQuery>;
export const DEFAULT_TIME_ZONE = 'America/Port-au-Prince';

/** The sale's action and entity as SQL literals (this file's constants, never input). */
const SALE = rawSql(`'${SALE_ACTION}'`);

/** A digits-only entity id as a bigint, else null (entity_id is text). */
const ENTITY_ID = sql`CASE WHEN a.entity_id ~ '^[0-9]{1,18}$' THEN a.entity_id::bigint END`;

/**
 * What people call the entity of an audit row: a ticket's number (never its internal id), a person's
 * username, a company's, sub-branch's or draw's name. Evaluated for the page's rows only.
 */
const ENTITY_LABEL = sql`CASE
    WHEN a.entity = 'fiche' THEN (SELECT x.number::text FROM fiches x WHERE x.id = ${ENTITY_ID} AND x.company_id = a.company_id)
    WHEN a.entity IN ('agent', 'supervisor', 'user', 'generale') THEN (SELECT x.username FROM users x WHERE x.id = ${ENTITY_ID})
    WHEN a.entity = 'company' THEN (SELECT x.name FROM companies x WHERE x.id = ${ENTITY_ID})
    WHEN a.entity = 'surcussale' THEN (SELECT x.name FROM surcussales x WHERE x.id = ${ENTITY_ID} AND x.company_id = a.company_id)
    WHEN a.entity = 'tirage' THEN (SELECT x.name FROM tirages x WHERE x.id = ${ENTITY_ID} AND x.company_id = a.company_id)
  END`;

const ZONE = rawSql(`coalesce(c.timezone, '${DEFAULT_TIME_ZONE}')`);
const LOCAL_TEXT = (col: Sql) => sql`to_char(${col} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD HH24:MI:SS')`;
const NAME = sql`CASE WHEN u.id IS NULL THEN NULL ELSE nullif(trim(u.first_name || ' ' || u.last_name), '') END`;

/** Columns of both branches, in this order; `at_ts`, `tie` and the sort keys serve the merged order. */
const AUDIT_COLUMNS = sql`a.id, 'a' || a.id AS key, a.at AS at_ts, a.id AS tie, ${isoTime(sql`a.at`)} AS at, ${LOCAL_TEXT(sql`a.at`)} AS at_local,
  ${ZONE} AS timezone, a.company_id, c.name AS company_name, coalesce(c.currency, 'HTG') AS currency, a.user_id,
  coalesce(a.username, u.username) AS username, ${NAME} AS name, a.role, a.action, a.entity, a.entity_id,
  ${ENTITY_LABEL} AS entity_label, a.ip, a.user_agent, a.request_id, a.before, a.after`;
const AUDIT_FROM = sql`FROM audit_log a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN companies c ON c.id = a.company_id`;

const SALE_COLUMNS = sql`NULL::bigint AS id, 's' || f.id AS key, f.sold_at AS at_ts, f.id AS tie, ${isoTime(sql`f.sold_at`)} AS at,
  ${LOCAL_TEXT(sql`f.sold_at`)} AS at_local, ${ZONE} AS timezone, f.company_id, c.name AS company_name,
  coalesce(c.currency, 'HTG') AS currency, f.agent_id AS user_id, u.username, ${NAME} AS name, 'agent'::text AS role,
  ${SALE}::text AS action, 'fiche'::text AS entity, f.id::text AS entity_id, f.number::text AS entity_label,
  NULL::text AS ip, NULL::text AS user_agent, NULL::text AS request_id, NULL::jsonb AS before,
  jsonb_build_object('number', f.number, 'amount', f.amount, 'commission_amount', f.commission_amount) AS after`;
const SALE_FROM = sql`FROM fiches f JOIN users u ON u.id = f.agent_id JOIN companies c ON c.id = f.company_id`;

/** A row of either branch: the entry's columns, its recorded values, and what orders the merge. */
export const traceRow = traceEntry
  .omit({ changes: true })
  .extend({ before: z.unknown(), after: z.unknown(), at_ts: z.unknown(), tie: z.unknown() });

/** Sort keys per branch (the whitelist of the list's `sort`), and over the merged rows. */
const SORTS: Record<TraceSort, { audit: Sql; sale: Sql; merged: Sql }> = {
  at: { audit: sql`a.at`, sale: sql`f.sold_at`, merged: sql`t.at_ts` },
  username: { audit: sql`lower(a.username)`, sale: sql`lower(u.username)`, merged: sql`lower(t.username)` },
  action: { audit: sql`a.action`, sale: sql`(${SALE}::text)`, merged: sql`t.action` },
  entity: { audit: sql`a.entity`, sale: sql`('fiche'::text)`, merged: sql`t.entity` },
};

/** Actions whose French label holds the searched words (« paie » finds `pay`). */
function actionsLabelled(term: string): string[] {
  const t = term.trim().toLowerCase();
  return t ? AUDIT_ACTIONS.filter((a) => AUDIT_ACTION_LABELS[a].toLowerCase().includes(t)) : [];
}

/** Agents a supervisor watches (its scope), as a subquery of user ids. */
function watchedAgents(ctx: HasAuth) {
  return sql`SELECT w.id FROM users w WHERE w.company_id = ${authOf(ctx).companyId} AND w.role = 'agent'
            AND ${joinSql(agentsWatched(ctx, sql`w`), ' AND ')}`;
}

export interface Range {
  start: string;
  end: string;
}

/** `lower(coalesce(e, '')) LIKE pattern` over the expressions. */
const anyLike = (exprs: Sql[], pattern: string) =>
  joinSql(
    exprs.map((e) => sql`lower(coalesce(${e}, '')) LIKE ${pattern}`),
    ' OR ',
  );

/** The WHERE of the audit branch: company, actor role, UTC bounds of the day range, filters, supervisor scope. */
function auditConditions(ctx: HasAuth, kind: TraceKind, q: TraceQueryValues, range: Range, tz: string): Sql {
  const companyId = companyScope(ctx);
  const where: Sql[] = [];
  if (companyId !== null) where.push(sql`a.company_id = ${companyId}`);
  where.push(sql`a.role = ${TRACE_ROLE[kind]}`);
  // Midnight to midnight on the company's wall clock, as UTC instants: the index on (company_id, role, at) serves it.
  where.push(sql`a.at >= (${range.start}::date::timestamp AT TIME ZONE ${tz}::text)`);
  where.push(sql`a.at < ((${range.end}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`);
  if (q.user_id) where.push(sql`a.user_id = ${q.user_id}`);
  if (q.action) where.push(sql`a.action = ${q.action}`);
  if (q.entity) where.push(sql`a.entity = ${q.entity}`);
  if (q.search) {
    const texts = [
      sql`a.username`,
      sql`u.first_name || ' ' || u.last_name`,
      sql`a.action`,
      sql`a.entity`,
      sql`a.entity_id`,
      sql`a.ip`,
      ENTITY_LABEL,
    ];
    const byLabel = actionsLabelled(q.search);
    const label = byLabel.length ? sql` OR a.action = ANY(${byLabel}::text[])` : rawSql('');
    where.push(sql`(${anyLike(texts, containsPattern(q.search))}${label})`);
  }
  if (authOf(ctx).role === 'supervisor') {
    // Entries by or about the agents it watches, and its own.
    const me = authOf(ctx).userId;
    where.push(
      sql`(a.user_id = ${me} OR a.user_id IN (${watchedAgents(ctx)})
        OR (a.entity = 'agent' AND a.entity_id IN (SELECT id::text FROM (${watchedAgents(ctx)}) v)))`,
    );
  }
  return joinSql(where, ' AND ');
}

/** Whether the list holds sales: the agents' list, unless filtered on another action or entity. */
function withSales(kind: TraceKind, q: TraceQueryValues): boolean {
  return kind === 'agents' && (!q.action || q.action === SALE_ACTION) && (!q.entity || q.entity === 'fiche');
}

/** Whether the list holds audit rows: not when it asks for sales only. */
function withAudit(q: TraceQueryValues): boolean {
  return q.action !== SALE_ACTION;
}

/**
 * The WHERE of the sales branch. Days are the tickets' business days (`sale_date`, the company's
 * calendar): the (company_id, sale_date, sold_at) index serves it.
 */
function saleConditions(ctx: HasAuth, q: TraceQueryValues, range: Range): Sql {
  const companyId = companyScope(ctx);
  const where: Sql[] = [];
  if (companyId !== null) where.push(sql`f.company_id = ${companyId}`);
  where.push(sql`f.sale_date BETWEEN ${range.start}::date AND ${range.end}::date`);
  if (q.user_id) where.push(sql`f.agent_id = ${q.user_id}`);
  if (q.search) {
    const texts = [sql`u.username`, sql`u.first_name || ' ' || u.last_name`, sql`f.number::text`, SALE, sql`'fiche'`];
    const byLabel = rawSql(actionsLabelled(q.search).includes(SALE_ACTION) ? ' OR true' : '');
    where.push(sql`(${anyLike(texts, containsPattern(q.search))}${byLabel})`);
  }
  if (authOf(ctx).role === 'supervisor') where.push(sql`f.agent_id IN (${watchedAgents(ctx)})`);
  return joinSql(where, ' AND ');
}

function order(q: TraceQueryValues, side: 'audit' | 'sale' | 'merged', oneCompany = false): Sql {
  const key = q.sort ?? 'at';
  let expr = SORTS[key][side];
  const dir = rawSql(q.order === 'desc' ? 'DESC' : 'ASC');
  // In one company the business day follows the sale time: ordering by (sale_date, sold_at) walks the
  // (company_id, sale_date, sold_at) index day by day and sorts one day's tickets only (measured, 200 000
  // tickets in 7 days: 155 ms -> 80 ms for the statement), instead of every ticket of the range.
  if (side === 'sale' && key === 'at' && oneCompany) expr = sql`f.sale_date ${dir}, f.sold_at`;
  // No NULLS LAST on `at` (never null): the backward index scan then gives the order without sorting.
  const nulls = rawSql(key === 'username' ? ' NULLS LAST' : '');
  const tie = rawSql(side === 'audit' ? 'a.id' : side === 'sale' ? 'f.id' : 't.tie');
  const merged = side === 'merged' ? sql`, t.key ${dir}` : rawSql('');
  return sql`ORDER BY ${expr} ${dir}${nulls}, ${tie} ${dir}${merged}`;
}

/** The company's time zone (the platform's default without one) and its today. */
export function zoneAndToday(raw: RawClient, companyId: number | null) {
  return oneRow(
    raw,
    z.object({ tz: z.string(), today: z.string() }),
    sql`SELECT tz, to_char(now() AT TIME ZONE tz, 'YYYY-MM-DD') AS today
          FROM (SELECT coalesce((SELECT timezone FROM companies WHERE id = ${companyId}::bigint), ${DEFAULT_TIME_ZONE}::text) AS tz) z`,
  );
}

/**
 * The rows of a list, `limit` from `offset`: one source alone as before (the index walk newest first
 * stops after the page), or, for the agents' list, the audit rows and the sales each cut at
 * offset + limit in the list's order, then merged.
 */
export async function traceRows(
  raw: RawClient,
  ctx: HasAuth,
  kind: TraceKind,
  q: TraceQueryValues,
  range: Range,
  tz: string,
  limit: number,
  offset: number,
) {
  const branches: Sql[] = [];
  if (withAudit(q))
    branches.push(
      sql`SELECT ${AUDIT_COLUMNS} ${AUDIT_FROM} WHERE ${auditConditions(ctx, kind, q, range, tz)} ${order(q, 'audit')}`,
    );
  if (withSales(kind, q))
    branches.push(
      sql`SELECT ${SALE_COLUMNS} ${SALE_FROM} WHERE ${saleConditions(ctx, q, range)} ${order(q, 'sale', companyScope(ctx) !== null)}`,
    );
  if (!branches.length) return [];
  if (branches.length === 1) return rows(raw, traceRow, sql`${branches[0]} LIMIT ${limit} OFFSET ${offset}`);
  const union = joinSql(
    branches.map((b) => sql`(${b} LIMIT ${limit + offset})`),
    ' UNION ALL ',
  );
  return rows(raw, traceRow, sql`SELECT t.* FROM (${union}) t ${order(q, 'merged')} LIMIT ${limit} OFFSET ${offset}`);
}

/** How many rows the list holds (the audit rows' count reads the index only). */
export async function traceCount(
  raw: RawClient,
  ctx: HasAuth,
  kind: TraceKind,
  q: TraceQueryValues,
  range: Range,
  tz: string,
) {
  const parts: Sql[] = [];
  if (withAudit(q)) {
    const from = q.search ? sql`FROM audit_log a LEFT JOIN users u ON u.id = a.user_id` : sql`FROM audit_log a`;
    parts.push(sql`(SELECT count(*) ${from} WHERE ${auditConditions(ctx, kind, q, range, tz)})`);
  }
  if (withSales(kind, q)) {
    const from = q.search ? sql`FROM fiches f JOIN users u ON u.id = f.agent_id` : sql`FROM fiches f`;
    parts.push(sql`(SELECT count(*) ${from} WHERE ${saleConditions(ctx, q, range)})`);
  }
  if (!parts.length) return 0;
  const { n } = await oneRow(raw, z.object({ n: z.number() }), sql`SELECT (${joinSql(parts, ' + ')})::int AS n`);
  return n;
}
