import type { TirageAutoAnswer, TirageAutoCompany, tirageAutoInput } from '@borlette/shared/contracts/info-tirage';
import { sourceLabel, stateLabel } from '@borlette/shared/draw-states';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, databaseRefusal, notFound } from '../../http/errors';
import { correctResult, insertResult, lockDraw, settle } from './results';
import { getDrawResult } from './tirage-auto-query';

/**
 * The platform's results (« tirage automatique »): published once per source and date, then given
 * to every company draw that follows the source, each company in its own transaction.
 *
 * Idempotent, so that a results feed may push the same call again (after a timeout, on a schedule):
 * the same numbers change nothing (no version, no settlement, no audit entry); different numbers
 * are a correction (a new version everywhere, tickets re-settled). A company whose paid tickets
 * would change is left as it is ('refused') unless `confirm`; pushing again with `confirm: true`
 * corrects only the companies still behind.
 */

/** The superuser who publishes, or null for the results poller (SYSTEM_CONTEXT, issue 21). */
const actorOf = (ctx: RequestContext) => ctx.auth?.userId ?? null;

const DAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

const sourceRow = z.object({
  id: z.number(),
  name: z.string(),
  state_name: z.string(),
  timezone: z.string(),
  days: z.array(z.number()),
  dow: z.number(),
  drawn: z.boolean(),
  draw_time: z.string(),
});
type Source = z.output<typeof sourceRow>;

async function findSource(raw: RawClient, v: TirageAutoValues): Promise<Source> {
  const s = await firstRow(
    raw,
    sourceRow,
    sql`SELECT id, name, state_name, timezone, days::int[] AS days, extract(dow FROM ${v.draw_date}::date)::int AS dow,
               ((${v.draw_date}::date + draw_time) AT TIME ZONE timezone) <= now() AS drawn,
               to_char(draw_time, 'HH24:MI') AS draw_time
          FROM draw_sources WHERE state = ${v.state} AND session = ${v.session}`,
  );
  if (!s) throw notFound(`Source officielle introuvable : ${v.state} ${v.session}.`);
  if (!s.days.includes(s.dow)) {
    const message = `Le tirage ${sourceLabel(s.name, 'fr')} n’a pas lieu le ${DAYS[s.dow]}.`;
    throw badRequest(message, { draw_date: message });
  }
  if (!s.drawn) {
    // The reference table names the states in English; people read them in French (shared/draw-states).
    const day = `${v.draw_date.slice(8, 10)}/${v.draw_date.slice(5, 7)}/${v.draw_date.slice(0, 4)}`;
    const message = `Trop tôt : le tirage ${sourceLabel(s.name, 'fr')} du ${day} a lieu à ${s.draw_time} (heure de ${stateLabel(v.state, 'fr')}). Publiez son résultat après.`;
    throw new AppError(409, 'TOO_EARLY', message, { draw_date: message });
  }
  return s;
}

/** Stores the platform's result: new, unchanged (same numbers) or corrected (a new version). */
async function upsertDrawResult(database: Database, ctx: RequestContext, source: Source, v: TirageAutoValues) {
  const actorId = actorOf(ctx);
  return database.transaction(async (tx) => {
    const created = await firstRow(
      tx,
      z.object({ id: z.number() }),
      sql`INSERT INTO draw_results (source_id, draw_date, pick3, pick4, published_by)
          VALUES (${source.id}, ${v.draw_date}::date, ${v.pick3}, ${v.pick4}, ${actorId})
          ON CONFLICT (source_id, draw_date) DO NOTHING RETURNING id`,
    );
    if (created) {
      await audit(tx, ctx, {
        action: 'create',
        entity: 'draw_result',
        entityId: created.id,
        companyId: null,
        after: { source: source.name, draw_date: v.draw_date, pick3: v.pick3, pick4: v.pick4 },
      });
      return created.id;
    }
    const cur = await oneRow(
      tx,
      currentRow,
      sql`SELECT id, pick3, pick4, version FROM draw_results
           WHERE source_id = ${source.id} AND draw_date = ${v.draw_date}::date FOR UPDATE`,
    );
    if (cur.pick3 === v.pick3 && cur.pick4 === v.pick4) return cur.id;
    await execute(
      tx,
      sql`UPDATE draw_results SET pick3 = ${v.pick3}, pick4 = ${v.pick4}, version = version + 1,
                 published_by = ${actorId}, updated_at = now()
           WHERE id = ${cur.id}`,
    );
    await audit(tx, ctx, {
      action: 'correct',
      entity: 'draw_result',
      entityId: cur.id,
      companyId: null,
      before: { pick3: cur.pick3, pick4: cur.pick4, version: cur.version },
      after: { pick3: v.pick3, pick4: v.pick4, version: cur.version + 1 },
    });
    return cur.id;
  });
}

