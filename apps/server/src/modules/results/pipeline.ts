import type { ResultsSettings } from '@borlette/shared/contracts/results';
import { sourceLabel } from '@borlette/shared/draw-states';
import type { Database, RawClient } from '../../db/client';
import { execute, sql } from '../../db/sql';
import type { RequestContext } from '../../http/context';
import { withLease } from '../../jobs/lease';
import { publishTirageAuto } from '../info-tirage/tirage-auto.service';
import type { Derived } from './pipeline-state';
import { applies } from './pipeline-state';
import { derive, loadSessions, type SessionRow } from './results-query';

/**
 * One state session's result on one date: its state recomputed from what is stored, the numbers applied
 * to the companies' draws when the state says so (through « Tirage automatique »'s publication: new
 * version, re-settlement, companies with paid tickets left behind unless confirmed), its status row and
 * its alerts written. One caller at a time per session and date, across servers (a lease).
 */

export interface SessionKey {
  sourceId: number;
  date: string;
}

const leaseName = (k: SessionKey) => `result:${k.sourceId}:${k.date}`;

export function withSessionLease<T>(database: Database, k: SessionKey, fn: () => Promise<T>): Promise<T> {
  return withLease(database.raw, leaseName(k), fn);
}

export async function loadSession(raw: RawClient, k: SessionKey): Promise<SessionRow | undefined> {
  const [s] = await loadSessions(raw, { date: k.date, sourceId: k.sourceId });
  return s;
}

const day = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const label = (s: SessionRow) => `${sourceLabel(s.source_name, 'fr')} du ${day(s.draw_date)}`;

export async function openAlert(
  raw: RawClient,
  a: { kind: string; subject: string; sourceId?: number; provider?: string; date?: string; message: string },
) {
  await execute(
    raw,
    sql`INSERT INTO result_alerts (kind, subject, source_id, provider_code, draw_date, message)
        VALUES (${a.kind}, ${a.subject}, ${a.sourceId ?? null}, ${a.provider ?? null}, ${a.date ?? null}::date, ${a.message})
        ON CONFLICT (subject) WHERE closed_at IS NULL DO NOTHING`,
  );
}

export async function closeAlert(raw: RawClient, subject: string) {
  await execute(raw, sql`UPDATE result_alerts SET closed_at = now() WHERE subject = ${subject} AND closed_at IS NULL`);
}

async function sessionAlerts(raw: RawClient, s: SessionRow, d: Derived, lateAfterMin: number) {
  const base = { sourceId: s.source_id, date: s.draw_date };
  const late = `late:${s.source_id}:${s.draw_date}`;
  const conflict = `conflict:${s.source_id}:${s.draw_date}`;
  if (d.state === 'late')
    await openAlert(raw, {
      ...base,
      kind: 'late',
      subject: late,
      message: `Retard : aucun résultat pour ${label(s)}, ${lateAfterMin} min après l’heure officielle (${s.official_time}).`,
    });
  else await closeAlert(raw, late);
  if (d.state === 'conflict') {
    const said = s.observations.map((o) => `${o.provider_code} : ${o.pick3}/${o.pick4}`).join(', ');
    await openAlert(raw, {
      ...base,
      kind: 'conflict',
      subject: conflict,
      message: `Conflit : les sources ne donnent pas le même résultat pour ${label(s)} (${said}). Rien n’est appliqué avant confirmation.`,
    });
  } else await closeAlert(raw, conflict);
}

export interface Reconciled {
  derived: Derived;
  /** The publication's answer when numbers were applied now. */
  published: Awaited<ReturnType<typeof publishTirageAuto>> | null;
}

/** Recompute, apply and record one session (the caller holds its lease). */
export async function reconcileLocked(
  database: Database,
  ctx: RequestContext,
  s: SessionRow,
  now: Date,
  settings: ResultsSettings,
): Promise<Reconciled> {
  const d = derive(s, now, settings.late_after_min);
  const differs = d.pick3 !== s.published_pick3 || d.pick4 !== s.published_pick4;
  let published: Reconciled['published'] = null;
  if (applies(d.state, settings.apply_mode) && differs && d.pick3 && d.pick4) {
    published = await publishTirageAuto(database, ctx, {
      state: s.state_code,
      session: s.session,
      draw_date: s.draw_date,
      pick3: d.pick3,
      pick4: d.pick4,
      confirm: false,
    });
  }
  const raw = database.raw;
  // A session still waiting with nothing stored stays without a row: the board derives it from the clock.
  if (d.state !== 'waiting' || s.stored_state !== null) {
    const applied = published?.result;
    await execute(
      raw,
      sql`INSERT INTO result_status (source_id, draw_date, state, pick3, pick4, sources, arrived_at,
                                     applied_version, applied_companies, applied_at)
          VALUES (${s.source_id}, ${s.draw_date}::date, ${d.state}, ${d.pick3}, ${d.pick4}, ${d.sources}::text[],
                  ${d.arrivedAt}::timestamptz, ${applied?.version ?? null}, ${applied?.companies ?? null},
                  ${applied ? now.toISOString() : null}::timestamptz)
          ON CONFLICT (source_id, draw_date) DO UPDATE SET
            state = excluded.state, pick3 = excluded.pick3, pick4 = excluded.pick4, sources = excluded.sources,
            arrived_at = excluded.arrived_at,
            applied_version = coalesce(excluded.applied_version, result_status.applied_version),
            applied_companies = coalesce(excluded.applied_companies, result_status.applied_companies),
            applied_at = coalesce(excluded.applied_at, result_status.applied_at),
            updated_at = now()`,
    );
  }
  await sessionAlerts(raw, s, d, settings.late_after_min);
  return { derived: d, published };
}

/** Recompute, apply and record one session, under its lease. */
export async function reconcile(
  database: Database,
  ctx: RequestContext,
  k: SessionKey,
  now: Date,
  settings: ResultsSettings,
): Promise<Reconciled | null> {
  return withSessionLease(database, k, async () => {
    const s = await loadSession(database.raw, k);
    return s ? reconcileLocked(database, ctx, s, now, settings) : null;
  });
}
