import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  auth,
  createCompany,
  createTestApp,
  describeApi,
  expectErrorBody,
  type TestContext,
  type UserOptions,
  unique,
} from '../../../test/helpers';

const LIST = '/api/generals/contacts';
const HANDLED = '/api/generals/contacts/handled';

describeApi('contact inbox (issue 16)', () => {
  let t: TestContext;
  let root: string;
  let staffView: string;
  let admin: string;
  let agent: string;
  let tag: string;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const c = await createCompany(t.database);
    const mk = async (o: UserOptions) => (await asUser(t, o)).token;
    root = await mk({ role: 'superuser', fullAccess: true });
    staffView = await mk({ role: 'superuser', permissions: ['view_generale'] });
    admin = await mk({ role: 'company', companyId: c.id, fullAccess: true });
    agent = await mk({ role: 'agent', companyId: c.id, fullAccess: true });
    tag = unique('inbox');
    for (const [i, name] of ['Alice', 'Bruno', 'Carla'].entries()) {
      const [row] = await t.database.raw.query<{ id: number }>(
        'INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id',
        [name, `${name.toLowerCase()}@example.ht`, `${tag} sujet ${i}`, `=Message ${i} de ${name}`],
      );
      ids.push(row.id);
    }
  });
  afterAll(() => t?.close());

  const get = (query: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `${LIST}?${query}`, headers: token ? auth(token) : {} });
  const mark = (payload: object, token = root) =>
    t.app.inject({ method: 'POST', url: HANDLED, payload, headers: auth(token) });

  it('lists, searches, sorts and pages the messages', async () => {
    const res = await get(`search=${tag}&sort=name&order=desc&page_size=2`, root);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(3);
    expect(page.results.map((r: { name: string }) => r.name)).toEqual(['Carla', 'Bruno']);
    expect(page.results[0]).toMatchObject({ email: 'carla@example.ht', handled: false, handled_at: null });
    const one = await get(`search=${encodeURIComponent('BRUNO@example')}`, root);
    expect(one.json().results.map((r: { id: number }) => r.id)).toContain(ids[1]);
  });

  it('reads one message by id, and a missing id is a 404 in French', async () => {
    const res = await get(`id=${ids[0]}`, root);
    expect(res.json()).toMatchObject({ id: ids[0], name: 'Alice', message: '=Message 0 de Alice' });
    expect(expectErrorBody(await get('id=2147483000', root), 404).message).toMatch(/introuvable/);
    expect(expectErrorBody(await mark({ id: 2147483000, handled: true }), 404).message).toMatch(/introuvable/);
  });

  it('marks a message handled (audited once), filters on it, and back', async () => {
    const res = await mark({ id: ids[1], handled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[1], handled: true });
    expect(res.json().handled_at).toMatch(/Z$/);
    const done = (await get(`search=${tag}&handled=true`, root)).json();
    expect(done.results.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const open = (await get(`search=${tag}&handled=false`, root)).json();
    expect(open.results.map((r: { id: number }) => r.id).sort()).toEqual([ids[0], ids[2]].sort());
    const audits = await t.database.raw.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE entity = 'contact_message' AND entity_id = $1 AND action = 'update' ORDER BY id",
      [String(ids[1])],
    );
    expect(audits).toEqual([{ before: { handled: false }, after: { handled: true } }]);
    const back = await mark({ id: ids[1], handled: false });
    expect(back.json()).toMatchObject({ handled: false, handled_at: null });
  });

  it('exports the filtered list as CSV, formulas neutralised', async () => {
    const res = await get(`search=${tag}&format=csv&sort=name`, root);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const body = res.body;
    expect(body).toMatch(/Nom/);
    expect(body).toMatch(/alice@example\.ht/);
    expect(body).toMatch(/'=Message 0 de Alice/);
  });

  describe('access', () => {
    it('anonymous 401, company admin 403, agent 403, staff without change_generale 403 on marking', async () => {
      expectErrorBody(await get('', undefined), 401);
      expectErrorBody(await get('', admin), 403);
      expectErrorBody(await get('', agent), 403);
      expectErrorBody(await mark({ id: ids[0], handled: true }, admin), 403);
      expectErrorBody(await mark({ id: ids[0], handled: true }, agent), 403);
      expect((await get(`search=${tag}`, staffView)).statusCode).toBe(200);
      expectErrorBody(await mark({ id: ids[0], handled: true }, staffView), 403);
      expect((await get(`id=${ids[0]}`, root)).json().handled).toBe(false);
    });
  });

  it('bad input is a 400 in French and changes nothing', async () => {
    const b1 = expectErrorBody(await mark({ id: ids[0], handled: 'oui' }), 400);
    expect(JSON.stringify(b1)).toMatch(/vrai ou faux/);
    const b2 = expectErrorBody(await mark({ id: 'abc', handled: true }), 400);
    expect(JSON.stringify(b2)).toMatch(/Identifiant invalide/);
    expectErrorBody(await mark({ id: 99999999999, handled: true }), 400);
    const b3 = expectErrorBody(await get('handled=peut-etre', root), 400);
    expect(JSON.stringify(b3)).toMatch(/traité/);
    expectErrorBody(await get('sort=constructor', root), 400);
    expect((await get(`id=${ids[0]}`, root)).json().handled).toBe(false);
  });

  it('10 parallel marks on one message end consistent, audited once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => mark({ id: ids[2], handled: true })));
    for (const r of results) expect(r.statusCode).toBe(200);
    const row = (await get(`id=${ids[2]}`, root)).json();
    expect(row).toMatchObject({ handled: true });
    expect(new Set(results.map((r) => r.json().handled_at))).toEqual(new Set([row.handled_at]));
    const [n] = await t.database.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'contact_message' AND entity_id = $1 AND action = 'update'",
      [String(ids[2])],
    );
    expect(n.n).toBe(1);
  });
});
