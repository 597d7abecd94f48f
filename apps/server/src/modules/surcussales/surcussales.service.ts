import type { Surcussale, surcussaleInput } from '@borlette/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { AppError, badRequest, conflict } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { isUniqueViolation } from '../_lib/validate';

export const SURCUSSALE_COLUMNS = `
  s.id, s.company_id, s.name, s.address, s.phone, s.city_id, ci.name AS city_name, s.status,
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
  coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) ORDER BY u.id)
              FROM supervisor_surcussales ss JOIN users u ON u.id = ss.supervisor_id
             WHERE ss.company_id = s.company_id AND ss.surcussale_id = s.id AND u.status <> 'archived'), '[]'::json) AS supervisors,
  (SELECT count(*)::int FROM users a WHERE a.company_id = s.company_id AND a.surcussale_id = s.id
      AND a.role = 'agent' AND a.status <> 'archived') AS agents_count`;
export const SURCUSSALE_FROM = 'FROM surcussales s LEFT JOIN cities ci ON ci.id = s.city_id';

type Row = Surcussale & { company_id: number };

export async function getSurcussale(
  raw: RawClient,
  companyId: number | null,
  id: number,
  extra: string[] = [],
  params = new SqlParams(),
): Promise<Row> {
  const conds = [`s.id = ${params.p(id)}`, ...extra];
  if (companyId !== null) conds.push(`s.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<Row>(
    `SELECT ${SURCUSSALE_COLUMNS} ${SURCUSSALE_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return orNotFound(row, 'Succursale introuvable.');
}

const strip = ({ company_id, ...r }: Row): Surcussale => r;

async function checkSupervisors(raw: RawClient, companyId: number, ids: number[]) {
  if (!ids.length) return;
  const rows = await raw.query<{ id: number }>(
    `SELECT id FROM users WHERE company_id = $1 AND role = 'supervisor' AND status <> 'archived' AND id = ANY($2::bigint[])`,
    [companyId, ids],
  );
  if (rows.length !== new Set(ids).size)
    throw badRequest('Superviseur inconnu pour cette compagnie.', {
      supervisors: 'Superviseur inconnu pour cette compagnie.',
    });
}

async function checkCity(raw: RawClient, companyId: number, cityId: number | null | undefined) {
  if (!cityId) return;
  const rows = await raw.query(
    'SELECT 1 FROM cities ci JOIN companies c ON c.country_id = ci.country_id WHERE ci.id = $1 AND c.id = $2',
    [cityId, companyId],
  );
  if (!rows.length)
    throw badRequest('Ville inconnue dans le pays de la compagnie.', {
      city_id: 'Ville inconnue dans le pays de la compagnie.',
    });
}

const NAME_TAKEN = { name: 'Une succursale porte déjà ce nom.' };

async function setSupervisors(raw: RawClient, companyId: number, surcussaleId: number, ids: number[]) {
  await raw.query('DELETE FROM supervisor_surcussales WHERE company_id = $1 AND surcussale_id = $2', [
    companyId,
    surcussaleId,
  ]);
  if (ids.length) {
    await raw.query(
      `INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id)
       SELECT $1, unnest($2::bigint[]), $3 ON CONFLICT DO NOTHING`,
      [companyId, [...new Set(ids)], surcussaleId],
    );
  }
}

export async function createSurcussale(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  input: SurcussaleValues,
) {
  await checkSupervisors(database.raw, companyId, input.supervisors);
  await checkCity(database.raw, companyId, input.city_id);
  try {
    const id = await database.transaction(async (raw) => {
      const [row] = await raw.query<{ id: number }>(
        'INSERT INTO surcussales (company_id, name, address, phone, city_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [companyId, input.name, input.address, input.phone, input.city_id ?? null],
      );
      await setSupervisors(raw, companyId, row.id, input.supervisors);
      await audit(raw, request, { action: 'create', entity: 'surcussale', entityId: row.id, companyId, after: input });
      return row.id;
    });
    return strip(await getSurcussale(database.raw, companyId, id));
  } catch (err) {
    if (isUniqueViolation(err, 'surcussales_company_name')) throw conflictOn(NAME_TAKEN);
    throw err;
  }
}

function conflictOn(fields: Record<string, string>) {
  return new AppError(409, 'CONFLICT', Object.values(fields)[0], fields);
}

export async function updateSurcussale(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  input: SurcussaleValues,
) {
  const before = await getSurcussale(database.raw, companyId, id);
  await checkSupervisors(database.raw, companyId, input.supervisors);
  await checkCity(database.raw, companyId, input.city_id);
  try {
    await database.transaction(async (raw) => {
      await raw.query(
        'UPDATE surcussales SET name = $3, address = $4, phone = $5, city_id = $6, updated_at = now() WHERE company_id = $1 AND id = $2',
        [companyId, id, input.name, input.address, input.phone, input.city_id ?? null],
      );
      await setSupervisors(raw, companyId, id, input.supervisors);
      await audit(raw, request, {
        action: 'update',
        entity: 'surcussale',
        entityId: id,
        companyId,
        before: strip(before),
        after: input,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'surcussales_company_name')) throw conflictOn(NAME_TAKEN);
    throw err;
  }
  return strip(await getSurcussale(database.raw, companyId, id));
}

export async function blockSurcussale(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return strip(
    await setRecordBlocked(database, request, {
      table: 'surcussales',
      entity: 'surcussale',
      companyId,
      id,
      blocked,
      load: (raw) => getSurcussale(raw, companyId, id),
    }),
  );
}

/** Refused while agents belong to it: they would be left without a sub-branch. */
export async function deleteSurcussale(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getSurcussale(database.raw, companyId, id);
  const [{ n }] = await database.raw.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE company_id = $1 AND surcussale_id = $2 AND role = 'agent'",
    [companyId, id],
  );
  if (n > 0) {
    throw conflict(
      `Impossible de supprimer « ${before.name} » : ${n} vendeur(s) y sont rattachés. Déplacez-les ou bloquez la succursale.`,
    );
  }
  const [{ m }] = await database.raw.query<{ m: number }>(
    'SELECT count(*)::int AS m FROM messages WHERE company_id = $1 AND surcussale_id = $2',
    [companyId, id],
  );
  if (m > 0) throw conflict(`Impossible de supprimer « ${before.name} » : des messages la ciblent. Bloquez-la plutôt.`);
  await database.transaction(async (raw) => {
    await raw.query('DELETE FROM supervisor_surcussales WHERE company_id = $1 AND surcussale_id = $2', [companyId, id]);
    await raw.query('DELETE FROM surcussales WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(raw, request, {
      action: 'delete',
      entity: 'surcussale',
      entityId: id,
      companyId,
      before: strip(before),
    });
  });
}

export type SurcussaleValues = z.output<typeof surcussaleInput>;
