import type { Database } from './client';
import { LOCK_KEYS } from './lock-keys';
import { migrate } from './migrate';
import { seedDemo } from './seed/demo';
import { seedReference } from './seed/reference';

/** Migrations, reference data, and the demo when asked: what every start (and every test database) runs. */
export async function prepareDatabase(database: Database, opts: { demo: boolean; demoTimezone?: string }) {
  const { migrations: applied, functions } = await migrate(database);
  const demoSeeded = await database.withLock(LOCK_KEYS.seed, async (raw) => {
    await seedReference(raw);
    return opts.demo ? seedDemo(raw, opts.demoTimezone) : false;
  });
  return { applied, functions, demoSeeded };
}
