import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { RawClient } from '../../src/db/client';

/**
 * The rules Citus sets on the keys of a schema distributed by one column (here company_id), checked
 * against pg_catalog (db/distribution.api.test.ts holds the plan: which table is which, and why):
 * - distributed: the column exists, is NOT NULL, has one type across the tables (co-location), and is
 *   a plain key column of every primary key, unique constraint/index and exclusion constraint (a
 *   shard can only enforce uniqueness over rows it holds); a foreign key to another distributed table
 *   pairs company_id with company_id (both rows on the same shard); to a reference table, anything.
 * - reference (one copy on every node): its foreign keys point only at reference tables.
 * - local (the coordinator only): it may reference local and reference tables, never distributed ones.
 */
export type Kind = 'distributed' | 'reference' | 'local';

export interface DistributionPlan {
  column: string;
  distributed: readonly string[];
  reference: readonly string[];
  local: readonly string[];
  /** Known tables not distributable yet: what they will be, and why not now. */
  notYet: Readonly<Record<string, { target: Kind; reason: string }>>;
}

interface Catalog {
  tables: string[];
  columns: { table: string; notnull: boolean; type: string }[];
  uniques: { table: string; name: string; kind: string; columns: string[] }[];
  fks: { table: string; name: string; ref: string; columns: string[]; ref_columns: string[] }[];
}

/** The public schema's tables, their distribution column, unique indexes and foreign keys. */
export async function readCatalog(raw: RawClient, column: string): Promise<Catalog> {
  const tables = await raw.query<{ table: string }>(
    `SELECT c.relname::text AS table FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY 1`,
  );
  const columns = await raw.query<Catalog['columns'][number]>(
    `SELECT c.relname::text AS table, a.attnotnull AS notnull, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
        AND a.attname = $1 AND NOT a.attisdropped`,
    [column],
  );
  // Key columns only (not INCLUDE), an expression shown as such: Citus wants the plain column.
  const uniques = await raw.query<Catalog['uniques'][number]>(
    `SELECT c.relname::text AS table, i.relname::text AS name,
            CASE WHEN x.indisprimary THEN 'primary key' WHEN x.indisexclusion THEN 'exclusion constraint'
                 ELSE 'unique index' END AS kind,
            ARRAY(SELECT coalesce(a.attname::text, '(expression)')
                    FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                    LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
                   WHERE k.ord <= x.indnkeyatts ORDER BY k.ord) AS columns
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
      WHERE c.relnamespace = 'public'::regnamespace AND (x.indisunique OR x.indisexclusion)
      ORDER BY 1, 2`,
  );
  const fks = await raw.query<Catalog['fks'][number]>(
    `SELECT c.relname::text AS table, k.conname::text AS name, r.relname::text AS ref,
            ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, o)
                    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.o) AS columns,
            ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, o)
                    JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.o) AS ref_columns
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = 'public'::regnamespace
      ORDER BY 1, 2`,
  );
  return { tables: tables.map((t) => t.table), columns, uniques, fks };
}

/** Every broken rule, one sentence each, naming the table, its kind and the rule. */
export function checkDistribution(catalog: Catalog, plan: DistributionPlan): string[] {
  const problems: string[] = [];
  const kindOf = new Map<string, Kind>();
  const lists: [Kind | 'not yet', readonly string[]][] = [
    ['distributed', plan.distributed],
    ['reference', plan.reference],
    ['local', plan.local],
    ['not yet', Object.keys(plan.notYet)],
  ];
  const listed = new Map<string, string>();
  for (const [name, tables] of lists) {
    for (const t of tables) {
      const other = listed.get(t);
      if (other) problems.push(`${t} is listed twice (${other} and ${name})`);
      listed.set(t, name);
      kindOf.set(t, name === 'not yet' ? plan.notYet[t].target : name);
    }
  }
  for (const t of catalog.tables) {
    if (!listed.has(t)) {
      problems.push(
        `${t} is in no list: decide whether it is distributed by ${plan.column}, a reference table or local, ` +
          'and add it to a list of db/distribution.api.test.ts (with its reason)',
      );
    }
  }
  for (const t of listed.keys()) {
    if (!catalog.tables.includes(t)) problems.push(`${t} is listed but is not a table of the schema`);
  }
  const types = new Set(catalog.columns.filter((c) => plan.distributed.includes(c.table)).map((c) => c.type));
  if (types.size > 1) problems.push(`distributed tables disagree on ${plan.column}'s type (${[...types].join(', ')})`);

  const broken = (t: string) => tableProblems(catalog, plan.column, t, kindOf);
  for (const t of [...plan.distributed, ...plan.reference, ...plan.local]) {
    if (catalog.tables.includes(t)) problems.push(...broken(t));
  }
  for (const [t, { target, reason }] of Object.entries(plan.notYet)) {
    if (!reason.trim()) problems.push(`${t} is listed as not yet ${target} without a reason`);
    if (catalog.tables.includes(t) && broken(t).length === 0) {
      problems.push(`${t} is listed as not yet ${target} but keeps every rule of one: move it to the ${target} list`);
    }
  }
  return problems;
}

