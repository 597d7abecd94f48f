import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { oneRow, sql } from '../../db/sql';

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

const Moved = z.object({ moved: z.coerce.number().int() });

/** Folds the pending deltas of one company (or all: undefined), `batches` statements at most; answers how many moved. */
export async function foldDaySums(
  raw: RawClient,
  companyId?: number,
  batch = FOLD_BATCH,
  batches = FOLD_BATCHES,
): Promise<number> {
  let moved = 0;
  for (let i = 0; i < batches; i++) {
    const row = await oneRow(
      raw,
      Moved,
      sql`SELECT sale_numbers_fold(${companyId ?? null}::bigint, ${batch}::int) AS moved`,
    );
    const n = row.moved;
    moved += n;
    if (n < batch) break;
  }
  return moved;
}
