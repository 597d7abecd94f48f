import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, SALE_ACTION } from '@borlette/shared/contracts/audit-actions';
import { TRACE_ROLE, type TraceKind, type traceQuery } from '@borlette/shared/contracts/traceability';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authOf } from '../../http/auth';
import { agentVisibility, companyScope } from '../_lib/scope';
import { containsPattern, type SqlParams } from '../_lib/sql';

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
export const DEFAULT_TIME_ZONE = 'America/Port-au-Prince';

/** A digits-only entity id as a bigint, else null (entity_id is text). */
const ENTITY_ID = `CASE WHEN a.entity_id ~ '^[0-9]{1,18}$' THEN a.entity_id::bigint END`;

/**
 * What people call the entity of an audit row: a ticket's number (never its internal id), a person's
 * username, a company's, sub-branch's or draw's name. Evaluated for the page's rows only.
 */
export const ENTITY_LABEL = `CASE
    WHEN a.entity = 'fiche' THEN (SELECT x.number::text FROM fiches x WHERE x.id = ${ENTITY_ID} AND x.company_id = a.company_id)
    WHEN a.entity IN ('agent', 'supervisor', 'user', 'generale') THEN (SELECT x.username FROM users x WHERE x.id = ${ENTITY_ID})
    WHEN a.entity = 'company' THEN (SELECT x.name FROM companies x WHERE x.id = ${ENTITY_ID})
    WHEN a.entity = 'surcussale' THEN (SELECT x.name FROM surcussales x WHERE x.id = ${ENTITY_ID} AND x.company_id = a.company_id)
    WHEN a.entity = 'tirage' THEN (SELECT x.name FROM tirages x WHERE x.id = ${ENTITY_ID} AND x.company_id = a.company_id)
  END`;

const ZONE = `coalesce(c.timezone, '${DEFAULT_TIME_ZONE}')`;
const UTC_TEXT = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const LOCAL_TEXT = (col: string) => `to_char(${col} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD HH24:MI:SS')`;
const NAME = `CASE WHEN u.id IS NULL THEN NULL ELSE nullif(trim(u.first_name || ' ' || u.last_name), '') END`;

/** Columns of both branches, in this order; `at_ts`, `tie` and the sort keys serve the merged order. */
export const AUDIT_COLUMNS = `a.id, 'a' || a.id AS key, a.at AS at_ts, a.id AS tie, ${UTC_TEXT('a.at')} AS at, ${LOCAL_TEXT('a.at')} AS at_local,
  ${ZONE} AS timezone, a.company_id, c.name AS company_name, coalesce(c.currency, 'HTG') AS currency, a.user_id,
  coalesce(a.username, u.username) AS username, ${NAME} AS name, a.role, a.action, a.entity, a.entity_id,
  ${ENTITY_LABEL} AS entity_label, a.ip, a.user_agent, a.request_id, a.before, a.after`;
export const AUDIT_FROM =
  'FROM audit_log a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN companies c ON c.id = a.company_id';

export const SALE_COLUMNS = `NULL::bigint AS id, 's' || f.id AS key, f.sold_at AS at_ts, f.id AS tie, ${UTC_TEXT('f.sold_at')} AS at,
  ${LOCAL_TEXT('f.sold_at')} AS at_local, ${ZONE} AS timezone, f.company_id, c.name AS company_name,
  coalesce(c.currency, 'HTG') AS currency, f.agent_id AS user_id, u.username, ${NAME} AS name, 'agent'::text AS role,
  '${SALE_ACTION}'::text AS action, 'fiche'::text AS entity, f.id::text AS entity_id, f.number::text AS entity_label,
  NULL::text AS ip, NULL::text AS user_agent, NULL::text AS request_id, NULL::jsonb AS before,
  jsonb_build_object('number', f.number, 'amount', f.amount, 'commission_amount', f.commission_amount) AS after`;
export const SALE_FROM = 'FROM fiches f JOIN users u ON u.id = f.agent_id JOIN companies c ON c.id = f.company_id';

/** Sort keys per branch (the whitelist of the list's `sort`), and over the merged rows. */
export const SORTS: Record<string, { audit: string; sale: string; merged: string }> = {
  at: { audit: 'a.at', sale: 'f.sold_at', merged: 't.at_ts' },
  username: { audit: 'lower(a.username)', sale: 'lower(u.username)', merged: 'lower(t.username)' },
  action: { audit: 'a.action', sale: `('${SALE_ACTION}'::text)`, merged: 't.action' },
  entity: { audit: 'a.entity', sale: "('fiche'::text)", merged: 't.entity' },
};

