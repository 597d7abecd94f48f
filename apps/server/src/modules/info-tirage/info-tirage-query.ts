import {
  type InfoTirage,
  infoTirage,
  type infoTirageListQuery,
  type Settlement,
  settlement,
} from '@borlette/shared/contracts/info-tirage';
import type { SortKey } from '@borlette/shared/contracts/list';
import { money, toCentimes } from '@borlette/shared/contracts/money';
import { type LotPart, lotPart, lotsFromResult } from '@borlette/shared/game/lots';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, oneRow, rows, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { companyWhere, orNotFound } from '../_lib/scope';

/**
 * A result with what it did to the tickets of that draw and date: sold tickets (not cancelled or
 * deleted), winners, their winnings and how many of them are paid.
 */
const INFO_COLUMNS = sql`
  i.id, i.company_id, i.tirage_id, t.name AS tirage_name, to_char(i.draw_date, 'YYYY-MM-DD') AS draw_date,
  i.pick3, i.pick4, i.version, i.origin,
  ${isoTime(sql`i.created_at`)} AS created_at, ${isoTime(sql`i.updated_at`)} AS updated_at, ${isoTime(sql`i.settled_at`)} AS settled_at,
  (SELECT json_build_object(
            'tickets', count(*) FILTER (WHERE f.status = 'active'),
            'winners', count(*) FILTER (WHERE ft.win_amount > 0),
            'win_amount', coalesce(sum(ft.win_amount), 0),
            'paid', count(*) FILTER (WHERE ft.win_amount > 0 AND f.paid_at IS NOT NULL))
     FROM fiche_tirages ft JOIN fiches f ON f.id = ft.fiche_id
    WHERE ft.company_id = i.company_id AND ft.tirage_id = i.tirage_id AND ft.draw_date = i.draw_date) AS agg`;
const INFO_FROM = sql`FROM info_tirages i JOIN tirages t ON t.id = i.tirage_id`;

/** A result as stored: its company (for its loto mappings) and the tickets' figures as one json column. */
export const infoRow = infoTirage
  .omit({ lots: true, tickets: true, winners: true, win_amount: true, paid: true })
  .extend({
    company_id: z.number(),
    agg: z.object({ tickets: z.number(), winners: z.number(), win_amount: money, paid: z.number() }),
  });
export type InfoRow = z.output<typeof infoRow>;

type Filters = z.output<typeof infoTirageListQuery>;

/** The list of GET /api/companies/info-tirage: the caller's company, a draw, a period. */
export function infoTirageList(
  ctx: HasAuth,
  q: Filters,
): ListSource<typeof infoRow, SortKey<typeof infoTirageListQuery>> {
  const where = companyWhere(ctx, sql`i.company_id`);
  if (q.tirage_id) where.push(sql`i.tirage_id = ${q.tirage_id}`);
  if (q.start_date) where.push(sql`i.draw_date >= ${q.start_date}::date`);
  if (q.end_date) where.push(sql`i.draw_date <= ${q.end_date}::date`);
  return {
    row: infoRow,
    select: INFO_COLUMNS,
    from: INFO_FROM,
    where,
    sortable: {
      draw_date: sql`i.draw_date`,
      tirage: sql`lower(t.name)`,
      version: sql`i.version`,
      updated_at: sql`i.updated_at`,
    },
    search: [sql`t.name`, sql`i.pick3`, sql`i.pick4`],
    tieBreaker: sql`i.id`,
  };
}

/** The loto option mappings of each company (code -> parts), to show the option numbers of a result. */
export type Mappings = Map<number, { code: number; mapping: string[] }[]>;

const mappingRow = z.object({ company_id: z.number(), code: z.number(), mapping: z.array(z.string()) });

export async function loadMappings(raw: RawClient, companyIds: number[]): Promise<Mappings> {
  const map: Mappings = new Map();
  if (!companyIds.length) return map;
  const found = await rows(
    raw,
    mappingRow,
    sql`SELECT company_id, code::int AS code, mapping FROM lotto_options
         WHERE company_id = ANY(${[...new Set(companyIds)]}::bigint[]) ORDER BY code`,
  );
  for (const r of found) {
    const list = map.get(r.company_id) ?? [];
    list.push({ code: r.code, mapping: r.mapping });
    map.set(r.company_id, list);
  }
  return map;
}

/** The lots of a result (docs/domain.md) and the option numbers of the company's mappings ('41': '4567', …). */
export function lotsView(pick3: string, pick4: string, options: { code: number; mapping: string[] }[]) {
  const lots = lotsFromResult({ pick3, pick4 });
  return {
    lot1: lots.lot1,
    lot2: lots.lot2,
    lot3: lots.lot3,
    loto3: lots.loto3,
    options: Object.fromEntries(
      options.map((o) => [String(o.code), o.mapping.map((p) => lotPart(lots, p as LotPart)).join('')]),
    ),
  };
}

export function toInfoTirage(row: InfoRow, mappings: Mappings): InfoTirage {
  const { company_id, agg, ...r } = row;
  return {
    ...r,
    lots: lotsView(r.pick3, r.pick4, mappings.get(company_id) ?? []),
    tickets: Number(agg.tickets),
    winners: Number(agg.winners),
    win_amount: toCentimes(agg.win_amount) as number, // exact past 2^53 (contracts/money.ts)
    paid: Number(agg.paid),
  };
}

export async function withLots(raw: RawClient, found: InfoRow[]): Promise<InfoTirage[]> {
  const mappings = await loadMappings(
    raw,
    found.map((r) => r.company_id),
  );
  return found.map((r) => toInfoTirage(r, mappings));
}

export async function getInfoRow(raw: RawClient, companyId: number | null, id: number): Promise<InfoRow> {
  const conds = [sql`i.id = ${id}`];
  if (companyId !== null) conds.push(sql`i.company_id = ${companyId}`);
  const row = await firstRow(raw, infoRow, sql`SELECT ${INFO_COLUMNS} ${INFO_FROM} WHERE ${joinSql(conds, ' AND ')}`);
  return orNotFound(row, 'Résultat introuvable.');
}

export async function getInfoTirage(raw: RawClient, companyId: number | null, id: number): Promise<InfoTirage> {
  const [one] = await withLots(raw, [await getInfoRow(raw, companyId, id)]);
  return one;
}

/** What the tickets of a draw and date stand at, without settling again (nothing changed). */
export async function currentSettlement(
  raw: RawClient,
  companyId: number,
  tirageId: number,
  date: string,
): Promise<Settlement> {
  return oneRow(
    raw,
    settlement,
    sql`SELECT count(*)::int AS tickets, count(*) FILTER (WHERE win_amount > 0)::int AS winners,
               coalesce(sum(win_amount), 0)::bigint AS win_amount, 0 AS changed_lines, 0 AS reversed
          FROM fiche_tirages WHERE company_id = ${companyId} AND tirage_id = ${tirageId} AND draw_date = ${date}::date`,
  );
}
