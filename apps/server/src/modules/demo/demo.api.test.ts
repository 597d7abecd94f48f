import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyToday, enterResult, middayZone, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestDatabase, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { LOCK_KEYS } from '../../db/lock-keys';
import { DEMO_PASSWORD, DEMO_REF_CODE, seedDemo } from '../../db/seed/demo';
import { DEMO_TIRAGE } from '../../db/seed/demo-game';

/**
 * Issue 16: « Tirage Démo » closes for the day after its first result, so the demo chain could be
 * tried once. The reset takes the demo company back to its first morning, and nothing else.
 */
describeApi('demo reset: the demo chain runs twice, other companies untouched', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let demoId: number;
  let tirageId: number;
  let agent: string;
  let admin: string;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.withLock(LOCK_KEYS.seed, (raw) => seedDemo(raw));
    const [demo] = await database.raw.query<{ id: number }>('SELECT id FROM companies WHERE ref_code = $1', [
      DEMO_REF_CODE,
    ]);
    demoId = demo.id;
    // A zone at midday now: the draw's close time (00:01) has passed, whatever the hour of the run.
    await database.raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [demoId, middayZone()]);
    [{ id: tirageId }] = await database.raw.query<{ id: number }>(
      'SELECT id FROM tirages WHERE company_id = $1 AND name = $2',
      [demoId, DEMO_TIRAGE],
    );
    app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    agent = (await login(app, 'agent1', DEMO_PASSWORD)).accessToken;
    admin = (await login(app, 'demo', DEMO_PASSWORD)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('reads the official results from the built-in feed (no internet), Tennessee by hand', async () => {
    const rows = await database.raw.query<{ code: string; base_url: string; enabled: boolean }>(
      'SELECT code, base_url, enabled FROM result_providers ORDER BY code',
    );
    for (const r of rows) {
      if (r.code === 'tn-manual') expect(r).toMatchObject({ base_url: 'manual:', enabled: false });
      else expect(r, r.code).toMatchObject({ base_url: 'sandbox:', enabled: true });
    }
  });

  const post = (url: string, token: string | null, payload?: object) =>
    app.inject({ method: 'POST', url, headers: token ? auth(token) : {}, ...(payload ? { payload } : {}) });
  const sale = () =>
    post('/api/agents/fiches', agent, {
      idempotency_key: randomUUID(),
      tirages: [tirageId],
      lines: [{ code: 20, number: '23', stake: 1000 }],
    });

  /** Sell → result → winner → pay, through the API, as the README's « try it » path does. */
  async function chain() {
    const sold = await sale();
    expect(sold.statusCode, sold.body).toBe(200);
    const ticket = sold.json();
    const today = await companyToday(database.raw, demoId);
    const result = await post('/api/companies/info-tirage', admin, {
      tirage_id: tirageId,
      draw_date: today,
      pick3: '123',
      pick4: '4567',
    });
    expect(result.statusCode, result.body).toBe(200);
    const paid = await post('/api/agents/fiches/pay', agent, { number: ticket.number, code: ticket.verification_code });
    expect(paid.statusCode, paid.body).toBe(200);
    // Closed for the day: this is what the reset undoes.
    expect((await sale()).statusCode).toBeGreaterThanOrEqual(400);
  }

  it('resets the demo company only: sell, result, pay, reset, and the same chain again', async () => {
    // Another company with a sale, a result and a payment-worthy ticket: it must not move.
    const other = await sellingCompany(database, { agents: 1, tirages: 1 });
    await sell(database.raw, {
      companyId: other.company.id,
      agentId: other.agents[0].id,
      tirages: [other.tirages[0].id],
      lines: [{ code: 20, number: '23', stake: 500 }],
    });
    await enterResult(database, {
      companyId: other.company.id,
      tirageId: other.tirages[0].id,
      date: other.today,
      pick3: '123',
      pick4: '4567',
    });
    const footprint = async (companyId: number) =>
      (
        await database.raw.query<Record<string, number>>(
          `SELECT (SELECT count(*)::int FROM fiches WHERE company_id = $1) AS fiches,
                  (SELECT count(*)::int FROM fiche_lines WHERE company_id = $1) AS lines,
                  (SELECT count(*)::int FROM info_tirages WHERE company_id = $1) AS results,
                  (SELECT count(*)::int FROM wallet_entries WHERE company_id = $1) AS wallet,
                  (SELECT count(*)::int FROM stats_agent_day WHERE company_id = $1) AS stats,
                  (SELECT count(*)::int FROM sale_numbers_live WHERE company_id = $1) AS numbers`,
          [companyId],
        )
      )[0];
    const otherBefore = await footprint(other.company.id);
    expect(otherBefore.fiches).toBe(1);

    await chain();

    const reset = await post('/api/companies/demo/reset', admin);
    expect(reset.statusCode, reset.body).toBe(200);
    // The seed's 12 tickets and the chain's one are gone; the seed's 12 are sold anew.
    expect(reset.json()).toEqual({ company_id: demoId, tickets_removed: 13, results_removed: 1, tickets_sold: 12 });
    const after = await footprint(demoId);
    expect(after).toMatchObject({ fiches: 12, results: 0 });
    const [paid] = await database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fiche_payments WHERE company_id = $1',
      [demoId],
    );
    expect(paid.n).toBe(0);

    await chain();

    expect(await footprint(other.company.id)).toEqual(otherBefore);
    const [log] = await database.raw.query<{ username: string; company_id: number }>(
      "SELECT username, company_id FROM audit_log WHERE action = 'demo_reset'",
    );
    expect(log).toEqual({ username: 'demo', company_id: demoId });
  });

  it('is refused to anyone but the demo company’s admin', async () => {
    expect((await post('/api/companies/demo/reset', null)).statusCode).toBe(401);
    expect((await post('/api/companies/demo/reset', agent)).statusCode).toBe(403);
    const root = (await login(app, 'superadmin', DEMO_PASSWORD)).accessToken;
    expect((await post('/api/companies/demo/reset', root)).statusCode).toBe(403);
    const other = await sellingCompany(database, { agents: 1, tirages: 1 });
    const otherAdmin = await createUser(database, { role: 'company', companyId: other.company.id, fullAccess: true });
    const refused = await post('/api/companies/demo/reset', (await login(app, otherAdmin.username)).accessToken);
    expect(expectErrorBody(refused, 404).message).toMatch(/compagnie de démonstration/);
    const [{ n }] = await database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'demo_reset'",
    );
    expect(n).toBe(1);
  });
});
