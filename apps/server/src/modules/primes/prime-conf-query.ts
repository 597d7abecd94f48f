import type { SortKey } from '@borlette/shared/contracts/list';
import {
  PRIME_FIELDS,
  type PrimeConf,
  type PrimeType,
  primeConf,
  type primeConfListQuery,
} from '@borlette/shared/contracts/primes';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, rawSql, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { agentsWatched, orNotFound, surcussalesWatched } from '../_lib/scope';

interface PrimeLevel {
  column: 'tirage_id' | 'surcussale_id' | 'agent_id';
  /** The target's table, joined as `tg`. */
  table: 'tirages' | 'surcussales' | 'users';
  name: Sql;
  /** Conditions on `tg` that make it a valid target of the company (beyond company_id). */
  valid: Sql;
  /** A supervisor's scope on the target (none for other roles). */
  visibility: (ctx: HasAuth) => Sql[];
  notFound: string;
  label: string;
}

export const PRIME_LEVELS: Record<PrimeType, PrimeLevel> = {
  tirage: {
    column: 'tirage_id',
    table: 'tirages',
    name: sql`tg.name`,
    valid: sql`true`,
    visibility: () => [],
    notFound: 'Tirage introuvable.',
    label: 'Ce tirage',
  },
  surcussale: {
    column: 'surcussale_id',
    table: 'surcussales',
    name: sql`tg.name`,
    valid: sql`true`,
    visibility: (ctx) => surcussalesWatched(ctx, sql`tg.id`),
    notFound: 'Succursale introuvable.',
    label: 'Cette succursale',
  },
  agent: {
    column: 'agent_id',
    table: 'users',
    name: sql`coalesce(nullif(trim(tg.first_name || ' ' || tg.last_name), ''), tg.username)`,
    valid: sql`tg.role = 'agent' AND tg.status <> 'archived'`,
    visibility: (ctx) => agentsWatched(ctx, sql`tg`),
    notFound: 'Vendeur introuvable.',
    label: 'Ce vendeur',
  },
};

/** The prime columns, `p.bolet_1, p.bolet_2, …` (owned names). */
const primeColumns = (alias: string) => rawSql(PRIME_FIELDS.map((f) => `${alias}.${f}`).join(', '));

function confColumns(type: PrimeType): Sql {
  const l = PRIME_LEVELS[type];
  return sql`p.id, p.company_id, ${rawSql(`'${type}'`)} AS type, p.${rawSql(l.column)} AS target_id, ${l.name} AS target_name,
    ${primeColumns('p')}, ${isoTime(sql`p.updated_at`)} AS updated_at`;
}
const confFrom = (type: PrimeType) => {
  const l = PRIME_LEVELS[type];
  return sql`FROM primes p JOIN ${rawSql(l.table)} tg ON tg.id = p.${rawSql(l.column)}`;
};

/** Conditions of a level's list or record: its level, the company (if any), a supervisor's scope. */
function confConditions(ctx: HasAuth, type: PrimeType, companyId: number | null): Sql[] {
  const conds = [sql`p.level = ${rawSql(`'${type}'`)}`, ...PRIME_LEVELS[type].visibility(ctx)];
  if (companyId !== null) conds.push(sql`p.company_id = ${companyId}`);
  return conds;
}

/** A configuration as stored, with its company (stripped before answering). */
export const confRow = primeConf.extend({ company_id: z.number() });
type ConfRow = z.output<typeof confRow>;
export const strip = ({ company_id, ...r }: ConfRow): PrimeConf => r;

/** The list of GET /api/companies/prime-{type}: the company's, a supervisor's own targets. */
export function confList(
  ctx: HasAuth,
  type: PrimeType,
  companyId: number | null,
): ListSource<typeof confRow, SortKey<typeof primeConfListQuery>> {
  const name = PRIME_LEVELS[type].name;
  return {
    row: confRow,
    select: confColumns(type),
    from: confFrom(type),
    where: confConditions(ctx, type, companyId),
    sortable: { target_name: sql`lower(${name})`, updated_at: sql`p.updated_at` },
    search: [name],
    tieBreaker: sql`p.id`,
  };
}

export async function getConf(
  raw: RawClient,
  ctx: HasAuth,
  type: PrimeType,
  companyId: number | null,
  id: number,
): Promise<PrimeConf> {
  const conds = [sql`p.id = ${id}`, ...confConditions(ctx, type, companyId)];
  const row = await firstRow(
    raw,
    confRow,
    sql`SELECT ${confColumns(type)} ${confFrom(type)} WHERE ${joinSql(conds, ' AND ')}`,
  );
  return strip(orNotFound(row, 'Configuration introuvable.'));
}

/** The target must be the company's (and, for a supervisor, one it watches). */
export async function targetExists(raw: RawClient, ctx: HasAuth, type: PrimeType, companyId: number, id: number) {
  const l = PRIME_LEVELS[type];
  const conds = [sql`tg.id = ${id}`, sql`tg.company_id = ${companyId}`, l.valid, ...l.visibility(ctx)];
  const found = await firstRow(
    raw,
    z.object({}),
    sql`SELECT 1 FROM ${rawSql(l.table)} tg WHERE ${joinSql(conds, ' AND ')}`,
  );
  return found !== undefined;
}
