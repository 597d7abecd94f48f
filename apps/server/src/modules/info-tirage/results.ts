import type { Settlement } from '@borlette/shared/contracts/info-tirage';
import { toCentimes } from '@borlette/shared/contracts/money';
import { lotsFromResult } from '@borlette/shared/game/lots';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { execute, firstRow, oneRow, sql } from '../../db/sql';

/**
 * The writes of a result, shared by the company's own entry (info-tirage) and the platform's
 * publication (tirage-auto). Each runs inside the caller's transaction, after `lockDraw`.
 */

/** Results of a draw exclude its sales, payments and cancellations (they take the shared form). */
export async function lockDraw(tx: RawClient, tirageId: number) {
  await tx.query('SELECT borlette_lock_draws(ARRAY[$1::bigint], true)', [tirageId]);
}

const versionRow = z.object({ version: z.number() });
/** borlette_settle's json (its counts and amount as the engine writes them). */
const settleRow = z.object({
  s: z.object({
    tickets: z.unknown(),
    winners: z.unknown(),
    win_amount: z.unknown(),
    changed_lines: z.unknown(),
    reversed: z.unknown(),
  }),
});

export interface ResultKey {
  companyId: number;
  tirageId: number;
  date: string;
}

export interface ResultWrite extends ResultKey {
  pick3: string;
  pick4: string;
  origin: 'manual' | 'auto';
  drawResultId?: number | null;
  actorId: number | null;
  reason?: string | null;
}

async function addVersion(
  tx: RawClient,
  w: ResultKey & {
    version: number;
    pick3: string | null;
    pick4: string | null;
    origin: string;
    actorId: number | null;
    reason?: string | null;
  },
) {
  await execute(
    tx,
    sql`INSERT INTO info_tirage_versions (company_id, tirage_id, draw_date, version, pick3, pick4, origin, reason, actor_id)
        VALUES (${w.companyId}, ${w.tirageId}, ${w.date}::date, ${w.version}, ${w.pick3}, ${w.pick4}, ${w.origin},
                ${w.reason ?? null}, ${w.actorId})`,
  );
}

/**
 * A first result for the draw and date (after a withdrawal, its version follows the history).
 * Null when a result exists already.
 */
export async function insertResult(tx: RawClient, w: ResultWrite): Promise<{ id: number; version: number } | null> {
  const lots = lotsFromResult(w);
  const row = await firstRow(
    tx,
    z.object({ id: z.number(), version: z.number() }),
    sql`INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, version, origin,
                                  draw_result_id, created_by, updated_by)
        SELECT ${w.companyId}, ${w.tirageId}, ${w.date}::date, ${w.pick3}, ${w.pick4}, ${lots.lot1}, ${lots.lot2}, ${lots.lot3},
               coalesce((SELECT max(v.version) FROM info_tirage_versions v
                          WHERE v.company_id = ${w.companyId} AND v.tirage_id = ${w.tirageId}
                            AND v.draw_date = ${w.date}::date), 0) + 1,
               ${w.origin}, ${w.drawResultId ?? null}, ${w.actorId}, ${w.actorId}
       ON CONFLICT (company_id, tirage_id, draw_date) DO NOTHING
       RETURNING id, version`,
  );
  if (!row) return null;
  await addVersion(tx, { ...w, version: row.version });
  return row;
}

/** A correction: the next version of the result in force. Null when it no longer exists. */
export async function correctResult(tx: RawClient, id: number, w: ResultWrite): Promise<{ version: number } | null> {
  const lots = lotsFromResult(w);
  const row = await firstRow(
    tx,
    versionRow,
    sql`UPDATE info_tirages SET pick3 = ${w.pick3}, pick4 = ${w.pick4}, lot1 = ${lots.lot1}, lot2 = ${lots.lot2},
               lot3 = ${lots.lot3}, version = version + 1, origin = ${w.origin},
               draw_result_id = coalesce(${w.drawResultId ?? null}, draw_result_id), updated_by = ${w.actorId},
               updated_at = now()
         WHERE company_id = ${w.companyId} AND id = ${id}
         RETURNING version`,
  );
  if (!row) return null;
  await addVersion(tx, { ...w, version: row.version });
  return row;
}

/** Withdraws the result in force (a version with no numbers keeps the trace). Null when there is none. */
export async function withdrawResult(
  tx: RawClient,
  id: number,
  w: ResultKey & { actorId: number | null; reason?: string | null },
): Promise<{ version: number } | null> {
  const row = await firstRow(
    tx,
    versionRow,
    sql`DELETE FROM info_tirages WHERE company_id = ${w.companyId} AND id = ${id} RETURNING version`,
  );
  if (!row) return null;
  await addVersion(tx, { ...w, version: row.version + 1, pick3: null, pick4: null, origin: 'manual' });
  return { version: row.version + 1 };
}

/** Settles the draw's tickets against the result in force (raises PAID_TICKETS unless `confirm`). */
export async function settle(
  tx: RawClient,
  key: ResultKey,
  actorId: number | null,
  confirm: boolean,
): Promise<Settlement> {
  const { s } = await oneRow(
    tx,
    settleRow,
    sql`SELECT borlette_settle(${key.companyId}, ${key.tirageId}, ${key.date}::date, ${actorId}, ${confirm}) AS s`,
  );
  return {
    tickets: Number(s.tickets),
    winners: Number(s.winners),
    win_amount: toCentimes(s.win_amount) as number, // exact past 2^53 (contracts/money.ts)
    changed_lines: Number(s.changed_lines),
    reversed: Number(s.reversed),
  };
}
