import type { Tirage, tirageInput } from '@borlette/shared/contracts/tirages';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, rawSql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { isUniqueViolation } from '../_lib/validate';
import { getTirage } from './tirages-query';

export type TirageValues = z.output<typeof tirageInput>;

const idRow = z.object({ id: z.number() });

const NAME_TAKEN = 'Un tirage porte déjà ce nom.';
const nameTaken = () => new AppError(409, 'CONFLICT', NAME_TAKEN, { name: NAME_TAKEN });

async function checkSource(raw: RawClient, sourceId: number | null) {
  if (sourceId === null) return;
  const known = await firstRow(raw, z.object({}), sql`SELECT 1 FROM draw_sources WHERE id = ${sourceId}`);
  if (!known) throw badRequest('Source officielle inconnue.', { source_id: 'Source officielle inconnue.' });
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

export async function createTirage(database: Database, ctx: RequestContext, companyId: number, v: TirageValues) {
  await checkSource(database.raw, v.source_id);
  try {
    const id = await database.transaction(async (tx) => {
      const row = await oneRow(
        tx,
        idRow,
        sql`INSERT INTO tirages (company_id, name, source_id, days, open_time, close_time, mode)
            VALUES (${companyId}, ${v.name}, ${v.source_id}, ${v.days}::smallint[], ${v.open_time}::time,
                    ${v.close_time}::time, ${v.mode}) RETURNING id`,
      );
      await audit(tx, ctx, { action: 'create', entity: 'tirage', entityId: row.id, companyId, after: v });
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
  ctx: RequestContext,
  companyId: number,
  id: number,
  v: TirageValues,
) {
  const before = await getTirage(database.raw, companyId, id);
  await checkSource(database.raw, v.source_id);
  try {
    await database.transaction(async (tx) => {
      await execute(
        tx,
        sql`UPDATE tirages SET name = ${v.name}, source_id = ${v.source_id}, days = ${v.days}::smallint[],
                open_time = ${v.open_time}::time, close_time = ${v.close_time}::time, mode = ${v.mode}, updated_at = now()
          WHERE company_id = ${companyId} AND id = ${id}`,
      );
      await audit(tx, ctx, {
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
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return setRecordBlocked(database, ctx, {
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
export async function deleteTirage(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getTirage(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    // Serialised with sales and results of this draw: nothing is sold or entered meanwhile.
    await tx.query('SELECT borlette_lock_draws(ARRAY[$1::bigint], true)', [id]);
    const use = await oneRow(
      tx,
      z.object({ tickets: z.number(), results: z.number() }),
      sql`SELECT (SELECT count(*)::int FROM fiche_tirages WHERE company_id = ${companyId} AND tirage_id = ${id}) AS tickets,
                 (SELECT count(*)::int FROM info_tirages WHERE company_id = ${companyId} AND tirage_id = ${id}) AS results`,
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
      await execute(tx, sql`DELETE FROM ${rawSql(table)} WHERE company_id = ${companyId} AND tirage_id = ${id}`);
    }
    await execute(tx, sql`DELETE FROM tirages WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, { action: 'delete', entity: 'tirage', entityId: id, companyId, before: snapshot(before) });
  });
}
