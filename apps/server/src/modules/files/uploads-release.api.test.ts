import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  login,
  type TestContext,
} from '../../../test/helpers';
import { multipartBody, smallPng } from '../../../test/multipart-body';

/**
 * Issue 15, defect 10: once an image is replaced or removed (a photo, a company logo, a message
 * image, a country flag), or the record holding it deleted, its old /uploads/<uuid>.webp answers 404.
 * (Agents have no photo: the photos are the company admins' and the supervisors'.)
 */
describeApi('replaced or removed images stop being served', () => {
  let t: TestContext;
  let root: string;
  let companyId: number;
  let admin: string;
  let otherAdmin: string;
  let sup: { id: number; token: string };
  let noPerm: string;

  const token = async (u: { username: string }) => (await login(t.app, u.username)).accessToken;
  const png = (w = 40) => smallPng(w, 30);
  const file = async (w = 40) => ({ filename: 'x.png', data: await png(w), contentType: 'image/png' });
  const form = async (
    method: 'POST' | 'PUT',
    url: string,
    tok: string,
    fields: Parameters<typeof multipartBody>[0],
    files: Parameters<typeof multipartBody>[1] = {},
  ) => {
    const { payload, headers } = multipartBody(fields, files);
    const res = await t.app.inject({ method, url, payload, headers: { ...headers, ...auth(tok) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const status = async (url: string) => (await t.app.inject({ url })).statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    root = await token(await createUser(t.database, { role: 'superuser', fullAccess: true }));
    const c = await createCompany(t.database);
    companyId = c.id;
    admin = await token(await createUser(t.database, { role: 'company', companyId, fullAccess: true }));
    otherAdmin = await token(
      await createUser(t.database, {
        role: 'company',
        companyId: (await createCompany(t.database)).id,
        fullAccess: true,
      }),
    );
    const s = await createUser(t.database, { role: 'supervisor', companyId, permissions: ['change_logo'] });
    sup = { id: s.id, token: await token(s) };
    noPerm = await token(await createUser(t.database, { role: 'supervisor', companyId, permissions: [] }));
  });
  afterAll(() => t?.close());

  describe('photos (account of a company admin or a supervisor)', () => {
    it('a replaced photo answers 404, then a removed one', async () => {
      for (const [url, tok] of [
        ['/api/companies/user', admin],
        ['/api/supervisors/user', sup.token],
      ] as const) {
        const first = (await form('PUT', url, tok, {}, { photo: await file() })).user_photo as string;
        expect(await status(first)).toBe(200);
        const second = (await form('PUT', url, tok, {}, { photo: await file(50) })).user_photo as string;
        expect(second).not.toBe(first);
        expect(await status(first)).toBe(404);
        expect(await status(second)).toBe(200);
        expect((await form('PUT', url, tok, { remove_photo: 'true' })).user_photo).toBeNull();
        expect(await status(second)).toBe(404);
      }
    });

    it('a refused change (no change_logo) leaves the photo served', async () => {
      const kept = (await form('PUT', '/api/supervisors/user', sup.token, {}, { photo: await file() })).user_photo;
      // A supervisor without change_logo cannot remove it (the company admin's form needs change_supervisor).
      const { payload, headers } = multipartBody({ remove_photo: 'true' });
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/companies/supervisor',
        payload,
        headers: { ...headers, ...auth(noPerm) },
      });
      expect(refused.statusCode).toBe(403);
      expect(await status(kept)).toBe(200);
    });

    it('the supervisor form (company admin) replaces and removes the photo', async () => {
      const s = await form(
        'POST',
        '/api/companies/supervisor',
        admin,
        { first_name: 'Rose', last_name: 'Charles', username: `rose_${Date.now()}`, password: 'secret-pass-123' },
        { photo: await file() },
      );
      const base = { id: String(s.id), first_name: 'Rose', last_name: 'Charles', username: s.username };
      const replaced = await form('PUT', '/api/companies/supervisor', admin, base, { photo: await file(60) });
      expect(await status(s.photo)).toBe(404);
      await form('PUT', '/api/companies/supervisor', admin, { ...base, remove_photo: 'true' });
      expect(await status(replaced.photo)).toBe(404);
    });
  });

  it('company logo: replaced or removed from the account and from the companies form', async () => {
    const logo1 = (await form('PUT', '/api/companies/user', admin, {}, { logo: await file() })).company.logo as string;
    const logo2 = (await form('PUT', '/api/companies/user', admin, {}, { logo: await file(70) })).company
      .logo as string;
    expect(await status(logo1)).toBe(404);
    expect(await status(logo2)).toBe(200);
    await form('PUT', '/api/companies/user', admin, { remove_logo: 'true' });
    expect(await status(logo2)).toBe(404);

    const [c] = await t.database.raw.query<{ timezone: string; currency: string; name: string }>(
      'SELECT timezone, currency, name FROM companies WHERE id = $1',
      [companyId],
    );
    const base = {
      id: String(companyId),
      name: c.name,
      country_code: 'HT',
      timezone: c.timezone,
      currency: c.currency,
    };
    const a = await form('PUT', '/api/generals/compagnies', root, base, { logo: await file() });
    const b = await form('PUT', '/api/generals/compagnies', root, base, { logo: await file(80) });
    expect(await status(a.logo)).toBe(404);
    expect(await status(b.logo)).toBe(200);
    await form('PUT', '/api/generals/compagnies', root, base);
    expect(await status(b.logo)).toBe(404);
  });

  it('message image: replaced, removed, or its message deleted', async () => {
    const fields = { title: 'Promo', text: 'Bonus', audience: 'all', starts_at: '2025-01-15T09:00' };
    const m = await form('POST', '/api/companies/messages', admin, fields, { image: await file() });
    expect(await status(m.image)).toBe(200);
    const upd = { ...fields, id: String(m.id) };
    const m2 = await form('PUT', '/api/companies/messages', admin, upd, { image: await file(90) });
    expect(await status(m.image)).toBe(404);
    await form('PUT', '/api/companies/messages', admin, { ...upd, remove_image: 'true' });
    expect(await status(m2.image)).toBe(404);
    const m3 = await form('PUT', '/api/companies/messages', admin, upd, { image: await file() });
    // Another company cannot delete it (404) and the image stays served.
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/companies/messages',
      headers: auth(otherAdmin),
      payload: { id: m.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await status(m3.image)).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/companies/messages',
      headers: auth(admin),
      payload: { id: m.id },
    });
    expect(del.statusCode).toBe(200);
    expect(await status(m3.image)).toBe(404);
  });

  it('country flag: replaced by a file or an emoji, or its country deleted', async () => {
    const country = { name_code: 'JM', name: 'Jamaïque', currency: 'JMD', timezone: 'America/Jamaica' };
    const c = await form('POST', '/api/generals/countries', root, country, { flag: await file() });
    const upd = { ...country, id: String(c.id) };
    const c2 = await form('PUT', '/api/generals/countries', root, upd, { flag: await file(33) });
    expect(await status(c.flag)).toBe(404);
    await form('PUT', '/api/generals/countries', root, { ...upd, flag: '🇯🇲' });
    expect(await status(c2.flag)).toBe(404);
    const c3 = await form('PUT', '/api/generals/countries', root, upd, { flag: await file() });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/generals/delete-country',
      headers: auth(root),
      payload: { id: c.id },
    });
    expect(del.statusCode).toBe(200);
    expect(await status(c3.flag)).toBe(404);
  });

  it('a file another record still names is kept (no tenant can free another’s image)', async () => {
    const logo = (await form('PUT', '/api/companies/user', admin, {}, { logo: await file() })).company.logo as string;
    // Whatever put it there (a copy, a restore), a second record names the same file.
    await t.database.raw.query(
      "UPDATE users SET photo = $1 WHERE id = (SELECT id FROM users WHERE role = 'superuser' LIMIT 1)",
      [logo],
    );
    await form('PUT', '/api/companies/user', admin, { remove_logo: 'true' });
    expect(await status(logo)).toBe(200);
  });
});
