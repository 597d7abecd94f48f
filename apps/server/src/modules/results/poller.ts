import type { PollAnswer, ResultsSettings } from '@borlette/shared/contracts/results';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, rows, sql } from '../../db/sql';
import { type RequestContext, SYSTEM_CONTEXT } from '../../http/context';
import { INSTANCE_ID, releaseLease, tryLease } from '../../jobs/lease';
import { closeAlert, openAlert, reconcile } from './pipeline';
import { applies } from './pipeline-state';
import * as registry from './providers/index';
import type { FetchResult, Observation, ProviderKind, ProviderSettings, ResultProvider } from './providers/types';
import { derive, getSettings, loadSessions, type SessionRow, type SessionScope } from './results-query';

/**
 * The results poller (issue 21 §2): one pass asks each enabled source for the state sessions it covers
 * whose official time + poll_start ≤ now ≤ + give_up and that have no confirmed result yet (draw
 * calendars and holidays are data: draw_sources, draw_source_holidays), at most every poll_every_min;
 * records every fetch; stores what each source said; then recomputes each session (pipeline.ts).
 * One server polls: the pass runs only while this instance holds the lease 'results-poller'.
 */

export const POLLER_LEASE = 'results-poller';
/** Failed fetches in a row before a provider_failing alert. */
export const FAILURES_BEFORE_ALERT = 3;
const FETCH_TIMEOUT_MS = 20_000;

export interface PollerDeps {
  database: Database;
  providerFor?: (kind: ProviderKind) => ResultProvider;
  fetchFor?: (settings: ProviderSettings) => typeof fetch;
  /** The lease's holder (default: this process). */
  holder?: string;
}

export interface PassOptions {
  now?: Date;
  /** A re-poll asked by the superuser: these sessions now, whatever the window and the interval. */
  force?: { date: string; state?: string; session?: string };
  ctx?: RequestContext;
}

const providerRow = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  states: z.array(z.string()),
  base_url: z.string(),
  enabled: z.boolean(),
  poll_start_min: z.number(),
  poll_every_min: z.number(),
  give_up_min: z.number(),
  last_fetch_at: z.string().nullable(),
});

async function enabledProviders(raw: RawClient) {
  const list = await rows(
    raw,
    providerRow,
    sql`SELECT p.code, p.name, p.kind, p.states, p.base_url, p.enabled, p.poll_start_min, p.poll_every_min,
               p.give_up_min, (SELECT to_char(max(f.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                                 FROM result_fetches f WHERE f.provider_code = p.code) AS last_fetch_at
          FROM result_providers p WHERE p.enabled AND p.kind <> 'manual' ORDER BY p.code`,
  );
  return list.map((p) => ({
    settings: {
      code: p.code,
      name: p.name,
      kind: p.kind as ProviderKind,
      states: p.states as ProviderSettings['states'],
      baseUrl: p.base_url,
      enabled: p.enabled,
      pollStartMin: p.poll_start_min,
      pollEveryMin: p.poll_every_min,
      giveUpMin: p.give_up_min,
    } satisfies ProviderSettings,
    lastFetchAt: p.last_fetch_at,
  }));
}

const FINAL = new Set(['confirmed', 'manual']);

/** Sessions past their give-up window still asked while no source has said anything (catch-up). */
const NOTHING_YET = new Set(['', 'waiting', 'late']);

/**
 * The dates a provider should be asked now (empty: not due): the sessions inside their window
 * (official time + poll_start … + give_up) without a final result; and, while it is asked anyway, the
 * ones past their give-up that no source has answered yet (a server down at draw time, a fresh
 * install started the next morning): `sessions` holds the state-local yesterday and today only, so
 * the catch-up ends with the next day.
 */