/** The numbers in force of a platform result or of a company's result. */
const currentRow = z.object({ id: z.number(), pick3: z.string(), pick4: z.string(), version: z.number() });

const companyDraw = z.object({
  company_id: z.number(),
  company_name: z.string(),
  tirage_id: z.number(),
  tirage_name: z.string(),
});
type CompanyDraw = z.output<typeof companyDraw>;

/** One company draw, in its own transaction: a refusal there never holds the others back. */
async function applyToDraw(
  database: Database,
  ctx: RequestContext,
  d: CompanyDraw,
  drawResultId: number,
  v: TirageAutoValues,
): Promise<TirageAutoCompany> {
  const actorId = actorOf(ctx);
  const key = { companyId: d.company_id, tirageId: d.tirage_id, date: v.draw_date };
  const write = { ...key, pick3: v.pick3, pick4: v.pick4, origin: 'auto' as const, drawResultId, actorId };
  const base = { ...d, message: null, settlement: null };
  try {
    return await database.transaction(async (tx): Promise<TirageAutoCompany> => {
      await lockDraw(tx, d.tirage_id);
      const cur = await firstRow(
        tx,
        currentRow,
        sql`SELECT id, pick3, pick4, version FROM info_tirages
             WHERE company_id = ${d.company_id} AND tirage_id = ${d.tirage_id} AND draw_date = ${v.draw_date}::date`,
      );
      if (cur && cur.pick3 === v.pick3 && cur.pick4 === v.pick4) return { ...base, outcome: 'unchanged' };
      const row = cur ? { id: cur.id, ...(await correctResult(tx, cur.id, write)) } : await insertResult(tx, write);
      const id = row?.id ?? null;
      const settlement = await settle(tx, key, actorId, v.confirm);
      await audit(tx, ctx, {
        action: cur ? 'correct' : 'create',
        entity: 'info_tirage',
        entityId: id,
        companyId: d.company_id,
        before: cur ? { pick3: cur.pick3, pick4: cur.pick4, version: cur.version } : undefined,
        after: {
          origin: 'auto',
          draw_result_id: drawResultId,
          pick3: v.pick3,
          pick4: v.pick4,
          version: row?.version,
          settlement,
        },
      });
      return { ...base, outcome: cur ? 'corrected' : 'settled', settlement };
    });
  } catch (err) {
    const refused = databaseRefusal(err);
    if (refused?.body.code !== 'PAID_TICKETS') throw err;
    const message = String(refused.body.message);
    await audit(database.raw, ctx, {
      action: 'correction_refused',
      entity: 'info_tirage',
      entityId: null,
      companyId: d.company_id,
      after: { tirage_id: d.tirage_id, draw_date: v.draw_date, pick3: v.pick3, pick4: v.pick4, message },
    });
    return { ...base, outcome: 'refused', message };
  }
}

export type TirageAutoValues = z.output<typeof tirageAutoInput>;

export async function publishTirageAuto(
  database: Database,
  ctx: RequestContext,
  v: TirageAutoValues,
): Promise<TirageAutoAnswer> {
  const source = await findSource(database.raw, v);
  const drawResultId = await upsertDrawResult(database, ctx, source, v);
  // Every company's draws that follow the source (blocked ones too: their tickets are settled).
  const draws = await rows(
    database.raw,
    companyDraw,
    sql`SELECT t.company_id, c.name AS company_name, t.id AS tirage_id, t.name AS tirage_name
          FROM tirages t JOIN companies c ON c.id = t.company_id
         WHERE t.source_id = ${source.id} ORDER BY t.company_id, t.id`,
  );
  const companies: TirageAutoCompany[] = [];
  for (const d of draws) companies.push(await applyToDraw(database, ctx, d, drawResultId, v));
  return { result: await getDrawResult(database.raw, drawResultId), companies };
}
