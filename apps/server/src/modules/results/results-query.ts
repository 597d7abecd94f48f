import type { SortKey } from '@borlette/shared/contracts/list';
import {
  type ResultAlert,
  type ResultRow,
  type ResultsSettings,
  resultAlert,
  type resultFetchQuery,
  resultFetchRow,
  type resultHistoryQuery,
  resultHistoryRow,
  resultsSettings,
} from '@borlette/shared/contracts/results';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { isoTime, oneRow, rows, type Sql, sql, whereSql } from '../../db/sql';
import type { ListSource } from '../_lib/list';
import { type Derived, deriveState } from './pipeline-state';

/** The reads of the results pipeline: the sessions of a date as the pipeline sees them, the board, the lists. */

/** To the millisecond: a decision and a source's answer a few ms apart are ordered (pipeline-state.ts). */
const isoMs = (column: Sql): Sql => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const said = z.object({
  provider_code: z.string(),
  provider_name: z.string(),
  pick3: z.string(),
  pick4: z.string(),
  first_seen_at: z.string(),
});

export const sessionRow = z.object({
  source_id: z.number(),
  state_code: z.string(),
  session: z.string(),
  source_name: z.string(),
  timezone: z.string(),
  official_time: z.string(),
  draw_date: z.string(),
  official_at: z.string(),
  day_off: z.boolean(),
  stored_state: z.string().nullable(),
  decided_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_pick3: z.string().nullable(),
  decided_pick4: z.string().nullable(),
  applied_version: z.number().nullable(),
  applied_companies: z.number().nullable(),
  applied_at: z.string().nullable(),
  published_pick3: z.string().nullable(),
  published_pick4: z.string().nullable(),
  observations: z.array(said),
});
export type SessionRow = z.output<typeof sessionRow>;

/** Which sessions: one date (board, confirmation, re-poll), or the state-local today and yesterday at `now` (poller). */
export type SessionScope =
  | { date: string; state?: string; session?: string; sourceId?: number }
  | { around: Date; state?: string; session?: string };

export async function loadSessions(raw: RawClient, scope: SessionScope): Promise<SessionRow[]> {
  const days =
    'date' in scope
      ? sql`ARRAY[${scope.date}::date]`
      : sql`ARRAY[(${scope.around.toISOString()}::timestamptz AT TIME ZONE s.timezone)::date - 1,
                  (${scope.around.toISOString()}::timestamptz AT TIME ZONE s.timezone)::date]`;
  const where: Sql[] = [];
  if (scope.state) where.push(sql`s.state = ${scope.state}`);
  if (scope.session) where.push(sql`s.session = ${scope.session}`);
  if ('sourceId' in scope && scope.sourceId) where.push(sql`s.id = ${scope.sourceId}`);
  return rows(
    raw,
    sessionRow,
    sql`SELECT s.id AS source_id, s.state AS state_code, s.session, s.name AS source_name, s.timezone,
               to_char(s.draw_time, 'HH24:MI') AS official_time, to_char(d.day, 'YYYY-MM-DD') AS draw_date,
               ${isoTime(sql`((d.day + s.draw_time) AT TIME ZONE s.timezone)`)} AS official_at,
               (NOT (extract(dow FROM d.day)::int = ANY (s.days::int[]))
                 OR EXISTS (SELECT 1 FROM draw_source_holidays h WHERE h.source_id = s.id AND h.day = d.day)) AS day_off,
               st.state AS stored_state, u.username AS decided_name, ${isoMs(sql`st.decided_at`)} AS decided_at,
               st.decided_pick3, st.decided_pick4, st.applied_version, st.applied_companies,
               ${isoTime(sql`st.applied_at`)} AS applied_at,
               r.pick3 AS published_pick3, r.pick4 AS published_pick4,
               coalesce((SELECT json_agg(json_build_object(
                          'provider_code', o.provider_code, 'provider_name', coalesce(p.name, o.provider_code),
                          'pick3', o.pick3, 'pick4', o.pick4, 'first_seen_at', ${isoMs(sql`o.first_seen_at`)})
                          ORDER BY o.first_seen_at, o.provider_code)
                           FROM result_observations o LEFT JOIN result_providers p ON p.code = o.provider_code
                          WHERE o.source_id = s.id AND o.draw_date = d.day), '[]'::json) AS observations
          FROM draw_sources s CROSS JOIN LATERAL unnest(${days}) AS d(day)
          LEFT JOIN result_status st ON st.source_id = s.id AND st.draw_date = d.day
          LEFT JOIN draw_results r ON r.source_id = s.id AND r.draw_date = d.day
          LEFT JOIN users u ON u.id = st.decided_by
          ${whereSql(where)}
         ORDER BY (d.day + s.draw_time) AT TIME ZONE s.timezone, s.id`,
  );
}

