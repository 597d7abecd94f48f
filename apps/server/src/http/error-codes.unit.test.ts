import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@borlette/shared/error-codes';
import { describe, expect, it } from 'vitest';

/** The error-code list (packages/shared/src/error-codes.ts) against the code that raises them. */
const SRC = path.join(import.meta.dirname, '..');
const FUNCTIONS = path.join(SRC, 'db', 'functions');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full, ext);
    return e.name.endsWith(ext) && !e.name.includes('.test.') ? [full] : [];
  });
}

/** The codes the SQL functions raise: borlette_fail(status, 'CODE', …) and a problem's 'code', … */
function sqlCodes(text: string): string[] {
  const direct = [...text.matchAll(/borlette_fail\(\d+, '([A-Z_]+)'|'code', '([A-Z_]+)'/g)].map((m) => m[1] ?? m[2]);
  const chosen = [...text.matchAll(/'code', CASE([\s\S]*?)END/g)].flatMap((m) =>
    [...m[1].matchAll(/'([A-Z_]+)'/g)].map((c) => c[1]),
  );
  return [...direct, ...chosen];
}

describe('error codes', () => {
  const known = new Set<string>(ERROR_CODES);
  const sql = files(FUNCTIONS, '.sql').map((f) => readFileSync(f, 'utf8'));

  it('are listed once', () => {
    expect(known.size).toBe(ERROR_CODES.length);
  });

  it('every code the SQL functions raise is listed', () => {
    const raised = sql.flatMap(sqlCodes);
    expect(raised).toContain('TIRAGE_CLOSED');
    expect(raised).toContain('OPTION_UNAVAILABLE');
    expect([...new Set(raised.filter((c) => !known.has(c)))]).toEqual([]);
  });

  it('every listed code is raised somewhere (the server or its SQL)', () => {
    const sources = [...files(SRC, '.ts').map((f) => readFileSync(f, 'utf8')), ...sql].join('\n');
    expect(ERROR_CODES.filter((c) => !sources.includes(`'${c}'`) && !sources.includes(`ERROR_CODE.${c}`))).toEqual([]);
  });
});
