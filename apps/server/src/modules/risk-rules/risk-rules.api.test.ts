import { randomUUID } from 'node:crypto';
import { RISK_RULES_DEFAULTS, type RiskRulesInput } from '@borlette/shared/contracts/risk-rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import { auth, createTestDatabase, createUser, describeApi, expectErrorBody, login } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openPostgres } from '../../db/client';

/**
 * The automatic limit rules (issue 22 §2) through HTTP: the settings, each rule in the sale (a ticket it
 * refuses, one it lets through), the refusal's words, parallel sales, the preview against the sale.
 * On PostgreSQL the app has a pool of 24 connections so that parallel sales really run together.
 */
describeApi('automatic limit rules (/api/companies/risk-rules)', () => {
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

  const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: auth(token), payload });

  /** A selling company, its admin's token and its agents' tokens. */
  async function company(agents = 1) {
    const c = await sellingCompany(database, { agents });
    const admin = await createUser(database, { role: 'company', companyId: c.company.id, fullAccess: true });
    const adminToken = (await login(app, admin.username)).accessToken;
    const sellers: string[] = [];
    for (const a of c.agents) sellers.push((await login(app, a.username)).accessToken);
    return { c, admin: adminToken, sellers };
  }
  const rules = async (token: string, change: Partial<RiskRulesInput>) => {
    const res = await call('PUT', '/api/companies/risk-rules', token, { ...RISK_RULES_DEFAULTS, ...change });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const sale = (c: SellingCompany, token: string, lines: object[], tirages = [c.tirages[0].id]) =>
    app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(token),
      payload: { idempotency_key: randomUUID(), tirages, lines },
    });
  const bolet = (number: string, stake: number) => ({ code: 20, number, stake });
  const dayOf = (c: SellingCompany) => ({ dd: c.today.slice(8, 10), mm: c.today.slice(5, 7) });
  /** A bolet number that is neither today's day nor month and holds neither digit. */
  const plain = (c: SellingCompany, avoid = '') => {
    const { dd, mm } = dayOf(c);
    for (let i = 0; i < 100; i++) {
      const n = String(i).padStart(2, '0');
      if (n !== dd && n !== mm && ![...n].some((d) => avoid.includes(d))) return n;
    }
    throw new Error('none');
  };

  it('off by default: GET answers every rule off, and the sale is unchanged', async () => {
    const { c, admin, sellers } = await company();
    const res = await call('GET', '/api/companies/risk-rules', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...RISK_RULES_DEFAULTS, updated_at: null });
    const { dd } = dayOf(c);
    expect((await sale(c, sellers[0], [bolet(dd, 1_000_000)])).statusCode).toBe(200);
  });

  it('PUT checks the whole form (clear French messages, nothing written) and is audited', async () => {
    const { c, admin } = await company();
    for (const [bad, field] of [
      [{ share_bp: 0 }, 'share_bp'],
      [{ late_on: true, late_factor_bp: 5000, late_amount: 100 }, 'late_factor_bp'],
      [{ date_on: true, date_amount: null }, 'date_amount'],
      [{ digit_on: true, digits: '', pair_balls: [] }, 'digits'],
      [{ digits: '1a' }, 'digits'],
      [{ pair_balls: ['7'] }, 'pair_balls.0'],
      [{ share_floor: 1_000_000_001 }, 'share_floor'],
      [{ share_games: ['poker'] }, 'share_games.0'],
    ] as const) {
      const res = await call('PUT', '/api/companies/risk-rules', admin, { ...RISK_RULES_DEFAULTS, ...bad });
      const body = expectErrorBody(res, 400);
      expect(body.fields?.[field], `${JSON.stringify(bad)}: ${res.body}`).toMatch(/[a-zé]/);
    }
    const unknown = await call('PUT', '/api/companies/risk-rules', admin, { ...RISK_RULES_DEFAULTS, extra: 1 });
    expect(expectErrorBody(unknown, 400).message).toMatch(/Réglage inconnu : extra/);
    expect(await database.raw.query('SELECT 1 FROM risk_rules WHERE company_id = $1', [c.company.id])).toEqual([]);

    const saved = await rules(admin, { date_on: true, date_amount: 50_000 });
    expect(saved).toMatchObject({ date_on: true, date_amount: 50_000 });
    expect(typeof saved.updated_at).toBe('string');
    const [entry] = await database.raw.query<{ action: string; before: unknown; after: { date_amount: number } }>(
      `SELECT action, before, after FROM audit_log WHERE company_id = $1 AND entity = 'risk_rules'`,
      [c.company.id],
    );
    expect(entry).toMatchObject({ action: 'update', before: null, after: { date_on: true, date_amount: 50_000 } });
  });

  it('wrong company and missing permission: 404 / 403, nothing read or written', async () => {
    const a = await company();
    const b = await company();
    // A draw of another company is not found.
    const res = await call('GET', `/api/companies/risk-rules/preview?tirage_id=${b.c.tirages[0].id}`, a.admin);
    expect(expectErrorBody(res, 404).message).toBe('Tirage introuvable.');
    // Each company has its own rules: b's change does not reach a's sale.
    await rules(b.admin, { date_on: true, date_block: true });
    const { dd } = dayOf(a.c);
    expect((await sale(a.c, a.sellers[0], [bolet(dd, 100)])).statusCode).toBe(200);
    // A supervisor without the codenames.
    const sup = await createUser(database, { role: 'supervisor', companyId: a.c.company.id, permissions: [] });
    const supToken = (await login(app, sup.username)).accessToken;
    expectErrorBody(await call('GET', '/api/companies/risk-rules', supToken), 403);
    expectErrorBody(
      await call('PUT', '/api/companies/risk-rules', supToken, {
        ...RISK_RULES_DEFAULTS,
        date_on: true,
        date_block: true,
      }),
      403,
    );
    expect(await database.raw.query('SELECT 1 FROM risk_rules WHERE company_id = $1', [a.c.company.id])).toEqual([]);
    // With view only: reads, but cannot change.
    const viewer = await createUser(database, {
      role: 'supervisor',
      companyId: a.c.company.id,
      permissions: ['view_risk_rule'],
    });
    const viewerToken = (await login(app, viewer.username)).accessToken;
    expect((await call('GET', '/api/companies/risk-rules', viewerToken)).statusCode).toBe(200);
    expectErrorBody(await call('PUT', '/api/companies/risk-rules', viewerToken, RISK_RULES_DEFAULTS), 403);
  });

  it('today’s numbers: limited (bolet DD and MM, their mariages), or blocked (loto 4 DDMM); others sell', async () => {
    const { c, admin, sellers } = await company();
    const { dd, mm } = dayOf(c);
    await rules(admin, { date_on: true, date_amount: 50_000 });
    expect((await sale(c, sellers[0], [bolet(dd, 40_000)])).statusCode).toBe(200);
    const refused = expectErrorBody(await sale(c, sellers[0], [bolet(dd, 10_001)]), 409);
    expect(refused.code).toBe('RULE_LIMIT');
    expect(refused.message).toBe(
      `Ligne 1 : Limite automatique : ${dd} limité à 500,00 HTG (numéros du jour) pour ${c.tirages[0].name} ; il reste 100,00 HTG.`,
    );
    expect((await sale(c, sellers[0], [bolet(dd, 10_000)])).statusCode).toBe(200);
    expect(expectErrorBody(await sale(c, sellers[0], [bolet(mm, 50_001)]), 409).code).toBe('RULE_LIMIT');
    const other = plain(c);
    expect((await sale(c, sellers[0], [bolet(other, 50_001)])).statusCode).toBe(200);
    await rules(admin, { date_on: true, date_block: true });
    const ddmm = `${dd}${mm}`;
    const blocked = expectErrorBody(await sale(c, sellers[0], [{ code: 41, number: ddmm, stake: 100 }]), 409);
    expect(blocked.code).toBe('RULE_BLOCKED');
    expect(blocked.message).toBe(
      `Ligne 1 : Limite automatique : ${ddmm} bloqué (numéros du jour) pour ${c.tirages[0].name}.`,
    );
    // Nothing of a refused ticket is counted.
    const [{ n }] = await database.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sale_counters WHERE company_id = $1 AND code = 41`,
      [c.company.id],
    );
    expect(n).toBe(0);
  });

  it('digits and balls: every number holding the digit, every mariage holding the ball', async () => {
    const { c, admin, sellers } = await company();
    await rules(admin, { digit_on: true, digit_block: true, digits: '7' });
    expect(expectErrorBody(await sale(c, sellers[0], [bolet('17', 100)]), 409).code).toBe('RULE_BLOCKED');
    expect(expectErrorBody(await sale(c, sellers[0], [{ code: 30, number: '700', stake: 100 }]), 409).code).toBe(
      'RULE_BLOCKED',
    );
    expect((await sale(c, sellers[0], [bolet(plain(c, '7'), 100)])).statusCode).toBe(200);
    await rules(admin, { digit_on: true, digit_amount: 1_000, pair_balls: ['12'] });
    const res = expectErrorBody(await sale(c, sellers[0], [{ code: 40, number: '12*34', stake: 1_001 }]), 409);
    expect(res.message).toMatch(/^Ligne 1 : Limite automatique : 12\*34 limité à 10,00 HTG \(mariages de la boule\)/);
    expect((await sale(c, sellers[0], [{ code: 40, number: '12*34', stake: 1_000 }])).statusCode).toBe(200);
    expect((await sale(c, sellers[0], [{ code: 40, number: '13*34', stake: 5_000 }])).statusCode).toBe(200);
    // A bolet 12 is not a mariage: the ball rule leaves it.
    expect((await sale(c, sellers[0], [bolet('12', 5_000)])).statusCode).toBe(200);
  });

  it('share of the draw’s sales: the floor first, then the limit grows with the day; the preview says the same', async () => {
    const { c, admin, sellers } = await company();
    await rules(admin, { share_on: true, share_bp: 1000, share_floor: 1_000, share_games: ['bolet'] });
    const n = plain(c);
    expect((await sale(c, sellers[0], [bolet(n, 1_000)])).statusCode).toBe(200);
    const res = expectErrorBody(await sale(c, sellers[0], [bolet(n, 1)]), 409);
    expect(res.message).toContain('(part des ventes du tirage)');
    // Loto 3 is not in the rule's games.
    expect((await sale(c, sellers[0], [{ code: 30, number: '123', stake: 30_000 }])).statusCode).toBe(200);
    // The draw has sold 31 000: the limit is 3 100.
    const preview = await call('GET', `/api/companies/risk-rules/preview?tirage_id=${c.tirages[0].id}`, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ tirage_id: c.tirages[0].id, draw_date: c.today, draw_sales: 31_000, late: false });
    const row = body.rows.find((r: { code: number; number: string }) => r.code === 20 && r.number === n);
    expect(row).toEqual({
      code: 20,
      number: n,
      sold: 1_000,
      manual: null,
      limit: 3_100,
      remaining: 2_100,
      rule: 'share',
      blocked: false,
    });
    // What the preview says is what the sale enforces: one centime more is refused, exactly that passes.
    expect(expectErrorBody(await sale(c, sellers[0], [bolet(n, row.remaining + 1)]), 409).code).toBe('RULE_LIMIT');
    expect((await sale(c, sellers[0], [bolet(n, row.remaining)])).statusCode).toBe(200);
  });

  it('the last minutes before the close: a cap (or a factor of the manual limit); an open draw is untouched', async () => {
    const { c, admin, sellers } = await company();
    // A draw in auto mode that closes in 10 minutes (company time).
    const [late] = await database.raw.query<{ id: number; name: string }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       SELECT $1, 'Soir proche', '{0,1,2,3,4,5,6}', '00:00',
              ((now() AT TIME ZONE c.timezone) + interval '10 minutes')::time, 'auto'
         FROM companies c WHERE c.id = $1 RETURNING id, name`,
      [c.company.id],
    );
    await rules(admin, { late_on: true, late_minutes: 30, late_factor_bp: null, late_amount: 300 });
    const n = plain(c);
    const res = expectErrorBody(await sale(c, sellers[0], [bolet(n, 301)], [late.id]), 409);
    expect(res.message).toBe(
      `Ligne 1 : Limite automatique : ${n} limité à 3,00 HTG (dernières minutes avant la fermeture) pour Soir proche ; il reste 3,00 HTG.`,
    );
    expect((await sale(c, sellers[0], [bolet(n, 300)], [late.id])).statusCode).toBe(200);
    expect((await sale(c, sellers[0], [bolet(n, 5_000)])).statusCode).toBe(200);
    // A factor halves the back office's limit of a number.
    await database.raw.query(
      "INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, '55', 1000)",
      [c.company.id],
    );
    await rules(admin, { late_on: true, late_minutes: 30, late_factor_bp: 5000, late_amount: null });
    expect(expectErrorBody(await sale(c, sellers[0], [bolet('55', 501)], [late.id]), 409).code).toBe('RULE_LIMIT');
    expect((await sale(c, sellers[0], [bolet('55', 500)], [late.id])).statusCode).toBe(200);
    expect((await sale(c, sellers[0], [bolet('55', 900)])).statusCode).toBe(200);
    const preview = await call('GET', `/api/companies/risk-rules/preview?tirage_id=${late.id}`, admin);
    expect(preview.json()).toMatchObject({ late: true });
    expect(preview.json().rows).toContainEqual(
      expect.objectContaining({ number: '55', sold: 500, manual: 1000, limit: 500, rule: 'late', remaining: 0 }),
    );
  });

  it('the POS live check reports the rules’ refusals exactly as the sale words them', async () => {
    const { c, admin, sellers } = await company();
    const { dd } = dayOf(c);
    await rules(admin, { date_on: true, date_amount: 1_000, digit_on: true, digit_block: true, digits: '9' });
    expect((await sale(c, sellers[0], [bolet(dd, 600)])).statusCode).toBe(200);
    const lines = [bolet('19', 100), bolet(plain(c, '9'), 100), bolet(dd, 401)];
    const check = await app.inject({
      method: 'POST',
      url: '/api/agents/fiches/check',
      headers: auth(sellers[0]),
      payload: { tirages: [c.tirages[0].id], lines },
    });
    expect(check.statusCode, check.body).toBe(200);
    const refused = expectErrorBody(await sale(c, sellers[0], lines), 409) as unknown as {
      problems: { code: string; message: string }[];
    };
    const pick = (ps: { code: string; message: string }[]) => ps.map((p) => [p.code, p.message]);
    expect(pick(check.json().problems)).toEqual(pick(refused.problems));
    expect(pick(refused.problems).map((p) => p[0])).toEqual(['RULE_BLOCKED', 'RULE_LIMIT']);
    expect(refused.problems[1].message).toContain('il reste 4,00 HTG');
  });

  it('parallel sales on one number never pass the automatic limit; every refusal is a clean 409', async () => {
    const { c, admin, sellers } = await company(6);
    const { dd } = dayOf(c);
    await rules(admin, { date_on: true, date_amount: 10_000 });
    const stakes = Array.from({ length: 40 }, (_, i) => 100 * (1 + (i % 9)));
    const answers = await Promise.all(stakes.map((s, i) => sale(c, sellers[i % sellers.length], [bolet(dd, s)])));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((s) => s === 200 || s === 409)).toBe(true);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('RULE_LIMIT');
    const sold = stakes.filter((_, i) => codes[i] === 200).reduce((s, x) => s + x, 0);
    expect(sold).toBeLessThanOrEqual(10_000);
    expect(codes.filter((s) => s === 409).length).toBeGreaterThan(0);
    const [{ amount }] = await database.raw.query<{ amount: number }>(
      'SELECT amount FROM sale_counters WHERE company_id = $1 AND agent_id = 0 AND code = 20 AND number = $2',
      [c.company.id, dd],
    );
    expect(Number(amount)).toBe(sold);
  }, 120_000);

  it('the largest amounts: a floor and caps at the maximum stake save and apply exactly', async () => {
    const { c, admin, sellers } = await company();
    const max = 1_000_000_000;
    const saved = await rules(admin, {
      share_on: true,
      share_bp: 10_000,
      share_floor: max,
      share_games: ['bolet', 'mariage', 'loto3', 'loto4', 'loto5'],
      date_on: true,
      date_amount: max,
    });
    expect(saved).toMatchObject({ share_floor: max, date_amount: max });
    // The floor is the limit: one sale at the platform's largest stake reaches it exactly.
    await database.raw.query(
      'UPDATE company_settings SET line_max_stake = $2, ticket_max_payout = 1000000000000 WHERE company_id = $1',
      [c.company.id, max],
    );
    const n = plain(c);
    const big = await sale(c, sellers[0], [bolet(n, max)]);
    expect(big.statusCode, big.body).toBe(200);
    expect(expectErrorBody(await sale(c, sellers[0], [bolet(n, 1)]), 409).code).toBe('RULE_LIMIT');
  });
});
