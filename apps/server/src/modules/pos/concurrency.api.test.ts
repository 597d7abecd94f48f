import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestDatabase, describeApi, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../db/client';

/**
 * The promises of the sale under concurrency, through the real HTTP layer. On PostgreSQL the app
 * gets a pool of 24 connections so that the requests really run at the same time; on PGlite the
 * same tests hold (one writer at a time).
 */
describeApi('concurrency: limits, idempotency, payment', () => {
  let database: Database;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let c: SellingCompany;
  let tokens: string[];

  beforeAll(async () => {
    const made = await createTestDatabase();
    database = made.url ? await openPostgres(made.url, { max: 24 }) : made.database;
    app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    await app.ready();
    close = async () => {
      await app.close();
      if (made.url) await database.close();
      await made.drop();
    };
    c = await sellingCompany(database, { agents: 10 });
    tokens = [];
    for (const a of c.agents) tokens.push((await login(app, a.username)).accessToken);
  }, 120_000);
  afterAll(() => close?.());

  const sale = (token: string, lines: object[], key = randomUUID()) =>
    app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(token),
      payload: { idempotency_key: key, tirages: [c.tirages[0].id], lines },
    });
  const counter = async (number: string) =>
    (
      await database.raw.query<{ amount: number }>(
        'SELECT amount FROM sale_counters WHERE company_id = $1 AND agent_id = 0 AND code = 20 AND number = $2',
        [c.company.id, number],
      )
    )[0]?.amount ?? 0;
  const soldOn = async (number: string) =>
    (
      await database.raw.query<{ s: number }>(
        `SELECT coalesce(sum(l.stake), 0)::bigint AS s FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
          WHERE f.company_id = $1 AND f.status = 'active' AND l.code = 20 AND l.number = $2`,
        [c.company.id, number],
      )
    )[0].s;

  it('50 parallel sales for the last units of a ball limit never oversell, and every refusal is a clean 409', async () => {
    await database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '23', 10000), ($1, 20, '45', 12000)",
      [c.company.id],
    );
    expect((await sale(tokens[0], [{ code: 20, number: '23', stake: 7000 }])).statusCode).toBe(200);
    // Each ticket holds both limited numbers, in either order: no deadlock may reach an agent.
    const stakes = Array.from({ length: 50 }, (_, i) => 100 * (1 + (i % 7)));
    const answers = await Promise.all(
      stakes.map((stake, i) =>
        sale(
          tokens[i % tokens.length],
          i % 2
            ? [
                { code: 20, number: '23', stake },
                { code: 20, number: '45', stake: 100 },
              ]
            : [
                { code: 20, number: '45', stake: 100 },
                { code: 20, number: '23', stake },
              ],
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((s) => s === 200 || s === 409)).toBe(true);
    const refused = answers.filter((a) => a.statusCode === 409).map((a) => a.json());
    for (const r of refused) expect(r.code).toBe('LIMIT_EXCEEDED');
    expect(refused.length).toBeGreaterThan(0);
    const sold = stakes.filter((_, i) => codes[i] === 200).reduce((s, x) => s + x, 7000);
    expect(sold).toBeLessThanOrEqual(10_000);
    expect(await counter('23')).toBe(sold);
    expect(await soldOn('23')).toBe(sold);
    // The last refused would have needed more than what is left.
    const left = 10_000 - sold;
    for (const [i, a] of answers.entries())
      if (a.statusCode === 409 && a.json().message.includes(' 23 :')) expect(stakes[i]).toBeGreaterThan(left);
  }, 120_000);

  it('60 parallel sales of shared numbers on overlapping draws, then voids: no deadlock, day sums exact', async () => {
    // Each number's counters are per draw, its day sum is shared by every draw: a sale locks both,
    // in one global order whatever the order of its lines, its draws and new or existing rows.
    const m = await sellingCompany(database, { agents: 4, tirages: 6 });
    const ids = m.tirages.map((x) => x.id);
    const own: string[] = [];
    for (const a of m.agents) own.push((await login(app, a.username)).accessToken);
    // Lines in varied orders over a pool of numbers and draws: many sales create counters that others
    // update at the same moment (an upsert inserting some rows and updating others).
    const numbers = Array.from({ length: 12 }, (_, i) => String(10 + i));
    const pick = <T>(pool: T[], i: number, n: number) =>
      Array.from({ length: n }, (_, k) => pool[(i * 5 + k * 7) % pool.length]);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/agents/fiches',
          headers: auth(own[i % own.length]),
          payload: {
            idempotency_key: randomUUID(),
            tirages: [...new Set(pick(ids, i, 1 + (i % 3)))],
            lines: [...new Set(pick(numbers, i, 5))].map((number, k) => ({
              code: 20,
              number,
              stake: 100 * (1 + ((i + k) % 3)),
            })),
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(200));
    const voids = await Promise.all(
      answers
        .filter((_, i) => i % 4 === 0)
        .map((a, i) =>
          app.inject({
            method: 'POST',
            url: '/api/agents/fiches/cancel',
            headers: auth(own[(i * 4) % own.length]),
            payload: { id: a.json().id },
          }),
        ),
    );
    expect(voids.map((v) => v.statusCode)).toEqual(Array(voids.length).fill(200));
    const rows = await database.raw.query<{ number: string; counters: number; day: number; lines: number }>(
      `SELECT n.number,
              (SELECT coalesce(sum(amount), 0)::bigint FROM sale_counters
                WHERE company_id = $1 AND agent_id = 0 AND code = 20 AND number = n.number) AS counters,
              (SELECT coalesce(sum(amount), 0)::bigint FROM sale_numbers_live
                WHERE company_id = $1 AND code = 20 AND number = n.number) AS day,
              (SELECT coalesce(sum(l.stake), 0)::bigint FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
                WHERE f.company_id = $1 AND f.status = 'active' AND l.code = 20 AND l.number = n.number) AS lines
         FROM unnest($2::text[]) n(number) ORDER BY 1`,
      [m.company.id, numbers],
    );
    for (const r of rows) {
      expect(r.lines).toBeGreaterThan(0);
      expect([r.counters, r.day], r.number).toEqual([r.lines, r.lines]);
    }
  }, 120_000);

  it('the same idempotency key sent 20 times at once makes one ticket', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sale(tokens[3], [{ code: 20, number: '61', stake: 100 }], key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json().replayed === false)).toHaveLength(1);
    const [{ n }] = await database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fiches WHERE company_id = $1 AND idempotency_key = $2',
      [c.company.id, key],
    );
    expect(n).toBe(1);
    expect(await counter('61')).toBe(100);
  }, 60_000);

  it('two agents paying the same winning ticket at the same instant: one is paid, the other refused', async () => {
    const f = (await sale(tokens[4], [{ code: 20, number: '07', stake: 100 }])).json();
    await enterResult(database, {
      companyId: c.company.id,
      tirageId: c.tirages[0].id,
      date: c.today,
      pick3: '107',
      pick4: '2233',
    });
    const pay = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/agents/fiches/pay',
        headers: auth(token),
        payload: { number: f.number, code: f.verification_code },
      });
    const answers = await Promise.all([pay(tokens[5]), pay(tokens[6]), pay(tokens[7])]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const payments = await database.raw.query('SELECT * FROM fiche_payments WHERE fiche_id = $1', [f.id]);
    expect(payments).toHaveLength(1);
  }, 60_000);
});
