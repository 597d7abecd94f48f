import { GRANTABLE_PERMISSIONS } from '@borlette/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  asUser,
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';

const BASE = '/api/generals/generales';

describeApi('generals (platform staff accounts)', () => {
  let t: TestContext;
  let root: string;
  /** A general who may manage generals but holds only a few codenames. */
  let manager: { id: number; username: string; token: string };
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp();
    root = (await asUser(t, { role: 'superuser', fullAccess: true })).token;
    const m = await createUser(t.database, {
      role: 'superuser',
      permissions: ['view_generale', 'add_generale', 'change_generale', 'view_company', 'view_country'],
    });
    manager = { ...m, token: (await login(t.app, m.username)).accessToken };
    viewer = (await asUser(t, { role: 'superuser', permissions: ['view_generale'] })).token;
  });
  afterAll(() => t?.close());

  let n = 0;
  const newGenerale = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Rose',
    last_name: 'Michel',
    username: `gen_${++n}_${process.pid}`,
    password: 'motdepasse-123',
    permissions: ['view_company', 'view_country'],
    ...extra,
  });

  it('creates a general who signs in with exactly the permissions granted; reads, updates, lists', async () => {
    const input = newGenerale({ email: 'Rose@Plateforme.ht', phone: '+509 3400 0000' });
    const res = await callAs(t, 'POST', BASE, root, input);
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({
      username: input.username,
      first_name: 'Rose',
      email: 'rose@plateforme.ht',
      status: 'active',
      permissions: ['view_company', 'view_country'],
      last_login_at: null,
    });
    expect(JSON.stringify(g)).not.toMatch(/password|motdepasse|scrypt/);
    const [stored] = await t.database.raw.query<{ role: string; full_access: boolean; password_hash: string }>(
      'SELECT role, full_access, password_hash FROM users WHERE id = $1',
      [g.id],
    );
    expect(stored).toMatchObject({ role: 'superuser', full_access: false });
    expect(stored.password_hash).toMatch(/^scrypt\$/);

    const session = await login(t.app, input.username, input.password);
    expect(session.role).toBe('superuser');
    const me = (await callAs(t, 'GET', '/api/generals/user', session.accessToken)).json();
    expect(me.perms.map((p: { codename: string }) => p.codename).sort()).toEqual(['view_company', 'view_country']);
    expect((await callAs(t, 'GET', '/api/generals/compagnies', session.accessToken)).statusCode).toBe(200);
    expectErrorBody(await callAs(t, 'GET', BASE, session.accessToken), 403);

    const read = (await callAs(t, 'GET', `${BASE}?id=${g.id}`, viewer)).json();
    expect(read.last_login_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const updated = await callAs(t, 'PUT', BASE, root, {
      id: g.id,
      first_name: 'Rosa',
      last_name: 'Michel',
      username: input.username,
      permissions: ['view_country', 'add_country', 'view_country'],
    });
    expect(updated.json()).toMatchObject({
      first_name: 'Rosa',
      email: null,
      permissions: ['add_country', 'view_country'],
    });
    // The new permissions apply to its open session at once.
    expectErrorBody(await callAs(t, 'GET', '/api/generals/compagnies', session.accessToken), 403);

    const list = (await callAs(t, 'GET', `${BASE}?search=rosa`, viewer)).json();
    expect(list).toMatchObject({ count: 1, page: 1, page_size: 25 });
    expect(list.results[0].id).toBe(g.id);
    const actions = await t.database.raw.query<{ action: string; after: Record<string, unknown> | null }>(
      "SELECT action, after FROM audit_log WHERE entity = 'generale' AND entity_id = $1 ORDER BY id",
      [String(g.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'update']);
    expect(actions[0].after?.password).toBe('[masqué]');
  });

  it('refuses bad input with French messages per field, and a taken username on the username field', async () => {
    const bad = await callAs(t, 'POST', BASE, root, {
      first_name: '',
      username: 'x',
      password: 'court',
      email: 'nope',
      permissions: ['view_company', 'pos_sell', 'drop_tables'],
    });
    const body = expectErrorBody(bad, 400);
    expect(body.fields).toMatchObject({
      first_name: 'Le prénom est requis',
      last_name: 'Le nom est requis',
      username: 'Le nom d’utilisateur doit compter 3 caractères au moins',
      password: 'Le mot de passe doit compter 8 caractères au moins',
      email: 'Adresse e-mail invalide',
      'permissions.1': 'Permission inconnue : pos_sell',
      'permissions.2': 'Permission inconnue : drop_tables',
    });
    const company = await createCompany(t.database);
    const agent = await createUser(t.database, { role: 'company', companyId: company.id });
    const dup = await callAs(t, 'POST', BASE, root, newGenerale({ username: agent.username.toUpperCase() }));
    expect(expectErrorBody(dup, 409).fields).toEqual({ username: 'Ce nom d’utilisateur est déjà pris.' });
    expectErrorBody(await callAs(t, 'PUT', BASE, root, { ...newGenerale(), id: 'abc' }), 400);
  });

  it('a general grants only what it holds, and cannot act on an account holding more', async () => {
    const tooMuch = await callAs(
      t,
      'POST',
      BASE,
      manager.token,
      newGenerale({ permissions: ['view_company', 'add_company'] }),
    );
    const body = expectErrorBody(tooMuch, 403);
    expect(body.message).toBe('Vous ne pouvez pas accorder une permission que vous n’avez pas : add_company.');
    expect(body.fields?.permissions).toBeTruthy();
    const ok = await callAs(t, 'POST', BASE, manager.token, newGenerale({ permissions: ['view_company'] }));
    expect(ok.json().permissions).toEqual(['view_company']);

    const strong = (
      await callAs(t, 'POST', BASE, root, newGenerale({ permissions: ['view_company', 'add_company'] }))
    ).json();
    const update = { ...newGenerale(), id: strong.id, username: strong.username, permissions: ['view_company'] };
    delete (update as { password?: string }).password;
    expectErrorBody(await callAs(t, 'PUT', BASE, manager.token, update), 403);
    expectErrorBody(
      await callAs(t, 'POST', `${BASE}/password`, manager.token, { id: strong.id, password: 'prise-de-controle' }),
      403,
    );
    expectErrorBody(await callAs(t, 'POST', `${BASE}/block`, manager.token, { id: strong.id, blocked: true }), 403);
    expectErrorBody(await callAs(t, 'DELETE', BASE, manager.token, { id: strong.id }), 403);
    // The strong account is untouched.
    expect((await callAs(t, 'GET', `${BASE}?id=${strong.id}`, root)).json()).toMatchObject({
      status: 'active',
      permissions: ['add_company', 'view_company'],
    });
  });

  it('nobody blocks or archives themselves; the root accounts are not managed here', async () => {
    const self = await callAs(t, 'POST', `${BASE}/block`, manager.token, { id: manager.id, blocked: true });
    expect(expectErrorBody(self, 403).message).toBe('Vous ne pouvez pas bloquer votre propre compte.');
    expect(expectErrorBody(await callAs(t, 'DELETE', BASE, manager.token, { id: manager.id }), 403).message).toBe(
      'Vous ne pouvez pas archiver votre propre compte.',
    );
    const [rootRow] = await t.database.raw.query<{ id: number }>(
      "SELECT id FROM users WHERE role = 'superuser' AND full_access ORDER BY id LIMIT 1",
    );
    expectErrorBody(await callAs(t, 'GET', `${BASE}?id=${rootRow.id}`, root), 404);
    expectErrorBody(await callAs(t, 'POST', `${BASE}/block`, manager.token, { id: rootRow.id, blocked: true }), 404);
    const list = (await callAs(t, 'GET', `${BASE}?page_size=100`, root)).json();
    expect(list.results.map((r: { id: number }) => r.id)).not.toContain(rootRow.id);
  });

  it('blocks (sessions closed, sign-in refused), unblocks, changes the password, archives', async () => {
    const input = newGenerale();
    const g = (await callAs(t, 'POST', BASE, root, input)).json();
    const token = (await login(t.app, input.username, input.password)).accessToken;

    expect((await callAs(t, 'POST', `${BASE}/block`, root, { id: g.id, blocked: true })).json().status).toBe('blocked');
    expect(expectErrorBody(await callAs(t, 'GET', '/api/generals/user', token), 403).code).toBe('ACCOUNT_BLOCKED');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: input.username, password: input.password },
    });
    expect(expectErrorBody(refused, 403).code).toBe('ACCOUNT_BLOCKED');
    expect((await callAs(t, 'POST', `${BASE}/block`, root, { id: g.id, blocked: false })).json().status).toBe('active');
    // Blocking closed the session for good: the user signs in again.
    expectErrorBody(await callAs(t, 'GET', '/api/generals/user', token), 401);
    const again = (await login(t.app, input.username, input.password)).accessToken;

    expect(
      (await callAs(t, 'POST', `${BASE}/password`, root, { id: g.id, password: 'tout-nouveau-789' })).json(),
    ).toEqual({
      ok: true,
    });
    expectErrorBody(await callAs(t, 'GET', '/api/generals/user', again), 401);
    await expect(login(t.app, input.username, input.password)).rejects.toThrow(/401/);
    const fresh = (await login(t.app, input.username, 'tout-nouveau-789')).accessToken;
    expectErrorBody(await callAs(t, 'POST', `${BASE}/password`, root, { id: g.id, password: 'court' }), 400);

    expect((await callAs(t, 'DELETE', `${BASE}?id=${g.id}`, root)).json()).toEqual({ ok: true });
    expectErrorBody(await callAs(t, 'GET', '/api/generals/user', fresh), 401);
    const archivedLogin = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: input.username, password: 'tout-nouveau-789' },
    });
    expectErrorBody(archivedLogin, 403);
    // Hidden from the list unless asked; kept in the database.
    const list = (await callAs(t, 'GET', `${BASE}?page_size=100`, root)).json();
    expect(list.results.map((r: { id: number }) => r.id)).not.toContain(g.id);
    const archived = (await callAs(t, 'GET', `${BASE}?status=archived`, root)).json();
    expect(archived.results.map((r: { id: number }) => r.id)).toContain(g.id);
    expect(
      expectErrorBody(await callAs(t, 'POST', `${BASE}/block`, root, { id: g.id, blocked: false }), 409).message,
    ).toMatch(/archivé/);
    expectErrorBody(await callAs(t, 'DELETE', BASE, root, { id: g.id }), 409);
    expectErrorBody(await callAs(t, 'DELETE', BASE, root), 400);
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'generale' AND entity_id = $1 ORDER BY id",
      [String(g.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'block', 'unblock', 'change_password', 'archive']);
  });

  it('guards each call with its codename, and is closed to company users', async () => {
    const body = newGenerale({ permissions: [] });
    expect(expectErrorBody(await callAs(t, 'POST', BASE, viewer, body), 403).code).toBe('PERMISSION_DENIED');
    expectErrorBody(await callAs(t, 'PUT', BASE, viewer, { ...body, id: manager.id }), 403);
    expectErrorBody(await callAs(t, 'DELETE', BASE, viewer, { id: manager.id }), 403);
    expectErrorBody(await callAs(t, 'POST', `${BASE}/block`, viewer, { id: manager.id, blocked: true }), 403);
    expectErrorBody(
      await callAs(t, 'POST', `${BASE}/password`, viewer, { id: manager.id, password: 'abcdefghij' }),
      403,
    );
    const company = await createCompany(t.database);
    const admin = (
      await login(
        t.app,
        (
          await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true })
        ).username,
      )
    ).accessToken;
    const res = await callAs(t, 'GET', BASE, admin);
    expect(expectErrorBody(res, 403).code).toBe('FORBIDDEN');
    expect(res.body).not.toContain(manager.username);
    expectErrorBody(await callAs(t, 'POST', BASE, admin, body), 403);
  });

  it('the root superuser may grant every platform codename (never a point-of-sale one)', async () => {
    const all = [...GRANTABLE_PERMISSIONS.superuser];
    const g = (await callAs(t, 'POST', BASE, root, newGenerale({ permissions: all }))).json();
    expect(g.permissions).toHaveLength(all.length);
    expect(g.permissions).not.toContain('pos_sell');
  });

  it('paginates, sorts and exports CSV', async () => {
    for (const last of ['Zeta', 'Eta', 'Theta']) {
      await callAs(t, 'POST', BASE, root, newGenerale({ last_name: `Page${last}`, permissions: [] }));
    }
    const p1 = (await callAs(t, 'GET', `${BASE}?search=page&page_size=2&sort=name`, root)).json();
    expect(p1.count).toBe(3);
    expect(p1.results.map((r: { last_name: string }) => r.last_name)).toEqual(['PageEta', 'PageTheta']);
    const p2 = (await callAs(t, 'GET', `${BASE}?search=page&page_size=2&page=2&sort=name`, root)).json();
    expect(p2.results.map((r: { last_name: string }) => r.last_name)).toEqual(['PageZeta']);
    expectErrorBody(await callAs(t, 'GET', `${BASE}?sort=password_hash`, root), 400);
    const csv = await callAs(t, 'GET', `${BASE}?search=page&format=csv`, root);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/generales-.*\.csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFNom d’utilisateur;Prénom;Nom;Téléphone;E-mail;Statut;Permissions;Dernière connexion;Créé le',
    );
    expect(csv.body).toContain('PageZeta');
    expect(csv.body).not.toMatch(/scrypt|motdepasse/);
  });
});
