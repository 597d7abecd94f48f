import type { RawClient } from '../../db/client';
import { LOCK_KEYS } from '../../db/lock-keys';
import { DEMO_REF_CODE } from '../../db/seed/demo';
import { DEMO_TIRAGE, seedDemoTickets } from '../../db/seed/demo-game';

/**
 * Resetting the demo: « Tirage Démo » sells until its result, and one result a day closes it, so the
 * chain sell → result → winners → pay could be tried once a day. The reset takes the demo company
 * back to its first morning: its tickets, results, payments, wallet and day figures are removed, the
 * draw is active and forced open again, and today's sample tickets are sold anew. Its accounts and
 * its configuration (settings, draws, limits, blocked balls, primes) stay as the admin left them;
 * the audit trail is kept (append-only) and gains the reset.
 *
 * Only ever the company whose code is DEMO: only the demo seed creates it (the codes the app
 * generates have 6 characters), so a real company is never reached, whatever the environment.
 */

/** Tables of a company's activity, children before parents (fiche_payments refers to fiches). */
const ACTIVITY_TABLES = [
  'fiche_payments',
  'fiche_lines',
  'fiche_tirages',
  'fiche_proof_failures',
  'wallet_entries',
  'wallet_agent_day',
  'fiches',
  // Its delete trigger takes the company-wide sums out of sale_numbers, emptied next anyway.
  'sale_counters',
  'sale_numbers',
  'stats_agent_day',
  'stats_agent_draw_day',
  'info_tirage_versions',
  'info_tirages',
] as const;

export interface DemoCompany {
  id: number;
  name: string;
}

export async function findDemoCompany(raw: RawClient): Promise<DemoCompany | null> {
  const [row] = await raw.query<DemoCompany>('SELECT id, name FROM companies WHERE ref_code = $1', [DEMO_REF_CODE]);
  return row ?? null;
}

export interface DemoResetResult {
  company_id: number;
  tickets_removed: number;
  results_removed: number;
  tickets_sold: number;
}

/** Resets the demo company's activity. Run it in a transaction (the caller's): all of it or nothing. */
export async function resetDemo(raw: RawClient, company: DemoCompany): Promise<DemoResetResult> {
  const id = company.id;
  // As a settlement does, per draw and in the sale's order: the exclusive lock of each of the
  // company's draws waits for the sales under way (they hold it shared) and holds new ones until the
  // reset commits; one reset at a time.
  await raw.query('SELECT borlette_lock_draws(array(SELECT id FROM tirages WHERE company_id = $1), true)', [id]);
  // A payment holds its ticket (FOR UPDATE in borlette_pay) and takes no draw lock: wait for the ones
  // under way, so that their payment rows are seen and removed (else the tickets' delete fails on them),
  // and make the next ones wait for the reset (they then find no ticket).
  await raw.query('SELECT count(*) FROM (SELECT id FROM fiches WHERE company_id = $1 FOR UPDATE) f', [id]);
  // A wallet movement (wallet.service.ts) holds its agent's ledger lock (LOCK_KEYS.wallet): wait for
  // the ones under way so that their entries are removed too, as the draws' locks do for the sales.
  await raw.query(
    `SELECT count(*) FROM (SELECT pg_advisory_xact_lock($2, (id % 2147483647)::int)
                             FROM users WHERE company_id = $1 AND role = 'agent' ORDER BY id) l`,
    [id, LOCK_KEYS.wallet],
  );
  const [counts] = await raw.query<{ tickets: number; results: number }>(
    `SELECT (SELECT count(*)::int FROM fiches WHERE company_id = $1) AS tickets,
            (SELECT count(*)::int FROM info_tirages WHERE company_id = $1) AS results`,
    [id],
  );
  for (const table of ACTIVITY_TABLES) await raw.query(`DELETE FROM ${table} WHERE company_id = $1`, [id]);

  // The demo's own draw, as the seed made it: active, forced open (it may have been closed or blocked).
  let [tirage] = await raw.query<{ id: number }>(
    `UPDATE tirages SET status = 'active', mode = 'open', updated_at = now()
      WHERE company_id = $1 AND name = $2 AND source_id IS NULL RETURNING id`,
    [id, DEMO_TIRAGE],
  );
  if (!tirage) {
    [tirage] = await raw.query<{ id: number }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
      [id, DEMO_TIRAGE],
    );
  }
  const agents = await raw.query<{ id: number }>(
    `SELECT u.id FROM users u LEFT JOIN surcussales s ON s.id = u.surcussale_id
      WHERE u.company_id = $1 AND u.role = 'agent' AND u.status = 'active' AND coalesce(s.status, 'active') = 'active'
      ORDER BY u.username`,
    [id],
  );
  const sold = await seedDemoTickets(
    raw,
    id,
    tirage.id,
    agents.map((a) => a.id),
  );
  return { company_id: id, tickets_removed: counts.tickets, results_removed: counts.results, tickets_sold: sold };
}
