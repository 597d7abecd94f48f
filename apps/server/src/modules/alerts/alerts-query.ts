import {
  ALERT_DEFAULTS,
  ALERT_KINDS,
  type Alert,
  type AlertSettings,
  alert,
  type alertListQuery,
  alertSettings,
} from '@borlette/shared/contracts/alerts';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, oneRow, rawSql, rows, type Sql, sql, whereSql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { tenantWhere } from '../_lib/report-scope';
import { agentsWatched, orNotFound } from '../_lib/scope';

type Filters = z.output<typeof alertListQuery>;

const NAME = (u: string) => `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`;

/** An alert as the API answers it, plus its company (stripped before answering). */
export const alertRow = alert.extend({ company_id: z.number() });
type AlertRow = z.output<typeof alertRow>;

const COLUMNS = sql`a.id, a.company_id, a.kind, a.severity, a.state, a.agent_id,
  CASE WHEN ag.id IS NULL THEN NULL ELSE ${rawSql(NAME('ag'))} END AS agent_name, ag.username AS agent_username,
  x.name AS surcussale_name, a.tirage_id, t.name AS tirage_name,
  to_char(a.draw_date, 'YYYY-MM-DD') AS draw_date, a.evidence, a.note, ${isoTime(sql`a.created_at`)} AS created_at,
  CASE WHEN a.changed_at IS NULL THEN NULL ELSE ${isoTime(sql`a.changed_at`)} END AS changed_at,
  (SELECT ${rawSql(NAME('p'))} FROM users p WHERE p.id = a.changed_by) AS changed_by_name,
  co.timezone, co.currency`;

const FROM = sql`FROM company_alerts a
  JOIN companies co ON co.id = a.company_id
  LEFT JOIN users ag ON ag.id = a.agent_id
  LEFT JOIN surcussales x ON x.id = ag.surcussale_id
  LEFT JOIN tirages t ON t.id = a.tirage_id`;

/**
 * What the caller may see: its company (« Toutes »: the selected country's), and for a supervisor the
 * alerts of the agents it watches only (a company-wide alert, a result edited, names no agent).
 */
function visible(ctx: HasAuth): Sql[] {
  return [...tenantWhere(ctx, sql`a.company_id`), ...agentsWatched(ctx, sql`ag`)];
}

/** The severity's order for sorting (high first when descending). */
const SEVERITY_RANK = sql`CASE a.severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END`;

/** GET /api/companies/alerts: the filters, in the caller's scope. */
export function alertList(ctx: HasAuth, q: Filters): ListSource<typeof alertRow, SortKey<typeof alertListQuery>> {
  const where = visible(ctx);
  if (q.state) where.push(sql`a.state = ${q.state}`);
  if (q.kind) where.push(sql`a.kind = ${q.kind}`);
  if (q.severity) where.push(sql`a.severity = ${q.severity}`);
  if (q.agent_id) where.push(sql`a.agent_id = ${q.agent_id}`);
  if (q.start_date) where.push(sql`(a.created_at AT TIME ZONE co.timezone)::date >= ${q.start_date}::date`);
  if (q.end_date) where.push(sql`(a.created_at AT TIME ZONE co.timezone)::date <= ${q.end_date}::date`);
  return {
    row: alertRow,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: {
      created_at: sql`a.created_at`,
      severity: SEVERITY_RANK,
      kind: sql`a.kind`,
      state: sql`a.state`,
      agent: rawSql(`lower(${NAME('ag')})`),
    },
    search: [sql`ag.username`, sql`ag.first_name`, sql`ag.last_name`, sql`t.name`, sql`a.note`, sql`a.evidence`],
    tieBreaker: sql`a.id`,
  };
}

export const withoutCompany = ({ company_id, ...r }: AlertRow): Alert => r;

/** One alert the caller sees, 404 otherwise (another company's, or an agent a supervisor does not watch). */
export async function getAlert(raw: RawClient, ctx: HasAuth, companyId: number, id: number): Promise<Alert> {
  const row = await firstRow(
    raw,
    alertRow,
    sql`SELECT ${COLUMNS} ${FROM} ${whereSql([sql`a.company_id = ${companyId}`, sql`a.id = ${id}`, ...agentsWatched(ctx, sql`ag`)])}`,
  );
  return withoutCompany(orNotFound(row, 'Alerte introuvable.'));
}

/** The badge: how many new alerts the caller may see. */
export async function countNew(raw: RawClient, ctx: HasAuth): Promise<number> {
  const row = await oneRow(
    raw,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM company_alerts a LEFT JOIN users ag ON ag.id = a.agent_id
         WHERE ${joinSql([sql`a.state = 'new'`, ...visible(ctx)], ' AND ')}`,
  );
  return row.n;
}

const settingRow = z.object({ kind: z.string(), enabled: z.boolean(), params: z.record(z.string(), z.unknown()) });

/**
 * A company's settings: the stored values of each kind over ALERT_DEFAULTS. A stored value the
 * contract no longer accepts (a bound changed since) falls back to the default, never a failure.
 */
export async function readAlertSettings(raw: RawClient, companyId: number): Promise<AlertSettings> {
  const stored = await rows(
    raw,
    settingRow,
    sql`SELECT kind, enabled, params FROM alert_settings WHERE company_id = ${companyId}`,
  );
  const merged: Record<string, unknown> = {};
  for (const kind of ALERT_KINDS) {
    const own = stored.find((r) => r.kind === kind);
    const candidate = {
      ...ALERT_DEFAULTS[kind],
      ...(own?.params ?? {}),
      enabled: own?.enabled ?? ALERT_DEFAULTS[kind].enabled,
    };
    const checked = alertSettings.shape[kind].safeParse(candidate);
    merged[kind] = checked.success ? checked.data : ALERT_DEFAULTS[kind];
  }
  return merged as AlertSettings;
}
