import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SellingCompany, sellingCompany } from '../../../test/engine-fixtures';
import {
  auth,
  createTestApp,
  createUser,
  describeApi,
  getCompanies,
  login,
  type TestContext,
} from '../../../test/helpers';

/** Issue 16: the statistics' bolet grid marks the balls the sale refuses (blocage-boule). */
describeApi('statistics: blocked balls on the bolet grid', () => {
  let t: TestContext;
  let co: SellingCompany;
  let other: SellingCompany;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    co = await sellingCompany(t.database, { tirages: 2 });
    other = await sellingCompany(t.database);
    const [d1, d2] = co.tirages.map((x) => x.id);
    // 07 on every draw; 08 on draw 1 only; 09 lifted; 10*11 a mariage (not a ball); 07 of another company.
    await t.database.raw.query(
      `INSERT INTO boule_blocks (company_id, tirage_id, number, active) VALUES
         ($1, NULL, '07', true), ($1, $2, '08', true), ($1, NULL, '09', false), ($1, NULL, '10*11', true),
         ($1, $3, '12', true), ($4, NULL, '13', true)`,
      [co.company.id, d1, d2, other.company.id],
    );
    const u = await createUser(t.database, { role: 'company', companyId: co.company.id, fullAccess: true });
    admin = (await login(t.app, u.username)).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  const grid = async (q: Record<string, number | undefined> = {}) => {
    const s = await getCompanies(t.app, admin, 'statistiques', { start_date: co.today, ...q });
    return Object.fromEntries(
      (s.bolet as { number: string; blocked: string | null }[])
        .filter((b) => b.blocked)
        .map((b) => [b.number, b.blocked]),
    );
  };

  it('marks a ball blocked on every draw, on some draws, and not a lifted block nor another company’s', async () => {
    expect(await grid()).toEqual({ '07': 'all', '08': 'some', '12': 'some' });
  });

  it('marks, for one draw, the balls that draw refuses', async () => {
    const [d1, d2] = co.tirages.map((x) => x.id);
    expect(await grid({ tirage_id: d1 })).toEqual({ '07': 'all', '08': 'all' });
    expect(await grid({ tirage_id: d2 })).toEqual({ '07': 'all', '12': 'all' });
  });

  it('gives a supervisor the same marks', async () => {
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: co.company.id,
      permissions: ['view_statistique'],
    });
    const token = (await login(t.app, sup.username)).accessToken;
    const res = await t.app.inject({
      url: `/api/companies/statistiques?start_date=${co.today}`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    const marks = res.json().bolet.filter((b: { blocked: string | null }) => b.blocked);
    expect(marks.map((b: { number: string }) => b.number)).toEqual(['07', '08', '12']);
  });
});
