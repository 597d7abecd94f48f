import type { SortKey } from '@borlette/shared/contracts/list';
import { type LottoOption, type lottoListQuery, lottoOption } from '@borlette/shared/contracts/lotto';
import { type LotPart, lotPart, lotsFromResult } from '@borlette/shared/game/lots';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { companyWhere, orNotFound } from '../_lib/scope';

/** An option as stored: the API's answer adds game, option and example (`toLotto`). */
export const lottoRow = lottoOption
  .omit({ game: true, option: true, example: true })
  .extend({ company_id: z.number() });
type LottoRow = z.output<typeof lottoRow>;

const LOTTO_COLUMNS = sql`
  o.id, o.company_id, o.code::int AS code, o.label, o.mapping, o.enabled, o.status,
  ${isoTime(sql`o.created_at`)} AS created_at, ${isoTime(sql`o.updated_at`)} AS updated_at`;
const LOTTO_FROM = sql`FROM lotto_options o`;

/** The results of docs/domain.md's worked example: the `example` shows what a mapping builds. */
export const EXAMPLE = lotsFromResult({ pick3: '123', pick4: '4567' });

export const gameOf = (code: number) => (code < 50 ? 'loto4' : 'loto5');

/** The option number a mapping builds from the lots of a result. */
export function optionNumber(lots: Parameters<typeof lotPart>[0], mapping: readonly string[]): string {
  return mapping.map((p) => lotPart(lots, p as LotPart)).join('');
}

export function toLotto({ company_id, ...r }: LottoRow): LottoOption {
  return { ...r, game: gameOf(r.code), option: r.code % 10, example: optionNumber(EXAMPLE, r.mapping) };
}

type Filters = z.output<typeof lottoListQuery>;

/** The list of GET /api/companies/list-lotto: the caller's company, the filters. */
export function lottoList(ctx: HasAuth, q: Filters): ListSource<typeof lottoRow, SortKey<typeof lottoListQuery>> {
  const where = companyWhere(ctx, sql`o.company_id`);
  if (q.game) where.push(q.game === 'loto4' ? sql`o.code < 50` : sql`o.code > 50`);
  if (q.status) where.push(sql`o.status = ${q.status}`);
  return {
    row: lottoRow,
    select: LOTTO_COLUMNS,
    from: LOTTO_FROM,
    where,
    sortable: { code: sql`o.code`, label: sql`lower(o.label)`, status: sql`o.status`, updated_at: sql`o.updated_at` },
    search: [sql`o.label`, sql`o.code`],
    tieBreaker: sql`o.id`,
  };
}

/** One option of `companyId` (any when null), 404 otherwise. */
export async function getLotto(raw: RawClient, companyId: number | null, id: number): Promise<LottoOption> {
  const conds = [sql`o.id = ${id}`];
  if (companyId !== null) conds.push(sql`o.company_id = ${companyId}`);
  const row = await firstRow(
    raw,
    lottoRow,
    sql`SELECT ${LOTTO_COLUMNS} ${LOTTO_FROM} WHERE ${joinSql(conds, ' AND ')}`,
  );
  return toLotto(orNotFound(row, 'Option de loto introuvable.'));
}
