import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ALL_CODENAMES } from '@borlette/shared/permissions';
import { describe, expect, it } from 'vitest';

/*
 * Issue 17: an endpoint's path and permission are declared once, in packages/shared (endpoint.ts,
 * contracts/*), and the web calls and checks through the declaration (`call`, `useCan`). So the web
 * holds no API path and no codename of its own: a path or a codename typed here would drift from the
 * server's without any error. Screens' paths are typed by `ScreenPath` (routes.ts) at compile time.
 */

const WEB = path.join(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The file's code without its comments (a comment may name a path or a codename). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const files = sources(WEB).map((f) => ({ file: path.relative(WEB, f), text: code(f) }));

describe('the web declares no endpoint of its own', () => {
  it('has no /api path literal: calls go through the declarations', () => {
    const found = files.flatMap(({ file, text }) =>
      [...text.matchAll(/['"`](\/api\/[^'"`]*)/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(found).toEqual([]);
  });

  it('checks no permission by a codename literal: the endpoint or screen declaration names it', () => {
    const found = files.flatMap(({ file, text }) =>
      [...text.matchAll(/hasPermission\([^,()]+,\s*['"`]([^'"`]*)/g)].map((m) => `${file}: ${m[1]}`),
    );
    expect(found).toEqual([]);
  });

  it('names no codename that permissions.ts does not declare (the permission editor’s catalogue)', () => {
    const codenames = new Set<string>(ALL_CODENAMES);
    const shaped = /^(view|add|change|delete|block|pos|pay)_[a-z_]+$/;
    const found = files.flatMap(({ file, text }) =>
      [...text.matchAll(/['"]([a-z]+_[a-z_]+)['"]/g)]
        .filter((m) => shaped.test(m[1]) && !codenames.has(m[1]))
        .map((m) => `${file}: ${m[1]}`),
    );
    expect(found).toEqual([]);
  });
});
