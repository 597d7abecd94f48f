import type { Settlement } from '@borlette/shared/contracts/info-tirage';
import { toCentimes } from '@borlette/shared/contracts/money';
import { lotsFromResult } from '@borlette/shared/game/lots';
import type { RawClient } from '../../db/client';

/**
 * The writes of a result, shared by the company's own entry (info-tirage) and the platform's
 * publication (tirage-auto). Each runs inside the caller's transaction, after `lockDraw`.
 */

/** Results of a draw exclude its sales, payments and cancellations (they take the shared form). */
export async function lockDraw(tx: RawClient, tirageId: number) {
  await tx.query('SELECT borlette_lock_draws(ARRAY[$1::bigint], true)', [tirageId]);
}

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
  await tx.query(
    `INSERT INTO info_tirage_versions (company_id, tirage_id, draw_date, version, pick3, pick4, origin, reason, actor_id)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9)`,
    [w.companyId, w.tirageId, w.date, w.version, w.pick3, w.pick4, w.origin, w.reason ?? null, w.actorId],
  );
}

/**
 * A first result for the draw and date (after a withdrawal, its version follows the history).
 * Null when a result exists already.
 */
export async function insertResult(tx: RawClient, w: ResultWrite): Promise<{ id: number; version: number } | null> {
  const lots = lotsFromResult(w);
  const [row] = await tx.query<{ id: number; version: number }>(
    `INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, version, origin,
                               draw_result_id, created_by, updated_by)
     SELECT $1, $2, $3::date, $4, $5, $6, $7, $8,
            coalesce((SELECT max(v.version) FROM info_tirage_versions v
                       WHERE v.company_id = $1 AND v.tirage_id = $2 AND v.draw_date = $3::date), 0) + 1,
            $9, $10, $11, $11
    ON CONFLICT (company_id, tirage_id, draw_date) DO NOTHING
    RETURNING id, version`,
    [
      w.companyId,
      w.tirageId,
      w.date,
      w.pick3,
      w.pick4,
      lots.lot1,
      lots.lot2,
      lots.lot3,
      w.origin,
      w.drawResultId ?? null,
      w.actorId,
    ],
  );
  if (!row) return null;
  await addVersion(tx, { ...w, version: row.version });
  return row;
}

/** A correction: the next version of the result in force. Null when it no longer exists. */
export async function correctResult(tx: RawClient, id: number, w: ResultWrite): Promise<{ version: number } | null> {
  const lots = lotsFromResult(w);
  const [row] = await tx.query<{ version: number }>(
    `UPDATE info_tirages SET pick3 = $3, pick4 = $4, lot1 = $5, lot2 = $6, lot3 = $7, version = version + 1,
            origin = $8, draw_result_id = coalesce($9, draw_result_id), updated_by = $10, updated_at = now()
      WHERE company_id = $1 AND id = $2
      RETURNING version`,
    [w.companyId, id, w.pick3, w.pick4, lots.lot1, lots.lot2, lots.lot3, w.origin, w.drawResultId ?? null, w.actorId],
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
  const [row] = await tx.query<{ version: number }>(
    'DELETE FROM info_tirages WHERE company_id = $1 AND id = $2 RETURNING version',
    [w.companyId, id],
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
  const [row] = await tx.query<{ s: Settlement }>('SELECT borlette_settle($1, $2, $3::date, $4, $5) AS s', [
    key.companyId,
    key.tirageId,
    key.date,
    actorId,
    confirm,
  ]);
  const s = row.s;
  return {
    tickets: Number(s.tickets),
    winners: Number(s.winners),
    win_amount: toCentimes(s.win_amount) as number, // exact past 2^53 (contracts/money.ts)
    changed_lines: Number(s.changed_lines),
    reversed: Number(s.reversed),
  };
}
