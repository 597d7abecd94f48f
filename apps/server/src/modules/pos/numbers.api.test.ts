import { randomUUID } from 'node:crypto';
import { isValidFicheNumber, luhnDigit } from '@borlette/shared/game/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenTirage, middayZone, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  auth,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

/**
 * Issue 15, defect 8: ticket numbers per company. One sequence for the platform let company B count
 * the tickets A sold between two of its own; each company now numbers from a sequence of its own
 * (sequence × 10 + Luhn digit), unique per company, and every lookup by number stays in the company.
 */
describeApi('ticket numbers per company', () => {
  let t: TestContext;
  let a: SellingCompany;
  let b: SellingCompany;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    b = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    tokenA = (await login(t.app, a.agents[0].username)).accessToken;
    tokenB = (await login(t.app, b.agents[0].username)).accessToken;
  });
  afterAll(() => t?.close());

  const sale = (token: string, c: SellingCompany, number = '12') =>
    t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(token),
      payload: { idempotency_key: randomUUID(), tirages: [c.tirages[0].id], lines: [{ code: 20, number, stake: 100 }] },
    });
  const base = (n: number) => Math.floor(n / 10);

  it('numbers each company from its own short sequence: B’s next number does not move when A sells', async () => {
    const b1 = (await sale(tokenB, b)).json().number;
    expect(b1).toBe(1000 * 10 + luhnDigit(1000)); // five digits, check digit last
    for (let i = 0; i < 5; i++) expect((await sale(tokenA, a)).statusCode).toBe(200);
    const b2 = (await sale(tokenB, b)).json().number;
    expect(isValidFicheNumber(b2)).toBe(true);
    expect(base(b2)).toBe(base(b1) + 1);
  });

  it('gives 30 parallel sales of one company 30 distinct, consecutive, valid numbers', async () => {
    const before = (await sale(tokenA, a)).json().number;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sale(tokenA, a, `${i + 10}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const numbers = answers.map((r) => r.json().number as number);
    expect(numbers.every(isValidFicheNumber)).toBe(true);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers.map(base).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => base(before) + 1 + i));
    const [dup] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT number FROM fiches WHERE company_id = $1 GROUP BY number HAVING count(*) > 1) d',
      [a.company.id],
    );
    expect(dup.n).toBe(0);
  });

  it('finds by number only in the caller’s company, when both companies have that number', async () => {
    // The first ticket of each company carries the same number.
    const [shared] = await t.database.raw.query<{ number: number }>(
      'SELECT fa.number FROM fiches fa JOIN fiches fb ON fb.number = fa.number AND fb.company_id = $2 WHERE fa.company_id = $1 LIMIT 1',
      [a.company.id, b.company.id],
    );
    expect(shared).toBeDefined();
    const ticketOf = async (companyId: number) =>
      (
        await t.database.raw.query<{ id: number; code: string }>(
          'SELECT id, borlette_fiche_code(ref_code) AS code FROM fiches WHERE company_id = $1 AND number = $2',
          [companyId, shared.number],
        )
      )[0];
    const [ticketA, ticketB] = [await ticketOf(a.company.id), await ticketOf(b.company.id)];
    // An agent finds another agent's ticket with the receipt's code (issue 15, defect 6).
    const find = (token: string, code: string) =>
      t.app.inject({ url: `/api/agents/fiche?number=${shared.number}&code=${code}`, headers: auth(token) });
    expect((await find(tokenA, ticketA.code)).json().id).toBe(ticketA.id);
    expect((await find(tokenB, ticketB.code)).json().id).toBe(ticketB.id);
    // B's receipt code with the shared number never reaches B's ticket from A.
    expect((await find(tokenA, ticketB.code)).statusCode).toBe(404);
    // Paying by number acts on the caller's own ticket (not a winner yet: refused about it), never B's.
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/agents/fiches/pay',
      headers: auth(tokenA),
      payload: { number: shared.number },
    });
    expect(pay.statusCode).toBeGreaterThanOrEqual(400);
    expect(pay.statusCode).toBeLessThan(500);
    expect(pay.body).not.toContain(b.company.ref_code);
    // The back office's search by number.
    const admin = await createUser(t.database, { role: 'company', companyId: a.company.id, fullAccess: true });
    const adminToken = (await login(t.app, admin.username)).accessToken;
    const list = await t.app.inject({
      url: `/api/companies/fiche?search=${shared.number}&page_size=100`,
      headers: auth(adminToken),
    });
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().results.map((f: { id: number }) => f.id);
    expect(ids).toContain(ticketA.id);
    expect(ids).not.toContain(ticketB.id);
  });

  it('gives a company created through the platform API its sequence, and deleting it removes the sequence', async () => {
    const root = await asUser(t, { role: 'superuser', fullAccess: true });
    const made = await root.call('POST', '/api/generals/compagnies', {
      name: `Numéros ${randomUUID().slice(0, 6)}`,
      country_code: 'HT',
      admin_first_name: 'Marie',
      admin_last_name: 'Joseph',
      admin_username: `admin_num_${process.pid}_${Date.now()}`,
      admin_password: 'motdepasse-123',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().id as number;
    const seq = async () =>
      (
        await t.database.raw.query('SELECT 1 FROM pg_class WHERE relkind = $1 AND relname = $2', [
          'S',
          `fiche_number_c${id}`,
        ])
      ).length;
    expect(await seq()).toBe(1);
    const agent = await createUser(t.database, { role: 'agent', companyId: id, fullAccess: true });
    const [s] = await t.database.raw.query<{ id: number }>(
      "INSERT INTO surcussales (company_id, name) VALUES ($1, 'S') RETURNING id",
      [id],
    );
    await t.database.raw.query('UPDATE users SET surcussale_id = $2 WHERE id = $1', [agent.id, s.id]);
    await t.database.raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [id, middayZone()]);
    const tirage = await createOpenTirage(t.database.raw, id);
    const f = await sell(t.database.raw, {
      companyId: id,
      agentId: agent.id,
      tirages: [tirage.id],
      lines: [{ code: 20, number: '01', stake: 100 }],
    });
    expect(f.number).toBe(10009);

    const empty = await root.call('POST', '/api/generals/compagnies', {
      name: `Vide ${randomUUID().slice(0, 6)}`,
      country_code: 'HT',
      admin_first_name: 'Jean',
      admin_last_name: 'Paul',
      admin_username: `admin_vide_${process.pid}_${Date.now()}`,
      admin_password: 'motdepasse-123',
    });
    const emptyId = empty.json().id as number;
    expect((await root.call('DELETE', '/api/generals/delete-company', { id: emptyId })).statusCode).toBe(200);
    const left = await t.database.raw.query('SELECT 1 FROM pg_class WHERE relname = $1', [`fiche_number_c${emptyId}`]);
    expect(left).toHaveLength(0);
  });

  it('starts an existing company’s sequence past the numbers it already has (the migration’s case)', async () => {
    const c = await sellingCompany(t.database, { agents: 1, tirages: 1 });
    const first = await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '05', stake: 100 }],
    });
    // As a ticket numbered by the old platform-wide sequence would be.
    await t.database.raw.query('UPDATE fiches SET number = 7654321 * 10 + $2 WHERE id = $1', [
      first.id,
      luhnDigit(7654321),
    ]);
    await t.database.raw.query(`DROP SEQUENCE fiche_number_c${c.company.id}`);
    await t.database.raw.query('SELECT borlette_create_number_seq($1)', [c.company.id]);
    const next = await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: [{ code: 20, number: '06', stake: 100 }],
    });
    expect(base(next.number)).toBe(7654322);
  });

  it('refuses a malformed number in a lookup (400), never a 500', async () => {
    expectErrorBody(await t.app.inject({ url: '/api/agents/fiche?number=abc', headers: auth(tokenA) }), 400);
  });
});
