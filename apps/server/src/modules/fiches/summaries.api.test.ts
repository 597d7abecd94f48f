import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import { callAs, createTestApp, createUser, describeApi, login, type TestContext } from '../../../test/helpers';
import {
  DAY_FROM_TICKETS,
  DRAW_DAY_FROM_TICKETS,
  LEDGER_DAY_FIGURES,
  LEDGER_DAY_FROM_ENTRIES,
  SUMMARY_FIGURES,
} from '../../../test/oracles/invariants.oracle';
import { rng } from '../../../test/random';

/**
 * Oracle of the maintained money: after random sales, cancellations, deletions, reactivations,
 * results, payments and a confirmed correction that reverses payments (through the real HTTP layer
 * where the back office and the agents act), every summary row and every agent's ledger balance
 * equal a recomputation from the raw tickets, draws and payments.
 */

describeApi('summaries and ledger against the raw tickets (oracle)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;
  const tokens: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 4, tirages: 3 });
    admin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    for (const a of c.agents) tokens.push((await login(t.app, a.username)).accessToken);
  });
  afterAll(() => t?.close());

  async function check() {
    const raw = t.database.raw;
    const co = c.company.id;
    // The summaries recomputed from the raw tickets and payments (the crash invariants' SQL).
    const drawRows = await raw.query<Record<string, number | string>>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS d, tirage_id, agent_id, ${SUMMARY_FIGURES}
         FROM (${DRAW_DAY_FROM_TICKETS}) e ORDER BY 1, 2, 3`,
      [co],
    );
    const stored = await raw.query<Record<string, number | string>>(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS d, tirage_id, agent_id, ${SUMMARY_FIGURES}
         FROM stats_agent_draw_day WHERE company_id = $1 ORDER BY 1, 2, 3`,
      [co],
    );
    expect(stored).toEqual(drawRows);

    const dayRows = await raw.query<Record<string, number | string>>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS d, agent_id, ${SUMMARY_FIGURES} FROM (${DAY_FROM_TICKETS}) e ORDER BY 1, 2`,
      [co],
    );
    const storedDays = await raw.query<Record<string, number | string>>(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS d, agent_id, ${SUMMARY_FIGURES}
         FROM stats_agent_day WHERE company_id = $1 ORDER BY 1, 2`,
      [co],
    );
    expect(storedDays).toEqual(dayRows);

    // Each agent's ledger: its active tickets (sales − commission) less what it paid out, net.
    const ledger = await raw.query<{ agent_id: number; ledger: number; expected: number }>(
      `SELECT u.id AS agent_id,
              (SELECT coalesce(sum(amount), 0)::bigint FROM wallet_entries w WHERE w.company_id = $1 AND w.agent_id = u.id) AS ledger,
              ((SELECT coalesce(sum(f.amount - f.commission_amount), 0) FROM fiches f
                 WHERE f.company_id = $1 AND f.agent_id = u.id AND f.status = 'active')
               - (SELECT coalesce(sum(p.amount), 0) FROM fiche_payments p WHERE p.company_id = $1 AND p.agent_id = u.id))::bigint AS expected
         FROM users u WHERE u.company_id = $1 AND u.role = 'agent' ORDER BY u.id`,
      [co],
    );
    for (const l of ledger) expect(l.ledger).toBe(l.expected);

    // The ledger's day sums (kept by a trigger) equal the entries of each day.
    const fromEntries = await raw.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS d, agent_id, ${LEDGER_DAY_FIGURES} FROM (${LEDGER_DAY_FROM_ENTRIES}) e
        ORDER BY 1, 2`,
      [co],
    );
    const dayTotals = await raw.query(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS d, agent_id, ${LEDGER_DAY_FIGURES}
         FROM wallet_agent_day WHERE company_id = $1 ORDER BY 1, 2`,
      [co],
    );
    expect(dayTotals).toEqual(fromEntries);
    expect(dayTotals.length).toBeGreaterThan(0);
    return { rows: stored.length, ledger };
  }

  it('keeps every summary and ledger balance equal to the raw tickets through sales, voids, results and payments', async () => {
    const r = rng(4242);
    const [t1, t2, t3] = c.tirages.map((x) => x.id);
    const sold: { id: number; number: number; agent: number }[] = [];
    for (let i = 0; i < 240; i++) {
      const agent = Math.floor(r() * 4);
      const draws = r() < 0.3 ? [t1, t2] : [[t1, t2, t3][Math.floor(r() * 3)]];
      const lines = Array.from({ length: 1 + Math.floor(r() * 5) }, () => ({
        code: 20,
        number: String(Math.floor(r() * 100)).padStart(2, '0'),
        stake: 100 * (1 + Math.floor(r() * 30)),
      }));
      const f = await sell(t.database.raw, {
        companyId: c.company.id,
        agentId: c.agents[agent].id,
        tirages: draws,
        lines,
      });
      sold.push({ id: f.id, number: f.number, agent });
    }
    // Cancellations by their agents, deletions by the back office, some reactivated.
    const voided: number[] = [];
    for (const f of sold.slice(0, 40)) {
      const res =
        f.id % 2
          ? await callAs(t, 'POST', '/api/agents/fiches/cancel', tokens[f.agent], { id: f.id })
          : await callAs(t, 'PUT', '/api/companies/fiche', admin, {
              id: f.id,
              action: 'delete',
              reason: 'Erreur de saisie',
            });
      expect(res.statusCode).toBe(200);
      voided.push(f.id);
    }
    for (const id of voided.slice(0, 10)) {
      expect((await callAs(t, 'PUT', '/api/companies/fiche', admin, { id, action: 'reactivate' })).statusCode).toBe(
        200,
      );
    }
    const first = await check();
    expect(first.rows).toBeGreaterThan(0);

    // Results, payments by any agent, then a confirmed correction that reverses some payments.
    for (const id of [t1, t2, t3]) {
      await enterResult(t.database, {
        companyId: c.company.id,
        tirageId: id,
        date: c.today,
        pick3: '123',
        pick4: '2345',
      });
    }
    const winners = await t.database.raw.query<{ ref_code: string }>(
      "SELECT ref_code FROM fiches WHERE company_id = $1 AND status = 'active' AND win_amount > 0 ORDER BY id",
      [c.company.id],
    );
    expect(winners.length).toBeGreaterThan(5);
    for (const [i, w] of winners.entries()) {
      if (i % 3 === 2) continue;
      const res = await callAs(t, 'POST', '/api/agents/fiches/pay', tokens[i % 4], { ref: w.ref_code });
      expect([200, 409]).toContain(res.statusCode); // 409: a ticket with a draw of... every draw has its result here
    }
    await check();
    await enterResult(t.database, {
      companyId: c.company.id,
      tirageId: t1,
      date: c.today,
      pick3: '145',
      pick4: '4523',
      allowPaid: true,
    });
    const { ledger } = await check();
    expect(ledger.some((l) => l.ledger !== 0)).toBe(true);
    const reversals = await t.database.raw.query('SELECT 1 FROM wallet_entries WHERE company_id = $1 AND kind = $2', [
      c.company.id,
      'payout_reversal',
    ]);
    expect(reversals.length).toBeGreaterThan(0);
  }, 240_000);
});