/** Actions whose French label holds the searched words (« paie » finds `pay`). */
function actionsLabelled(term: string): string[] {
  const t = term.trim().toLowerCase();
  return t ? AUDIT_ACTIONS.filter((a) => AUDIT_ACTION_LABELS[a].toLowerCase().includes(t)) : [];
}

/** Agents a supervisor watches (its scope), as a subquery of user ids. */
function watchedAgents(request: FastifyRequest, params: SqlParams) {
  const auth = authOf(request);
  return `SELECT w.id FROM users w WHERE w.company_id = ${params.p(auth.companyId)} AND w.role = 'agent'
            AND ${agentVisibility(request, params, 'w').join(' AND ')}`;
}

export interface Range {
  start: string;
  end: string;
}

/** The WHERE of the audit branch: company, actor role, UTC bounds of the day range, filters, supervisor scope. */
export function auditConditions(
  request: FastifyRequest,
  kind: TraceKind,
  q: TraceQueryValues,
  range: Range,
  tz: string,
  params: SqlParams,
): string {
  const companyId = companyScope(request);
  const where: string[] = [];
  if (companyId !== null) where.push(`a.company_id = ${params.p(companyId)}`);
  where.push(`a.role = ${params.p(TRACE_ROLE[kind])}`);
  // Midnight to midnight on the company's wall clock, as UTC instants: the index on (company_id, role, at) serves it.
  const zone = params.p(tz);
  where.push(`a.at >= (${params.p(range.start)}::date::timestamp AT TIME ZONE ${zone}::text)`);
  where.push(`a.at < ((${params.p(range.end)}::date + 1)::timestamp AT TIME ZONE ${zone}::text)`);
  if (q.user_id) where.push(`a.user_id = ${params.p(q.user_id)}`);
  if (q.action) where.push(`a.action = ${params.p(q.action)}`);
  if (q.entity) where.push(`a.entity = ${params.p(q.entity)}`);
  if (q.search) {
    const p = params.p(containsPattern(q.search));
    const texts = ['a.username', "u.first_name || ' ' || u.last_name", 'a.action', 'a.entity', 'a.entity_id', 'a.ip'];
    const byLabel = actionsLabelled(q.search);
    where.push(
      `(${[...texts, ENTITY_LABEL].map((e) => `lower(coalesce(${e}, '')) LIKE ${p}`).join(' OR ')}${
        byLabel.length ? ` OR a.action = ANY(${params.p(byLabel)}::text[])` : ''
      })`,
    );
  }
  if (authOf(request).role === 'supervisor') {
    // Entries by or about the agents it watches, and its own.
    const me = params.p(authOf(request).userId);
    const watched = watchedAgents(request, params);
    where.push(
      `(a.user_id = ${me} OR a.user_id IN (${watched})
        OR (a.entity = 'agent' AND a.entity_id IN (SELECT id::text FROM (${watched}) v)))`,
    );
  }
  return where.join(' AND ');
}

/** Whether the list holds sales: the agents' list, unless filtered on another action or entity. */
export function withSales(kind: TraceKind, q: TraceQueryValues): boolean {
  return kind === 'agents' && (!q.action || q.action === SALE_ACTION) && (!q.entity || q.entity === 'fiche');
}

/** Whether the list holds audit rows: not when it asks for sales only. */
export function withAudit(q: TraceQueryValues): boolean {
  return q.action !== SALE_ACTION;
}

/**
 * The WHERE of the sales branch. Days are the tickets' business days (`sale_date`, the company's
 * calendar): the (company_id, sale_date, sold_at) index serves it.
 */
export function saleConditions(request: FastifyRequest, q: TraceQueryValues, range: Range, params: SqlParams): string {
  const companyId = companyScope(request);
  const where: string[] = [];
  if (companyId !== null) where.push(`f.company_id = ${params.p(companyId)}`);
  where.push(`f.sale_date BETWEEN ${params.p(range.start)}::date AND ${params.p(range.end)}::date`);
  if (q.user_id) where.push(`f.agent_id = ${params.p(q.user_id)}`);
  if (q.search) {
    const p = params.p(containsPattern(q.search));
    const texts = ['u.username', "u.first_name || ' ' || u.last_name", 'f.number::text', `'${SALE_ACTION}'`, "'fiche'"];
    const byLabel = actionsLabelled(q.search).includes(SALE_ACTION) ? ' OR true' : '';
    where.push(`(${texts.map((e) => `lower(coalesce(${e}, '')) LIKE ${p}`).join(' OR ')}${byLabel})`);
  }
  if (authOf(request).role === 'supervisor') where.push(`f.agent_id IN (${watchedAgents(request, params)})`);
  return where.join(' AND ');
}
