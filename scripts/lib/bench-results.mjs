// Printing and writing a bench's figures: each beside its reference and their ratio.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bench-kit.mjs';

const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

/** Rounded figures with their ratio to the reference. */
export function withRatios(results) {
  return results.map((r) => ({
    ...r,
    value: round(r.value),
    reference: round(r.reference),
    ratio: round(r.value / r.reference, 3),
  }));
}

export function printBenchResults(results) {
  const rows = withRatios(results);
  const w = Math.max(...rows.map((r) => r.name.length));
  console.log(`\n${'figure'.padEnd(w)}  ${'value'.padStart(10)}  ${'reference'.padStart(10)}  ratio    reference is`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(w)}  ${`${r.value} ${r.unit}`.padStart(10)}  ${`${r.reference} ${r.unit}`.padStart(10)}  ${String(r.ratio).padEnd(7)}  ${r.referenceLabel}`,
    );
  }
}

/** `.bench/<suite>.json`, read back by bench.mjs into .bench/all.json. */
export function writeBenchResults(suite, data) {
  mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  const file = path.join(ROOT, `.bench/${suite}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), ...data, results: withRatios(data.results) }, null, 2)}\n`,
  );
  console.log(`\nRésultats : ${path.relative(ROOT, file)}`);
}
