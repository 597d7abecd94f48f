import type { LottoOption, lottoInput, lottoUpdate } from '@borlette/shared/contracts/lotto';
import { GameError } from '@borlette/shared/game/errors';
import {
  assertMapping,
  DEFAULT_LOTO4_OPTIONS,
  DEFAULT_LOTO5_OPTIONS,
  type LotoOption,
  type LotPart,
  lotPart,
  lotsFromResult,
} from '@borlette/shared/game/lots';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { isUniqueViolation } from '../_lib/validate';

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const LOTTO_COLUMNS = `
  o.id, o.company_id, o.code::int AS code, o.label, o.mapping, o.enabled, o.status,
  ${iso('o.created_at')} AS created_at, ${iso('o.updated_at')} AS updated_at`;
export const LOTTO_FROM = 'FROM lotto_options o';

export type LottoRow = Omit<LottoOption, 'game' | 'option' | 'example'> & { company_id: number };

/** The results of domain.md's worked example: the `example` shows what a mapping builds. */
const EXAMPLE = lotsFromResult({ pick3: '123', pick4: '4567' });

const gameOf = (code: number) => (code < 50 ? 'loto4' : 'loto5');
const digitsOf = (code: number) => (code < 50 ? 4 : 5);

/** The option number a mapping builds from the lots of a result. */
export function optionNumber(lots: Parameters<typeof lotPart>[0], mapping: readonly string[]): string {
  return mapping.map((p) => lotPart(lots, p as LotPart)).join('');
}

export function toLotto({ company_id, ...r }: LottoRow): LottoOption {
  return {
    ...r,
    game: gameOf(r.code),
    option: r.code % 10,
    mapping: r.mapping as LottoOption['mapping'],
    example: optionNumber(EXAMPLE, r.mapping),
  };
}

export async function getLotto(raw: RawClient, companyId: number | null, id: number): Promise<LottoOption> {
  const params = new SqlParams();
  const conds = [`o.id = ${params.p(id)}`];
  if (companyId !== null) conds.push(`o.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<LottoRow>(
    `SELECT ${LOTTO_COLUMNS} ${LOTTO_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return toLotto(orNotFound(row, 'Option de loto introuvable.'));
}

/** 400 on `mapping` unless it builds exactly 4 digits (loto 4) or 5 (loto 5). */
function checkMapping(code: number, mapping: readonly string[]) {
  const parts = mapping as LotPart[];
  try {
    assertMapping({ 1: parts, 2: parts, 3: parts }, digitsOf(code));
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    const message = `La composition doit former un nombre de ${digitsOf(code)} chiffres pour un ${gameOf(code) === 'loto4' ? 'loto 4' : 'loto 5'} (elle en forme ${optionNumber(EXAMPLE, mapping).length}).`;
    throw badRequest(message, { mapping: message });
  }
}

/** domain.md's mapping of an option (the one every company starts with). */
function defaultMapping(code: number): readonly string[] {
  const table = code < 50 ? DEFAULT_LOTO4_OPTIONS : DEFAULT_LOTO5_OPTIONS;
  return table[(code % 10) as LotoOption];
}

const sameMapping = (x: readonly string[], y: readonly string[]) =>
  x.length === y.length && x.every((p, i) => p === y[i]);

/** Changing how an option number is built is a sensitive setting: `option_plus` besides the route's codename. */
function requireOptionPlus(request: FastifyRequest) {
  if (!authOf(request).permissions.has('option_plus')) {
    throw forbidden(
      'Modifier la composition d’une option demande la permission « option_plus » (vous pouvez changer le libellé et l’activation).',
    );
  }
}

export type LottoValues = z.output<typeof lottoInput>;
export type LottoUpdateValues = Omit<z.output<typeof lottoUpdate>, 'id'>;

export async function createLotto(database: Database, request: FastifyRequest, companyId: number, v: LottoValues) {
  checkMapping(v.code, v.mapping);
  if (!sameMapping(v.mapping, defaultMapping(v.code))) requireOptionPlus(request);
  try {
    const id = await database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO lotto_options (company_id, code, label, mapping, enabled) VALUES ($1, $2, $3, $4::text[], $5) RETURNING id',
        [companyId, v.code, v.label, v.mapping, v.enabled],
      );
      await audit(tx, request, { action: 'create', entity: 'lotto_option', entityId: row.id, companyId, after: v });
      return row.id;
    });
    return getLotto(database.raw, companyId, id);
  } catch (err) {
    if (isUniqueViolation(err, 'lotto_options_company_code')) {
      const message = 'Cette option existe déjà : modifiez-la.';
      throw new AppError(409, 'CONFLICT', message, { code: message });
    }
    throw err;
  }
}

export async function updateLotto(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  v: LottoUpdateValues,
) {
  const before = await getLotto(database.raw, companyId, id);
  checkMapping(before.code, v.mapping);
  if (!sameMapping(v.mapping, before.mapping)) requireOptionPlus(request);
  await database.transaction(async (tx) => {
    await tx.query(
      `UPDATE lotto_options SET label = $3, mapping = $4::text[], enabled = $5, updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [companyId, id, v.label, v.mapping, v.enabled],
    );
    await audit(tx, request, {
      action: 'update',
      entity: 'lotto_option',
      entityId: id,
      companyId,
      before: { label: before.label, mapping: before.mapping, enabled: before.enabled },
      after: v,
    });
  });
  return getLotto(database.raw, companyId, id);
}

export async function blockLotto(
  database: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return setRecordBlocked(database, request, {
    table: 'lotto_options',
    entity: 'lotto_option',
    companyId,
    id,
    blocked,
    load: (raw) => getLotto(raw, companyId, id),
  });
}

/** Sold tickets keep their own copy of the mapping: removing an option only stops its sale. */
export async function deleteLotto(database: Database, request: FastifyRequest, companyId: number, id: number) {
  const before = await getLotto(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await tx.query('DELETE FROM lotto_options WHERE company_id = $1 AND id = $2', [companyId, id]);
    await audit(tx, request, { action: 'delete', entity: 'lotto_option', entityId: id, companyId, before });
  });
}
