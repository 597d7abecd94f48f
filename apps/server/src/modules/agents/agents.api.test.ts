import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  adminA,
  adminB,
  agentBody,
  bSub,
  newSub,
  north,
  setupAgents,
  south,
  supA,
  t,
  tokenOf,
} from '../../../test/fixtures/agents.fixtures';
import { callAs, createCompany, createUser, describeApi, expectErrorBody } from '../../../test/helpers';

/** Writes, validation and lists; who may see or change an agent, and its sign-in, are in agents-access.api.test.ts. */
describeApi('agents (vendeurs)', () => {
  beforeAll(setupAgents);
  afterAll(() => t?.close());

  it('creates, reads, updates and lists an agent, recording each write', async () => {
    const body = agentBody({ commission_bp: 1250, can_cancel: false });
    const created = await callAs(t, 'POST', '/api/companies/agent', adminA, body);
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

    expect((await callAs(t, 'GET', `/api/companies/agent?id=${ag.id}`, adminA)).json().username).toBe(body.username);

    const updated = await callAs(t, 'PUT', '/api/companies/agent', adminA, {
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

    const list = (await callAs(t, 'GET', '/api/companies/list-agent?search=jean-pierre', adminA)).json();
    expect(list).toMatchObject({ count: 1, page: 1, page_size: 25 });
    expect(list.results[0].id).toBe(ag.id);
    const byFull = (await callAs(t, 'GET', '/api/companies/list-agent?search=JEAN-PIERRE%20LOUIS', adminA)).json();
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
      const res = await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody(patch));
      const body = expectErrorBody(res, 400);
      expect(body.fields?.[field], `${JSON.stringify(patch)} -> ${res.body}`).toMatch(/[a-zé]/i);
    }
    // References that are not the company's land on their field too.
    const unknownSub = await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody({ surcussale_id: 999_999 }));
    expect(expectErrorBody(unknownSub, 400).fields?.surcussale_id).toBe('Succursale inconnue pour cette compagnie.');
    const unknownSup = await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody({ supervisor_id: 999_999 }));
    expect(expectErrorBody(unknownSup, 400).fields?.supervisor_id).toBe('Superviseur inconnu pour cette compagnie.');
    // An agent is not a supervisor.
    const other = (await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody())).json();
    const notSup = await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody({ supervisor_id: other.id }));
    expectErrorBody(notSup, 400);
  });

  it('answers 409 on the username field when the name is taken, whatever the case or the role', async () => {
    const first = agentBody();
    expect((await callAs(t, 'POST', '/api/companies/agent', adminA, first)).statusCode).toBe(200);
    const dup = await callAs(
      t,
      'POST',
      '/api/companies/agent',
      adminA,
      agentBody({ username: first.username.toUpperCase() }),
    );
    expect(expectErrorBody(dup, 409).fields).toEqual({ username: 'Ce nom d’utilisateur est déjà pris.' });
    // Taken in another company (sign-in names are platform-wide), and by a supervisor.
    const inB = await callAs(
      t,
      'POST',
      '/api/companies/agent',
      adminB,
      agentBody({ username: first.username, surcussale_id: bSub }),
    );
    expect(expectErrorBody(inB, 409).fields?.username).toBeTruthy();
    const asSup = await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody({ username: supA.username }));
    expectErrorBody(asSup, 409);
    // Renaming onto a taken name too.
    const second = (await callAs(t, 'POST', '/api/companies/agent', adminA, agentBody())).json();
    const rename = await callAs(t, 'PUT', '/api/companies/agent', adminA, {
      ...agentBody(),
      id: second.id,
      username: first.username,
    });
    expect(expectErrorBody(rename, 409).fields?.username).toBeTruthy();
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
      await callAs(t, 'POST', '/api/companies/agent', admin, agentBody({ first_name: first, surcussale_id: sub }));
    }
    const p1 = (await callAs(t, 'GET', '/api/companies/list-agent?page_size=2&sort=name&order=desc', admin)).json();
    expect(p1.count).toBe(3);
    expect(p1.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Charlie', 'Bravo']);
    const p2 = (
      await callAs(t, 'GET', '/api/companies/list-agent?page_size=2&page=2&sort=name&order=desc', admin)
    ).json();
    expect(p2.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Alpha']);
    const bySub = (await callAs(t, 'GET', `/api/companies/list-agent?surcussale_id=${s2}`, admin)).json();
    expect(bySub.results.map((r: { first_name: string }) => r.first_name)).toEqual(['Charlie']);
    const sorted = (await callAs(t, 'GET', '/api/companies/list-agent?sort=surcussale', admin)).json();
    expect(sorted.results[0].surcussale_name).toBe('Deux');
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-agent?sort=password_hash', admin), 400);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-agent?status=supprimé', admin), 400);
    expectErrorBody(await callAs(t, 'GET', '/api/companies/list-agent?page_size=101', admin), 400);
    const csv = await callAs(t, 'GET', '/api/companies/list-agent?format=csv&sort=name', admin);
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
      const res = await callAs(t, 'GET', url, admin);
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
    // Speed is measured by `npm run bench` (scripts/bench-lists.mjs), not asserted here.
  });
});
