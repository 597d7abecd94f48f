import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers';
import { multipartBody, smallPng } from '../../../test/multipart-body';

describeApi('account (« Mon compte »)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: { id: number; username: string; token: string };
  let adminB: { id: number; username: string; token: string };

  const signIn = async (u: { id: number; username: string }) => ({
    ...u,
    token: (await login(t.app, u.username)).accessToken,
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    adminA = await signIn(await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true }));
    adminB = await signIn(await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true }));
  });
  afterAll(() => t?.close());

  const put = (url: string, token: string, fields: Parameters<typeof multipartBody>[0], files = {}) => {
    const { payload, headers } = multipartBody(fields, files);
    return t.app.inject({ method: 'PUT', url, payload, headers: { ...headers, ...auth(token) } });
  };
  const putJson = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, payload, headers: auth(token) });

  describe('profile information', () => {
    it('updates names, phone and email (multipart) and answers the updated current user', async () => {
      const res = await put('/api/companies/user', adminA.token, {
        first_name: '  Jeanne ',
        last_name: 'Dupont',
        phone: '+509 3711 2233',
        email: 'jeanne@example.ht',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: adminA.id,
        first_name: 'Jeanne',
        last_name: 'Dupont',
        phone: '+509 3711 2233',
        email: 'jeanne@example.ht',
        role: 'company',
        company: { ref_code: a.ref_code },
      });
      const me = (await t.app.inject({ url: '/api/companies/user', headers: auth(adminA.token) })).json();
      expect(me).toMatchObject({ first_name: 'Jeanne', last_name: 'Dupont' });
      const account = (await t.app.inject({ url: '/api/companies/user/account', headers: auth(adminA.token) })).json();
      expect(account).toMatchObject({ phone: '+509 3711 2233', email: 'jeanne@example.ht' });
      const [row] = await t.database.raw.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
        "SELECT before, after FROM audit_log WHERE action = 'update_profile' AND user_id = $1 ORDER BY id DESC LIMIT 1",
        [adminA.id],
      );
      expect(row.before).toMatchObject({ first_name: 'Prénom', last_name: 'Nom', phone: null });
      expect(row.after).toMatchObject({ first_name: 'Jeanne', email: 'jeanne@example.ht' });
    });

    it('applies only the fields sent; an empty phone or email clears it (JSON accepted too)', async () => {
      const res = await putJson('/api/companies/user', adminA.token, { phone: '' });
      expect(res.json()).toMatchObject({ first_name: 'Jeanne', phone: null, email: 'jeanne@example.ht' });
      const res2 = await put('/api/companies/user', adminA.token, { email: '' });
      expect(res2.json()).toMatchObject({ email: null, last_name: 'Dupont' });
    });

    it('refuses each bad input on its field, in French', async () => {
      const cases: [Record<string, string>, string, RegExp][] = [
        [{ first_name: '' }, 'first_name', /prénom est requis/],
        [{ last_name: '   ' }, 'last_name', /nom est requis/],
        [{ first_name: 'x'.repeat(81) }, 'first_name', /trop long/],
        [{ email: 'pas-un-email' }, 'email', /e-mail invalide/],
        [{ phone: 'abc' }, 'phone', /téléphone invalide/],
      ];
      for (const [fields, field, message] of cases) {
        const body = expectErrorBody(await put('/api/companies/user', adminA.token, fields), 400);
        expect(body.fields?.[field]).toMatch(message);
      }
      expect(expectErrorBody(await put('/api/companies/user', adminA.token, {}), 400).message).toMatch(
        /Rien à modifier/,
      );
      expectErrorBody(await put('/api/companies/user', adminA.token, { remove_photo: 'peut-être' }), 400);
    });

    it('lets a supervisor change its own information with change_user_info, and refuses without it (403)', async () => {
      const sup = await signIn(
        await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['change_user_info'] }),
      );
      const ok = await put('/api/supervisors/user', sup.token, { first_name: 'Marie', last_name: 'Claire' });
      expect(ok.json()).toMatchObject({ id: sup.id, first_name: 'Marie', role: 'supervisor' });
      const bare = await signIn(await createUser(t.database, { role: 'supervisor', companyId: a.id }));
      const refused = expectErrorBody(await put('/api/supervisors/user', bare.token, { first_name: 'Non' }), 403);
      expect(refused.code).toBe('PERMISSION_DENIED');
      expect(refused.message).toContain('change_user_info');
      // Each role has its own address: a supervisor cannot use the company's, nor the reverse.
      expectErrorBody(await put('/api/companies/user', sup.token, { first_name: 'X' }), 403);
      expectErrorBody(await put('/api/supervisors/user', adminA.token, { first_name: 'X' }), 403);
    });

    it('the superuser has no account page (403) and nobody signed in gets 401', async () => {
      const su = await signIn(await createUser(t.database, { role: 'superuser', fullAccess: true }));
      expectErrorBody(await put('/api/companies/user', su.token, { first_name: 'X' }), 403);
      expectErrorBody(
        await t.app.inject({ method: 'PUT', url: '/api/companies/user', payload: { first_name: 'X' } }),
        401,
      );
    });

    it('only ever changes the signed-in user: an id of another company’s user is ignored', async () => {
      const res = await putJson('/api/companies/user', adminA.token, {
        id: adminB.id,
        user_id: adminB.id,
        first_name: 'Moi',
      });
      expect(res.json()).toMatchObject({ id: adminA.id, first_name: 'Moi' });
      expect(res.body).not.toContain(adminB.username);
      const other = (await t.app.inject({ url: '/api/companies/user', headers: auth(adminB.token) })).json();
      expect(other.first_name).toBe('Prénom');
    });
  });

  describe('photo and logo', () => {
    it('stores a real PNG as the user photo (resized WebP, served publicly) and can remove it', async () => {
      const png = await smallPng();
      const res = await put(
        '/api/companies/user',
        adminA.token,
        {},
        { photo: { filename: 'moi.png', data: png, contentType: 'image/png' } },
      );
      expect(res.statusCode).toBe(200);
      const photo = res.json().user_photo as string;
      expect(photo).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      const file = await t.app.inject({ url: photo });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const removed = await put('/api/companies/user', adminA.token, { remove_photo: 'true' });
      // Without a photo, a company admin shows the company logo (none yet).
      expect(removed.json().user_photo).toBeNull();
    });

    it('refuses a text file named .png (400 on the field) and changes nothing', async () => {
      const res = await put(
        '/api/companies/user',
        adminA.token,
        { first_name: 'Pas changé' },
        { photo: { filename: 'virus.png', data: Buffer.from('not an image at all'), contentType: 'image/png' } },
      );
      expect(expectErrorBody(res, 400).fields?.photo).toMatch(/Image PNG, JPEG, WebP ou GIF attendue/);
      const me = (await t.app.inject({ url: '/api/companies/user', headers: auth(adminA.token) })).json();
      expect(me.first_name).not.toBe('Pas changé');
      const unexpected = await put(
        '/api/companies/user',
        adminA.token,
        {},
        { avatar: { filename: 'a.png', data: await smallPng() } },
      );
      expect(expectErrorBody(unexpected, 400).fields?.avatar).toBeTruthy();
    });

    it('changes the company logo (company admin only), never another company’s', async () => {
      const res = await put(
        '/api/companies/user',
        adminA.token,
        {},
        { logo: { filename: 'logo.png', data: await smallPng(300, 120) } },
      );
      expect(res.statusCode).toBe(200);
      const logo = res.json().company.logo as string;
      expect(logo).toMatch(/^\/uploads\/.*\.webp$/);
      const [co] = await t.database.raw.query<{ logo: string }>('SELECT logo FROM companies WHERE id = $1', [a.id]);
      expect(co.logo).toBe(logo);
      const [coB] = await t.database.raw.query<{ logo: string | null }>('SELECT logo FROM companies WHERE id = $1', [
        b.id,
      ]);
      expect(coB.logo).toBeNull();
      const [entry] = await t.database.raw.query<{ entity_id: string; after: { logo: string } }>(
        "SELECT entity_id, after FROM audit_log WHERE action = 'change_logo' ORDER BY id DESC LIMIT 1",
      );
      expect(entry).toMatchObject({ entity_id: String(a.id), after: { logo } });
    });

    it('refuses the logo to a supervisor (403) and the photo without change_logo (403)', async () => {
      const sup = await signIn(
        await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['change_logo'] }),
      );
      const png = await smallPng();
      expectErrorBody(
        await put('/api/supervisors/user', sup.token, {}, { logo: { filename: 'l.png', data: png } }),
        403,
      );
      const ok = await put('/api/supervisors/user', sup.token, {}, { photo: { filename: 'p.png', data: png } });
      expect(ok.json().user_photo).toMatch(/^\/uploads\//);
      const noPerm = await signIn(
        await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['change_user_info'] }),
      );
      const refused = await put('/api/supervisors/user', noPerm.token, {}, { photo: { filename: 'p.png', data: png } });
      expect(expectErrorBody(refused, 403).message).toContain('change_logo');
    });
  });

  describe('password', () => {
    it('refuses a wrong current password on the field current_password', async () => {
      const res = await put('/api/companies/user', adminA.token, {
        current_password: 'wrong-one',
        new_password: 'nouveau-mdp-1',
      });
      expect(expectErrorBody(res, 400).fields).toEqual({ current_password: 'Mot de passe actuel incorrect.' });
      const [failed] = await t.database.raw.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'change_password_failed' AND user_id = $1",
        [adminA.id],
      );
      expect(failed.n).toBe(1);
    });

    it('refuses a short, missing or unchanged new password', async () => {
      const short = await put('/api/companies/user', adminA.token, {
        current_password: PASSWORD,
        new_password: 'court',
      });
      expect(expectErrorBody(short, 400).fields?.new_password).toMatch(/8 caractères/);
      const missing = await put('/api/companies/user', adminA.token, { current_password: PASSWORD });
      expect(expectErrorBody(missing, 400).fields?.new_password).toBeTruthy();
      const same = await put('/api/companies/user', adminA.token, {
        current_password: PASSWORD,
        new_password: PASSWORD,
      });
      expect(expectErrorBody(same, 400).fields?.new_password).toMatch(/différent/);
    });

    it('changes it, revokes the other sessions only, and the old password no longer signs in', async () => {
      const user = await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true });
      const current = (await login(t.app, user.username)).accessToken;
      const other = (await login(t.app, user.username)).accessToken;
      const res = await put('/api/companies/user', current, {
        current_password: PASSWORD,
        new_password: 'Nouveau-Mdp-2025',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Nouveau-Mdp-2025');
      expect((await t.app.inject({ url: '/api/companies/user', headers: auth(current) })).statusCode).toBe(200);
      expectErrorBody(await t.app.inject({ url: '/api/companies/user', headers: auth(other) }), 401);
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: user.username, password: PASSWORD },
      });
      expect(expectErrorBody(old, 401).message).toBe('Identifiants incorrects!');
      expect((await login(t.app, user.username, 'Nouveau-Mdp-2025')).accessToken).toBeTruthy();
      const rows = await t.database.raw.query<{ action: string; after: unknown }>(
        "SELECT action, after FROM audit_log WHERE user_id = $1 AND action = 'change_password'",
        [user.id],
      );
      expect(rows).toEqual([{ action: 'change_password', after: { other_sessions_revoked: 1 } }]);
      const [{ n }] = await t.database.raw.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE user_id = $1 AND (before::text LIKE '%Nouveau%' OR after::text LIKE '%Nouveau%')",
        [user.id],
      );
      expect(n).toBe(0);
    });

    it('needs no codename: a supervisor without change_password changes its own (everyone may)', async () => {
      const sup = await signIn(
        await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['change_user_info'] }),
      );
      const res = await put('/api/supervisors/user', sup.token, {
        current_password: PASSWORD,
        new_password: 'autre-mdp-99',
      });
      expect(res.statusCode).toBe(200);
      expect((await login(t.app, sup.username, 'autre-mdp-99')).accessToken).toBeTruthy();
    });

    it('stops guessing the current password after 10 wrong tries in 15 minutes (429)', async () => {
      const user = await signIn(await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true }));
      for (let i = 0; i < 10; i++) {
        expectErrorBody(
          await put('/api/companies/user', user.token, { current_password: `faux-${i}`, new_password: 'nouveau-123' }),
          400,
        );
      }
      const res = await put('/api/companies/user', user.token, {
        current_password: PASSWORD,
        new_password: 'nouveau-123',
      });
      expect(expectErrorBody(res, 429).fields?.current_password).toBeTruthy();
    });
  });
});
