// `npm start`: build the web app if its sources changed, then run the server (API + web app on one port).
// NODE_ENV is left as given: on a terminal the server's log is readable lines, JSON in production
// (NODE_ENV=production) or when the output is not a terminal (apps/server/src/http/request-log.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

if (!ensureWebBuild()) {
  console.error('La construction de l’application web a échoué.');
  process.exit(1);
}
console.log('Démarrage du serveur (base de données, migrations)…');
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
