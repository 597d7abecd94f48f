// `node scripts/crash-test.mjs`: crash safety of the real server, on PostgreSQL and on the embedded
// PGlite. The server runs in its own process (node --import tsx apps/server/src/main.ts) on a scratch
// database; agents sell through HTTP and the server is killed with SIGKILL at a random moment; then a
// result is entered on a draw with many lines and the server is killed while it settles. After each
// crash the database is opened directly and checked: every acknowledged sale present exactly once,
// nothing half-written (tickets without lines or draws, amounts that do not add up, limit counters,
// ledger and summaries against the raw tickets), the settlement complete or absent; after a restart
// the same idempotency keys answer the same tickets and the result re-sent settles the draw.
// The logic lives in apps/server/test/harness/crash-harness.ts (the CI runs a reduced version of it:
// apps/server/src/ops/crash.api.test.ts, on both engines).
// Env: TEST_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
//      CRASH_ENGINES (postgres,pglite), CRASH_ROUNDS (1), CRASH_AGENTS (16), CRASH_LINES (50000 per draw).
// Exit code 1 when any check fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { runCrashTest, crashFailures } = await import(path.join(ROOT, 'apps/server/test/harness/crash-harness.ts'));

const engines = (process.env.CRASH_ENGINES ?? 'postgres,pglite').split(',').filter(Boolean);
const rounds = Number(process.env.CRASH_ROUNDS ?? 1);
const agents = Number(process.env.CRASH_AGENTS ?? 16);
const settleLines = Number(process.env.CRASH_LINES ?? 50_000);

let failed = 0;
const summary = [];
for (let round = 1; round <= rounds; round++) {
  for (const engine of engines) {
    console.log(`\n=== ${engine}, round ${round}/${rounds} ===`);
    try {
      const report = await runCrashTest({
        engine,
        agents,
        settleLines,
        minAcks: engine === 'postgres' ? 300 : 80,
        killWindowMs: [0, 4000],
        log: (line) => console.log(line),
      });
      const problems = crashFailures(report);
      if (problems.length) {
        failed++;
        console.log(`FAIL ${engine}:\n  - ${problems.join('\n  - ')}`);
      }
      const s = report.sales;
      summary.push(
        `${problems.length ? 'FAIL' : 'ok  '} ${engine.padEnd(8)} sales: acknowledged ${s.acknowledged}, found ${s.afterCrash.found}, ` +
          `duplicates ${s.afterCrash.duplicates}, half-written ${Object.values(s.halfWrittenAfterCrash).reduce((a, b) => a + b, 0)}, ` +
          `unanswered ${s.unknown} (committed ${s.afterCrash.unknownCommitted}), replayed ${s.replays.replayed}/${s.replays.tried}; ` +
          `settlement of ${report.settlement.linesPerDraw} lines killed at ${report.settlement.killAfterMs}/${report.settlement.calibrationMs} ms: ` +
          `${report.settlement.afterCrash.killed.state} -> re-sent ${report.settlement.resendStatus} -> ${report.settlement.final.state}; ` +
          `SIGTERM exit ${report.gracefulExit.code}; ${(report.totalMs / 1000).toFixed(1)} s`,
      );
    } catch (err) {
      failed++;
      summary.push(`FAIL ${engine.padEnd(8)} ${err instanceof Error ? err.message.split('\n')[0] : err}`);
      console.error(err);
    }
  }
}
console.log(`\n${summary.join('\n')}`);
process.exit(failed ? 1 : 0);
