import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every language must hold the same keys (recursively, in every namespace file) and no empty value,
 * so that no screen ever falls back to another language or shows a bare key.
 */
const root = dirname(fileURLToPath(import.meta.url));
const languages = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function load(lang: string, ns: string): Json | undefined {
  try {
    return JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')) as Json;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${lang}/${ns}.json is not valid JSON: ${(error as Error).message}`);
  }
}

/** key path -> value, for every leaf. */
function flatten(value: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) flatten(v, `${prefix}[${i}]`, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const namespaces = [
  ...new Set(
    languages.flatMap((l) =>
      readdirSync(join(root, l))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5)),
    ),
  ),
].sort();

describe('locales', () => {
  it('has the four languages fr, en, de, ht', () => {
    expect(languages).toEqual(expect.arrayContaining(['de', 'en', 'fr', 'ht']));
  });

  it('has namespace files', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  for (const ns of namespaces) {
    describe(`${ns}.json`, () => {
      const flat = Object.fromEntries(languages.map((l) => [l, load(l, ns)] as const));

      it('exists in every language', () => {
        const missing = languages.filter((l) => flat[l] === undefined);
        expect(missing, `${ns}.json missing in: ${missing.join(', ')}`).toEqual([]);
      });

      it('has the same keys in every language', () => {
        const keys = Object.fromEntries(languages.map((l) => [l, new Set(flatten(flat[l] ?? {}).keys())] as const));
        const all = new Set(languages.flatMap((l) => [...keys[l]]));
        const problems: string[] = [];
        for (const key of all) {
          const lacking = languages.filter((l) => !keys[l].has(key));
          if (lacking.length) problems.push(`${ns}:${key} missing in ${lacking.join(', ')}`);
        }
        expect(problems).toEqual([]);
      });

      it('has no empty value', () => {
        const problems: string[] = [];
        for (const l of languages) {
          for (const [key, value] of flatten(flat[l] ?? {})) {
            if (value === null || (typeof value === 'string' && value.trim() === ''))
              problems.push(`${l}/${ns}:${key}`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