export async function getSettings(raw: RawClient, opts: { lock?: boolean } = {}): Promise<ResultsSettings> {
  const lock = opts.lock ? sql`FOR UPDATE` : sql``;
  return oneRow(
    raw,
    resultsSettings,
    sql`SELECT apply_mode, late_after_min FROM results_settings WHERE id = 1 ${lock}`,
  );
}

/** The session's state now, from what is stored (pipeline-state.ts). */
export function derive(s: SessionRow, now: Date, lateAfterMin: number): Derived {
  return deriveState({
    dayOff: s.day_off,
    officialAt: new Date(s.official_at),
    now,
    lateAfterMin,
    observations: s.observations,
    decision:
      s.decided_at && s.decided_pick3 && s.decided_pick4
        ? { pick3: s.decided_pick3, pick4: s.decided_pick4, at: s.decided_at }
        : null,
    published: s.published_pick3 && s.published_pick4 ? { pick3: s.published_pick3, pick4: s.published_pick4 } : null,
  });
}

const ALERT_COLUMNS = sql`id, kind, source_id, provider_code, to_char(draw_date, 'YYYY-MM-DD') AS draw_date, message,
  ${isoTime(sql`opened_at`)} AS opened_at, ${isoTime(sql`closed_at`)} AS closed_at`;

/** Open alerts of a date's sessions, and those naming no session (failing providers). */
export async function openAlerts(raw: RawClient, date: string): Promise<ResultAlert[]> {
  return rows(
    raw,
    resultAlert,
    sql`SELECT ${ALERT_COLUMNS} FROM result_alerts
         WHERE closed_at IS NULL AND (draw_date = ${date}::date OR draw_date IS NULL) ORDER BY opened_at, id`,
  );
}

export function toRow(s: SessionRow, d: Derived, alerts: ResultAlert[]): ResultRow {
  const inForce = (o: { pick3: string; pick4: string }) => o.pick3 === d.pick3 && o.pick4 === d.pick4;
  const delay = d.arrivedAt ? Math.round((Date.parse(d.arrivedAt) - Date.parse(s.official_at)) / 60_000) : null;
  return {
    source_id: s.source_id,
    state_code: s.state_code,
    session: s.session,
    source_name: s.source_name,
    draw_date: s.draw_date,
    timezone: s.timezone,
    official_time: s.official_time,
    official_at: s.official_at,
    state: d.state,
    pick3: d.pick3,
    pick4: d.pick4,
    sources: d.sources,
    observations: s.observations.map((o) => ({ ...o, agrees: inForce(o) })),
    delay_min: delay === null ? null : Math.max(0, delay),
    decided_by: s.decided_name,
    applied:
      s.applied_version !== null && s.applied_at
        ? { version: s.applied_version, companies: s.applied_companies ?? 0, at: s.applied_at }
        : null,
    alerts: alerts.filter((a) => a.source_id === s.source_id && a.draw_date === s.draw_date),
  };
}

export async function board(raw: RawClient, date: string, now = new Date()) {
  const settings = await getSettings(raw);
  const [sessions, alerts] = await Promise.all([loadSessions(raw, { date }), openAlerts(raw, date)]);
  return {
    date,
    apply_mode: settings.apply_mode,
    rows: sessions.map((s) => toRow(s, derive(s, now, settings.late_after_min), alerts)),
    alerts: alerts.filter((a) => a.source_id === null),
  };
}

type HistoryFilters = z.output<typeof resultHistoryQuery>;

/** GET /api/generals/results/history: the stored states (one row per session and date the pipeline saw). */
export function historyList(
  q: HistoryFilters,
): ListSource<typeof resultHistoryRow, SortKey<typeof resultHistoryQuery>> {
  const where: Sql[] = [];
  if (q.start_date) where.push(sql`st.draw_date >= ${q.start_date}::date`);
  if (q.end_date) where.push(sql`st.draw_date <= ${q.end_date}::date`);
  if (q.state_code) where.push(sql`s.state = ${q.state_code}`);
  if (q.status) where.push(sql`st.state = ${q.status}`);
  return {
    row: resultHistoryRow,
    select: sql`st.source_id, s.name AS source_name, s.state AS state_code, s.session,
      to_char(st.draw_date, 'YYYY-MM-DD') AS draw_date, st.state, st.pick3, st.pick4, st.sources,
      ${isoTime(sql`st.arrived_at`)} AS arrived_at, u.username AS decided_by, ${isoTime(sql`st.decided_at`)} AS decided_at,
      st.applied_version, st.applied_companies, ${isoTime(sql`st.updated_at`)} AS updated_at`,
    from: sql`FROM result_status st JOIN draw_sources s ON s.id = st.source_id LEFT JOIN users u ON u.id = st.decided_by`,
    where,
    sortable: { draw_date: sql`st.draw_date`, source: sql`lower(s.name)` },
    search: [sql`s.name`, sql`s.state`, sql`st.pick3`, sql`st.pick4`],
    // Unique per (date, source): fewer than 1000 sources.
    tieBreaker: sql`((st.draw_date - DATE '2000-01-01') * 1000 + st.source_id)`,
  };
}

