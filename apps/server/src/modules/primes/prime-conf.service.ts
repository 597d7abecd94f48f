import type { Codename } from '@borlette/shared';
import {
  type PartialPrimeValues,
  PRIME_FIELDS,
  type PrimeConf,
  type PrimeType,
} from '@borlette/shared/contracts/primes';
import type { FastifyRequest } from 'fastify';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import { agentVisibility, orNotFound, surcussaleVisibility } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { isUniqueViolation } from '../_lib/validate';
import { iso } from './primes.service';

interface PrimeLevel {
  column: 'tirage_id' | 'surcussale_id' | 'agent_id';
  codenames: { view: Codename; add: Codename; change: Codename };
  /** The target joined as `tg`. */
  join: string;
  name: string;
  /** Conditions on `tg` that make it a valid target of the company (beyond company_id). */
  valid: string;
  /** A supervisor's scope on the target (none for other roles). */
  visibility: (request: FastifyRequest, params: SqlParams) => string[];
  notFound: string;
  label: string;
}

export const PRIME_LEVELS: Record<PrimeType, PrimeLevel> = {
  tirage: {
    column: 'tirage_id',
    codenames: { view: 'view_tiragetauxtirage', add: 'add_tiragetauxtirage', change: 'change_tiragetauxtirage' },
    join: 'JOIN tirages tg ON tg.id = p.tirage_id',
    name: 'tg.name',
    valid: 'true',
    visibility: () => [],
    notFound: 'Tirage introuvable.',
    label: 'Ce tirage',
  },
  surcussale: {
    column: 'surcussale_id',
    codenames: { view: 'view_agenttauxtirage', add: 'add_agenttauxtirage', change: 'change_agenttauxtirage' },
    join: 'JOIN surcussales tg ON tg.id = p.surcussale_id',
    name: 'tg.name',
    valid: 'true',
    visibility: (request, params) => surcussaleVisibility(request, params, 'tg.id'),
    notFound: 'Succursale introuvable.',
    label: 'Cette succursale',
  },
  agent: {
    column: 'agent_id',
    codenames: { view: 'view_agenttauxtirage', add: 'add_agenttauxtirage', change: 'change_agenttauxtirage' },
    join: 'JOIN users tg ON tg.id = p.agent_id',
    name: `coalesce(nullif(trim(tg.first_name || ' ' || tg.last_name), ''), tg.username)`,
    valid: "tg.role = 'agent' AND tg.status <> 'archived'",
    visibility: (request, params) => agentVisibility(request, params, 'tg'),
    notFound: 'Vendeur introuvable.',
    label: 'Ce vendeur',
  },
};

export function confColumns(type: PrimeType): string {
  const l = PRIME_LEVELS[type];
  return `p.id, p.company_id, '${type}' AS type, p.${l.column} AS target_id, ${l.name} AS target_name,
    ${PRIME_FIELDS.map((f) => `p.${f}`).join(', ')}, ${iso('p.updated_at')} AS updated_at`;
}
export const confFrom = (type: PrimeType) => `FROM primes p ${PRIME_LEVELS[type].join}`;

/** Conditions of a level's list or record: its level, the company (if any), a supervisor's scope. */
export function confConditions(request: FastifyRequest, type: PrimeType, companyId: number | null, params: SqlParams) {
  const conds = [`p.level = '${type}'`, ...PRIME_LEVELS[type].visibility(request, params)];
  if (companyId !== null) conds.push(`p.company_id = ${params.p(companyId)}`);
  return conds;
}

type Row = PrimeConf & { company_id: number };
export const strip = ({ company_id, ...r }: Row): PrimeConf => r;

