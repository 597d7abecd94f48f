import type { DrawSource, Tirage, tirageInput } from '@borlette/shared/contracts/tirages';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { AppError, badRequest, conflict } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { isUniqueViolation } from '../_lib/validate';
import { getTirage } from './tirages.query';

export type TirageValues = z.output<typeof tirageInput>;

const NAME_TAKEN = 'Un tirage porte déjà ce nom.';
const nameTaken = () => new AppError(409, 'CONFLICT', NAME_TAKEN, { name: NAME_TAKEN });

async function checkSource(raw: RawClient, sourceId: number | null) {
  if (sourceId === null) return;
  const rows = await raw.query('SELECT 1 FROM draw_sources WHERE id = $1', [sourceId]);
  if (!rows.length) throw badRequest('Source officielle inconnue.', { source_id: 'Source officielle inconnue.' });
}

/** What the audit trail keeps of a draw (its configuration, not its computed state). */
const snapshot = (t: Tirage) => ({
  name: t.name,
  source_id: t.source_id,
  days: t.days,
  open_time: t.open_time,
  close_time: t.close_time,
  mode: t.mode,
  status: t.status,
});

export async function createTirage(database: Database, request: FastifyRequest, companyId: number, v: TirageValues) {
  await checkSource(database.raw, v.source_id);
  try {
    const id = await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO tirages (company_id, name, source_id, days, open_time, close_time, mode)
         VALUES ($1, $2, $3, $4::smallint[], $5::time, $6::time, $7) RETURNING id`,
        [companyId, v.name, v.source_id, v.days, v.open_time, v.close_time, v.mode],
      );
      await audit(tx, request, { action: 'create', entity: 'tirage', entityId: row.id, companyId, after: v });
      return row.id;
    });
    return getTirage(database.raw, companyId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'tirages_company_name')) throw nameTaken();
    throw err;
  }
}

export async function updateTirage(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  v: TirageValues,
) {
  const before = await getTirage(database.raw, companyId, id);
  await checkSource(database.raw, v.source_id);
  try {
    await database.transaction(async (tx) => {
      await tx.query(
        `UPDATE tirages SET name = $3, source_id = $4, days = $5::smallint[], open_time = $6::time,
                close_time = $7::time, mode = $8, updated_at = now()
          WHERE company_id = $1 AND id = $2`,
        [companyId, id, v.name, v.source_id, v.days, v.open_time, v.close_time, v.mode],
      );
      await audit(tx, request, {
        action: 'update',
        entity: 'tirage',
        entityId: id,
        companyId,
        before: snapshot(before),
        after: v,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'tirages_company_name')) throw nameTaken();
    throw err;
  }
  return getTirage(database.raw, companyId, id);
}

export async function blockTirage(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return setRecordBlocked(database, request, {
    table: 'tirages',
    entity: 'tirage',
    companyId,
    id,
    blocked,
    load: (raw) => getTirage(raw, companyId, id),
  });
}

/**
 * Refused once the draw has tickets or results (they keep their draw); otherwise the draw goes with
 * the configuration that only concerns it (its primes, limits and blocked balls).
 */
export async function deleteTirage(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getTirage(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    // Serialised with sales and results of this draw: nothing is sold or entered meanwhile.
    await tx.query('SELECT borlette_lock_draws(ARRAY[$1::bigint], true)', [id]);
    const [use] = await tx.query<{ tickets: number; results: number }>(
      `SELECT (SELECT count(*)::int FROM fiche_tirages WHERE company_id = $1 AND tirage_id = $2) AS tickets,
              (SELECT count(*)::int FROM info_tirages WHERE company_id = $1 AND tirage_id = $2) AS results`,
      [companyId, id],
    );
    if (use.tickets > 0 || use.results > 0) {
      const what = [
        use.tickets > 0 ? `${use.tickets} fiche(s)` : null,
        use.results > 0 ? `${use.results} résultat(s)` : null,
      ]
        .filter(Boolean)
        .join(' et ');
      throw conflict(
        `Impossible de supprimer « ${before.name} » : ${what} y sont rattaché(e)s. Bloquez le tirage plutôt.`,
      );
    }
    for (const table of ['primes', 'sale_limits', 'boule_blocks', 'sale_counters']) {
      await tx.query(`DELETE FROM ${table} WHERE company_id = $1 AND tirage_id = $2`, [companyId, id]);
    }
    await tx.query('DELETE FROM tirages WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(tx, request, { action: 'delete', entity: 'tirage', entityId: id, companyId, before: snapshot(before) });
  });
}

/** The official sessions, with their time today in the company's zone (none with « Toutes »). */
export async function listDrawSources(raw: RawClient, companyId: number | null): Promise<DrawSource[]> {
  return raw.query<DrawSource>(
    `SELECT s.id, s.state, s.state_name, s.session, s.name, s.timezone, to_char(s.draw_time, 'HH24:MI') AS draw_time,
            s.days::int[] AS days,
            CASE WHEN c.id IS NULL THEN NULL ELSE
              to_char(((((now() AT TIME ZONE c.timezone)::date + s.draw_time) AT TIME ZONE s.timezone)
                        AT TIME ZONE c.timezone), 'HH24:MI') END AS local_draw_time,
            cs.sales_close_minutes
       FROM draw_sources s
       LEFT JOIN companies c ON c.id = $1::bigint
       LEFT JOIN company_settings cs ON cs.company_id = c.id
      ORDER BY s.state, s.draw_time, s.id`,
    [companyId],
  );
}
