import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  callAs,
  createCompany,
  createTestApp,
  createUser,
  describeApi,
  expectErrorBody,
  login,
  type TestContext,
} from '../../../test/helpers';
import { hashPassword } from '../../lib/password';
import { generatePassword, HASH_CONCURRENCY, mapBounded, PASSWORD_ALPHABET } from './generate-agent.service';

describeApi('generate agents', () => {
  let t: TestContext;
  let a: { id: number; ref_code: string };
  let b: { id: number; ref_code: string };
  let adminA: string;
  let adminB: string;
  let north: number;
  let south: number;
  let bSub: number;

  const tokenOf = async (username: string) => (await login(t.app, username)).accessToken;
  const newSub = async (token: string, name: string) =>
    (await callAs(t, 'POST', '/api/companies/surcussale', token, { name })).json().id as number;

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
  });
  afterAll(() => t?.close());

  it('generates 10 agents with unique usernames and strong passwords, answered once; one signs in', async () => {
    const res = await callAs(t, 'POST', '/api/companies/generate-agent', adminA, {
      count: 10,
      surcussale_id: north,
      commission_bp: 1500,
      can_cancel: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const agents = res.json() as { id: number; username: string; password: string }[];
    expect(agents).toHaveLength(10);
    const prefix = a.ref_code.toLowerCase();
    expect(agents.map((x) => x.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`),
    );
    expect(new Set(agents.map((x) => x.password)).size).toBe(10);
    for (const x of agents) {
      expect(x.password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{12}$/);
      expect(x.password).not.toMatch(/[0O1lIio]/);
    }
    expect(agents[0]).toMatchObject({
      first_name: 'Vendeur',
      last_name: '001',
      surcussale_id: north,
      surcussale_name: 'Nord',
      supervisor_id: null,
      commission_bp: 1500,
      can_cancel: false,
    });

    // Stored hashed only.
    const stored = await t.database.raw.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = ANY($1::bigint[])',
      [agents.map((x) => x.id)],
    );
    for (const s of stored) {
      expect(s.password_hash).toMatch(/^scrypt\$/);
      for (const x of agents) expect(s.password_hash).not.toContain(x.password);
    }
    const audit = await t.database.raw.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE action = 'generate' AND entity = 'agent'",
    );
    expect(audit).toHaveLength(10);
    for (const x of agents) expect(JSON.stringify(audit)).not.toContain(x.password);

    // Listed as ordinary agents, and one of them signs in with its generated password.
    const list = (
      await callAs(t, 'GET', `/api/companies/list-agent?surcussale_id=${north}&page_size=100`, adminA)
    ).json();
    expect(list.count).toBe(10);
    expect(list.results[0]).toMatchObject({ commission_bp: 1500, effective_commission_bp: 1500, can_cancel: false });
    const session = await login(t.app, agents[6].username.toUpperCase(), agents[6].password);
    expect(session.role).toBe('agent');
    expect((await callAs(t, 'GET', '/api/agents/user', session.accessToken)).json().username).toBe(agents[6].username);

    // A second batch continues the numbering.
    const more = (
      await callAs(t, 'POST', '/api/companies/generate-agent', adminA, { count: 2, surcussale_id: south })
    ).json();
    expect(more.map((x: { username: string }) => x.username)).toEqual([`${prefix}011`, `${prefix}012`]);
  });

  it('uses a prefix and a supervisor, numbering after the company’s own names', async () => {
    const sup = await createUser(t.database, { role: 'supervisor', companyId: a.id });
    await createUser(t.database, { role: 'agent', companyId: a.id, username: 'POS041' });
    const res = await callAs(t, 'POST', '/api/companies/generate-agent', adminA, {
      count: 3,
      surcussale_id: south,
      supervisor_id: sup.id,
      prefix: 'Pos',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((x: { username: string }) => x.username)).toEqual(['pos042', 'pos043', 'pos044']);
    expect(res.json()[0]).toMatchObject({
      supervisor_id: sup.id,
      supervisor_name: 'Prénom Nom',
      surcussale_name: 'Sud',
    });
  });

  it('never reveals another tenant’s names: a prefix numbered elsewhere is refused, neutrally (issue 15)', async () => {
    // Company B has "tenant007" (its 7th agent): A's batch must neither collide nor start at 008.
    await createUser(t.database, { role: 'agent', companyId: b.id, username: 'tenant007' });
    const res = await callAs(t, 'POST', '/api/companies/generate-agent', adminA, {
      count: 1,
      surcussale_id: south,
      prefix: 'tenant',
    });
    const body = expectErrorBody(res, 409);
    expect(body.fields?.prefix).toMatch(/n’est pas disponible/);
    expect(res.body).not.toMatch(/tenant0|007|008/);
    const [{ n }] = await t.database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE company_id = $1 AND username LIKE 'tenant%'",
      [a.id],
    );
    expect(n).toBe(0);
  });

  it('refuses each bad input on its field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ count: 0 }, 'count'],
      [{ count: 201 }, 'count'],
      [{ count: 2.5 }, 'count'],
      [{ count: 'dix' }, 'count'],
      [{ surcussale_id: undefined }, 'surcussale_id'],
      [{ prefix: 'a' }, 'prefix'],
      [{ prefix: '9abc' }, 'prefix'],
      [{ prefix: 'avec espace' }, 'prefix'],
      [{ prefix: 'x'.repeat(21) }, 'prefix'],
      [{ commission_bp: 10_001 }, 'commission_bp'],
      [{ supervisor_id: 'x' }, 'supervisor_id'],
    ];
    for (const [patch, field] of cases) {
      const res = await callAs(t, 'POST', '/api/companies/generate-agent', adminA, {
        count: 2,
        surcussale_id: north,
        ...patch,
      });
      expect(expectErrorBody(res, 400).fields?.[field], `${JSON.stringify(patch)} -> ${res.body}`).toBeTruthy();
    }
    const wrongSub = await callAs(t, 'POST', '/api/companies/generate-agent', adminA, {
      count: 2,
      surcussale_id: bSub,
    });
    expect(expectErrorBody(wrongSub, 400).fields?.surcussale_id).toBe('Succursale inconnue pour cette compagnie.');
    expect(wrongSub.body).not.toContain('Secret B');
    const bSup = await createUser(t.database, { role: 'supervisor', companyId: b.id });
    const wrongSup = await callAs(t, 'POST', '/api/companies/generate-agent', adminA, {
      count: 2,
      surcussale_id: north,
      supervisor_id: bSup.id,
    });
    expect(expectErrorBody(wrongSup, 400).fields?.supervisor_id).toBeTruthy();
    const [{ c }] = await t.database.raw.query<{ c: number }>(
      "SELECT count(*)::int AS c FROM users WHERE company_id = $1 AND role = 'agent'",
      [b.id],
    );
    expect(c).toBe(1); // only POS041 of the previous test
  });

  it('needs add_agent (403), and keeps a supervisor within its sub-branches', async () => {
    const viewer = await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['view_agent'] });
    const denied = await callAs(t, 'POST', '/api/companies/generate-agent', await tokenOf(viewer.username), {
      count: 1,
      surcussale_id: north,
    });
    expect(expectErrorBody(denied, 403).code).toBe('PERMISSION_DENIED');
    const adder = await createUser(t.database, { role: 'supervisor', companyId: a.id, permissions: ['add_agent'] });
    await t.database.raw.query(
      'INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)',
      [a.id, adder.id, north],
    );
    const token = await tokenOf(adder.username);
    const outside = await callAs(t, 'POST', '/api/companies/generate-agent', token, { count: 1, surcussale_id: south });
    expect(expectErrorBody(outside, 400).fields?.surcussale_id).toMatch(/périmètre/);
    const inside = await callAs(t, 'POST', '/api/companies/generate-agent', token, {
      count: 1,
      surcussale_id: north,
      prefix: 'nord',
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const su = await createUser(t.database, { role: 'superuser', fullAccess: true });
    expect(
      expectErrorBody(
        await callAs(t, 'POST', '/api/companies/generate-agent', await tokenOf(su.username), {
          count: 1,
          surcussale_id: north,
        }),
        409,
      ).code,
    ).toBe('COMPANY_REQUIRED');
  });

  it('generates 200 at once (the maximum) and reports the time', async () => {
    const started = performance.now();
    const res = await callAs(t, 'POST', '/api/companies/generate-agent', adminA, {
      count: 200,
      surcussale_id: south,
      prefix: 'lot',
    });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const agents = res.json() as { username: string; password: string }[];
    expect(new Set(agents.map((x) => x.username)).size).toBe(200);
    expect(agents.at(-1)?.username).toBe('lot200');
    console.info(`generate 200 agents (${t.database.kind}, hash concurrency ${HASH_CONCURRENCY}): ${ms.toFixed(0)} ms`);
  }, 90_000);
});

it('generated passwords: 12 characters of the unambiguous alphabet, each kind present, no repeats', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 2000; i++) {
    const p = generatePassword();
    expect(p).toHaveLength(12);
    expect([...p].every((c) => PASSWORD_ALPHABET.includes(c))).toBe(true);
    expect(p).toMatch(/[a-z]/);
    expect(p).toMatch(/[A-Z]/);
    expect(p).toMatch(/[2-9]/);
    seen.add(p);
  }
  expect(seen.size).toBe(2000);
  expect(PASSWORD_ALPHABET).not.toMatch(/[0O1lIio]/);
});

it('bounded concurrency never runs more than the limit at once, and keeps the order', async () => {
  let running = 0;
  let peak = 0;
  const out = await mapBounded(
    Array.from({ length: 20 }, (_, i) => i),
    3,
    async (i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return i * 2;
    },
  );
  expect(peak).toBe(3);
  expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
  // scrypt of one password, for the record.
  const t0 = performance.now();
  await hashPassword('x');
  console.info(`one scrypt hash: ${(performance.now() - t0).toFixed(0)} ms`);
});
