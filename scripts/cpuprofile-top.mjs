// `node scripts/cpuprofile-top.mjs <file.cpuprofile> [n]`: where a `node --cpu-prof` profile spent its
// time — the top functions by self time, then the same folded by package (node_modules/<pkg>, the
// project's own files, node internals), each as a share of the samples.
import { readFileSync } from 'node:fs';

const [file, n = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpuprofile-top.mjs <file.cpuprofile> [n]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Self time per node: the samples, weighted by their time deltas (microseconds).
const self = new Map();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:internal';
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
};
const fns = new Map();
const pkgs = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const key = `${f.functionName || '(anonymous)'}  ${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const pkg = f.url ? where(f.url) : f.functionName; // (garbage collector), (program), (idle)
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by function:');
for (const [k, us] of top(fns, Number(n))) console.log(`${pct(us)}  ${k}`);
console.log('\nself time by package:');
for (const [k, us] of top(pkgs, 25)) console.log(`${pct(us)}  ${k}`);