export async function getConf(
  raw: RawClient,
  request: FastifyRequest,
  type: PrimeType,
  companyId: number | null,
  id: number,
): Promise<PrimeConf> {
  const params = new SqlParams();
  const conds = [`p.id = ${params.p(id)}`, ...confConditions(request, type, companyId, params)];
  const [row] = await raw.query<Row>(
    `SELECT ${confColumns(type)} ${confFrom(type)} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return strip(orNotFound(row, 'Configuration introuvable.'));
}

/** The target must be the company's (and, for a supervisor, one it watches): 404 otherwise. */
async function checkTarget(raw: RawClient, request: FastifyRequest, type: PrimeType, companyId: number, id: number) {
  const l = PRIME_LEVELS[type];
  const table = { tirage_id: 'tirages', surcussale_id: 'surcussales', agent_id: 'users' }[l.column];
  const params = new SqlParams();
  const conds = [
    `tg.id = ${params.p(id)}`,
    `tg.company_id = ${params.p(companyId)}`,
    l.valid,
    ...l.visibility(request, params),
  ];
  const rows = await raw.query(`SELECT 1 FROM ${table} tg WHERE ${conds.join(' AND ')}`, params.values);
  if (!rows.length) throw notFound(l.notFound);
}

export async function createConf(
  database: Database,
  request: FastifyRequest,
  type: PrimeType,
  companyId: number,
  targetId: number,
  v: PartialPrimeValues,
) {
  await checkTarget(database.raw, request, type, companyId, targetId);
  const l = PRIME_LEVELS[type];
  try {
    const id = await database.transaction(async (tx) => {
      const cols = PRIME_FIELDS.join(', ');
      const vals = PRIME_FIELDS.map((_, i) => `$${i + 4}`).join(', ');
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO primes (company_id, level, ${l.column}, updated_by, ${cols})
         VALUES ($1, '${type}', $2, $3, ${vals}) RETURNING id`,
        [companyId, targetId, authOf(request).userId, ...PRIME_FIELDS.map((f) => v[f])],
      );
      await audit(tx, request, {
        action: 'create',
        entity: `prime_${type}`,
        entityId: row.id,
        companyId,
        after: { target_id: targetId, ...v },
      });
      return row.id;
    });
    return getConf(database.raw, request, type, companyId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'primes_company_target')) {
      const message = `${l.label} a déjà sa configuration de primes : modifiez-la.`;
      throw new AppError(409, 'CONFLICT', message, { target_id: message });
    }
    throw err;
  }
}

const valuesOf = (c: PrimeConf) => Object.fromEntries(PRIME_FIELDS.map((f) => [f, c[f]]));

export async function updateConf(
  database: Database,
  request: FastifyRequest,
  type: PrimeType,
  companyId: number,
  id: number,
  v: PartialPrimeValues,
) {
  const before = await getConf(database.raw, request, type, companyId, id);
  await database.transaction(async (tx) => {
    const sets = PRIME_FIELDS.map((f, i) => `${f} = $${i + 4}`).join(', ');
    await tx.query(
      `UPDATE primes SET ${sets}, updated_by = $3, updated_at = now()
        WHERE company_id = $1 AND id = $2 AND level = '${type}'`,
      [companyId, id, authOf(request).userId, ...PRIME_FIELDS.map((f) => v[f])],
    );
    await audit(tx, request, {
      action: 'update',
      entity: `prime_${type}`,
      entityId: id,
      companyId,
      before: { target_id: before.target_id, ...valuesOf(before) },
      after: v,
    });
  });
  return getConf(database.raw, request, type, companyId, id);
}

export async function deleteConf(
  database: Database,
  request: FastifyRequest,
  type: PrimeType,
  companyId: number,
  id: number,
) {
  const before = await getConf(database.raw, request, type, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query(`DELETE FROM primes WHERE company_id = $1 AND id = $2 AND level = '${type}'`, [companyId, id]);
    await audit(tx, request, {
      action: 'delete',
      entity: `prime_${type}`,
      entityId: id,
      companyId,
      before: { target_id: before.target_id, ...valuesOf(before) },
    });
  });
}
