import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenTirage, enterResult, type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers';
import { holdTransaction } from '../../../test/hold-transaction';
import { resolveSession } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { databaseRefusal } from '../../http/errors';
import { cancelByAgent, payFiche } from '../fiches/lifecycle';

/**
 * Issue 20: a revocation that commits while a payment or a cancellation from that device is under way
 * stops it. The route's check reads the state that came with the session; the payment's and the
 * cancellation's transaction read it again, shared-locked (borlette_payer_guard), as the sale does.
 */
describeApi('terminals: payments and cancellations beside a revocation', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;

  const signIn = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: c.agents[0].username, password: PASSWORD, device: { device_id: randomUUID() } },
    });
    const body = res.json();
    expect(body.terminal.state).toBe('approved');
    return { token: body.accessToken as string, terminalId: body.terminal.id as number };
  };
  type Ticket = { id: number; number: number; ref_code: string };
  const sellMany = async (token: string, tirage: number, n: number): Promise<Ticket[]> => {
    const out: Ticket[] = [];
    for (let i = 0; i < n; i++) {
      const res = await callAs(t, 'POST', '/api/agents/fiches', token, {
        idempotency_key: randomUUID(),
        tirages: [tirage],
        lines: [{ code: 20, number: '23', stake: 100 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      out.push(res.json());
    }
    return out;
  };
  const pay = (token: string, f: Ticket) => callAs(t, 'POST', '/api/agents/fiches/pay', token, { ref: f.ref_code });
  const cancel = (token: string, f: Ticket) => callAs(t, 'POST', '/api/agents/fiches/cancel', token, { id: f.id });
  /** What the database says happened to these tickets (paid, cancelled). */
  const fates = async (tickets: Ticket[]) =>
    (
      await t.database.raw.query<{ paid: number; cancelled: number }>(
        `SELECT count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS paid,
                count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
           FROM fiches WHERE id = ANY ($1)`,
        [tickets.map((f) => f.id)],
      )
    )[0];

  /**
   * A fresh device with `n` winning tickets to pay (their draw has its result) and `n` open ones to
   * cancel; each case has its own draws (a draw with a result no longer sells).
   */
  const deviceWithTickets = async (n: number) => {
    const s = await signIn();
    const win = await createOpenTirage(t.database.raw, c.company.id);
    const open = await createOpenTirage(t.database.raw, c.company.id);
    const winners = await sellMany(s.token, win.id, n);
    const opened = await sellMany(s.token, open.id, n);
    await enterResult(t.database, {
      companyId: c.company.id,
      tirageId: win.id,
      date: c.today,
      pick3: '123',
      pick4: '4567',
    });
    return { ...s, winners, open: opened };
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 1, tirages: 0 });
    const a = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    admin = (await login(t.app, a.username)).accessToken;
  });
  afterAll(() => t?.close());

  it('payments and cancellations held behind an uncommitted revocation are refused once it commits', async () => {
    const d = await deviceWithTickets(4);
    // The revocation's transaction is open: the sessions still read « approved » (their auth passes).
    const revoke = holdTransaction(t.database, async (tx) => {
      await tx.query("UPDATE terminals SET state = 'revoked', revoked_at = now() WHERE id = $1", [d.terminalId]);
      await tx.query('UPDATE sessions SET revoked_at = now() WHERE terminal_id = $1', [d.terminalId]);
    });
    await revoke.started;
    const calls = [...d.winners.map((f) => pay(d.token, f)), ...d.open.map((f) => cancel(d.token, f))];
    await new Promise((r) => setTimeout(r, 300));
    revoke.release();
    await revoke.done;
    const answers = await Promise.all(calls);
    // PostgreSQL: each passed its session check and waited in its transaction (403 DEVICE_REVOKED);
    // PGlite runs one transaction at a time, so the session read waits and finds it ended (401).
    for (const a of answers) {
      expect([401, 403], a.body).toContain(a.statusCode);
      if (a.statusCode === 403)
        expect(a.json()).toMatchObject({ code: 'DEVICE_REVOKED', message: 'Ce terminal a été révoqué.' });
    }
    expect(await fates([...d.winners, ...d.open])).toEqual({ paid: 0, cancelled: 0 });
  });

  it('a session read before the revocation committed cannot pay nor cancel after it (both engines)', async () => {
    const d = await deviceWithTickets(1);
    const stale = await resolveSession(t.database, d.token);
    if (!stale || stale instanceof Error) throw new Error('session attendue');
    expect(stale.terminalState).toBe('approved');
    const ctx: RequestContext = { auth: stale, ip: null, userAgent: null, requestId: null };
    const r = await callAs(t, 'POST', '/api/companies/terminals/revoke', admin, { id: d.terminalId });
    expect(r.statusCode).toBe(200);
    const refusal = (e: unknown) => databaseRefusal(e)?.body;
    const paid = await payFiche(t.database, ctx, c.company.id, d.winners[0].id).catch(refusal);
    expect(paid).toMatchObject({ statusCode: 403, code: 'DEVICE_REVOKED' });
    const cancelled = await cancelByAgent(t.database, ctx, d.open[0].id).catch(refusal);
    expect(cancelled).toMatchObject({ statusCode: 403, code: 'DEVICE_REVOKED' });
    expect(await fates([...d.winners, ...d.open])).toEqual({ paid: 0, cancelled: 0 });
    // The office has no device: it still pays the same ticket.
    const office = await callAs(t, 'POST', '/api/companies/fiches/pay', admin, { number: d.winners[0].number });
    expect(office.statusCode, office.body).toBe(200);
    expect(await fates(d.winners)).toEqual({ paid: 1, cancelled: 0 });
  });

  it('a revocation racing 24 payments and cancellations: none commits after it, every answer is whole', async () => {
    const d = await deviceWithTickets(12);
    const calls = [...d.winners.map((f) => pay(d.token, f)), ...d.open.map((f) => cancel(d.token, f))];
    const revoked = callAs(t, 'POST', '/api/companies/terminals/revoke', admin, { id: d.terminalId });
    calls.splice(12, 0, revoked);
    const answers = await Promise.all(calls);
    expect(answers[12].statusCode).toBe(200);
    for (const a of answers) expect([200, 401, 403], a.body).toContain(a.statusCode);
    const done = answers.filter((a, i) => i !== 12 && a.statusCode === 200).length;
    const f = await fates([...d.winners, ...d.open]);
    expect(f.paid + f.cancelled).toBe(done);
    // Each committed payment or cancellation was recorded before the revocation took its lock: its
    // audit entry comes before the revocation's (ids are handed out as rows are written).
    const [order] = await t.database.raw.query<{ revoke_id: number; last_money_id: number | null }>(
      `SELECT (SELECT id FROM audit_log WHERE entity = 'terminal' AND entity_id = $1 AND action = 'revoke') AS revoke_id,
              (SELECT max(id) FROM audit_log WHERE entity = 'fiche' AND entity_id = ANY ($2)
                  AND action IN ('pay', 'cancel')) AS last_money_id`,
      [d.terminalId, [...d.winners, ...d.open].map((x) => x.id)],
    );
    expect(order.last_money_id ?? 0).toBeLessThan(order.revoke_id);
    // After it, nothing more from that device.
    const after = [pay(d.token, d.winners[0]), cancel(d.token, d.open[0])];
    for (const a of await Promise.all(after)) expect([401, 403]).toContain(a.statusCode);
    expectErrorBody(await pay(d.token, d.winners[11]), 401);
  });
});
