import type { ListQuery } from '@borlette/shared/contracts/list';
import {
  diffChanges,
  TRACE_DEFAULT_DAYS,
  TRACE_MAX_DAYS,
  TRACE_ROLE,
  type TraceEntry,
  type TraceKind,
  type TracePage,
  type traceQuery,
} from '@borlette/shared/contracts/traceability';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { authOf } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { CSV_MAX_ROWS, sortColumn } from '../_lib/list';
import { agentVisibility, companyScope } from '../_lib/scope';
import { containsPattern, SqlParams } from '../_lib/sql';

export const DEFAULT_TIME_ZONE = 'America/Port-au-Prince';

export type TraceQueryValues = z.output<typeof traceQuery>;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The day range asked for (yyyy-MM-dd, the company's calendar), defaults applied: the last 7 days
 * ending today. At most 366 days, so that a list never scans the whole trail.
 */
export function dayRange(q: { start_date?: string; end_date?: string }, today: string) {
  const end =
    q.end_date ??
    (q.start_date ? dayString(Math.min(dayNumber(q.start_date) + TRACE_DEFAULT_DAYS - 1, dayNumber(today))) : today);
  const start = q.start_date ?? dayString(dayNumber(end) - (TRACE_DEFAULT_DAYS - 1));
  if (end < start) {
    throw badRequest('La date de fin doit suivre la date de début.', {
      end_date: 'La date de fin doit suivre la date de début',
    });
  }
  if (dayNumber(end) - dayNumber(start) + 1 > TRACE_MAX_DAYS) {
    throw badRequest(`Période trop longue : ${TRACE_MAX_DAYS} jours au plus.`, {
      end_date: `Période trop longue (${TRACE_MAX_DAYS} jours au plus)`,
    });
  }
  return { start, end };
}

interface TraceRow extends Omit<TraceEntry, 'changes'> {
  before: unknown;
  after: unknown;
}

const SORTABLE: Record<string, string> = {
  at: 'a.at',
  username: 'lower(a.username)',
  action: 'a.action',
  entity: 'a.entity',
};

/** The WHERE of one list: company, actor role, UTC bounds of the day range, filters, supervisor scope. */
function conditions(
  request: FastifyRequest,
  kind: TraceKind,
  q: TraceQueryValues,
  range: { start: string; end: string },
  tz: string,
  params: SqlParams,
) {
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
  let needsUsers = false;
  if (q.search) {
    const p = params.p(containsPattern(q.search));
    needsUsers = true;
    where.push(
      `(${['a.username', "u.first_name || ' ' || u.last_name", 'a.action', 'a.entity', 'a.entity_id', 'a.ip']
        .map((e) => `lower(coalesce(${e}, '')) LIKE ${p}`)
        .join(' OR ')})`,
    );
  }
  const auth = authOf(request);
  if (auth.role === 'supervisor') {
    // Entries by or about the agents it watches, and its own.
    const me = params.p(auth.userId);
    const watched = `SELECT w.id FROM users w WHERE w.company_id = ${params.p(auth.companyId)} AND w.role = 'agent'
                        AND ${agentVisibility(request, params, 'w').join(' AND ')}`;
    where.push(
      `(a.user_id = ${me} OR a.user_id IN (${watched})
        OR (a.entity = 'agent' AND a.entity_id IN (SELECT id::text FROM (${watched}) v)))`,
    );
  }
  return { where: where.join(' AND '), needsUsers };
}

async function zoneAndToday(raw: RawClient, companyId: number | null) {
  const [row] = await raw.query<{ tz: string; today: string }>(
    `SELECT tz, to_char(now() AT TIME ZONE tz, 'YYYY-MM-DD') AS today
       FROM (SELECT coalesce((SELECT timezone FROM companies WHERE id = $1::bigint), $2::text) AS tz) z`,
    [companyId, DEFAULT_TIME_ZONE],
  );
  return row;
}

const SELECT = `a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
  to_char(a.at AT TIME ZONE coalesce(c.timezone, '${DEFAULT_TIME_ZONE}'), 'YYYY-MM-DD HH24:MI:SS') AS at_local,
  coalesce(c.timezone, '${DEFAULT_TIME_ZONE}') AS timezone,
  a.company_id, c.name AS company_name, a.user_id, coalesce(a.username, u.username) AS username,
  CASE WHEN u.id IS NULL THEN NULL ELSE nullif(trim(u.first_name || ' ' || u.last_name), '') END AS name,
  a.role, a.action, a.entity, a.entity_id, a.ip, a.user_agent, a.request_id, a.before, a.after`;
const FROM = 'FROM audit_log a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN companies c ON c.id = a.company_id';

const toEntry = ({ before, after, ...r }: TraceRow): TraceEntry => ({ ...r, changes: diffChanges(before, after) });

function orderBy(q: ListQuery): string {
  const key = q.sort ?? 'at';
  const expr = sortColumn(SORTABLE, key);
  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  // No NULLS LAST on `at` (never null): the backward index scan then gives the order without sorting.
  const nulls = key === 'username' ? ' NULLS LAST' : '';
  return `ORDER BY ${expr} ${dir}${nulls}, a.id ${dir}`;
}

/**
 * One page of a traceability list. The page and the count are two statements: the page walks the
 * index newest first and stops after `page_size` rows; the count reads the index only.
 */
export async function tracePage(
  raw: RawClient,
  request: FastifyRequest,
  kind: TraceKind,
  q: TraceQueryValues,
): Promise<TracePage> {
  const order = orderBy(q);
  const { tz, today } = await zoneAndToday(raw, companyScope(request));
  const range = dayRange(q, today);
  const params = new SqlParams();
  const { where, needsUsers } = conditions(request, kind, q, range, tz, params);
  const values = [...params.values];
  const limit = params.p(q.page_size);
  const offset = params.p((q.page - 1) * q.page_size);
  const countFrom = needsUsers ? 'FROM audit_log a LEFT JOIN users u ON u.id = a.user_id' : 'FROM audit_log a';
  const [rows, [{ n }]] = await Promise.all([
    raw.query<TraceRow>(
      `SELECT ${SELECT} ${FROM} WHERE ${where} ${order} LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    ),
    raw.query<{ n: number }>(`SELECT count(*)::int AS n ${countFrom} WHERE ${where}`, values),
  ]);
  return {
    results: rows.map(toEntry),
    count: n,
    page: q.page,
    page_size: q.page_size,
    start_date: range.start,
    end_date: range.end,
    timezone: tz,
  };
}

/** Every matching entry (capped), for the CSV export. */
export async function traceAll(raw: RawClient, request: FastifyRequest, kind: TraceKind, q: TraceQueryValues) {
  const order = orderBy(q);
  const { tz, today } = await zoneAndToday(raw, companyScope(request));
  const range = dayRange(q, today);
  const params = new SqlParams();
  const { where } = conditions(request, kind, q, range, tz, params);
  const rows = await raw.query<TraceRow>(
    `SELECT ${SELECT} ${FROM} WHERE ${where} ${order} LIMIT ${CSV_MAX_ROWS}`,
    params.values,
  );
  return rows.map(toEntry);
}
