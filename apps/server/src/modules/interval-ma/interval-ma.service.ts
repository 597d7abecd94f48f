import type { IntervalMa, intervalMaInput } from '@borlette/shared/contracts/limits';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { setRecordBlocked } from '../_lib/block';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';

/**
 * Free mariage intervals (interval-ma): a ticket whose amount per draw lies in [min_amount, max_amount]
 * (max null = no upper bound) earns `count` free mariages per draw, drawn by the sale (borlette_sell).
 *
 * Overlapping intervals are allowed on purpose: the sale takes the largest count among the active
 * intervals that contain the amount, so an overlap never gives more than one interval's pairs and
 * a company can, say, add a « promotion » interval over its usual ones without editing them.
 */

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const INTERVAL_COLUMNS = `
  i.id, i.company_id, i.min_amount, i.max_amount, i.count, i.status,
  ${iso('i.created_at')} AS created_at, ${iso('i.updated_at')} AS updated_at`;
export const INTERVAL_FROM = 'FROM interval_mas i';

type Row = IntervalMa & { company_id: number };
export const strip = ({ company_id, ...r }: Row): IntervalMa => r;

export type IntervalValues = z.output<typeof intervalMaInput>;

export async function getInterval(raw: RawClient, companyId: number | null, id: number): Promise<IntervalMa> {
  const params = new SqlParams();
  const conds = [`i.id = ${params.p(id)}`];
  if (companyId !== null) conds.push(`i.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<Row>(
    `SELECT ${INTERVAL_COLUMNS} ${INTERVAL_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return strip(orNotFound(row, 'Intervalle introuvable.'));
}

const values = (v: IntervalValues | IntervalMa) => ({
  min_amount: v.min_amount,
  max_amount: v.max_amount,
  count: v.count,
});

export async function createInterval(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  v: IntervalValues,
): Promise<IntervalMa> {
  const id = await database.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, $2, $3, $4) RETURNING id',
      [companyId, v.min_amount, v.max_amount, v.count],
    );
    await audit(tx, request, {
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
  request: FastifyRequest,
  companyId: number,
  id: number,
  v: IntervalValues,
): Promise<IntervalMa> {
  const before = await getInterval(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE interval_mas SET min_amount = $3, max_amount = $4, count = $5, updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [companyId, id, v.min_amount, v.max_amount, v.count],
    );
    await audit(tx, request, {
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
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<IntervalMa> {
  return setRecordBlocked(database, request, {
    table: 'interval_mas',
    entity: 'interval_ma',
    companyId,
    id,
    blocked,
    load: (raw) => getInterval(raw, companyId, id),
  });
}

export async function deleteInterval(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getInterval(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query('DELETE FROM interval_mas WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(tx, request, { action: 'delete', entity: 'interval_ma', entityId: id, companyId, before });
  });
}
