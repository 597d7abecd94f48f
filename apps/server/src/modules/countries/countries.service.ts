import {
  type City,
  type CountryDetail,
  type countryInput,
  flagEmoji,
  UPLOAD_URL,
} from '@borlette/shared/contracts/countries';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { execute, firstRow, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict, conflictOn, notFound } from '../../http/errors';
import { storeImage } from '../_lib/images';
import { isUniqueViolation } from '../_lib/validate';
import { cityWithUses, getCountry, getCountryDetail } from './countries-query';

/** Other modules sort names the same way (companies, generales). */
export { sortable } from './countries-query';

export type CountryValues = z.output<typeof countryInput>;

const idRow = z.object({ id: z.number() });
const one = z.object({ one: z.number() });

const CODE_TAKEN = { name_code: 'Ce code pays existe déjà.' };
const NAME_TAKEN = { name: 'Un pays porte déjà ce nom.' };

async function checkName(raw: RawClient, name: string, exceptId: number | null) {
  const taken = await firstRow(
    raw,
    one,
    sql`SELECT 1 AS one FROM countries WHERE lower(name) = lower(${name}) AND id <> coalesce(${exceptId}::int, 0)`,
  );
  if (taken) throw conflictOn(NAME_TAKEN);
}

/**
 * The flag to store: an uploaded image (checked, resized, stored), the current image kept as is,
 * an emoji typed in, or by default the emoji of the code.
 */
async function resolveFlag(
  raw: RawClient,
  input: CountryValues,
  file: Buffer | undefined,
  current: string | null,
): Promise<string> {
  if (file) return storeImage(raw, { companyId: null, data: file, field: 'flag' });
  if (input.flag && UPLOAD_URL.test(input.flag)) {
    if (input.flag !== current) throw badRequest('Drapeau : envoyez une image.', { flag: 'Envoyez une image.' });
    return input.flag;
  }
  return input.flag ?? flagEmoji(input.name_code);
}

export async function createCountry(
  database: Database,
  ctx: RequestContext,
  input: CountryValues,
  file: Buffer | undefined,
): Promise<CountryDetail> {
  await checkName(database.raw, input.name, null);
  try {
    const id = await database.transaction(async (raw) => {
      const flag = await resolveFlag(raw, input, file, null);
      const row = await oneRow(
        raw,
        idRow,
        sql`INSERT INTO countries (name_code, name, flag, currency, timezone)
            VALUES (${input.name_code}, ${input.name}, ${flag}, ${input.currency}, ${input.timezone}) RETURNING id`,
      );
      await audit(raw, ctx, {
        action: 'create',
        entity: 'country',
        entityId: row.id,
        companyId: null,
        after: { ...input, flag },
      });
      return row.id;
    });
    return getCountryDetail(database.raw, id);
  } catch (err) {
    if (isUniqueViolation(err, 'countries_name_code')) throw conflictOn(CODE_TAKEN);
    throw err;
  }
}

export async function updateCountry(
  database: Database,
  ctx: RequestContext,
  id: number,
  input: CountryValues,
  file: Buffer | undefined,
): Promise<CountryDetail> {
  const before = await getCountry(database.raw, id);
  await checkName(database.raw, input.name, id);
  try {
    await database.transaction(async (raw) => {
      const flag = await resolveFlag(raw, input, file, before.flag);
      await execute(
        raw,
        sql`UPDATE countries SET name_code = ${input.name_code}, name = ${input.name}, flag = ${flag},
                   currency = ${input.currency}, timezone = ${input.timezone} WHERE id = ${id}`,
      );
      if (before.name_code !== input.name_code) {
        // Superusers who filtered on the old code keep their filter.
        await execute(
          raw,
          sql`UPDATE users SET select_country_code = ${input.name_code}
               WHERE role = 'superuser' AND select_country_code = ${before.name_code}`,
        );
      }
      await audit(raw, ctx, {
        action: 'update',
        entity: 'country',
        entityId: id,
        companyId: null,
        before,
        after: { ...input, flag },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'countries_name_code')) throw conflictOn(CODE_TAKEN);
    throw err;
  }
  return getCountryDetail(database.raw, id);
}

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23503';
}

/** Refused while a company is in that country; its cities go with it (unless something uses them). */
export async function deleteCountry(database: Database, ctx: RequestContext, id: number): Promise<void> {
  const before = await getCountry(database.raw, id);
  if (before.companies_count > 0) {
    throw conflict(
      `Impossible de supprimer « ${before.name} » : ${before.companies_count} compagnie(s) y sont enregistrées. Changez leur pays ou supprimez-les d’abord.`,
    );
  }
  try {
    await database.transaction(async (raw) => {
      await execute(raw, sql`DELETE FROM cities WHERE country_id = ${id}`);
      await execute(raw, sql`DELETE FROM countries WHERE id = ${id}`);
      await execute(
        raw,
        sql`UPDATE users SET select_country_code = NULL
             WHERE role = 'superuser' AND select_country_code = ${before.name_code}`,
      );
      await audit(raw, ctx, { action: 'delete', entity: 'country', entityId: id, companyId: null, before });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw conflict(`Impossible de supprimer « ${before.name} » : certaines de ses villes sont utilisées.`);
    }
    throw err;
  }
}

export async function addCity(
  database: Database,
  ctx: RequestContext,
  input: { country_code: string; name: string },
): Promise<City> {
  const k = await firstRow(database.raw, idRow, sql`SELECT id FROM countries WHERE name_code = ${input.country_code}`);
  if (!k) throw badRequest('Pays introuvable.', { country_code: 'Pays introuvable.' });
  const dup = await firstRow(
    database.raw,
    one,
    sql`SELECT 1 AS one FROM cities WHERE country_id = ${k.id} AND lower(name) = lower(${input.name})`,
  );
  if (dup) throw conflictOn({ name: 'Cette ville existe déjà dans ce pays.' });
  try {
    return await database.transaction(async (raw) => {
      const row = await oneRow(
        raw,
        idRow,
        sql`INSERT INTO cities (country_id, name) VALUES (${k.id}, ${input.name}) RETURNING id`,
      );
      await audit(raw, ctx, { action: 'create', entity: 'city', entityId: row.id, companyId: null, after: input });
      return { id: row.id, name: input.name, country_code: input.country_code };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'cities_country_name'))
      throw conflictOn({ name: 'Cette ville existe déjà dans ce pays.' });
    throw err;
  }
}

/** Refused while a company or a sub-branch names it. */
export async function deleteCity(database: Database, ctx: RequestContext, id: number): Promise<void> {
  const city = await cityWithUses(database.raw, id);
  if (!city) throw notFound('Ville introuvable.');
  if (city.companies + city.surcussales > 0) {
    const parts = [
      city.companies ? `${city.companies} compagnie(s)` : null,
      city.surcussales ? `${city.surcussales} succursale(s)` : null,
    ].filter(Boolean);
    throw conflict(`Impossible de supprimer « ${city.name} » : ${parts.join(' et ')} y sont situées.`);
  }
  await database.transaction(async (raw) => {
    await execute(raw, sql`DELETE FROM cities WHERE id = ${id}`);
    await audit(raw, ctx, {
      action: 'delete',
      entity: 'city',
      entityId: id,
      companyId: null,
      before: { name: city.name, country_code: city.country_code },
    });
  });
}
