import { randomUUID } from 'node:crypto';
import { saleAnswer } from '@borlette/shared/contracts/sale';
import { isValidFicheNumber } from '@borlette/shared/game/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterResult, type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  callAs,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/** The worked ticket of docs/domain.md (stake 25 HTG; with results 123 / 4567 it wins 8100 HTG). */
const WORKED = [
  { code: 20, number: '23', stake: 1000 },
  { code: 20, number: '45', stake: 500 },
  { code: 20, number: '99', stake: 500 },
  { code: 40, number: '67*23', stake: 200 },
  { code: 30, number: '123', stake: 100 },
  { code: 41, number: '4567', stake: 100 },
  { code: 42, number: '4567', stake: 100 },
];

describeApi('point of sale (agents’ API)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let agent: string;
  let agent2: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database, { agents: 2, tirages: 2 });
    agent = (await login(t.app, c.agents[0].username)).accessToken;
    agent2 = (await login(t.app, c.agents[1].username)).accessToken;
    admin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: c.company.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
  });
  afterAll(() => t?.close());

  const sale = (token: string, body: { tirages?: number[]; lines: object[]; idempotency_key?: string }) =>
    callAs(t, 'POST', '/api/agents/fiches', token, {
      idempotency_key: body.idempotency_key ?? randomUUID(),
      tirages: body.tirages ?? [c.tirages[0].id],
      lines: body.lines,
    });
  const count = async () =>
    (
      await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM fiches WHERE company_id = $1', [
        c.company.id,
      ])
    )[0].n;

  describe('selling', () => {
    it('sells a ticket on two draws with its number, public code, lines, total and commission', async () => {
      const res = await sale(agent, { tirages: c.tirages.map((x) => x.id), lines: WORKED });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const f = saleAnswer.parse(res.json()); // the answer the database builds keeps the contract
      expect(res.json()).toEqual(f);
      expect(isValidFicheNumber(f.number)).toBe(true);
      expect(f.ref_code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(f.amount).toBe(2500 * 2);
      expect(f.commission_amount).toBe(500); // 10 % by default
      expect(f.status).toBe('en_attente');
      expect(f.replayed).toBe(false);
      expect(f.draws.map((d: { tirage_id: number }) => d.tirage_id).sort()).toEqual(c.tirages.map((x) => x.id).sort());
      expect(f.lines.filter((l: { free: boolean }) => !l.free)).toHaveLength(WORKED.length * 2);
      // The mariage is normalised.
      expect(f.lines.find((l) => l.code === 40)?.number).toBe('23*67');
    });

    it('answers the same ticket to a retried sale, and refuses the key reused for another ticket', async () => {
      const key = randomUUID();
      const first = (
        await sale(agent, { idempotency_key: key, lines: [{ code: 20, number: '11', stake: 100 }] })
      ).json();
      const before = await count();
      const again = await sale(agent, { idempotency_key: key, lines: [{ code: 20, number: '11', stake: 100 }] });
      expect(again.json()).toMatchObject({ id: first.id, number: first.number, replayed: true });
      expect(await count()).toBe(before);
      const other = await sale(agent, { idempotency_key: key, lines: [{ code: 20, number: '12', stake: 100 }] });
      expect(expectErrorBody(other, 409).code).toBe('IDEMPOTENCY_CONFLICT');
    });

    it('refuses bad input per line, in French, and writes nothing', async () => {
      const before = await count();
      const bad = expectErrorBody(
        await sale(agent, {
          lines: [
            { code: 20, number: '23', stake: 100 },
            { code: 20, number: '7', stake: 100 },
          ],
        }),
        400,
      );
      expect(bad.fields?.['lines.1']).toBe('Ligne 2 : un bolet se joue avec 2 chiffres (00 à 99) (reçu « 7 »)');
      expect(
        expectErrorBody(await sale(agent, { lines: [{ code: 40, number: '12*12', stake: 100 }] }), 400).message,
      ).toMatch(/deux fois la même boule/);
      expect(
        expectErrorBody(await sale(agent, { lines: [{ code: 20, number: '23', stake: -5 }] }), 400).fields,
      ).toBeTruthy();
      expect(
        expectErrorBody(await sale(agent, { lines: [{ code: 20, number: '23', stake: 12.5 }] }), 400).fields,
      ).toBeTruthy();
      expect(
        expectErrorBody(await sale(agent, { lines: [{ code: 99, number: '23', stake: 100 }] }), 400).fields,
      ).toBeTruthy();
      expectErrorBody(await sale(agent, { lines: [] }), 400);
      expectErrorBody(await sale(agent, { tirages: [], lines: [{ code: 20, number: '23', stake: 100 }] }), 400);
      expectErrorBody(
        await callAs(t, 'POST', '/api/agents/fiches', agent, {
          idempotency_key: 'x',
          tirages: [c.tirages[0].id],
          lines: [],
        }),
        400,
      );
      expect(await count()).toBe(before);
    });

    it('refuses a closed draw, a draw of another company, a blocked branch and the ticket limit', async () => {
      const other = await sellingCompany(t.database);
      expect(
        expectErrorBody(
          await sale(agent, { tirages: [other.tirages[0].id], lines: [{ code: 20, number: '23', stake: 100 }] }),
          404,
        ).code,
      ).toBe('TIRAGE_NOT_FOUND');
      await t.database.raw.query("UPDATE tirages SET mode = 'closed' WHERE id = $1", [c.tirages[1].id]);
      const closed = expectErrorBody(
        await sale(agent, { tirages: c.tirages.map((x) => x.id), lines: [{ code: 20, number: '23', stake: 100 }] }),
        409,
      );
      expect(closed.message).toBe(`Le tirage ${c.tirages[1].name} est fermé.`);
      await t.database.raw.query("UPDATE tirages SET mode = 'open' WHERE id = $1", [c.tirages[1].id]);

      await t.database.raw.query("UPDATE surcussales SET status = 'blocked' WHERE id = $1", [c.surcussaleId]);
      expect(expectErrorBody(await sale(agent, { lines: [{ code: 20, number: '23', stake: 100 }] }), 403).code).toBe(
        'SURCUSSALE_BLOCKED',
      );
      await t.database.raw.query("UPDATE surcussales SET status = 'active' WHERE id = $1", [c.surcussaleId]);

      await t.database.raw.query('INSERT INTO limite_fiches (company_id, agent_id, max_amount) VALUES ($1, $2, 5000)', [
        c.company.id,
        c.agents[1].id,
      ]);
      const limited = expectErrorBody(
        await sale(agent2, { tirages: c.tirages.map((x) => x.id), lines: [{ code: 20, number: '23', stake: 3000 }] }),
        409,
      );
      expect(limited).toMatchObject({
        code: 'TICKET_LIMIT',
        message: 'La fiche dépasse la limite de 50,00 HTG (total 60,00 HTG).',
      });
      await t.database.raw.query('DELETE FROM limite_fiches WHERE company_id = $1', [c.company.id]);
    });

    it('is refused to every role but agents, and to an agent of a blocked company', async () => {
      expect((await sale(admin, { lines: [{ code: 20, number: '23', stake: 100 }] })).statusCode).toBe(403);
      expect((await callAs(t, 'GET', '/api/agents/config', admin)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/agents/config' })).statusCode).toBe(401);
    });
  });

  describe('after the sale', () => {
    it('lists only the agent’s own tickets of the day, finds a company ticket by number, not another company’s', async () => {
      const mine = (await sale(agent, { lines: [{ code: 20, number: '31', stake: 100 }] })).json();
      const theirs = (await sale(agent2, { lines: [{ code: 20, number: '32', stake: 100 }] })).json();
      const list = (await callAs(t, 'GET', '/api/agents/fiches?page_size=100', agent)).json();
      const ids = list.results.map((f: { id: number }) => f.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      expect(list.results[0].id).toBe(Math.max(...ids)); // newest first
      expect(
        (
          await callAs(t, 'GET', `/api/agents/fiche?number=${theirs.number}&code=${theirs.verification_code}`, agent)
        ).json().id,
      ).toBe(theirs.id);
      expectErrorBody(await callAs(t, 'GET', `/api/agents/fiche?id=${theirs.id}`, agent), 404);
      const other = await sellingCompany(t.database);
      const foreign = await t.database.raw.query<{ f: { number: number; verification_code: string } }>(
        'SELECT borlette_sell($1) AS f',
        [
          JSON.stringify({
            company_id: other.company.id,
            agent_id: other.agents[0].id,
            key: randomUUID(),
            hash: 'h',
            ref_code: randomUUID().replaceAll('-', ''),
            tirages: [other.tirages[0].id],
            lines: [{ code: 20, number: '33', stake: 100, pos: 1 }],
            free: [],
          }),
        ],
      );
      const res = await callAs(
        t,
        'GET',
        `/api/agents/fiche?number=${foreign[0].f.number}&code=${foreign[0].f.verification_code}`,
        agent,
      );
      // Numbers are per company (issue 15): the same number may be one of ours, but never with their code.
      expectErrorBody(res, 404);
      expect(res.body).not.toContain(other.company.ref_code);
    });

    it('lets an agent cancel its own ticket within the window, freeing the limit; not another’s, not late', async () => {
      await t.database.raw.query(
        "INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '77', 1000)",
        [c.company.id],
      );
      const f = (await sale(agent, { lines: [{ code: 20, number: '77', stake: 1000 }] })).json();
      expect(expectErrorBody(await sale(agent2, { lines: [{ code: 20, number: '77', stake: 100 }] }), 409).code).toBe(
        'LIMIT_EXCEEDED',
      );
      expectErrorBody(await callAs(t, 'POST', '/api/agents/fiches/cancel', agent2, { id: f.id }), 404);
      const cancelled = await callAs(t, 'POST', '/api/agents/fiches/cancel', agent, { id: f.id });
      expect(cancelled.json().status).toBe('annule');
      expect((await sale(agent2, { lines: [{ code: 20, number: '77', stake: 1000 }] })).statusCode).toBe(200);
      expect(
        expectErrorBody(await callAs(t, 'POST', '/api/agents/fiches/cancel', agent, { id: f.id }), 409).message,
      ).toBe('Cette fiche est déjà annulée.');
      const late = (await sale(agent, { lines: [{ code: 20, number: '78', stake: 100 }] })).json();
      await t.database.raw.query("UPDATE fiches SET sold_at = now() - interval '11 minutes' WHERE id = $1", [late.id]);
      expect(
        expectErrorBody(await callAs(t, 'POST', '/api/agents/fiches/cancel', agent, { id: late.id }), 409).message,
      ).toBe('Le délai d’annulation de cette fiche est dépassé.');
      await t.database.raw.query('UPDATE users SET can_cancel = false WHERE id = $1', [c.agents[0].id]);
      const again = (await sale(agent, { lines: [{ code: 20, number: '79', stake: 100 }] })).json();
      expectErrorBody(await callAs(t, 'POST', '/api/agents/fiches/cancel', agent, { id: again.id }), 403);
      await t.database.raw.query('UPDATE users SET can_cancel = true WHERE id = $1', [c.agents[0].id]);
      const events = await t.database.raw.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'fiche' AND entity_id = $1 ORDER BY id",
        [String(f.id)],
      );
      expect(events.map((e) => e.action)).toEqual(['cancel']);
    });

    it('pays a winning ticket once, with French refusals before and after', async () => {
      const t3 = (
        await t.database.raw.query<{ id: number }>(
          "INSERT INTO tirages (company_id, name, days, open_time, close_time, mode) VALUES ($1, 'Paiement', '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id",
          [c.company.id],
        )
      )[0].id;
      const f = (await sale(agent, { tirages: [t3], lines: WORKED })).json();
      const loser = (await sale(agent, { tirages: [t3], lines: [{ code: 20, number: '88', stake: 100 }] })).json();
      expect(
        expectErrorBody(
          await callAs(t, 'POST', '/api/agents/fiches/pay', agent2, { number: f.number, code: f.verification_code }),
          409,
        ).message,
      ).toBe('Les résultats du tirage Paiement ne sont pas encore connus.');
      const settled = await enterResult(t.database, {
        companyId: c.company.id,
        tirageId: t3,
        date: c.today,
        pick3: '123',
        pick4: '4567',
      });
      expect(settled.win_amount).toBe(810000);
      expect(
        expectErrorBody(
          await callAs(t, 'POST', '/api/agents/fiches/pay', agent2, {
            number: loser.number,
            code: loser.verification_code,
          }),
          409,
        ).message,
      ).toBe('Cette fiche n’est pas gagnante.');
      await t.database.raw.query('UPDATE fiches SET blocked = true WHERE id = $1', [f.id]);
      expect(
        expectErrorBody(
          await callAs(t, 'POST', '/api/agents/fiches/pay', agent2, { number: f.number, code: f.verification_code }),
          409,
        ).message,
      ).toMatch(/bloquée/);
      await t.database.raw.query('UPDATE fiches SET blocked = false WHERE id = $1', [f.id]);
      const paid = await callAs(t, 'POST', '/api/agents/fiches/pay', agent2, {
        number: f.number,
        code: f.verification_code,
      });
      expect(paid.json()).toMatchObject({ status: 'paye', paid_amount: 810000, win_amount: 810000 });
      const twice = expectErrorBody(
        await callAs(t, 'POST', '/api/agents/fiches/pay', agent, { number: f.number, code: f.verification_code }),
        409,
      );
      expect(twice.message).toMatch(
        /^Cette fiche a déjà été payée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} par Prénom Nom\.$/,
      );
      const payments = await t.database.raw.query<{ amount: number; agent_id: number }>(
        'SELECT amount, agent_id FROM fiche_payments WHERE fiche_id = $1',
        [f.id],
      );
      expect(payments).toEqual([{ amount: 810000, agent_id: c.agents[1].id }]);
      expectErrorBody(
        await callAs(t, 'POST', '/api/agents/fiches/pay', agent, { number: 123, code: f.verification_code }),
        404,
      );
      // Past its validity, a win is no longer paid.
      const late = (
        await sale(agent, { tirages: [c.tirages[0].id], lines: [{ code: 20, number: '23', stake: 100 }] })
      ).json();
      await enterResult(t.database, {
        companyId: c.company.id,
        tirageId: c.tirages[0].id,
        date: c.today,
        pick3: '123',
        pick4: '4567',
      });
      await t.database.raw.query('UPDATE company_settings SET payout_validity_days = -1 WHERE company_id = $1', [
        c.company.id,
      ]);
      expect(
        expectErrorBody(
          await callAs(t, 'POST', '/api/agents/fiches/pay', agent, {
            number: late.number,
            code: late.verification_code,
          }),
          409,
        ).message,
      ).toMatch(/Le délai de paiement est dépassé/);
      await t.database.raw.query('UPDATE company_settings SET payout_validity_days = 90 WHERE company_id = $1', [
        c.company.id,
      ]);
    });

    it('reprints (counted), reports the day and shows the public link without the company’s other data', async () => {
      const f = (
        await sale(agent, { tirages: [c.tirages[1].id], lines: [{ code: 20, number: '55', stake: 2000 }] })
      ).json();
      expect((await callAs(t, 'POST', '/api/agents/fiches/reprint', agent, { id: f.id })).json().print_count).toBe(2);
      expectErrorBody(await callAs(t, 'POST', '/api/agents/fiches/reprint', agent2, { id: f.id }), 404);

      const report = (await callAs(t, 'GET', '/api/agents/report', agent)).json();
      const [expected] = await t.database.raw.query<{ sales: number; commission: number; n: number }>(
        `SELECT coalesce(sum(amount), 0)::bigint AS sales, coalesce(sum(commission_amount), 0)::bigint AS commission, count(*)::int AS n
           FROM fiches WHERE company_id = $1 AND agent_id = $2 AND status = 'active' AND sale_date = $3`,
        [c.company.id, c.agents[0].id, c.today],
      );
      expect(report).toMatchObject({
        date: c.today,
        tickets: expected.n,
        sales_amount: expected.sales,
        commission_amount: expected.commission,
      });
      expect(report.balance).toBe(report.sales_amount - report.paid_amount - report.commission_amount);
      expect((await callAs(t, 'GET', '/api/agents/report?date=2020-01-01', agent)).json()).toMatchObject({
        tickets: 0,
        balance: 0,
      });
      expectErrorBody(await callAs(t, 'GET', '/api/agents/report?date=2020-13-01', agent), 400);

      const pub = await t.app.inject({ method: 'GET', url: `/api/public/fiche/${f.ref_code}` });
      expect(pub.statusCode).toBe(200);
      expect(pub.json()).toMatchObject({ number: f.number, status: 'en_attente', amount: 2000 });
      expect(pub.body).not.toContain(c.agents[0].username);
      expect(pub.json()).not.toHaveProperty('agent_name');
      expect(pub.json()).not.toHaveProperty('id');
      const unknown = await t.app.inject({ method: 'GET', url: '/api/public/fiche/aaaaaaaaaaaaaaaaaaaaaa' });
      expect(expectErrorBody(unknown, 404).message).toMatch(/Fiche introuvable/);
      expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/public/fiche/%27%20or%201=1' }), 404);
      expect((await callAs(t, 'GET', '/api/agents/messages', agent)).json()).toEqual([]);
    });
  });
});
