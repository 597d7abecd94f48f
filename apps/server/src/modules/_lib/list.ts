import { Readable } from 'node:stream';
import type { ListQuery, Page } from '@borlette/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { containsPattern, joinSql, oneRow, rawSql, rows, type Sql, sql, whereSql } from '../../db/sql';
import { badRequest } from '../../http/errors';

export const CSV_MAX_ROWS = 50_000;

/** An unknown sort key is a 400 naming the possible ones (never Object.prototype's members). */
function unknownSort(keys: string[], key: string): never {
  throw badRequest(`Tri impossible sur « ${key} ». Colonnes possibles : ${keys.join(', ')}.`, {
    sort: 'Colonne de tri inconnue',
  });
}

/**
 * A list as SQL (db/sql.ts): what `queryPage` and `queryAll` page, sort, search and export.
 * `sortable` maps each sort key of the endpoint's `sortKeys` enum to its SQL (the first is the
 * default), so the contract's enum and the server's whitelist cannot drift apart.
 */
export interface ListSource<S extends z.ZodType, K extends string = string> {
  /** The shape of one row (checked on every row read). */
  row: S;
  select: Sql;
  /** FROM and JOINs. */
  from: Sql;
  where: Sql[];
  sortable: Record<K, Sql>;
  /** Expressions searched with the `search` term (case-insensitive, anywhere). */
  search: Sql[];
  /** A unique tie-breaker so that pages never overlap (e.g. `s.id`). */
  tieBreaker: Sql;
}

/** The list's conditions and its search, as a WHERE clause (also for totals over the same rows). */
export function sourceWhere(src: ListSource<z.ZodType>, q: ListQuery): Sql {
  const conds = [...src.where];
  if (q.search && src.search.length) {
    const pattern = containsPattern(q.search);
    conds.push(
      sql`(${joinSql(
        src.search.map((e) => sql`lower(coalesce(${e}::text, '')) LIKE ${pattern}`),
        ' OR ',
      )})`,
    );
  }
  return whereSql(conds);
}

function sourceOrder(src: ListSource<z.ZodType>, q: ListQuery): Sql {
  const keys = Object.keys(src.sortable);
  const key = q.sort ?? keys[0];
  // Own keys only: the query's enum already refuses others; `sort=constructor` must never find
  // Object.prototype's member and put « function Object() … » into the SQL.
  if (!Object.hasOwn(src.sortable, key)) unknownSort(keys, key);
  const dir = rawSql(q.order === 'desc' ? 'DESC' : 'ASC');
  return sql`ORDER BY ${(src.sortable as Record<string, Sql>)[key]} ${dir} NULLS LAST, ${src.tieBreaker} ${dir}`;
}

/**
 * One page of a list, with the total count of matching rows.
 * The page's ids are chosen first (filter, sort, count: cheap columns only); the display columns
 * (often correlated subqueries) are then computed for those rows alone, not for every match.
 * `count`: the number of matching rows when the caller knows it already (from maintained figures): the
 * page is then only its rows, and a sort an index serves stops after them instead of counting them all.
 */
export async function queryPage<S extends z.ZodType>(
  raw: RawClient,
  src: ListSource<S>,
  q: ListQuery,
  opts: { count?: number } = {},
): Promise<Page<z.output<S>>> {
  const where = sourceWhere(src, q);
  const order = sourceOrder(src, q);
  const known = opts.count !== undefined;
  const total = rawSql(known ? '' : ', count(*) OVER ()::int AS __total');
  const { text, values } = sql`WITH page AS (
       SELECT ${src.tieBreaker} AS __id${total} ${src.from} ${where} ${order}
        LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size})
     SELECT ${src.select}${rawSql(known ? '' : ', page.__total')} ${src.from} JOIN page ON page.__id = ${src.tieBreaker} ${order}`.render();
  // Rows are checked by `src.row` below; `__total` rides along on each of them.
  const found = await raw.query(text, values);
  let count = known ? opts.count : (found[0]?.__total as number | undefined);
  if (count === undefined) {
    // A page past the end (or no match): count separately. The display columns stay in a subquery:
    // parameters only they use (a period) must keep a type; the planner drops what the count skips.
    const matching = sql`SELECT count(*)::int AS n FROM (SELECT ${src.select} ${src.from} ${where}) AS matching`;
    count = (await oneRow(raw, countRow, matching)).n;
  }
  const results = found.map((r) => src.row.parse(r));
  return { results, count: count as number, page: q.page, page_size: q.page_size };
}

const countRow = z.object({ n: z.number() });

/** Every matching row of a list (capped), for exports. */
export async function queryAll<S extends z.ZodType>(raw: RawClient, src: ListSource<S>, q: ListQuery) {
  return rows(
    raw,
    src.row,
    sql`SELECT ${src.select} ${src.from} ${sourceWhere(src, q)} ${sourceOrder(src, q)} LIMIT ${CSV_MAX_ROWS}`,
  );
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined | Date;
}

const NUMBER = /^-?\d+([.,]\d+)?$/;

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = v instanceof Date ? v.toISOString() : typeof v === 'boolean' ? (v ? 'oui' : 'non') : String(v);
  // Quote when needed; neutralise spreadsheet formulas (CSV injection). A plain number (« -1234,50 »,
  // a negative balance) is not a formula and stays a number.
  const safe = !NUMBER.test(s) && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CSV_CHUNK_ROWS = 500;

/**
 * CSV for French spreadsheets: UTF-8 with BOM, `;` separator, CRLF, in chunks of a few hundred rows.
 * Sent as a stream, the text of 50 000 rows is never one string, and each chunk is formatted when the
 * socket asks for it: other requests are answered in between (issue 15).
 */
export function* csvChunks<T>(columns: CsvColumn<T>[], rows: T[]): Generator<string> {
  yield `\uFEFF${columns.map((c) => cell(c.header)).join(';')}\r\n`;
  for (let i = 0; i < rows.length; i += CSV_CHUNK_ROWS) {
    let text = '';
    for (const r of rows.slice(i, i + CSV_CHUNK_ROWS)) text += `${columns.map((c) => cell(c.value(r))).join(';')}\r\n`;
    yield text;
  }
}

/** The whole CSV as one string (small exports, tests). */
export const toCsv = <T>(columns: CsvColumn<T>[], rows: T[]): string => [...csvChunks(columns, rows)].join('');

/**
 * Sends the CSV as a download named `name`-today.csv, or `name`.csv when the name already carries its
 * period (`dated: false`, the reports: « rapport-ventes-2026-11-01-2026-11-23.csv »).
 */
export function sendCsv<T>(
  reply: FastifyReply,
  name: string,
  columns: CsvColumn<T>[],
  rows: T[],
  opts: { dated?: boolean } = {},
) {
  const file = opts.dated === false ? name : `${name}-${new Date().toISOString().slice(0, 10)}`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}.csv"`)
    .send(Readable.from(csvChunks(columns, rows), { objectMode: false, highWaterMark: 64 * 1024 }));
}
