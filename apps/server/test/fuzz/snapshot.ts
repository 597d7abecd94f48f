import type { RawClient } from '../../src/db/client';

/**
 * What a run of refused requests may still change, and why. Everything else in the public schema must
 * be byte for byte the same after the fuzz run.
 */
export const MAY_CHANGE: Record<string, { columns?: string[]; reason: string }> = {
  sessions: {
    columns: ['last_seen_at'],
    reason: 'every authenticated request may refresh last_seen_at (at most every 5 minutes, http/auth.ts)',
  },
  fiche_proof_failures: {
    reason:
      'a well-formed but wrong receipt proof (GET /api/agents/fiche, POST /api/agents/fiches/pay) is refused AND ' +
      'counted, by design: 10 wrong proofs in 15 minutes answer 429 (modules/fiches/pay-proof.ts)',
  },
  invoices: {
    reason:
      'GET /api/generals/facturations (and the PDF) recompute the unpaid invoices of the period asked on every ' +
      'read (billing: « recomputed on read until paid »): a read of any valid period writes them',
  },
};

export interface TableState {
  rows: number;
  hash: string;
}

/** count(*) and an md5 of every row (as jsonb, minus the columns a read may touch) of each public table. */
export async function snapshot(raw: RawClient): Promise<Record<string, TableState>> {
  const tables = await raw.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const out: Record<string, TableState> = {};
  for (const { name } of tables) {
    const rule = MAY_CHANGE[name];
    if (rule && !rule.columns) continue;
    const drop = rule?.columns?.length ? ` - ARRAY[${rule.columns.map((c) => `'${c}'`).join(',')}]::text[]` : '';
    const [row] = await raw.query<{ rows: number; hash: string | null }>(
      `SELECT count(*)::int AS rows,
              md5(coalesce(string_agg((to_jsonb(t)${drop})::text, E'\\n' ORDER BY (to_jsonb(t)${drop})::text), '')) AS hash
         FROM "${name}" t`,
    );
    out[name] = { rows: row.rows, hash: row.hash ?? '' };
  }
  return out;
}

/** Tables whose content differs between two snapshots. */
export function changedTables(before: Record<string, TableState>, after: Record<string, TableState>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => before[n]?.rows !== after[n]?.rows || before[n]?.hash !== after[n]?.hash)
    .map(
      (n) =>
        `${n}: ${before[n]?.rows ?? '-'} -> ${after[n]?.rows ?? '-'} rows${before[n]?.hash !== after[n]?.hash ? ', content changed' : ''}`,
    );
}
