import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_KEYS } from './lock-keys';

const FUNCTIONS = path.join(import.meta.dirname, 'functions');
const SRC = path.join(import.meta.dirname, '..');

function sqlFiles(): [string, string][] {
  return readdirSync(FUNCTIONS)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => [f, readFileSync(path.join(FUNCTIONS, f), 'utf8')]);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('advisory lock keys', () => {
  it('are distinct', () => {
    const values = Object.values(LOCK_KEYS);
    expect(new Set(values).size).toBe(values.length);
  });

  it('every key the SQL functions lock with is a named key of lock-keys.ts', () => {
    const used = sqlFiles().flatMap(([file, text]) =>
      [...text.matchAll(/pg_advisory_xact_lock(?:_shared)?\((\d+)/g)].map((m) => ({ file, key: Number(m[1]) })),
    );
    expect(used.length).toBeGreaterThan(0);
    const named = new Set<number>(Object.values(LOCK_KEYS));
    for (const { file, key } of used) expect(named.has(key), `${file}: ${key}`).toBe(true);
    expect(used.filter((u) => u.key === LOCK_KEYS.draws).map((u) => u.file)).toEqual([
      'borlette_lock_draws.sql',
      'borlette_lock_draws.sql',
    ]);
  });

  it('the draws are locked through borlette_lock_draws only: no TypeScript names their namespace', () => {
    const literal = /\b727_?100\b/;
    const offenders = tsFiles(SRC).filter(
      (f) => !f.endsWith('lock-keys.ts') && !f.endsWith('.test.ts') && literal.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
