import sharp from 'sharp';
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

/** A multipart body built by hand (what a browser's FormData sends). */
function multipart(fields: [string, string][], files: { name: string; filename: string; data: Buffer }[] = []) {
  const boundary = `----borlette${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeApi('supervisors', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let north: number;
  let south: number;
  let bSub: number;
  let png: Buffer;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), payload });
  const form = (
    method: 'POST' | 'PUT',
    token: string,
    fields: [string, string][],
    files?: Parameters<typeof multipart>[1],
  ) => {
    const m = multipart(fields, files);
    return t.app.inject({
      method,
      url: '/api/companies/supervisor',
      headers: { ...auth(token), ...m.headers },
      payload: m.payload,
    });
  };
  const tokenOf = async (username: string, password?: string) => (await login(t.app, username, password)).accessToken;
  const newSub = async (token: string, name: string) =>
    (await call('POST', '/api/companies/surcussale', token, { name })).json().id as number;

  let n = 0;
  const supBody = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Marie',
    last_name: 'Joseph',
    phone: '+509 3700 0001',
    email: 'marie@example.ht',
    username: `sup_${process.pid}_${++n}`,
    password: 'motdepasse-1',
    permissions: ['view_agent', 'block_agent'],
    surcussales: [north],
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t.database);
    b = await createCompany(t.database);
    adminA = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: a.id, fullAccess: true })).username,
    );
    adminB = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: b.id, fullAccess: true })).username,
    );
    north = await newSub(adminA, 'Nord');
    south = await newSub(adminA, 'Sud');
    bSub = await newSub(adminB, 'Secret B');
    png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t?.close());

  it('creates with JSON, reads, updates and lists a supervisor, recording each write', async () => {
    const body = supBody();
    const created = await call('POST', '/api/companies/supervisor', adminA, body);
    expect(created.statusCode, created.body).toBe(200);
    const s = created.json();
    expect(s).toMatchObject({
      username: body.username,
      first_name: 'Marie',
      email: 'marie@example.ht',
      photo: null,
      status: 'active',
      permissions: ['block_agent', 'view_agent'],
      surcussales: [{ id: north, name: 'Nord' }],
      agents_count: 0,
    });
    expect(created.body).not.toMatch(/motdepasse|scrypt/);
    expect((await call('GET', `/api/companies/supervisor?id=${s.id}`, adminA)).json().username).toBe(body.username);

    const updated = await call('PUT', '/api/companies/supervisor', adminA, {
      ...body,
      password: undefined,
      id: s.id,
      last_name: 'Joseph-Pierre',
      email: '',
      permissions: ['view_surcussale'],
      surcussales: [north, south],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      last_name: 'Joseph-Pierre',
      email: null,
      permissions: ['view_surcussale'],
      surcussales: [
        { id: north, name: 'Nord' },
        { id: south, name: 'Sud' },
      ],
    });
    const list = (await call('GET', '/api/companies/list-supervisor?search=joseph-pierre', adminA)).json();
    expect(list).toMatchObject({ count: 1, page: 1, page_size: 25 });
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'supervisor' AND entity_id = $1 ORDER BY id",
      [String(s.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'update']);
    // Its grants take effect on its next request (the session reads them live).
    const supToken = await tokenOf(body.username, body.password);
    expect((await call('GET', '/api/companies/list-surcussale', supToken)).json().count).toBe(2);
  });

  it('accepts multipart with indexed arrays and a photo (resized to WebP), and replaces or removes it', async () => {
    const username = `mp_${process.pid}_${++n}`;
    const res = await form(
      'POST',
      adminA,
      [
        ['first_name', 'Rose'],
        ['last_name', 'Charles'],
        ['phone', ''],
        ['username', username],
        ['password', 'motdepasse-1'],
        ['permissions[0]', 'view_agent'],
        ['permissions[1]', 'add_agent'],
        ['permissions[2]', 'view_fichevente'],
        ['surcussales[0]', String(north)],
        ['surcussales[1]', String(south)],
        ['status', 'blocked'],
      ],
      [{ name: 'photo', filename: 'moi.png', data: png }],
    );
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      first_name: 'Rose',
      phone: null,
      status: 'blocked',
      permissions: ['add_agent', 'view_agent', 'view_fichevente'],
    });
    expect(s.surcussales.map((x: { id: number }) => x.id)).toEqual([north, south]);
    expect(s.photo).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const img = await t.app.inject({ url: s.photo });
    expect(img.statusCode).toBe(200);
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);

    // PUT multipart without a file keeps the photo; with remove_photo it goes (and its file too).
    const keep = await form('PUT', adminA, [
      ['id', String(s.id)],
      ['first_name', 'Rose'],
      ['last_name', 'Charles'],
      ['username', username],
      ['permissions[0]', 'view_agent'],
    ]);
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({
      photo: s.photo,
      permissions: ['view_agent'],
      surcussales: [],
      status: 'blocked',
    });
    const removed = await form('PUT', adminA, [
      ['id', String(s.id)],
      ['first_name', 'Rose'],
      ['last_name', 'Charles'],
      ['username', username],
      ['remove_photo', 'true'],
    ]);
    expect(removed.json().photo).toBeNull();
    expect((await t.app.inject({ url: s.photo })).statusCode).toBe(404);
  });

  it('refuses each bad input with a French message on its field (JSON and multipart)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: ' ' }, 'first_name'],
      [{ last_name: 'x'.repeat(81) }, 'last_name'],
      [{ username: 'a' }, 'username'],
      [{ username: 'nom avec espace' }, 'username'],
      [{ password: '1234' }, 'password'],
      [{ email: 'pas-une-adresse' }, 'email'],
      [{ permissions: ['add_company'] }, 'permissions'], // platform codename
      [{ permissions: ['pos_sell'] }, 'permissions'], // point-of-sale codename
      [{ permissions: ['view_agent', 'tout_faire'] }, 'permissions'], // unknown
      [{ permissions: 'view_company' }, 'permissions'],
      [{ surcussales: ['abc'] }, 'surcussales.0'],
      [{ surcussales: [999_999] }, 'surcussales'],
      [{ surcussales: [bSub] }, 'surcussales'], // another company's sub-branch
      [{ status: 'archived' }, 'status'],
    ];
    for (const [patch, field] of cases) {
      const res = await call('POST', '/api/companies/supervisor', adminA, supBody(patch));
      const body = expectErrorBody(res, 400);
      expect(body.fields?.[field], `${JSON.stringify(patch)} -> ${res.body}`).toBeTruthy();
    }
    const platform = await call('POST', '/api/companies/supervisor', adminA, supBody({ permissions: ['add_company'] }));
    expect(expectErrorBody(platform, 400).fields?.permissions).toMatch(/non attribuable.*add_company/);
    expect(platform.body).not.toContain('Secret B');

    const base: [string, string][] = [
      ['first_name', 'Paul'],
      ['last_name', 'Etienne'],
      ['username', `mpbad_${process.pid}_${++n}`],
      ['password', 'motdepasse-1'],
    ];
    const mpCases: [[string, string][], string][] = [
      [
        [
          ['permissions[0]', 'view_agent'],
          ['permissions[1]', 'change_company'],
        ],
        'permissions',
      ],
      [[['permissions[0]', 'view_payment']], 'permissions'],
      [[['surcussales[0]', 'nord']], 'surcussales.0'],
      [[['surcussales[0]', String(bSub)]], 'surcussales'],
    ];
    for (const [extra, field] of mpCases) {
      const res = await form('POST', adminA, [...base, ...extra]);
      expect(expectErrorBody(res, 400).fields?.[field], `${JSON.stringify(extra)} -> ${res.body}`).toBeTruthy();
    }
    const notImage = await form(
      'POST',
      adminA,
      [...base.slice(0, 2), ['username', `mpimg_${++n}`], base[3]],
      [{ name: 'photo', filename: 'x.png', data: Buffer.from('not an image at all') }],
    );
    expect(expectErrorBody(notImage, 400).fields?.photo).toBeTruthy();
    // Nothing half-created by the failed image.
    const [{ c }] = await t.database.raw.query<{ c: number }>(
      "SELECT count(*)::int AS c FROM users WHERE username LIKE 'mpimg_%'",
    );
    expect(c).toBe(0);
  });

  it('answers 409 on the username field when the name is taken (any case, any company, any role)', async () => {
    const first = supBody();
    expect((await call('POST', '/api/companies/supervisor', adminA, first)).statusCode).toBe(200);
    const dup = await call(
      'POST',
      '/api/companies/supervisor',
      adminA,
      supBody({ username: first.username.toUpperCase() }),
    );
    expect(expectErrorBody(dup, 409).fields).toEqual({ username: 'Ce nom d’utilisateur est déjà pris.' });
    const inB = await call(
      'POST',
      '/api/companies/supervisor',
      adminB,
      supBody({ username: first.username, surcussales: [] }),
    );
    expectErrorBody(inB, 409);
    const mp = await form('POST', adminA, [
      ['first_name', 'X'],
      ['last_name', 'Y'],
      ['username', first.username],
      ['password', 'motdepasse-1'],
    ]);
    expect(expectErrorBody(mp, 409).fields?.username).toBeTruthy();
  });

  it('refuses a supervisor without the codename (403)', async () => {
    const viewer = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor'],
    });
    const token = await tokenOf(viewer.username);
    expect(expectErrorBody(await call('POST', '/api/companies/supervisor', token, supBody()), 403).code).toBe(
      'PERMISSION_DENIED',
    );
    const target = (await call('POST', '/api/companies/supervisor', adminA, supBody())).json();
    expectErrorBody(await call('PUT', '/api/companies/supervisor', token, { ...supBody(), id: target.id }), 403);
    expectErrorBody(await call('DELETE', '/api/companies/supervisor', token, { id: target.id }), 403);
    expectErrorBody(
      await call('POST', '/api/companies/supervisor/block', token, { id: target.id, blocked: true }),
      403,
    );
    expectErrorBody(
      await call('POST', '/api/companies/supervisor/password', token, { id: target.id, password: 'nouveau-123' }),
      403,
    );
    const none = await tokenOf((await createUser(t.database, { role: 'supervisor', companyId: a.id })).username);
    expectErrorBody(await call('GET', '/api/companies/list-supervisor', none), 403);
    // change_supervisor without block_sup cannot block through the form.
    const editor = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor', 'change_supervisor'],
    });
    const editorToken = await tokenOf(editor.username);
    const selfBlock = await call('PUT', '/api/companies/supervisor', editorToken, {
      ...supBody({ surcussales: [], permissions: [] }),
      username: editor.username,
      id: editor.id,
      status: 'blocked',
    });
    expectErrorBody(selfBlock, 409);
  });

  it('a supervisor sees only itself, and can never grant more than it holds', async () => {
    const me = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor', 'add_supervisor', 'change_supervisor', 'view_agent'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, me.id, north],
    );
    const token = await tokenOf(me.username);
    const other = (await call('POST', '/api/companies/supervisor', adminA, supBody({ first_name: 'Autre' }))).json();
    const list = (await call('GET', '/api/companies/list-supervisor?page_size=100', token)).json();
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([me.id]);
    expect((await call('GET', `/api/companies/supervisor?id=${me.id}`, token)).statusCode).toBe(200);
    expectErrorBody(await call('GET', `/api/companies/supervisor?id=${other.id}`, token), 404);
    expectErrorBody(await call('PUT', '/api/companies/supervisor', token, { ...supBody(), id: other.id }), 404);

    const escalate = await call(
      'POST',
      '/api/companies/supervisor',
      token,
      supBody({ permissions: ['view_agent', 'change_password_agent'] }),
    );
    expect(expectErrorBody(escalate, 400).fields?.permissions).toMatch(/détenez.*change_password_agent/);
    const foreignSub = await call(
      'POST',
      '/api/companies/supervisor',
      token,
      supBody({ permissions: [], surcussales: [south] }),
    );
    expect(expectErrorBody(foreignSub, 400).fields?.surcussales).toMatch(/périmètre/);
    const ok = await call(
      'POST',
      '/api/companies/supervisor',
      token,
      supBody({ permissions: ['view_agent'], surcussales: [north] }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const opts = (await call('GET', '/api/companies/supervisor/options', token)).json();
    expect(opts.surcussales.map((s: { id: number }) => s.id)).toEqual([north]);
    expect(opts.permissions.sort()).toEqual(['add_supervisor', 'change_supervisor', 'view_agent', 'view_supervisor']);
    const adminOpts = (await call('GET', '/api/companies/supervisor/options', adminA)).json();
    expect(adminOpts.permissions).toContain('view_agent');
    expect(adminOpts.permissions).not.toContain('view_company');
    expect(adminOpts.permissions).not.toContain('pos_sell');
    // It cannot archive itself.
    expectErrorBody(await call('DELETE', '/api/companies/supervisor', token, { id: me.id }), 409);
  });

  it('never shows or changes another company’s supervisor (404, no data)', async () => {
    const secret = (
      await call(
        'POST',
        '/api/companies/supervisor',
        adminB,
        supBody({ first_name: 'Clandestine', surcussales: [bSub] }),
      )
    ).json();
    const supOfA = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor'],
    });
    for (const token of [adminA, await tokenOf(supOfA.username)]) {
      const read = await call('GET', `/api/companies/supervisor?id=${secret.id}`, token);
      expectErrorBody(read, 404);
      expect(read.body).not.toContain('Clandestine');
    }
    expectErrorBody(await call('PUT', '/api/companies/supervisor', adminA, { ...supBody(), id: secret.id }), 404);
    const mp = await form('PUT', adminA, [
      ['id', String(secret.id)],
      ['first_name', 'X'],
      ['last_name', 'Y'],
      ['username', `xx_${++n}`],
    ]);
    expectErrorBody(mp, 404);
    expectErrorBody(await call('DELETE', '/api/companies/supervisor', adminA, { id: secret.id }), 404);
    expectErrorBody(
      await call('POST', '/api/companies/supervisor/block', adminA, { id: secret.id, blocked: true }),
      404,
    );
    expectErrorBody(
      await call('POST', '/api/companies/supervisor/password', adminA, { id: secret.id, password: 'piratage-123' }),
      404,
    );
    expect((await call('GET', '/api/companies/list-supervisor?page_size=100', adminA)).body).not.toContain(
      'Clandestine',
    );
    expect((await call('GET', `/api/companies/supervisor?id=${secret.id}`, adminB)).json().status).toBe('active');
  });

  it('block stops sign-in and ends its sessions; the password change ends them too', async () => {
    const body = supBody({ permissions: ['view_agent'] });
    const s = (await call('POST', '/api/companies/supervisor', adminA, body)).json();
    const token = await tokenOf(body.username, body.password);
    expect((await call('GET', '/api/supervisors/user', token)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/companies/supervisor/block', adminA, { id: s.id, blocked: true })).json().status,
    ).toBe('blocked');
    expectErrorBody(await call('GET', '/api/supervisors/user', token), 401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expect(expectErrorBody(refused, 403).code).toBe('ACCOUNT_BLOCKED');
    await call('POST', '/api/companies/supervisor/block', adminA, { id: s.id, blocked: false });

    const again = await tokenOf(body.username, body.password);
    const changed = await call('POST', '/api/companies/supervisor/password', adminA, {
      id: s.id,
      password: 'tout-nouveau-7',
    });
    expect(changed.json()).toEqual({ ok: true });
    expectErrorBody(await call('GET', '/api/supervisors/user', again), 401);
    expectErrorBody(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: body.username, password: body.password },
      }),
      401,
    );
    expect((await login(t.app, body.username, 'tout-nouveau-7')).role).toBe('supervisor');
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'supervisor' AND entity_id = $1 ORDER BY id",
      [String(s.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'block', 'unblock', 'password']);

    // A supervisor changing its own password keeps the session it used.
    const self = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_supervisor', 'change_password_sup'],
    });
    const selfToken = await tokenOf(self.username);
    const other = await tokenOf(self.username);
    expect(
      (
        await call('POST', '/api/companies/supervisor/password', selfToken, { id: self.id, password: 'mon-nouveau-1' })
      ).json(),
    ).toEqual({ ok: true });
    expect((await call('GET', '/api/supervisors/user', selfToken)).statusCode).toBe(200);
    expectErrorBody(await call('GET', '/api/supervisors/user', other), 401);
  });

  it('archives on DELETE: hidden, sign-in refused, sessions ended, no longer watching, agents released', async () => {
    const body = supBody({ first_name: 'Archivée', permissions: ['view_agent'] });
    const s = (await call('POST', '/api/companies/supervisor', adminA, body)).json();
    const ag = await call('POST', '/api/companies/agent', adminA, {
      first_name: 'A',
      last_name: 'B',
      username: `agsup_${process.pid}_${++n}`,
      password: 'motdepasse-1',
      surcussale_id: south,
      supervisor_id: s.id,
    });
    expect(ag.statusCode, ag.body).toBe(200);
    const token = await tokenOf(body.username, body.password);
    expect((await call('GET', `/api/companies/supervisor?id=${s.id}`, adminA)).json().agents_count).toBe(1);

    expect((await call('DELETE', '/api/companies/supervisor', adminA, { id: s.id })).json()).toEqual({ ok: true });
    expectErrorBody(await call('GET', '/api/supervisors/user', token), 401);
    expect((await call('GET', '/api/companies/list-supervisor?search=archivée', adminA)).json().count).toBe(0);
    const archived = (
      await call('GET', '/api/companies/list-supervisor?search=archivée&status=archived', adminA)
    ).json();
    expect(archived.results).toMatchObject([{ id: s.id, status: 'archived', surcussales: [] }]);
    const [{ c }] = await t.database.raw.query<{ c: number }>(
      'SELECT count(*)::int AS c FROM supervisor_surcussales WHERE supervisor_id = $1',
      [s.id],
    );
    expect(c).toBe(0);
    expect((await call('GET', `/api/companies/agent?id=${ag.json().id}`, adminA)).json().supervisor_id).toBeNull();
    expectErrorBody(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: body.username, password: body.password },
      }),
      403,
    );
    // No longer offered to agents' forms nor accepted as a supervisor of an agent.
    const opts = (await call('GET', '/api/companies/agent/options', adminA)).json();
    expect(opts.supervisors.map((x: { id: number }) => x.id)).not.toContain(s.id);
  });

  it('paginates, sorts, filters and exports CSV', async () => {
    const company = await createCompany(t.database);
    const admin = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true })).username,
    );
    const s1 = await newSub(admin, 'Un');
    for (const first of ['Alpha', 'Bravo', 'Charlie']) {
      await call(
        'POST',
        '/api/companies/supervisor',
        admin,
        supBody({ first_name: first, surcussales: first === 'Bravo' ? [s1] : [] }),
      );
    }
    const p1 = (await call('GET', '/api/companies/list-supervisor?page_size=2&sort=name&order=desc', admin)).json();
    expect(p1.count).toBe(3);
    expect(p1.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Charlie', 'Bravo']);
    const p2 = (
      await call('GET', '/api/companies/list-supervisor?page_size=2&page=2&sort=name&order=desc', admin)
    ).json();
    expect(p2.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Alpha']);
    const bySub = (await call('GET', `/api/companies/list-supervisor?surcussale_id=${s1}`, admin)).json();
    expect(bySub.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Bravo']);
    expectErrorBody(await call('GET', '/api/companies/list-supervisor?sort=password_hash', admin), 400);
    const csv = await call('GET', '/api/companies/list-supervisor?format=csv&sort=name', admin);
    expect(csv.headers['content-disposition']).toMatch(/superviseurs-.*\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFPrénom;Nom;Nom d’utilisateur;Téléphone;E-mail;Succursales;Vendeurs suivis;Permissions;Statut;Créé le',
    );
    expect(lines[2]).toMatch(/^Bravo;Joseph;sup_.*;marie@example\.ht;Un;0;2;Actif;/);
  });
});
