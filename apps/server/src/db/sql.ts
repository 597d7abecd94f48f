import type { z } from 'zod';
import type { RawClient } from './client';

/**
 * SQL as values, never as glued strings: `sql\`… WHERE s.id = ${id}\`` makes each interpolated value a
 * parameter ($1, $2… numbered when the statement is rendered), and a `Sql` interpolated into another is
 * spliced in with its own parameters. So conditions, columns and joins compose without a parameter
 * counter, and a value can never become SQL text. `rawSql()` is for text the code owns (a whitelisted
 * sort column, a column name): never for input. The engine's hot paths keep their prepared statements.
 */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** The statement's text with $n placeholders, and its parameters in order. */
  render(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.renderInto(values);
    return { text, values };
  }

  private renderInto(values: unknown[]): string {
    let text = this.strings[0];
    for (let i = 0; i < this.values.length; i++) {
      const v = this.values[i];
      if (v instanceof Sql) text += v.renderInto(values);
      else {
        values.push(v);
        text += `$${values.length}`;
      }
      text += this.strings[i + 1];
    }
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

/** Text the code owns (a whitelisted column, a keyword), spliced as is. Never a request's value. */
export function rawSql(text: string): Sql {
  return new Sql([text], []);
}

/** `parts` separated by `separator` (`sql.join(conds, ' AND ')`); an empty list is empty SQL. */
export function joinSql(parts: readonly Sql[], separator: string): Sql {
  if (!parts.length) return rawSql('');
  const strings = ['', ...Array.from({ length: parts.length - 1 }, () => separator), ''];
  return new Sql(strings, parts);
}

/** `WHERE a AND b`, or nothing when there is no condition. */
export function whereSql(conds: readonly Sql[]): Sql {
  return conds.length ? sql`WHERE ${joinSql(conds, ' AND ')}` : rawSql('');
}

/**
 * Runs `query` and returns its rows typed and checked by `row` (a zod schema, often the contract's
 * own): a column renamed in SQL but not in the contract fails here, in the tests, with the column's
 * name, instead of reaching a client as `undefined`.
 */
export async function rows<S extends z.ZodType>(raw: RawClient, row: S, query: Sql): Promise<z.output<S>[]> {
  const { text, values } = query.render();
  const found = await raw.query(text, values);
  return found.map((r) => row.parse(r));
}

/** The first row of `query`, or undefined. */
export async function firstRow<S extends z.ZodType>(
  raw: RawClient,
  row: S,
  query: Sql,
): Promise<z.output<S> | undefined> {
  const [found] = await rows(raw, row, query);
  return found;
}

/** Runs a statement whose rows are not read (INSERT/UPDATE/DELETE without RETURNING). */
export async function execute(raw: RawClient, query: Sql): Promise<void> {
  const { text, values } = query.render();
  await raw.query(text, values);
}

/** The one row a statement always returns (INSERT … RETURNING, an aggregate): its absence is a bug. */
export async function oneRow<S extends z.ZodType>(raw: RawClient, row: S, query: Sql): Promise<z.output<S>> {
  const found = await firstRow(raw, row, query);
  if (found === undefined) throw new Error(`expected one row from: ${query.render().text.slice(0, 120)}`);
  return found;
}

/** A LIKE pattern matching `term` anywhere, with %, _ and \ escaped (case-insensitive with `lower()`). */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An instant as the API writes it: UTC, `2026-11-26T14:05:00Z` (the database keeps timestamptz). */
export const isoTime = (column: Sql): Sql => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
