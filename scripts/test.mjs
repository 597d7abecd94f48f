// `npm test`: every suite — type-check, web build, unit, API on PGlite and PostgreSQL, browser end-to-end.
// Ends with one plain line `N passed, N failed` totalling them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

let passed = 0;
let failed = 0;
const lines = [];
const record = (name, ok, detail = '') => {
  ok ? passed++ : failed++;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
};

const tsc = spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
record('typecheck (tsc)', tsc.status === 0);

record('web build (vite)', ensureWebBuild({ quiet: true }));

const outDir = path.join(ROOT, '.test-results');
const outFile = path.join(outDir, 'vitest.json');
mkdirSync(outDir, { recursive: true });
rmSync(outFile, { force: true });
const extra = process.argv.slice(2);
const vitest = spawnSync(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outFile}`,
    ...extra,
  ],
  { cwd: ROOT, stdio: 'inherit', env: process.env },
);
if (existsSync(outFile)) {
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') passed++;
      else if (t.status === 'failed') failed++;
    }
    // A file that failed to load has no assertions but must count.
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      failed++;
      lines.push(`FAIL ${path.relative(ROOT, file.name)} — ${String(file.message ?? '').split('\n')[0]}`);
    }
  }
  lines.push(
    `vitest ran ${report.numTotalTests} tests (${report.numPassedTests} ok, ${report.numFailedTests} failing, ${report.numPendingTests + (report.numTodoTests ?? 0)} skipped)`,
  );
  if (
    !report.success &&
    report.numFailedTests === 0 &&
    vitest.status !== 0 &&
    !lines.some((l) => l.startsWith('FAIL '))
  ) {
    record('vitest run', false, 'exited with an error (see above)');
  }
} else {
  record('vitest run', false, `no report (exit ${vitest.status})`);
}

console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
