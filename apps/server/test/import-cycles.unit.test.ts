import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * No import cycles in the server, its tests and the shared package (DEVELOPERS.md). The graph is read
 * with a regex on the import / export-from statements (type-only ones too: a cycle of types is still a
 * pair of files that cannot be read apart); relative paths and the `@borlette/shared` alias (its
 * package.json exports: `.` → src/index.ts, `./*` → src/*.ts) are resolved, packages are ignored.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIRS = ['apps/server/src', 'apps/server/test', 'packages/shared/src'];
const SHARED = path.join(ROOT, 'packages/shared/src');
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules') sourceFiles(p, out);
    } else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

function resolveSpecifier(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec === '@borlette/shared') base = path.join(SHARED, 'index');
  else if (spec.startsWith('@borlette/shared/')) base = path.join(SHARED, spec.slice('@borlette/shared/'.length));
  else return null;
  base = base.replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve '${spec}'`);
}

/** Each file's imports (files of the graph only). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const deps = new Set<string>();
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, m[1] ?? m[2]);
      if (target) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the list of files from its first file back to it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

it('finds a cycle when there is one', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
});

it('has no import cycle in the server, its tests and the shared package', () => {
  const files = DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const graph = importGraph(files);
  expect(graph.size).toBeGreaterThan(300);
  const cycles = findCycles(graph).map((cycle) => cycle.map((f) => path.relative(ROOT, f)).join(' → '));
  expect(cycles).toEqual([]);
});
