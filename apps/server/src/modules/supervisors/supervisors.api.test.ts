import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminA,
  adminB,
  bSub,
  form,
  newSub,
  north,
  png,
  setupSupervisors,
  south,
  supBody,
  t,
  tokenOf,
} from '../../../test/fixtures/supervisors.fixtures';
import { callAs, createCompany, createUser, describeApi, expectErrorBody } from '../../../test/helpers';

/** Writes, validation and lists; who may see or change a supervisor is in supervisors-access.api.test.ts. */
describeApi('supervisors', () => {
  /** Suffix for the usernames built here (supBody numbers its own). */
  let n = 0;

  beforeAll(setupSupervisors);
  afterAll(() => t?.close());

  it('creates with JSON, reads, updates and lists a supervisor, recording each write', async () => {
    const body = supBody();
    const created = await callAs(t, 'POST', '/api/companies/supervisor', adminA, body);
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
    expect((await callAs(t, 'GET', `/api/companies/supervisor?id=${s.id}`, adminA)).json().username).toBe(
      body.username,
    );

    const updated = await callAs(t, 'PUT', '/api/companies/supervisor', adminA, {
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
    const list = (await callAs(t, 'GET', '/api/companies/list-supervisor?search=joseph-pierre', adminA)).json();
    expect(list).toMatchObject({ count: 1, page: 1, page_size: 25 });
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'supervisor' AND entity_id = $1 ORDER BY id",
      [String(s.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'update']);
    // Its grants take effect on its next request (the session reads them live).
    const supToken = await tokenOf(body.username, body.password);
    expect((await callAs(t, 'GET', '/api/companies/list-surcussale', supToken)).json().count).toBe(2);
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
      const res = await callAs(t, 'POST', '/api/companies/supervisor', adminA, supBody(patch));
      const body = expectErrorBody(res, 400);
      expect(body.fields?.[field], `${JSON.stringify(patch)} -> ${res.body}`).toBeTruthy();
    }
    const platform = await callAs(
      t,
      'POST',
      '/api/companies/supervisor',
      adminA,
      supBody({ permissions: ['add_company'] }),
    );
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
    expect((await callAs(t, 'POST', '/api/companies/supervisor', adminA, first)).statusCode).toBe(200);
    const dup = await callAs(
      t,
      'POST',
      '/api/companies/supervisor',
      adminA,
      supBody({ username: first.username.toUpperCase() }),
    );
    expect(expectErrorBody(dup, 409).fields).toEqual({ username: 'Ce nom d’utilisateur est déjà pris.' });
    const inB = await callAs(
      t,
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

  it('paginates, sorts, filters and exports CSV', async () => {
    const company = await createCompany(t.database);
    const admin = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true })).username,
    );
    const s1 = await newSub(admin, 'Un');
    for (const first of ['Alpha', 'Bravo', 'Charlie']) {
      await callAs(
        t,
        'POST',
        '/api/companies/supervisor',
        admin,
        supBody({ first_name: first, surcussales: first === 'Bravo' ? [s1] : [] }),
      );
    }
    const p1 = (
      await callAs(t, 'GET', '/api/companies/list-supervisor?page_size=2&sort=name&order=desc', admin)
    ).json();
    expect(p1.count).toBe(3);
    expect(p1.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Charlie', 'Bravo']);
    const p2 = (
      await callAs(t, 'GET', '/api/companies/list-supervisor?page_size=2&page=2&sort=name&order=desc', admin)
    ).json();
    expect(p2.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Alpha']);
    const bySub = (await callAs(t, 'GET', `/api/companies/list-supervisor?surcussale_id=${s1}`, admin)).json();
    expect(bySub.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Bravo']);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-supervisor?sort=password_hash', admin), 400);
    const csv = await callAs(t, 'GET', '/api/companies/list-supervisor?format=csv&sort=name', admin);
    expect(csv.headers['content-disposition']).toMatch(/superviseurs-.*\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFPrénom;Nom;Nom d’utilisateur;Téléphone;E-mail;Succursales;Vendeurs suivis;Permissions;Statut;Créé le',
    );
    expect(lines[2]).toMatch(/^Bravo;Joseph;sup_.*;marie@example\.ht;Un;0;2;Actif;/);
  });
});
