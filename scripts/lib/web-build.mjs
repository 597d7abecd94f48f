// Builds the web app when its sources changed since the last build (a hash stamp in dist/).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'apps/web/dist');
const STAMP = path.join(DIST, '.build-hash');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'package-lock.json',
];

function walk(p, out) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const name of readdirSync(p).sort())
      if (!name.endsWith('.test.ts') && !name.endsWith('.test.tsx')) walk(path.join(p, name), out);
  } else out.push(p);
}

export function webSourceHash() {
  const files = [];
  for (const i of INPUTS) walk(path.join(ROOT, i), files);
  const h = createHash('sha256');
  for (const f of files) h.update(path.relative(ROOT, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

/** Returns true when it built (or was already up to date); false when the build failed. */
export function ensureWebBuild({ force = false, quiet = false } = {}) {
  const hash = webSourceHash();
  if (
    !force &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === hash &&
    existsSync(path.join(DIST, 'index.html'))
  ) {
    return true;
  }
  const started = Date.now();
  if (!quiet) console.log('Construction de l’application web (au premier démarrage, puis quand ses sources changent)…');
  const res = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/lib/vite-build.mjs'), ...(quiet ? ['--quiet'] : [])],
    {
      cwd: path.join(ROOT, 'apps/web'),
      stdio: 'inherit',
      // A production React build even when called from a test run (vitest sets NODE_ENV=test).
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (res.status !== 0) return false;
  if (!quiet) console.log('  3/3 Compression des fichiers (brotli, gzip)…');
  precompress(DIST);
  writeFileSync(STAMP, hash);
  if (!quiet) console.log(`Application web prête (${Math.round((Date.now() - started) / 1000)} s).`);
  return true;
}

/** Writes .br and .gz beside each text asset; the server sends them as they are (no compression per request). */
function precompress(dir) {
  const files = [];
  walk(dir, files);
  for (const f of files) {
    if (!/\.(js|css|html|svg|json|txt|map|wasm)$/.test(f) || f.endsWith('.map')) continue;
    const body = readFileSync(f);
    if (body.length < 1024) continue;
    writeFileSync(`${f}.gz`, zlib.gzipSync(body, { level: 9 }));
    writeFileSync(`${f}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}
