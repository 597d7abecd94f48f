import { expect, it } from 'vitest';
import { enterResult, sell } from '../../test/engine-fixtures';
import { seedFixtures } from '../../test/fixtures/crash.fixtures';
import { crashFailures, runCrashTest } from '../../test/harness/crash-harness';
import { createTestDatabase, describeApi, ENGINE } from '../../test/helpers';
import { drawState, type HalfWritten, halfWritten, totalHalfWritten } from '../../test/oracles/invariants.oracle';

/**
 * Crash safety on this project's engine, reduced for CI (scripts/crash-test.mjs runs it full size):
 * the real server in its own process, sales through HTTP, SIGKILL at a random moment, restart on the
 * same database; then a settlement of 20 000 lines killed mid-way. See test/harness/crash-harness.ts.
 */
describeApi(`crash safety (${ENGINE}, server in its own process, SIGKILL)`, () => {
  it('keeps every acknowledged sale exactly once, nothing half-written, settlements all or nothing', async () => {
    const lines: string[] = [];
    const report = await runCrashTest({
      engine: ENGINE,
      agents: 8,
      minAcks: ENGINE === 'postgres' ? 120 : 30,
      killWindowMs: [0, 1500],
      settleLines: 20_000,
      log: (line) => lines.push(line),
    });
    console.log(lines.join('\n'));
    expect(crashFailures(report)).toEqual([]);
    // The same facts, one by one (a failure names the figure).
    expect(report.sales.afterCrash.found).toBe(report.sales.acknowledged);
    expect(report.sales.afterCrash.duplicates).toBe(0);
    expect(totalHalfWritten(report.sales.halfWrittenAfterCrash)).toBe(0);
    expect(report.sales.replays.sameTicket).toBe(report.sales.replays.tried);
    expect(report.settlement.afterCrash.killed.state).not.toBe('partial');
    expect(report.settlement.final.state).toBe('settled');
    expect(report.gracefulExit.code).toBe(0);
  }, 240_000);
});

/** The checks themselves can fail: each kind of half-written state, made on purpose, is seen. */
describeApi(`crash checks see half-written states (${ENGINE})`, () => {
  it('flags lines, draws, ledger, counters, summaries and settlements that do not add up', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const fx = await seedFixtures(database.raw, { agents: 2, settleLines: 400 });
      const agents = await database.raw.query<{ id: number }>(
        "SELECT id FROM users WHERE company_id = $1 AND role = 'agent' AND username LIKE 'crash\\_%\\_%' ESCAPE '\\' AND username NOT LIKE 'crash\\_gen%' ESCAPE '\\' ORDER BY id",
        [fx.companyId],
      );
      for (let i = 0; i < 6; i++) {
        await sell(database.raw, {
          companyId: fx.companyId,
          agentId: agents[i % agents.length].id,
          tirages: fx.saleTirages,
          lines: [
            { code: 20, number: String(10 + i), stake: 500 },
            { code: 40, number: '12*34', stake: 200 },
          ],
        });
      }
      const [drawA] = fx.settleTirages;
      await enterResult(database, {
        companyId: fx.companyId,
        tirageId: drawA,
        date: fx.today,
        pick3: '123',
        pick4: '4567',
      });
      expect(await halfWritten(database.raw, fx.companyId)).toEqual({
        ficheWithoutLines: 0,
        ficheWithoutDraws: 0,
        amountMismatch: 0,
        ledgerEntryMismatch: 0,
        counterMismatch: 0,
        numberDayMismatch: 0,
        drawDaySummaryMismatch: 0,
        daySummaryMismatch: 0,
        ledgerDayMismatch: 0,
        agentBalanceMismatch: 0,
        orphans: 0,
      });
      expect((await drawState(database.raw, fx.companyId, drawA, fx.today)).state).toBe('settled');

      const [sold] = await database.raw.query<{ id: number }>(
        "SELECT id FROM fiches WHERE company_id = $1 AND idempotency_key NOT LIKE 'gen-%' ORDER BY id LIMIT 1",
        [fx.companyId],
      );
      const co = fx.companyId;
      const cases: [string, string, keyof HalfWritten | 'draw'][] = [
        [
          'DELETE FROM fiche_lines WHERE company_id = $1 AND fiche_id = $2',
          'a ticket without lines',
          'ficheWithoutLines',
        ],
        [
          'DELETE FROM fiche_tirages WHERE company_id = $1 AND fiche_id = $2',
          'a ticket without draws',
          'ficheWithoutDraws',
        ],
        [
          'UPDATE fiche_lines SET stake = stake + 100 WHERE company_id = $1 AND id = (SELECT min(id) FROM fiche_lines WHERE fiche_id = $2)',
          'lines that do not add up',
          'amountMismatch',
        ],
        [
          "DELETE FROM wallet_entries WHERE company_id = $1 AND fiche_id = $2 AND kind = 'sale'",
          'a sale without its ledger entry',
          'ledgerEntryMismatch',
        ],
        [
          'UPDATE sale_counters SET amount = amount + 1 WHERE company_id = $1 AND agent_id = 0 AND $2::bigint > 0',
          'counters off',
          'counterMismatch',
        ],
        [
          'INSERT INTO sale_number_deltas (company_id, draw_date, code, number, amount) SELECT company_id, draw_date, code, number, 1 FROM sale_numbers_live WHERE company_id = $1 AND $2::bigint > 0',
          'day sums per number off',
          'numberDayMismatch',
        ],
        [
          'UPDATE stats_agent_draw_day SET tickets = tickets + 1 WHERE company_id = $1 AND $2::bigint > 0',
          'draw summaries off',
          'drawDaySummaryMismatch',
        ],
        [
          'UPDATE stats_agent_day SET sales = sales + 1 WHERE company_id = $1 AND $2::bigint > 0',
          'day summaries off',
          'daySummaryMismatch',
        ],
        [
          'UPDATE wallet_agent_day SET entries = entries + 1 WHERE company_id = $1 AND $2::bigint > 0',
          'ledger day counts off',
          'ledgerDayMismatch',
        ],
        [
          `UPDATE fiche_lines SET win_amount = 0 WHERE company_id = $1 AND $2::bigint > 0
             AND id = (SELECT min(id) FROM fiche_lines WHERE company_id = $1 AND tirage_id = ${drawA} AND win_amount > 0)`,
          'a settlement half applied',
          'draw',
        ],
        [
          `DELETE FROM info_tirages WHERE company_id = $1 AND tirage_id = ${drawA} AND $2::bigint > 0`,
          'wins without their result',
          'draw',
        ],
      ];
      const rollback = new Error('rollback');
      for (const [sql, what, key] of cases) {
        const seen = await database
          .transaction(async (tx) => {
            await tx.query(sql, [co, sold.id]);
            const value =
              key === 'draw'
                ? (await drawState(tx, co, drawA, fx.today)).state === 'partial'
                  ? 1
                  : 0
                : (await halfWritten(tx, co))[key];
            throw Object.assign(rollback, { value });
          })
          .catch((e: Error & { value?: number }) => {
            if (e !== rollback) throw e;
            return e.value ?? 0;
          });
        expect(seen, what).toBeGreaterThan(0);
      }
      expect(totalHalfWritten(await halfWritten(database.raw, co))).toBe(0);
    } finally {
      await drop();
    }
  }, 120_000);
});
