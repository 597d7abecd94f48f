import { type Lots, lotsFromResult } from '@borlette/shared/game/lots';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import { createTestApp, describeApi, ENGINE, type TestContext } from '../../../test/helpers';
import { expectedWin, type SettledLine } from '../../../test/oracles/invariants.oracle';
import { rng } from '../../../test/random';

/**
 * Oracle: thousands of random tickets sold through the SQL sale, settled set-based in the database;
 * every line's win must equal an independent recomputation with the pure rules of packages/shared
 * from the line's own snapshot (primes, bolet mode, free amount, loto template). Then a corrected
 * result re-settles, and a withdrawn one brings every win back to 0.
 */

/** Thousands on PostgreSQL; fewer on the embedded engine (WASM, several times slower to sell). */
const TICKETS = ENGINE === 'postgres' ? 3000 : 1000;

const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
const ball = (r: () => number) => String(Math.floor(r() * 100)).padStart(2, '0');

/** A random line; `near` are the lots of the coming result, so that many lines win. */
function randomLine(r: () => number, near: Lots) {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const lot = () => pick([near.lot1, near.lot2, near.lot3]);
  const stake = 100 * (1 + Math.floor(r() * 20));
  const kind = r();
  if (kind < 0.45) return { code: 20, number: r() < 0.5 ? lot() : ball(r), stake };
  if (kind < 0.65) {
    let a = r() < 0.6 ? lot() : ball(r);
    let b = r() < 0.6 ? lot() : ball(r);
    while (a === b) b = ball(r);
    if (a > b) [a, b] = [b, a];
    return { code: 40, number: `${a}*${b}`, stake };
  }
  if (kind < 0.78) return { code: 30, number: r() < 0.3 ? near.pick3 : digits(r, 3), stake };
  const code = pick([41, 42, 43, 51, 52, 53]);
  const len = code < 50 ? 4 : 5;
  const candidates =
    code < 50
      ? [near.pick4, near.lot1 + near.lot2, near.lot1 + near.lot3, near.lot2 + near.lot1]
      : [near.pick3 + near.lot2, near.pick3 + near.lot3, near.lot1.slice(-1) + near.lot2 + near.lot3];
  return { code, number: r() < 0.4 ? pick(candidates).slice(0, len).padEnd(len, '0') : digits(r, len), stake };
}

/** A line as settled, with its ticket and draw (the pure rules' answer: `expectedWin` of the crash invariants). */
interface LineRow extends SettledLine {
  fiche_id: number;
  tirage_id: number;
}

