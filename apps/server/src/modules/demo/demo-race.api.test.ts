import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createTestDatabase, describeApi, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { LOCK_KEYS } from '../../db/lock-keys';
import { DEMO_PASSWORD, DEMO_REF_CODE, seedDemo } from '../../db/seed/demo';

/**
 * A bad day: the demo's admin resets while an agent pays one of its tickets. The payment holds the
 * ticket (FOR UPDATE) and writes its payment row; the reset must wait for it and remove both, not
 * fail on the payment row's reference to the ticket (a 500, the reset lost).
 */
describeApi('demo reset while a payment is under way', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let demoId: number;
  let admin: string;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.withLock(LOCK_KEYS.seed, (raw) => seedDemo(raw));
    [{ id: demoId }] = await database.raw.query<{ id: number }>('SELECT id FROM companies WHERE ref_code = $1', [
      DEMO_REF_CODE,
    ]);
    app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    admin = (await login(app, 'demo', DEMO_PASSWORD)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('waits for the payment and removes it with the ticket', async () => {
    const [fiche] = await database.raw.query<{ id: number; agent_id: number }>(
      'SELECT id, agent_id FROM fiches WHERE company_id = $1 ORDER BY id LIMIT 1',
      [demoId],
    );
    expect(fiche).toBeDefined();
    let reset: Promise<Awaited<ReturnType<typeof app.inject>>> | undefined;
    // The payment's transaction, as borlette_pay: the ticket locked, its payment row written, then commit.
    await database.transaction(async (tx) => {
      await tx.query('SELECT id FROM fiches WHERE id = $1 FOR UPDATE', [fiche.id]);
      await tx.query(
        `INSERT INTO fiche_payments (company_id, fiche_id, kind, amount, agent_id)
         VALUES ($1, $2, 'payment', 100, $3)`,
        [demoId, fiche.id, fiche.agent_id],
      );
      reset = app.inject({ method: 'POST', url: '/api/companies/demo/reset', headers: auth(admin) });
      await new Promise((r) => setTimeout(r, 500));
    });
    const res = await (reset as Promise<Awaited<ReturnType<typeof app.inject>>>);
    expect(res.statusCode, res.body).toBe(200);
    const [left] = await database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fiche_payments WHERE company_id = $1',
      [demoId],
    );
    expect(left.n).toBe(0);
  });

  it('waits for a wallet movement under way (it holds the agent’s ledger lock) and removes it too', async () => {
    const [agent] = await database.raw.query<{ id: number }>(
      "SELECT id FROM users WHERE company_id = $1 AND role = 'agent' ORDER BY id LIMIT 1",
      [demoId],
    );
    let reset: Promise<Awaited<ReturnType<typeof app.inject>>> | undefined;
    // The movement's transaction, as wallet.service: the agent's ledger lock, its entry, then commit.
    await database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, ($2::bigint % 2147483647)::int)', [LOCK_KEYS.wallet, agent.id]);
      await tx.query(
        `INSERT INTO wallet_entries (company_id, agent_id, kind, amount, business_date)
         VALUES ($1, $2, 'deposit', 5000, current_date)`,
        [demoId, agent.id],
      );
      reset = app.inject({ method: 'POST', url: '/api/companies/demo/reset', headers: auth(admin) });
      await new Promise((r) => setTimeout(r, 500));
    });
    const res = await (reset as Promise<Awaited<ReturnType<typeof app.inject>>>);
    expect(res.statusCode, res.body).toBe(200);
    const [left] = await database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM wallet_entries WHERE company_id = $1 AND kind = 'deposit'",
      [demoId],
    );
    expect(left.n).toBe(0);
  });
});
