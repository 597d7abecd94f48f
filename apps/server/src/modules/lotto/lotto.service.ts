import { LOTTO_MAPPING_CODENAME, type lottoInput, type lottoUpdate } from '@borlette/shared/contracts/lotto';
import { GameError } from '@borlette/shared/game/errors';
import {
  assertMapping,
  DEFAULT_LOTO4_OPTIONS,
  DEFAULT_LOTO5_OPTIONS,
  type LotoOption,
  type LotPart,
} from '@borlette/shared/game/lots';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { execute, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import { authOf, type HasAuth } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { setRecordBlocked } from '../_lib/block';
import { isUniqueViolation } from '../_lib/validate';
import { EXAMPLE, gameOf, getLotto, optionNumber } from './lotto-query';

const digitsOf = (code: number) => (code < 50 ? 4 : 5);

const idRow = z.object({ id: z.number() });

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

/** docs/domain.md's mapping of an option (the one every company starts with). */
function defaultMapping(code: number): readonly string[] {
  const table = code < 50 ? DEFAULT_LOTO4_OPTIONS : DEFAULT_LOTO5_OPTIONS;
  return table[(code % 10) as LotoOption];
}

const sameMapping = (x: readonly string[], y: readonly string[]) =>
  x.length === y.length && x.every((p, i) => p === y[i]);

/** Changing how an option number is built is a sensitive setting: `option_plus` besides the route's codename. */
function requireOptionPlus(ctx: HasAuth) {
  if (!authOf(ctx).permissions.has(LOTTO_MAPPING_CODENAME)) {
    throw forbidden(
      'Modifier la composition d’une option demande la permission « option_plus » (vous pouvez changer le libellé et l’activation).',
    );
  }
}

export type LottoValues = z.output<typeof lottoInput>;
export type LottoUpdateValues = Omit<z.output<typeof lottoUpdate>, 'id'>;

export async function createLotto(database: Database, ctx: RequestContext, companyId: number, v: LottoValues) {
  checkMapping(v.code, v.mapping);
  if (!sameMapping(v.mapping, defaultMapping(v.code))) requireOptionPlus(ctx);
  try {
    const id = await database.transaction(async (tx) => {
      const row = await oneRow(
        tx,
        idRow,
        sql`INSERT INTO lotto_options (company_id, code, label, mapping, enabled)
            VALUES (${companyId}, ${v.code}, ${v.label}, ${v.mapping}::text[], ${v.enabled}) RETURNING id`,
      );
      await audit(tx, ctx, { action: 'create', entity: 'lotto_option', entityId: row.id, companyId, after: v });
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
  ctx: RequestContext,
  companyId: number,
  id: number,
  v: LottoUpdateValues,
) {
  const before = await getLotto(database.raw, companyId, id);
  checkMapping(before.code, v.mapping);
  if (!sameMapping(v.mapping, before.mapping)) requireOptionPlus(ctx);
  await database.transaction(async (tx) => {
    await execute(
      tx,
      sql`UPDATE lotto_options SET label = ${v.label}, mapping = ${v.mapping}::text[], enabled = ${v.enabled}, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${id}`,
    );
    await audit(tx, ctx, {
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
  ctx: RequestContext,
  companyId: number,
  id: number,
  blocked: boolean,
) {
  return setRecordBlocked(database, ctx, {
    table: 'lotto_options',
    entity: 'lotto_option',
    companyId,
    id,
    blocked,
    load: (raw) => getLotto(raw, companyId, id),
  });
}

/** Sold tickets keep their own copy of the mapping: removing an option only stops its sale. */
export async function deleteLotto(database: Database, ctx: RequestContext, companyId: number, id: number) {
  const before = await getLotto(database.raw, companyId, id);
  await database.transaction(async (tx) => {
    await execute(tx, sql`DELETE FROM lotto_options WHERE company_id = ${companyId} AND id = ${id}`);
    await audit(tx, ctx, { action: 'delete', entity: 'lotto_option', entityId: id, companyId, before });
  });
}
