import {
  type CalendarEntryView,
  calendarEntry,
  type ResultProvider,
  resultProvider,
} from '@borlette/shared/contracts/result-providers';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, rows, sql } from '../../db/sql';
import { orNotFound } from '../_lib/scope';
import type { ProviderSettings } from '../results/providers';

/** Which environment variable holds each kind's secret (README « Résultats officiels »). */
export const PROVIDER_SECRET_ENV: Partial<Record<ResultProvider['kind'], string>> = {
  aggregator: 'RESULTS_AGGREGATOR_KEY',
  ny_socrata: 'RESULTS_NY_APP_TOKEN',
};

const row = resultProvider.omit({ key_configured: true });
const PROVIDER_COLUMNS = sql`p.code, p.name, p.kind, p.states, p.base_url, p.enabled, p.poll_start_min,
  p.poll_every_min, p.give_up_min, ${isoTime(sql`p.updated_at`)} AS updated_at`;

function withKey(p: Omit<ResultProvider, 'key_configured'>, env = process.env): ResultProvider {
  const name = PROVIDER_SECRET_ENV[p.kind];
  return { ...p, key_configured: name ? Boolean(env[name]) : null };
}

export async function listProviders(raw: RawClient): Promise<ResultProvider[]> {
  const list = await rows(
    raw,
    row,
    sql`SELECT ${PROVIDER_COLUMNS} FROM result_providers p ORDER BY p.kind = 'manual', p.code`,
  );
  return list.map((p) => withKey(p));
}

export async function getProvider(raw: RawClient, code: string, lock = false): Promise<ResultProvider> {
  const found = await firstRow(
    raw,
    row,
    sql`SELECT ${PROVIDER_COLUMNS} FROM result_providers p WHERE p.code = ${code} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return withKey(orNotFound(found, 'Source de résultats introuvable.'));
}

/** The row as the providers read it (camelCase, types of providers/types.ts). */
export function settingsOf(p: ResultProvider): ProviderSettings {
  return {
    code: p.code,
    name: p.name,
    kind: p.kind,
    states: p.states,
    baseUrl: p.base_url,
    enabled: p.enabled,
    pollStartMin: p.poll_start_min,
    pollEveryMin: p.poll_every_min,
    giveUpMin: p.give_up_min,
  };
}

const CALENDAR_SELECT = sql`SELECT s.id, s.state, s.state_name, s.session, s.name, s.timezone,
    to_char(s.draw_time, 'HH24:MI') AS draw_time, s.days::int[] AS days,
    coalesce((SELECT json_agg(json_build_object('day', h.day::text, 'reason', h.reason) ORDER BY h.day)
                FROM draw_source_holidays h WHERE h.source_id = s.id), '[]'::json) AS holidays
  FROM draw_sources s`;

export async function listCalendar(raw: RawClient): Promise<CalendarEntryView[]> {
  return rows(raw, calendarEntry, sql`${CALENDAR_SELECT} ORDER BY s.state, s.draw_time`);
}

export async function getCalendarEntry(raw: RawClient, sourceId: number): Promise<CalendarEntryView> {
  const found = await firstRow(raw, calendarEntry, sql`${CALENDAR_SELECT} WHERE s.id = ${sourceId}`);
  return orNotFound(found, 'Séance officielle introuvable.');
}

/**
 * The session locked, then read in a statement of its own: a locking SELECT's subqueries (the
 * holidays) would keep the snapshot taken before the wait, missing what the previous holder wrote.
 */
export async function lockCalendarEntry(tx: RawClient, sourceId: number): Promise<CalendarEntryView> {
  const locked = await firstRow(
    tx,
    z.object({ id: z.number() }),
    sql`SELECT id FROM draw_sources WHERE id = ${sourceId} FOR UPDATE`,
  );
  orNotFound(locked, 'Séance officielle introuvable.');
  return getCalendarEntry(tx, sourceId);
}
