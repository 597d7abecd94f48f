import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 17's layering, checked on the source (docs/conventions.md):
 * - routes map HTTP to a call: no SQL in a `*.routes.ts`;
 * - services and queries do not know HTTP: they take a RequestContext, never a FastifyRequest;
 * - one typed way to query: `sql` + a row schema (db/sql.ts), no `raw.query<Row>` cast, no SqlParams.
 */

const SRC = path.join(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.includes('.test.') ? [full] : [];
  });
}

const modules = sources(path.join(SRC, 'modules')).map((f) => ({
  file: path.relative(SRC, f),
  text: readFileSync(f, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, ''),
}));

const offenders = (files: typeof modules, pattern: RegExp) =>
  files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('server layering', () => {
  it('routes files hold no SQL', () => {
    const routes = modules.filter(({ file }) => file.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(30);
    expect(
      offenders(
        routes,
        /\bsql`|rawSql\(|SqlParams|\.query\(|\bSELECT\s|\bINSERT\s+INTO\b|\bDELETE\s+FROM\b|\bUPDATE\s+\w+\s+SET\b/,
      ),
    ).toEqual([]);
  });

  it('services, queries and helpers take a context, not a FastifyRequest', () => {
    const notRoutes = modules.filter(({ file }) => !file.endsWith('.routes.ts') && !file.endsWith('multipart.ts'));
    expect(offenders(notRoutes, /\bFastifyRequest\b/)).toEqual([]);
  });

  it('queries read typed rows (db/sql.ts), never cast them', () => {
    expect(offenders(modules, /\.query<|new SqlParams\(/)).toEqual([]);
  });
});
