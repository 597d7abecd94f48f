import { configDefaults, defineConfig } from 'vitest/config';

const apiFiles = ['apps/server/src/**/*.api.test.ts'];

// The suites sign in thousands of times: password hashes at scrypt N=2^10 instead of 2^15 (lib/password.ts;
// never in production). Set here so the workers and the servers the e2e suites start inherit it.
process.env.TEST_SCRYPT_N ??= '1024';
/** Web components rendered in a simulated DOM (happy-dom), not in a browser. */
const domFiles = ['apps/web/src/**/*.dom.test.tsx'];

/**
 * One configuration, five projects:
 * - unit: pure rules (packages/shared), web units (no DOM), server units;
 * - dom: web components (tables, forms) rendered with Testing Library in happy-dom;
 * - api-pglite / api-postgres: the same API suites through the real HTTP layer on each engine;
 * - e2e: the built app in real Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.unit.test.ts',
            'apps/server/test/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...domFiles],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'dom',
          include: domFiles,
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/dom-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiFiles,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiFiles,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
