import type { Database, RawClient } from '../src/db/client';

/**
 * A transaction held open after `work` (its row changes written, not committed) until `release()`:
 * for the races where a request arrives while another change is in flight. `started` resolves once
 * `work` ran, `done` once the transaction committed.
 */
export function holdTransaction(database: Database, work: (tx: RawClient) => Promise<unknown>) {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let ran = () => {};
  const started = new Promise<void>((r) => {
    ran = r;
  });
  const done = database.transaction(async (tx) => {
    await work(tx);
    ran();
    await held;
  });
  return { started, release: () => release(), done };
}
