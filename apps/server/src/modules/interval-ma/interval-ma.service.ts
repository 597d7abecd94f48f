import type { IntervalMa, intervalMaInput } from '@borlette/shared/contracts/interval-ma';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { setRecordBlocked } from '../_lib/block';
import { getInterval } from './interval-ma-query';

/**
 * Free mariage intervals (interval-ma): a ticket whose amount per draw lies in [min_amount, max_amount]
 * (max null = no upper bound) earns `count` free mariages per draw, drawn by the sale (borlette_sell).
 *
 * Overlapping intervals are allowed on purpose: the sale takes the largest count among the active
 * intervals that contain the amount, so an overlap never gives more than one interval's pairs and
 * a company can, say, add a « promotion » interval over its usual ones without editing them.
 */

export type IntervalValues = z.output<typeof intervalMaInput>;

const idRow = z.object({ id: z.number() });

const values = (v: IntervalValues | IntervalMa) => ({
  min_amount: v.min_amount,
  max_amount: v.max_amount,
  count: v.count,
});

export async function createInterval(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  v: IntervalValues,
): Promise<IntervalMa> {
  const id = await database.transaction(async (tx) => {
    const row = await oneRow(
      tx,
      idRow,
      sql`INSERT INTO interval_mas (company_id, min_amount, max_amount, count)
          VALUES (${companyId}, ${v.min_amount}, ${v.max_amount}, ${v.count}) RETURNING id`,
    );
    await audit(tx, ctx, {
      action: 'create',
      entity: 'interval_ma',
      entityId: row.id,
      companyId,
      after: values(v),
    });
    return row.id;
  });
  return getInterval(database.raw, companyId, id);
}

export async function updateInterval(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  v: IntervalValues,
): Promise<IntervalMa> {
  const before = await getInterval(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await execute(
      tx,
      sql`UPDATE interval_mas SET min_amount = ${v.min_amount}, max_amount = ${v.max_amount}, count = ${v.count},
             updated_at = now()
        WHERE company_id = ${companyId} AND id = ${id}`,
    );
    await audit(tx, ctx, {
      action: 'update',
      entity: 'interval_ma',
      entityId: id,
      companyId,
      before: values(before),
      after: values(v),
    });
  });
  return getInterval(database.raw, companyId, id);
}

/** blocked = suspended: the sale ignores the interval (mariage_free). */
export async function blockInterval(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<IntervalMa> {
  return setRecordBlocked(database, ctx, {
    table: 'interval_mas',
    entity: 'interval_ma',
    companyId,
    id,
    blocked,
    load: (raw) => getInterval(raw, companyId, id),
  });
}

export async function deleteInterval(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getInterval(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await execute(tx, sql`DELETE FROM interval_mas WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, { action: 'delete', entity: 'interval_ma', entityId: id, companyId, before });
  });
}