export function datesDue(
  p: { settings: ProviderSettings; lastFetchAt: string | null },
  sessions: SessionRow[],
  now: Date,
  forced: boolean,
): string[] {
  const s = p.settings;
  const mine = sessions.filter((x) => s.states.includes(x.state_code as never) && !x.day_off);
  const at = now.getTime();
  const drawn = mine.filter((x) => Date.parse(x.official_at) <= at);
  if (forced) return [...new Set(drawn.map((x) => x.draw_date))].sort();
  if (p.lastFetchAt && at - Date.parse(p.lastFetchAt) < s.pollEveryMin * 60_000) return [];
  const due = drawn.filter((x) => {
    const t = Date.parse(x.official_at);
    if (FINAL.has(x.stored_state ?? '') || t + s.pollStartMin * 60_000 > at) return false;
    return at <= t + s.giveUpMin * 60_000 || NOTHING_YET.has(x.stored_state ?? '');
  });
  return [...new Set(due.map((x) => x.draw_date))].sort();
}

/** Asks one provider; a failure is a fetch log row, never a thrown pass. */
async function ask(deps: PollerDeps, settings: ProviderSettings, dates: string[], context: registry.FetchContext) {
  const started = Date.now();
  let result: FetchResult;
  let failed = false;
  try {
    const provider = (deps.providerFor ?? registry.providerFor)(settings.kind);
    const fetcher = deps.fetchFor ? deps.fetchFor(settings) : registry.fetchFor(settings, context);
    result = await provider.fetchResults({
      settings,
      dates,
      fetch: fetcher,
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    failed = true;
    const e = err as { message?: string; httpStatus?: number | null; excerpt?: string };
    result = {
      httpStatus: typeof e.httpStatus === 'number' ? e.httpStatus : null,
      observations: [],
      problems: [String(e.message ?? err).slice(0, 500)],
      excerpt: String(e.excerpt ?? ''),
    };
  }
  return { result, failed, durationMs: Date.now() - started };
}

const DIGITS = { pick3: /^\d{3}$/, pick4: /^\d{4}$/ };

/** Keeps what belongs to the sessions asked (its states, dates, drawn already); the rest is a problem. */
function accept(settings: ProviderSettings, dates: string[], sessions: SessionRow[], now: Date, said: Observation[]) {
  const kept: { o: Observation; sourceId: number }[] = [];
  const problems: string[] = [];
  for (const o of said) {
    const s = sessions.find((x) => x.state_code === o.state && x.session === o.session && x.draw_date === o.drawDate);
    if (!settings.states.includes(o.state) || !dates.includes(o.drawDate)) continue;
    if (!s) problems.push(`Session inconnue : ${o.state} ${o.session} ${o.drawDate}`);
    else if (!DIGITS.pick3.test(o.pick3) || !DIGITS.pick4.test(o.pick4))
      problems.push(`Numéros invalides : ${o.state} ${o.session} ${o.drawDate} ${o.pick3}/${o.pick4}`);
    else if (Date.parse(s.official_at) > now.getTime())
      problems.push(`Résultat avant l’heure officielle ignoré : ${o.state} ${o.session} ${o.drawDate}`);
    else kept.push({ o, sourceId: s.source_id });
  }
  return { kept, problems };
}

async function record(
  raw: RawClient,
  code: string,
  dates: string[],
  a: Awaited<ReturnType<typeof ask>>,
  extra: {
    kept: { o: Observation; sourceId: number }[];
    problems: string[];
    forced: boolean;
    now: Date;
  },
) {
  const outcome = a.failed ? 'failed' : extra.kept.length ? 'ok' : 'empty';
  const observations = JSON.stringify(extra.kept.map((k) => k.o));
  const problems = [...a.result.problems, ...extra.problems].map((p) => p.slice(0, 500)).slice(0, 50);
  await execute(
    raw,
    sql`INSERT INTO result_fetches (provider_code, at, dates, http_status, outcome, observations, problems, excerpt,
                                    duration_ms, forced)
        VALUES (${code}, ${extra.now.toISOString()}::timestamptz, ${dates}::date[], ${a.result.httpStatus}, ${outcome},
                ${observations}::jsonb, ${problems}::text[], ${a.result.excerpt.slice(0, 2000)}, ${a.durationMs},
                ${extra.forced})`,
  );
  for (const { o, sourceId } of extra.kept) {
    await execute(
      raw,
      sql`INSERT INTO result_observations AS r (source_id, draw_date, provider_code, pick3, pick4, first_seen_at, last_seen_at)
          VALUES (${sourceId}, ${o.drawDate}::date, ${code}, ${o.pick3}, ${o.pick4}, ${extra.now.toISOString()}::timestamptz,
                  ${extra.now.toISOString()}::timestamptz)
          ON CONFLICT (source_id, draw_date, provider_code) DO UPDATE SET
            first_seen_at = CASE WHEN r.pick3 = excluded.pick3 AND r.pick4 = excluded.pick4
                                 THEN r.first_seen_at ELSE excluded.first_seen_at END,
            pick3 = excluded.pick3, pick4 = excluded.pick4, last_seen_at = excluded.last_seen_at`,
    );
  }
  const subject = `provider:${code}`;
  if (!a.failed) return closeAlert(raw, subject);
  const [{ n }] = await rows(
    raw,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM (SELECT outcome FROM result_fetches WHERE provider_code = ${code}
                                          ORDER BY at DESC, id DESC LIMIT ${FAILURES_BEFORE_ALERT}) AS last
         WHERE outcome = 'failed'`,
  );
  if (n >= FAILURES_BEFORE_ALERT)
    await openAlert(raw, {
      kind: 'provider_failing',
      subject,
      provider: code,
      message: `La source ${code} échoue (${FAILURES_BEFORE_ALERT} requêtes de suite) : ${problems[0] ?? 'sans réponse'}.`,
    });
}

/** A session whose stored state is behind, or whose numbers are to be applied (the others cost nothing). */
function needsWork(s: SessionRow, now: Date, settings: ResultsSettings): boolean {
  const d = derive(s, now, settings.late_after_min);
  if (d.state !== (s.stored_state ?? 'waiting')) return true;
  const differs = d.pick3 !== s.published_pick3 || d.pick4 !== s.published_pick4;
  return applies(d.state, settings.apply_mode) && differs;
}

/**
 * One pass of the poller. Answers ran: false when another server holds the lease (a forced re-poll
 * runs whatever the lease: the superuser asked, and every step is safe beside the poller).
 */
export async function pollPass(deps: PollerDeps, opts: PassOptions = {}): Promise<PollAnswer> {
  const { database } = deps;
  const raw = database.raw;
  const now = opts.now ?? new Date();
  const holder = deps.holder ?? INSTANCE_ID;
  const forced = Boolean(opts.force);
  if (!forced && !(await tryLease(raw, POLLER_LEASE, holder, 2 * 60_000))) {
    return { ran: false, fetches: 0, observations: 0, applied: 0 };
  }
  const scope: SessionScope = opts.force ?? { around: now };
  const [settings, providers, sessions] = await Promise.all([
    getSettings(raw),
    enabledProviders(raw),
    loadSessions(raw, scope),
  ]);
  // The sandbox feed publishes from the same calendar, at this pass's clock.
  const context: registry.FetchContext = { calendar: await registry.readDrawCalendar(raw), now: () => now };
  let fetches = 0;
  let observations = 0;
  for (const p of providers) {
    const dates = datesDue(p, sessions, now, forced);
    if (!dates.length) continue;
    const a = await ask(deps, p.settings, dates, context);
    const { kept, problems } = accept(p.settings, dates, sessions, now, a.result.observations);
    await record(raw, p.settings.code, dates, a, { kept, problems, forced, now });
    fetches++;
    observations += kept.length;
  }
  let applied = 0;
  for (const s of await loadSessions(raw, scope)) {
    if (!needsWork(s, now, settings)) continue;
    const key = { sourceId: s.source_id, date: s.draw_date };
    const done = await reconcile(database, opts.ctx ?? SYSTEM_CONTEXT, key, now, settings);
    if (done?.published) applied++;
  }
  return { ran: true, fetches, observations, applied };
}

/** Lets another server take the poller at once (this one is closing). */
export async function leavePoller(database: Database, holder = INSTANCE_ID): Promise<void> {
  await releaseLease(database.raw, POLLER_LEASE, holder);
}
