import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAvailable: boolean;
  }
}

/**
 * The PostgreSQL suites run when TEST_DATABASE_URL (or the default local server) answers.
 * Under CI=true a missing server is a failure, never a silent skip.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  let available = false;
  try {
    await client.connect();
    await client.query('SELECT 1');
    available = true;
  } catch (err) {
    if (process.env.CI === 'true' || process.env.CI === '1') {
      throw new Error(`PostgreSQL est requis en CI mais injoignable (${url}) : ${(err as Error).message}`);
    }
    console.warn(`[api-postgres] PostgreSQL injoignable (${url}) : suites PostgreSQL ignorées hors CI.`);
  } finally {
    await client.end().catch(() => {});
  }
  project.provide('postgresAvailable', available);
}
