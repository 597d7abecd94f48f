import type { demoResetAnswer } from '@borlette/shared/contracts/demo';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { LOCK_KEYS } from '../../db/lock-keys';
import { DEMO_REF_CODE } from '../../db/seed/demo';
import { DEMO_TIRAGE, seedDemoTickets } from '../../db/seed/demo-game';
import { execute, firstRow, oneRow, rawSql, rows, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';

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
  'sale_number_deltas',
  'stats_agent_day',
  'stats_agent_draw_day',
  'info_tirage_versions',
  'info_tirages',
] as const;

const demoCompany = z.object({ id: z.number(), name: z.string() });
export type DemoCompany = z.output<typeof demoCompany>;
const idRow = z.object({ id: z.number() });

export async function findDemoCompany(raw: RawClient): Promise<DemoCompany | null> {
  return (
    (await firstRow(raw, demoCompany, sql`SELECT id, name FROM companies WHERE ref_code = ${DEMO_REF_CODE}`)) ?? null
  );
}

export type DemoResetResult = z.output<typeof demoResetAnswer>;

/**
 * The reset and its audit entry, in one transaction. `actor`: who asked when no one is signed in
 * (`npm run demo:reset`).
 */
export function resetDemoAudited(
  database: Database,
  ctx: RequestContext,
  demo: DemoCompany,
  actor?: { userId: null; role: null; username: string },
): Promise<DemoResetResult> {
  return database.transaction(async (raw) => {
    const result = await resetDemo(raw, demo);
    await audit(raw, ctx, {
      action: 'demo_reset',
      entity: 'company',
      entityId: demo.id,
      companyId: demo.id,
      ...(actor ? { actor } : {}),
      after: result,
    });
    return result;
  });
}

/** Resets the demo company's activity. Run it in a transaction (the caller's): all of it or nothing. */
export async function resetDemo(raw: RawClient, company: DemoCompany): Promise<DemoResetResult> {
  const id = company.id;
  // As a settlement does, per draw and in the sale's order: the exclusive lock of each of the
  // company's draws waits for the sales under way (they hold it shared) and holds new ones until the
  // reset commits; one reset at a time.
  await execute(raw, sql`SELECT borlette_lock_draws(array(SELECT id FROM tirages WHERE company_id = ${id}), true)`);
  // A payment holds its ticket (FOR UPDATE in borlette_pay) and takes no draw lock: wait for the ones
  // under way, so that their payment rows are seen and removed (else the tickets' delete fails on them),
  // and make the next ones wait for the reset (they then find no ticket).
  await execute(raw, sql`SELECT count(*) FROM (SELECT id FROM fiches WHERE company_id = ${id} FOR UPDATE) f`);
  // A wallet movement (wallet.service.ts) holds its agent's ledger lock (LOCK_KEYS.wallet): wait for
  // the ones under way so that their entries are removed too, as the draws' locks do for the sales.
  await execute(
    raw,
    sql`SELECT count(*) FROM (SELECT pg_advisory_xact_lock(${LOCK_KEYS.wallet}, (id % 2147483647)::int)
                                FROM users WHERE company_id = ${id} AND role = 'agent' ORDER BY id) l`,
  );
  const counts = await oneRow(
    raw,
    z.object({ tickets: z.number(), results: z.number() }),
    sql`SELECT (SELECT count(*)::int FROM fiches WHERE company_id = ${id}) AS tickets,
               (SELECT count(*)::int FROM info_tirages WHERE company_id = ${id}) AS results`,
  );
  // The table names are this file's own list.
  for (const table of ACTIVITY_TABLES) await execute(raw, sql`DELETE FROM ${rawSql(table)} WHERE company_id = ${id}`);

  // The demo's own draw, as the seed made it: active, forced open (it may have been closed or blocked).
  const tirage =
    (await firstRow(
      raw,
      idRow,
      sql`UPDATE tirages SET status = 'active', mode = 'open', updated_at = now()
           WHERE company_id = ${id} AND name = ${DEMO_TIRAGE} AND source_id IS NULL RETURNING id`,
    )) ??
    (await oneRow(
      raw,
      idRow,
      sql`INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
          VALUES (${id}, ${DEMO_TIRAGE}, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
    ));
  const agents = await rows(
    raw,
    idRow,
    sql`SELECT u.id FROM users u LEFT JOIN surcussales s ON s.id = u.surcussale_id
         WHERE u.company_id = ${id} AND u.role = 'agent' AND u.status = 'active' AND coalesce(s.status, 'active') = 'active'
         ORDER BY u.username`,
  );
  const sold = await seedDemoTickets(
    raw,
    id,
    tirage.id,
    agents.map((a) => a.id),
  );
  return { company_id: id, tickets_removed: counts.tickets, results_removed: counts.results, tickets_sold: sold };
}
