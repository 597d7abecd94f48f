import type { Surcussale, surcussaleInput } from '@borlette/shared/contracts/surcussales';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, oneRow, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict, conflictOn } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { isUniqueViolation } from '../_lib/validate';
import { getSurcussale, withoutCompany } from './surcussales-query';

export type SurcussaleValues = z.output<typeof surcussaleInput>;

const idRow = z.object({ id: z.number() });
const countRow = z.object({ n: z.number() });

async function checkSupervisors(raw: RawClient, companyId: number, ids: number[]) {
  if (!ids.length) return;
  const found = await rows(
    raw,
    idRow,
    sql`SELECT id FROM users WHERE company_id = ${companyId} AND role = 'supervisor' AND status <> 'archived'
           AND id = ANY(${ids}::bigint[])`,
  );
  if (found.length !== new Set(ids).size)
    throw badRequest('Superviseur inconnu pour cette compagnie.', {
      supervisors: 'Superviseur inconnu pour cette compagnie.',
    });
}

async function checkCity(raw: RawClient, companyId: number, cityId: number | null | undefined) {
  if (!cityId) return;
  const found = await rows(
    raw,
    idRow,
    sql`SELECT ci.id FROM cities ci JOIN companies c ON c.country_id = ci.country_id
         WHERE ci.id = ${cityId} AND c.id = ${companyId}`,
  );
  if (!found.length)
    throw badRequest('Ville inconnue dans le pays de la compagnie.', {
      city_id: 'Ville inconnue dans le pays de la compagnie.',
    });
}

const NAME_TAKEN = { name: 'Une succursale porte déjà ce nom.' };

async function setSupervisors(raw: RawClient, companyId: number, surcussaleId: number, ids: number[]) {
  await execute(
    raw,
    sql`DELETE FROM supervisor_surcussales WHERE company_id = ${companyId} AND surcussale_id = ${surcussaleId}`,
  );
  if (ids.length) {
    await execute(
      raw,
      sql`INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id)
          SELECT ${companyId}, unnest(${[...new Set(ids)]}::bigint[]), ${surcussaleId} ON CONFLICT DO NOTHING`,
    );
  }
}

export async function createSurcussale(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  input: SurcussaleValues,
): Promise<Surcussale> {
  await checkSupervisors(database.raw, companyId, input.supervisors);
  await checkCity(database.raw, companyId, input.city_id);
  try {
    const id = await database.transaction(async (raw) => {
      const { id: created } = await oneRow(
        raw,
        idRow,
        sql`INSERT INTO surcussales (company_id, name, address, phone, city_id)
            VALUES (${companyId}, ${input.name}, ${input.address}, ${input.phone}, ${input.city_id ?? null}) RETURNING id`,
      );
      await setSupervisors(raw, companyId, created, input.supervisors);
      await audit(raw, ctx, { action: 'create', entity: 'surcussale', entityId: created, companyId, after: input });
      return created;
    });
    return withoutCompany(await getSurcussale(database.raw, companyId, id));
  } catch (err) {
    if (isUniqueViolation(err, 'surcussales_company_name')) throw conflictOn(NAME_TAKEN);
    throw err;
  }
}

export async function updateSurcussale(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  input: SurcussaleValues,
): Promise<Surcussale> {
  const before = await getSurcussale(database.raw, companyId, id);
  await checkSupervisors(database.raw, companyId, input.supervisors);
  await checkCity(database.raw, companyId, input.city_id);
  try {
    await database.transaction(async (raw) => {
      await execute(
        raw,
        sql`UPDATE surcussales SET name = ${input.name}, address = ${input.address}, phone = ${input.phone},
                   city_id = ${input.city_id ?? null}, updated_at = now()
             WHERE company_id = ${companyId} AND id = ${id}`,
      );
      await setSupervisors(raw, companyId, id, input.supervisors);
      await audit(raw, ctx, {
        action: 'update',
        entity: 'surcussale',
        entityId: id,
        companyId,
        before: withoutCompany(before),
        after: input,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'surcussales_company_name')) throw conflictOn(NAME_TAKEN);
    throw err;
  }
  return withoutCompany(await getSurcussale(database.raw, companyId, id));
}

export async function blockSurcussale(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
): Promise<Surcussale> {
  return withoutCompany(
    await setRecordBlocked(database, ctx, {
      table: 'surcussales',
      entity: 'surcussale',
      companyId,
      id,
      blocked,
      load: (raw) => getSurcussale(raw, companyId, id),
    }),
  );
}

/** Refused while agents belong to it (they would be left without a sub-branch) or messages target it. */
export async function deleteSurcussale(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getSurcussale(database.raw, companyId, id);
  const { n } = await oneRow(
    database.raw,
    countRow,
    sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${companyId} AND surcussale_id = ${id} AND role = 'agent'`,
  );
  if (n > 0) {
    throw conflict(
      `Impossible de supprimer « ${before.name} » : ${n} vendeur(s) y sont rattachés. Déplacez-les ou bloquez la succursale.`,
    );
  }
  const messages = await oneRow(
    database.raw,
    countRow,
    sql`SELECT count(*)::int AS n FROM messages WHERE company_id = ${companyId} AND surcussale_id = ${id}`,
  );
  if (messages.n > 0)
    throw conflict(`Impossible de supprimer « ${before.name} » : des messages la ciblent. Bloquez-la plutôt.`);
  await database.transaction(async (raw) => {
    await execute(
      raw,
      sql`DELETE FROM supervisor_surcussales WHERE company_id = ${companyId} AND surcussale_id = ${id}`,
    );
    await execute(raw, sql`DELETE FROM surcussales WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(raw, ctx, {
      action: 'delete',
      entity: 'surcussale',
      entityId: id,
      companyId,
      before: withoutCompany(before),
    });
  });
}
