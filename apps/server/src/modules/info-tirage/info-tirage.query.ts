import type { InfoTirage, Settlement } from '@borlette/shared/contracts/info-tirage';
import { toCentimes } from '@borlette/shared/contracts/money';
import { type LotPart, lotPart, lotsFromResult } from '@borlette/shared/game/lots';
import type { RawClient } from '../../db/client';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';

export const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * A result with what it did to the tickets of that draw and date: sold tickets (not cancelled or
 * deleted), winners, their winnings and how many of them are paid.
 */
export const INFO_COLUMNS = `
  i.id, i.company_id, i.tirage_id, t.name AS tirage_name, to_char(i.draw_date, 'YYYY-MM-DD') AS draw_date,
  i.pick3, i.pick4, i.version, i.origin,
  ${iso('i.created_at')} AS created_at, ${iso('i.updated_at')} AS updated_at, ${iso('i.settled_at')} AS settled_at,
  (SELECT json_build_object(
            'tickets', count(*) FILTER (WHERE f.status = 'active'),
            'winners', count(*) FILTER (WHERE ft.win_amount > 0),
            'win_amount', coalesce(sum(ft.win_amount), 0),
            'paid', count(*) FILTER (WHERE ft.win_amount > 0 AND f.paid_at IS NOT NULL))
     FROM fiche_tirages ft JOIN fiches f ON f.id = ft.fiche_id
    WHERE ft.company_id = i.company_id AND ft.tirage_id = i.tirage_id AND ft.draw_date = i.draw_date) AS agg`;
export const INFO_FROM = 'FROM info_tirages i JOIN tirages t ON t.id = i.tirage_id';

export interface InfoRow {
  id: number;
  company_id: number;
  tirage_id: number;
  tirage_name: string;
  draw_date: string;
  pick3: string;
  pick4: string;
  version: number;
  origin: 'manual' | 'auto';
  created_at: string;
  updated_at: string;
  settled_at: string | null;
  agg: { tickets: number; winners: number; win_amount: number; paid: number };
}

/** The loto option mappings of each company (code -> parts), to show the option numbers of a result. */
export type Mappings = Map<number, { code: number; mapping: string[] }[]>;

export async function loadMappings(raw: RawClient, companyIds: number[]): Promise<Mappings> {
  const map: Mappings = new Map();
  if (!companyIds.length) return map;
  const rows = await raw.query<{ company_id: number; code: number; mapping: string[] }>(
    'SELECT company_id, code::int AS code, mapping FROM lotto_options WHERE company_id = ANY($1::bigint[]) ORDER BY code',
    [[...new Set(companyIds)]],
  );
  for (const r of rows) {
    const list = map.get(r.company_id) ?? [];
    list.push({ code: r.code, mapping: r.mapping });
    map.set(r.company_id, list);
  }
  return map;
}

/** The lots of a result (domain.md) and the option numbers of the company's mappings ('41': '4567', …). */
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

export async function withLots(raw: RawClient, rows: InfoRow[]): Promise<InfoTirage[]> {
  const mappings = await loadMappings(
    raw,
    rows.map((r) => r.company_id),
  );
  return rows.map((r) => toInfoTirage(r, mappings));
}

export async function getInfoRow(raw: RawClient, companyId: number | null, id: number): Promise<InfoRow> {
  const params = new SqlParams();
  const conds = [`i.id = ${params.p(id)}`];
  if (companyId !== null) conds.push(`i.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<InfoRow>(
    `SELECT ${INFO_COLUMNS} ${INFO_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
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
  const [s] = await raw.query<Settlement>(
    `SELECT count(*)::int AS tickets, count(*) FILTER (WHERE win_amount > 0)::int AS winners,
            coalesce(sum(win_amount), 0)::bigint AS win_amount, 0 AS changed_lines, 0 AS reversed
       FROM fiche_tirages WHERE company_id = $1 AND tirage_id = $2 AND draw_date = $3::date`,
    [companyId, tirageId, date],
  );
  return s;
}
