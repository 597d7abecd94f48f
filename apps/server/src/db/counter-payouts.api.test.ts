import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, type SellLine, sell, sellingCompany } from '../../test/engine-fixtures';
import { createTestDatabase, describeApi } from '../../test/helpers';
import { rng } from '../../test/random';
import type { Database } from './client';

/**
 * The counters' exposure sums (migration 0033): what the sale, a cancellation and a reactivation
 * (borlette_count) keep equals the lines of the active tickets; and the migration's backfill of a
 * database sold before it writes the same sums (run here on the same counters, their sums zeroed).
 */
describeApi('sale counters: the exposure sums kept with the amounts, and their backfill', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let co: SellingCompany;

  const counters = () =>
    database.raw.query(
      `SELECT tirage_id, agent_id, code, number, amount::text, lot1::text, lot2::text, lot3::text, payout::text
         FROM sale_counters WHERE company_id = $1 AND amount <> 0 ORDER BY 1, 2, 3, 4`,
      [co.company.id],
    );
  // The sums recomputed from the lines (as the exposure board read them before 0033).
  const fromLines = () =>
    database.raw.query(
      `SELECT l.tirage_id, s.agent_id, l.code, l.number, sum(l.stake)::text AS amount,
              sum(l.stake * l.prime1)::text AS lot1,
              sum(CASE WHEN l.code = 20 THEN l.stake * coalesce(l.prime2, 0) ELSE 0 END)::text AS lot2,
              sum(CASE WHEN l.code = 20 THEN l.stake * coalesce(l.prime3, 0) ELSE 0 END)::text AS lot3,
              sum(CASE WHEN l.code <> 20 THEN l.stake * l.prime1
                       WHEN l.cumulative THEN l.stake * (l.prime1 + coalesce(l.prime2, 0) + coalesce(l.prime3, 0))
                       ELSE greatest(l.stake * l.prime1, l.stake * coalesce(l.prime2, 0),
                                     l.stake * coalesce(l.prime3, 0)) END)::text AS payout
         FROM fiche_lines l JOIN fiches f ON f.company_id = l.company_id AND f.id = l.fiche_id AND f.status = 'active'
        CROSS JOIN LATERAL (VALUES (0::bigint), (f.agent_id)) AS s(agent_id)
        WHERE l.company_id = $1 AND l.code <> 44
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      [co.company.id],
    );

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    co = await sellingCompany(database, { agents: 2, tirages: 2 });
    const c = co.company.id;
    const [t1, t2] = co.tirages.map((x) => x.id);
    const r = rng(3303);
    const ball = () => String(Math.floor(r() * 12)).padStart(2, '0');
    const line = (): SellLine => {
      const stake = 100 * (1 + Math.floor(r() * 20));
      const x = r();
      if (x < 0.6) return { code: 20, number: ball(), stake };
      if (x < 0.8) return { code: 40, number: `0${Math.floor(r() * 5)}*1${Math.floor(r() * 5)}`, stake };
      return { code: 30, number: `1${ball()}`, stake };
    };
    const sold: number[] = [];
    for (let i = 0; i < 40; i++) {
      // Primes and the cumulative bolet change between sales: each line keeps its own snapshot.
      if (i === 15)
        await database.raw.query("UPDATE primes SET bolet_1 = 70 WHERE company_id = $1 AND level = 'general'", [c]);
      if (i === 25)
        await database.raw.query('UPDATE company_settings SET bolet_cumulative = false WHERE company_id = $1', [c]);
      const f = await sell(database.raw, {
        companyId: c,
        agentId: co.agents[i % 2].id,
        tirages: [[t1], [t2], [t1, t2]][i % 3],
        lines: Array.from({ length: 1 + Math.floor(r() * 5) }, line),
        free: i % 4 === 0 ? ['07*08'] : [],
      });
      sold.push(f.id);
    }
    // Cancellations give the sums back, a reactivation takes them again (borlette_count, as the routes call it).
    for (const id of sold.filter((_, k) => k % 5 === 0)) {
      await database.raw.query(`UPDATE fiches SET status = 'cancelled' WHERE id = $1`, [id]);
      await database.raw.query('SELECT borlette_count($1, $2, -1, false)', [c, id]);
    }
    await database.raw.query(`UPDATE fiches SET status = 'active' WHERE id = $1`, [sold[0]]);
    await database.raw.query('SELECT borlette_count($1, $2, 1, true)', [c, sold[0]]);
  }, 120_000);
  afterAll(() => drop?.());

  it('keeps every counter’s sums equal to its active lines’', async () => {
    const kept = await counters();
    expect(kept.length).toBeGreaterThan(20);
    expect(kept).toEqual(await fromLines());
  });

  it('writes the same sums when migration 0033 backfills counters sold before it', async () => {
    const kept = await counters();
    await database.raw.query(
      'UPDATE sale_counters SET lot1 = 0, lot2 = 0, lot3 = 0, payout = 0 WHERE company_id = $1',
      [co.company.id],
    );
    const migration = readFileSync(path.join(import.meta.dirname, 'migrations/0033_counter_payouts.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE sale_counters'));
    await database.raw.exec(backfill as string);
    expect(await counters()).toEqual(kept);
  });
});
