import { randomUUID } from 'node:crypto';
import { RISK_RULES_DEFAULTS, type RiskRulesInput } from '@borlette/shared/contracts/risk-rules';
import { saleRefusal } from '@borlette/shared/contracts/sale';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestDatabase, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../db/client';

/**
 * Issue 22 §2 on a ticket's reactivation (PUT /api/companies/fiche, action reactivate): the ticket takes
 * its amounts again, so it passes the automatic rules as a sale would at that moment, with the limits,
 * in the sale's words; exact under parallel reactivations. On PostgreSQL the app has a pool of 24
 * connections so that the reactivations really run together.
 */
describeApi('automatic limit rules on a ticket’s reactivation', () => {
  let database: Database;
  let app: FastifyInstance;
  let close: () => Promise<void>;

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
  }, 120_000);
  afterAll(() => close?.());

  async function company(agents = 1) {
    const c = await sellingCompany(database, { agents });
    const admin = await createUser(database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const adminToken = (await login(app, admin.username)).accessToken;
    const seller = (await login(app, c.agents[0].username)).accessToken;
    return { c, admin: adminToken, seller };
  }
  const rules = async (token: string, change: Partial<RiskRulesInput>) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/companies/risk-rules',
      headers: auth(token),
      payload: { ...RISK_RULES_DEFAULTS, ...change },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const act = (token: string, payload: { id: number; action: string; reason?: string }) =>
    app.inject({ method: 'PUT', url: '/api/companies/fiche', headers: auth(token), payload });
  const bolet = (number: string, stake: number) => ({ code: 20, number, stake });
  const dayOf = (c: SellingCompany) => c.today.slice(8, 10);
  /** A ticket sold (by the engine, as the POS sells) then deleted by the back office. */
  async function deleted(c: SellingCompany, admin: string, lines: { code: number; number: string; stake: number }[]) {
    const f = await sell(database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines,
    });
    expect((await act(admin, { id: f.id, action: 'delete', reason: 'Erreur' })).statusCode).toBe(200);
    return f.id;
  }
  const counter = async (c: SellingCompany, number: string) =>
    Number(
      (
        await database.raw.query<{ n: string }>(
          `SELECT coalesce(sum(amount), 0)::text AS n FROM sale_counters
            WHERE company_id = $1 AND agent_id = 0 AND code = 20 AND number = $2`,
          [c.company.id, number],
        )
      )[0].n,
    );
  const status = async (id: number) =>
    (await database.raw.query<{ status: string }>('SELECT status FROM fiches WHERE id = $1', [id]))[0].status;
  const sale = (c: SellingCompany, token: string, lines: object[]) =>
    app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(token),
      payload: { idempotency_key: randomUUID(), tirages: [c.tirages[0].id], lines },
    });

  it('refuses a reactivation the rules refuse now, with the limits’ problems, exactly as the sale words them', async () => {
    const { c, admin, seller } = await company();
    const dd = dayOf(c);
    const n = dd === '31' ? '30' : '31';
    const id = await deleted(c, admin, [bolet(n, 700), bolet(dd, 600)]);
    // Meanwhile: a manual limit on n, today's numbers limited to 10 HTG, and 6 HTG of dd sold.
    await database.raw.query(
      'INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, $2, 1000)',
      [c.company.id, n],
    );
    await rules(admin, { date_on: true, date_amount: 1_000 });
    await sell(database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [bolet(n, 400), bolet(dd, 600)],
    });
    const res = await act(admin, { id, action: 'reactivate' });
    const refused = saleRefusal.parse(expectErrorBody(res, 409));
    expect(refused.code).toBe('LIMIT_EXCEEDED');
    expect(
      refused.problems?.map((p) => [p.code, p.message]),
      res.body,
    ).toEqual([
      ['LIMIT_EXCEEDED', `Ligne 1 : ${n} : maximum 6,00 HTG encore pour ${c.tirages[0].name}`],
      [
        'RULE_LIMIT',
        `Ligne 2 : Limite automatique : ${dd} limité à 10,00 HTG (numéros du jour) pour ${c.tirages[0].name} ; il reste 4,00 HTG.`,
      ],
    ]);
    // The sale of the same bets now says the same.
    const sold = saleRefusal.parse(expectErrorBody(await sale(c, seller, [bolet(n, 700), bolet(dd, 600)]), 409));
    expect(sold.problems).toEqual(refused.problems);
    // Nothing moved: still deleted, counters as they were.
    expect(await status(id)).toBe('deleted');
    expect([await counter(c, n), await counter(c, dd)]).toEqual([400, 600]);

    // A block of today's numbers: RULE_BLOCKED alone once the manual limit leaves room.
    await database.raw.query('UPDATE sale_limits SET max_amount = 1100 WHERE company_id = $1', [c.company.id]);
    await rules(admin, { date_on: true, date_block: true });
    const blocked = expectErrorBody(await act(admin, { id, action: 'reactivate' }), 409);
    expect(blocked.code).toBe('RULE_BLOCKED');
    expect(blocked.message).toBe(
      `Ligne 2 : Limite automatique : ${dd} bloqué (numéros du jour) pour ${c.tirages[0].name}.`,
    );
    // Rules off: the limits alone, which now allow it.
    await rules(admin, {});
    expect((await act(admin, { id, action: 'reactivate' })).json().status).toBe('en_attente');
    expect([await counter(c, n), await counter(c, dd)]).toEqual([1100, 1200]);
  });

  it('lets through a reactivation no rule touches, and one that reaches a rule’s limit exactly', async () => {
    const { c, admin } = await company();
    const dd = dayOf(c);
    const other = ['12', '13', '14'].find((x) => x !== dd && x !== c.today.slice(5, 7)) as string;
    const a = await deleted(c, admin, [bolet(other, 5_000)]);
    const b = await deleted(c, admin, [bolet(dd, 1_000)]);
    const digit = [...'0123456789'].find((d) => !`${dd}${other}`.includes(d)) as string;
    await rules(admin, { date_on: true, date_amount: 1_000, digit_on: true, digit_block: true, digits: digit });
    expect((await act(admin, { id: a, action: 'reactivate' })).statusCode).toBe(200);
    expect((await act(admin, { id: b, action: 'reactivate' })).statusCode).toBe(200);
    expect(await counter(c, dd)).toBe(1_000);
  });

  it('share of the draw’s sales: the base is the draw’s sales without the ticket itself, as for its sale', async () => {
    const { c, admin } = await company();
    // 4 000 of loto 3 (not in the rule's games): a bolet number's limit is then 2 000.
    await sell(database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 30, number: '123', stake: 4_000 }],
    });
    const again = await deleted(c, admin, [bolet('46', 3_001)]);
    await rules(admin, { share_on: true, share_bp: 5000, share_floor: 1_000, share_games: ['bolet'] });
    const id = await deleted(c, admin, [bolet('45', 2_000)]);
    // Counting the ticket out of its own base (2 000 less) would refuse it.
    expect((await act(admin, { id, action: 'reactivate' })).statusCode).toBe(200);
    // The draw has sold 6 000 now: 3 000 for a number.
    const res = expectErrorBody(await act(admin, { id: again, action: 'reactivate' }), 409);
    expect(res.message).toContain('(part des ventes du tirage)');
    expect(res.message).toContain('il reste 30,00 HTG');
  });

  it('the last minutes before the close count at the reactivation’s moment, not the sale’s', async () => {
    const { c, admin } = await company();
    const [late] = await database.raw.query<{ id: number; name: string }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       SELECT $1, 'Soir proche', '{0,1,2,3,4,5,6}', '00:00',
              ((now() AT TIME ZONE c.timezone) + interval '10 minutes')::time, 'auto'
         FROM companies c WHERE c.id = $1 RETURNING id, name`,
      [c.company.id],
    );
    // Sold with no rule on, then deleted; the tightening comes on: 3 HTG a number in the last 30 minutes.
    const f = await sell(database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [late.id],
      lines: [bolet('45', 500)],
    });
    expect((await act(admin, { id: f.id, action: 'delete', reason: 'Erreur' })).statusCode).toBe(200);
    await rules(admin, { late_on: true, late_minutes: 30, late_factor_bp: null, late_amount: 300 });
    const res = expectErrorBody(await act(admin, { id: f.id, action: 'reactivate' }), 409);
    expect(res.message).toBe(
      'Ligne 1 : Limite automatique : 45 limité à 3,00 HTG (dernières minutes avant la fermeture) pour Soir proche ; il reste 3,00 HTG.',
    );
  });

  it('wrong company and missing permission: 404 / 403, and another company’s rules do not reach this one', async () => {
    const a = await company();
    const b = await company();
    const id = await deleted(a.c, a.admin, [bolet(dayOf(a.c), 1_000)]);
    await rules(b.admin, { date_on: true, date_block: true });
    expectErrorBody(await act(b.admin, { id, action: 'reactivate' }), 404);
    const sup = await createUser(database, {
      role: 'supervisor',
      companyId: a.c.company.id,
      permissions: ['view_fichevente'],
    });
    const supToken = (await login(app, sup.username)).accessToken;
    expectErrorBody(await act(supToken, { id, action: 'reactivate' }), 403);
    expect(await status(id)).toBe('deleted');
    // b's block of today's numbers is b's alone.
    expect((await act(a.admin, { id, action: 'reactivate' })).statusCode).toBe(200);
  });

  it('parallel reactivations against a rule’s limit: exactly the ones it allows pass, the others are clean 409s', async () => {
    const { c, admin } = await company();
    const dd = dayOf(c);
    await rules(admin, { date_on: true, date_amount: 10_000 });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await deleted(c, admin, [bolet(dd, 1_000)]));
    // 4 000 sold meanwhile: room for 6 of the 10 tickets.
    await sell(database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [bolet(dd, 4_000)],
    });
    const answers = await Promise.all(ids.map((id) => act(admin, { id, action: 'reactivate' })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(6);
    expect(codes.filter((s) => s === 409)).toHaveLength(4);
    for (const r of answers.filter((x) => x.statusCode === 409)) {
      expect(r.json().code).toBe('RULE_LIMIT');
      expect(r.json().message).toContain('il reste 0,00 HTG');
    }
    expect(await counter(c, dd)).toBe(10_000);
    const [{ n }] = await database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM fiches WHERE company_id = $1 AND status = 'active'",
      [c.company.id],
    );
    expect(n).toBe(7);
  }, 120_000);
});
