// The full fuzz run: 10 000 malformed, boundary and hostile requests on every /api endpoint
// (apps/server/src/http/fuzz.api.test.ts), on both engines (api-postgres is skipped when PostgreSQL is
// not reachable outside CI).
//   node scripts/fuzz.mjs                   10 000 requests, fixed seed
//   FUZZ_RUNS=50000 FUZZ_SEED=7 node scripts/fuzz.mjs
//   node scripts/fuzz.mjs --project api-pglite
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const projects = args.includes('--project') ? [] : ['--project', 'api-postgres', '--project', 'api-pglite'];
const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

const child = spawn(process.execPath, [vitest, 'run', ...projects, ...args, 'apps/server/src/http/fuzz.api.test.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS || '10000' },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
