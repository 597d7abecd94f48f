import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 15, defects 6 and 7: an agent pays only with the receipt's proof (QR secret, or number AND
 * verification code), wrong proofs are throttled, the company decides whether agents pay other
 * sub-branches' tickets, the office pays by number with pay_fiche, and a blocked point of sale
 * moves no money (pay, cancel).
 */

interface Ticket {
  id: number;
  number: number;
  ref_code: string;
  verification_code: string;
}

describeApi('paying needs proof; blocked means blocked', () => {
  let t: TestContext;
  let c: SellingCompany;
  let other: SellingCompany;
  let otherBranch: number;
  const tokens: Record<string, string> = {};
  const winners: Ticket[] = [];
  let openTicket: Ticket;

  const pay = (token: string, body: object) => callAs(t, 'POST', '/api/agents/fiches/pay', token, body);
  const paidAt = async (id: number) =>
    (
      await t.database.raw.query<{ paid: boolean }>('SELECT paid_at IS NOT NULL AS paid FROM fiches WHERE id = $1', [
        id,
      ])
    )[0].paid;
  const tokenOf = async (username: string) => (await login(t.app, username)).accessToken;
  /** A wrong code that is well formed (the real one with its first symbol changed). */
  const wrong = (code: string) => (code[0] === 'A' ? 'B' : 'A') + code.slice(1);

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 2 });
    other = await sellingCompany(t.database);
    const raw = t.database.raw;
    [{ id: otherBranch }] = await raw.query<{ id: number }>(
      "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Autre succursale') RETURNING id",
      [c.company.id],
    );
    const far = await createUser(t.database, { role: 'agent', companyId: c.company.id, fullAccess: true });
    await raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [far.id, otherBranch]);
    const admin = await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const adminB = await createUser(t.database, { role: 'company', companyId: other.company.id, fullAccess: true });
    const supPay = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['pay_fiche', 'view_fichevente'],
    });
    const supFar = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['pay_fiche', 'view_fichevente'],
    });
    const supNoPay = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.company.id,
      permissions: ['view_fichevente', 'view_fiche_win'],
    });
    await raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3), ($1, $4, $5)',
      [c.company.id, supPay.id, c.surcussaleId, supFar.id, otherBranch],
    );
    for (const [name, username] of Object.entries({
      seller: c.agents[0].username,
      mate: c.agents[1].username,
      far: far.username,
      admin: admin.username,
      adminB: adminB.username,
      supPay: supPay.username,
      supFar: supFar.username,
      supNoPay: supNoPay.username,
    }))
      tokens[name] = await tokenOf(username);
    // Winning tickets (bolet 23 wins with pick3 123) sold by the first agent, on the first draw.
    for (let i = 0; i < 12; i++) {
      winners.push(
        (await sell(raw, {
          companyId: c.company.id,
          agentId: c.agents[0].id,
          tirages: [c.tirages[0].id],
          lines: [{ code: 20, number: '23', stake: 100 }],
        })) as unknown as Ticket,
      );
    }
    openTicket = (await sell(raw, {
      companyId: c.company.id,
      agentId: far.id,
      tirages: [c.tirages[1].id],
      lines: [{ code: 20, number: '11', stake: 100 }],
    })) as unknown as Ticket;
    await enterResult(t.database, {
      companyId: c.company.id,
      tirageId: c.tirages[0].id,
      date: c.today,
      pick3: '123',
      pick4: '4567',
    });
  });
  afterAll(() => t?.close());

  describe('an agent', () => {
    it('learns nothing from a number alone: the same refusal whether the ticket exists or not', async () => {
      const w = winners[0];
      const missing = w.number + 1_000_000;
      const real = expectErrorBody(await callAs(t, 'GET', `/api/agents/fiche?number=${w.number}`, tokens.mate), 400);
      const none = expectErrorBody(await callAs(t, 'GET', `/api/agents/fiche?number=${missing}`, tokens.mate), 400);
      expect(real).toEqual(none);
      expect(real.code).toBe('PROOF_REQUIRED');
      expect(real.message).toMatch(/code de vérification/);
      expect(expectErrorBody(await pay(tokens.mate, { number: w.number }), 400)).toEqual(
        expectErrorBody(await pay(tokens.mate, { number: missing }), 400),
      );
      // A wrong code answers as a missing ticket.
      const wrongCode = expectErrorBody(
        await callAs(t, 'GET', `/api/agents/fiche?number=${w.number}&code=${wrong(w.verification_code)}`, tokens.mate),
        404,
      );
      const noTicket = expectErrorBody(
        await callAs(t, 'GET', `/api/agents/fiche?number=${missing}&code=${w.verification_code}`, tokens.mate),
        404,
      );
      expect(wrongCode).toEqual(noTicket);
      expect(
        expectErrorBody(await pay(tokens.mate, { number: w.number, code: wrong(w.verification_code) }), 404),
      ).toEqual(noTicket);
      expect(await paidAt(w.id)).toBe(false);
    });

    it('pays with the number and the printed code (any case, with its dash), or with the QR secret', async () => {
      const [a, b] = [winners[1], winners[2]];
      const printed = `${a.verification_code.slice(0, 4)}-${a.verification_code.slice(4)}`.toLowerCase();
      const seen = await callAs(t, 'GET', `/api/agents/fiche?number=${a.number}&code=${printed}`, tokens.mate);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ id: a.id, status: 'gagnant', verification_code: a.verification_code });
      const paid = await pay(tokens.mate, { number: a.number, code: printed });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'paye', paid_amount: 5000 });
      expect((await callAs(t, 'GET', `/api/agents/fiche?ref=${b.ref_code}`, tokens.mate)).json().id).toBe(b.id);
      // The QR of one ticket does not pay another number.
      expectErrorBody(await pay(tokens.mate, { ref: b.ref_code, number: a.number }), 404);
      expect((await pay(tokens.mate, { ref: b.ref_code })).json()).toMatchObject({ id: b.id, status: 'paye' });
      // Not another company's ticket, even with its proof.
      const foreign = (await sell(t.database.raw, {
        companyId: other.company.id,
        agentId: other.agents[0].id,
        tirages: [other.tirages[0].id],
        lines: [{ code: 20, number: '23', stake: 100 }],
      })) as unknown as Ticket;
      expectErrorBody(await pay(tokens.mate, { number: foreign.number, code: foreign.verification_code }), 404);
      expectErrorBody(await pay(tokens.mate, { ref: foreign.ref_code }), 404);
    });

    it('pays another sub-branch’s ticket only when the company allows it', async () => {
      const w = winners[3];
      const proof = { number: w.number, code: w.verification_code };
      await t.database.raw.query(
        'UPDATE company_settings SET agents_pay_other_branches = false WHERE company_id = $1',
        [c.company.id],
      );
      const refused = expectErrorBody(await pay(tokens.far, proof), 403);
      expect(refused.code).toBe('OTHER_BRANCH');
      expect(refused.message).toMatch(/autre succursale/);
      expect(await paidAt(w.id)).toBe(false);
      // Its own sub-branch still pays.
      expect(
        (await pay(tokens.mate, { number: winners[4].number, code: winners[4].verification_code })).statusCode,
      ).toBe(200);
      await t.database.raw.query('UPDATE company_settings SET agents_pay_other_branches = true WHERE company_id = $1', [
        c.company.id,
      ]);
      expect((await pay(tokens.far, proof)).json()).toMatchObject({ status: 'paye' });
    });

    it('the public page (QR) does not show the verification code', async () => {
      const w = winners[5];
      const res = await t.app.inject({ method: 'GET', url: `/api/public/fiche/${w.ref_code}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(w.verification_code);
    });
  });

  describe('the office', () => {
    it('pays by number alone with pay_fiche, within its scope; not without it, nor another company', async () => {
      const [w1, w2] = [winners[6], winners[7]];
      const url = '/api/companies/fiches/pay';
      expect(
        expectErrorBody(await callAs(t, 'POST', url, tokens.supNoPay, { number: w1.number }), 403).message,
      ).toMatch(/pay_fiche/);
      expectErrorBody(await callAs(t, 'POST', url, tokens.seller, { number: w1.number }), 403);
      expectErrorBody(await callAs(t, 'POST', url, tokens.adminB, { number: w1.number }), 404);
      expectErrorBody(await callAs(t, 'POST', url, tokens.supFar, { number: w1.number }), 404);
      expect(await paidAt(w1.id)).toBe(false);
      const bySup = await callAs(t, 'POST', url, tokens.supPay, { number: w1.number });
      expect(bySup.json()).toMatchObject({ status: 'paye', paid_amount: 5000 });
      expect((await callAs(t, 'POST', url, tokens.admin, { number: w2.number })).json()).toMatchObject({
        status: 'paye',
      });
      expect(expectErrorBody(await callAs(t, 'POST', url, tokens.admin, { number: w2.number }), 409).message).toMatch(
        /déjà été payée/,
      );
    });
  });

  describe('in parallel', () => {
    it('20 payments with the right proof pay once', async () => {
      const w = winners[8];
      const who = [tokens.seller, tokens.mate, tokens.far];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          pay(who[i % 3], i % 2 ? { ref: w.ref_code } : { number: w.number, code: w.verification_code }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const [{ n, total }] = await t.database.raw.query<{ n: number; total: number }>(
        "SELECT count(*)::int AS n, sum(amount)::int AS total FROM fiche_payments WHERE fiche_id = $1 AND kind = 'payment'",
        [w.id],
      );
      expect({ n, total }).toEqual({ n: 1, total: 5000 });
    });

    it('checks at most 10 wrong codes per agent in 15 minutes, even in parallel', async () => {
      const w = winners[9];
      const guesser = await createUser(t.database, { role: 'agent', companyId: c.company.id, fullAccess: true });
      await t.database.raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [guesser.id, c.surcussaleId]);
      const token = await tokenOf(guesser.username);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          callAs(t, 'GET', `/api/agents/fiche?number=${w.number}&code=${wrong(w.verification_code)}`, token),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(10);
      const throttled = answers.filter((r) => r.statusCode === 429);
      expect(throttled).toHaveLength(10);
      expect(throttled[0].json().message).toMatch(/^Trop de codes erronés : réessayez dans \d+ minutes?\.$/);
      // Even the right proof waits; another agent is not held up.
      expectErrorBody(await pay(token, { number: w.number, code: w.verification_code }), 429);
      expect(await paidAt(w.id)).toBe(false);
      expect((await callAs(t, 'GET', `/api/agents/fiche?ref=${w.ref_code}`, tokens.mate)).statusCode).toBe(200);
      // Once the window has passed, the right proof pays.
      await t.database.raw.query(
        "UPDATE fiche_proof_failures SET window_start = now() - interval '16 minutes' WHERE user_id = $1",
        [guesser.id],
      );
      expect((await pay(token, { number: w.number, code: w.verification_code })).json()).toMatchObject({
        status: 'paye',
      });
    });
  });

  describe('a blocked point of sale', () => {
    // The session layer answers a blocked sub-branch's agents first (http/auth.ts); the engine's own
    // guard (below) holds without it.
    it('of a blocked sub-branch neither pays nor cancels, with the block’s message', async () => {
      const w = winners[10];
      await t.database.raw.query("UPDATE surcussales SET status = 'blocked' WHERE id = ANY($1)", [
        [c.surcussaleId, otherBranch],
      ]);
      try {
        const refused = expectErrorBody(await pay(tokens.mate, { number: w.number, code: w.verification_code }), 403);
        expect(refused.code).toBe('SURCUSSALE_BLOCKED');
        expect(refused.message).toMatch(/^La succursale .+ est bloquée/);
        expect(await paidAt(w.id)).toBe(false);
        const cancel = expectErrorBody(
          await callAs(t, 'POST', '/api/agents/fiches/cancel', tokens.far, { id: openTicket.id }),
          403,
        );
        expect(cancel.message).toMatch(/^La succursale .+ est bloquée/);
        const [{ status }] = await t.database.raw.query<{ status: string }>('SELECT status FROM fiches WHERE id = $1', [
          openTicket.id,
        ]);
        expect(status).toBe('active');
      } finally {
        await t.database.raw.query("UPDATE surcussales SET status = 'active' WHERE id = ANY($1)", [
          [c.surcussaleId, otherBranch],
        ]);
      }
      expect((await pay(tokens.mate, { number: w.number, code: w.verification_code })).statusCode).toBe(200);
    });

    it('the engine itself refuses a payout by a blocked agent, in a blocked sub-branch or company', async () => {
      const w = winners[11];
      const payInSql = () =>
        t.database.raw.query('SELECT borlette_pay($1, $2, $3)', [c.company.id, w.id, c.agents[1].id]);
      await t.database.raw.query("UPDATE users SET status = 'blocked' WHERE id = $1", [c.agents[1].id]);
      await expect(payInSql()).rejects.toThrow('Votre compte est bloqué : le paiement est impossible.');
      await t.database.raw.query("UPDATE users SET status = 'active' WHERE id = $1", [c.agents[1].id]);
      await t.database.raw.query("UPDATE surcussales SET status = 'blocked' WHERE id = $1", [c.surcussaleId]);
      await expect(payInSql()).rejects.toThrow(/^La succursale .+ est bloquée : le paiement est impossible\.$/);
      await t.database.raw.query("UPDATE surcussales SET status = 'active' WHERE id = $1", [c.surcussaleId]);
      await t.database.raw.query("UPDATE companies SET status = 'blocked' WHERE id = $1", [c.company.id]);
      await expect(payInSql()).rejects.toThrow('Votre compagnie est bloquée : le paiement est impossible.');
      await t.database.raw.query("UPDATE companies SET status = 'active' WHERE id = $1", [c.company.id]);
      expect(await paidAt(w.id)).toBe(false);
    });
  });
});
