// What a fresh `npm install` must not complain about, read from package-lock.json:
// - a package whose `engines.node` refuses the lowest Node the project declares (npm's EBADENGINE);
// - a package with an install script that `allowScripts` in package.json does not cover (npm's
//   « install-scripts … not yet covered by allowScripts », a block from npm 12 on).
// Run as a unit test (lockfile-policy.test.ts), so a dependency bump that brings either fails CI.
import semver from 'semver';

export interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  engines?: Record<string, string> | string[];
  hasInstallScript?: boolean;
}
export interface Lockfile {
  packages: Record<string, LockEntry>;
}

/** The package name of a lockfile key: the part after the last `node_modules/` (an alias keeps its `name`). */
export function packageName(key: string, entry: LockEntry): string {
  if (entry.name) return entry.name;
  const at = key.lastIndexOf('node_modules/');
  return at < 0 ? key : key.slice(at + 'node_modules/'.length);
}

/** Packages whose engines exclude the lowest Node version of `declared` (e.g. `>=20.19` → 20.19.0). */
export function enginesOutsideRange(lock: Lockfile, declared: string): string[] {
  const floor = semver.minVersion(declared);
  if (!floor) throw new Error(`engines.node « ${declared} » is not a semver range`);
  const bad: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    // Old packages may still write engines as an array of strings: npm ignores those.
    if (!key || entry.link || !entry.engines || Array.isArray(entry.engines)) continue;
    const wanted = entry.engines.node;
    if (!wanted) continue;
    if (!semver.satisfies(floor, wanted, { includePrerelease: true })) {
      bad.push(`${packageName(key, entry)}@${entry.version} wants node ${wanted} (project: ${declared})`);
    }
  }
  return bad;
}

/** Packages with an install script and no `allowScripts` entry (`name` or `name@version`, true or false). */
export function scriptsNotReviewed(lock: Lockfile, allowScripts: Record<string, boolean> = {}): string[] {
  const bad: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key || entry.link || !entry.hasInstallScript) continue;
    const name = packageName(key, entry);
    if (name in allowScripts || `${name}@${entry.version}` in allowScripts) continue;
    bad.push(`${name}@${entry.version}`);
  }
  return bad;
}
