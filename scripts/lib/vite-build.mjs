// `vite build` of apps/web with a progress report: the first `npm start` builds for a minute or more on a
// small machine, and a silent terminal looks stuck. On a terminal one line is rewritten in place; in a
// log (CI, a pipe) one line per step. `--quiet`: warnings and errors only, as before.
import path from 'node:path';
import { build } from 'vite';

const quiet = process.argv.includes('--quiet');
const root = path.resolve(import.meta.dirname, '../../apps/web');
const tty = Boolean(process.stdout.isTTY) && !quiet;
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

let live = false;
function say(text, { done = true } = {}) {
  if (quiet) return;
  if (tty) {
    process.stdout.write(`\r\x1b[2K${text}${done ? '\n' : ''}`);
    live = !done;
  } else if (done) {
    console.log(text);
  }
}

/** A Vite plugin that only counts: modules compiled, then the bundle's steps. */
function progress() {
  let modules = 0;
  let shown = 0;
  return {
    name: 'borlette-build-progress',
    apply: 'build',
    buildStart() {
      say('  1/3 Compilation des sources…', { done: !tty });
    },
    transform() {
      modules++;
      // A redraw every 100 modules on a terminal; a log gets only the total.
      if (tty && modules - shown >= 100) {
        shown = modules;
        say(`  1/3 Compilation des sources… ${modules} modules (${seconds()})`, { done: false });
      }
      return null;
    },
    buildEnd(error) {
      if (!error) say(`  1/3 Sources compilées : ${modules} modules (${seconds()})`);
    },
    renderStart() {
      say('  2/3 Assemblage et minification…', { done: !tty });
    },
    writeBundle(_options, bundle) {
      say(`  2/3 ${Object.keys(bundle).length} fichiers écrits dans apps/web/dist (${seconds()})`);
    },
  };
}

try {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: quiet ? 'error' : 'warn',
    plugins: [progress()],
  });
} catch (err) {
  if (live) process.stdout.write('\n');
  // Vite has already printed the error with its file and line.
  if (!quiet) console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
