import type { RawClient } from '../../db/client';

/**
 * The sales append their day sums per number as deltas (`sale_number_deltas`, migration 0021: no row
 * lock shared between two sales); this moves them into `sale_numbers` (SQL function sale_numbers_fold,
 * one transaction per batch, so the statistics, which read both in one statement, stay exact). Run by
 * the scheduler every `DAY_SUMS_FOLD_SECONDS` for all companies; tests call it directly.
 */

/** Deltas moved per statement: bounds the time a fold holds the day sums' rows. */
export const FOLD_BATCH = 5_000;
/** Batches per pass at most: a pass that cannot catch up leaves the rest to the next one. */
const FOLD_BATCHES = 20;

/** Folds the pending deltas of one company (or all: undefined), `batches` statements at most; answers how many moved. */
export async function foldDaySums(
  raw: RawClient,
  companyId?: number,
  batch = FOLD_BATCH,
  batches = FOLD_BATCHES,
): Promise<number> {
  let moved = 0;
  for (let i = 0; i < batches; i++) {
    const [row] = await raw.query<{ moved: number }>('SELECT sale_numbers_fold($1::bigint, $2::int) AS moved', [
      companyId ?? null,
      batch,
    ]);
    const n = Number(row?.moved ?? 0);
    moved += n;
    if (n < batch) break;
  }
  return moved;
}