describeApi('settlement against the pure rules (oracle)', () => {
  let t: TestContext;
  let c: SellingCompany;
  const R1 = { pick3: '145', pick4: '2345' }; // lots 45 23 45: a bolet on two lots
  const R2 = { pick3: '907', pick4: '0770' }; // the correction: lots 07 07 70

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 3, tirages: 2 });
    const raw = t.database.raw;
    const co = c.company.id;
    // Primes at every level, free mariages, one loto mapping of the company's own.
    await raw.query(
      "UPDATE primes SET bolet_1 = 60, bolet_2 = 20, bolet_3 = 10, mariage = 900 WHERE company_id = $1 AND level = 'general'",
      [co],
    );
    await raw.query(
      "INSERT INTO primes (company_id, level, tirage_id, bolet_1, loto3) VALUES ($1, 'tirage', $2, 55, 600)",
      [co, c.tirages[1].id],
    );
    await raw.query(
      "INSERT INTO primes (company_id, level, surcussale_id, mariage) VALUES ($1, 'surcussale', $2, 1100)",
      [co, c.surcussaleId],
    );
    await raw.query(
      "INSERT INTO primes (company_id, level, agent_id, bolet_2, loto4_o1) VALUES ($1, 'agent', $2, 25, 4000)",
      [co, c.agents[2].id],
    );
    await raw.query(
      'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 2000, 4999, 1), ($1, 5000, NULL, 3)',
      [co],
    );
    await raw.query("UPDATE lotto_options SET mapping = ARRAY['lot3', 'lot2'] WHERE company_id = $1 AND code = 43", [
      co,
    ]);

    const r = rng(20261123);
    const near = lotsFromResult(R1);
    const nearR2 = lotsFromResult(R2);
    const free = () =>
      Array.from({ length: 6 }, () => {
        const a = r() < 0.5 ? near.lot1 : ball(r);
        let b = r() < 0.5 ? nearR2.lot3 : ball(r);
        while (b === a) b = ball(r);
        return a < b ? `${a}*${b}` : `${b}*${a}`;
      });
    for (let i = 0; i < TICKETS; i++) {
      if (i === TICKETS / 2) {
        // Half the tickets with the best-hit bolet rule and another mapping: snapshots must hold.
        await raw.query(
          'UPDATE company_settings SET bolet_cumulative = false, free_mariage_amount = 50000 WHERE company_id = $1',
          [co],
        );
        await raw.query(
          "UPDATE lotto_options SET mapping = ARRAY['lot1', 'lot2'] WHERE company_id = $1 AND code = 43",
          [co],
        );
      }
      const nLines = 3 + Math.floor(r() * 8);
      const lines = Array.from({ length: nLines }, () => randomLine(r, r() < 0.7 ? near : nearR2));
      const tirages = r() < 0.3 ? c.tirages.map((x) => x.id) : [c.tirages[Math.floor(r() * 2)].id];
      const f = await sell(raw, { companyId: co, agentId: c.agents[i % 3].id, tirages, lines, free: free() });
      if (r() < 0.04) await raw.query("UPDATE fiches SET status = 'cancelled' WHERE id = $1", [f.id]);
    }
  }, 600_000);
  afterAll(() => t?.close());

  async function check(results: Record<number, Lots | null>) {
    const lines = await t.database.raw.query<LineRow>(
      `SELECT l.fiche_id, l.tirage_id, l.code, l.number, l.stake, l.prime1, l.prime2, l.prime3, l.template, l.cumulative,
              l.win_amount, f.status
         FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id WHERE l.company_id = $1`,
      [c.company.id],
    );
    expect(lines.length).toBeGreaterThan(TICKETS * 3);
    let winners = 0;
    const byFiche = new Map<number, number>();
    const mismatches: string[] = [];
    for (const l of lines) {
      const lots = results[l.tirage_id];
      const expected = lots ? expectedWin(l, lots) : 0;
      if (expected > 0) winners++;
      if (l.win_amount !== expected)
        mismatches.push(`${l.fiche_id} ${l.code} ${l.number}: ${l.win_amount} ≠ ${expected}`);
      byFiche.set(l.fiche_id, (byFiche.get(l.fiche_id) ?? 0) + expected);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    const fiches = await t.database.raw.query<{ id: number; win_amount: number; per_draw: number }>(
      `SELECT f.id, f.win_amount, (SELECT sum(win_amount)::bigint FROM fiche_tirages ft WHERE ft.fiche_id = f.id) AS per_draw
         FROM fiches f WHERE f.company_id = $1`,
      [c.company.id],
    );
    for (const f of fiches) {
      expect(f.win_amount).toBe(byFiche.get(f.id) ?? 0);
      expect(f.per_draw).toBe(f.win_amount);
    }
    return winners;
  }

  it('settles every line exactly as the pure rules, then re-settles a correction and a withdrawal', async () => {
    const [t1, t2] = c.tirages.map((x) => x.id);
    const s1 = await enterResult(t.database, { companyId: c.company.id, tirageId: t1, date: c.today, ...R1 });
    const s2 = await enterResult(t.database, { companyId: c.company.id, tirageId: t2, date: c.today, ...R1 });
    const winners = await check({ [t1]: lotsFromResult(R1), [t2]: lotsFromResult(R1) });
    expect(winners).toBeGreaterThan(TICKETS / 4); // the data does exercise the rules
    expect(s1.winners + s2.winners).toBeGreaterThan(0);

    const corrected = await enterResult(t.database, { companyId: c.company.id, tirageId: t2, date: c.today, ...R2 });
    expect(corrected.changed_lines).toBeGreaterThan(0);
    await check({ [t1]: lotsFromResult(R1), [t2]: lotsFromResult(R2) });

    await t.database.transaction(async (tx) => {
      await tx.query('DELETE FROM info_tirages WHERE company_id = $1 AND tirage_id = $2', [c.company.id, t1]);
      await tx.query('SELECT borlette_settle($1, $2, $3, NULL, false)', [c.company.id, t1, c.today]);
    });
    await check({ [t1]: null, [t2]: lotsFromResult(R2) });
  }, 300_000);
});
