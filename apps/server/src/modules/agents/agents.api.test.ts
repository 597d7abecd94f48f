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

describeApi('agents (vendeurs)', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  /** Sub-branches of A: north (watched by supA), south (not watched); of B: bSub. */
  let north: number;
  let south: number;
  let bSub: number;
  let supA: { id: number; username: string };
  let supAToken: string;
  /** A supervisor of A with view_agent only. */
  let viewerToken: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), payload });

  const tokenOf = async (username: string, password?: string) => (await login(t.app, username, password)).accessToken;

  const newSub = async (token: string, name: string) => {
    const res = await call('POST', '/api/companies/surcussale', token, { name });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().id as number;
  };

  let n = 0;
  const agentBody = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Pierre',
    last_name: 'Louis',
    phone: '+509 3800 0001',
    username: `vendeur_${process.pid}_${++n}`,
    password: 'motdepasse-1',
    surcussale_id: north,
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
    supA = await createUser(t.database, {
      role: 'supervisor',
      companyId: a.id,
      permissions: ['view_agent', 'add_agent', 'change_agent'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, supA.id, north],
    );
    supAToken = await tokenOf(supA.username);
    viewerToken = await tokenOf(
      (await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['view_agent'] })).username,
    );
  });
  afterAll(() => t?.close());

  it('creates, reads, updates and lists an agent, recording each write', async () => {
    const body = agentBody({ commission_bp: 1250, can_cancel: false });
    const created = await call('POST', '/api/companies/agent', adminA, body);
    expect(created.statusCode, created.body).toBe(200);
    const ag = created.json();
    expect(ag).toMatchObject({
      username: body.username,
      first_name: 'Pierre',
      surcussale_id: north,
      surcussale_name: 'Nord',
      supervisor_id: null,
      commission_bp: 1250,
      effective_commission_bp: 1250,
      can_cancel: false,
      status: 'active',
    });
    expect(created.body).not.toMatch(/password|motdepasse|scrypt/);

    expect((await call('GET', `/api/companies/agent?id=${ag.id}`, adminA)).json().username).toBe(body.username);

    const updated = await call('PUT', '/api/companies/agent', adminA, {
      ...body,
      password: undefined,
      id: ag.id,
      first_name: 'Jean-Pierre',
      surcussale_id: south,
      supervisor_id: supA.id,
      commission_bp: null,
      can_cancel: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      first_name: 'Jean-Pierre',
      surcussale_name: 'Sud',
      supervisor_id: supA.id,
      supervisor_name: 'Prénom Nom',
      commission_bp: null,
      effective_commission_bp: 1000, // the company's default (domain: 10 %)
      can_cancel: true,
    });

    const list = (await call('GET', '/api/companies/list-agent?search=jean-pierre', adminA)).json();
    expect(list).toMatchObject({ count: 1, page: 1, page_size: 25 });
    expect(list.results[0].id).toBe(ag.id);
    const byFull = (await call('GET', '/api/companies/list-agent?search=JEAN-PIERRE%20LOUIS', adminA)).json();
    expect(byFull.count).toBe(1);

    const actions = await t.database.raw.query<{ action: string; after: unknown }>(
      "SELECT action, after FROM audit_log WHERE entity = 'agent' AND entity_id = $1 ORDER BY id",
      [String(ag.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(actions)).not.toContain('motdepasse');
  });

  it('refuses each bad input with a French message on its field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, 'first_name'],
      [{ last_name: undefined }, 'last_name'],
      [{ username: 'a b' }, 'username'],
      [{ username: 'xy' }, 'username'],
      [{ username: 'éric' }, 'username'],
      [{ password: 'court' }, 'password'],
      [{ password: undefined }, 'password'],
      [{ surcussale_id: undefined }, 'surcussale_id'],
      [{ surcussale_id: 'abc' }, 'surcussale_id'],
      [{ supervisor_id: -3 }, 'supervisor_id'],
      [{ commission_bp: 10_001 }, 'commission_bp'],
      [{ commission_bp: -1 }, 'commission_bp'],
      [{ commission_bp: 12.5 }, 'commission_bp'],
      [{ can_cancel: 'peut-être' }, 'can_cancel'],
      [{ status: 'archived' }, 'status'],
      [{ phone: 'x'.repeat(41) }, 'phone'],
    ];
    for (const [patch, field] of cases) {
      const res = await call('POST', '/api/companies/agent', adminA, agentBody(patch));
      const body = expectErrorBody(res, 400);
      expect(body.fields?.[field], `${JSON.stringify(patch)} -> ${res.body}`).toMatch(/[a-zé]/i);
    }
    // References that are not the company's land on their field too.
    const unknownSub = await call('POST', '/api/companies/agent', adminA, agentBody({ surcussale_id: 999_999 }));
    expect(expectErrorBody(unknownSub, 400).fields?.surcussale_id).toBe('Succursale inconnue pour cette compagnie.');
    const unknownSup = await call('POST', '/api/companies/agent', adminA, agentBody({ supervisor_id: 999_999 }));
    expect(expectErrorBody(unknownSup, 400).fields?.supervisor_id).toBe('Superviseur inconnu pour cette compagnie.');
    // An agent is not a supervisor.
    const other = (await call('POST', '/api/companies/agent', adminA, agentBody())).json();
    const notSup = await call('POST', '/api/companies/agent', adminA, agentBody({ supervisor_id: other.id }));
    expectErrorBody(notSup, 400);
  });

  it('answers 409 on the username field when the name is taken, whatever the case or the role', async () => {
    const first = agentBody();
    expect((await call('POST', '/api/companies/agent', adminA, first)).statusCode).toBe(200);
    const dup = await call(
      'POST',
      '/api/companies/agent',
      adminA,
      agentBody({ username: first.username.toUpperCase() }),
    );
    expect(expectErrorBody(dup, 409).fields).toEqual({ username: 'Ce nom d’utilisateur est déjà pris.' });
    // Taken in another company (sign-in names are platform-wide), and by a supervisor.
    const inB = await call(
      'POST',
      '/api/companies/agent',
      adminB,
      agentBody({ username: first.username, surcussale_id: bSub }),
    );
    expect(expectErrorBody(inB, 409).fields?.username).toBeTruthy();
    const asSup = await call('POST', '/api/companies/agent', adminA, agentBody({ username: supA.username }));
    expectErrorBody(asSup, 409);
    // Renaming onto a taken name too.
    const second = (await call('POST', '/api/companies/agent', adminA, agentBody())).json();
    const rename = await call('PUT', '/api/companies/agent', adminA, {
      ...agentBody(),
      id: second.id,
      username: first.username,
    });
    expect(expectErrorBody(rename, 409).fields?.username).toBeTruthy();
  });

  it('refuses a supervisor without the codename (403), and one that watches nothing outside its scope', async () => {
    const denied = await call('POST', '/api/companies/agent', viewerToken, agentBody());
    expect(expectErrorBody(denied, 403).code).toBe('PERMISSION_DENIED');
    const ag = (await call('POST', '/api/companies/agent', adminA, agentBody())).json();
    expectErrorBody(await call('PUT', '/api/companies/agent', viewerToken, { ...agentBody(), id: ag.id }), 403);
    expectErrorBody(await call('DELETE', '/api/companies/agent', viewerToken, { id: ag.id }), 403);
    expectErrorBody(await call('POST', '/api/companies/agent/block', viewerToken, { id: ag.id, blocked: true }), 403);
    expectErrorBody(
      await call('POST', '/api/companies/agent/password', viewerToken, { id: ag.id, password: 'nouveau-mdp-1' }),
      403,
    );
    const none = await tokenOf((await createUser(t.database, { role: 'supervisor', companyId: a.id })).username);
    expectErrorBody(await call('GET', '/api/companies/list-agent', none), 403);
    expectErrorBody(await call('GET', `/api/companies/agent?id=${ag.id}`, none), 403);
    // change_agent without block_agent: the form cannot block either.
    const put = await call('PUT', '/api/companies/agent', supAToken, {
      ...agentBody(),
      id: ag.id,
      username: ag.username,
      status: 'blocked',
    });
    expect(expectErrorBody(put, 403).message).toContain('block_agent');
  });

  it('never shows or changes another company’s agent (404, no data), nor assigns its sub-branch', async () => {
    const secret = agentBody({ surcussale_id: bSub, first_name: 'Clandestin' });
    const bAgent = (await call('POST', '/api/companies/agent', adminB, secret)).json();
    for (const token of [adminA, supAToken]) {
      const read = await call('GET', `/api/companies/agent?id=${bAgent.id}`, token);
      expectErrorBody(read, 404);
      expect(read.body).not.toContain('Clandestin');
      expect(read.body).not.toContain(secret.username);
    }
    expectErrorBody(await call('PUT', '/api/companies/agent', adminA, { ...agentBody(), id: bAgent.id }), 404);
    expectErrorBody(await call('DELETE', '/api/companies/agent', adminA, { id: bAgent.id }), 404);
    expectErrorBody(await call('POST', '/api/companies/agent/block', adminA, { id: bAgent.id, blocked: true }), 404);
    expectErrorBody(
      await call('POST', '/api/companies/agent/password', adminA, { id: bAgent.id, password: 'piratage-123' }),
      404,
    );
    const list = await call('GET', '/api/companies/list-agent?page_size=100', adminA);
    expect(list.body).not.toContain('Clandestin');
    const filtered = await call('GET', `/api/companies/list-agent?surcussale_id=${bSub}`, adminA);
    expect(filtered.json().count).toBe(0);
    // A's admin cannot put an agent in B's sub-branch or under B's supervisor.
    const wrongSub = await call('POST', '/api/companies/agent', adminA, agentBody({ surcussale_id: bSub }));
    expect(expectErrorBody(wrongSub, 400).fields?.surcussale_id).toBeTruthy();
    expect(wrongSub.body).not.toContain('Secret B');
    const bSup = await createUser(t.database, { role: 'supervisor', companyId: b.id });
    expectErrorBody(await call('POST', '/api/companies/agent', adminA, agentBody({ supervisor_id: bSup.id })), 400);
    // B's agent is untouched.
    expect((await call('GET', `/api/companies/agent?id=${bAgent.id}`, adminB)).json().status).toBe('active');
  });

  it('shows a supervisor only the agents of its sub-branches and those assigned to it', async () => {
    const company = await createCompany(t.database);
    const admin = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true })).username,
    );
    const s1 = await newSub(admin, 'S1');
    const s2 = await newSub(admin, 'S2');
    const sup = await createUser(t.database, {
      role: 'supervisor',
      companyId: company.id,
      permissions: ['view_agent', 'add_agent', 'change_agent'],
    });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [company.id, sup.id, s1],
    );
    const supToken = await tokenOf(sup.username);
    const inS1 = (await call('POST', '/api/companies/agent', admin, agentBody({ surcussale_id: s1 }))).json();
    const assigned = (
      await call('POST', '/api/companies/agent', admin, agentBody({ surcussale_id: s2, supervisor_id: sup.id }))
    ).json();
    const outside = (await call('POST', '/api/companies/agent', admin, agentBody({ surcussale_id: s2 }))).json();

    const seen = (await call('GET', '/api/companies/list-agent?page_size=100', supToken)).json();
    expect(seen.results.map((r: { id: number }) => r.id).sort()).toEqual([inS1.id, assigned.id].sort());
    expect(seen.count).toBe(2);
    expect((await call('GET', `/api/companies/agent?id=${assigned.id}`, supToken)).statusCode).toBe(200);
    expectErrorBody(await call('GET', `/api/companies/agent?id=${outside.id}`, supToken), 404);
    expectErrorBody(await call('PUT', '/api/companies/agent', supToken, { ...agentBody(), id: outside.id }), 404);
    const csv = await call('GET', '/api/companies/list-agent?format=csv', supToken);
    expect(csv.body).not.toContain(outside.username);

    // Its writes stay within its scope.
    const outOfScope = await call('POST', '/api/companies/agent', supToken, agentBody({ surcussale_id: s2 }));
    expect(expectErrorBody(outOfScope, 400).fields?.surcussale_id).toMatch(/périmètre/);
    const own = await call('POST', '/api/companies/agent', supToken, agentBody({ surcussale_id: s1 }));
    expect(own.statusCode, own.body).toBe(200);
    const toMe = await call(
      'POST',
      '/api/companies/agent',
      supToken,
      agentBody({ surcussale_id: s2, supervisor_id: sup.id }),
    );
    expect(toMe.statusCode, toMe.body).toBe(200);
    const moveAway = await call('PUT', '/api/companies/agent', supToken, {
      ...agentBody(),
      id: inS1.id,
      username: inS1.username,
      surcussale_id: s2,
    });
    expectErrorBody(moveAway, 400);

    // The form's choices are scoped the same way.
    const opts = (await call('GET', '/api/companies/agent/options', supToken)).json();
    expect(opts.surcussales.map((s: { id: number }) => s.id)).toEqual([s1]);
    expect(opts.supervisors.map((s: { id: number }) => s.id)).toEqual([sup.id]);
    const adminOpts = (await call('GET', '/api/companies/agent/options', admin)).json();
    expect(adminOpts.surcussales.map((s: { name: string }) => s.name)).toEqual(['S1', 'S2']);
    expect(adminOpts).toMatchObject({ default_commission_bp: 1000, ref_code: company.ref_code });
  });

  it('block stops sign-in and ends the agent’s sessions; unblock lets it back in', async () => {
    const body = agentBody();
    const ag = (await call('POST', '/api/companies/agent', adminA, body)).json();
    const agentToken = await tokenOf(body.username, body.password);
    expect((await call('GET', '/api/agents/user', agentToken)).statusCode).toBe(200);

    const blocked = await call('POST', '/api/companies/agent/block', adminA, { id: ag.id, blocked: true });
    expect(blocked.json().status).toBe('blocked');
    expectErrorBody(await call('GET', '/api/agents/user', agentToken), 401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expect(expectErrorBody(refused, 403).code).toBe('ACCOUNT_BLOCKED');
    const [s] = await t.database.raw.query<{ live: number }>(
      'SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [ag.id],
    );
    expect(s.live).toBe(0);

    const unblocked = await call('POST', '/api/companies/agent/block', adminA, { id: ag.id, blocked: false });
    expect(unblocked.json().status).toBe('active');
    expect((await login(t.app, body.username, body.password)).role).toBe('agent');
    const actions = await t.database.raw.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'agent' AND entity_id = $1 ORDER BY id",
      [String(ag.id)],
    );
    expect(actions.map((r) => r.action)).toEqual(['create', 'block', 'unblock']);
    // Blocking through the edit form (with block_agent) ends sessions too.
    const again = await tokenOf(body.username, body.password);
    const put = await call('PUT', '/api/companies/agent', adminA, { ...body, id: ag.id, status: 'blocked' });
    expect(put.json().status).toBe('blocked');
    expectErrorBody(await call('GET', '/api/agents/user', again), 401);
  });

  it('changes the password: the old one and the old sessions stop working, the new one signs in', async () => {
    const body = agentBody();
    const ag = (await call('POST', '/api/companies/agent', adminA, body)).json();
    const old = await tokenOf(body.username, body.password);
    const short = await call('POST', '/api/companies/agent/password', adminA, { id: ag.id, password: 'court' });
    expect(expectErrorBody(short, 400).fields?.password).toBeTruthy();
    const res = await call('POST', '/api/companies/agent/password', adminA, {
      id: ag.id,
      password: 'nouveau-secret-9',
    });
    expect(res.json()).toEqual({ ok: true });
    expectErrorBody(await call('GET', '/api/agents/user', old), 401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expectErrorBody(wrong, 401);
    expect((await login(t.app, body.username, 'nouveau-secret-9')).role).toBe('agent');
  });

  it('archives on DELETE: hidden from lists, sign-in refused; listed with status=archived; restorable', async () => {
    const body = agentBody({ first_name: 'Archibald' });
    const ag = (await call('POST', '/api/companies/agent', adminA, body)).json();
    const token = await tokenOf(body.username, body.password);
    expect((await call('DELETE', '/api/companies/agent', adminA, { id: ag.id })).json()).toEqual({ ok: true });
    expectErrorBody(await call('GET', '/api/agents/user', token), 401);
    expect((await call('GET', '/api/companies/list-agent?search=archibald', adminA)).json().count).toBe(0);
    const archived = (await call('GET', '/api/companies/list-agent?search=archibald&status=archived', adminA)).json();
    expect(archived.results).toMatchObject([{ id: ag.id, status: 'archived' }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expectErrorBody(refused, 403);
    expectErrorBody(await call('POST', '/api/companies/agent/block', adminA, { id: ag.id, blocked: false }), 409);
    // DELETE with ?id= as well; twice is harmless.
    expect((await call('DELETE', `/api/companies/agent?id=${ag.id}`, adminA)).json()).toEqual({ ok: true });
    expectErrorBody(await call('DELETE', '/api/companies/agent', adminA, {}), 400);
    // Restored through the form (status active).
    const restored = await call('PUT', '/api/companies/agent', adminA, { ...body, id: ag.id, status: 'active' });
    expect(restored.json().status).toBe('active');
    expect((await login(t.app, body.username, body.password)).role).toBe('agent');
  });

  it('paginates, sorts, filters and exports CSV', async () => {
    const company = await createCompany(t.database);
    const admin = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true })).username,
    );
    const s1 = await newSub(admin, 'Un');
    const s2 = await newSub(admin, 'Deux');
    for (const [first, sub] of [
      ['Alpha', s1],
      ['Bravo', s1],
      ['Charlie', s2],
    ] as const) {
      await call('POST', '/api/companies/agent', admin, agentBody({ first_name: first, surcussale_id: sub }));
    }
    const p1 = (await call('GET', '/api/companies/list-agent?page_size=2&sort=name&order=desc', admin)).json();
    expect(p1.count).toBe(3);
    expect(p1.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Charlie', 'Bravo']);
    const p2 = (await call('GET', '/api/companies/list-agent?page_size=2&page=2&sort=name&order=desc', admin)).json();
    expect(p2.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Alpha']);
    const bySub = (await call('GET', `/api/companies/list-agent?surcussale_id=${s2}`, admin)).json();
    expect(bySub.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Charlie']);
    const sorted = (await call('GET', '/api/companies/list-agent?sort=surcussale', admin)).json();
    expect(sorted.results[0].surcussale_name).toBe('Deux');
    expectErrorBody(await call('GET', '/api/companies/list-agent?sort=password_hash', admin), 400);
    expectErrorBody(await call('GET', '/api/companies/list-agent?status=supprimé', admin), 400);
    expectErrorBody(await call('GET', '/api/companies/list-agent?page_size=101', admin), 400);
    const csv = await call('GET', '/api/companies/list-agent?format=csv&sort=name', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/vendeurs-.*\.csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFPrénom;Nom;Nom d’utilisateur;Téléphone;Succursale;Superviseur;Commission;Peut annuler;Statut;Créé le',
    );
    // A leading « + » is neutralised by the CSV helper (formula injection), hence the apostrophe.
    expect(lines[1]).toMatch(/^Alpha;Louis;vendeur_.*;'\+509 3800 0001;Un;;10 %;oui;Actif;/);
  });

  it('lists 10 000 agents fast: first page, search and a filter', async () => {
    const company = await createCompany(t.database);
    const admin = await tokenOf(
      (await createUser(t.database, { role: 'company', companyId: company.id, fullAccess: true })).username,
    );
    const s1 = await newSub(admin, 'Grande');
    const s2 = await newSub(admin, 'Petite');
    const prefix = `big${company.id}x`;
    const started = performance.now();
    await t.database.raw.query(
      `INSERT INTO users (company_id, role, username, first_name, last_name, phone, surcussale_id, password_hash)
       SELECT $1, 'agent', $2 || lpad(g::text, 5, '0'), 'Prénom' || g, 'Nom' || g, '+509 ' || g,
              CASE WHEN g % 10 = 0 THEN $4::bigint ELSE $3::bigint END, 'x'
         FROM generate_series(1, 10000) AS g`,
      [company.id, prefix, s1, s2],
    );
    const inserted = performance.now() - started;

    const timed = async (url: string) => {
      const t0 = performance.now();
      const res = await call('GET', url, admin);
      const ms = performance.now() - t0;
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json(), ms };
    };
    // Warm-up (plans, caches) then measure.
    await timed('/api/companies/list-agent');
    const first = await timed('/api/companies/list-agent');
    expect(first.body.count).toBe(10_000);
    expect(first.body.results).toHaveLength(25);
    const byUsername = await timed('/api/companies/list-agent?sort=username');
    expect(byUsername.body.results[0].username).toBe(`${prefix}00001`);
    const lastPage = await timed('/api/companies/list-agent?page=100&page_size=100&sort=username');
    expect(lastPage.body.results.at(-1).username).toBe(`${prefix}10000`);
    const search = await timed(`/api/companies/list-agent?search=${prefix}09999`);
    expect(search.body.count).toBe(1);
    expect(search.body.results[0]).toMatchObject({ username: `${prefix}09999`, surcussale_name: 'Grande' });
    const byName = await timed('/api/companies/list-agent?search=nom777&page_size=100');
    expect(byName.body.count).toBe(11); // Nom777, Nom7770..Nom7779
    const filtered = await timed(`/api/companies/list-agent?surcussale_id=${s2}&sort=created_at&order=desc`);
    expect(filtered.body.count).toBe(1000);
    console.info(
      `10 000 agents (${t.database.kind}): insert ${inserted.toFixed(0)} ms; first page ${first.ms.toFixed(0)} ms; ` +
        `page 100 ${lastPage.ms.toFixed(0)} ms; search ${search.ms.toFixed(0)} ms; name search ${byName.ms.toFixed(0)} ms; ` +
        `filter ${filtered.ms.toFixed(0)} ms`,
    );
    for (const r of [first, lastPage, search, byName, filtered]) expect(r.ms).toBeLessThan(1500);
  });

  it('a superuser with « Toutes » selected may read but not write', async () => {
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    const token = await tokenOf(su.username);
    expect((await call('GET', '/api/companies/list-agent', token)).statusCode).toBe(200);
    expect(expectErrorBody(await call('POST', '/api/companies/agent', token, agentBody()), 409).code).toBe(
      'COMPANY_REQUIRED',
    );
  });
});
