import {
  type CalendarEntryView,
  type calendarUpdate,
  type holidayInput,
  MANUAL_URL,
  type ProviderTestResult,
  type providerTestInput,
  type providerUpdate,
  type ResultProvider,
} from '@borlette/shared/contracts/result-providers';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { fetchFor, ProviderError, providerFor, readDrawCalendar } from '../results/providers';
import { addDays, zonedDate } from '../results/providers/zoned';
import { getCalendarEntry, getProvider, lockCalendarEntry, settingsOf } from './result-providers-query';

/** A manual source keeps 'manual:'; a source that fetches cannot be given it (it would fetch nothing). */
function checkUrlForKind(kind: ResultProvider['kind'], url: string): void {
  if (kind === 'manual' && url !== MANUAL_URL) {
    throw badRequest('Une source manuelle ne récupère rien : son adresse reste « manual: ».', {
      base_url: 'Une source manuelle garde l’adresse « manual: »',
    });
  }
  if (kind !== 'manual' && url === MANUAL_URL) {
    throw badRequest('« manual: » est réservé à la saisie manuelle : désactivez plutôt cette source.', {
      base_url: '« manual: » est réservé à la saisie manuelle',
    });
  }
}

const settingsView = (p: ResultProvider) => ({
  base_url: p.base_url,
  enabled: p.enabled,
  poll_start_min: p.poll_start_min,
  poll_every_min: p.poll_every_min,
  give_up_min: p.give_up_min,
});

/** Under the row's lock: parallel edits apply one after the other, each audited with what it replaced. */
export async function updateProvider(
  database: Database,
  ctx: RequestContext,
  code: string,
  input: z.output<typeof providerUpdate>,
): Promise<ResultProvider> {
  const by = authOf(ctx).userId;
  await database.transaction(async (tx) => {
    const before = await getProvider(tx, code, true);
    checkUrlForKind(before.kind, input.base_url);
    const after = { ...settingsView(before), ...input };
    if (JSON.stringify(after) === JSON.stringify(settingsView(before))) return;
    await execute(
      tx,
      sql`UPDATE result_providers SET base_url = ${input.base_url}, enabled = ${input.enabled},
                 poll_start_min = ${input.poll_start_min}, poll_every_min = ${input.poll_every_min},
                 give_up_min = ${input.give_up_min}, updated_by = ${by}, updated_at = now()
           WHERE code = ${code}`,
    );
    await audit(tx, ctx, {
      action: 'update',
      entity: 'result_provider',
      entityId: code,
      companyId: null,
      before: settingsView(before),
      after,
    });
  });
  return getProvider(database.raw, code);
}

/** A test must answer even when the source hangs: well before the proxies' own timeouts. */
const TEST_TIMEOUT_MS = 20_000;

/**
 * Asks the source now, as the poller would, and answers what it said; writes nothing. The date is the
 * state's today by default (the day before too, for a night draw not yet on today's page).
 */
export async function testProvider(
  raw: RawClient,
  code: string,
  input: z.output<typeof providerTestInput>,
  now = new Date(),
): Promise<ProviderTestResult> {
  const p = await getProvider(raw, code);
  const baseUrl = input.base_url ?? p.base_url;
  checkUrlForKind(p.kind, baseUrl);
  const settings = { ...settingsOf(p), baseUrl };
  const zone = p.states.includes('TX') || p.states.includes('TN') ? 'America/Chicago' : 'America/New_York';
  const today = zonedDate(now, zone);
  const dates = input.date ? [input.date] : [addDays(today, -1), today];
  const started = Date.now();
  const base = { url: baseUrl, dates, observations: [], problems: [], excerpt: '' };
  try {
    const calendar = baseUrl.startsWith('sandbox:') ? await readDrawCalendar(raw) : [];
    const r = await providerFor(p.kind).fetchResults({
      settings,
      dates,
      fetch: fetchFor(settings, { calendar }),
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
    return {
      ...base,
      ok: true,
      error: null,
      http_status: r.httpStatus,
      observations: r.observations.map((o) => ({
        state: o.state,
        session: o.session,
        draw_date: o.drawDate,
        pick3: o.pick3,
        pick4: o.pick4,
      })),
      problems: r.problems,
      excerpt: r.excerpt,
      duration_ms: Date.now() - started,
    };
  } catch (error) {
    const known = error instanceof ProviderError;
    return {
      ...base,
      ok: false,
      error: known ? error.message : 'La source n’a pas pu être interrogée',
      http_status: known ? error.httpStatus : null,
      excerpt: known ? error.excerpt : '',
      duration_ms: Date.now() - started,
    };
  }
}

const calendarView = (e: CalendarEntryView) => ({ draw_time: e.draw_time, timezone: e.timezone, days: e.days });

export async function updateCalendar(
  database: Database,
  ctx: RequestContext,
  sourceId: number,
  input: z.output<typeof calendarUpdate>,
): Promise<CalendarEntryView> {
  await database.transaction(async (tx) => {
    const before = await lockCalendarEntry(tx, sourceId);
    const days = [...input.days].sort((a, b) => a - b);
    const after = { draw_time: input.draw_time, timezone: input.timezone, days };
    if (JSON.stringify(after) === JSON.stringify(calendarView(before))) return;
    await execute(
      tx,
      sql`UPDATE draw_sources SET draw_time = ${input.draw_time}::time, timezone = ${input.timezone},
                 days = ${days}::smallint[] WHERE id = ${sourceId}`,
    );
    await audit(tx, ctx, {
      action: 'update',
      entity: 'draw_source',
      entityId: sourceId,
      companyId: null,
      before: calendarView(before),
      after,
    });
  });
  return getCalendarEntry(database.raw, sourceId);
}

/** Adding a day already listed replaces its reason (one row per day). */
export async function addHoliday(
  database: Database,
  ctx: RequestContext,
  sourceId: number,
  input: z.output<typeof holidayInput>,
): Promise<CalendarEntryView> {
  await database.transaction(async (tx) => {
    const before = await lockCalendarEntry(tx, sourceId);
    const old = before.holidays.find((h) => h.day === input.day);
    if (old && old.reason === input.reason) return;
    await execute(
      tx,
      sql`INSERT INTO draw_source_holidays (source_id, day, reason) VALUES (${sourceId}, ${input.day}::date, ${input.reason})
          ON CONFLICT (source_id, day) DO UPDATE SET reason = EXCLUDED.reason`,
    );
    await audit(tx, ctx, {
      action: old ? 'update' : 'create',
      entity: 'draw_source_holiday',
      entityId: `${sourceId}:${input.day}`,
      companyId: null,
      before: old ?? null,
      after: { source: before.name, ...input },
    });
  });
  return getCalendarEntry(database.raw, sourceId);
}

export async function removeHoliday(
  database: Database,
  ctx: RequestContext,
  sourceId: number,
  day: string,
): Promise<CalendarEntryView> {
  await database.transaction(async (tx) => {
    const before = await lockCalendarEntry(tx, sourceId);
    const old = before.holidays.find((h) => h.day === day);
    if (!old) return;
    await execute(tx, sql`DELETE FROM draw_source_holidays WHERE source_id = ${sourceId} AND day = ${day}::date`);
    await audit(tx, ctx, {
      action: 'delete',
      entity: 'draw_source_holiday',
      entityId: `${sourceId}:${day}`,
      companyId: null,
      before: { source: before.name, ...old },
    });
  });
  return getCalendarEntry(database.raw, sourceId);
}
