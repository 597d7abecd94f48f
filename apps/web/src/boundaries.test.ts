import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's module boundaries (DEVELOPERS.md), checked on its import graph so a bad import fails
 * the build: a feature never imports another feature (features meet only in app/), components/, lib/,
 * config/ and theme/ never import a feature, and no module imports itself back through a cycle.
 */

const SRC = dirname(new URL(import.meta.url).pathname);
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.[^']*)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

/** Every module (path relative to src/) and the modules it imports (JSON, CSS… left out). */
function importGraph(root = SRC): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const targets = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((m) => resolveImport(file, m[1]!))
      .filter((t): t is string => t !== null && /\.tsx?$/.test(t))
      .map((t) => relative(root, t));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1] ?? null;
const SHARED = /^(components|lib|config|theme)\//;

/** « a -> b » for each import that crosses a boundary. */
function boundaryViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const target = featureOf(to);
      if (!target) continue;
      const source = featureOf(from);
      if ((source && source !== target) || SHARED.test(from)) out.push(`${from} -> ${to}`);
    }
  }
  return out;
}

/** The import cycles, each as the list of its modules (Tarjan's strongly connected components). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

describe('web module boundaries', () => {
  const graph = importGraph();

  it('reads the whole app', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('app/router.tsx')?.some((t) => t.startsWith('features/'))).toBe(true);
  });

  it('keeps each feature to itself, and components/ and lib/ free of features', () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('catches a crossing and a cycle', () => {
    const bad = new Map([
      ['features/pos/a.ts', ['features/fiches/b.ts', 'features/pos/c.ts']],
      ['features/fiches/b.ts', []],
      ['features/pos/c.ts', ['features/pos/a.ts']],
      ['lib/x.ts', ['features/pos/c.ts']],
    ]);
    expect(boundaryViolations(bad)).toEqual([
      'features/pos/a.ts -> features/fiches/b.ts',
      'lib/x.ts -> features/pos/c.ts',
    ]);
    expect(importCycles(bad)).toEqual([['features/pos/a.ts', 'features/pos/c.ts']]);
  });
});
