import type {
  DrawResult,
  TirageAutoAnswer,
  TirageAutoCompany,
  tirageAutoInput,
} from '@borlette/shared/contracts/info-tirage';
import { sourceLabel, stateLabel } from '@borlette/shared/draw-states';
import { lotsFromResult } from '@borlette/shared/game/lots';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, badRequest, databaseRefusal, notFound } from '../../http/errors';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { iso } from './info-tirage.query';
import { correctResult, insertResult, lockDraw, settle } from './results';

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

export const DRAW_RESULT_COLUMNS = `
  dr.id, dr.source_id, s.name AS source_name, s.state, s.session, to_char(dr.draw_date, 'YYYY-MM-DD') AS draw_date,
  dr.pick3, dr.pick4, dr.version, ${iso('dr.published_at')} AS published_at, ${iso('dr.updated_at')} AS updated_at,
  (SELECT count(*)::int FROM tirages t
     JOIN info_tirages i ON i.company_id = t.company_id AND i.tirage_id = t.id AND i.draw_date = dr.draw_date
    WHERE t.source_id = dr.source_id AND i.pick3 = dr.pick3 AND i.pick4 = dr.pick4) AS companies`;
export const DRAW_RESULT_FROM = 'FROM draw_results dr JOIN draw_sources s ON s.id = dr.source_id';

export type DrawResultRow = Omit<DrawResult, 'lot1' | 'lot2' | 'lot3'>;

export function toDrawResult(r: DrawResultRow): DrawResult {
  const { lot1, lot2, lot3 } = lotsFromResult(r);
  return { ...r, lot1, lot2, lot3 };
}

export async function getDrawResult(raw: RawClient, id: number): Promise<DrawResult> {
  const params = new SqlParams();
  const [row] = await raw.query<DrawResultRow>(
    `SELECT ${DRAW_RESULT_COLUMNS} ${DRAW_RESULT_FROM} WHERE dr.id = ${params.p(id)}`,
    params.values,
  );
  return toDrawResult(orNotFound(row, 'Résultat introuvable.'));
}

const DAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

interface Source {
  id: number;
  name: string;
  state_name: string;
  timezone: string;
  days: number[];
  dow: number;
  drawn: boolean;
  draw_time: string;
}

async function findSource(raw: RawClient, v: TirageAutoValues): Promise<Source> {
  const [s] = await raw.query<Source>(
    `SELECT id, name, state_name, timezone, days::int[] AS days, extract(dow FROM $3::date)::int AS dow,
            (($3::date + draw_time) AT TIME ZONE timezone) <= now() AS drawn, to_char(draw_time, 'HH24:MI') AS draw_time
       FROM draw_sources WHERE state = $1 AND session = $2`,
    [v.state, v.session, v.draw_date],
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
async function upsertDrawResult(database: Database, request: FastifyRequest, source: Source, v: TirageAutoValues) {
  const actorId = authOf(request).userId;
  return database.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO draw_results (source_id, draw_date, pick3, pick4, published_by) VALUES ($1, $2::date, $3, $4, $5)
       ON CONFLICT (source_id, draw_date) DO NOTHING RETURNING id`,
      [source.id, v.draw_date, v.pick3, v.pick4, actorId],
    );
    if (created) {
      await audit(tx, request, {
        action: 'create',
        entity: 'draw_result',
        entityId: created.id,
        companyId: null,
        after: { source: source.name, draw_date: v.draw_date, pick3: v.pick3, pick4: v.pick4 },
      });
      return created.id;
    }
    const [cur] = await tx.query<{ id: number; pick3: string; pick4: string; version: number }>(
      'SELECT id, pick3, pick4, version FROM draw_results WHERE source_id = $1 AND draw_date = $2::date FOR UPDATE',
      [source.id, v.draw_date],
    );
    if (cur.pick3 === v.pick3 && cur.pick4 === v.pick4) return cur.id;
    await tx.query(
      `UPDATE draw_results SET pick3 = $2, pick4 = $3, version = version + 1, published_by = $4, updated_at = now()
        WHERE id = $1`,
      [cur.id, v.pick3, v.pick4, actorId],
    );
    await audit(tx, request, {
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

interface CompanyDraw {
  company_id: number;
  company_name: string;
  tirage_id: number;
  tirage_name: string;
}

/** One company draw, in its own transaction: a refusal there never holds the others back. */
async function applyToDraw(
  database: Database,
  request: FastifyRequest,
  d: CompanyDraw,
  drawResultId: number,
  v: TirageAutoValues,
): Promise<TirageAutoCompany> {
  const actorId = authOf(request).userId;
  const key = { companyId: d.company_id, tirageId: d.tirage_id, date: v.draw_date };
  const write = { ...key, pick3: v.pick3, pick4: v.pick4, origin: 'auto' as const, drawResultId, actorId };
  const base = { ...d, message: null, settlement: null };
  try {
    return await database.transaction(async (tx): Promise<TirageAutoCompany> => {
      await lockDraw(tx, d.tirage_id);
      const [cur] = await tx.query<{ id: number; pick3: string; pick4: string; version: number }>(
        'SELECT id, pick3, pick4, version FROM info_tirages WHERE company_id = $1 AND tirage_id = $2 AND draw_date = $3::date',
        [d.company_id, d.tirage_id, v.draw_date],
      );
      if (cur && cur.pick3 === v.pick3 && cur.pick4 === v.pick4) return { ...base, outcome: 'unchanged' };
      const row = cur ? { id: cur.id, ...(await correctResult(tx, cur.id, write)) } : await insertResult(tx, write);
      const id = row?.id ?? null;
      const settlement = await settle(tx, key, actorId, v.confirm);
      await audit(tx, request, {
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
    await audit(database.raw, request, {
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
  request: FastifyRequest,
  v: TirageAutoValues,
): Promise<TirageAutoAnswer> {
  const source = await findSource(database.raw, v);
  const drawResultId = await upsertDrawResult(database, request, source, v);
  // Every company's draws that follow the source (blocked ones too: their tickets are settled).
  const draws = await database.raw.query<CompanyDraw>(
    `SELECT t.company_id, c.name AS company_name, t.id AS tirage_id, t.name AS tirage_name
       FROM tirages t JOIN companies c ON c.id = t.company_id
      WHERE t.source_id = $1 ORDER BY t.company_id, t.id`,
    [source.id],
  );
  const companies: TirageAutoCompany[] = [];
  for (const d of draws) companies.push(await applyToDraw(database, request, d, drawResultId, v));
  return { result: await getDrawResult(database.raw, drawResultId), companies };
}
