import { afterAll, beforeAll, expect, it } from 'vitest';
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

const DEFAULTS = {
  bolet_1: 50,
  bolet_2: 20,
  bolet_3: 10,
  mariage: 1000,
  loto3: 500,
  loto4_o1: 5000,
  loto4_o2: 5000,
  loto4_o3: 5000,
  loto5_o1: 25000,
  loto5_o2: 25000,
  loto5_o3: 25000,
};

describeApi('general primes (prime, prime/list)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let viewerSup: string;
  let noneSup: string;
  let root: string;

  const token = async (opts: UserOptions) => (await asUser(t, opts)).token;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database, { name: 'Alpha Primes' });
    b = await createCompany(t.database, { name: 'Bravo Primes' });
    adminA = await token({ role: 'company', companyId: a.id, fullAccess: true });
    adminB = await token({ role: 'company', companyId: b.id, fullAccess: true });
    viewerSup = await token({ role: 'supervisor', companyId: a.id, permissions: ['view_tauxtirage'] });
    noneSup = await token({ role: 'supervisor', companyId: a.id, permissions: [] });
    root = await token({ role: 'superuser', fullAccess: true });
  });
  afterAll(() => t?.close());

  it('reads the company’s general primes with the payout settings', async () => {
    const res = await callAs(t, 'GET', '/api/companies/prime', viewerSup);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...DEFAULTS,
      company_id: a.id,
      company_name: 'Alpha Primes',
      free_mariage_amount: 100000,
      bolet_cumulative: true,
    });
    expect(res.json().updated_at).toMatch(/Z$/);
  });

  it('updates the primes and both settings in one write, audited', async () => {
    const res = await callAs(t, 'PUT', '/api/companies/prime', adminA, {
      ...DEFAULTS,
      bolet_1: 60,
      free_mariage_amount: 50000,
      bolet_cumulative: false,
    });
    expect(res.json()).toMatchObject({ bolet_1: 60, bolet_2: 20, free_mariage_amount: 50000, bolet_cumulative: false });
    const [s] = await t.database.raw.query<{ free_mariage_amount: number; bolet_cumulative: boolean }>(
      'SELECT free_mariage_amount, bolet_cumulative FROM company_settings WHERE company_id = $1',
      [a.id],
    );
    expect(s).toEqual({ free_mariage_amount: 50000, bolet_cumulative: false });
    const [log] = await t.database.raw.query<{ before: { bolet_1: number }; after: { bolet_1: number } }>(
      "SELECT before, after FROM audit_log WHERE entity = 'prime_general' AND company_id = $1",
      [a.id],
    );
    expect([log.before.bolet_1, log.after.bolet_1]).toEqual([50, 60]);
  });

  it('refuses bad input with French messages and writes nothing', async () => {
    const res = await callAs(t, 'PUT', '/api/companies/prime', adminA, {
      ...DEFAULTS,
      bolet_1: -1,
      mariage: 'beaucoup',
      free_mariage_amount: 10.5,
    });
    const body = expectErrorBody(res, 400);
    expect(body.fields?.bolet_1).toBe('La prime ne peut pas être négative');
    expect(body.fields?.free_mariage_amount).toMatch(/centimes/);
    expect(
      expectErrorBody(await callAs(t, 'PUT', '/api/companies/prime', adminA, { bolet_1: 50 }), 400).fields?.bolet_2,
    ).toBeTruthy();
    expect((await callAs(t, 'GET', '/api/companies/prime', adminA)).json().bolet_1).toBe(60);
  });

  it('refuses a supervisor without the codename (403)', async () => {
    expectErrorBody(await callAs(t, 'GET', '/api/companies/prime', noneSup), 403);
    expectErrorBody(
      await callAs(t, 'PUT', '/api/companies/prime', viewerSup, {
        ...DEFAULTS,
        free_mariage_amount: 1,
        bolet_cumulative: true,
      }),
      403,
    );
    // The list of every company is the superuser's.
    expectErrorBody(await callAs(t, 'GET', '/api/companies/prime/list', adminA), 403);
  });

  it('never shows or changes another company’s primes (404)', async () => {
    await callAs(t, 'PUT', '/api/companies/prime', adminB, {
      ...DEFAULTS,
      bolet_1: 77,
      free_mariage_amount: 1,
      bolet_cumulative: true,
    });
    const read = await callAs(t, 'GET', `/api/companies/prime?company_id=${b.id}`, adminA);
    expectErrorBody(read, 404);
    expect(read.body).not.toContain('Bravo');
    const write = await callAs(t, 'PUT', '/api/companies/prime', adminA, {
      ...DEFAULTS,
      company_id: b.id,
      free_mariage_amount: 1,
      bolet_cumulative: true,
    });
    expectErrorBody(write, 404);
    expect((await callAs(t, 'GET', '/api/companies/prime', adminB)).json().bolet_1).toBe(77);
  });

  it('the superuser lists every company’s primes (by selected country) and edits one by company_id', async () => {
    const list = (await callAs(t, 'GET', '/api/companies/prime/list?search=primes&sort=company_name', root)).json();
    expect(list.results.map((r: { company_name: string }) => r.company_name)).toEqual(['Alpha Primes', 'Bravo Primes']);
    expect(list.results[1].bolet_1).toBe(77);
    const csv = await callAs(t, 'GET', '/api/companies/prime/list?search=primes&format=csv', root);
    expect(csv.body).toContain('Bravo Primes');
    // « Toutes » without company_id: which company?
    expect(expectErrorBody(await callAs(t, 'GET', '/api/companies/prime', root), 400).fields?.company_id).toBeTruthy();
    expect((await callAs(t, 'GET', `/api/companies/prime?company_id=${b.id}`, root)).json().company_name).toBe(
      'Bravo Primes',
    );
    const put = await callAs(t, 'PUT', '/api/companies/prime', root, {
      ...DEFAULTS,
      company_id: b.id,
      loto3: 600,
      free_mariage_amount: 1,
      bolet_cumulative: true,
    });
    expect(put.json()).toMatchObject({ company_id: b.id, loto3: 600 });
    expectErrorBody(await callAs(t, 'GET', '/api/companies/prime?company_id=999999', root), 404);
    await callAs(t, 'POST', '/api/generals/country', root, { country_code: 'DO' });
    const other = (await callAs(t, 'GET', '/api/companies/prime/list?search=primes', root)).json();
    expect(other.count).toBe(0);
    await callAs(t, 'POST', '/api/generals/country', root, { country_code: 'ALL' });
    await callAs(t, 'POST', '/api/generals/company', root, { ref_code: a.ref_code });
    expect((await callAs(t, 'GET', '/api/companies/prime', root)).json().company_name).toBe('Alpha Primes');
  });
});
