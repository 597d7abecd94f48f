// `npm run dev`: the server with reload on :3000 and Vite's dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/web-build.mjs';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