type FetchFilters = z.output<typeof resultFetchQuery>;

/** GET /api/generals/results/fetches: the fetch log. */
export function fetchList(q: FetchFilters): ListSource<typeof resultFetchRow, SortKey<typeof resultFetchQuery>> {
  const where: Sql[] = [];
  if (q.start_date) where.push(sql`f.at >= ${q.start_date}::date`);
  if (q.end_date) where.push(sql`f.at < ${q.end_date}::date + 1`);
  if (q.provider_code) where.push(sql`f.provider_code = ${q.provider_code}`);
  if (q.outcome) where.push(sql`f.outcome = ${q.outcome}`);
  return {
    row: resultFetchRow,
    select: sql`f.id, f.provider_code, ${isoTime(sql`f.at`)} AS at,
      ARRAY(SELECT to_char(x, 'YYYY-MM-DD') FROM unnest(f.dates) AS x) AS dates, f.http_status, f.outcome,
      jsonb_array_length(f.observations) AS observations, f.problems, f.excerpt, f.duration_ms, f.forced`,
    from: sql`FROM result_fetches f`,
    where,
    sortable: { at: sql`f.at` },
    search: [sql`f.provider_code`, sql`f.excerpt`],
    tieBreaker: sql`f.id`,
  };
}

const pendingRow = z.object({
  tirage_id: z.number(),
  tirage_name: z.string(),
  source_name: z.string(),
  draw_date: z.string(),
  official_at: z.string(),
  state: z.enum(['waiting', 'late', 'provisional', 'confirmed', 'conflict', 'manual', 'day_off']),
  alerts: z.array(z.string()),
});

/**
 * A company's draws following an official session whose time has passed (state-local today and
 * yesterday) and that hold no result yet: what its home board, the POS and the ticket page call
 * « résultat en attente ». Draws the company enters itself (no source) are not the pipeline's.
 */
export async function pendingResults(raw: RawClient, companyId: number | null, tirageIds?: number[]) {
  const where: Sql[] = [];
  if (companyId !== null) where.push(sql`t.company_id = ${companyId}`);
  if (tirageIds) where.push(sql`t.id = ANY (${tirageIds}::bigint[])`);
  return rows(
    raw,
    pendingRow,
    sql`SELECT t.id AS tirage_id, t.name AS tirage_name, s.name AS source_name, to_char(d.day, 'YYYY-MM-DD') AS draw_date,
               ${isoTime(sql`((d.day + s.draw_time) AT TIME ZONE s.timezone)`)} AS official_at,
               coalesce(st.state, 'waiting') AS state,
               ARRAY(SELECT a.message FROM result_alerts a WHERE a.closed_at IS NULL AND a.source_id = s.id
                        AND a.draw_date = d.day ORDER BY a.id) AS alerts
          FROM tirages t JOIN draw_sources s ON s.id = t.source_id
          CROSS JOIN LATERAL unnest(ARRAY[(now() AT TIME ZONE s.timezone)::date - 1,
                                          (now() AT TIME ZONE s.timezone)::date]) AS d(day)
          LEFT JOIN result_status st ON st.source_id = s.id AND st.draw_date = d.day
          ${whereSql([
            ...where,
            sql`t.status = 'active'`,
            sql`((d.day + s.draw_time) AT TIME ZONE s.timezone) <= now()`,
            sql`extract(dow FROM d.day)::int = ANY (s.days::int[])`,
            sql`NOT EXISTS (SELECT 1 FROM draw_source_holidays h WHERE h.source_id = s.id AND h.day = d.day)`,
            sql`NOT EXISTS (SELECT 1 FROM info_tirages i WHERE i.company_id = t.company_id AND i.tirage_id = t.id
                                                    AND i.draw_date = d.day)`,
          ])}
         ORDER BY 5, t.id
         LIMIT 200`,
  );
}