/** The rules one table breaks as the kind it is (or will be). */
export function tableProblems(catalog: Catalog, column: string, table: string, kindOf: Map<string, Kind>): string[] {
  const kind = kindOf.get(table);
  if (!kind) return [];
  const out: string[] = [];
  const say = (rule: string) => out.push(`${table} (${kind}): ${rule}`);
  if (kind === 'distributed') {
    const col = catalog.columns.find((c) => c.table === table);
    if (!col) say(`has no ${column} column to be distributed by`);
    else if (!col.notnull) say(`${column} may be NULL (Citus places a row by its ${column}: it must have one)`);
    for (const u of catalog.uniques.filter((x) => x.table === table)) {
      if (!u.columns.includes(column)) {
        say(
          `${u.kind} ${u.name} (${u.columns.join(', ')}) lacks ${column} (each shard enforces it over its own rows only)`,
        );
      }
    }
  }
  for (const fk of catalog.fks.filter((x) => x.table === table)) {
    const to = kindOf.get(fk.ref);
    const what = `foreign key ${fk.name} (${fk.columns.join(', ')}) -> ${fk.ref} (${fk.ref_columns.join(', ')})`;
    if (kind === 'distributed' && to === 'distributed') {
      const i = fk.columns.indexOf(column);
      if (i < 0 || fk.ref_columns[i] !== column) {
        say(`${what} does not pair ${column} with ${fk.ref}.${column} (both rows must be on the same shard)`);
      }
    } else if (kind === 'distributed' && to === 'local') {
      say(`${what} points at a local table (a distributed table references distributed or reference tables)`);
    } else if (kind === 'reference' && to !== 'reference') {
      say(`${what} points at a ${to ?? 'unlisted'} table (a reference table references reference tables only)`);
    } else if (kind === 'local' && to === 'distributed') {
      say(`${what} points at a distributed table (a local table references local or reference tables only)`);
    }
  }
  return out;
}

/** Each table's primary key and foreign keys, one line each, as the catalog shows them (minus `except`). */
export function liveKeys(catalog: Catalog, except: readonly string[]): string[] {
  return [
    ...catalog.uniques.filter((u) => u.kind === 'primary key').map((u) => `${u.table} PK (${u.columns.join(', ')})`),
    ...catalog.fks.map((f) => `${f.table} FK (${f.columns.join(', ')}) -> ${f.ref} (${f.ref_columns.join(', ')})`),
  ]
    .filter((line) => !except.includes(line.split(' ')[0]))
    .sort();
}

/** The same lines from the drizzle schema (db/schema/*.ts), which must say what the migrations made. */
export function drizzleKeys(schema: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const table of Object.values(schema)) {
    if (!(table instanceof PgTable)) continue;
    const c = getTableConfig(table);
    const pk = c.primaryKeys[0]?.columns ?? c.columns.filter((x) => x.primary);
    if (pk.length) out.push(`${c.name} PK (${pk.map((x) => x.name).join(', ')})`);
    for (const fk of c.foreignKeys) {
      const r = fk.reference();
      out.push(
        `${c.name} FK (${r.columns.map((x) => x.name).join(', ')}) -> ${getTableConfig(r.foreignTable).name} ` +
          `(${r.foreignColumns.map((x) => x.name).join(', ')})`,
      );
    }
  }
  return out.sort();
}
