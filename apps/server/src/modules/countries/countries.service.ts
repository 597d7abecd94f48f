import {
  type City,
  type Country,
  type CountryDetail,
  type countryInput,
  flagEmoji,
  UPLOAD_URL,
} from '@borlette/shared/contracts/countries';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { storeImage } from '../_lib/images';
import { orNotFound } from '../_lib/scope';
import { isUniqueViolation } from '../_lib/validate';

export type CountryValues = z.output<typeof countryInput>;

export const COUNTRY_COLUMNS = `
  k.id, k.name_code, k.name, k.flag, k.currency, k.timezone,
  (SELECT count(*)::int FROM cities ci WHERE ci.country_id = k.id) AS cities_count,
  (SELECT count(*)::int FROM companies c WHERE c.country_id = k.id) AS companies_count,
  to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;
export const COUNTRY_FROM = 'FROM countries k';

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * A name for sorting without accents nor case (« États-Unis » among the E): PGlite has neither ICU
 * collations nor unaccent, so the common Latin accents are folded by hand.
 */
export const sortable = (expr: string) =>
  `translate(lower(${expr}), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy')`;
export const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name);

export async function getCountry(raw: RawClient, id: number): Promise<Country> {
  const [row] = await raw.query<Country>(`SELECT ${COUNTRY_COLUMNS} ${COUNTRY_FROM} WHERE k.id = $1`, [id]);
  return orNotFound(row, 'Pays introuvable.');
}

export async function getCountryDetail(raw: RawClient, id: number): Promise<CountryDetail> {
  const country = await getCountry(raw, id);
  const cities = await raw.query<City>(
    'SELECT ci.id, ci.name, $2::text AS country_code FROM cities ci WHERE ci.country_id = $1',
    [id, country.name_code],
  );
  return { ...country, cities: cities.sort(byName) };
}

const conflictOn = (fields: Record<string, string>) => new AppError(409, 'CONFLICT', Object.values(fields)[0], fields);
const CODE_TAKEN = { name_code: 'Ce code pays existe déjà.' };
const NAME_TAKEN = { name: 'Un pays porte déjà ce nom.' };

async function checkName(raw: RawClient, name: string, exceptId: number | null) {
  const rows = await raw.query('SELECT 1 FROM countries WHERE lower(name) = lower($1) AND id <> coalesce($2::int, 0)', [
    name,
    exceptId,
  ]);
  if (rows.length) throw conflictOn(NAME_TAKEN);
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
  request: FastifyRequest,
  input: CountryValues,
  file: Buffer | undefined,
): Promise<CountryDetail> {
  await checkName(database.raw, input.name, null);
  try {
    const id = await database.transaction(async (raw) => {
      const flag = await resolveFlag(raw, input, file, null);
      const [row] = await raw.query<{ id: number }>(
        'INSERT INTO countries (name_code, name, flag, currency, timezone) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [input.name_code, input.name, flag, input.currency, input.timezone],
      );
      await audit(raw, request, {
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
  request: FastifyRequest,
  id: number,
  input: CountryValues,
  file: Buffer | undefined,
): Promise<CountryDetail> {
  const before = await getCountry(database.raw, id);
  await checkName(database.raw, input.name, id);
  try {
    await database.transaction(async (raw) => {
      const flag = await resolveFlag(raw, input, file, before.flag);
      await raw.query(
        'UPDATE countries SET name_code = $2, name = $3, flag = $4, currency = $5, timezone = $6 WHERE id = $1',
        [id, input.name_code, input.name, flag, input.currency, input.timezone],
      );
      if (before.name_code !== input.name_code) {
        // Superusers who filtered on the old code keep their filter.
        await raw.query(
          "UPDATE users SET select_country_code = $2 WHERE role = 'superuser' AND select_country_code = $1",
          [before.name_code, input.name_code],
        );
      }
      await audit(raw, request, {
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
export async function deleteCountry(database: Database, request: FastifyRequest, id: number): Promise<void> {
  const before = await getCountry(database.raw, id);
  if (before.companies_count > 0) {
    throw conflict(
      `Impossible de supprimer « ${before.name} » : ${before.companies_count} compagnie(s) y sont enregistrées. Changez leur pays ou supprimez-les d’abord.`,
    );
  }
  try {
    await database.transaction(async (raw) => {
      await raw.query('DELETE FROM cities WHERE country_id = $1', [id]);
      await raw.query('DELETE FROM countries WHERE id = $1', [id]);
      await raw.query(
        "UPDATE users SET select_country_code = NULL WHERE role = 'superuser' AND select_country_code = $1",
        [before.name_code],
      );
      await audit(raw, request, { action: 'delete', entity: 'country', entityId: id, companyId: null, before });
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
  request: FastifyRequest,
  input: { country_code: string; name: string },
): Promise<City> {
  const [k] = await database.raw.query<{ id: number }>('SELECT id FROM countries WHERE name_code = $1', [
    input.country_code,
  ]);
  if (!k) throw badRequest('Pays introuvable.', { country_code: 'Pays introuvable.' });
  const dup = await database.raw.query('SELECT 1 FROM cities WHERE country_id = $1 AND lower(name) = lower($2)', [
    k.id,
    input.name,
  ]);
  if (dup.length) throw conflictOn({ name: 'Cette ville existe déjà dans ce pays.' });
  try {
    return await database.transaction(async (raw) => {
      const [row] = await raw.query<{ id: number }>(
        'INSERT INTO cities (country_id, name) VALUES ($1, $2) RETURNING id',
        [k.id, input.name],
      );
      await audit(raw, request, { action: 'create', entity: 'city', entityId: row.id, companyId: null, after: input });
      return { id: row.id, name: input.name, country_code: input.country_code };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'cities_country_name'))
      throw conflictOn({ name: 'Cette ville existe déjà dans ce pays.' });
    throw err;
  }
}

/** Refused while a company or a sub-branch names it. */
export async function deleteCity(database: Database, request: FastifyRequest, id: number): Promise<void> {
  const [city] = await database.raw.query<City & { companies: number; surcussales: number }>(
    `SELECT ci.id, ci.name, k.name_code AS country_code,
            (SELECT count(*)::int FROM companies c WHERE c.city_id = ci.id) AS companies,
            (SELECT count(*)::int FROM surcussales s WHERE s.city_id = ci.id) AS surcussales
       FROM cities ci JOIN countries k ON k.id = ci.country_id WHERE ci.id = $1`,
    [id],
  );
  if (!city) throw notFound('Ville introuvable.');
  if (city.companies + city.surcussales > 0) {
    const parts = [
      city.companies ? `${city.companies} compagnie(s)` : null,
      city.surcussales ? `${city.surcussales} succursale(s)` : null,
    ].filter(Boolean);
    throw conflict(`Impossible de supprimer « ${city.name} » : ${parts.join(' et ')} y sont situées.`);
  }
  await database.transaction(async (raw) => {
    await raw.query('DELETE FROM cities WHERE id = $1', [id]);
    await audit(raw, request, {
      action: 'delete',
      entity: 'city',
      entityId: id,
      companyId: null,
      before: { name: city.name, country_code: city.country_code },
    });
  });
}
