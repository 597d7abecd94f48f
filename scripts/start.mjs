// `npm start`: build the web app if its sources changed, then run the server (API + web app on one port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

if (!ensureWebBuild()) {
  console.error('La construction de l’application web a échoué.');
  process.exit(1);
}
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
