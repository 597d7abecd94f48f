import { ALERT_MAX_FICHES, type AlertKind } from '@borlette/shared/contracts/alerts';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { rawSql, rows, type Sql, sql } from '../../db/sql';

/**
 * SQL pieces the detectors share (alerts-detect-*.ts). Every detector is ONE statement:
 * `INSERT INTO company_alerts … SELECT <the anomalies of one company in a recent window> ON CONFLICT
 * (company_id, kind, dedupe_key) DO NOTHING`: set-based, one round trip, and safe when N instances run
 * a pass at the same moment (the unique key decides; each anomaly is raised once).
 */

/** What a pass knows: the company, the instant it looks from (tests pass one), and that instant's day. */
export interface PassScope {
  companyId: number;
  /** ISO instant. */
  now: string;
}

/** The company's zone and its business day at `now` (the detectors' CTE `co`). */
export const companyCte = (p: PassScope): Sql =>
  sql`co AS (SELECT c.id, c.timezone, (${p.now}::timestamptz AT TIME ZONE c.timezone)::date AS today
               FROM companies c WHERE c.id = ${p.companyId})`;

const ficheText = (f: string) =>
  `jsonb_build_object('id', ${f}.id, 'number', ${f}.number, 'sale_date', to_char(${f}.sale_date, 'YYYY-MM-DD'), 'status', ${f}.status)`;

/** A ticket as the evidence names it (alias `f`); the web opens the ticket list on it. */
export const ficheJson = (f: string): Sql => rawSql(ficheText(f));

/** At most ALERT_MAX_FICHES tickets of an aggregate, in `order`, as a JSON array. */
export const fichesAgg = (f: string, order: string): Sql =>
  rawSql(`to_jsonb((array_agg(${ficheText(f)} ORDER BY ${order}))[1:${ALERT_MAX_FICHES}])`);

/** An instant as the API writes them. */
export const iso = (expr: string): Sql => rawSql(`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/**
 * The draw instant of draw `t` (with `s` its draw_sources row, LEFT JOINed) on date `d`, in zone `tz`:
 * the official time for a draw tied to a state lottery, its close time for the company's own
 * (borlette_draw_at, inlined so a set of rows does not call a function per row).
 */
export const drawAt = (t: string, s: string, d: string, tz: string): Sql =>
  rawSql(`CASE WHEN ${s}.id IS NOT NULL THEN (${d} + ${s}.draw_time) AT TIME ZONE ${s}.timezone
               ELSE (${d} + ${t}.close_time) AT TIME ZONE ${tz} END`);

/**
 * What line `l` wins under the result `i` (an info_tirages row): borlette_settle's rule, read-only.
 * Used for tickets the settlement leaves at 0 (cancelled, deleted): what they would have won.
 */
export const lineWin = (l: string, i: string): Sql => {
  const pair = `left(${l}.number, 2) IN (${i}.lot1, ${i}.lot2, ${i}.lot3)
      AND right(${l}.number, 2) IN (${i}.lot1, ${i}.lot2, ${i}.lot3)
      AND (left(${l}.number, 2) <> right(${l}.number, 2)
           OR (${i}.lot1 = left(${l}.number, 2))::int + (${i}.lot2 = left(${l}.number, 2))::int
              + (${i}.lot3 = left(${l}.number, 2))::int >= 2)`;
  const hit = (lot: string, prime: string) =>
    `CASE WHEN ${l}.number = ${i}.${lot} THEN ${l}.stake * coalesce(${l}.${prime}, 0) ELSE 0 END`;
  const bolet = [hit('lot1', 'prime1'), hit('lot2', 'prime2'), hit('lot3', 'prime3')];
  return rawSql(`CASE ${l}.code
      WHEN 20 THEN CASE WHEN ${l}.cumulative THEN ${bolet.join(' + ')} ELSE greatest(${bolet.join(', ')}) END
      WHEN 40 THEN CASE WHEN ${pair} THEN ${l}.stake * ${l}.prime1 ELSE 0 END
      WHEN 44 THEN CASE WHEN ${pair} THEN ${l}.prime1 ELSE 0 END
      WHEN 30 THEN CASE WHEN ${l}.number = ${i}.pick3 THEN ${l}.stake * ${l}.prime1 ELSE 0 END
      ELSE CASE WHEN ${l}.number = replace(replace(replace(replace(replace(replace(${l}.template,
                   '{pick3}', ${i}.pick3), '{pick4}', ${i}.pick4), '{lot1LastDigit}', right(${i}.lot1, 1)),
                   '{lot1}', ${i}.lot1), '{lot2}', ${i}.lot2), '{lot3}', ${i}.lot3)
                THEN ${l}.stake * ${l}.prime1 ELSE 0 END
    END`);
};

/** Great-circle distance in km between two (latitude, longitude) pairs in degrees (haversine). */
export const distanceKm = (lat1: string, lon1: string, lat2: string, lon2: string): Sql =>
  rawSql(`(12742 * asin(least(1, sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
      + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2)))))`);

/**
 * The insert every detector ends with: `select` yields (agent_id, tirage_id, draw_date, severity,
 * dedupe_key, evidence) rows; answers how many alerts were new.
 */
export async function insertAlerts(raw: RawClient, kind: AlertKind, p: PassScope, select: Sql): Promise<number> {
  const inserted = await rows(
    raw,
    z.object({ id: z.number() }),
    sql`WITH ${companyCte(p)}, found AS (${select})
        INSERT INTO company_alerts (company_id, kind, severity, dedupe_key, agent_id, tirage_id, draw_date, evidence)
        SELECT ${p.companyId}, ${kind}, severity, dedupe_key, agent_id, tirage_id, draw_date, evidence FROM found
        ON CONFLICT (company_id, kind, dedupe_key) DO NOTHING
        RETURNING id`,
  );
  return inserted.length;
}
