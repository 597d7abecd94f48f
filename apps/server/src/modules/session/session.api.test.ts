import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  auth,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

describeApi('superuser selection of company and country', () => {
  let t: TestContext;
  let token: string;
  let ht: { id: number; ref_code: string };
  let fr: { id: number; ref_code: string };
  beforeAll(async () => {
    t = await createTestApp();
    ht = await createCompany(t.database, { name: 'Alpha Haïti', country: 'HT' });
    fr = await createCompany(t.database, { name: 'Beta France', country: 'FR' });
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    token = (await login(t.app, su.username)).accessToken;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, tok = token) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(tok) });

  it('selects a company, then all, and the current user reflects it', async () => {
    const res = await post('/api/generals/company', { ref_code: ht.ref_code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      select_company: ht.ref_code,
      companyname: 'Alpha Haïti',
      company: { ref_code: ht.ref_code },
    });
    const me = await t.app.inject({ url: '/api/generals/user', headers: auth(token) });
    expect(me.json().select_company).toBe(ht.ref_code);
    const all = await post('/api/generals/company', { ref_code: 'all' });
    expect(all.json()).toMatchObject({ select_company: 'all', company: null });
  });

  it('refuses an unknown company and an empty selection', async () => {
    expect(expectErrorBody(await post('/api/generals/company', { ref_code: 'NOPE' }), 400).fields).toEqual({
      ref_code: 'Compagnie introuvable.',
    });
    expect(expectErrorBody(await post('/api/generals/company', {}), 400).fields?.ref_code).toBe(
      'La compagnie est requise',
    );
  });

  it('filters the company selector by the selected country, and clears a company outside it', async () => {
    await post('/api/generals/company', { ref_code: fr.ref_code });
    const sel = await post('/api/generals/country', { country_code: 'ht' });
    expect(sel.statusCode).toBe(200);
    expect(sel.json()).toMatchObject({ select_country_code: 'HT', select_company: 'all' });
    const list = await t.app.inject({ url: '/api/generals/simple-compagnies', headers: auth(token) });
    const refs = list.json().map((c: { ref_code: string }) => c.ref_code);
    expect(refs).toContain(ht.ref_code);
    expect(refs).not.toContain(fr.ref_code);
    expect(list.json()[0]).toEqual({ ref_code: expect.any(String), companyname: expect.any(String), user_photo: null });

    const back = await post('/api/generals/country', { country_code: 'ALL' });
    expect(back.json().select_country_code).toBeNull();
    const all = await t.app.inject({ url: '/api/generals/simple-compagnies', headers: auth(token) });
    expect(all.json().map((c: { ref_code: string }) => c.ref_code)).toEqual(
      expect.arrayContaining([ht.ref_code, fr.ref_code]),
    );
    expectErrorBody(await post('/api/generals/country', { country_code: 'ZZ' }), 400);
  });

  it('lists the countries for the switcher', async () => {
    const res = await t.app.inject({ url: '/api/generals/countries', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([{ name_code: 'HT', name: 'Haïti', flag: '🇭🇹' }]));
  });

  it('refuses the selection calls to a company admin (403) and to nobody signed in (401)', async () => {
    const admin = await createUser(t.database, { role: 'company', companyId: ht.id, fullAccess: true });
    const adminToken = (await login(t.app, admin.username)).accessToken;
    expectErrorBody(await post('/api/generals/company', { ref_code: fr.ref_code }, adminToken), 403);
    expectErrorBody(await post('/api/generals/country', { country_code: 'FR' }, adminToken), 403);
    expectErrorBody(await t.app.inject({ url: '/api/generals/simple-compagnies', headers: auth(adminToken) }), 403);
    expectErrorBody(
      await t.app.inject({ method: 'POST', url: '/api/generals/company', payload: { ref_code: 'all' } }),
      401,
    );
  });

  it('a platform staff member without view_company cannot list companies (permission enforced by the server)', async () => {
    const staff = await createUser(t.database, { role: 'superuser', permissions: ['view_country'] });
    const staffToken = (await login(t.app, staff.username)).accessToken;
    const res = await t.app.inject({ url: '/api/generals/simple-compagnies', headers: auth(staffToken) });
    expect(expectErrorBody(res, 403).code).toBe('PERMISSION_DENIED');
    expect((await t.app.inject({ url: '/api/generals/countries', headers: auth(staffToken) })).statusCode).toBe(200);
  });

  it('records selections in the audit trail with before and after', async () => {
    await post('/api/generals/company', { ref_code: ht.ref_code });
    const [row] = await t.database.raw.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'select_company' ORDER BY id DESC LIMIT 1",
    );
    expect(row.after).toEqual({ select_company: ht.ref_code });
  });
});

describeApi('supervisor permissions are what the company granted, nothing more', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('drops platform codenames a supervisor row might carry', async () => {
    const c = await createCompany(t.database);
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: c.id,
      permissions: ['view_agent', 'add_company'],
    });
    const { user } = await login(t.app, sup.username);
    expect(user.perms).toEqual([{ codename: 'view_agent' }]);
    expect(user.select_company).toBe(c.ref_code);
  });
});
