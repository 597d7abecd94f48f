import { randomUUID } from 'node:crypto';
import { MAX_AMOUNT } from '@borlette/shared/contracts/engine-common';
import { saleCheckAnswer, saleRefusal } from '@borlette/shared/contracts/sale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenTirage, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  auth,
  createTestApp,
  describeApi,
  ENGINE,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';
import { rng } from '../../../test/random';

/**
 * Issue 18, the live check (POST /api/agents/fiches/check): an oracle against the sale — for random
 * tickets, the problems the check reports are the sale refusal's (codes, messages, lines, draws, order),
 * and a ticket the check finds fine sells — and the check writes nothing, takes no number, never blocks.
 */
/** The problems of a bet over what remains on a draw: the limits' and the automatic rules'. */
const OVER_CODES = ['LIMIT_EXCEEDED', 'RULE_LIMIT', 'RULE_BLOCKED'];

describeApi('the live check answers what the sale would, without writing', () => {
  let t: TestContext;
  let c: SellingCompany;
  let agent: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 4 });
    agent = (await login(t.app, c.agents[0].username)).accessToken;
  });
  afterAll(() => t?.close());

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload });
  const check = (tirages: number[], lines: object[], token = agent) =>
    post('/api/agents/fiches/check', token, { tirages, lines });
  const sale = (tirages: number[], lines: object[], token = agent) =>
    post('/api/agents/fiches', token, { idempotency_key: randomUUID(), tirages, lines });
  const checked = async (tirages: number[], lines: object[]) => {
    const res = await check(tirages, lines);
    expect(res.statusCode, res.body).toBe(200);
    return saleCheckAnswer.parse(res.json());
  };
  /** Everything a sale writes or takes, including the company's number sequence. */
  const footprint = async () =>
    (
      await t.database.raw.query<{ n: string }>(
        `SELECT concat_ws('/', (SELECT count(*) FROM fiches WHERE company_id = $1::bigint),
                (SELECT count(*) || ':' || coalesce(sum(amount), 0) FROM sale_counters WHERE company_id = $1::bigint),
                (SELECT coalesce(sum(amount), 0) FROM sale_numbers_live WHERE company_id = $1::bigint),
                (SELECT count(*) FROM wallet_entries WHERE company_id = $1::bigint),
                (SELECT coalesce(sum(sales), 0) FROM stats_agent_day WHERE company_id = $1::bigint),
                pg_sequence_last_value(borlette_number_seq($1::bigint)::regclass)) AS n`,
        [c.company.id],
      )
    )[0].n;

  it('oracle: for random tickets the check reports exactly the sale refusal’s problems, and ok means sold', async () => {
    const [d1, d2, d3, d4] = c.tirages;
    const id = c.company.id;
    const q = (s: string, v: unknown[] = []) => t.database.raw.query(s, [id, ...v]);
    await q(
      'UPDATE company_settings SET ticket_max_lines = 6, ticket_max_draws = 2, line_max_stake = 50000, ticket_max_payout = 300000000 WHERE company_id = $1',
    );
    await q("UPDATE tirages SET mode = 'closed' WHERE company_id = $1 AND id = $2", [d3.id]);
    await q("UPDATE tirages SET status = 'blocked' WHERE company_id = $1 AND id = $2", [d4.id]);
    await q("INSERT INTO boule_blocks (company_id, number) VALUES ($1, '13')");
    await q("INSERT INTO boule_blocks (company_id, number, tirage_id) VALUES ($1, '27', $2)", [d2.id]);
    await q('UPDATE lotto_options SET enabled = false WHERE company_id = $1::bigint AND code = 42');
    // Limits near full: a company ball limit, a game limit, an agent limit, one draw only.
    await q("INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '05', 3000)");
    await q('INSERT INTO sale_limits (company_id, code, max_amount) VALUES ($1, 30, 20000)');
    await q(
      "INSERT INTO sale_limits (company_id, agent_id, code, number, max_amount) VALUES ($1, $2, 20, '08', 2500)",
      [c.agents[0].id],
    );
    await q(
      "INSERT INTO sale_limits (company_id, tirage_id, code, number, max_amount) VALUES ($1, $2, 40, '01*02', 4000)",
      [d1.id],
    );
    await q('INSERT INTO limite_fiches (company_id, max_amount) VALUES ($1, 120000)');
    await q('INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 10000, NULL, 1)');
    // Issue 20: a credit ceiling the plausible tickets reach half way, and a rate per game (the owed part
    // of a ticket is its total less its commission, line by line).
    await t.database.raw.query("UPDATE users SET credit_limit = 45000, credit_mode = 'ceiling' WHERE id = $1", [
      c.agents[0].id,
    ]);
    await q(
      "INSERT INTO commission_rates (company_id, level, target_id, bolet, mariage, loto3, loto4, loto5) VALUES ($1, 'agent', $2, 1250, 700, 333, 1500, 2000)",
      [c.agents[0].id],
    );
    // Issue 22 §2: automatic rules on — every number holding a 9 blocked, loto 3 limited to a tenth of the
    // draw's sales (at least 30 HTG): the check reads their limits as the sale does.
    await q(
      "INSERT INTO risk_rules (company_id, digit_on, digit_block, digits, share_on, share_bp, share_floor, share_games) VALUES ($1, true, true, '9', true, 1000, 3000, '{loto3}')",
    );

    const random = rng(1818);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const digits = (n: number, pool = 10) =>
      Array.from({ length: n }, () => String(Math.floor(random() * pool))).join('');
    const line = () => {
      const code = pick([20, 20, 20, 40, 40, 30, 41, 42, 51, 20]);
      const number =
        code === 20
          ? pick(['05', '08', '13', '27', digits(2, 3)])
          : code === 40
            ? pick(['01*02', '13*40', '27*55', `${digits(2, 3)}*${digits(2, 3)}`])
            : code === 30
              ? pick(['123', digits(3, 2)])
              : digits(code < 50 ? 4 : 5);
      const stake = pick([100, 500, 1000, 2000, 5000, 20000, 60000]);
      return { code, number, stake };
    };
    let sold = 0;
    let refused = 0;
    const seen = new Set<string>();
    // Every other ticket is a plausible one (few lines, small stakes, open draws), so both outcomes come.
    const plain = () => ({ code: pick([20, 40, 30]), number: '', stake: pick([100, 200, 500]) });
    const plainLine = () => {
      const l = plain();
      const number = l.code === 20 ? pick(['05', '08', digits(2)]) : l.code === 40 ? '01*02' : digits(3);
      return { ...l, number };
    };
    for (let i = 0; i < 80; i++) {
      const easy = i % 2 === 0;
      const lines = easy
        ? Array.from({ length: 1 + Math.floor(random() * 3) }, plainLine)
        : Array.from({ length: 1 + Math.floor(random() * 7) }, line);
      const pool = easy ? [d1, d2] : [d1, d1, d2, d2, d3, d4];
      const tirages = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(pool).id))];
      const before = await footprint();
      const res = await check(tirages, lines);
      expect(await footprint(), 'the check wrote or took something').toBe(before);
      const sellRes = await sale(tirages, lines);
      if (res.statusCode !== 200) {
        // A refusal that stops everything (a malformed line does not: it is a problem) is the sale's.
        expect(res.statusCode).toBe(sellRes.statusCode);
        expect(res.json().code).toBe(sellRes.json().code);
        continue;
      }
      const answer = saleCheckAnswer.parse(res.json());
      const context = `ticket ${i}: ${JSON.stringify({ tirages, lines })}`;
      // What remains per cell says the same: a bet (its lines summed, named by its first line) is over
      // what remains on a draw exactly when a limit or a rule refuses it there.
      const over = new Set(
        answer.problems.filter((p) => OVER_CODES.includes(p.code)).map((p) => `${p.line}/${p.tirage_id}`),
      );
      const bets = new Map<string, { line: number; amount: number }>();
      lines.forEach((l, k) => {
        const bet = bets.get(`${l.code}/${l.number}`);
        if (bet) bet.amount += l.stake;
        else bets.set(`${l.code}/${l.number}`, { line: k + 1, amount: l.stake });
      });
      for (const bet of answer.cells.length > 0 ? bets.values() : [])
        for (const d of tirages) {
          const cell = answer.cells.find((x) => x.line === bet.line && x.tirage_id === d);
          const left = cell?.remaining ?? null;
          expect(left !== null && bet.amount > Number(left), `${context}: line ${bet.line}, draw ${d}`).toBe(
            over.has(`${bet.line}/${d}`),
          );
        }
      if (answer.ok) {
        expect(sellRes.statusCode, `${context} → ${sellRes.body}`).toBe(200);
        expect(sellRes.json().amount).toBe(answer.total);
        sold++;
      } else {
        expect([400, 409], `${context} → ${sellRes.body}`).toContain(sellRes.statusCode);
        expect(answer.problems, context).toEqual(saleRefusal.parse(sellRes.json()).problems);
        refused++;
        for (const p of answer.problems) seen.add(p.code);
      }
    }
    // The later tests sell on: no ceiling or rule any more.
    await t.database.raw.query('UPDATE users SET credit_limit = NULL, credit_mode = NULL WHERE id = $1', [
      c.agents[0].id,
    ]);
    await q('DELETE FROM risk_rules WHERE company_id = $1');
    // The random tickets covered both outcomes.
    expect(sold).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
    expect([...seen].sort()).toEqual(
      [
        'BOULE_BLOCKED',
        'CREDIT_LIMIT',
        'INVALID_LINE',
        'LIMIT_EXCEEDED',
        'LINE_MAX_STAKE',
        'OPTION_UNAVAILABLE',
        'RULE_BLOCKED',
        'RULE_LIMIT',
        'TICKET_LIMIT',
        'TICKET_MAX_DRAWS',
        'TICKET_MAX_LINES',
        'TICKET_MAX_PAYOUT',
        'TIRAGE_CLOSED',
      ].sort(),
    );
  });

  it('answers per line and draw what remains: limit − counted, the least of the company’s and the agent’s', async () => {
    const d = await createOpenTirage(t.database.raw, c.company.id);
    const id = c.company.id;
    await t.database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount, tirage_id) VALUES ($1, 20, '61', 10000, $2)",
      [id, d.id],
    );
    await t.database.raw.query(
      "INSERT INTO sale_limits (company_id, agent_id, code, number, max_amount) VALUES ($1, $2, 20, '62', 800)",
      [id, c.agents[0].id],
    );
    expect((await sale([d.id], [{ code: 20, number: '61', stake: 3000 }])).statusCode).toBe(200);
    const other = (await login(t.app, c.agents[1].username)).accessToken;
    expect((await sale([d.id], [{ code: 20, number: '61', stake: 1500 }], other)).statusCode).toBe(200);
    expect((await sale([d.id], [{ code: 20, number: '62', stake: 300 }])).statusCode).toBe(200);
    const a = await checked(
      [d.id],
      [
        { code: 20, number: '61', stake: 100 },
        { code: 20, number: '62', stake: 100 },
        { code: 20, number: '63', stake: 100 },
        { code: 20, number: '62', stake: 600 },
      ],
    );
    expect(a.cells.map((x) => [x.line, x.tirage_id, x.remaining])).toEqual([
      [1, d.id, 10000 - 4500],
      [2, d.id, 800 - 300],
      [3, d.id, null],
      [4, d.id, 800 - 300],
    ]);
    // Lines 2 and 4 together (700) pass the 500 left: the sale's problem, on line 2 (its first line).
    expect(a.problems).toEqual([
      {
        code: 'LIMIT_EXCEEDED',
        line: 2,
        tirage_id: d.id,
        message: `Ligne 2 : 62 : maximum 5,00 HTG encore pour ${d.name} (limite du vendeur)`,
      },
    ]);
    expect(a.cells[1].problems).toEqual(a.problems);
    expect(a.ok).toBe(false);
    expect(a.total).toBe(900);
  });

  it('refuses another company’s draw (404 like the sale), a back-office user (403), bad input (400 in French)', async () => {
    const other = await sellingCompany(t.database);
    const res = await check([other.tirages[0].id], [{ code: 20, number: '23', stake: 100 }]);
    expect(expectErrorBody(res, 404).code).toBe('TIRAGE_NOT_FOUND');
    const admin = await asUser(t, { role: 'company', companyId: c.company.id, fullAccess: true });
    expect(
      (await post('/api/agents/fiches/check', admin.token, { tirages: [c.tirages[0].id], lines: [] })).statusCode,
    ).toBe(403);
    const d = c.tirages[0].id;
    for (const body of [
      {},
      { tirages: [d], lines: [] },
      { tirages: [d], lines: [{ code: 99, number: '12', stake: 100 }] },
      { tirages: [d], lines: [{ code: 20, number: '12', stake: 'cent' }] },
      { tirages: ['x'], lines: [{ code: 20, number: '12', stake: 100 }] },
      { tirages: [d], lines: [{ code: 20, number: '12', stake: 100 }], idempotency_key: '!' },
      { tirages: [d], lines: Array.from({ length: 101 }, () => ({ code: 20, number: '12', stake: 100 })) },
    ]) {
      const r = await post('/api/agents/fiches/check', agent, body);
      expect(expectErrorBody(r, 400).message, JSON.stringify(body).slice(0, 80)).toMatch(/[a-zé]/);
    }
    // A malformed line is a problem of the ticket, as the sale names it (400 INVALID_LINE there).
    const malformed = await checked([d], [{ code: 40, number: '12*12', stake: 100 }]);
    const sold = await sale([d], [{ code: 40, number: '12*12', stake: 100 }]);
    expect(malformed.problems).toEqual(saleRefusal.parse(expectErrorBody(sold, 400)).problems);
  });

  it('answers the largest body the sale allows (100 lines × 20 draws) without a 500', async () => {
    const big = await sellingCompany(t.database, { tirages: 20 });
    const token = (await login(t.app, big.agents[0].username)).accessToken;
    const lines = Array.from({ length: 100 }, (_, i) => ({
      code: 20,
      number: String(i).padStart(2, '0'),
      stake: MAX_AMOUNT,
    }));
    const res = await check(
      big.tirages.map((x) => x.id),
      lines,
      token,
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const a = saleCheckAnswer.parse(res.json());
    expect(a.cells).toHaveLength(2000);
    expect(a.problems.map((p) => p.code)).toContain('TICKET_MAX_PAYOUT');
  });

  describe('concurrency', () => {
    it('20 checks beside 20 sales: the sales are all right, the checks never hold them', async () => {
      const d = await createOpenTirage(t.database.raw, c.company.id);
      await t.database.raw.query(
        "INSERT INTO sale_limits (company_id, code, number, max_amount, tirage_id) VALUES ($1, 20, '77', 10000, $2)",
        [c.company.id, d.id],
      );
      const line = [{ code: 20, number: '77', stake: 1000 }];
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? check([d.id], line) : sale([d.id], line))),
      );
      const sales = results.filter((_, i) => i % 2 === 0);
      const checks = results.filter((_, i) => i % 2 === 1);
      // The limit of 100 HTG holds exactly 10 sales of 10 HTG; the others are refused, none fails.
      expect(sales.filter((r) => r.statusCode === 200)).toHaveLength(10);
      expect(sales.filter((r) => r.statusCode === 409)).toHaveLength(10);
      for (const r of checks) expect(r.statusCode, r.body).toBe(200);
      const [{ n }] = await t.database.raw.query<{ n: string }>(
        "SELECT sum(amount)::text AS n FROM sale_counters WHERE tirage_id = $1::bigint AND agent_id = 0 AND number = '77'",
        [d.id],
      );
      expect(Number(n)).toBe(10000);
      expect(Date.now() - started).toBeLessThan(20_000);
    });

    // Only where transactions run side by side (PGlite has one connection: everything is in turn).
    it.skipIf(ENGINE !== 'postgres')(
      'a sale in progress (its counters and draw locked) does not hold the check',
      async () => {
        const d = await createOpenTirage(t.database.raw, c.company.id);
        await t.database.raw.query(
          "INSERT INTO sale_limits (company_id, code, number, max_amount, tirage_id) VALUES ($1, 20, '78', 10000, $2)",
          [c.company.id, d.id],
        );
        const line = [{ code: 20, number: '78', stake: 1000 }];
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        // A sale of the same bet, sold but not committed: its counter rows and the draw's lock are held.
        const open = t.database.transaction(async (tx) => {
          await sell(tx, { companyId: c.company.id, agentId: c.agents[0].id, tirages: [d.id], lines: line });
          locked();
          await held;
        });
        await isLocked;
        try {
          const started = Date.now();
          const a = await checked([d.id], line);
          expect(Date.now() - started).toBeLessThan(2_000);
          // It reads what is committed: the sale in progress is not counted yet.
          expect(a.cells[0].remaining).toBe(10000);
        } finally {
          release();
          await open;
        }
        expect((await checked([d.id], line)).cells[0].remaining).toBe(9000);
      },
    );
  });
});
