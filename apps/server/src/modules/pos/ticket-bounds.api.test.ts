import { randomUUID } from 'node:crypto';
import type { BetCode } from '@borlette/shared/game/bets';
import type { Primes } from '@borlette/shared/game/payout';
import { potentialPayout } from '@borlette/shared/game/potential-payout';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestApp, describeApi, expectErrorBody, login, type TestContext } from '../../../test/helpers';

/**
 * Issue 15, defect 1: what one ticket may be (lines, draws, stake per line, potential payout) is
 * bounded by the company's settings under the platform's ceilings, refused at sale in French with
 * nothing written; the sale's SQL and the pure rule (game/potential-payout.ts) agree to the centime.
 */
describeApi('ticket bounds at sale', () => {
  let t: TestContext;
  let c: SellingCompany;
  let agent: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 1, tirages: 3 });
    agent = (await login(t.app, c.agents[0].username)).accessToken;
  });
  afterAll(() => t?.close());

  const settings = (values: Record<string, number | boolean>) =>
    t.database.raw.query(
      `UPDATE company_settings SET ${Object.keys(values)
        .map((k, i) => `${k} = $${i + 2}`)
        .join(', ')} WHERE company_id = $1`,
      [c.company.id, ...Object.values(values)],
    );
  const reset = () =>
    settings({
      ticket_max_lines: 100,
      ticket_max_draws: 20,
      line_max_stake: 10_000_000,
      ticket_max_payout: 10_000_000_000,
    });
  const sale = (lines: { code: number; number: string; stake: number }[], tirages = [c.tirages[0].id]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(agent),
      payload: { idempotency_key: randomUUID(), tirages, lines },
    });
  /** Everything a sale writes, for the company. */
  const written = async () =>
    (
      await t.database.raw.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM fiches WHERE company_id = $1) AS fiches,
                (SELECT count(*)::int FROM fiche_lines WHERE company_id = $1) AS lines,
                (SELECT count(*)::int FROM wallet_entries WHERE company_id = $1) AS ledger,
                (SELECT coalesce(sum(amount), 0)::bigint::text FROM sale_counters WHERE company_id = $1) AS counters,
                (SELECT coalesce(sum(tickets), 0)::int FROM stats_agent_day WHERE company_id = $1) AS stats`,
        [c.company.id],
      )
    )[0];
  const bolet = (n: number, stake = 100) =>
    Array.from({ length: n }, (_, i) => ({ code: 20, number: `${i % 100}`.padStart(2, '0'), stake }));

  async function refused(
    res: Awaited<ReturnType<typeof sale>>,
    before: Record<string, number>,
    code: string,
    message: string,
  ) {
    const body = expectErrorBody(res, 409);
    expect(body.code).toBe(code);
    expect(body.message).toBe(message);
    expect(await written()).toEqual(before);
    return body;
  }

  it('refuses more lines than the company allows (fewer than the platform does), accepts exactly the maximum', async () => {
    await settings({ ticket_max_lines: 3 });
    const before = await written();
    await refused(
      await sale(bolet(4)),
      before,
      'TICKET_MAX_LINES',
      'La fiche dépasse 3 paris (maximum de la compagnie).',
    );
    expect((await sale(bolet(3))).statusCode).toBe(200);
    await reset();
  });

  it('refuses more draws than the company allows, accepts exactly the maximum', async () => {
    await settings({ ticket_max_draws: 2 });
    const before = await written();
    await refused(
      await sale(
        bolet(1),
        c.tirages.map((x) => x.id),
      ),
      before,
      'TICKET_MAX_DRAWS',
      'La fiche dépasse 2 tirages (maximum de la compagnie).',
    );
    expect((await sale(bolet(1), [c.tirages[0].id, c.tirages[1].id])).statusCode).toBe(200);
    await reset();
  });

  it('refuses a stake per line over the company’s maximum on that line, accepts exactly the maximum', async () => {
    await settings({ line_max_stake: 10_000_000 });
    const before = await written();
    const body = await refused(
      await sale([...bolet(2), { code: 30, number: '123', stake: 10_000_001 }]),
      before,
      'LINE_MAX_STAKE',
      'Ligne 3 : la mise dépasse le maximum de 100 000,00 HTG par pari.',
    );
    expect(body.fields).toEqual({ 'lines.2': body.message });
    expect((await sale([{ code: 30, number: '123', stake: 10_000_000 }])).statusCode).toBe(200);
  });

  it('refuses the review’s ticket (99 loto 5 lines near 10 million HTG on 18 draws), even with settings above the platform', async () => {
    const many = await sellingCompany(t.database, { agents: 1, tirages: 18 });
    const token = (await login(t.app, many.agents[0].username)).accessToken;
    const review = Array.from({ length: 99 }, (_, i) => ({ code: 51, number: `${10_000 + i}`, stake: 999_999_900 }));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/agents/fiches',
        headers: auth(token),
        payload: { idempotency_key: randomUUID(), tirages: many.tirages.map((x) => x.id), lines: review },
      });
    // The company's defaults: the stake per line first.
    expect(expectErrorBody(await send(), 409).code).toBe('LINE_MAX_STAKE');
    // Settings written past the platform's ceilings (by hand in the database): the platform's hold.
    await t.database.raw.query(
      `UPDATE company_settings SET ticket_max_lines = 100000, ticket_max_draws = 1000, line_max_stake = 1e15,
              ticket_max_payout = 9e18 WHERE company_id = $1`,
      [many.company.id],
    );
    const body = expectErrorBody(await send(), 409);
    expect(body.code).toBe('TICKET_MAX_PAYOUT');
    expect(body.message).toBe(
      'Gain possible de la fiche : 445 499 955 450 000,00 HTG, supérieur au maximum de 10 000 000 000,00 HTG par fiche. Réduisez les mises, les paris ou les tirages.',
    );
    const [n] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fiches WHERE company_id = $1',
      [many.company.id],
    );
    expect(n.n).toBe(0);
  });

  it('agrees with the pure rule to the centime: accepted at the potential payout, refused one centime below', async () => {
    const [tA, tB] = [c.tirages[0].id, c.tirages[1].id];
    await t.database.raw.query(
      'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 1, NULL, 2)',
      [c.company.id],
    );
    const prime = fc.integer({ min: 1, max: 20_000 });
    const code = fc.constantFrom<BetCode>(20, 30, 40, 41, 42, 43, 51, 52, 53);
    const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    const line = code.chain((k) =>
      fc.record({
        code: fc.constant(k),
        number:
          k === 20
            ? digits(2)
            : k === 30
              ? digits(3)
              : k === 40
                ? fc
                    .integer({ min: 0, max: 98 })
                    .map((a) => `${`${a}`.padStart(2, '0')}*${`${a + 1}`.padStart(2, '0')}`)
                : digits(k < 50 ? 4 : 5),
        stake: fc.integer({ min: 1, max: 1_000_000 }),
      }),
    );
    const scenario = fc.record({
      lines: fc.array(line, { minLength: 1, maxLength: 6 }),
      general: fc.record({ bolet_1: prime, bolet_2: prime, bolet_3: prime, mariage: prime, loto5_o1: prime }),
      drawB: fc.record({ bolet_2: prime, loto3: prime, loto4_o2: prime }),
      cumulative: fc.boolean(),
      free: fc.integer({ min: 0, max: 500_000 }),
    });
    for (const s of fc.sample(scenario, { numRuns: 6, seed: 15 })) {
      await t.database.raw.query(
        `UPDATE primes SET bolet_1 = $2, bolet_2 = $3, bolet_3 = $4, mariage = $5, loto5_o1 = $6
          WHERE company_id = $1 AND level = 'general'`,
        [c.company.id, s.general.bolet_1, s.general.bolet_2, s.general.bolet_3, s.general.mariage, s.general.loto5_o1],
      );
      await t.database.raw.query("DELETE FROM primes WHERE company_id = $1 AND level = 'tirage'", [c.company.id]);
      await t.database.raw.query(
        `INSERT INTO primes (company_id, level, tirage_id, bolet_2, loto3, loto4_o2) VALUES ($1, 'tirage', $2, $3, $4, $5)`,
        [c.company.id, tB, s.drawB.bolet_2, s.drawB.loto3, s.drawB.loto4_o2],
      );
      const [g] = await t.database.raw.query<Record<string, number>>(
        "SELECT * FROM primes WHERE company_id = $1 AND level = 'general'",
        [c.company.id],
      );
      const general: Primes = {
        20: { 1: g.bolet_1, 2: g.bolet_2, 3: g.bolet_3 },
        30: g.loto3,
        40: g.mariage,
        41: g.loto4_o1,
        42: g.loto4_o2,
        43: g.loto4_o3,
        51: g.loto5_o1,
        52: g.loto5_o2,
        53: g.loto5_o3,
      };
      const forB: Primes = {
        ...general,
        20: { ...general[20]!, 2: s.drawB.bolet_2 },
        30: s.drawB.loto3,
        42: s.drawB.loto4_o2,
      };
      const expected = potentialPayout(
        s.lines,
        [
          { primes: general, freeMariages: 2 },
          { primes: forB, freeMariages: 2 },
        ],
        { boletCumulative: s.cumulative, freeMariageAmount: s.free },
      );
      expect(expected).toBeGreaterThan(0n);
      await settings({
        bolet_cumulative: s.cumulative,
        free_mariage_amount: s.free,
        line_max_stake: 1_000_000_000,
        ticket_max_payout: Number(expected - 1n),
      });
      const before = await written();
      const body = expectErrorBody(await sale(s.lines, [tA, tB]), 409);
      expect(body.code).toBe('TICKET_MAX_PAYOUT');
      expect(await written()).toEqual(before);
      await settings({ ticket_max_payout: Number(expected) });
      const ok = await sale(s.lines, [tA, tB]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().lines.filter((l: { free: boolean }) => l.free)).toHaveLength(4);
    }
    await reset();
  });

  it('tells the POS the bounds and the primes its preview needs, as the sale reads them', async () => {
    await settings({ ticket_max_lines: 7, line_max_stake: 50_000, ticket_max_payout: 2_000_000_000_000 });
    const t3 = c.tirages[2].id;
    await t.database.raw.query(
      "INSERT INTO primes (company_id, level, tirage_id, mariage) VALUES ($1, 'tirage', $2, 777)",
      [c.company.id, t3],
    );
    await t.database.raw.query(
      "INSERT INTO primes (company_id, level, agent_id, loto3) VALUES ($1, 'agent', $2, 333)",
      [c.company.id, c.agents[0].id],
    );
    const res = await t.app.inject({ url: '/api/agents/config', headers: auth(agent) });
    expect(res.statusCode, res.body).toBe(200);
    const config = res.json();
    // The payout above the platform's ceiling is answered at the platform's.
    expect(config.ceilings).toEqual({
      ticket_max_lines: 7,
      ticket_max_draws: 20,
      line_max_stake: 50_000,
      ticket_max_payout: 1_000_000_000_000,
    });
    const p3 = config.draw_primes.find((d: { tirage_id: number }) => d.tirage_id === t3);
    expect(p3).toMatchObject({ mariage: 777, loto3: 333 });
    // The snapshot a sale takes on that draw is the one announced.
    const sold = await sale(
      [
        { code: 40, number: '12*34', stake: 100 },
        { code: 30, number: '123', stake: 100 },
      ],
      [t3],
    );
    expect(sold.statusCode, sold.body).toBe(200);
    const [snap] = await t.database.raw.query<{ mariage: number; loto3: number }>(
      `SELECT max(prime1) FILTER (WHERE code = 40) AS mariage, max(prime1) FILTER (WHERE code = 30) AS loto3
         FROM fiche_lines WHERE fiche_id = $1`,
      [sold.json().id],
    );
    expect(snap).toEqual({ mariage: 777, loto3: 333 });
    await reset();
  });
});
