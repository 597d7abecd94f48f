import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { enginesOutsideRange, type Lockfile, scriptsNotReviewed } from './lockfile-policy';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock: Lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

describe('package-lock.json', () => {
  it('brings no package whose engines refuse the Node the project declares', () => {
    expect(pkg.engines?.node).toBeTruthy();
    expect(enginesOutsideRange(lock, pkg.engines.node)).toEqual([]);
  });

  it('brings no install script that allowScripts leaves unreviewed', () => {
    expect(scriptsNotReviewed(lock, pkg.allowScripts)).toEqual([]);
  });
});

describe('lockfile policy', () => {
  const sample: Lockfile = {
    packages: {
      '': { name: 'x', engines: { node: '>=20.19' } },
      'node_modules/content-disposition': { version: '3.0.0', engines: { node: '>=22' } },
      'node_modules/vite': { version: '8.0.0', engines: { node: '^20.19.0 || >=22.12.0' } },
      'node_modules/a/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/old': { version: '1.0.0', engines: ['node >= 0.4'] },
      'node_modules/esbuild': { version: '0.28.2', hasInstallScript: true },
      'node_modules/x/node_modules/esbuild': { version: '0.18.20', hasInstallScript: true },
      'node_modules/sharp': { version: '0.35.5', hasInstallScript: true },
    },
  };

  it('names each package that wants a newer Node than the declared floor', () => {
    expect(enginesOutsideRange(sample, '>=20.19')).toEqual([
      'content-disposition@3.0.0 wants node >=22 (project: >=20.19)',
      'cookie@2.0.2 wants node >=22 (project: >=20.19)',
    ]);
    expect(enginesOutsideRange(sample, '>=22.12')).toEqual([]);
  });

  it('accepts an install script approved by name or by name@version, or denied', () => {
    expect(scriptsNotReviewed(sample, {})).toEqual(['esbuild@0.28.2', 'esbuild@0.18.20', 'sharp@0.35.5']);
    expect(scriptsNotReviewed(sample, { esbuild: true, 'sharp@0.35.5': false })).toEqual([]);
    expect(scriptsNotReviewed(sample, { 'esbuild@0.28.2': true })).toEqual(['esbuild@0.18.20', 'sharp@0.35.5']);
  });
});
