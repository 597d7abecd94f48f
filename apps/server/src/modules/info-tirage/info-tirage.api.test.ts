import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenTirage, type SellingCompany, sell, sellingCompany } from '../../../test/engine-fixtures';
import {
  asUser,
  callAs,
  createCompany,
  createTestApp,
  describeApi,
  expectErrorBody,
  type TestContext,
  type UserOptions,
} from '../../../test/helpers';

/** docs/domain.md's worked ticket: stake 25 HTG, with results 123 / 4567 it wins 8100 HTG. */
const WORKED = [
  { code: 20, number: '23', stake: 1000 },
  { code: 20, number: '45', stake: 500 },
  { code: 20, number: '99', stake: 500 },
  { code: 40, number: '23*67', stake: 200 },
  { code: 30, number: '123', stake: 100 },
  { code: 41, number: '4567', stake: 100 },
  { code: 42, number: '4567', stake: 100 },
];

describeApi('results of a company draw (info-tirage)', () => {
  let t: TestContext;
  let c: SellingCompany;
  let admin: string;
  let viewerSup: string;
  let noneSup: string;
  let adminB: string;
  let bResult: number;
  let ficheId: number;
  let resultId: number;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;
  const ficheStatus = async (id: number) => {
    const [row] = await t.database.raw.query<{ f: { status: string; win_amount: number } }>(
      'SELECT borlette_fiche_json($1) AS f',
      [id],
    );
    return row.f;
  };
  const versions = async () =>
    t.database.raw.query<{ version: number; pick3: string | null }>(
      'SELECT version, pick3 FROM info_tirage_versions WHERE company_id = $1 AND tirage_id = $2 ORDER BY id',
      [c.company.id, c.tirages[0].id],
    );

  beforeAll(async () => {
    t = await createTestApp();
    c = await sellingCompany(t.database);
    admin = await token({ role: 'company', companyId: c.company.id, fullAccess: true });
    viewerSup = await token({ role: 'supervisor', companyId: c.company.id, permissions: ['view_infotirage'] });
    noneSup = await token({ role: 'supervisor', companyId: c.company.id, permissions: [] });
    const b = await createCompany(t.database, { name: 'Compagnie Secrète' });
    adminB = await token({ role: 'company', companyId: b.id, fullAccess: true });
    const bt = await createOpenTirage(t.database.raw, b.id, 'Secret B');
    const res = await callAs(t, 'POST', '/api/companies/info-tirage', adminB, {
      tirage_id: bt.id,
      draw_date: '2024-05-02',
      pick3: '888',
      pick4: '8888',
    });
    bResult = res.json().result.id;
    const f = await sell(t.database.raw, {
      companyId: c.company.id,
      agentId: c.agents[0].id,
      tirages: [c.tirages[0].id],
      lines: WORKED,
    });
    ficheId = f.id;
  });
  afterAll(() => t?.close());

  it('enters a result, derives the lots and settles the worked ticket of docs/domain.md (8100 HTG)', async () => {
    expect((await ficheStatus(ficheId)).status).toBe('en_attente');
    const res = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: c.tirages[0].id,
      draw_date: c.today,
      pick3: '123',
      pick4: '4567',
    });
    expect(res.statusCode).toBe(200);
    const { result, settlement } = res.json();
    resultId = result.id;
    expect(result).toMatchObject({
      tirage_id: c.tirages[0].id,
      tirage_name: c.tirages[0].name,
      draw_date: c.today,
      version: 1,
      origin: 'manual',
      tickets: 1,
      winners: 1,
      win_amount: 810000,
      paid: 0,
      lots: {
        lot1: '23',
        lot2: '45',
        lot3: '67',
        loto3: '123',
        options: { 41: '4567', 42: '2345', 43: '2367', 51: '12345', 52: '12367', 53: '34567' },
      },
    });
    expect(result.settled_at).toMatch(/Z$/);
    expect(settlement).toEqual({ tickets: 1, winners: 1, win_amount: 810000, changed_lines: 5, reversed: 0 });
    expect(await ficheStatus(ficheId)).toMatchObject({ status: 'gagnant', win_amount: 810000 });
    expect(await versions()).toEqual([{ version: 1, pick3: '123' }]);
    const [log] = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'info_tirage' AND entity_id = $1",
      [String(resultId)],
    );
    expect(log.action).toBe('create');

    const again = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: c.tirages[0].id,
      draw_date: c.today,
      pick3: '999',
      pick4: '9999',
    });
    expect(expectErrorBody(again, 409).message).toMatch(/utilisez la correction/);
  });

  it('a correction is a new version that re-settles; the same numbers again change nothing', async () => {
    const res = await callAs(t, 'PUT', '/api/companies/info-tirage', admin, {
      id: resultId,
      pick3: '999',
      pick4: '2399',
      reason: 'Erreur de saisie',
    });
    expect(res.statusCode).toBe(200);
    // bolet 23 ×10 on lot2 (20) = 200 HTG; bolet 99 ×5 on lot1 (50) and lot3 (10) = 300 HTG.
    expect(res.json().result).toMatchObject({
      version: 2,
      pick3: '999',
      win_amount: 50000,
      lots: { lot1: '99', lot2: '23' },
    });
    expect(res.json().settlement).toMatchObject({ tickets: 1, winners: 1, win_amount: 50000 });
    expect((await ficheStatus(ficheId)).win_amount).toBe(50000);
    const same = await callAs(t, 'PUT', '/api/companies/info-tirage', admin, {
      id: resultId,
      pick3: '999',
      pick4: '2399',
    });
    expect(same.json().result.version).toBe(2);
    expect(same.json().settlement).toEqual({
      tickets: 1,
      winners: 1,
      win_amount: 50000,
      changed_lines: 0,
      reversed: 0,
    });
    expect((await versions()).map((v) => v.version)).toEqual([1, 2]);
    const [reason] = await t.database.raw.query<{ reason: string }>(
      'SELECT reason FROM info_tirage_versions WHERE company_id = $1 AND version = 2',
      [c.company.id],
    );
    expect(reason.reason).toBe('Erreur de saisie');
  });

  it('a correction that changes a paid ticket is refused without confirm (nothing written), reverses the payment with it', async () => {
    await t.database.raw.query(
      'UPDATE fiches SET paid_at = now(), paid_amount = win_amount, paid_by = agent_id WHERE id = $1',
      [ficheId],
    );
    await t.database.raw.query(
      `INSERT INTO fiche_payments (company_id, fiche_id, kind, amount, actor_id, agent_id)
       SELECT company_id, id, 'payment', win_amount, agent_id, agent_id FROM fiches WHERE id = $1`,
      [ficheId],
    );
    const refused = await callAs(t, 'PUT', '/api/companies/info-tirage', admin, {
      id: resultId,
      pick3: '123',
      pick4: '4567',
    });
    const body = expectErrorBody(refused, 409);
    expect(body.code).toBe('PAID_TICKETS');
    expect(body.message).toMatch(/1 fiche\(s\) déjà payée\(s\)/);
    expect((await callAs(t, 'GET', `/api/companies/info-tirage?id=${resultId}`, admin)).json()).toMatchObject({
      version: 2,
      pick3: '999',
      paid: 1,
    });
    expect((await versions()).length).toBe(2);
    expect(await ficheStatus(ficheId)).toMatchObject({ status: 'paye', win_amount: 50000 });

    const confirmed = await callAs(t, 'PUT', '/api/companies/info-tirage', admin, {
      id: resultId,
      pick3: '123',
      pick4: '4567',
      confirm: true,
    });
    expect(confirmed.json().settlement).toMatchObject({ win_amount: 810000, reversed: 1 });
    expect(confirmed.json().result).toMatchObject({ version: 3, paid: 0 });
    expect(await ficheStatus(ficheId)).toMatchObject({ status: 'gagnant', win_amount: 810000 });
    const payments = await t.database.raw.query<{ kind: string; amount: number }>(
      'SELECT kind, amount FROM fiche_payments WHERE fiche_id = $1 ORDER BY id',
      [ficheId],
    );
    expect(payments).toEqual([
      { kind: 'payment', amount: 50000 },
      { kind: 'reversal', amount: -50000 },
    ]);
  });

  it('withdrawing the result puts the tickets back « en attente »; a new entry continues the versions', async () => {
    const res = await callAs(t, 'DELETE', `/api/companies/info-tirage?id=${resultId}&confirm=false`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: null,
      settlement: { tickets: 1, winners: 0, win_amount: 0, changed_lines: 5, reversed: 0 },
    });
    expect(await ficheStatus(ficheId)).toMatchObject({ status: 'en_attente', win_amount: 0 });
    expectErrorBody(await callAs(t, 'GET', `/api/companies/info-tirage?id=${resultId}`, admin), 404);
    expect((await versions()).at(-1)).toEqual({ version: 4, pick3: null });
    const again = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: c.tirages[0].id,
      draw_date: c.today,
      pick3: '123',
      pick4: '4567',
    });
    expect(again.json().result).toMatchObject({ version: 5, win_amount: 810000 });
    resultId = again.json().result.id;
  });

  it('refuses a result before the official time (in the company’s zone), in the future, or bad input', async () => {
    const [late] = await t.database.raw.query<{ id: number }>(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time)
       VALUES ($1, 'Tard le soir', '{0,1,2,3,4,5,6}', '00:00', '23:59') RETURNING id`,
      [c.company.id],
    );
    const early = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: late.id,
      draw_date: c.today,
      pick3: '123',
      pick4: '4567',
    });
    const body = expectErrorBody(early, 409);
    expect(body.code).toBe('TOO_EARLY');
    expect(body.message).toMatch(/« Tard le soir » .* a lieu à 23:59 \(heure de la compagnie\)/);
    const future = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: c.tirages[0].id,
      draw_date: '2099-01-01',
      pick3: '123',
      pick4: '4567',
    });
    expect(expectErrorBody(future, 400).fields?.draw_date).toBe('La date du tirage ne peut pas être dans le futur.');
    const bad = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: c.tirages[0].id,
      draw_date: '2024-02-30',
      pick3: '12',
      pick4: 'abcd',
    });
    const fields = expectErrorBody(bad, 400).fields;
    expect(fields?.pick3).toBe('Le Pick 3 doit avoir exactement 3 chiffres');
    expect(fields?.pick4).toBe('Le Pick 4 doit avoir exactement 4 chiffres');
    expect(fields?.draw_date).toBe('La date du tirage invalide (AAAA-MM-JJ)');
    expect(
      expectErrorBody(
        await callAs(t, 'PUT', '/api/companies/info-tirage', admin, { id: resultId, pick3: '1234', pick4: '1' }),
        400,
      ).fields?.pick3,
    ).toBeTruthy();
    const [{ n }] = await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM info_tirages WHERE company_id = $1 AND tirage_id = $2',
      [c.company.id, late.id],
    );
    expect(n).toBe(0);
  });

  it('lists results with filters and the ticket totals; CSV', async () => {
    const list = (await callAs(t, 'GET', `/api/companies/info-tirage?tirage_id=${c.tirages[0].id}`, viewerSup)).json();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ id: resultId, tickets: 1, winners: 1, win_amount: 810000 });
    const period = (
      await callAs(t, 'GET', `/api/companies/info-tirage?start_date=2024-01-01&end_date=2024-12-31`, admin)
    ).json();
    expect(period.count).toBe(0);
    const byDate = (
      await callAs(t, 'GET', `/api/companies/info-tirage?start_date=${c.today}&sort=tirage`, admin)
    ).json();
    expect(byDate.results.map((r: { id: number }) => r.id)).toContain(resultId);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/info-tirage?sort=pick9', admin), 400);
    const csv = await callAs(t, 'GET', '/api/companies/info-tirage?format=csv', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('8100,00');
  });

  it('refuses a supervisor without the codename (403)', async () => {
    expectErrorBody(await callAs(t, 'GET', '/api/companies/info-tirage', noneSup), 403);
    const payload = { tirage_id: c.tirages[0].id, draw_date: c.today, pick3: '123', pick4: '4567' };
    expect(expectErrorBody(await callAs(t, 'POST', '/api/companies/info-tirage', viewerSup, payload), 403).code).toBe(
      'PERMISSION_DENIED',
    );
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/info-tirage', viewerSup, { id: resultId, pick3: '111', pick4: '1111' }),
      403,
    );
    expectErrorBody(await callAs(t, 'DELETE', `/api/companies/info-tirage?id=${resultId}`, viewerSup), 403);
    expect((await callAs(t, 'GET', `/api/companies/info-tirage?id=${resultId}`, admin)).json().pick3).toBe('123');
  });

  it('never shows or changes another company’s result or draw (404, no data)', async () => {
    const read = await callAs(t, 'GET', `/api/companies/info-tirage?id=${bResult}`, admin);
    expectErrorBody(read, 404);
    expect(read.body).not.toContain('Secret B');
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/info-tirage', admin, { id: bResult, pick3: '111', pick4: '1111' }),
      404,
    );
    expectErrorBody(
      await callAs(t, 'DELETE', '/api/companies/info-tirage', admin, { id: bResult, confirm: true }),
      404,
    );
    const [bt] = await t.database.raw.query<{ tirage_id: number }>('SELECT tirage_id FROM info_tirages WHERE id = $1', [
      bResult,
    ]);
    const onB = await callAs(t, 'POST', '/api/companies/info-tirage', admin, {
      tirage_id: bt.tirage_id,
      draw_date: '2024-05-03',
      pick3: '111',
      pick4: '1111',
    });
    expectErrorBody(onB, 404);
    expect((await callAs(t, 'GET', '/api/companies/info-tirage?page_size=100', admin)).body).not.toContain('Secret B');
    expect((await callAs(t, 'GET', `/api/companies/info-tirage?id=${bResult}`, adminB)).json().pick3).toBe('888');
  });

  it('a superuser with « Toutes » reads every company’s results but cannot write', async () => {
    const root = await token({ role: 'superuser', fullAccess: true });
    const list = (await callAs(t, 'GET', '/api/companies/info-tirage?page_size=100', root)).json();
    expect(list.results.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([resultId, bResult]));
    const write = await callAs(t, 'PUT', '/api/companies/info-tirage', root, {
      id: resultId,
      pick3: '111',
      pick4: '1111',
    });
    expect(expectErrorBody(write, 409).code).toBe('COMPANY_REQUIRED');
  });
});
