import type {
  ResultConfirmAnswer,
  ResultsSettings,
  resultConfirmInput,
  resultPollInput,
} from '@borlette/shared/contracts/results';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, firstRow, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { publishTirageAuto } from '../info-tirage/tirage-auto.service';
import { loadSession, reconcileLocked, withSessionLease } from './pipeline';
import { type PollerDeps, pollPass } from './poller';
import { derive, getSettings, openAlerts, toRow } from './results-query';

/** The superuser's acts on the results pipeline: confirm or enter a result, re-poll, settings. */

type ConfirmValues = z.output<typeof resultConfirmInput>;

const sourceId = z.object({ id: z.number() });

/**
 * Confirms the numbers of a state session (those in force when none are given: a provisional result),
 * or enters them by hand; publishes them to every company draw following the session and records the
 * decision (it stands until a source later gives other numbers: conflict). Under the session's lease:
 * parallel confirmations run one after the other, and the same numbers again change nothing.
 */
export async function confirmResult(
  database: Database,
  ctx: RequestContext,
  v: ConfirmValues,
): Promise<ResultConfirmAnswer> {
  const user = authOf(ctx);
  const src = await firstRow(
    database.raw,
    sourceId,
    sql`SELECT id FROM draw_sources WHERE state = ${v.state} AND session = ${v.session}`,
  );
  if (!src) throw notFound(`Source officielle introuvable : ${v.state} ${v.session}.`);
  const key = { sourceId: src.id, date: v.draw_date };
  return withSessionLease(database, key, async () => {
    const settings = await getSettings(database.raw);
    const now = new Date();
    const before = await loadSession(database.raw, key);
    if (!before) throw notFound('Session introuvable.');
    const d = derive(before, now, settings.late_after_min);
    const numbers =
      v.pick3 && v.pick4
        ? { pick3: v.pick3, pick4: v.pick4 }
        : d.pick3 && d.pick4
          ? { pick3: d.pick3, pick4: d.pick4 }
          : null;
    if (!numbers || (!v.pick3 && d.state === 'conflict')) {
      const message =
        d.state === 'conflict'
          ? 'Les sources ne s’accordent pas : choisissez le Pick 3 et le Pick 4 à confirmer.'
          : 'Aucun résultat à confirmer : saisissez le Pick 3 et le Pick 4.';
      throw badRequest(message, { pick3: message });
    }
    // Checks the day and the hour, then publishes (idempotent: the same numbers change nothing).
    const answer = await publishTirageAuto(database, ctx, { ...v, pick3: numbers.pick3, pick4: numbers.pick4 });
    const same =
      before.decided_pick3 === numbers.pick3 && before.decided_pick4 === numbers.pick4 && d.state !== 'conflict';
    if (!same) {
      const manual = !before.observations.some((o) => o.pick3 === numbers.pick3 && o.pick4 === numbers.pick4);
      await database.transaction(async (tx) => {
        await execute(
          tx,
          sql`INSERT INTO result_status (source_id, draw_date, state, decided_by, decided_at, decided_pick3, decided_pick4)
              VALUES (${key.sourceId}, ${key.date}::date, ${manual ? 'manual' : 'confirmed'}, ${user.userId}, now(),
                      ${numbers.pick3}, ${numbers.pick4})
              ON CONFLICT (source_id, draw_date) DO UPDATE SET decided_by = excluded.decided_by,
                decided_at = excluded.decided_at, decided_pick3 = excluded.decided_pick3,
                decided_pick4 = excluded.decided_pick4, updated_at = now()`,
        );
        await audit(tx, ctx, {
          action: manual ? 'result_manual' : 'result_confirm',
          entity: 'result_status',
          entityId: `${key.sourceId}:${key.date}`,
          companyId: null,
          before: { state: d.state, pick3: d.pick3, pick4: d.pick4 },
          after: {
            state: v.state,
            session: v.session,
            draw_date: v.draw_date,
            ...numbers,
            version: answer.result.version,
          },
        });
      });
      await execute(
        database.raw,
        sql`UPDATE result_status SET applied_version = ${answer.result.version},
                   applied_companies = ${answer.result.companies}, applied_at = now()
             WHERE source_id = ${key.sourceId} AND draw_date = ${key.date}::date`,
      );
    }
    const after = await loadSession(database.raw, key);
    if (!after) throw notFound('Session introuvable.');
    const done = await reconcileLocked(database, ctx, after, new Date(), settings);
    const fresh = (await loadSession(database.raw, key)) ?? after;
    const row = toRow(fresh, done.derived, await openAlerts(database.raw, key.date));
    return { row, companies: answer.companies };
  });
}

/** Re-poll now (the superuser's « Relancer »): the sources covering these sessions, whatever their interval. */
export async function pollNow(deps: PollerDeps, ctx: RequestContext, v: z.output<typeof resultPollInput>) {
  return pollPass(deps, { force: { date: v.draw_date, state: v.state, session: v.session }, ctx });
}

export async function saveSettings(database: Database, ctx: RequestContext, v: ResultsSettings) {
  const user = authOf(ctx);
  return database.transaction(async (tx) => {
    // Under the row's lock: parallel saves apply one after the other, each audited with what it replaced.
    const before = await getSettings(tx, { lock: true });
    const after = await oneRow(
      tx,
      z.object({ apply_mode: z.enum(['confirmed', 'provisional']), late_after_min: z.number() }),
      sql`UPDATE results_settings SET apply_mode = ${v.apply_mode}, late_after_min = ${v.late_after_min},
                 updated_by = ${user.userId}, updated_at = now()
           WHERE id = 1 RETURNING apply_mode, late_after_min`,
    );
    if (before.apply_mode !== after.apply_mode || before.late_after_min !== after.late_after_min)
      await audit(tx, ctx, {
        action: 'update',
        entity: 'results_settings',
        entityId: 1,
        companyId: null,
        before,
        after,
      });
    return after;
  });
}
